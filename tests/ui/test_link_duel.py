"""Linked duels driven from the screens on one unit against a `tactibox link`-style bot unit on
the other end of an in-process memory cable (both on the app's clock): host and join, a pulled
cable ("cable unplugged — waiting", the game resumes), chat both ways, a rematch started by
the host; a protocol mismatch and a rules mismatch shown as clear errors."""

from __future__ import annotations

import pytest
from test_ui_duel_keys import keypad_buttons, pick, ready
from ui_harness import B, menu_open, menu_pick, mock_of, press, stack

from firmware_bridge.counters import Counters
from firmware_bridge.messages import Hello
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.session import Session
from firmware_bridge.transport_mem import memory_pair
from game.link.modes import bot_game, split_setup, tag_setup
from game.modes.duel import DuelOptions
from game.modes.duel.bot import DuelBot
from game.modes.duel.link import encode_duel_setup, link_rules_hash
from game.modes.duel.messages import CHAT_PHRASES
from game.modes.duel.wire import decode_chat, encode_chat
from game.ui import theme as T

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

@pytest.fixture(autouse=True)
def _duel_howto_seen(monkeypatch):
    """These tests play duels, not the first-game how-to (test_duel_controls.py opens it)."""
    from game.ui import onboarding
    due = onboarding.howto_due
    monkeypatch.setattr(onboarding, "howto_due", lambda app, mode: mode != "duel" and due(app, mode))


DUEL_RULES = {"duel-rules": link_rules_hash()}


class Cable:
    """Replaces the link's `open_session`: the screens' session on one end of a memory cable, a
    bot unit's session on the other; `step()` runs one frame of the app and polls the bot unit."""

    def __init__(self, app, monkeypatch, peer_factory) -> None:
        self.app = app
        self.peer: Session | None = None
        self.ends = None
        self.opened = []
        self.peer_factory = peer_factory
        import game.link.run as run_module
        import game.ui.scenes.link.setup as setup_module
        from hw.ports import PortInfo
        monkeypatch.setattr(run_module, "open_session", self.open)
        monkeypatch.setattr(setup_module, "find_ports",
                            lambda: [PortInfo("/dev/ttyUSB0", "USB serial: test cable (ttyUSB0)", "usb", "ttyUSB0")])

    def open(self, port, *, baud, now, **kw):
        self.opened.append((port, baud, kw["role"]))
        ta, tb = memory_pair(now=now, counters_a=Counters(), counters_b=Counters())
        self.ends = (ta, tb)
        self.peer = self.peer_factory(ReliableLink(tb, now=now, counters=tb.counters))
        return Session(ReliableLink(ta, now=now, counters=ta.counters), **kw)

    def cut(self, on: bool) -> None:
        for t in self.ends:
            t.cut = on

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step()
            if self.peer is not None:
                self.peer.poll()


def bot_guest(level="normal"):
    return lambda link: Session(link, role="guest", app_version="bot-1", unit_name="Bot unit", content=DUEL_RULES,
                                make_game=lambda seed, o: bot_game("duel", seed, split_setup(o)[1], 1, level))


def bot_host(options: DuelOptions, level="hard", seed=99):
    return lambda link: Session(link, role="host", app_version="bot-1", unit_name="Bot host", content=DUEL_RULES,
                                make_game=lambda s, o: bot_game("duel", s, split_setup(o)[1], 0, level), seed=seed,
                                options=tag_setup("duel", encode_duel_setup(options, 200)))


def open_link_menu(app, role_label: str) -> None:
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Wizard duel")
    menu_pick(app, role_label)
    assert stack(app)[-1] == "link_setup"


def connect(app, cable) -> None:
    menu_pick(app, "Connect")
    assert stack(app)[-1] == "link_wait", stack(app)
    for _ in range(200):
        if stack(app)[-1] == "duel_game":
            return
        cable.step()
    raise AssertionError(f"the duel did not start: {stack(app)} {app.top.run.status()}")


def play_frame(app, cable, policy) -> None:
    """One frame of the cable; first, when the screen waits for this unit's wizard, `policy`'s
    action entered on the keypad."""
    sc = app.top
    if ready(sc):
        for b in keypad_buttons(policy.choose(sc.game.view(sc.match.viewer()))):
            press(app, b, frames=0)
    cable.step()


