"""Issue 21 item 10 on the "Imported levels" screen: a file with hundreds of errors shows a few
and a count (A shows them all), the wrapped lines are worked out once per listing and width (not
every frame), and large files are read in the background while the screen shows progress and
still answers B."""

import threading

import pytest
from ui_harness import B, press, stack

from game.core.prng import Pcg32
from game.modes.quest import dropin as D
from game.ui.modes.quest import imported as I
from game.ui.theme import TextProbe


def drop(app, files: dict) -> None:
    folder = app.data.root / "quest" / "import"
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def drawn(app) -> list[str]:
    app.theme.probe = TextProbe()
    app.top.dirty = True
    app.run_frames(1)
    got = [d.text for d in app.theme.probe.drawn]
    assert app.theme.probe.problems(app.surface.get_rect()) == []
    app.theme.probe = None
    return got


def random_records(n: int) -> bytes:
    r = Pcg32(3, 1)
    return bytes(r.below(256) for _ in range(n * 1536))


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_many_errors_show_three_and_a_count_and_a_shows_them_all(make_app, monkeypatch, size):
    D._CACHE.clear()
    app = make_app(size=size)
    drop(app, {"LEVELS.DAT": random_records(120), "push.quest": "title: P\ngrid: square\nmap:\n#####\n#@$.#\n#####\nend\n"})
    wrapped = []
    real = I.wrap
    monkeypatch.setattr(I, "wrap", lambda *a, **kw: wrapped.append(1) or real(*a, **kw))
    app.open("quest_imports")
    sc = app.top
    f = sc.listing.files[0]
    assert f.label == "LEVELS.DAT" and len(f.errors) == 51
    texts = drawn(app)
    more = f"+{len(f.errors) - I.LISTED} more errors (A: show all)"
    assert more in texts and sum(1 for t in texts if t.startswith("LEVELS.DAT: level")) <= 2 * I.LISTED
    first = len(wrapped)
    assert first <= 2 * (I.LISTED + 4)
    for _ in range(5):                              # more frames: nothing wrapped again
        drawn(app)
    assert len(wrapped) == first
    while sc.selected()[1].label != "LEVELS.DAT" or sc.selected()[0] != "file":
        press(app, B.UP)
    assert "all errors" in drawn(app)               # the hint says what A does here
    press(app, B.A)                                 # all 51 errors under the file
    assert sc.expanded == f.path and "fewer errors" in drawn(app)
    assert sum(1 for ln in sc.lines(app.surface.get_width()) if ln.text.startswith("LEVELS.DAT: ")) >= len(f.errors)
    press(app, B.A)                                 # and folded again
    assert sc.expanded == "" and stack(app)[-1] == "quest_imports"


def test_large_files_are_read_in_the_background_with_progress(make_app, monkeypatch):
    D._CACHE.clear()
    app = make_app(size=(320, 240))
    drop(app, {"big.xsb": "#####\n#@$.#\n#####\n\n" * 20000})       # 400 KB
    gate = threading.Event()
    real = D.read_dropin_file

    def slow(*a, **kw):
        assert gate.wait(30)
        return real(*a, **kw)
    monkeypatch.setattr(D, "read_dropin_file", slow)
    app.open("quest_imports")
    sc = app.top
    assert sc.scan is not None and sc.levels == []
    texts = drawn(app)                              # the frame is drawn while the file is read
    assert any(t.startswith("Reading level files: 0 of 1") for t in texts)
    gate.set()
    assert sc.scan.wait(30) is not None
    app.run_frames(1)
    assert sc.scan is None and len(sc.levels) == 10000         # the file's own limit
    assert sc.listing.files[0].errors == ("big.xsb: 40001: more than 10000 levels; the rest of the file is not read",)
    press(app, B.B)
    assert stack(app)[-1] != "quest_imports"


def test_b_leaves_while_a_scan_runs(make_app, monkeypatch):
    D._CACHE.clear()
    app = make_app()
    drop(app, {"big.xsb": "#####\n#@$.#\n#####\n\n" * 16000})
    gate = threading.Event()
    real = D.read_dropin_file
    monkeypatch.setattr(D, "read_dropin_file", lambda *a, **kw: gate.wait(30) and real(*a, **kw))
    before = stack(app)
    app.open("quest_imports")
    scan = app.top.scan
    assert scan is not None
    press(app, B.B)
    assert stack(app) == before
    app.open("quest_imports")                       # back again before it is done: the same scan
    assert app.top.scan is scan
    gate.set()
    assert scan.wait(30) is not None and len(scan.listing.levels) == 10000
    app.run_frames(1)
    assert app.top.scan is None and len(app.top.levels) == 10000
