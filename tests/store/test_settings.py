"""settings.toml: defaults, round trip, and every kind of broken file."""

import tomllib

import pytest

from game.store.settings import END_MARKER, SettingsStore, settings_from_toml, settings_to_toml
from game.store.settings_schema import SCHEMA, Settings, reference_markdown


@pytest.fixture
def store(tmp_path):
    return SettingsStore(tmp_path / "settings.toml")


def test_missing_file_gives_defaults_quietly(store):
    s = store.load()
    assert s == Settings()
    assert s.fps_cap == 30
    assert store.messages == []
    assert not store.path.exists()


def test_update_saves_and_reloads(store):
    store.load()
    store.update(fps_cap=60, volume=0, player_names=["Cheeta", "Bob", "Ann", "Zed"],
                 default_armies={"Cheeta": ["knight"] * 8 + [""], "Bob": []},
                 keymap={"keyboard": {"A": ["k"]}, "gpio": {"B": [6]}})
    again = SettingsStore(store.path)
    s = again.load()
    assert again.messages == []
    assert (s.fps_cap, s.volume, s.player_names) == (60, 0, ("Cheeta", "Bob", "Ann", "Zed"))
    assert s.default_armies == {"Cheeta": ("knight",) * 8 + ("",), "Bob": ()}
    assert s.keymap == {"keyboard": {"A": ("k",)}, "gpio": {"B": (6,)}}


def test_update_refuses_bad_values_naming_the_key(store):
    store.load()
    with pytest.raises(ValueError, match="display.fps_cap"):
        store.update(fps_cap=5)
    with pytest.raises(ValueError, match="armies.Bob"):
        store.update(default_armies={"Bob": ["x"] * 3})
    with pytest.raises(ValueError, match="unknown setting"):
        store.update(fsp_cap=30)
    assert not store.path.exists()


def test_every_save_keeps_the_previous_good_file_as_bak(store):
    store.load()
    store.update(fps_cap=40)
    store.update(fps_cap=50)
    bak = store.path.with_name("settings.toml.bak")
    assert tomllib.loads(bak.read_text())["display"]["fps_cap"] == 40
    assert tomllib.loads(store.path.read_text())["display"]["fps_cap"] == 50


def _write_good(store, **changes):
    store.load()
    store.update(**changes)
    return store.path.read_text()


def test_wrong_types_default_only_the_bad_keys(store):
    text = _write_good(store, fps_cap=60, volume=20)
    store.path.write_text(text.replace("fps_cap = 60", 'fps_cap = "fast"').replace('mode = "auto"', "mode = 3"))
    fresh = SettingsStore(store.path)
    s = fresh.load()
    assert s.fps_cap == 30 and s.display_mode == "auto"  # defaults for the bad keys
    assert s.volume == 20  # good keys kept
    joined = "\n".join(fresh.messages)
    assert f"{store.path}: display.fps_cap: got a string 'fast', expected an integer from 10 to 240" in joined
    assert "display.mode:" in joined
    aside = store.path.with_name("settings.toml.corrupt-1")
    assert 'fps_cap = "fast"' in aside.read_text()  # the user's file is kept
    # repaired at once: the next start is quiet and keeps the good values
    third = SettingsStore(store.path)
    assert third.load().volume == 20 and third.messages == []


def test_bad_entries_inside_tables_are_left_out_one_by_one(store):
    store.path.write_text(
        '[armies]\nAnn = ["a","b","c","d","e","f","g","h","i"]\nBob = ["too", "short"]\n'
        '[keymap.keyboard]\nA = ["k"]\nB = "x"\n' + END_MARKER + "\n")
    s = store.load()
    assert s.default_armies == {"Ann": tuple("abcdefghi")}
    assert s.keymap == {"keyboard": {"A": ("k",)}}
    joined = "\n".join(store.messages)
    assert "armies.Bob: expected a list of 9 piece ids" in joined
    assert "keymap.keyboard.B:" in joined


def test_unknown_keys_are_reported(store):
    store.path.write_text("[display]\nfsp_cap = 60\n[sound]\nvolume = 10\nextra = 1\n" + END_MARKER + "\n")
    s = store.load()
    assert s.volume == 10
    assert any("display.fsp_cap: not a Tactibox setting" in m for m in store.messages)
    assert any("sound.extra" in m for m in store.messages)


def test_a_scalar_where_a_table_belongs(store):
    store.path.write_text("display = 5\n" + END_MARKER + "\n")
    s = store.load()
    assert s == Settings()
    assert any("display: expected a table" in m for m in store.messages)


@pytest.mark.parametrize("content,what", [
    (b"[display\nfps_cap = 60\n", "is not valid TOML"),
    (b"", "is empty"),
    (b"\xff\xfe\x00garbage", "is not UTF-8"),
])
def test_unreadable_file_uses_the_backup_else_defaults(store, content, what):
    store.load()
    store.update(fps_cap=45)
    store.update(fps_cap=55)  # .bak now holds 45
    store.path.write_bytes(content)
    fresh = SettingsStore(store.path)
    assert fresh.load().fps_cap == 45
    assert what in fresh.messages[0] and str(store.path) in fresh.messages[0]
    assert "settings.toml.bak" in fresh.messages[0] and "corrupt-1" in fresh.messages[0]
    assert store.path.with_name("settings.toml.corrupt-1").read_bytes() == content
    # without a backup: defaults
    store.path.with_name("settings.toml.bak").unlink()
    store.path.write_bytes(content)
    last = SettingsStore(store.path)
    assert last.load() == Settings()
    assert "default settings" in last.messages[0]
    assert store.path.with_name("settings.toml.corrupt-2").read_bytes() == content


def test_truncated_mid_line(store):
    text = _write_good(store, fps_cap=60)
    cut = text[: text.index("fps_cap = 60") + len("fps_cap = ")]
    store.path.write_text(cut)
    fresh = SettingsStore(store.path)
    fresh.load()
    assert "not valid TOML" in fresh.messages[0]


def test_truncated_at_a_line_boundary_keeps_what_is_there(store):
    text = _write_good(store, fps_cap=60, last_pieces_per_turn=3)
    cut = text[: text.index("[sound]")]
    store.path.write_text(cut)
    fresh = SettingsStore(store.path)
    s = fresh.load()
    assert s.fps_cap == 60  # survived
    assert s.last_pieces_per_turn == 0  # lost with the tail: default
    assert any("cut short" in m for m in fresh.messages)
    quiet = SettingsStore(store.path)
    quiet.load()
    assert quiet.messages == []


def test_only_the_backup_left(store):
    _write_good(store, fps_cap=44)
    store.update(fps_cap=45)
    store.path.unlink()
    fresh = SettingsStore(store.path)
    assert fresh.load().fps_cap == 44
    assert "restored the last good settings" in fresh.messages[0]
    assert store.path.exists()


def test_save_failure_is_reported_not_raised(tmp_path):
    store = SettingsStore(tmp_path / "gone" / "deeper" / "settings.toml")
    (tmp_path / "gone").write_text("a file where a folder should be")
    store.load()
    store.update(fps_cap=60)
    assert store.settings.fps_cap == 60
    assert any("could not save settings" in m for m in store.messages)


def test_schema_round_trip_and_docs():
    text = settings_to_toml(Settings())
    s, problems = settings_from_toml(tomllib.loads(text))
    assert s == Settings() and problems == []
    table = reference_markdown()
    assert all(f"`{e.key}`" in table for e in SCHEMA)
    assert "| `display.fps_cap` | `30` |" in table
