"""Every link-capable mode of the registry from "Link two units": the menu lists exactly those
(a dummy mode registered here appears and plays on the generic linked screen), the Steel bout
and the Xconq module are hosted with their own set-up screens (defaults: a duel, knight against
brigand; outpost.g), joined by a unit that is told the mode by START, and played to the end over
a memory cable against a bot unit whose state hash ends the same. Only d-pad + A/B (and START
where the screen's menu is) are pressed."""

from __future__ import annotations

from pathlib import Path

import pytest
from link_dummy import PEBBLES
from test_link_duel import Cable
from ui_harness import B, press, stack

from firmware_bridge.session import Session
from game.link.modes import guest_spec, host_spec, split_setup
from game.link.remote import RemoteDriver
from game.modes.registry import Request, mode_ids, register, unregister

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py
OUTPOST = Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"


def bot_guest(level="normal"):
    """A bot unit joining with the same guest spec the menus use (it learns the mode from START)."""
    def make(link):
        gs = guest_spec(level=level)
        return Session(link, role="guest", app_version="bot-1", unit_name="Bot unit", content=gs.content,
                       content_provider=gs.content_provider, install_content=gs.install_content,
                       make_game=gs.make_game)
    return make


def bot_host(mode: str, req: Request, level="hard", seed=77):
    def make(link):
        hs = host_spec(mode, req=req, level=level)
        return Session(link, role="host", app_version="bot-1", unit_name="Bot host", content=hs.content,
                       content_provider=hs.content_provider, install_content=hs.install_content,
                       make_game=hs.make_game, seed=seed, options=hs.options)
    return make


def choose_game(app, mode: str, role: str = "host") -> None:
    """On "Link two units": the role row, then the Game row to `mode`, then Connect (d-pad + A)."""
    app.open("link_setup", role="host", mode="duel")
    sc = app.top
    if role != "host":
        press(app, B.RIGHT)                      # This unit: joins
    assert sc.role == role
    press(app, B.DOWN)
    if role == "host":
        for _ in range(8):
            if sc.mode == mode:
                break
            press(app, B.RIGHT)
        assert sc.mode == mode
    while sc.menu.current.label != "Connect":
        press(app, B.DOWN)
    press(app, B.A)


def hosted_with_defaults(make_app, monkeypatch, mode: str, scene: str, what: str):
    """(app, cable): a 480x320 unit hosting `mode` with its setup's defaults (Link pressed) for a
    bot guest, once the game's screen `scene` is up."""
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_guest())
    choose_game(app, mode)
    press(app, B.A)
    until(cable, lambda: stack(app)[-1] == scene, what=what)
    return app, cable


def until(cable, pred, frames=4000, what="condition") -> None:
    for _ in range(frames):
        if pred():
            return
        cable.step()
    assert pred(), f"{what} not reached; scenes {stack(cable.app)}"


# --------------------------------------------------------------------------- the menu itself

def test_the_game_row_lists_exactly_the_link_capable_modes(make_app, monkeypatch):
    import game.ui.scenes.link.setup as setup_module
    monkeypatch.setitem(setup_module.LAST, "mode", "")
    app = make_app((480, 320))
    app.open("link_setup")
    assert app.top.mode == mode_ids("link")[0]               # the first link-capable mode by menu order
    assert [app.top._show_mode(m) for m in app.top.menu.items[1].choices][:4] == [
        "Skirmish", "Wizard duel", "Steel bout", "Xconq module"]
    app.open("link_setup", role="host", mode="duel")
    listed = app.top.menu.items[1].choices
    assert listed == tuple(mode_ids("link")) and {"skirmish", "duel", "bout", "gdl"} <= set(listed)
    register(PEBBLES, replace=True)
    try:
        app.open("link_setup", role="host", mode="duel")
        assert app.top.menu.items[1].choices == tuple(mode_ids("link")) and "pebbles" in app.top.menu.items[1].choices
    finally:
        unregister("pebbles")


def test_bout_and_gdl_host_setups_have_sensible_defaults(make_app, monkeypatch, artifacts):
    app = make_app((480, 320))
    Cable(app, monkeypatch, bot_guest())
    choose_game(app, "bout")
    sc = app.top
    assert sc.scene_name == "bout_link_setup"
    o = sc.options()
    assert (o.scenario, o.fighters) == ("duel", ["knight", "brigand"])
    press(app, B.DOWN, B.RIGHT)                  # Set-up: one against three
    press(app, B.DOWN, B.RIGHT)                  # your fighter: the next template
    o = sc.options()
    assert o.scenario == "one_vs_three" and len(o.fighters) == 4 and o.fighters[0] != "knight"
    app.screenshot(artifacts / "link_bout_setup_480x320.png")
    press(app, B.B)
    press(app, B.B)
    choose_game(app, "gdl")
    assert app.top.scene_name == "gdl_link_setup" and app.top.path.name == "outpost.g"
    app.screenshot(artifacts / "link_gdl_setup_480x320.png")


# --------------------------------------------------------------------------- Steel bout

