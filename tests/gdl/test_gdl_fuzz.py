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


def test_a_module_name_too_long_for_a_file_is_a_warning_with_its_line(tmp_path):
    """Found by the fuzz pass (seed 21, index 480 of the dropped-in modules; 583 of the host's
    packs): a run of 6000 digits pasted into `base-module`'s name made `Path.exists()` raise
    OSError (ENAMETOOLONG) out of the loader - the picker and a guest's install stopped. It is a
    warning on the form's line now, like a module that is not there."""
    from game.rules.gdl.loader import load_module
    p = tmp_path / "long.g"
    p.write_text('(game-module "long" (base-module "' + "9" * 6000 + '"))\n(terrain-type t)\n'
                 '(include "' + "x" * 300 + '")\n')
    m = load_module(p)
    got = [(w.file, w.line) for w in m.warnings if "is no file name" in w.message]
    assert got == [("long.g", 1), ("long.g", 3)], m.warnings


def test_a_pack_naming_a_file_too_long_for_a_disk_is_refused():
    """A host's pack whose file name is longer than MAX_NAME is malformed (ValueError), not an
    OSError out of the guest's install."""
    import zlib

    import pytest

    from game.core.canon import canonical_bytes
    from game.modes.gdl.link import MAX_NAME, unpack_module
    ok = zlib.compress(canonical_bytes([["a" * (MAX_NAME - 2) + ".g", "(terrain-type t)"]]))
    assert unpack_module(ok)[0][1] == "(terrain-type t)"
    long = zlib.compress(canonical_bytes([["a" * (MAX_NAME - 1) + ".g", "(terrain-type t)"]]))
    with pytest.raises(ValueError, match="malformed"):
        unpack_module(long)
