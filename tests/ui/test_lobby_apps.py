"""Four units, one battle, from the menus (issue 22): five Tactibox apps in one process over real
TCP on 127.0.0.1. The host opens a LAN battle from Link two units (Cable "LAN battle"); three
apps find it through discovery on the loopback (announced to 127.255.255.255 only), pair with
the code and get seats at random; the host launches; each person plays their own seat on their
own battle screen. Mid-battle one joiner's unit loses power (its app is closed): a bot takes its
army at once; it starts again, finds the battle, pairs and gets its seat back. A fifth app joins
after the launch and watches. Every unit ends with the same state hash and placements."""

from __future__ import annotations

import socket

import pytest
from ui_harness import B, menu_open, new_app, press, stack, type_text

pytestmark = pytest.mark.slow


def free_port(kind=socket.SOCK_STREAM) -> int:
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make(tmp_path, name: str):
    app = new_app((320, 240), tmp_path / name)
    app.player_name = lambda seat=0, name=name: name
    press(app, B.A)
    menu_open(app, "Link two units")
    assert stack(app)[-1] == "link_setup"
    return app


def row(app, label: str) -> None:
    sc = app.top
    for _ in range(len(sc.menu.items) * 2):
        if sc.menu.current.label == label:
            return
        press(app, B.DOWN)
    raise AssertionError(f"no row {label!r}")


def turn_to(app, label: str, pred, limit: int = 40) -> None:
    row(app, label)
    for _ in range(limit):
        if pred():
            return
        press(app, B.RIGHT)
    raise AssertionError(f"{label}: no such choice")


def shot(app, path) -> None:
    """The apps share one dummy display: draw this one last, then take its picture."""
    app.top.dirty = True
    app.step()
    app.screenshot(path)


def step(apps) -> None:
    for a in apps:
        a.step()


def until(apps, pred, rounds: int = 3000, what: str = "condition", each=None) -> None:
    for _ in range(rounds):
        if pred():
            return
        if each is not None:
            each()
        step(apps)
    assert pred(), f"{what} not reached; scenes {[stack(a) for a in apps]}"


def join_from_menu(app, apps, code: str) -> None:
    sc = app.top
    turn_to(app, "This unit", lambda: sc.role == "guest")
    until(apps + [app], lambda: any(c.startswith("lan:") for c in sc.menu.items[2].choices), 400,
          "the battle heard on the LAN")
    turn_to(app, "Cable", lambda: sc.port.startswith("lan:"))
    assert "Battle host" in sc._port_label(sc.port)
    row(app, "Connect")
    press(app, B.A)
    assert stack(app)[-1] == "textentry"
    type_text(app, code, enter=True)
    assert stack(app)[-1] == "link_wait", stack(app)


def persons(apps, bot):
    """One frame's worth of people: whoever's turn it is on their own screen plays (a bot's
    choice through the battle screen's control, like a person's)."""
    def play() -> None:
        for a in apps:
            sc = a.top
            if sc.scene_name != "skirmish_link_battle":
                continue
            if sc.control.my_turn() and not sc.anim.busy and sc.human.pending is None and not sc.feed:
                sc.submit(bot.choose(sc.game))
    return play


def on_the_loopback(tmp_path, monkeypatch):
    """Apps in this process host on a free TCP port and announce to the loopback only; returns
    the Link screen's module (its TCP_LOBBY choice)."""
    import game.ui.scenes.link.lobby as lobby_module
    import game.ui.scenes.link.setup as setup_module
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "host"))
    monkeypatch.delenv("TACTIBOX_APPLIANCE", raising=False)
    monkeypatch.setattr(setup_module, "find_ports", lambda: [])
    monkeypatch.setattr(setup_module, "TCP_HOST", f"tcp://:{free_port()}")
    monkeypatch.setattr(lobby_module, "ANNOUNCE_TO", "127.255.255.255")      # the loopback only
    monkeypatch.setattr(lobby_module, "ANNOUNCE_PORT", free_port(socket.SOCK_DGRAM))
    return setup_module


