"""The Steel dungeon screen (issue 18 item 5): a level played from the title screen with the d-pad
and A/B at 320x240 and 1280x720; what the map shows (field of view, the hero's footbase, the
stairs, the marks around him); the bars; B never passes without asking; the results; Continue
after the unit is killed mid-run."""

from __future__ import annotations

import pygame
import pytest
from dungeon_play import key_for, open_dungeon, play_one_press
from ui_harness import B, menu_pick, press, stack

from game.ui import theme as T
from game.ui.modes.bout.dungeon import board as BD
from game.ui.modes.bout.dungeon import hud
from game.ui.modes.bout.dungeon.session import run_store


def colour_count(surf, rect, colour, step: int = 1) -> int:
    rect = pygame.Rect(rect).clip(surf.get_rect())
    return sum(1 for x in range(rect.x, rect.right, step) for y in range(rect.y, rect.bottom, step)
               if surf.get_at((x, y))[:3] == tuple(colour))


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_a_new_player_plays_a_level_from_the_title_with_dpad_and_ab(make_app, size, tmp_path):
    app = make_app(size=size)
    app.seed_source = lambda: 3         # a run whose first level has two fights on the way down
    open_dungeon(app)
    sc = app.top
    g0 = sc.game
    assert g0.depth == 1 and sc.match.player(0).controller == "human"
    fought = False
    for _ in range(900):
        if stack(app)[-1] == "results" or sc.game.depth >= 2:
            break
        fought = fought or sc.game.m.engagement_of(0) is not None
        play_one_press(app)
    pygame.image.save(app.surface, str(tmp_path / "dungeon.png"))
    g = sc.game
    assert g.depth == 2 and stack(app)[-1] == "bout_dungeon", (g.depth, g.turn, stack(app))
    assert fought and g.kills >= 1
    assert "The party goes down to level 2." in sc.log
    assert len(sc.match.replay.turns) >= g.turn // 2, "the steps are hashed"
    saved = run_store(app).load("bout")                                # saved after every action
    assert saved is not None and len(saved.replay.actions) == len(sc.match.replay.actions)
    assert app.in_progress.all() == []            # in its own folder: the arena's save never clobbers it


def test_the_map_shows_the_hero_the_field_of_view_and_the_marks(make_app):
    app = make_app(size=(320, 240))
    open_dungeon(app)
    sc = app.top
    app.run_frames(2)
    surf, g = app.surface, sc.game
    view = sc.view
    hero = view.cell_rect(g.level, g.hero.pos)
    assert hero is not None and view.rect.contains(hero)
    assert colour_count(surf, hero, T.YOU) >= 6                     # the hero's footbase
    # lit squares (seen now) are bright floor; nothing unexplored is drawn
    seen = g.visible_cells()
    lit = [c for c in range(g.level.size) if seen >> c & 1 and g.level.tiles[c] != 0 and g.at(c) < 0
           and c not in {x for x, _ in g.floor} and view.cell_rect(g.level, c) is not None]
    assert lit and all(surf.get_at(view.cell_rect(g.level, c).center)[:3] in (BD.FLOOR, *BD.ARC_COLOURS.values(),
                                                                                 *[m[0] for m in BD.MARKS.values()])
                       for c in lit[:20])
    dark = [c for c in range(g.level.size) if not (g.explored | seen) >> c & 1 and view.cell_rect(g.level, c)]
    assert dark and all(surf.get_at(view.cell_rect(g.level, c).center)[:3] == (8, 8, 14) for c in dark[:40])
    # a mark on each open square around the hero (what the key does: a step here)
    marks = 0
    for n in g.level.neighbours()[g.hero.pos]:
        r = view.cell_rect(g.level, n) if n >= 0 and g.at(n) < 0 else None
        if r is not None:
            marks += colour_count(surf, r, BD.MARKS["step"][0]) > 0
    assert marks >= 2
    # walk a few squares: what was seen stays explored (dim) when out of sight
    before = g.explored
    for _ in range(12):
        play_one_press(app)
    assert g.explored & before == before and bin(g.explored).count("1") >= bin(before).count("1")


