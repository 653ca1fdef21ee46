"""Every reader of local data files goes through the bounded reader (game.core.datafile):
rulesets, maps and map images, settings.toml, gpio.toml. Fed a FIFO, a symlink to /dev/zero, a
1,000-deep nesting or a dotted-key bomb, each reports a problem naming the file and carries on:
nothing hangs, nothing raises, memory stays flat."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

from game.rules.loader import content_hash, load_ruleset
from game.store.settings import SettingsStore
from hw.input.keymap import load_keymap

MINI = pathlib.Path(__file__).resolve().parent / "fixtures" / "rulesets" / "mini"
DEEP = "x = " + "[" * 1000 + "]" * 1000 + "\n"
DOTTED = ".".join(["a"] * 12_000) + " = 1\n"


def hostile(path: pathlib.Path, kind: str) -> None:
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.write_text({"deep": DEEP, "dotted": DOTTED}[kind])


WHAT = {"fifo": "is a FIFO", "zero": "is a character device", "deep": "levels deep here", "dotted": "allowed"}
KINDS = sorted(WHAT)


@pytest.mark.parametrize("kind", KINDS)
def test_ruleset_file(tmp_path, kind):
    rs_dir = tmp_path / "mini"
    shutil.copytree(MINI, rs_dir)
    hostile(rs_dir / "tiles.toml", kind)
    rs, problems = load_ruleset(rs_dir)
    text = "\n".join(map(str, problems))
    assert rs is None and "mini/tiles.toml:" in text and WHAT[kind] in text
    content_hash(rs_dir)                       # hashing the folder does not hang either


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_map_image(tmp_path, kind):
    rs_dir = tmp_path / "mini"
    shutil.copytree(MINI, rs_dir)
    hostile(rs_dir / "maps" / "zz_hostile.png", kind)
    rs, problems = load_ruleset(rs_dir)
    text = "\n".join(map(str, problems))
    assert "mini/maps/zz_hostile.png" in text and WHAT[kind] in text


def test_dotted_key_bomb_is_stopped_by_depth_or_key_count():
    assert "levels deep" in str(pytest.raises(ValueError, _read_dotted).value)


def _read_dotted():
    from game.core.datafile import loads_toml
    loads_toml(DOTTED, "x.toml")


@pytest.mark.parametrize("kind", KINDS)
def test_settings_file(tmp_path, kind):
    path = tmp_path / "settings.toml"
    hostile(path, kind)
    store = SettingsStore(path)
    settings = store.load()
    assert settings is not None
    assert any(str(path) in m and WHAT[kind] in m for m in store.messages), store.messages


@pytest.mark.parametrize("kind", KINDS)
def test_gpio_wiring_file(tmp_path, kind):
    path = tmp_path / "gpio.toml"
    hostile(path, kind)
    km, messages = load_keymap(gpio_file=path)
    assert any(str(path) in m and WHAT[kind] in m for m in messages), messages
    assert km.gpio_pins()                       # the shipped wiring is used instead


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_gdl_module_file(tmp_path, kind):
    from game.rules.gdl.loader import load_module
    from game.rules.gdl.reader import GdlError
    path = tmp_path / "hostile.g"
    hostile(path, kind)
    with pytest.raises(GdlError, match=WHAT[kind]):
        load_module(path)
