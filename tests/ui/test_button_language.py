"""One button language (issue 20, docs/ui.md "One button language"): every hint bar of every scene
the tour visits is read against the table, and B and START are pressed on the scenes.

The table's rows as checks on what a hint bar says (the tour's shots at 480x320):
- B goes back, cancels or undoes: every B hint says so (back, cancel, undo, close, skip, leave, ...);
- A confirms or acts: no A hint is "back" or "cancel";
- START pauses on a board, takes the line in a menu; SELECT is info / the words;
- L / R cycle (a page, a view, the next piece, a turn);
- every board shows START (its pause menu) in its hint bar;
- results screens offer Play again on A (the words "Play again" on screen, not on X or Y).
Screens not in line yet are listed in KNOWN with their owner: the test fails on a new breach and
on a listed one that is gone (the list only shrinks).
"""

from __future__ import annotations

import pytest
from ui_harness import B, press, stack

from game.ui import contact_sheet
from game.ui.registry import mode_uis

BACK_WORDS = ("back", "cancel", "undo", "close", "skip", "leave", "resume", "title", "menu", "delete", "drop")
START_WORDS = ("pause", "menu", "fight", "ok", "go", "play", "start")
SELECT_WORDS = ("info", "words", "book", "how to play")
CYCLE_WORDS = ("page", "view", "turn", "next", "prev", "unit", "piece", "body")
BOARDS = {"skirmish_battle", "duel_game", "bout_fight", "quest_board", "gdl_game"}
RESULTS = {"results", "victory"} | {f"results_{ui.mode}" for ui in mode_uis()}

# (shot, rule, owner, what is wrong)
KNOWN = (
    ("bout_fight", "B", "steel-ui", "B = pass (a declaration, not back/cancel)"),
    ("dungeon", "B", "steel-ui", "B = pack (opens the pack)"),
    ("dungeon", "L/R", "steel-ui", "L/R held = diagonal steps (a modifier, not a cycle)"),
)


def breaches(shot) -> list[tuple[str, str]]:
    """(rule, what) for each row of the table this shot's hint bars break."""
    out = []
    for button, text in shot.hints:
        words = text.lower()
        if button == "B" and not any(w in words for w in BACK_WORDS):
            out.append(("B", f"B = {text!r}: B goes back, cancels or undoes"))
        if button == "A" and words in ("back", "cancel"):
            out.append(("A", f"A = {text!r}: A confirms or acts"))
        if button == "START" and not any(w in words for w in START_WORDS):
            out.append(("START", f"START = {text!r}: START pauses (a board) or takes the line (a menu)"))
        if button == "SELECT" and not any(w in words for w in SELECT_WORDS):
            out.append(("SELECT", f"SELECT = {text!r}: SELECT is info or the words"))
        if button in ("L", "R", "LR") and not any(w in words for w in CYCLE_WORDS):
            out.append(("L/R", f"{button} = {text!r}: L/R cycle"))
    buttons = {b for b, _ in shot.hints}
    if shot.name in BOARDS and "START" not in buttons:
        out.append(("board", "no START (the pause menu) in the board's hint bar"))
    if shot.name in RESULTS:
        again_elsewhere = any(b in ("X", "Y") and "again" in t.lower() for b, t in shot.hints)
        if again_elsewhere or not any("play again" in t.lower() for t in shot.texts):
            out.append(("results", "no Play again on A"))
    return out


def known(shot: str, rule: str) -> bool:
    return any(s == shot and r == rule for s, r, _, _ in KNOWN)


@pytest.fixture(scope="module")
def shots():
    return contact_sheet.walk((480, 320))


def test_every_hint_bar_speaks_the_button_language(shots):
    assert len(shots) >= 45
    new = [(s.name, what) for s in shots for rule, what in breaches(s) if not known(s.name, rule)]
    assert new == []


