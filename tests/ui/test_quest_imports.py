"""The "Imported levels" screen on the dummy SDL driver: files dropped into a temporary data
folder are listed by file, a broken file shows its `file: line: problem` in red while the others
still play, Supaplex levels carry their "turn-based adaptation" note, the folder is read again
on return, and everything is reached with the d-pad, A and B."""

import pygame
import pytest
from ui_harness import B, menu_pick, press, stack

from game.modes.quest.importers.supaplex import encode_record
from game.ui import theme as T
from game.ui.theme import TextProbe

PUSH = "title: One Push\ngrid: square\nmap:\n######\n#@$.-#\n######\nend\n"
OPEN_XSB = "#####\n#@$. \n#####\n"
ERROR = "broken.xsb: 1: level 1 is open: the player can reach the map's edge at 5,2"


def leave_board(app):
    """START pauses the board (the shared pause menu); "Leave the level", then Yes (the game is saved)."""
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    menu_pick(app, "Leave the level")
    assert stack(app)[-1] == "confirm"
    menu_pick(app, "Yes")


def supaplex() -> bytes:
    t = bytearray(60 * 24)
    for x in range(60):
        t[x] = t[23 * 60 + x] = 6
    for y in range(24):
        t[y * 60] = t[y * 60 + 59] = 6
    for (x, y), v in {(2, 2): 3, (3, 2): 2, (4, 2): 4, (5, 2): 7, (7, 5): 13}.items():
        t[y * 60 + x] = v
    return encode_record(bytes(t), title="murphy", needed=1)


def drop(app, files: dict) -> None:
    folder = app.data.root / "quest" / "import"
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def open_imports(app):
    app.before = stack(app)
    app.open("quest_imports")
    assert stack(app)[-1] == "quest_imports"
    return app.top


def drawn(app):
    """(text, colour) of what the next full frame draws."""
    app.theme.probe = TextProbe()
    app.top.dirty = True
    app.run_frames(1)
    got = [(d.text, d.colour) for d in app.theme.probe.drawn]
    probs = app.theme.probe.problems(app.surface.get_rect())
    app.theme.probe = None
    return got, probs


def choose(app, sc, title):
    for _ in range(len(sc.picks)):
        kind, what = sc.selected()
        if kind == "level" and what.title == title:
            return what
        press(app, B.DOWN)
    raise AssertionError(f"no level {title!r} in {[p[1].label for p in sc.picks]}")


def test_lists_by_file_shows_errors_in_red_and_the_others_play(make_app):
    app = make_app()
    drop(app, {"push.quest": PUSH, "broken.xsb": OPEN_XSB, "LEVELS.DAT": supaplex()})
    sc = open_imports(app)
    assert [(f.label, len(f.levels)) for f in sc.listing.files] == [("broken.xsb", 0), ("LEVELS.DAT", 1), ("push.quest", 1)]
    texts, probs = drawn(app)
    assert probs == []
    assert (ERROR, T.TEXT_BAD) in texts
    assert ("broken.xsb  (0 levels, 1 error)", T.TEXT_BAD) in texts
    assert ("turn-based adaptation", T.ORANGE) in texts
    assert any(t.startswith("1 x gravity port") and c == T.ORANGE for t, c in texts)
    # the error line really is red on screen
    app.theme.probe = TextProbe()
    sc.dirty = True
    app.run_frames(1)
    box = next(d.rect for d in app.theme.probe.drawn if d.text == ERROR)
    app.theme.probe = None
    red = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
              if app.surface.get_at((x, y))[:3] == T.TEXT_BAD)
    assert red >= 20
    # A on the broken file plays nothing; the good level next to it plays and is won
    while sc.selected()[1].label != "broken.xsb":
        press(app, B.UP)
    press(app, B.A)
    assert stack(app)[-1] == "quest_imports" and "no level to play" in sc.message
    lv = choose(app, sc, "One Push")
    press(app, B.A)
    board = app.top
    assert stack(app)[-1] == "quest_board" and board.level_id == lv.ref and board.session is not None
    press(app, B.RIGHT)
    assert board.game.status == "won"
    press(app, B.A)                            # the win box: back to the list, here
    assert stack(app)[-1] == "quest_imports"
    # the Supaplex level plays too (LEFT/RIGHT jump between files)
    press(app, B.LEFT)
    assert sc.selected()[1].label == "LEVELS.DAT"
    press(app, B.A, B.A)
    assert stack(app)[-1] == "quest_board" and app.top.game.level.label == "turn-based adaptation"
    leave_board(app)
    press(app, B.B)
    assert stack(app) == app.before


def test_rescans_on_return_and_keeps_the_cursor(make_app):
    app = make_app()
    drop(app, {"push.quest": PUSH})
    sc = open_imports(app)
    assert [lv.title for lv in sc.levels] == ["One Push"]
    press(app, B.A)
    assert stack(app)[-1] == "quest_board"
    drop(app, {"another.quest": PUSH.replace("One Push", "Another"), "push.quest": PUSH.replace("#@$.-#", "#@-$.#")})
    leave_board(app)
    assert stack(app)[-1] == "quest_imports"
    assert [lv.title for lv in sc.levels] == ["Another", "One Push"]
    assert sc.selected()[1].title == "One Push"            # still on the level that was played
    # a level whose file vanished since the list was read: a message, no crash, list read again
    (app.data.root / "quest" / "import" / "push.quest").unlink()
    press(app, B.A)
    assert stack(app)[-1] == "quest_imports" and "no such file" in sc.message
    assert [lv.title for lv in sc.levels] == ["Another"]


def test_empty_folder_says_where_to_put_files(make_app):
    app = make_app(size=(320, 240))
    sc = open_imports(app)
    texts, probs = drawn(app)
    assert ("No imported levels yet.", T.TEXT) in texts and probs == []
    assert (app.data.root / "quest" / "import").is_dir()
    assert any(str(sc.folder).startswith(t.rstrip("…")) or t in str(sc.folder) for t, _ in texts if t[:1] == "/")
    press(app, B.DOWN, B.A)                             # nothing to choose: nothing happens
    press(app, B.B)
    assert stack(app) == app.before


def test_small_screen_long_lists_scroll_to_the_chosen_line(make_app):
    app = make_app(size=(320, 240))
    drop(app, {f"set{i:02d}.xsb": OPEN_XSB for i in range(12)})
    drop(app, {"zz.quest": PUSH})
    sc = open_imports(app)
    lv = choose(app, sc, "One Push")
    texts, probs = drawn(app)
    assert probs == [] and ("> #1 One Push  (square)", T.ACCENT) in texts
    press(app, B.DOWN)                                  # wraps to the first file
    texts, _ = drawn(app)
    assert any(t.startswith("> set00.xsb") for t, _ in texts)
    assert lv.ref.endswith("zz.quest")
    pygame.image.save(app.surface, str(app.data.root / "imports.png"))


@pytest.mark.parametrize("size", [(320, 240), (480, 320), (800, 480), (1280, 720), (1920, 1080)])
def test_every_screen_size_keeps_text_on_screen(make_app, size):
    app = make_app(size=size)
    drop(app, {"push.quest": PUSH, "broken.xsb": OPEN_XSB, "LEVELS.DAT": supaplex(),
               "long name of a level pack with many words in it.xsb": OPEN_XSB * 3})
    sc = open_imports(app)
    for _ in range(len(sc.picks) + 1):
        texts, probs = drawn(app)
        assert probs == [], (size, probs)
        assert sum(1 for t, _ in texts if t.startswith("> ")) == 1     # the chosen line is on screen
        press(app, B.DOWN)
