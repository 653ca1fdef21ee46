"""Safe mode after failed starts in a row (issue 21, item 22): the counter and the set-aside files.

The image's unit restarts the game every 2 s for ever (Restart=always). With
TACTIBOX_SAFE_MODE_AFTER=3 the 4th start after three failed ones is a safe-mode start: the
files a start reads are moved into `safe-mode-N`, the owner's folders named by the environment
are not read, the command-line words are dropped; a healthy run sets the counter back to 0.
"""

from __future__ import annotations

import os
import time

import pytest

from game.store.safe_mode import FROM_SAFE_MODE, set_aside_suspects
from game.store.start_guard import COUNTER_FILE, MAX_COUNT, StartGuard, limit_from_env, read_count


def starts(root, limit=3, n=1) -> StartGuard:
    guard = None
    for _ in range(n):
        guard = StartGuard(root, limit).begin()
    return guard


# --- the counter --------------------------------------------------------------------------------

def test_three_failed_starts_then_the_fourth_is_safe(tmp_path):
    """Each start counts itself as failed first; starts 1-3 find 0, 1, 2 behind them, the 4th
    finds 3 >= 3: safe mode. The counter file then says 4."""
    seen = [(g.failed_before, g.safe) for g in (StartGuard(tmp_path, 3).begin() for _ in range(4))]
    assert seen == [(0, False), (1, False), (2, False), (3, True)]
    assert read_count(tmp_path / COUNTER_FILE) == 4


def test_a_healthy_run_resets_the_count(tmp_path):
    starts(tmp_path, n=2)
    guard = starts(tmp_path)
    assert guard.failed_before == 2 and not guard.safe
    guard.healthy()
    assert (tmp_path / COUNTER_FILE).read_text() == "0\n"
    assert not starts(tmp_path).safe and starts(tmp_path).failed_before == 1


def test_a_safe_mode_start_that_runs_well_ends_safe_mode(tmp_path):
    guard = starts(tmp_path, n=4)
    assert guard.safe
    guard.healthy()
    assert not starts(tmp_path).safe


def test_the_healthy_timer_resets_the_count_from_its_thread(tmp_path):
    guard = starts(tmp_path, n=3)
    guard.start_timer(0.01)
    for _ in range(500):                         # bounded wait for the daemon thread
        if read_count(tmp_path / COUNTER_FILE) == 0:
            break
        time.sleep(0.01)
    assert read_count(tmp_path / COUNTER_FILE) == 0
    guard.stop_timer()


@pytest.mark.parametrize("content", [b"", b"garbage\n", b"-5\n", b"9" * 5000, b"\xff\xfe", b"12 13\n"])
def test_a_damaged_counter_reads_as_zero(tmp_path, content):
    (tmp_path / COUNTER_FILE).write_bytes(content)
    guard = starts(tmp_path)
    assert guard.failed_before == 0 and guard.active
    assert read_count(tmp_path / COUNTER_FILE) == 1


def test_the_counter_is_capped(tmp_path):
    (tmp_path / COUNTER_FILE).write_text(f"{MAX_COUNT}\n")
    guard = starts(tmp_path)
    assert guard.safe and read_count(tmp_path / COUNTER_FILE) == MAX_COUNT


