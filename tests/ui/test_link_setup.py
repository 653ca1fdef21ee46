"""Link setup: the serial ports `hw.ports` finds (a fake /dev and USB enumeration), the TCP
entries, typed addresses; and linked duels over real TCP sockets on localhost — the UI hosting
a bot unit, and the UI joining a bot host by typing its address on the on-screen keyboard."""

from __future__ import annotations

import os
import socket
from types import SimpleNamespace

import pytest
from test_link_duel import DUEL_RULES, play_until
from ui_harness import B, menu_open, press, stack, type_text

from firmware_bridge.pairing import key_from_code
from firmware_bridge.session import Session
from game.link.addresses import parse_address
from game.link.modes import bot_game, split_setup, tag_setup
from game.modes.duel import DuelOptions
from game.modes.duel.link import encode_duel_setup

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


def fake_dev(tmp_path):
    dev = tmp_path / "dev"
    dev.mkdir()
    for name in ("ttyS0", "ttyAMA0", "ttyUSB0", "ttyS5"):
        (dev / name).write_text("")
    os.symlink("ttyS0", dev / "serial0")
    usb = SimpleNamespace(device=str(dev / "ttyUSB0"), product="FT232R USB UART", description="",
                          manufacturer="FTDI", serial_number="A50285BI")
    return dev, (lambda: [usb])


def test_link_setup_lists_the_ports_found(make_app, monkeypatch, tmp_path, artifacts):
    import game.ui.scenes.link.setup as setup_module
    from hw.ports import list_ports
    dev, comports = fake_dev(tmp_path)
    monkeypatch.setattr(setup_module, "find_ports",
                        lambda: list_ports(str(dev), comports=comports, model_path=str(tmp_path / "none")))
    app = make_app((480, 320))
    press(app, B.A)
    menu_open(app, "Link two units")
    sc = app.top
    assert sc.scene_name == "link_setup" and sc.role == "host"
    cable = sc.menu.items[2]
    labels = [cable.show(c) for c in cable.choices]
    assert labels[0].startswith("GPIO UART (GPIO 14/15): serial0 -> ttyS0")
    assert any("FT232R USB UART (ttyUSB0, #0285BI)" in lab for lab in labels)
    assert any(lab == "Pi UART (ttyAMA0)" for lab in labels)
    assert labels[-1] == "TCP (LAN): wait on port 7777"
    assert not any("ttyS5" in lab for lab in labels)              # a PC's placeholder ports are not offered
    app.screenshot(artifacts / "link_setup_480x320.png")
    press(app, B.DOWN, B.DOWN)                                    # Cable
    press(app, B.LEFT)                                            # wraps to the TCP entry
    assert sc.port == "tcp://:7777" and not sc.serial
    press(app, B.UP, B.UP, B.RIGHT)                               # join instead of host
    assert sc.role == "guest" and sc.port == sc.menu.items[2].choices[0]
    assert sc.menu.items[2].choices[-1] == "tcp-join"
    (dev / "ttyUSB1").write_text("")                               # an adapter plugged in later: X looks again
    press(app, B.X)
    assert any(c.endswith("ttyUSB1") for c in sc.menu.items[2].choices)
    for size in ((320, 240), (800, 480), (1280, 720)):
        small = make_app(size)
        small.open("link_setup")
        small.run_frames(1)
        small.screenshot(artifacts / f"link_setup_{size[0]}x{size[1]}.png")


def test_typed_addresses():
    assert parse_address("192.168.1.20") == "tcp://192.168.1.20:7777"
    assert parse_address(" 10.0.0.7 8000 ") == "tcp://10.0.0.7:8000"
    assert parse_address("tacti-box:9000") == "tcp://tacti-box:9000"
    for bad in ("", "1.2.3.4 port", "a b c", "x 70000", "a/b"):
        with pytest.raises(ValueError):
            parse_address(bad)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pump(app, peer, stop, frames=3000):
    for _ in range(frames):
        if stop():
            return
        app.step()
        peer.poll()
    raise AssertionError(f"not reached: {stack(app)}")


def test_duel_over_tcp_hosted_from_the_menus(make_app, monkeypatch):
    import game.ui.scenes.link.setup as setup_module
    from game.ui.modes.duel.setup_menu import host_options
    port = free_port()
    monkeypatch.setattr(setup_module, "find_ports", lambda: [])
    monkeypatch.setattr(setup_module, "TCP_HOST", f"tcp://:{port}")
    host_options().change(level_size=13)
    app = make_app((480, 320))
    app.open("link_setup", role="host", mode="duel")
    sc = app.top
    assert sc.port == f"tcp://:{port}"
    while sc.menu.current.label != "Connect":
        press(app, B.DOWN)
    press(app, B.A)
    assert stack(app)[-1] == "link_wait"
    code = app.top.run.pairing
    assert len(code) == 7 and any(t == f"pairing code: {code}" for t, _ in app.top.lines())
    peer = Session.open(f"tcp://127.0.0.1:{port}", now=app.now, role="guest", app_version="bot-1",
                        unit_name="TCP bot", content=DUEL_RULES, pairing_key=key_from_code(code),
                        make_game=lambda s, o: bot_game("duel", s, split_setup(o)[1], 1, "easy"))
    try:
        pump(app, peer, lambda: stack(app)[-1] == "duel_game")
        assert app.top.match.seats[1].name == "TCP bot"

        class Cable:
            def step(self):
                app.step()
                peer.poll()
        play_until(app, Cable(), lambda: stack(app)[-1] == "duel_results")
        pump(app, peer, lambda: peer.state == "finished")
        assert app.top.match.game.state_hash() == peer.game.game.state_hash()
    finally:
        peer.close()


def test_join_by_typing_the_hosts_address(make_app, monkeypatch):
    import game.ui.scenes.link.setup as setup_module
    monkeypatch.setattr(setup_module, "find_ports", lambda: [])
    port = free_port()
    host = Session.open(f"tcp://:{port}", role="host", app_version="bot-1", unit_name="Listening bot",
                        pairing_key=key_from_code("123456"),
                        content=DUEL_RULES, make_game=lambda s, o: bot_game("duel", s, split_setup(o)[1], 0, "easy"), seed=3,
                        options=tag_setup("duel", encode_duel_setup(DuelOptions(level_size=13), 200)))
    app = make_app((320, 240))
    try:
        app.open("link_setup", role="guest")
        sc = app.top
        assert sc.port == "tcp-join"
        while sc.menu.current.label != "Connect":
            press(app, B.DOWN)
        press(app, B.A)
        assert stack(app)[-1] == "textentry"
        type_text(app, f"127.0.0.1 {port}", enter=True)
        assert stack(app)[-1] == "textentry"           # then the pairing code from the host's screen
        type_text(app, "123 456", enter=True)
        assert stack(app)[-1] == "link_wait" and app.top.run.port == f"tcp://127.0.0.1:{port}"
        pump(app, host, lambda: stack(app)[-1] == "duel_game")
        m = app.top.match
        assert m.local == 1 and m.seats[0].name == "Listening bot" and m.game.state.layout.size == 13
    finally:
        host.close()
