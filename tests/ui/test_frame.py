"""The frame every mode shares: the first-game how-to, the glossary, the pause menu, the shared
results screen, the pace of bots' turns (hold A) and one look for "you"."""

from __future__ import annotations

import pytest
from ui_harness import B, press, stack

from game.ui import onboarding
from game.ui import theme as T
from game.ui.pace import HOLD_FACTOR, SPEED_FACTOR, PacedDriver
from hw.input.buttons import Button, EventKind, InputEvent

MODES = ("skirmish", "duel", "quest", "bout", "gdl")


def at_menu(app):
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    assert stack(app) == ["menu"]


def test_the_first_game_howto_shows_once_per_mode_and_is_remembered(make_app):
    app = make_app((320, 240))
    at_menu(app)
    assert onboarding.first_game_howto(app, "duel")
    assert stack(app)[-1] == "howto" and app.top.first
    press(app, B.A)                                    # "play": closes and remembers
    assert stack(app) == ["menu"]
    assert "duel" in app.settings.howto_seen
    assert not onboarding.first_game_howto(app, "duel")
    assert onboarding.first_game_howto(app, "bout")   # another mode: its own how-to
    press(app, B.B)                                    # "skip" remembers too
    assert stack(app) == ["menu"] and "bout" in app.settings.howto_seen
    app.update_settings(howto_first_game=False)
    assert not onboarding.first_game_howto(app, "quest")
    assert stack(app) == ["menu"]


def test_howto_and_glossary_read_the_modes_guide(make_app):
    app = make_app((480, 320))
    at_menu(app)
    for mode in MODES:
        onboarding.open_howto(app, mode)
        sc = app.top
        assert sc.scene_name == "howto" and not sc.first
        app.run_frames(1)
        texts = [r[1][0] for r in sc.rows(200) if r[0] == "text"]
        assert any(sc.guide.goal.split()[0] in t for t in texts)
        press(app, B.SELECT)                           # the words, from the how-to
        assert stack(app)[-1] == "glossary"
        press(app, B.B, B.B)
        assert stack(app) == ["menu"]
        assert mode not in app.settings.howto_seen     # only a first-game how-to is remembered


def test_a_long_glossary_scrolls_and_pages(make_app, monkeypatch):
    from game.ui.guide import Guide
    from game.ui.scenes import howto
    long = Guide("bout", "Steel bout", "win", "", glossary=tuple((f"T{i}", f"meaning number {i}") for i in range(40)))
    monkeypatch.setattr(howto, "guide_for", lambda mode: long)
    app = make_app((320, 240))
    at_menu(app)
    onboarding.open_glossary(app, "bout")
    sc = app.top
    app.run_frames(1)
    assert sc.visible_rows < len(sc._rows) == 40       # two pages and more
    press(app, B.DOWN)
    assert sc.top == 1
    press(app, B.R)
    assert sc.top == min(1 + sc.visible_rows, len(sc._rows) - sc.visible_rows)
    press(app, B.L, B.L)
    assert sc.top == 0
    press(app, B.SELECT)
    assert stack(app) == ["menu"]


def test_frame_keys_start_pauses_and_select_opens_the_words(make_app):
    app = make_app((320, 240))
    at_menu(app)
    paused = []
    start = InputEvent(EventKind.PRESS, Button.START)
    select = InputEvent(EventKind.PRESS, Button.SELECT)
    assert onboarding.frame_keys(app, start, "gdl", pause=lambda: paused.append(1))
    assert paused == [1]
    assert onboarding.frame_keys(app, select, "gdl", pause=lambda: None)
    assert stack(app)[-1] == "glossary" and app.top.mode == "gdl"
    assert not onboarding.frame_keys(app, InputEvent(EventKind.PRESS, Button.A), "gdl", pause=lambda: None)


def test_the_pause_menu_resumes_on_b_and_asks_before_leaving(make_app):
    app = make_app((320, 240))
    at_menu(app)
    left, ended = [], []
    app.open("pause", mode="skirmish", extras=[("End turn", lambda: ended.append(1))],
             leave_label="Abandon battle", leave_question="Abandon this battle? It is kept as a replay.",
             on_leave=lambda: left.append(1))
    assert app.top.labels == ["Resume", "End turn", "How to play", "Words", "Bot speed", "Abandon battle"]
    press(app, B.B)                                    # B resumes
    assert stack(app) == ["menu"] and not left
    onboarding.open_pause(app, "skirmish", on_leave=lambda: left.append(1), extras=[("End turn", ended.append)])
    press(app, B.START)                                # START resumes too
    assert stack(app) == ["menu"]
    onboarding.open_pause(app, "skirmish", on_leave=lambda: left.append(1))
    press(app, B.UP)                                   # wraps to the last line: Leave
    assert app.top.menu.current.label == "Leave game"
    press(app, B.A)
    assert stack(app)[-1] == "confirm" and app.top.menu.current.label == "No"    # No is where it starts
    press(app, B.B)                                    # B on the question: nothing happens
    assert stack(app) == ["menu"] and not left
    onboarding.open_pause(app, "skirmish", on_leave=lambda: left.append(1))
    app.top.choose_label("Leave game")
    press(app, B.DOWN, B.A)                            # Yes
    assert left == [1]