def test_the_known_breaches_are_still_there(shots):
    seen = {(s.name, rule) for s in shots for rule, _ in breaches(s)}
    stale = [(shot, rule, owner) for shot, rule, owner, _ in KNOWN if (shot, rule) not in seen]
    assert stale == [], f"fixed: remove these lines from KNOWN: {stale}"


def test_the_rules_catch_what_they_are_for():
    """The checks themselves: a B that acts, a results screen with Play again on Y, a board
    without its pause menu are found; the shared screens' own bars pass."""
    from game.ui.tour import Shot
    bad = Shot("results_x", None, [], ["Victory!", "Menu"], [], [], 1,
               (("A", "menu"), ("Y", "play again"), ("B", "attack")))
    assert {r for r, _ in breaches(bad)} == {"B"} | ({"results"} if "results_x" in RESULTS else set())
    RESULTS.add("results_x")
    try:
        assert {r for r, _ in breaches(bad)} == {"B", "results"}
    finally:
        RESULTS.discard("results_x")
    board = Shot("duel_game", None, [], ["x"], [], [], 1, (("A", "act"), ("L", "heal")))
    assert {r for r, _ in breaches(board)} == {"board", "L/R"}
    good = Shot("results", None, [], ["Victory!", "Play again", "Menu"], [], [], 1,
                (("UPDOWN", "choose"), ("A", "go"), ("B", "menu"), ("START", "pause"), ("SELECT", "words")))
    assert breaches(good) == []


# --- pressing the buttons ---------------------------------------------------------------------------
MENU_SCENES = ("settings", "keyremap", "stats", "replays", "link_setup", "duel_menu", "duel_options", "bout_menu",
               "gdl_menu", "quest_hub", "quest_map", "quest_shop", "quest_levels", "quest_imports", "skirmish_setup")


def test_b_goes_back_to_the_menu_from_every_menu_screen(make_app):
    app = make_app((480, 320))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    for scene in MENU_SCENES:
        app.goto_menu()
        app.open(scene)
        app.run_frames(1)
        assert stack(app)[-1] == scene
        press(app, B.B)
        assert stack(app) == ["menu"], scene
    for overlay in ("howto", "glossary"):
        for ui in mode_uis():
            app.goto_menu()
            app.open(overlay, mode=ui.mode)
            press(app, B.B)
            assert stack(app) == ["menu"], (overlay, ui.mode)


def _board(app, menu: str, *buttons):
    app.goto_menu()
    app.open(menu)
    press(app, *buttons)
    return stack(app)[-1]


@pytest.mark.parametrize("menu, buttons, board", [
    ("duel_menu", (B.A,), "duel_game"),
    ("gdl_menu", (B.A,), "gdl_game"),
    ("bout_menu", (B.A,), "bout_game"),
    ("quest_map", (B.A,), "quest_board"),
])
def test_b_never_leaves_a_board_without_a_question(make_app, menu, buttons, board):
    """B on a board cancels, undoes or drops; pressed again and again it never throws the game
    away: the board stays, or a question is asked."""
    app = make_app((480, 320))
    app.update_settings(howto_first_game=False)
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    assert _board(app, menu, *buttons) == board
    for _ in range(6):
        press(app, B.B)
        app.run_frames(3)
        top = stack(app)[-1]
        assert top == board or app.top.overlay, stack(app)
    assert board in stack(app)


def test_text_entry_cancels_on_b_once_the_line_is_empty(make_app):
    """B deletes the last letter; on an empty line it goes back and the old name stays."""
    app = make_app((320, 240))
    press(app, B.A)
    app.goto_menu()
    app.open("textentry", title="Name of player 1", text="Ann", on_done=lambda name: names.append(name))
    names = []
    press(app, B.B, B.B)
    assert app.top.text == "A" and stack(app)[-1] == "textentry"
    press(app, B.B)
    assert app.top.text == "" and stack(app)[-1] == "textentry"
    press(app, B.B)
    assert stack(app) == ["menu"] and names == []
