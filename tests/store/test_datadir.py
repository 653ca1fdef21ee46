import os
from pathlib import Path

import pytest

from game.store.datadir import choose_data_dir, open_data_dir


def test_env_override_wins(tmp_path):
    app = tmp_path / "varlib"
    app.mkdir()
    env = {"TACTIBOX_DATA": str(tmp_path / "mine"), "XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}
    assert choose_data_dir(env, appliance_dir=app) == tmp_path / "mine"


def test_appliance_dir_when_it_exists_and_is_writable(tmp_path):
    app = tmp_path / "varlib"
    app.mkdir()
    env = {"XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}
    assert choose_data_dir(env, appliance_dir=app) == app


def test_missing_appliance_dir_falls_to_xdg(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path / "home")}
    assert choose_data_dir(env, appliance_dir=tmp_path / "nope") == tmp_path / "xdg" / "tactibox"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_read_only_appliance_dir_is_skipped(tmp_path):
    app = tmp_path / "varlib"
    app.mkdir(mode=0o555)
    env = {"HOME": str(tmp_path / "home")}
    assert choose_data_dir(env, appliance_dir=app) == tmp_path / "home" / ".local" / "share" / "tactibox"


def test_relative_xdg_is_ignored_as_the_spec_says(tmp_path):
    env = {"XDG_DATA_HOME": "relative/dir", "HOME": str(tmp_path)}
    assert choose_data_dir(env, appliance_dir=tmp_path / "nope") == tmp_path / ".local" / "share" / "tactibox"


def test_open_creates_the_subfolders(tmp_path):
    d = open_data_dir({"TACTIBOX_DATA": str(tmp_path / "data")})
    assert d.persistent and d.messages == ()
    assert d.replays.is_dir() and d.rulesets.is_dir()
    assert d.settings_file == tmp_path / "data" / "settings.toml"
    assert d.stats_file.name == "stats.sqlite3" and d.gpio_file.name == "gpio.toml"


def test_unusable_dir_falls_back_to_a_temporary_one_with_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    d = open_data_dir({"TACTIBOX_DATA": str(blocker / "data")})
    assert not d.persistent
    assert d.replays.is_dir()
    assert len(d.messages) == 1 and str(blocker / "data") in d.messages[0] and "not be kept" in d.messages[0]


def test_rulesets_in_the_data_folder_are_found(tmp_path, monkeypatch):
    """The catalog is told the data folder (it used to look up a name that does not exist and
    swallow the error, so owner-added rulesets were found only with TACTIBOX_DATA set)."""
    import shutil

    from game.rules.skirmish import catalog

    monkeypatch.setattr(catalog, "_data_dir", None)
    monkeypatch.delenv("TACTIBOX_RULESET_PATH", raising=False)
    mini = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"
    root = tmp_path / "owner"
    shutil.copytree(mini, root / "rulesets" / "owned")
    assert "owned" not in catalog.available()
    assert catalog.available(data_dir=root)["owned"] == root / "rulesets" / "owned"
    data = open_data_dir({"TACTIBOX_DATA": str(root)})
    assert data.persistent and "owned" in catalog.available()
    rs, problems = catalog.find_ruleset("owned")
    assert rs is not None and rs.id == "owned", problems
