"""Scenes driven by logical buttons: menu, setup choices, formation rules, settings, names,
controls test, appliance shutdown, leaving a battle (pause menu, START+SELECT), the title demo."""

from __future__ import annotations

import pytest
from ui_harness import (
    B,
    answer,
    back_to_menu,
    choose,
    hold,
    menu_open,
    press,
    release,
    run_until,
    stack,
    to_battle,
    type_text,
)

from game.ui import theme as T
from game.ui.registry import MENU_ENTRIES, SCENES


def test_registry_has_every_scene_and_menu_entry(make_app):
    make_app()
    for name in ("title", "menu", "skirmish_setup", "skirmish_formation", "skirmish_battle", "skirmish_results",
                 "settings", "keyremap", "textentry", "stats", "replays", "controls", "confirm", "choice", "message"):
        assert name in SCENES
    labels = [e.label for e in MENU_ENTRIES]
    assert labels[:10] == ["Skirmish", "Wizard duel", "Link two units", "Steel bout", "Xconq modules",
                           "Hex quest", "Settings", "Stats", "Replays", "Controls test"]


def test_menu_idle_frames_repaint_nothing(make_app):
    app = make_app()
    press(app, B.A)
    assert stack(app) == ["menu"]
    app.run_frames(2)
    assert app.step() == []                     # nothing changed: nothing sent to the screen
    press(app, B.DOWN)
    assert app.last_rects                       # a change repaints


