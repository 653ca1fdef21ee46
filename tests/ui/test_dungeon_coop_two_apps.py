"""Dungeon co-op from the Link menu (issue 18 item 7): two Tactibox apps in one process, joined
by a memory cable, both driven with the d-pad and A/B only. The host picks "Dungeon co-op" on
the Steel bout's link set-up, the other unit joins; each person walks its own hero (the keys
sealed and revealed by the screens), both units stay on the same state hash every frame, and at
the end of the run each unit keeps the run's replay (which verifies) and its stats."""

from __future__ import annotations

import pytest
from test_link_modes_menu import choose_game
from test_link_two_apps import TwoAppCable, step, until
from ui_harness import B, new_app, press, stack

from game.modes.bout.dungeon import actions as A
from game.modes.bout.dungeon.botplay import DungeonBot

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

SEED = 4249                 # a run the hard hero bots end in 223 steps (both heroes fall)
ARROWS = {0: (B.UP,), 2: (B.RIGHT,), 4: (B.DOWN,), 6: (B.LEFT,), 1: (B.UP, B.RIGHT), 3: (B.RIGHT, B.DOWN),
          5: (B.DOWN, B.LEFT), 7: (B.LEFT, B.UP)}


@pytest.fixture
def coop_apps(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "host"))
    monkeypatch.delenv("TACTIBOX_APPLIANCE", raising=False)
    host, guest = new_app((480, 320), tmp_path / "host"), new_app((480, 320), tmp_path / "guest")
    seeds = iter(range(SEED, SEED + 50))
    host.seed_source = lambda: next(seeds)
    yield host, guest
    host.close()
    guest.close()


def coop_person(app, bots) -> None:
    """One frame of a person at the co-op screen: the hero bot's key for this unit's hero, given
    with the d-pad (two arrows together for a diagonal) or A (wait, or the stairs); A declares
    the pre-selected line in a fight, B passes (and A confirms) when that is refused."""
    sc = app.top
    if sc.scene_name != "bout_dungeon_coop":
        return
    g = sc.game
    if g.phase == "declare" and sc.chooser is not None:
        press(app, B.A)
        if sc.chooser is not None and sc.chooser.error:
            press(app, B.B)
            if stack(app)[-1] == "confirm":
                press(app, B.A)
        return
    if not sc.my_key_awaited():
        return
    bot = bots.setdefault(sc.me, DungeonBot("hard", g.seed, me=sc.me))
    key = bot.key(g)
    if isinstance(key, A.Step) and key.dir in ARROWS:
        for b in ARROWS[key.dir]:
            press(app, b)
    elif isinstance(key, A.Descend) or not sc.on_stairs():
        press(app, B.A)                              # the stairs, or a wait
    else:
        press(app, B.B)                              # on the stairs but not going: wait from the menu
        press(app, B.A)


def start_coop(host, guest) -> None:
    """The host: Link menu -> Steel bout -> Set-up: Dungeon co-op -> Link; the guest joins."""
    choose_game(host, "bout")
    sc = host.top
    assert sc.scene_name == "bout_link_setup"
    press(host, B.DOWN)                               # Set-up
    for _ in range(6):
        if sc.scenario == "dungeon":
            break
        press(host, B.RIGHT)
    assert sc.scenario == "dungeon" and sc.menu.items[1].show(sc.scenario) == "Dungeon co-op"
    press(host, B.UP)
    press(host, B.A)                                  # Link
    choose_game(guest, "bout", role="guest")
    until((host, guest), lambda: stack(host)[-1] == stack(guest)[-1] == "bout_dungeon_coop", what="both co-op screens")


