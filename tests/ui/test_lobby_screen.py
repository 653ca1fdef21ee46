"""The host's LAN battle screen at 1280x720, one-handed: from the menus with the d-pad and A;
Add bot fills a free seat (shown as a bot in the list), the map and limits change with
LEFT/RIGHT, Launch refuses with one army, and B leaves and closes the lobby (its port is free)."""

from __future__ import annotations

import socket

from ui_harness import B, menu_open, press, run_until, stack


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_lobby(make_app, monkeypatch, size, port, mode="skirmish"):
    import game.ui.scenes.link.lobby as lobby_module
    import game.ui.scenes.link.setup as setup_module
    monkeypatch.setattr(setup_module, "find_ports", lambda: [])
    monkeypatch.setattr(setup_module, "TCP_HOST", f"tcp://:{port}")
    monkeypatch.setattr(lobby_module, "ANNOUNCE_TO", "127.0.0.1")
    app = make_app(size)
    press(app, B.A)
    menu_open(app, "Link two units")
    sc = app.top
    while sc.menu.current.label != "Game":
        press(app, B.DOWN)
    while sc.mode != mode:
        press(app, B.RIGHT)
    press(app, B.DOWN)
    while sc.port != setup_module.TCP_LOBBY:
        press(app, B.RIGHT)
    while sc.menu.current.label != "Connect":
        press(app, B.DOWN)
    press(app, B.A)
    return app, app.top


def test_the_lobby_screen_one_handed_at_1280x720(make_app, monkeypatch, artifacts):
    port = free_port()
    app, lobby_sc = open_lobby(make_app, monkeypatch, (1280, 720), port)
    assert lobby_sc.scene_name == "link_lobby" and lobby_sc.menu.current.label == "Launch"
    press(app, B.A)                                           # one army: refused, said why
    assert "two armies" in lobby_sc.error and not lobby_sc.lobby.launched
    press(app, B.UP)
    assert lobby_sc.menu.current.label == "Add bot"
    press(app, B.A)
    assert lobby_sc.lobby.seats.count("bot:normal") == 1
    assert any("bot (normal)" in t for t, _ in lobby_sc.player_lines())
    press(app, B.UP, B.UP, B.RIGHT)                           # Army limit 9 -> wraps to 1
    assert lobby_sc.army_limit == 1
    press(app, B.UP, B.RIGHT)                                 # Pieces per turn: all rested -> 1
    assert lobby_sc.pieces_per_turn == 1
    from game.link.modes import split_setup
    from game.modes.skirmish.link import decode_setup
    play, rs = lobby_sc.lobby.spec.lobby_play()
    _, options, _ = decode_setup(rs, split_setup(lobby_sc.lobby.spec.options)[1])
    assert (options.pieces_per_turn, options.army_limit) == (1, 1)      # what Launch would start
    app.screenshot(artifacts / "lan_lobby_1280x720.png")
    assert lobby_sc.lobby.announcement().free == 2
    press(app, B.B)
    assert stack(app)[-1] == "link_setup"
    with socket.socket() as s:                                # the lobby closed its listener
        s.bind(("", port))


def test_the_host_hands_an_idle_seat_to_a_bot_from_the_battle_screen(make_app, monkeypatch, artifacts):
    """One-handed: once the battle has waited 10 s for a unit, the timer over the host's battle
    says START helps; START, DOWN, A: "A bot plays for NAME" (the lobby's own handover is
    tested in tests/link/test_lobby_people.py; here the lobby is told it waits for Ann)."""
    app, lobby_sc = open_lobby(make_app, monkeypatch, (320, 240), free_port())
    lobby = lobby_sc.lobby
    press(app, B.UP, B.A, B.DOWN, B.A)                        # Add bot, Launch
    assert lobby.launched and stack(app)[-1] == "skirmish_link_battle"
    battle = app.top
    press(app, B.START)
    assert stack(app)[-1] == "pause" and not any("bot plays" in lb for lb in app.top.labels)   # the shared pause menu
    press(app, B.B)
    handed = []
    monkeypatch.setattr(lobby, "waiting", lambda: ("Ann", 12.0))
    monkeypatch.setattr(lobby, "hand_idle_to_bot", lambda: handed.append("Ann") or "")
    assert battle.run.link_down().startswith("waiting for Ann: 12 s (START")
    app.step()
    app.screenshot(artifacts / "lan_lobby_idle_timer_320x240.png")
    press(app, B.START)
    assert app.top.labels[1] == "A bot plays for Ann"
    press(app, B.DOWN, B.A)
    assert handed == ["Ann"] and stack(app)[-1] == "skirmish_link_battle"