def test_title_repaints_only_its_animated_strips(make_app):
    app = make_app()
    full = app.surface.get_rect()
    rects = []
    for _ in range(40):
        rects += app.step()
    assert rects and all(r.h < full.h // 3 for r in rects)


def test_quit_on_a_desktop_and_shutdown_on_the_appliance(make_app):
    app = make_app()
    press(app, B.A)
    labels = [i.label for i in app.top.menu.items]
    assert "Quit" in labels and "Shutdown" not in labels
    menu_open(app, "Quit")
    assert not app.running and app.exit_code == 0

    cab = make_app(appliance=True)
    cab.poweroff_command = ("false",)            # a poweroff that fails: reported, game goes on
    press(cab, B.A)
    assert "Shutdown" in [i.label for i in cab.top.menu.items]
    menu_open(cab, "Shutdown")
    assert stack(cab)[-1] == "confirm"
    press(cab, B.DOWN, B.A)
    assert cab.running and stack(cab) == ["menu"]
    cab.poweroff_command = ("true",)
    menu_open(cab, "Shutdown")
    press(cab, B.DOWN, B.A)
    assert not cab.running


def test_setup_defaults_and_choices_are_remembered(make_app):
    app = make_app()
    press(app, B.A, B.A)
    sc = app.top
    assert sc.scene_name == "skirmish_setup"
    rs = sc.rs
    assert sc.map_id == rs.maps[0].id and sc.seats == ["human", "bot:normal", "empty", "empty"]   # a first game
    assert sc.menu.current.label == "Form armies and fight"   # opens on its Fight line
    press(app, B.DOWN, B.RIGHT)                  # down wraps to Map; next map
    assert sc.map_id == rs.maps[1].id
    for _ in range(5):
        press(app, B.DOWN)                       # Player 2
    press(app, B.LEFT)
    assert sc.seats[1] == "bot:easy"
    press(app, B.DOWN, B.DOWN, B.DOWN, B.A)      # go
    assert stack(app)[-1] == "skirmish_formation"
    s = app.settings
    assert s.last_map == rs.maps[1].id and s.last_seats[1] == "bot:easy"


def test_setup_refuses_a_battle_of_one(make_app):
    app = make_app()
    press(app, B.A, B.A)
    sc = app.top
    for _ in range(6):                           # from the Fight line: Map, ... Player 2
        press(app, B.DOWN)
    while sc.seats[1] != "empty":
        press(app, B.RIGHT)
    press(app, B.DOWN, B.DOWN, B.DOWN, B.A)
    assert stack(app)[-1] == "skirmish_setup" and "two players" in sc.error


def limited_ruleset(tmp_path):
    """The default ruleset with at most two knights per army."""
    import shutil

    from game.rules.skirmish.catalog import ASSETS
    folder = tmp_path / "limited"
    shutil.copytree(ASSETS / "rulesets" / "default", folder)
    pieces = folder / "pieces.toml"
    pieces.write_text(pieces.read_text().replace('[pieces.knight]\n', '[pieces.knight]\nmax_per_army = 2\n'))
    return str(folder)


def test_formation_limits_and_memory(make_app, tmp_path):
    app = make_app(ruleset=limited_ruleset(tmp_path))
    press(app, B.A, B.A)
    press(app, B.A)                              # the set-up opens on its Fight line
    f = app.top
    assert f.scene_name == "skirmish_formation"
    rs = f.rs
    assert rs.piece("knight").max_per_army == 2
    assert f.army == list(rs.army_default) and f.army.count("knight") == 2
    press(app, B.DOWN, B.DOWN, B.RIGHT)          # from "Done" to slot 5 (middle)
    assert f.cursor == 4
    press(app, B.A)
    assert f.picking
    while f.choices[f.pick] != "knight":
        press(app, B.DOWN)
    assert not f.allowed("knight")
    press(app, B.A)                              # refused: a third knight
    assert f.picking and "at most 2 Knight" in f.error and f.army[4] != "knight"
    press(app, B.B)
    press(app, B.X)                              # empty slot 5
    assert f.army[4] == ""
    press(app, B.START)                          # accept: battle starts, army remembered
    assert stack(app)[-1] == "howto"             # (the first battle's how-to over the board)
    press(app, B.A)
    assert stack(app)[-1] == "skirmish_battle"
    assert app.settings.default_armies[app.player_name(0)][4] == ""
    app.goto_menu()
    press(app, B.A)                              # Skirmish again: the remembered army is offered
    press(app, B.A)                              # the set-up opens on its Fight line
    assert app.top.army[4] == ""


def test_formation_needs_a_piece(make_app):
    app = make_app()
    press(app, B.A, B.A)
    press(app, B.A)                              # the set-up opens on its Fight line
    f = app.top
    for i in range(9):
        f.cursor = i
        press(app, B.X)
    press(app, B.START)
    assert stack(app)[-1] == "skirmish_formation" and "at least one" in f.error


def test_player_name_on_screen_keyboard(make_app):
    app = make_app()
    press(app, B.A)
    menu_open(app, "Settings")
    for _ in range(4):
        press(app, B.DOWN)                       # Name 1
    press(app, B.A)
    te = app.top
    assert te.scene_name == "textentry" and te.text == "Player 1"
    for _ in range(len("Player 1")):
        press(app, B.B)                          # delete
    press(app, B.A)                              # 'A' (top-left key)
    press(app, B.RIGHT, B.RIGHT, B.A)            # 'C'
    press(app, B.X, B.A)                         # lower case 'c'
    type_text(app, "e!")                         # typed on a keyboard
    press(app, B.START)
    assert stack(app)[-1] == "settings"
    assert app.settings.player_names[0] == "ACce!"


def test_settings_fps_and_volume_apply_and_save(make_app):
    app = make_app()
    press(app, B.A)
    menu_open(app, "Settings")
    press(app, B.DOWN, B.DOWN, B.RIGHT)          # fps 30 -> 45
    assert app.fps == 45 and app.settings.fps_cap == 45
    press(app, B.DOWN, B.LEFT)                   # volume 80 -> 70
    assert app.settings.volume == 70 and app.sound.volume == 70
    text = app.settings_store.path.read_text()
    assert "fps_cap = 45" in text and "volume = 70" in text


def test_controls_test_lights_buttons(make_app):
    app = make_app()
    press(app, B.A)
    menu_open(app, "Controls test")
    sc = app.top
    hold(app, B.Y)                                # a GPIO pin, through debounce and the key map
    r = sc.pad_rects[B.Y]
    assert tuple(app.surface.get_at((r.centerx, r.y + 2)))[:3] == T.ACCENT      # lit
    release(app, B.Y)
    assert tuple(app.surface.get_at((r.centerx, r.y + 2)))[:3] != T.ACCENT
    hold(app, B.KP5)                              # the keypad's 5 (the scene claims the keypad)
    kr = sc.pad_rects[B.KP5]
    assert tuple(app.surface.get_at((kr.x + 3, kr.y + 3)))[:3] == T.ACCENT
    release(app, B.KP5)
    # holding B leaves
    hold(app, B.B)
    app.run_frames(40)
    assert stack(app) == ["menu"]


def test_back_to_menu_from_a_battle_keeps_it_as_abandoned(make_app):
    app = make_app()
    to_battle(app, army_downs=6)
    sc = app.top
    run_until(app, lambda: len(sc.match.replay.actions) >= 1 or sc.control.my_turn(), what="a first action")
    if not sc.match.replay.actions:             # the human starts: make one move
        p = sc.game.movable_pieces()[0]
        from ui_harness import cursor_to
        cursor_to(app, p.cell)
        press(app, B.A, B.X)
    back_to_menu(app)                             # START+SELECT held 1.5 s
    assert stack(app) == ["menu"]
    games = app.stats.recent_games()
    assert len(games) == 1 and games[0]["finished"] == 0
    assert app.replays.list()[0].extra["finished"] is False


def test_pause_menu_abandon(make_app):
    app = make_app()
    to_battle(app, army_downs=6)
    press(app, B.START)
    assert stack(app)[-1] == "pause"              # the shared pause menu
    press(app, B.A)                               # Resume
    assert stack(app)[-1] == "skirmish_battle"
    press(app, B.START)
    choose(app, "Abandon battle")
    answer(app, "Yes")
    assert stack(app)[-1] == "skirmish_results"
    assert not app.top.result.finished
    assert all(p.place is None for p in app.top.result.placements)


def test_end_turn_asks_first(make_app):
    app = make_app()
    to_battle(app, army_downs=6)
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy, what="the human's turn")
    seat, turn = sc.game.current, sc.game.turn
    press(app, B.Y)
    assert stack(app)[-1] == "confirm"
    # nothing can attack on the first turn: "Yes" is pre-selected
    assert not any(sc.game.targets_from(p, c) for p in sc.game.movable_pieces()
                   for c in [p.cell, *sc.game.reach(p).cells()])
    assert app.top.menu.current.label == "Yes"
    answer(app, "No")
    assert sc.game.turn == turn and sc.game.current == seat
    press(app, B.START)
    choose(app, "End turn")                       # the pause menu ends the turn too (no Y needed)
    answer(app, "Yes")
    assert sc.game.turn == turn + 1