def play_until(app, cable, stop, policy=None, max_frames=20000):
    from game.modes.duel.bot import DuelBot
    policy = policy or DuelBot("hard")
    for _ in range(max_frames):
        if stop():
            return
        play_frame(app, cable, policy)
    raise AssertionError(f"not reached; scenes {stack(app)}")


@pytest.fixture(autouse=True)
def small_levels(fresh_options):
    fresh_options.change(level_size=13)
    yield


def test_hosted_duel_survives_a_pulled_cable_chats_and_rematches(make_app, monkeypatch, artifacts):
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_guest())
    open_link_menu(app, "Link: host")
    connect(app, cable)
    assert cable.opened[0] == ("/dev/ttyUSB0", 115200, "host")
    sc = app.top
    m = sc.match
    assert m.mode == "link" and m.local == 0 and m.seats[1].name == "Bot unit"
    assert m.game.state.layout.size == 13                                # the host's options
    # chat: a canned phrase from the d-pad menu (Y), one typed on a keyboard, one from the bot unit
    press(app, B.Y)
    pick(app, "Good luck!")
    mock_of(app).tap(B.KP_ENTER)                                         # the keypad's Enter: chat
    cable.step(2)
    assert sc.chat_line == ""
    mock_of(app).type_text("hi there")
    cable.step()
    assert sc.chat_line == "hi there"
    app.screenshot(artifacts / "duel_chat_typing_480x320.png")
    mock_of(app).edit("enter")
    cable.peer.send_app(b"\x02\x09garbage")                            # a bad length: dropped, counted
    cable.peer.send_app(encode_chat(text="hello from the bot"))
    cable.step(10)
    assert m.run.chat.bad == 1
    got = [decode_chat(p) for p in cable.peer.drain_app()]
    assert got == [(CHAT_PHRASES[1], 1), ("hi there", None)]
    chat = [(e.sender, e.text) for e in m.logs[0].entries() if e.chat]
    assert chat == [(0, "Good luck!"), (0, "hi there"), (1, "hello from the bot")]
    app.step()
    app.screenshot(artifacts / "duel_chat_log_480x320.png")
    # play some turns, then pull the cable for 4 s
    play_until(app, cable, lambda: m.game.turn >= 6 or m.game.is_over())
    cable.cut(True)
    t0 = sc.time
    cable.step(120)
    assert sc.time - t0 > 3.9                                             # the frame loop kept going
    assert m.link_down() == "cable unplugged — waiting"
    app.step()
    app.screenshot(artifacts / "duel_link_unplugged_480x320.png")
    board = sc.layout.board
    assert any(tuple(app.surface.get_at((x, board.centery)))[:3] == T.TEXT_BAD
               for x in range(board.x, board.right))                       # the red-framed notice
    cable.cut(False)
    cable.step(30)
    assert m.link_down() == ""
    play_until(app, cable, lambda: stack(app)[-1] == "duel_results")
    res = app.top
    cable.step(30)
    s = res.match.run.session
    assert s.state == "finished" and cable.peer.state == "finished"
    assert s.game.game.state_hash() == cable.peer.game.game.state_hash() == res.match.game.state_hash()
    assert s.counters.link_downs + cable.peer.counters.link_downs >= 1
    app.screenshot(artifacts / "duel_link_results_480x320.png")
    # the host starts the next duel (Play again, on A); both units follow
    assert res.menu.current.label == "Play again"
    press(app, B.A)
    for _ in range(100):
        if stack(app)[-1] == "duel_game":
            break
        cable.step()
    assert stack(app)[-1] == "duel_game"
    assert app.top.match.game_no == 2 and cable.peer.game_no == 2
    press(app, B.START)
    pick(app, "Leave the duel")
    press(app, B.DOWN, B.A)
    assert stack(app) == ["menu"] and s.link.state == "closed"