def test_an_xconq_module_lobby_one_handed_seats_the_modules_sides(make_app, monkeypatch, artifacts):
    """Issue 22 item 7 from the menus at 320x240: Game "Xconq module", "LAN battle": the lobby
    offers Quartet first with one seat per clan (named in the list); choosing Outpost makes
    it two seats and back; Add bot three times and Launch: the module game on the host's module
    screen, played to its end (the person ends each turn: B, A), kept in Replays and Stats."""
    app, sc = open_lobby(make_app, monkeypatch, (320, 240), free_port(), mode="gdl")
    assert sc.scene_name == "gdl_lobby" and sc.menu.current.label == "Launch"
    lines = [t for t, _ in sc.player_lines()]
    assert len(sc.lobby.seats) == 4 and lines[0].startswith("Red Clan: ") and lines[3].startswith("Blue Clan: ")
    app.screenshot(artifacts / "lan_lobby_gdl_320x240.png")
    press(app, B.UP, B.A)                                     # Add bot
    press(app, B.UP)
    assert sc.menu.current.label == "Module"
    while sc.modules[sc.index][1].name != "outpost.g":
        press(app, B.RIGHT)
    assert sc.lobby.seats == ["human", "bot:normal"] and sc.lobby.spec.lobby_play()[1].world.m.name == "outpost"
    while sc.modules[sc.index][1].name != "quartet.g":
        press(app, B.RIGHT)
    assert len(sc.lobby.seats) == 4 and sc.lobby.seats.count("bot:normal") == 1
    press(app, B.DOWN, B.A, B.A)                              # Add bot twice more
    press(app, B.DOWN, B.A)                                   # Launch
    assert sc.lobby.launched and stack(app)[-1] == "gdl_game"
    game_sc = app.top
    assert game_sc.run is sc.run and game_sc.human is not None and len(game_sc.humans) == 1
    def ended_or_ends_a_turn() -> bool:
        if stack(app)[-1] == "gdl_game" and game_sc.human_turn():
            press(app, B.B)                                   # nothing picked: the menu
            assert stack(app)[-1] == "choice"
            press(app, B.A)                                   # End turn
        return stack(app)[-1] == "link_over"

    run_until(app, ended_or_ends_a_turn, None, "the module's end")
    assert stack(app)[-1] == "link_over", stack(app)
    m = game_sc.match
    assert m.over and m.result.finished and m.result.replay_name
    assert [r.mode for r in app.replays.list() if r.ok] == ["gdl"] and len(app.stats.recent_games(5)) == 1


def test_the_lobby_list_shows_each_persons_score_as_this_unit_knows_it(make_app, monkeypatch):
    """Issue 22 item 2 "score info": a person this unit has records of shows " · Elo W-L" after
    their name; a name never played here shows nothing extra (no made-up 1000)."""
    from game.store.stats import GameRecord, SeatRecord
    app, sc = open_lobby(make_app, monkeypatch, (480, 320), free_port())
    me = sc.lobby.unit_name
    def host_line() -> str:
        return sc.player_lines()[0][0].split(": ", 1)[1]       # after the seat's colour
    assert host_line() == f"{me} (you, host) · v{sc.lobby.app_version}"
    app.stats.record_game(GameRecord("skirmish", "ring", "h", 1, [SeatRecord(0, me, False, 1, 3, 9),
                                                                  SeatRecord(1, "Bob", False, 2, 0, 0)]))
    sc.__dict__.pop("_scores", None)          # a lobby reads the records once; a new one again
    elo = app.stats.rating(me)
    assert elo > 1000
    assert host_line() == f"{me} (you, host) · v{sc.lobby.app_version} · {elo} 1-0"
