"""The quest board played from a numeric keypad through real key events (SDL dummy driver, the
real InputHub): hex 8 9 3 2 1 7 = N NE SE S SW NW, 4/6 turn the aim, 5 acts, 0 undoes, . redoes;
square 8 6 2 4 = N E S W. Expected cells are worked out by hand from the level maps."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_harness import stack, tap

from game.core.grid import DIR_NAMES, HEX, SQUARE4, SQUARE8
from game.ui.modes.quest.controls import board_command, hint_pairs, keypad_direction
from hw.input.buttons import Button as B


def _app_with_hub(make_app, size=(480, 320)):
    app = make_app(size=size)                          # the real keyboard and keypad sources
    pygame.event.clear()
    return app


def _board(app, lid):
    tap(app, "return")
    assert stack(app) == ["menu"] and not app.hub.numpad_claimed     # menus: the keypad acts as the d-pad
    tap(app, "kp_2")                                   # kp_2 is DOWN there
    assert app.top.menu.current is not app.top.menu.items[0]
    app.goto_menu()
    sc = app.open("quest_board", level=lid)
    app.step()
    assert sc.session is not None and sc.level_id == lid
    assert app.hub.numpad_claimed                      # the board claims it
    return sc


def _ring(sc):
    g = sc.game
    return g.g.ring_address(g.player["cell"])


def test_keypad_digits_follow_the_hex_grid_directions():
    names = DIR_NAMES[HEX]
    assert names == ("N", "NE", "SE", "S", "SW", "NW")
    got = {b: names[keypad_direction(b, names)] for b in (B.KP8, B.KP9, B.KP3, B.KP2, B.KP1, B.KP7)}
    assert got == {B.KP8: "N", B.KP9: "NE", B.KP3: "SE", B.KP2: "S", B.KP1: "SW", B.KP7: "NW"}
    assert keypad_direction(B.KP4, names) is None and keypad_direction(B.KP6, names) is None
    assert board_command(B.KP4, names, 0, True) == ("aim", 5) and board_command(B.KP6, names, 5, True) == ("aim", 0)
    sq = DIR_NAMES[SQUARE4]
    assert [board_command(b, sq, 0, True) for b in (B.KP8, B.KP6, B.KP2, B.KP4)] == [
        ("move", 0), ("move", 1), ("move", 2), ("move", 3)]
    assert board_command(B.KP9, sq, 0, True) is None
    assert board_command(B.KP9, DIR_NAMES[SQUARE8], 0, True) == ("move", 4)
    # while a spell is chosen, digits only aim; 5 / Enter act, 0 undo, . redo, / spell, * wait, + list
    assert board_command(B.KP3, names, 0, False) == ("aim", 2)
    assert [board_command(b, names, 0, True) for b in (B.KP5, B.KP_ENTER, B.KP0, B.KP_PERIOD, B.KP_DIVIDE,
                                                        B.KP_MULTIPLY, B.KP_PLUS)] == [
        ("act",), ("act",), ("undo",), ("redo",), ("cycle", 1), ("wait",), ("back",)]
    # the hint bar names the keys of the scheme in use
    assert hint_pairs(True)[:3] == [("5", "act"), ("0", "undo"), (".", "redo")]
    assert hint_pairs(False)[:3] == [("A", "act"), ("B", "undo"), ("X", "redo")]


def test_hex_board_played_from_the_keypad(make_app):
    app = _app_with_hub(make_app)
    sc = _board(app, "hex/01_first_push")
    # the player starts in the centre (1, 1); ring 2 is (2, 1) N, (2, 2) NE ... (2, 6) NW, clockwise
    assert _ring(sc) == (1, 1)
    for key, where in (("kp_9", (2, 2)), ("kp_3", (2, 3)), ("kp_2", (2, 4)), ("kp_1", (2, 5)), ("kp_7", (2, 6))):
        tap(app, key)
        assert _ring(sc) == where, key
        assert sc.game.moves == 1
        tap(app, "kp_0")                                   # undo: back in the centre
        assert _ring(sc) == (1, 1) and sc.game.moves == 0
    tap(app, "kp_period")                                  # redo the last step (NW)
    assert _ring(sc) == (2, 6)
    tap(app, "kp_3")                                       # SE of (2, 6) is the centre again
    assert _ring(sc) == (1, 1) and sc.game.moves == 2
    tap(app, "kp_8")                                       # N: the crate is against a rock
    assert _ring(sc) == (1, 1) and sc.game.moves == 2 and "cannot be pushed" in sc.message
    # 4 / 6 turn the aim, 5 acts in it: aim N, 6 -> NE, 6 -> SE, 4 -> NE, 5 steps NE
    assert sc.aim == 0
    tap(app, "kp_6")
    tap(app, "kp_6")
    tap(app, "kp_4")
    assert sc.aim == 1 and _ring(sc) == (1, 1)
    tap(app, "kp_5")
    assert _ring(sc) == (2, 2)
    app.run_frames(1)
    assert sc.keypad                                       # the hint bar names the keypad keys
    tap(app, "kp_plus")                                    # + leaves the board: the keypad is free again
    assert sc.session is None or stack(app)[-1] != "quest_board"
    assert not app.hub.numpad_claimed


def test_square_board_played_from_the_keypad(make_app):
    app = _app_with_hub(make_app, size=(320, 240))
    sc = _board(app, "square/01_corner")
    g = sc.game

    def at():
        return g.g.coords(sc.game.player["cell"])
    assert at() == (1, 1)
    tap(app, "kp_6")
    assert at() == (2, 1)
    tap(app, "kp_0")
    assert at() == (1, 1)
    tap(app, "kp_2")
    assert at() == (1, 2)
    tap(app, "kp_6")                                       # pushes the crate from (2, 2) to (3, 2)
    assert at() == (2, 2) and sc.game.pushes == 1 and sc.game.obj[g.g.cell_at(3, 2)] != 0
    tap(app, "kp_9")                                       # no diagonals on a 4-neighbour map
    assert at() == (2, 2) and sc.game.moves == 2
    tap(app, "kp_4")
    tap(app, "kp_8")
    assert at() == (1, 1)
    # the d-pad keys still work next to the keypad
    tap(app, "right")
    assert at() == (2, 1)


# --- the documented tables are the ones the board uses ------------------------------------------
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "quest.md"
TOKENS = {"Up": B.UP, "Down": B.DOWN, "Left": B.LEFT, "Right": B.RIGHT, "Enter": B.KP_ENTER, "`.`": B.KP_PERIOD,
          "`/`": B.KP_DIVIDE, "`*`": B.KP_MULTIPLY, "`+`": B.KP_PLUS, **{str(d): getattr(B, f"KP{d}") for d in range(10)},
          **{b.value: b for b in (B.A, B.B, B.X, B.Y, B.L, B.R, B.START)}}
# row label -> (grid, the commands its keys give in order, aiming from N with "step" chosen
#               [, the keypad's commands when they differ from the d-pad's])
ROWS = {"step N / S (hex)": (HEX, [("move", 0), ("move", 3)]),
        "step along your row (hex)": (HEX, [("row", -1), ("row", 1)], []),
        "step NE / SE / SW / NW (hex)": (HEX, [("move", 1), ("move", 2), ("move", 4), ("move", 5)]),
        "turn the aim arrow (hex, a spell chosen)": (HEX, [("aim", 5), ("aim", 1)]),
        "step N E S W (square)": (SQUARE4, [("move", 0), ("move", 1), ("move", 2), ("move", 3)]),
        "act in the aim (step, push, blow, or the chosen spell)": (HEX, [("act",)], [("act",), ("act",)]),
        "undo / redo": (HEX, [("undo",), ("redo",)]),
        "choose what A does (step, then each known spell)": (HEX, [("cycle", -1), ("cycle", 1), ("cycle", 1)],
                                                             [("cycle", 1)]),
        "wait a turn": (HEX, [], [("wait",)]),
        "pause: resume, wait, restart, how to play, leave (saved)": (HEX, [("back",)])}


def _keys(cell: str) -> list:
    cell = cell.split("(")[0].replace("Left = anticlockwise, Right = clockwise", "Left Right")
    return [TOKENS[t] for t in cell.replace("/", " ").replace(" or ", " ").replace("` `", "`/`").split() if t in TOKENS] \
        if cell.strip() != "`/`" else [B.KP_DIVIDE]


def test_documented_key_tables_match_the_board():
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## d-pad and keys"):text.index("## Decisions on the spec")]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] in ROWS:
            rows[cells[0]] = cells[1:]
    assert set(rows) == set(ROWS), set(ROWS) ^ set(rows)
    for label, (kind, want, *keypad_want) in ROWS.items():
        dpad, keypad = rows[label]
        for scheme, cell in (("keypad", keypad), ("d-pad", dpad)):
            if keypad_want:
                want = keypad_want[0] if scheme == "keypad" else ROWS[label][1]
            if "corners" in cell:                     # the d-pad's corners: two arrows at once (HexPad)
                continue
            stepping = "a spell chosen" not in label
            got = [board_command(b, DIR_NAMES[kind], 0, stepping) for b in _keys(cell)]
            assert got == want, f"{label} ({scheme}: {cell!r}): {got}"
