"""Special and hostile local files at every load site (issue 9 item 9), hostile map images (item 11).

Each load site (settings.toml, gpio.toml, ruleset TOML files, map TOML files, map images and
elevation images) goes through game.core.datafile: FIFOs and devices are refused without
blocking, nesting and dotted-key bombs are refused before tomllib sees them.
"""

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from game.rules.skirmish.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
DEEP = "x = " + "[" * 1000 + "]" * 1000 + "\n"
DOTTED = "a" + ".a" * 12_000 + " = 1\n"          # 24 KB: tomllib took ~0.5 GB on this
MANY_KEYS = "".join(f"k{i} = {i}\n" for i in range(30_000))


def _special(path: Path, kind: str) -> None:
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "deep":
        path.write_text(DEEP)
    elif kind == "dotted":
        path.write_text(DOTTED)
    elif kind == "keys":
        path.write_text(MANY_KEYS)


KINDS = ["fifo", "zero", "folder", "deep", "dotted", "keys"]


@pytest.mark.parametrize("kind", KINDS)
def test_settings_file(tmp_path, kind):
    from game.store.settings import SettingsStore
    path = tmp_path / "settings.toml"
    _special(path, kind)
    store = SettingsStore(path)
    settings = store.load()
    assert settings == type(settings)()                      # defaults: the game starts
    assert store.messages and all(str(path) in m for m in store.messages)
    if kind != "folder":  # a folder cannot be kept aside nor replaced: that is said too
        assert len(store.messages) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_gpio_file(tmp_path, kind):
    from hw.input.keymap import load_keymap
    path = tmp_path / "gpio.toml"
    _special(path, kind)
    km, messages = load_keymap(gpio_file=path)
    assert any(str(path) in m for m in messages), messages
    assert km.gpio_pins()                                      # the default wiring is kept


@pytest.fixture
def mini_rs(tmp_path):
    import shutil
    dst = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "fixtures" / "rulesets" / "mini", dst)
    return dst


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ["pieces.toml", "maps/ring.toml"])
def test_ruleset_and_map_files(mini_rs, kind, name):
    _special(mini_rs / name, kind)
    rs, problems = load_ruleset(mini_rs)
    text = "\n".join(map(str, problems))
    assert f"mini/{name}" in text
    if name == "pieces.toml":
        assert rs is None
    else:
        assert rs is not None and [m.id for m in rs.maps] == ["duel"]


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_map_images_and_the_content_hash(mini_rs, kind):
    _special(mini_rs / "maps" / "art.png", kind)
    rs, problems = load_ruleset(mini_rs)
    if kind != "folder":  # a folder named art.png is not a map file at all
        assert any("mini/maps/art.png" in str(p) and "regular file" in str(p) for p in problems), problems
    assert rs is not None and rs.content_hash
    (mini_rs / "maps" / "ring.toml").write_text('[map]\nname = "Art"\nimage = "art.png"\n')
    rs, problems = load_ruleset(mini_rs)
    assert any("mini/maps/ring.toml: map.image" in str(p) for p in problems), problems


def test_validate_does_not_hang_on_a_fifo(mini_rs):
    _special(mini_rs / "tiles.toml", "fifo")
    _special(mini_rs / "maps" / "art.bmp", "fifo")
    # a hang here was the bug: the timeout only guards CI, it is not a measurement
    out = subprocess.run([sys.executable, "-m", "game", "validate", str(mini_rs)], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 1 and "mini/tiles.toml" in out.stdout and "FIFO" in out.stdout


# --- item 11: images whose header claims a huge size --------------------------------------------

def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(side: int) -> bytes:
    """A tiny PNG file whose header says side x side, 8-bit palette (the pixels are not there)."""
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 3, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"PLTE", bytes(768))
            + _chunk(b"IDAT", zlib.compress(b"\0" * 64)) + _chunk(b"IEND", b""))


def bmp_claiming(side: int) -> bytes:
    """A BMP header for side x side, 8 bits a pixel with a 256-colour palette, and no pixels."""
    offset = 14 + 40 + 1024
    header = b"BM" + struct.pack("<IHHI", offset + 16, 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, side, side, 1, 8, 0, side * side, 2835, 2835, 256, 0)
    return header + info + bytes(1024) + bytes(16)


@pytest.mark.parametrize("make", [png_claiming, bmp_claiming])
@pytest.mark.parametrize("side", [30_000, 12_000, 129])
def test_images_claiming_a_huge_size_are_refused_from_the_header(mini_rs, make, side):
    suffix = ".png" if make is png_claiming else ".bmp"
    (mini_rs / "maps" / f"huge{suffix}").write_bytes(make(side))
    rs, problems = load_ruleset(mini_rs)   # used to raise DecompressionBombError (30000) or decode 12000^2
    text = "\n".join(map(str, problems))
    assert f"mini/maps/huge{suffix}" in text and "checked before decoding" in text, text
    assert rs is not None and {m.id for m in rs.maps} == {"duel", "ring"}


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_gdl_module_files(tmp_path, kind):
    from game.rules.gdl.loader import load_module
    from game.rules.gdl.reader import GdlError
    path = tmp_path / "m.g"
    _special(path, kind)
    with pytest.raises(GdlError, match="m.g: is .*expected a regular file"):   # a FIFO used to block here
        load_module(path)
