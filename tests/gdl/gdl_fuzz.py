"""A seeded, bounded fuzz pass over the GDL loader (issue 21) with mutated real Xconq modules.

The samples are modules of the Xconq library, read from shared/xconq/lib at run time (GPL: no
module text is kept in the repository). Each input is a mutation of one (the Hex quest fuzzer's
`mutate`: byte flips, cuts, repeated slices, digit runs, junk, from the project's PCG32 with a
fixed seed), loaded the ways a module reaches a unit:

* dropped in: written as `fuzzed.g` into a folder beside the library's modules (its base modules
  and includes resolve there) and loaded by `load_world`, as a module picked from the data folder;
* the host's module over the link, its text mutated: packed as the host does and installed by the
  guest's `GdlLink.install`;
* the host's pack itself mutated (the zlib/JSON bytes on the wire) and installed.

An input is *clean* when the module loads (every warning names its file and line) or is refused
with a ValueError naming the file (`name.g:line: problem`, or `path: cannot play: why` for a
module that reads but cannot be played; a broken pack says `module pack: ...`), and a refused
install leaves the last good module and no staging folder behind. A *crash* is anything else.

    python tests/gdl/gdl_fuzz.py [N per category] [--limit SECONDS]     # the report's numbers
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parents[1]))

from fuzz_runner import main, run_inputs  # noqa: E402

from game.core.canon import canonical_bytes  # noqa: E402

# small modules that load in well under a second: playable ones, and two that read but are refused
SAMPLES = ("duel", "intro", "tank", "hill", "simple", "pearl", "omaha", "steppes", "conquest", "t-battles")
FUZZED = "fuzzed.g"
NAMED = re.compile(r"[\w.+-]+\.g(:\d+)?: \S")          # name.g:line: problem (or path.g: problem)


class _LibCache(dict):
    """Parsed library files, kept across inputs; the mutated file is never cached."""

    def __setitem__(self, key, value):
        if not key.endswith(FUZZED):
            super().__setitem__(key, value)


class Kit:
    """A scratch folder: `lib/` links every library module (so base modules resolve next to the
    dropped-in one), `recv/` is the guest's data folder for installs; a last good module."""

    def __init__(self, lib: Path) -> None:
        from game.modes.gdl.hooks import GdlRules
        from game.modes.gdl.link import pack_module
        from game.rules.gdl.loader import load_module
        self.tmp = Path(tempfile.mkdtemp(prefix="gdl-fuzz-"))
        self.lib = self.tmp / "lib"
        self.lib.mkdir()
        for p in lib.glob("*.g"):
            (self.lib / p.name).symlink_to(p)
        self.cache = _LibCache()
        self.texts = [(lib / f"{n}.g").read_bytes() for n in SAMPLES if (lib / f"{n}.g").is_file()]
        self.good = GdlRules(lib / "duel.g")
        self.packs, self.files = [], []
        for n in SAMPLES[:4]:
            m = load_module(lib / f"{n}.g")
            self.packs.append(pack_module(m, lib))
            self.files.append([[name, (lib / name).read_text("utf-8", "replace")] for name in m.files])

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def check_dropped(kit: Kit, data: bytes) -> int:
    """The module as a picked `.g` file: a playable World, or a ValueError naming the file."""
    from game.modes.gdl.match import playable_problems
    from game.modes.gdl.world import World
    from game.rules.gdl.loader import load_module
    path = kit.lib / FUZZED
    path.write_bytes(data)
    try:                                             # hooks.load_world, with the library's files cached
        m = load_module(path, kit.cache)
        assert all(w.file and isinstance(w.line, int) and w.line >= 0 for w in m.warnings), m.warnings[:3]
        if playable_problems(m):                     # a SynthError (a GdlError) may come from here too
            return 0
        World(m)
    except ValueError as exc:
        assert NAMED.search(str(exc)), str(exc)
        return 0
    return 1


def _install(kit: Kit, blob: bytes) -> int:
    from game.modes.gdl.link_hook import KEY, LINK
    before = kit.good.content_hash
    try:
        LINK.install(kit.good, KEY, blob, folder=kit.tmp / "recv")
    except ValueError as exc:
        msg = str(exc)
        assert msg.startswith("module pack") or NAMED.search(msg), msg
        assert kit.good.content_hash == before and kit.good.world is not None
        assert not (kit.tmp / "recv" / "link-received.new").exists()
        return 0
    assert kit.good.world is not None and kit.good.path.parent.name == "link-received"
    return 1


def check_pack_text(kit: Kit, data: bytes, rng) -> int:
    """The host's pack with its main module's text mutated (a valid pack of a broken module)."""
    files = [list(f) for f in kit.files[rng.below(len(kit.files))]]
    files[0][1] = data.decode("utf-8", "replace")
    return _install(kit, zlib.compress(canonical_bytes(files), 6))


def categories(kit: Kit) -> dict:
    return {
        "GDL module dropped in (load_world)": (kit.texts, lambda d, r: check_dropped(kit, d)),
        "GDL module text in the host's pack (install)": (kit.texts, lambda d, r: check_pack_text(kit, d, r)),
        "GDL pack bytes on the wire (install)": (kit.packs, lambda d, r: _install(kit, d)),
    }


def run(n: int, seed: int = 21, limit: float | None = None, lib: Path | None = None) -> dict[str, dict]:
    if lib is None:                                   # the tests' own finder (shared/xconq/lib, $TACTIBOX_XCONQ_LIB)
        import importlib.util
        spec = importlib.util.spec_from_file_location("gdl_fuzz_lib", HERE / "conftest.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        lib = mod.LIB
    if lib is None:
        raise SystemExit("the Xconq library (shared/xconq/lib) is not present")
    kit = Kit(lib)
    try:
        return run_inputs(categories(kit), n, seed, limit)
    finally:
        kit.close()


if __name__ == "__main__":
    main(sys.argv[1:], run)
