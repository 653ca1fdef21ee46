"""Issue 21 item 9 at every load site of a number: settings.toml, gpio.toml, a key map, ruleset
TOML files, map TOML files, `tactibox validate`. Each absurd number gives `file:line: key:
problem` (a long number: the file is refused, the line named) or `file: key: problem` (nan, inf,
an integer beyond ±2^64 written within 64 characters: that key is refused), never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.skirmish.loader import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
BIG = "9" * 5000
VALUES = {"decimal": BIG, "hex": "0x" + "f" * 5000, "negative": "-" + BIG, "nan": "nan", "inf": "inf",
          "1e30": "1" + "0" * 30}
LONG = ("decimal", "hex", "negative")          # refused by the reader, with the line


@pytest.fixture
def mini_rs(tmp_path):
    dst = tmp_path / "mini"
    shutil.copytree(ROOT / "tests" / "fixtures" / "rulesets" / "mini", dst)
    return dst


def _put(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("kind", VALUES)
@pytest.mark.parametrize("name,old,key", [("pieces.toml", "hp = 12", "pieces.brute.hp"),
                                          ("tiles.toml", "id = 2", "tiles.mud.id"),
                                          ("maps/ring.toml", "rings = 3", "map.rings")])
def test_ruleset_and_map_numbers(mini_rs, kind, name, old, key):
    _put(mini_rs / name, old, old.split("=")[0] + "= " + VALUES[kind])
    rs, problems = load_ruleset(mini_rs)
    text = "\n".join(map(str, problems))
    assert f"mini/{name}: {key}: " in text, text
    if kind in LONG:
        assert "a number of 500" in text and "(line " in text
    elif kind == "1e30":
        assert "far beyond any allowed value" in text
    else:
        assert "nan" in text or "inf" in text
    assert len(text) < 2000                       # the number is never printed in full


def _validate(*paths) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "validate", *map(str, paths)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("kind", LONG + ("nan",))
def test_validate_prints_the_problem_without_a_traceback(mini_rs, kind):
    pieces = (mini_rs / "pieces.toml").read_text()
    _put(mini_rs / "maps" / "ring.toml", "rings = 3", "rings = " + VALUES[kind])
    out = _validate(mini_rs / "maps" / "ring.toml")                 # one map file
    assert out.returncode == 1 and "Traceback" not in out.stderr + out.stdout, out.stderr
    assert "mini/maps/ring.toml: map.rings: " in out.stdout
    _put(mini_rs / "pieces.toml", "hp = 12", "hp = " + VALUES[kind])
    out = _validate(mini_rs)                                        # the whole folder
    assert out.returncode == 1 and "Traceback" not in out.stderr + out.stdout, out.stderr
    assert "mini/pieces.toml: pieces.brute.hp: " in out.stdout
    if kind in LONG:                                                # the ruleset no longer loads at all
        out = _validate(mini_rs / "maps" / "ring.toml")             # used to say "0 problem(s)"
        assert out.returncode == 1 and "mini/pieces.toml: pieces.brute.hp: " in out.stdout
        assert "mini/maps/ring.toml: not checked: its ruleset does not load" in out.stdout
    (mini_rs / "pieces.toml").write_text(pieces)


@pytest.mark.parametrize("kind", VALUES)
def test_settings_file(tmp_path, kind):
    from game.store.settings import SettingsStore
    from game.store.settings_schema import Settings
    path = tmp_path / "settings.toml"
    path.write_text(f"[sound]\nvolume = {VALUES[kind]}\n[display]\nfps_cap = 60\n")
    store = SettingsStore(path)
    settings = store.load()
    text = "\n".join(store.messages)
    assert (tmp_path / "settings.toml.corrupt-1").read_text().startswith("[sound]")   # kept aside
    assert settings.volume == Settings().volume and str(path) in text and len(text) < 2000
    if kind in LONG:
        assert "line 2" in text and "sound.volume: a number of 500" in text and "default settings" in text
        assert settings.fps_cap == Settings().fps_cap                 # the whole file was unreadable
    else:
        assert "sound.volume: " in text and settings.fps_cap == 60     # only that key took its default
    again = SettingsStore(path)
    again.load()
    assert again.messages == []                                       # repaired: the next start is quiet


@pytest.mark.parametrize("kind", VALUES)
def test_gpio_file(tmp_path, kind):
    from hw.input.keymap import load_keymap
    path = tmp_path / "gpio.toml"
    path.write_text(f"pull_up = true\n[buttons]\nUP = 17\nA = {VALUES[kind]}\n")
    km, messages = load_keymap(gpio_file=path)
    text = "\n".join(messages)
    assert str(path) in text and len(text) < 2000, text
    assert km.gpio_pins()


def test_a_broken_key_map_file_names_the_line(tmp_path):
    from hw.input.keymap import DEFAULT_KEYMAP_FILE, KeymapError, load_keymap
    path = tmp_path / "keys.toml"
    path.write_text(DEFAULT_KEYMAP_FILE.read_text() + f"\n[controller]\nA = {VALUES['hex']}\n")
    with pytest.raises(KeymapError, match=r"keys.toml:\d+: .*controller.A: a number of 5002"):
        load_keymap(keymap_file=path)
