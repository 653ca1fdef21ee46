"""Issue 21 item 13: `tactibox replay F --verify` opens only what a replay may name — an Xconq
module inside the module folders (shipped `assets/gdl/`, the data folder's `gdl/` and
`gdl/link-received/`), a ruleset by name — never `/etc/passwd` or `../../x.g`, and it answers
with the same words whether such a file exists or not (a replay cannot probe the disk). A person
may still name any module or ruleset on the command line."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from game.cli import main
from game.core.replay import ReplayError
from game.core.replayfile import file_in_folders

ROOT = Path(__file__).resolve().parents[2]
OUTPOST = ROOT / "assets" / "gdl" / "outpost.g"


@pytest.fixture
def data(tmp_path, monkeypatch):
    root = tmp_path / "data"
    (root / "gdl").mkdir(parents=True)
    monkeypatch.setenv("TACTIBOX_DATA", str(root))
    return root


@pytest.fixture
def gdl_replay(tmp_path, data, capsys):
    rp = tmp_path / "o.json"
    assert main(["gdl", str(OUTPOST), "--seed", "3", "--json", "--replay-out", str(rp)]) == 0
    capsys.readouterr()
    return rp


@pytest.fixture
def opened(monkeypatch):
    """Every module path the GDL loader is asked to read."""
    import game.rules.gdl.loader as loader
    seen = []
    real = loader.load_module

    def spy(path, *a, **kw):
        seen.append(str(path))
        return real(path, *a, **kw)
    monkeypatch.setattr(loader, "load_module", spy)
    return seen


def verify(rp: Path, capsys, *extra) -> tuple[int, dict]:
    code = main(["replay", str(rp), "--verify", "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


def naming(rp: Path, module: str) -> Path:
    doc = json.loads(rp.read_text())
    doc["options"]["module"] = module
    out = rp.with_name(f"named-{abs(hash(module))}.json")
    out.write_text(json.dumps(doc))
    return out


def test_a_module_in_the_module_folders_verifies(gdl_replay, data, capsys, opened):
    assert verify(gdl_replay, capsys)[0] == 0                        # the absolute shipped path
    assert verify(naming(gdl_replay, "outpost.g"), capsys)[0] == 0   # a bare name, looked up
    shutil.copy(OUTPOST, data / "gdl" / "outpost.g")                 # (a module's hash covers its file name)
    assert verify(naming(gdl_replay, str(data / "gdl" / "outpost.g")), capsys)[0] == 0       # the owner's
    (data / "gdl" / "link-received").mkdir()
    shutil.copy(OUTPOST, data / "gdl" / "link-received" / "outpost.g")
    assert verify(naming(gdl_replay, str(data / "gdl" / "link-received" / "outpost.g")), capsys)[0] == 0
    assert opened and all(Path(p).resolve().is_relative_to(ROOT / "assets" / "gdl")
                          or Path(p).resolve().is_relative_to(data) for p in opened)


@pytest.mark.parametrize("name", ["/etc/passwd", "/etc/passwd.g", "../../../../../etc/passwd",
                                  "../../assets/gdl/../../../../etc/x.g", "/dev/zero", "C:\\x.g", "", "x" * 5000])
def test_a_module_outside_the_folders_is_refused_without_opening_it(gdl_replay, capsys, opened, name):
    code, out = verify(naming(gdl_replay, name), capsys)
    assert code == 1 and not out["ok"] and opened == []
    text = " ".join(out["problems"])
    assert any(w in text for w in ("not a module in", "no such module in", "names no module")), text
    assert len(text) < 800


def test_the_answer_is_the_same_whether_the_file_exists(gdl_replay, tmp_path, capsys, opened):
    real = tmp_path / "elsewhere" / "outpost.g"
    real.parent.mkdir()
    shutil.copy(OUTPOST, real)
    _, there = verify(naming(gdl_replay, str(real)), capsys)
    _, absent = verify(naming(gdl_replay, str(tmp_path / "elsewhere" / "absent.g")), capsys)
    def unnamed(text):
        return re.sub(r"the module .*?, which", "the module N, which", text)
    assert "not a module in" in there["problems"][0]
    assert unnamed(there["problems"][0]) == unnamed(absent["problems"][0])
    assert opened == []
    # the person may name it: the command line is trusted
    code, ok = verify(naming(gdl_replay, str(real)), capsys, "--ruleset", str(real))
    assert code == 0 and ok["ok"] and opened == [str(real)]


def test_a_symlink_in_a_module_folder_that_leads_outside_is_refused(gdl_replay, data, tmp_path, capsys, opened):
    outside = tmp_path / "outside.g"
    shutil.copy(OUTPOST, outside)
    (data / "gdl" / "link.g").symlink_to(outside)
    code, out = verify(naming(gdl_replay, "link.g"), capsys)
    assert code == 1 and opened == [] and "no such module" in out["problems"][0]
    code, out = verify(naming(gdl_replay, str(data / "gdl" / "link.g")), capsys)
    assert code == 1 and opened == [] and "not a module in" in out["problems"][0]


def test_file_in_folders_directly(tmp_path):
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "a.g").write_text("x")
    assert file_in_folders("a.g", [tmp_path / "m"], suffixes=(".g",), what="module") == (tmp_path / "m" / "a.g")
    for bad in ("../m/a.g", str(tmp_path / "a.g"), "a.txt", None, 7):
        with pytest.raises(ReplayError):
            file_in_folders(bad, [tmp_path / "m"], suffixes=(".g",), what="module")


def test_a_skirmish_replay_names_its_ruleset_by_name_only(tmp_path, data, capsys):
    rp = tmp_path / "s.replay"
    assert main(["simulate", "--seed", "4", "--turn-limit", "3", "--replay-out", str(rp), "--json"]) == 0
    capsys.readouterr()
    assert verify(rp, capsys)[0] == 0
    for name in ("../../../etc", "/etc", str(ROOT / "assets" / "rulesets" / "default"), ".hidden"):
        doc = json.loads(rp.read_text())
        doc["ruleset"]["id"] = name
        bad = tmp_path / "bad.replay"
        bad.write_text(json.dumps(doc))
        code, out = verify(bad, capsys)
        assert code == 1 and "no ruleset name" in out["problems"][0]
    code, out = verify(bad, capsys, "--ruleset", str(ROOT / "assets" / "rulesets" / "default"))
    assert code == 0 and out["ok"]                                   # named by the person: fine