def _play_bout(cable, app, frames=6000):
    """The person on this unit accepts the pre-selected declaration (A); B passes if refused."""
    for _ in range(frames):
        sc = app.top
        if sc.scene_name == "link_over":
            return
        if sc.scene_name == "bout_game" and sc.chooser is not None:
            if sc.game.phase == "commit":            # Throw row: red (attack)
                press(app, B.DOWN, step=cable.step)
                press(app, B.RIGHT, step=cable.step)
            press(app, B.A, step=cable.step)
            if sc.chooser is not None and sc.chooser.error:
                press(app, B.B, step=cable.step)
        cable.step()
    raise AssertionError(f"the linked bout did not end; scenes {stack(app)}")


def test_linked_bout_hosted_from_the_menu_ends_identical_and_plays_again(make_app, monkeypatch, artifacts):
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_guest())
    choose_game(app, "bout")
    press(app, B.A)                              # Link (the defaults)
    assert stack(app)[-1] == "link_wait"
    until(cable, lambda: stack(app)[-1] == "bout_game", what="the linked bout")
    sc = app.top
    assert split_setup(sc.run.spec.options)[0] == "bout"
    assert sc.human_side == 0 and sc.human is sc.run.game.person is sc.match.driver(0)
    assert isinstance(sc.match.driver(1), RemoteDriver)             # the other unit's side
    assert cable.peer.game.link_mode == "bout" and cable.peer.game.unit == 1
    app.screenshot(artifacts / "link_bout_480x320.png")
    _play_bout(cable, app)
    host, guest = sc.run.game, cable.peer.game
    assert host.game.is_over() and guest.game.is_over()
    assert host.game.state_hash() == guest.game.state_hash()
    assert any("your throw is sealed" in line for line in sc.log)      # a secret throw went by COMMIT/REVEAL
    over = app.top
    assert any("winner" in line or "no winner" in line for line in over.lines)
    app.screenshot(artifacts / "link_bout_over_480x320.png")
    first = host.game.state_hash()
    assert over.menu.current.label == "Play again"
    press(app, B.A, step=cable.step)            # the host: the same bout again on both units
    until(cable, lambda: stack(app)[-1] == "bout_game", what="the second bout")
    assert app.top.run.session.game_no == 2
    _play_bout(cable, app)
    h2, g2 = app.top.run.game, cable.peer.game
    # the same seed and the same pre-selected choices replay the same bout (the secret throws'
    # salts no longer stay in the state once revealed), so only "a second game ran" is checked
    assert h2.game.state_hash() == g2.game.state_hash() and h2.game.is_over() and h2.game.turn > 0
    del first


def test_linked_bout_joined_from_the_menu_plays_the_guests_side(make_app, monkeypatch):
    app = make_app((480, 320))
    req = Request(options={"scenario": "duel", "fighters": "duelist,spearman"})
    cable = Cable(app, monkeypatch, bot_host("bout", req))
    choose_game(app, "bout", role="guest")
    until(cable, lambda: stack(app)[-1] == "bout_game", what="the joined bout")
    sc = app.top
    assert sc.human_side == 1 and [f.t.name for f in sc.game.fighters] == ["Duelist", "Spearman"]
    assert app._toast[0] == "Bot host started: Steel bout"          # told what the host started
    _play_bout(cable, app)
    assert sc.run.game.game.state_hash() == cable.peer.game.game.state_hash()
    over = app.top
    assert over.scene_name == "link_over" and over.menu.current.label == "Leave the link"
    press(app, B.A)
    assert stack(app) == ["menu"] and sc.run.closed


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_a_linked_bout_is_played_to_the_end_on_the_smallest_and_largest_screen(make_app, monkeypatch, artifacts, size):
    """A new player on a handheld (320x240) or a cabinet (1280x720): join, fight with d-pad + A/B,
    read the result."""
    app = make_app(size)
    cable = Cable(app, monkeypatch, bot_host("bout", Request(options={"scenario": "duel"})))
    choose_game(app, "bout", role="guest")
    until(cable, lambda: stack(app)[-1] == "bout_game", what="the joined bout")
    sc = app.top
    until(cable, lambda: sc.chooser is not None, what="the first declaration")
    app.run_frames(2)
    app.screenshot(artifacts / f"link_bout_{size[0]}x{size[1]}.png")
    _play_bout(cable, app)
    assert sc.run.game.game.state_hash() == cable.peer.game.game.state_hash()
    assert app.top.scene_name == "link_over" and app.top.menu.current.label == "Leave the link"


def test_linked_bout_survives_an_unplugged_cable(make_app, monkeypatch):
    app, cable = hosted_with_defaults(make_app, monkeypatch, "bout", "bout_game", "the linked bout")
    sc = app.top
    until(cable, lambda: sc.chooser is not None, what="the first declaration")
    cable.cut(True)
    press(app, B.A, step=cable.step)            # declared while the cable is out
    until(cable, lambda: sc.run.link_down() != "", frames=400, what="the banner")
    assert "unplugged" in sc.run.link_down()
    cable.cut(False)
    _play_bout(cable, app)
    assert sc.run.game.game.state_hash() == cable.peer.game.game.state_hash()


# --------------------------------------------------------------------------- Xconq module

