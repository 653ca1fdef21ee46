"""A short, seeded run of tests/link/link_fuzz.py in CI (issue 21): mutated and random byte
streams into the frame decoder, mutated payloads into every session message decoder, and mutated
peer setups, offers, moves and snapshots of Skirmish, Duel and Bout through game/link/modes.py
are decoded or refused with a ValueError - never another exception - and each input stays far
below the 256 MB bound (the report runs 2000 per category)."""

from link_fuzz import run


def test_fuzzed_link_inputs_never_crash_and_stay_small():
    report = run(60)
    assert len(report) == 13
    for name, r in report.items():
        assert r["crashes"] == 0, (name, r["examples"])
        assert r["clean"] == r["tried"] == 60
        assert r["peak_mib"] < 64, (name, r["peak_mib"])
    # the pass reaches the accepting paths too, not only the refusals (random bytes almost never
    # make a frame whose CRC holds)
    assert all(r["accepted"] > 0 for k, r in report.items() if "random" not in k), report