def test_title_demo_starts_when_idle_and_any_button_leaves(make_app, monkeypatch):
    import game.ui.scenes.title as title
    monkeypatch.setattr(title, "ATTRACT_AFTER", 1.0)
    app = make_app()
    run_until(app, lambda: stack(app)[-1] == "demo", 200, "the demo")
    demo = app.top
    assert all(demo.game.controller(s).startswith("bot") for s in demo.game.seats())
    run_until(app, lambda: len(demo.match.replay.actions) >= 3, 2000, "bots playing")
    press(app, B.B)
    assert stack(app) == ["title"]
    assert app.stats.game_count() == 0            # demos are not recorded


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_results_lists_every_army(make_app, size):
    app = make_app(size)
    to_battle(app, army_downs=7)
    press(app, B.START)
    choose(app, "Abandon battle")
    answer(app, "Yes")
    res = app.top.result
    assert len(res.placements) == 2
    app.run_frames(1)
    press(app, B.B)                               # B: the menu (A is Play again)
    assert stack(app) == ["menu"]


def test_idle_battle_repaints_only_the_waiting_timer(make_app):
    app = make_app()
    to_battle(app, army_downs=6)
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy and not sc.camera.moving
              and sc.time > sc.banner_until and sc.time > sc.message_until, what="a quiet human turn")
    app.run_frames(2)
    w0 = sc.waiting()
    repaints = []
    for _ in range(12 * 30):                      # 12 s of frames, nobody touches anything
        repaints.append(app.step())
    painted = [r for rects in repaints for r in rects]
    assert painted, "the waiting timer appears after 10 s"
    assert all(r == sc.layout.top for r in painted)
    assert len(painted) == sc.waiting() - max(w0, 9)   # once a second, from 10 s on
    assert sc.waiting() >= 10


def test_broken_settings_and_stats_are_reported_and_the_game_goes_on(tmp_path, monkeypatch):
    from ui_harness import new_app
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.toml").write_bytes(b"\xff\xfe not toml at all [[[")
    (data / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("TACTIBOX_DATA", str(data))
    app = new_app((320, 240), data)
    try:
        press(app, B.A)
        assert stack(app) == ["menu", "message"]
        text = " ".join(app.top.lines)
        assert "settings.toml" in text and "stats.sqlite3" in text
        app.run_frames(1)
        press(app, B.A)
        assert stack(app) == ["menu"]
        assert app.settings.fps_cap == 30                    # defaults in force
        press(app, B.B, B.A)                                 # title and back: not reported twice
        assert stack(app) == ["menu"]
        assert any(p.name.startswith("settings.toml.corrupt") for p in data.iterdir())
    finally:
        app.close()


def test_appliance_shutdown_asks_through_the_request_file(make_app, tmp_path, monkeypatch):
    """On the SD image the game cannot power off itself: Shutdown writes the request file that
    the root unit tactibox-poweroff.path watches (and never runs systemctl)."""
    request = tmp_path / "poweroff"
    monkeypatch.setenv("TACTIBOX_POWEROFF_REQUEST", str(request))
    app = make_app()
    app.poweroff_command = ("false",)          # would fail if it were used
    app.shutdown()
    assert request.read_text() == "poweroff\n"
    assert app.running is False