def test_health_and_wounds_bars_and_the_goal_line(make_app):
    app = make_app(size=(320, 240))
    open_dungeon(app)
    sc = app.top
    app.run_frames(2)
    _goal, _board, _low, side, _bar = sc.layout(app.surface)
    green = T.hp_colour(1.0)
    assert colour_count(app.surface, side, green) > 20                # the full health bar
    assert sc.goal_text() == "Find the stairs down (gold steps)"
    g = sc.game
    g.hero.wounds.append([3, 2, 0, 0, 0, 0, 0, 0])     # drawn as it would be after a level-2 wound
    g.hero.health = 3
    sc.dirty = True
    app.run_frames(1)
    assert colour_count(app.surface, side, hud.WOUND_COLOURS[2]) >= 4     # a wound pip of its level
    assert colour_count(app.surface, side, green) == 0
    assert colour_count(app.surface, side, T.hp_colour(0.6)) > 20         # 3 of 5: the bar turns yellow


def test_b_in_a_fight_asks_before_passing(make_app):
    app = make_app(size=(480, 320))
    open_dungeon(app)
    sc = app.top
    for _ in range(1500):
        if sc.game.phase == "declare" and sc.chooser is not None or stack(app)[-1] == "results":
            break
        play_one_press(app)
    if stack(app)[-1] == "results":
        pytest.skip("the run ended before a fight")                 # not with this seed (4242)
    g = sc.game
    n = len(sc.match.replay.actions)
    press(app, B.B)
    assert stack(app)[-1] == "confirm" and "nothing" in app.top.question
    press(app, B.B)                                                   # "Keep choosing"
    assert stack(app)[-1] == "bout_dungeon" and g.phase == "declare" and len(sc.match.replay.actions) == n
    press(app, B.B)
    press(app, B.DOWN, B.A)                                           # "Pass"
    assert len(sc.match.replay.actions) == n + 1


def test_the_results_screen_shows_the_score_and_offers_a_new_run(make_app):
    from game.match.drivers import BotDriver
    from game.modes.bout.bot import BoutBot
    from game.modes.bout.dungeon.botplay import ArenaOrDungeonBot
    app = make_app(size=(320, 240))
    open_dungeon(app)
    sc = app.top
    m = sc.match
    m.drivers[0] = BotDriver(ArenaOrDungeonBot(BoutBot("hard", 1, 0), "hard", 1))   # the hero plays himself
    for _ in range(20000):
        if m.over:
            break
        m.step()
    assert m.over
    app.run_frames(2)
    assert stack(app)[-1] == "results", stack(app)
    res = app.top
    left = [ln[0] for ln in res.lines]
    assert left[0] == "Score" and res.lines[0][1] == str(m.game.score())
    assert res.headline in ("You escaped!", "You fell", "The run ended")
    assert res.menu.current.label == "Play again"
    assert run_store(app).load("bout") is None                         # the run is kept, no longer in progress
    assert app.stats.recent_games()[0]["mode"] == "bout"
    press(app, B.A)
    assert stack(app)[-1] == "bout_dungeon" and app.top.match is not m


def test_start_pauses_and_leaving_keeps_the_run_for_continue(make_app):
    app = make_app(size=(320, 240))
    open_dungeon(app)
    sc = app.top
    for d in (2, 4, 2, 4):
        key_for(app, d)
    h, n = sc.game.state_hash(), len(sc.match.replay.actions)
    assert n > 0
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    labels = [i.label for i in app.top.menu.items]
    assert "Leave the run" in labels and "How to play" in labels
    menu_pick(app, "Leave the run")
    assert stack(app)[-1] == "confirm" and "Continue" in app.top.question
    press(app, B.DOWN, B.A)
    assert stack(app) == ["menu"]
    app.close()
    again = make_app(size=(320, 240))
    assert [g.mode for g in again.top.games] == ["bout"]
    press(again, B.A)
    assert stack(again)[-1] == "bout_dungeon"
    m = again.top.match
    assert m.game.state_hash() == h and len(m.replay.actions) == n and m.keeper is not None


def test_a_run_killed_mid_step_continues_from_the_title(make_app, tmp_path):
    from test_continue import killed_mid_turn
    before = killed_mid_turn("dungeon", tmp_path / "data")
    assert before["actions"] > 0
    app = make_app()
    assert [g.mode for g in app.top.games] == ["bout"]
    press(app, B.A)
    assert stack(app)[-1] == "bout_dungeon"
    m = app.top.match
    assert m.game.state_hash() == before["hash"] and len(m.replay.actions) == before["actions"]


def test_the_log_says_dice_and_needing_not_cp_and_tn():
    """The engine's log lines (game/modes/bout/log.py) as the screens show them."""
    from game.ui.modes.bout.plain import plain
    assert plain("Ann declares Cut at Bob (B), IV body with 5 dice (5 CP).") == \
        "Ann declares Cut at Bob (B), IV body with 5 dice."
    assert plain("Ann declares Cut at Bob (B), I head with 4 dice (6 CP).") == \
        "Ann declares Cut at Bob (B), I head with 4 dice (6 in all)."
    assert plain("  Ann's Parry: 4 dice at TN 6, 2 successes.") == "  Ann's Parry: 4 dice needing 6+, 2 successes."
    assert plain("Ann faces 3 foes: footing 2 dice at TN 7, 1 successes - held (8 left).") == \
        "Ann faces 3 foes: footing 2 dice needing 7+, 1 successes - held (8 dice left)."