def test_a_counter_that_cannot_be_written_turns_the_guard_off(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    guard = StartGuard(blocker, 3).begin()
    assert not guard.active and not guard.safe
    guard.healthy()                              # no error either
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize(("value", "limit"), [("3", 3), (" 5 ", 5), ("", None), ("0", None), ("-1", None),
                                              ("three", None), ("9" * 5000, None), ("1001", None)])
def test_limit_from_the_environment(value, limit):
    assert limit_from_env({"TACTIBOX_SAFE_MODE_AFTER": value}) == limit
    assert limit_from_env({}) is None


# --- setting aside ------------------------------------------------------------------------------

def data_folder(root):
    root.mkdir(exist_ok=True)
    (root / "settings.toml").write_text("volume = 99999999999999999999\n")
    (root / "settings.toml.bak").write_text("# older\n")
    (root / "gpio.toml").write_text("[buttons]\nA = 999\n")
    (root / "stats.sqlite3").write_bytes(b"SQLite format 3\0" + b"\0" * 100)
    (root / "stats.sqlite3-wal").write_bytes(b"wal")
    (root / "rulesets/mine").mkdir(parents=True)
    (root / "rulesets/mine/units.toml").write_text("x = 1\n")
    (root / "replays").mkdir()
    (root / "replays/game.tbr").write_bytes(b"replay")
    (root / "quest").mkdir()
    (root / "quest/progress.json").write_text("{}")
    return root


def test_the_suspects_are_moved_and_named_with_the_folder(tmp_path):
    root = data_folder(tmp_path / "data")
    boot = tmp_path / "boot/tactibox"
    (boot / "rulesets/broken").mkdir(parents=True)
    (boot / "rulesets/broken/units.toml").write_text("x = \n")
    (boot / "quest-levels").mkdir()                          # empty: nothing to name
    env = {"TACTIBOX_RULESET_PATH": f"{boot}/rulesets",
           "TACTIBOX_QUEST_IMPORT_PATH": f"{boot}/quest-levels:{tmp_path}/missing", "OTHER": "kept"}
    mode = set_aside_suspects(root, 3, env=env, dropped_args=["--bogus"])
    folder = root / "safe-mode-1"
    assert mode.folder == folder
    assert sorted(mode.moved) == sorted(["settings.toml", "settings.toml.bak", "gpio.toml", "stats.sqlite3",
                                         "stats.sqlite3-wal", "rulesets"])
    for name in mode.moved:
        assert not (root / name).exists() and (folder / name).exists(), name
    assert (folder / "rulesets/mine/units.toml").read_text() == "x = 1\n"
    # not read at start: left alone
    assert (root / "replays/game.tbr").exists() and (root / "quest/progress.json").exists()
    # the boot partition's folders are not read by this process any more
    assert env == {"OTHER": "kept"}
    text = "\n".join(mode.lines())
    assert "stopped 3 times in a row" in text and str(folder) in text
    for name in ("settings.toml", "gpio.toml", "stats.sqlite3", "rulesets/"):
        assert name in text
    assert f"Not read this time: TACTIBOX_RULESET_PATH={boot}/rulesets" in text
    assert "TACTIBOX_QUEST_IMPORT_PATH" not in text            # empty or missing folders: not named
    assert "TACTIBOX_ARGS=--bogus" in text
    readme = (folder / "README.txt").read_text()
    assert str(root) in readme and "settings.toml" in readme


def test_owner_folders_holding_only_the_images_notes_are_not_named(tmp_path):
    """The image ships rulesets/README.txt and quest-levels/ABOUT.md on the boot partition; the
    first real safe-mode boot (verify.sh, 16:06 run) named both folders as suspects although the
    owner had put nothing there. Only a folder with something else in it is named; neither is read."""
    boot = tmp_path / "boot/tactibox"
    (boot / "rulesets").mkdir(parents=True)
    (boot / "rulesets/README.txt").write_text("Put rulesets here.\n")
    (boot / "quest-levels").mkdir()
    (boot / "quest-levels/ABOUT.md").write_text("Levels.\n")
    env = {"TACTIBOX_RULESET_PATH": f"{boot}/rulesets", "TACTIBOX_QUEST_IMPORT_PATH": f"{boot}/quest-levels"}
    mode = set_aside_suspects(tmp_path / "data", 3, env=env)
    assert mode.not_read == [] and env == {}
    assert not any("Not read this time" in line for line in mode.lines())
    # the owner adds a level next to the note: now the folder is named
    (boot / "quest-levels/mine.xsb").write_text("#####\n")
    env = {"TACTIBOX_QUEST_IMPORT_PATH": f"{boot}/quest-levels"}
    mode = set_aside_suspects(tmp_path / "data", 3, env=env)
    assert mode.not_read == [f"TACTIBOX_QUEST_IMPORT_PATH={boot}/quest-levels"]


def test_put_back_restores_everything_and_keeps_what_safe_mode_made(tmp_path):
    root = data_folder(tmp_path)
    before = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    mode = set_aside_suspects(root, 3, env={})
    (root / "settings.toml").write_text("# defaults written in safe mode\n")
    assert mode.restore() == []
    after = {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()
             if p.parts[len(root.parts)] != "safe-mode-1"}
    assert after == before
    assert (root / "safe-mode-1" / FROM_SAFE_MODE / "settings.toml").read_text() == "# defaults written in safe mode\n"
    assert mode.moved == []


def test_a_second_safe_mode_uses_a_new_folder(tmp_path):
    root = data_folder(tmp_path)
    set_aside_suspects(root, 3, env={})
    (root / "settings.toml").write_text("again\n")
    second = set_aside_suspects(root, 5, env={})
    assert second.folder == root / "safe-mode-2" and second.moved == ["settings.toml"]
    assert (root / "safe-mode-1/settings.toml").read_text().startswith("volume")


def test_an_empty_data_folder_sets_nothing_aside(tmp_path):
    (tmp_path / "rulesets").mkdir()            # made by open_data_dir: empty, not suspect
    mode = set_aside_suspects(tmp_path, 3, env={})
    assert mode.folder is None and mode.moved == []
    assert not list(tmp_path.glob("safe-mode-*"))
    assert "Nothing in the data folder needed setting aside." in mode.lines()
    assert mode.restore() == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_data_folder_keeps_its_files_and_says_so(tmp_path):
    root = data_folder(tmp_path / "data")
    root.chmod(0o555)
    try:
        mode = set_aside_suspects(root, 3, env={})
    finally:
        root.chmod(0o755)
    assert mode.moved == [] and (root / "settings.toml").exists()
    assert any("cannot make a safe-mode folder" in p for p in mode.problems)


def test_when_no_folder_can_be_made_the_files_stay_and_the_screen_says_so(tmp_path, monkeypatch):
    from game.store import safe_mode
    monkeypatch.setattr(safe_mode, "MAX_FOLDERS", 2)
    root = data_folder(tmp_path)
    (root / "safe-mode-1").mkdir()
    (root / "safe-mode-2").write_text("a file in the way")
    mode = set_aside_suspects(root, 3, env={})
    assert mode.folder is None and mode.moved == [] and (root / "settings.toml").exists()
    assert any("cannot make a safe-mode folder" in line for line in mode.lines())
