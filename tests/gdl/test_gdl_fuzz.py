"""A short, seeded run of tests/gdl/gdl_fuzz.py in CI (issue 21): mutated Xconq library modules,
dropped in or sent as the host's module over the link, load or are refused with a ValueError
naming the file (and line), a refused install keeps the last good module, and each input stays
far below the 256 MB bound (the report runs 1000 per category). Skips without the library."""

from gdl_fuzz import run


def test_fuzzed_gdl_modules_load_or_are_refused_by_file_and_line(lib):
    report = run(20, lib=lib)
    assert len(report) == 3
    for name, r in report.items():
        assert r["crashes"] == 0, (name, r["examples"])
        assert r["clean"] == r["tried"] == 20
        assert r["peak_mib"] < 128, (name, r["peak_mib"])
        assert r["accepted"] > 0, (name, r)              # the loading paths are reached too
        assert r["accepted"] < r["tried"], (name, r)     # and the refusals
