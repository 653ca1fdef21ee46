"""A short, seeded run of tests/quest/quest_fuzz.py in CI: mutated inputs of every quest reader
never crash and stay far below the 256 MB an input may take (the report runs 2000 each)."""

from quest_fuzz import run


def test_fuzzed_quest_inputs_never_crash_and_stay_small():
    report = run(60)
    for name, r in report.items():
        assert r["crashes"] == 0, (name, r["examples"])
        assert r["clean"] == r["tried"] == 60
        assert r["peak_mib"] < 64, (name, r["peak_mib"])
    # the pass reaches the accepting paths too, not only the refusals
    assert all(report[k]["accepted"] > 0 for k in report), report
