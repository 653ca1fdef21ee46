"""Two Tactibox apps in one process, joined by a memory cable, both driven from their menus with
the d-pad and A/B only: one hosts a Steel bout (then an Xconq module), the other joins and is
told what the host started; each person plays its own side on its own screen; both end on the
same state hash, and the host's "Play again" brings both into the next game."""

from __future__ import annotations

import pytest
from test_link_modes_menu import choose_game
from ui_harness import B, new_app, press, stack

from firmware_bridge.counters import Counters
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.session import Session
from firmware_bridge.transport_mem import memory_pair

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


class TwoAppCable:
    """The link's `open_session` for two apps: the first unit to open a port gets one end of a
    memory cable, the second the other end."""

    def __init__(self, monkeypatch) -> None:
        import game.link.run as run_module
        import game.ui.scenes.link.setup as setup_module
        from hw.ports import PortInfo
        self.ends = []
        monkeypatch.setattr(run_module, "open_session", self.open)
        monkeypatch.setattr(setup_module, "find_ports",
                            lambda: [PortInfo("/dev/ttyUSB0", "USB serial: test cable (ttyUSB0)", "usb", "ttyUSB0")])

    def open(self, port, *, baud, now, **kw):
        if not self.ends:
            self.ends = list(memory_pair(now=now, counters_a=Counters(), counters_b=Counters()))
        t = self.ends.pop(0)
        return Session(ReliableLink(t, now=now, counters=t.counters), **kw)


@pytest.fixture
def two_apps(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "host"))
    monkeypatch.delenv("TACTIBOX_APPLIANCE", raising=False)
    host, guest = new_app((480, 320), tmp_path / "host"), new_app((480, 320), tmp_path / "guest")
    seeds = iter(range(4242, 5000))
    host.seed_source = lambda: next(seeds)       # each game on its own seed
    yield host, guest
    host.close()
    guest.close()


def step(*apps, n=1) -> None:
    for _ in range(n):
        for app in apps:
            app.step()


def until(apps, pred, frames=4000, what="condition") -> None:
    for _ in range(frames):
        if pred():
            return
        step(*apps)
    assert pred(), f"{what} not reached; scenes {[stack(a) for a in apps]}"


def bout_person(app) -> None:
    """One frame of a person at a linked bout: red throws, the pre-selected declaration (A); B
    passes if it is refused."""
    sc = app.top
    if sc.scene_name == "bout_game" and sc.chooser is not None:
        if sc.game.phase == "commit":
            press(app, B.DOWN)
            press(app, B.RIGHT)
        press(app, B.A)
        if sc.chooser is not None and sc.chooser.error:
            press(app, B.B)


BACK = {B.RIGHT: B.LEFT, B.LEFT: B.RIGHT, B.UP: B.DOWN, B.DOWN: B.UP}


def gdl_person(app) -> None:
    """One frame of a person at a linked module game: in the first turns R picks a unit and the
    d-pad looks for a neighbouring hex it can act on (A acts there), B lets go; then B (nothing
    picked: the menu) + A ends the turn."""
    sc = app.top
    if sc.scene_name != "gdl_game" or not sc.human_turn():
        return
    if sc.game.turn < 4:
        for _ in range(len(sc.my_units())):
            press(app, B.R)
            if sc.selected is None:
                break
            for b in (B.RIGHT, B.LEFT, B.UP, B.DOWN):
                press(app, b)
                if sc.unit_actions_at(sc.selected, sc.cursor):
                    press(app, B.A)
                    break
                press(app, BACK[b])
            else:
                continue
            break
        if sc.selected is not None:
            press(app, B.B)                       # let go of the unit
            app.step()
    if sc.human_turn() and sc.selected is None:
        press(app, B.B)
        if stack(app)[-1] == "choice":
            press(app, B.A)                       # End turn