def _play_gdl(cable, app, frames=20000, own_moves=3):
    """This unit's person: a few of the bot's moves through the screen (the lockstep path), then
    B (no unit picked: the screen's menu) + A (End turn) for the rest of each turn."""
    from game.modes.gdl.match import BotSeat
    adviser = BotSeat()
    for _ in range(frames):
        sc = app.top
        if sc.scene_name == "link_over":
            return
        if sc.scene_name == "gdl_game" and sc.human_turn():
            if own_moves > 0:
                own_moves -= 1
                sc.apply(adviser.choose(sc.game))
            else:
                press(app, B.B, step=cable.step)
                assert stack(app)[-1] == "choice"
                press(app, B.A, step=cable.step)
        cable.step()
    raise AssertionError(f"the linked module game did not end; scenes {stack(app)}")


def test_linked_gdl_hosted_from_the_menu_sends_the_module_and_ends_identical(make_app, monkeypatch, artifacts,
                                                                               tmp_path):
    app, cable = hosted_with_defaults(make_app, monkeypatch, "gdl", "gdl_game", "the linked module game")  # Link: outpost.g
    sc = app.top
    assert cable.peer.game.link_mode == "gdl" and not cable.peer.game.local_host
    assert sc.humans == {sc.game.sides[0]}
    received = tmp_path / "data" / "gdl" / "link-received" / "outpost.g"
    assert received.read_bytes() == OUTPOST.read_bytes()         # the bot unit had no module: sent
    app.screenshot(artifacts / "link_gdl_480x320.png")
    _play_gdl(cable, app)
    host, guest = app.top.run.game, cable.peer.game
    assert host.game.over and guest.game.over and host.game.state_hash() == guest.game.state_hash()
    assert host.game.turn >= 2 and app.top.lines[0].startswith(("You win!", "You are beaten.", "No winner"))


def test_linked_gdl_joined_from_the_menu_receives_the_module(make_app, monkeypatch):
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_host("gdl", Request(options={"module": str(OUTPOST)})))
    choose_game(app, "gdl", role="guest")
    until(cable, lambda: stack(app)[-1] == "gdl_game", what="the joined module game")
    sc = app.top
    assert sc.humans == set(sc.game.sides[1:])
    _play_gdl(cable, app)
    assert app.top.run.game.game.state_hash() == cable.peer.game.game.state_hash()


# --------------------------------------------------------------------------- a dummy mode

def test_a_registered_dummy_mode_is_hosted_with_defaults_and_played_on_the_generic_screen(make_app, monkeypatch,
                                                                                          artifacts):
    register(PEBBLES, replace=True)
    try:
        app = make_app((480, 320))
        cable = Cable(app, monkeypatch, bot_guest())
        choose_game(app, "pebbles")
        until(cable, lambda: stack(app)[-1] == "link_game", what="the generic linked screen")
        sc = app.top
        app.screenshot(artifacts / "link_generic_480x320.png")
        for _ in range(3000):
            if stack(app)[-1] == "link_over":
                break
            if sc.choices():
                press(app, B.DOWN, step=cable.step)
                press(app, B.A, step=cable.step)
            cable.step()
        assert stack(app)[-1] == "link_over"
        assert sc.run.game.game.state_hash() == cable.peer.game.game.state_hash()
        assert sc.run.game.game.is_over()
    finally:
        unregister("pebbles")


@pytest.mark.parametrize("rights", [1, 2])          # one against three, the room
def test_linked_bout_in_the_larger_set_ups_the_guest_plays_three_foes(make_app, monkeypatch, rights):
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_guest())
    choose_game(app, "bout")
    press(app, B.DOWN)
    for _ in range(rights):
        press(app, B.RIGHT)
    assert app.top.scenario == ("one_vs_three", "roguelike")[rights - 1]
    press(app, B.UP, B.A)
    until(cable, lambda: stack(app)[-1] == "bout_game", what="the linked bout")
    sc = app.top
    assert [f.side for f in sc.game.fighters] == [0, 1, 1, 1]
    _play_bout(cable, app, frames=20000)
    assert sc.run.game.game.state_hash() == cable.peer.game.game.state_hash()


def test_linked_gdl_screen_follows_a_restored_game(make_app, monkeypatch):
    """A resync replaces the adapter's game (as after the host's snapshot): the screen drops what
    was picked and pending, plays on with the new game and still ends identical."""
    app, cable = hosted_with_defaults(make_app, monkeypatch, "gdl", "gdl_game", "the linked module game")
    sc = app.top
    until(cable, lambda: sc.human_turn(), what="this unit's turn")
    press(app, B.R)                                   # pick a unit (one-handed: R cycles them)
    assert sc.selected is not None
    old = sc.game
    adapter = sc.run.game
    adapter.restore(adapter.snapshot())
    cable.step()
    assert sc.game is adapter.game is not old and sc.selected is None
    assert sc.game.state_hash() == old.state_hash()
    _play_gdl(cable, app)
    assert app.top.run.game.game.state_hash() == cable.peer.game.game.state_hash()
    assert app.top.run.game.match.replay.meta.get("resynced_after_actions")     # its replay says so