def test_a_broken_run_save_is_set_aside_and_named(make_app, tmp_path):
    app = make_app(size=(320, 240))
    open_dungeon(app)
    key_for(app, 2)
    path = run_store(app).path("bout")
    assert path.exists()
    app.close()
    path.write_bytes(path.read_bytes()[:-30])          # cut short
    again = make_app(size=(320, 240))
    assert again.top.games == []                        # nothing to continue; the game goes on
    assert path.with_name("bout.json.corrupt-1").exists() and not path.exists()
    press(again, B.A)
    assert stack(again)[0] == "menu"
    assert any("bout.json" in m for m in again.shown_problems)


def test_the_wounds_summary_reads_who_is_winning():
    """One against three: you (side 0) and the three foes (side 1), in words."""
    from game.modes.bout.scenarios import BoutOptions, new_bout
    from game.ui.modes.bout.scene import bout_rules
    from game.ui.modes.bout.summary import wounds_summary
    g = new_bout(bout_rules(), 3, BoutOptions(scenario="one_vs_three"))
    you, foes = g.fighters[0], g.fighters[1:]
    full = sum(f.t.health for f in foes)
    assert wounds_summary(g, 0) == (f"You: 0 wounds, health {you.t.health} of {you.t.health} · "
                                    f"Foes: 3 standing, 0 wounds, health {full} of {full}")
    foes[0].dead = True
    you.dead = True
    assert wounds_summary(g, 0).startswith("You: 0 wounds, fell · Foes: 2 standing")
    assert wounds_summary(g, None).startswith("Side 1: ")               # hot-seat: nobody is "you"


def test_the_end_of_a_fight_names_the_winners_not_a_side_number():
    from game.ui.modes.bout.plain import plain
    sides = {0: "you", 1: "Thug and Footpad", 2: "Brigand"}
    assert plain("The fight is over: side 0 wins.", sides) == "The fight is over: you win."
    assert plain("The fight is over: side 1 wins.", sides) == "The fight is over: Thug and Footpad win."
    assert plain("The fight is over: side 2 wins.", sides) == "The fight is over: Brigand wins."
    assert plain("The fight is over: a draw.", sides) == "The fight is over: a draw."


def test_a_saved_run_is_offered_before_a_new_one_replaces_it(make_app):
    app = make_app(size=(320, 240))
    open_dungeon(app)
    key_for(app, 2)
    h, n = app.top.game.state_hash(), len(app.top.match.replay.actions)
    press(app, B.START)
    while app.top.menu.current.label != "Leave the run":
        press(app, B.DOWN)
    press(app, B.A, B.DOWN, B.A)                         # leave, yes
    assert stack(app) == ["menu"]
    from ui_harness import menu_open
    menu_open(app, "Steel bout")
    menu_pick(app, "Dungeon run")
    assert stack(app)[-1] == "choice" and app.top.menu.current.label.startswith("Continue")
    press(app, B.DOWN, B.A)                              # New run: a question first
    assert stack(app)[-1] == "confirm" and "lost" in app.top.question
    press(app, B.B)                                      # keep it
    assert stack(app)[-1] == "bout_menu"
    press(app, B.A, B.A)                                 # Dungeon run -> Continue
    assert stack(app)[-1] == "bout_dungeon"
    m = app.top.match
    assert m.game.state_hash() == h and len(m.replay.actions) == n


def test_read_the_log_shows_all_of_it_newest_first_and_scrolls(make_app):
    """START -> "Read the log": every line kept (not the last 30), newest first; DOWN scrolls
    back in time, A closes."""
    app = make_app(size=(320, 240))
    open_dungeon(app)
    sc = app.top
    sc.log += [f"old line {k}" for k in range(60)]
    press(app, B.START)
    menu_pick(app, "Read the log")
    msg = app.top
    assert stack(app)[-1] == "message" and "newest first" in msg.title_text
    assert msg.lines[0] == "old line 59" and len(msg.lines) == len(sc.log) > 60
    app.step()
    press(app, B.DOWN, B.DOWN)
    assert msg.top == 2
    press(app, B.A)
    assert stack(app)[-1] != "message"