def test_two_apps_play_a_linked_bout_from_their_menus_and_again(two_apps, monkeypatch, artifacts):
    host, guest = two_apps
    TwoAppCable(monkeypatch)
    choose_game(host, "bout")
    press(host, B.A)                             # Link, with the defaults
    choose_game(guest, "bout", role="guest")
    until((host, guest), lambda: stack(host)[-1] == stack(guest)[-1] == "bout_game", what="both bouts")
    hs, gs = host.top, guest.top
    assert (hs.human_side, gs.human_side) == (0, 1) and guest._toast[0].endswith("started: Steel bout")
    for game_no in (1, 2):
        logged = set()
        for _ in range(8000):
            if stack(host)[-1] == stack(guest)[-1] == "link_over":
                break
            bout_person(host)
            bout_person(guest)
            step(host, guest)
            for app in (host, guest):
                if app.top.scene_name == "bout_game":
                    logged.update(app.top.log)
        assert any("dice" in line for line in logged), logged      # the exchanges' own log lines
        assert stack(host)[-1] == stack(guest)[-1] == "link_over", (stack(host), stack(guest))
        a, b = host.top.run.game, guest.top.run.game
        assert a.game.is_over() and a.game.state_hash() == b.game.state_hash()
        assert host.top.run.session.game_no == guest.top.run.session.game_no == game_no
        for app in (host, guest):                # kept on both units, like any bout (issue 22 item 6)
            saved = [r for r in app.replays.list() if r.ok and r.mode == "bout"]
            assert len(saved) == game_no and len(app.stats.recent_games(10)) == game_no
            # both units go by "Player 1": told apart, so each is rated on its own
            assert sorted(saved[0].extra["players"]) == ["Player 1 (guest)", "Player 1 (host)"]
        _, doc = app.replays.load(saved[0].name)          # (saved: this app's; names carry the second)
        from game.core.replay import parse_replay
        from game.modes import driver
        from game.modes.registry import get_mode
        verdict = driver.verify(get_mode("bout"), parse_replay(doc))
        assert verdict.ok, verdict.problems
        if game_no == 1:
            host.screenshot(artifacts / "link_two_apps_bout_over_host.png")
            assert guest.top.menu.current.label == "Leave the link"
            press(host, B.A)                     # Play again
            until((host, guest), lambda: stack(host)[-1] == stack(guest)[-1] == "bout_game", what="the rematch")
    press(guest, B.A)                            # the guest leaves; the host is told
    assert stack(guest) == ["title", "menu"] or stack(guest)[-1] == "menu"


def test_two_apps_play_a_linked_xconq_module_from_their_menus(two_apps, monkeypatch, tmp_path):
    from game.modes.gdl.actions import End
    from game.ui.human import HumanDriver
    host, guest = two_apps
    TwoAppCable(monkeypatch)
    offered = []
    real_offer = HumanDriver.offer

    def offer(driver, match, *actions):
        real_offer(driver, match, *actions)
        offered.extend((match.link["role"] == "host", a) for a in actions)
    monkeypatch.setattr(HumanDriver, "offer", offer)
    choose_game(host, "gdl")
    press(host, B.A)                             # Link: outpost.g
    choose_game(guest, "gdl", role="guest")
    until((host, guest), lambda: stack(host)[-1] == stack(guest)[-1] == "gdl_game", what="both module games")
    hs, gs = host.top, guest.top
    assert hs.humans == {hs.game.sides[0]} and gs.humans == set(gs.game.sides[1:])
    for _ in range(20000):
        if stack(host)[-1] == stack(guest)[-1] == "link_over":
            break
        gdl_person(host)
        gdl_person(guest)
        step(host, guest)
    assert stack(host)[-1] == stack(guest)[-1] == "link_over", (stack(host), stack(guest))
    a, b = host.top.run.game, guest.top.run.game
    assert a.game.over and a.game.turn >= 3 and a.game.state_hash() == b.game.state_hash()
    for side in (True, False):                   # both persons moved units, not only ended turns
        assert any(not isinstance(act, End) for local_host, act in offered if local_host is side)
        assert any(isinstance(act, End) for local_host, act in offered if local_host is side)
    for app, unit in ((host, a), (guest, b)):    # kept in Replays and Stats on both units (issue 22 item 6)
        assert unit.match.result is not None and unit.match.result.replay_name
        assert [r.mode for r in app.replays.list() if r.ok] == ["gdl"]
        assert len(app.stats.recent_games(10)) == 1, (unit.match.result, app.stats.messages)


def test_a_unit_leaving_mid_bout_is_shown_on_the_other(two_apps, monkeypatch):
    host, guest = two_apps
    TwoAppCable(monkeypatch)
    choose_game(host, "bout")
    press(host, B.A)
    choose_game(guest, "bout", role="guest")
    until((host, guest), lambda: stack(host)[-1] == stack(guest)[-1] == "bout_game", what="both bouts")
    hs = host.top
    press(guest, B.START, step=lambda: step(host, guest))  # the guest's person leaves the link
    assert stack(guest)[-1] == "menu" and not hs.game.is_over()
    until((host, guest), lambda: hs.run.link_down() != "", frames=400, what="the host to notice")
    assert hs.run.link_down() in ("the other unit left", "cable unplugged — waiting")
    host.step()
    press(host, B.START)                         # and the host's person goes back too
    assert stack(host)[-1] == "menu" and hs.run.closed