def test_the_pause_menu_sets_the_bot_speed_and_opens_how_to_play(make_app):
    app = make_app((320, 240))
    at_menu(app)
    onboarding.open_pause(app, "quest")
    menu = app.top.menu
    while menu.current.label != "Bot speed":
        press(app, B.DOWN)
    press(app, B.RIGHT)
    assert app.settings.bot_speed == "fast"
    press(app, B.LEFT, B.LEFT)
    assert app.settings.bot_speed == "slow"
    press(app, B.UP, B.UP, B.A)                        # How to play
    assert stack(app)[-1] == "howto" and app.top.mode == "quest"


def test_the_shared_results_screen_offers_play_again_first(make_app):
    app = make_app((320, 240))
    at_menu(app)
    again = []
    app.open("results", mode="bout", headline="Victory!", tone="win", lines=[("You", "2 wounds")],
             again=lambda: again.append(1))
    app.run_frames(1)
    assert app.top.menu.current.label == "Play again"
    press(app, B.A)
    assert again == [1]
    press(app, B.B)                                    # B: the main menu (the game is over)
    assert stack(app) == ["menu"]
    app.open("results", mode="gdl", headline="Defeat", tone="loss")
    assert [i.label for i in app.top.menu.items] == ["Menu"]
    press(app, B.A)
    assert stack(app) == ["menu"]


def _hold(app, button, down=True):
    app.dispatch(InputEvent(EventKind.PRESS if down else EventKind.RELEASE, button, app.now(), "test"))


def test_hold_a_hurries_the_bots_and_the_setting_sets_their_pace(make_app):
    app = make_app((320, 240))
    pace = app.pace
    assert pace.factor == 1.0 and pace.gap(0.4) == pytest.approx(0.4)
    _hold(app, Button.A)
    assert pace.hurried and pace.factor == HOLD_FACTOR and pace.gap(0.4) == pytest.approx(0.1)
    _hold(app, Button.A, down=False)
    assert not pace.hurried
    for speed, factor in SPEED_FACTOR.items():
        app.update_settings(bot_speed=speed)
        assert pace.factor == factor and pace.scaled(0.1) == pytest.approx(0.1 * factor)


class _Bot:
    def __init__(self):
        self.asked = 0

    def next_action(self, match, seat):
        self.asked += 1
        return ("act", self.asked)

    def close(self):
        pass


class _Match:
    version = 0


def test_a_paced_driver_hands_actions_over_at_the_pace(make_app):
    app = make_app((320, 240))
    bot, m = _Bot(), _Match()
    d = PacedDriver(bot, app.pace, gap=0.5)
    assert d.next_action(m, 1) == ("act", 1)           # the first at once
    assert d.next_action(m, 1) is None                 # decided (the bot was asked) but not due
    assert bot.asked == 2
    app.run_frames(14)                                 # 14/30 s < 0.5 s
    assert d.next_action(m, 1) is None
    app.run_frames(2)
    assert d.next_action(m, 1) == ("act", 2)           # the held decision, not a new one
    _hold(app, Button.A)                               # hurried: a quarter of the gap
    app.run_frames(4)
    assert d.next_action(m, 1) == ("act", 3)
    m.version = 1                                      # the game changed under a held decision
    assert d.next_action(m, 1) is None and bot.asked == 4
    d._held = (("stale",), 0)
    app.run_frames(4)
    assert d.next_action(m, 1) == ("act", 5)           # the stale one is dropped, a new one asked


def test_you_wear_one_colour_in_every_seat_and_the_others_stay_apart():
    for seats in (2, 3, 4):
        for you in range(seats):
            looks = [T.look_index(s, you) for s in range(seats)]
            assert looks[you] == T.YOU_LOOK
            assert len(set(looks)) == seats
            assert T.side_colour(you, you) == T.YOU
            assert T.side_look(you, you).you and not T.side_look((you + 1) % seats, you).you
        assert [T.look_index(s, None) for s in range(seats)] == list(range(seats))
    assert T.side_colour(1, 0) == T.FOE == T.side_colour(0, 1)     # a two-sided game: the foe is rose red


def test_settings_show_the_howtos_again_and_set_the_bot_speed(make_app):
    app = make_app((320, 240))
    at_menu(app)
    app.update_settings(howto_seen=("duel", "bout"))
    app.open("settings")
    menu = app.top.menu
    while menu.current.label != "Bot speed":
        press(app, B.DOWN)
    press(app, B.RIGHT)
    assert app.settings.bot_speed == "fast"
    press(app, B.DOWN, B.RIGHT)                        # How-to at a first game: never
    assert app.settings.howto_first_game is False
    press(app, B.DOWN, B.A)                            # Show the how-tos again
    assert app.settings.howto_seen == () and app.settings.howto_first_game is True
    assert onboarding.howto_due(app, "duel")


def test_select_on_a_modes_menu_line_opens_its_how_to(make_app):
    """Every mode's line in the main menu: SELECT = how to play (its guide), B back to the menu;
    on a line that is not a mode (Settings) SELECT does nothing."""
    from game.ui.guide import guide_for
    from game.ui.registry import mode_uis
    app = make_app((320, 240))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu = app.top
    names = {guide_for(ui.mode).name: ui.mode for ui in mode_uis()}
    seen = set()
    for _ in range(len(menu.menu.items)):
        label = menu.menu.current.label
        press(app, B.SELECT)
        if label in names:
            assert stack(app) == ["menu", "howto"] and app.top.mode == names[label], label
            press(app, B.B)
            seen.add(names[label])
        assert stack(app) == ["menu"], label
        press(app, B.DOWN)
    assert seen == set(names.values()) and len(seen) == 5