def test_the_other_units_turn_arrives_whole_and_is_walked_step_by_step(make_app, monkeypatch):
    """One TURN frame a duel turn, applied at once by the link; the screen shows the other
    wizard's actions one at a time (what it has not shown yet shrinks frame by frame) before the
    final one, drawing the board as it was after each."""
    app = make_app((480, 320))
    cable = Cable(app, monkeypatch, bot_guest("hard"))
    open_link_menu(app, "Link: host")
    connect(app, cable)
    m = app.top.match
    queued, walked = 0, set()
    policy = DuelBot("hard")
    for _ in range(6000):
        if m.game.turn >= 8 or m.game.is_over():
            break
        play_frame(app, cable, policy)
        queued = max(queued, len(m.heard))
        if m.heard and m.mover() == 1:
            walked.add(len(m.heard))
    s = m.run.session
    real = s.game.game                                              # the link's game (the screen may lag)
    guest_turns = real.turn // 2 if real.state.first == 0 else (real.turn + 1) // 2
    assert s.counters.turns_received == guest_turns > 0            # one frame per turn
    assert queued >= 2                                              # a whole turn came at once
    assert len(walked) >= 2                                         # ...and its steps were shown in between


def test_joined_duel_against_a_bot_host(make_app, monkeypatch):
    app = make_app((320, 240))
    cable = Cable(app, monkeypatch, bot_host(DuelOptions(level_size=15)))
    open_link_menu(app, "Link: join")
    sc = app.top
    assert sc.role == "guest" and sc._show_mode("duel") == "the host decides"
    connect(app, cable)
    m = app.top.match
    assert m.local == 1 and m.game.state.layout.size == 15 and m.seats[0].name == "Bot host"
    assert not m.controls_options
    play_until(app, cable, lambda: stack(app)[-1] == "duel_results")
    cable.step(30)
    res = app.top
    assert res.match.game.state_hash() == cable.peer.game.game.state_hash()
    assert res.again is None                          # the guest waits for the host's next duel
    cable.peer.rematch(seed=5)
    for _ in range(100):
        if stack(app)[-1] == "duel_game":
            break
        cable.step()
    assert stack(app)[-1] == "duel_game" and app.top.match.game_no == 2


def hello_v99(peer):
    def send():
        peer._hello_sent = True
        peer._send(Hello("guest", "future", "Future unit", DUEL_RULES, protocol=99).encode())
    return send


def test_protocol_mismatch_is_a_clear_error(make_app, monkeypatch, artifacts):
    app = make_app((480, 320))

    def future(link):
        s = bot_guest()(link)
        s._send_hello = hello_v99(s)
        return s
    cable = Cable(app, monkeypatch, future)
    open_link_menu(app, "Link: host")
    menu_pick(app, "Connect")
    wait = app.top
    cable.step(40)
    # the host shows why the unit was turned away and keeps waiting (a stranger cannot end it)
    assert stack(app)[-1] == "link_wait" and not wait.run.session.failed
    texts = [t for t, _ in wait.lines()]
    assert any("protocol mismatch" in t and "version 99" in t for t in texts), texts
    assert any("Update the older one" in t for t in texts)
    assert any("still waiting" in t for t in texts)
    app.screenshot(artifacts / "link_error_480x320.png")
    press(app, B.B)
    assert stack(app)[-1] == "link_setup" and wait.run.closed


def test_duel_rules_mismatch_is_a_clear_error(make_app, monkeypatch):
    app = make_app((480, 320))
    other = lambda link: Session(link, role="guest", app_version="old", unit_name="Old unit",  # noqa: E731
                                 content={"duel-rules": b"\x01" * 8}, make_game=lambda s, o: bot_game("duel", s, split_setup(o)[1], 1, "easy"))
    cable = Cable(app, monkeypatch, other)
    open_link_menu(app, "Link: host")
    menu_pick(app, "Connect")
    wait = app.top
    cable.step(40)
    assert cable.peer.failed and not wait.run.session.failed    # the host turns that unit away, keeps waiting
    texts = [t for t, _ in wait.lines()]
    assert any("duel-rules" in t for t in texts) and any("Update the older unit" in t for t in texts)
    assert any("still waiting" in t for t in texts)
    assert "duel-rules" in cable.peer.error                     # the other unit says so too
