"""An Xconq module for three units from the menus (issue 22 item 7): three Tactibox apps in one
process over real TCP on 127.0.0.1. The host opens a LAN battle with Game "Xconq module" (Quartet,
four clans: one seat per clan) and adds a bot; two apps find it through discovery on the loopback,
pair with the code, receive the module and get a clan each; the host launches; each person plays
their own clan on their own module screen. Every unit ends on the same state hash, keeps the
replay (it plays back) and the stats."""

from __future__ import annotations

import pytest
from test_lobby_apps import join_from_menu, make, on_the_loopback, row, turn_to, until
from ui_harness import B, press, stack

pytestmark = pytest.mark.slow


def persons(apps):
    """One frame's worth of people: whoever's clan is to act plays on their own module screen (the
    table bot's choice, offered through the screen like a person's)."""
    from game.modes.gdl.match import BotSeat
    advisers = {}

    def play() -> None:
        for a in apps:
            sc = a.top
            if sc.scene_name == "gdl_game" and sc.human_turn():
                sc.apply(advisers.setdefault(id(a), BotSeat()).choose(sc.game))
    return play


def test_three_apps_play_a_four_clan_module_from_their_menus(tmp_path, monkeypatch, artifacts):
    from game.core.datafile import ASSETS
    from game.core.replay import parse_replay
    from game.match.headless import verify_game
    from game.modes.gdl.hooks import GdlRules
    setup_module = on_the_loopback(tmp_path, monkeypatch)
    host = make(tmp_path, "Battle host")
    apps = [host]
    try:
        sc = host.top
        turn_to(host, "Game", lambda: sc.mode == "gdl")
        turn_to(host, "Cable", lambda: sc.port == setup_module.TCP_LOBBY)
        row(host, "Connect")
        press(host, B.A)
        lobby_sc = host.top
        assert lobby_sc.scene_name == "gdl_lobby" and lobby_sc.modules[0][1].name == "quartet.g"
        lobby = lobby_sc.lobby
        row(host, "Add bot")
        press(host, B.A)
        code = lobby_sc.run.pairing.replace(" ", "")
        for name in ("Ann", "Bo"):
            a = make(tmp_path, name)
            join_from_menu(a, apps, code)
            apps.append(a)
        until(apps, lambda: lobby.waiting_for() == 0, 600, "two units seated")
        lines = [t for t, _ in lobby_sc.player_lines()]
        assert all(any(n in line for line in lines) for n in ("Ann", "Bo", "Battle host", "bot (normal)"))
        assert any(line.startswith("Red Clan: Battle host") for line in lines)
        row(host, "Launch")
        press(host, B.A)
        play = persons(apps)
        until(apps, lambda: all(stack(a)[-1] == "gdl_game" for a in apps), 600, "every module screen", each=play)
        # the joiners had no module: the host sent it (into the data folder the link names, here the
        # process's TACTIBOX_DATA, which the three apps in this one process share)
        assert (tmp_path / "host" / "gdl" / "link-received" / "quartet.g").exists()
        until(apps, lambda: all(stack(a)[-1] == "link_over" for a in apps), 40000, "the end everywhere", each=play)
        until(apps, lambda: lobby.finished, 600, "the host's game agreed by every unit")
        hashes = {a.top.run.session.game.game.state_hash() for a in apps}
        assert len(hashes) == 1 and lobby.result()["state_hash"] == next(iter(hashes))
        assert set(lobby.result()["moves_by_unit"]) == {"0", "1", "2"}
        for a in apps:
            kept = [r for r in a.replays.list() if r.ok and r.mode == "gdl"]
            assert len(kept) == 1 and a.stats.recent_games(1), a.player_name()
            _, doc = a.replays.load(kept[0])
            rules = GdlRules(ASSETS / "gdl" / "quartet.g")
            assert verify_game("gdl", parse_replay(doc), rules=rules).state_hash() == next(iter(hashes))
    finally:
        for a in apps:
            a.close()