def test_four_apps_and_a_watcher_play_a_lan_battle_from_their_menus(tmp_path, monkeypatch, artifacts):
    from game.modes.skirmish.bot import SkirmishBot
    setup_module = on_the_loopback(tmp_path, monkeypatch)
    host = make(tmp_path, "Battle host")
    apps = [host]
    gone = []
    try:
        sc = host.top
        turn_to(host, "Game", lambda: sc.mode == "skirmish")
        turn_to(host, "Cable", lambda: sc.port == setup_module.TCP_LOBBY)
        row(host, "Connect")
        press(host, B.A)
        lobby_sc = host.top
        assert lobby_sc.scene_name == "link_lobby"
        turn_to(host, "Turn limit", lambda: lobby_sc.turn_limit == 10)
        code = lobby_sc.run.pairing.replace(" ", "")
        lobby = lobby_sc.lobby
        shot(host, artifacts / "lan_lobby_empty_320x240.png")
        joiners = []
        for name in ("Ann", "Bo", "Cy"):
            a = make(tmp_path, name)
            join_from_menu(a, apps, code)
            apps.append(a)
            joiners.append(a)
        until(apps, lambda: lobby.waiting_for() == 0, 600, "three units seated")
        shot(host, artifacts / "lan_lobby_full_320x240.png")
        lines = [t for t, _ in lobby_sc.player_lines()]
        assert all(any(n in line for line in lines) for n in ("Ann", "Bo", "Cy", "Battle host"))
        row(host, "Launch")
        press(host, B.A)
        play = persons(apps, SkirmishBot("easy"))
        until(apps, lambda: all(stack(a)[-1] == "skirmish_link_battle" for a in apps), 600, "every battle screen",
              each=play)
        assert host.top.run is lobby_sc.run
        # --- a joiner loses power mid-battle: a bot plays its army; it comes back to its seat -------
        until(apps, lambda: lobby.star.turns >= 25, 6000, "25 moves", each=play)
        bo = joiners[1]
        bo_unit = next(m.unit for m in lobby.seated() if m.name == "Bo")
        apps.remove(bo)
        bo.top.run.close()              # its power is cut: the connection dies with it (the app object is
        gone.append(bo)                 # left alone: closing an app ends pygame for every app in the process)
        until(apps, lambda: lobby.drops == 1, 300, "the host noticed Bo left", each=play)
        turns = lobby.star.turns
        until(apps, lambda: lobby.star.turns >= turns + 10, 6000, "the battle goes on without Bo", each=play)
        bo = make(tmp_path, "Bo")
        join_from_menu(bo, apps, code)
        apps.append(bo)
        until(apps, lambda: lobby.returns == 1, 600, "Bo back in the battle", each=play)
        assert any(m.name == "Bo" and m.unit == bo_unit for m in lobby.seated())
        # --- a fifth unit watches -------------------------------------------------------------------------
        watcher = make(tmp_path, "Di")
        join_from_menu(watcher, apps, code)
        apps.append(watcher)
        until(apps, lambda: stack(watcher)[-1] == "skirmish_link_battle", 600, "the watcher's battle screen", each=play)
        shot(watcher, artifacts / "lan_lobby_watcher_320x240.png")
        until(apps, lambda: all(stack(a)[-1] == "skirmish_link_results" for a in apps), 40000, "results everywhere",
              each=play)
        until(apps, lambda: lobby.finished, 600, "the host's battle agreed by every unit")
        hashes = {a.top.run.session.game.game.state_hash() for a in apps}
        places = {tuple(a.top.run.session.game.game.placements()) for a in apps}
        assert len(hashes) == 1 and len(places) == 1
        assert lobby.result()["state_hash"] == next(iter(hashes))
        assert set(lobby.result()["moves_by_unit"]) == {"0", "1", "2", "3"}
        shot(host, artifacts / "lan_lobby_results_320x240.png")
        # results and records on every unit, the returning one and the watcher too: the stats
        # (Elo for people, bots unrated: game.store.stats; tests/link/test_lobby_records.py checks
        # the rows) and a replay that plays back from the seed to the battle's end (a unit coming in
        # mid-battle is sent the battle so far move by move)
        from game.core.replay import parse_replay
        from game.match.headless import verify_game
        for a in (host, joiners[0], joiners[2], bo, watcher):
            kept = [r for r in a.replays.list() if r.ok and r.mode == "skirmish"]
            assert kept, a.player_name()
            finished = [r for r in kept if r.extra.get("finished")]
            assert len(finished) == 1, a.player_name()      # (Bo's first unit's cut battle is not one)
            _, doc = a.replays.load(finished[0])
            assert verify_game("skirmish", parse_replay(doc)).state_hash() == next(iter(hashes)), a.player_name()
            assert a.stats.recent_games(1), a.player_name()
    finally:
        for a in apps + gone:
            a.close()