def test_two_apps_play_a_dungeon_coop_run_from_the_link_menu(coop_apps, monkeypatch, artifacts):
    host, guest = coop_apps
    TwoAppCable(monkeypatch)
    start_coop(host, guest)
    hs, gs = host.top, guest.top
    assert (hs.me, gs.me) == (0, 1) and hs.game.coop
    assert hs.game.actors[0].t.name != hs.game.actors[1].t.name
    bots: dict = {}
    shot = False
    for _ in range(12000):
        if stack(host)[-1] == stack(guest)[-1] == "link_over":
            break
        coop_person(host, bots.setdefault("h", {}))
        coop_person(guest, bots.setdefault("g", {}))
        step(host, guest)
        if host.top.scene_name == "bout_dungeon_coop" and guest.top.scene_name == "bout_dungeon_coop":
            a, b = host.top.match, guest.top.match
            if len(a.replay.actions) == len(b.replay.actions):
                assert a.game.state_hash() == b.game.state_hash()
            if not shot and a.game.turn >= 8:
                host.screenshot(artifacts / "dungeon_coop_host.png")
                guest.screenshot(artifacts / "dungeon_coop_guest.png")
                shot = True
    assert stack(host)[-1] == stack(guest)[-1] == "link_over", (stack(host), stack(guest))
    ga, gb = host.top.run.game.match.game, guest.top.run.game.match.game
    assert ga.is_over() and ga.turn >= 20 and ga.state_hash() == gb.state_hash()
    from game.core.replay import parse_replay
    from game.modes import driver
    from game.modes.registry import get_mode
    for app in (host, guest):                         # each unit keeps the run: replay and stats
        saved = [r for r in app.replays.list() if r.ok and r.mode == "bout"]
        assert len(saved) == 1 and len(app.stats.recent_games(10)) == 1
        _, doc = app.replays.load(saved[0].name)
        rep = parse_replay(doc)
        assert rep.options.get("coop") is True
        verdict = driver.verify(get_mode("bout"), rep)
        assert verdict.ok, verdict.problems
    press(guest, B.A)                                 # the guest leaves the link


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_coop_at_the_small_and_large_sizes_and_a_unit_leaving(tmp_path, monkeypatch, artifacts, size):
    """A few steps on both units at 320x240 and 1280x720: the goal line says whose move is
    awaited; then the guest leaves (START -> Leave the linked run -> DOWN, A: yes) and the host
    is told."""
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "host"))
    monkeypatch.delenv("TACTIBOX_APPLIANCE", raising=False)
    host, guest = new_app(size, tmp_path / "host"), new_app(size, tmp_path / "guest")
    try:
        TwoAppCable(monkeypatch)
        start_coop(host, guest)
        hs, gs = host.top, guest.top
        bots = {}
        said = set()
        for _ in range(600):
            if hs.game.turn >= 6:
                break
            coop_person(host, bots.setdefault("h", {}))
            step(host, guest)
            said.add(gs.goal_text())
            coop_person(guest, bots.setdefault("g", {}))
            step(host, guest)
        assert hs.game.turn >= 6 and hs.game.state_hash() == gs.game.state_hash()
        assert any(t.startswith("Waiting for") or "sealed" in t for t in said), said
        host.screenshot(artifacts / f"dungeon_coop_{size[0]}x{size[1]}.png")
        import pygame

        from game.ui import theme as T
        for sc, mine in ((hs, 0), (gs, 1)):          # each unit draws its own hero in the player's colour
            surf = pygame.Surface(size)
            sc.draw(surf)
            g = sc.game

            def you(i, sc=sc, surf=surf, g=g):
                r = sc.view.cell_rect(g.level, g.actors[i].pos)
                return 0 if r is None else sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom)
                                               if surf.get_at((x, y))[:3] == tuple(T.YOU))
            if g.actors[mine].standing:
                assert you(mine) > 4
            assert you(1 - mine) == 0
        press(guest, B.START)
        assert stack(guest)[-1] == "pause"
        from ui_harness import menu_pick
        menu_pick(guest, "Leave the linked run")
        assert stack(guest)[-1] == "confirm" and "link closes" in guest.top.question
        press(guest, B.DOWN, B.A)                     # the question's "yes" (its default keeps playing)
        assert stack(guest)[-1] == "menu"
        until((host,), lambda: hs.run.link_down() != "", frames=400, what="the host to notice")
    finally:
        host.close()
        guest.close()
