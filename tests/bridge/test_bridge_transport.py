"""Transports: pyserial URLs and real ptys, unplug/replug, TCP listener/connector, port names."""

from __future__ import annotations

import os
import socket
import time
import tty

import pytest
from linkkit import FakeClock

from firmware_bridge.counters import Counters
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.transport import SerialTransport, open_transport, parse_tcp
from firmware_bridge.transport_tcp import TcpConnector, TcpListener
from firmware_bridge.wire import KIND_APP


def wait_for(pred, timeout=3.0, step=0.002, poll=()):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in poll:
            p.poll()
        if pred():
            return True
        time.sleep(step)
    return False


def test_loop_url_round_trip_non_blocking():
    t = SerialTransport("loop://", 9600)
    assert t.up and t.byte_time == 0.0
    assert t.read() == b"\x00"               # the decoder flush byte sent on open comes back
    assert t.read() == b""                    # nothing there: returns at once
    assert t.write(b"abc\x00")
    assert t.read() == b"abc\x00"
    t.close()
    assert not t.up and t.read() == b"" and t.write(b"x") is False


def test_missing_device_is_down_with_a_clear_status_and_never_raises(tmp_path):
    clock = FakeClock()
    path = str(tmp_path / "ttyUSB7")
    t = SerialTransport(path, now=clock)
    assert not t.up
    assert path in t.status and "retrying" in t.status
    assert t.read() == b"" and t.write(b"\x01\x00") is False
    errors = t.counters.transport_errors
    t.poll()                                  # before the retry time: no new attempt
    assert t.counters.transport_errors == errors
    clock.advance(1.5)
    t.poll()
    assert t.counters.transport_errors == errors + 1


def test_bad_baud_and_bad_tcp_names_are_refused_up_front():
    with pytest.raises(ValueError):
        SerialTransport("loop://", 0)
    for bad in ("tcp://host", "tcp://host:abc", "tcp://:70000", ""):
        with pytest.raises(ValueError):
            open_transport(bad)


def test_parse_tcp_listen_or_connect():
    assert parse_tcp("tcp://:7777") == ("", 7777, True)
    assert parse_tcp("tcp://0.0.0.0:7777") == ("0.0.0.0", 7777, True)
    assert parse_tcp("tcp://192.168.1.20:7777") == ("192.168.1.20", 7777, False)
    assert parse_tcp("tcp://[::1]:7777") == ("::1", 7777, False)


def _pty():
    m, s = os.openpty()
    tty.setraw(s)
    os.set_blocking(m, False)
    return m, s


def test_pty_pulled_and_replugged_under_a_stable_name(tmp_path):
    """A USB adapter pulled out (its device vanishes) and plugged back (maybe under another
    ttyUSB number; the by-id link follows it): reported down, no exception, reopened."""
    clock = FakeClock()
    m1, s1 = _pty()
    link = tmp_path / "usb-FTDI_FT232R_A10K-if00-port0"
    link.symlink_to(os.ttyname(s1))
    t = SerialTransport(str(link), 115200, now=clock)
    assert t.up and t.generation == 1
    assert os.read(m1, 100) == b"\x00"
    os.write(m1, b"hello")
    assert wait_for(lambda: t.read() == b"hello")
    # pull: the device disappears
    os.close(m1)
    os.close(s1)
    link.unlink()
    for _ in range(5):
        t.read()
        t.write(b"\x01\x02\x00")
    assert not t.up
    assert "lost" in t.status and "retrying" in t.status
    assert t.counters.transport_errors >= 1
    clock.advance(1.1)
    t.poll()                                  # still gone: stays down, quietly
    assert not t.up
    # replug: a new device node, the stable name points at it again
    m2, s2 = _pty()
    link.symlink_to(os.ttyname(s2))
    clock.advance(1.1)
    t.poll()
    assert t.up and t.generation == 2 and t.counters.reopens == 1
    assert os.read(m2, 100) == b"\x00"        # flush byte for the other side's decoder
    os.write(m2, b"back")
    assert wait_for(lambda: t.read() == b"back")
    t.close()
    os.close(m2)
    os.close(s2)


def test_reliable_link_over_a_pty_survives_the_adapter_being_pulled(tmp_path):
    """The whole stack on unit A over a real pty; unit B is another link on the master side."""
    from firmware_bridge.transport_mem import MemoryTransport
    clock = FakeClock()
    m, s = _pty()
    dev = tmp_path / "ttyUSB0"
    dev.symlink_to(os.ttyname(s))
    ta = SerialTransport(str(dev), now=clock)
    a = ReliableLink(ta, now=clock)

    class MasterEnd(MemoryTransport):          # unit B reads/writes the pty master directly
        fd = m

        def _raw_read(self, limit):
            try:
                return os.read(self.fd, limit)
            except (BlockingIOError, OSError):
                return b""

        def _raw_write(self, data):
            try:
                return os.write(self.fd, data)
            except OSError:
                return len(data)               # cable gone: bytes vanish
    tb = MasterEnd("master", now=clock)
    b = ReliableLink(tb, now=clock)

    def run(seconds):
        got = []
        for _ in range(int(seconds / 0.01)):
            clock.advance(0.01)
            a.poll()
            got += b.poll()
            time.sleep(0.0005)
        return got
    run(0.3)
    assert a.state == b.state == "up"
    a.send(KIND_APP, b"one")
    assert run(0.3) == [(KIND_APP, b"one")]
    # pull the adapter: the pty vanishes under unit A
    os.close(s)
    os.close(m)
    dev.unlink()
    a.send(KIND_APP, b"two")
    run(0.2)
    assert a.state == "down"
    assert "lost" in a.transport.status or "cannot open" in a.transport.status
    # plug it back (a new pty behind the same name) and give unit B the new master
    m2, s2 = _pty()
    dev.symlink_to(os.ttyname(s2))
    MasterEnd.fd = m2
    got = run(3.0)
    assert (KIND_APP, b"two") in got and got.count((KIND_APP, b"two")) == 1
    assert a.state == b.state == "up"
    a.close()
    os.close(m2)
    os.close(s2)


def test_tcp_listener_and_connector_reconnect_after_a_break():
    lst = TcpListener("127.0.0.1", 0)
    port = lst.port
    con = TcpConnector("127.0.0.1", port)
    assert wait_for(lambda: lst.up and con.up, poll=(lst, con))
    assert wait_for(lambda: lst.read() == b"\x00", poll=(lst,))   # the connector's flush byte
    assert con.write(b"ping\x00")
    assert wait_for(lambda: lst.read() == b"ping\x00", poll=(lst,))
    # the guest's end breaks (its socket dies); both notice, the guest reconnects
    con._sock.shutdown(socket.SHUT_RDWR)
    assert wait_for(lambda: (con.read() or True) and not con.up, poll=())
    assert wait_for(lambda: (lst.read() or True) and lst.up and con.up, timeout=5.0, poll=(lst, con))
    assert con.generation == 2 and con.counters.reopens == 1
    lst.close()
    con.close()


def test_tcp_connector_to_nobody_retries_quietly():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]              # a port nobody listens on
    clock = FakeClock()
    con = TcpConnector("127.0.0.1", port, now=clock)
    for _ in range(20):
        con.poll()
        time.sleep(0.005)
    assert not con.up and con.read() == b""
    assert "retrying" in con.status or "connecting" in con.status


def test_whole_link_over_tcp():
    a = ReliableLink(TcpListener("127.0.0.1", 0, counters=Counters()))     # the host listens
    b = ReliableLink(open_transport(f"tcp://127.0.0.1:{a.transport.port}"))  # the guest connects
    got = []
    a.send(KIND_APP, b"over the LAN")
    assert wait_for(lambda: (got.extend(b.poll()) or True) and got == [(KIND_APP, b"over the LAN")],
                    timeout=5.0, poll=(a,))
    a.close()
    b.close()


def test_open_transport_picks_the_right_kind():
    t = open_transport("loop://", 9600)
    assert isinstance(t, SerialTransport) and t.baud == 9600
    t.close()
    with socket.socket() as probe:
        probe.bind(("", 0))
        free = probe.getsockname()[1]
    lst = open_transport(f"tcp://:{free}")
    assert isinstance(lst, TcpListener) and lst.port == free
    lst.close()
    con = open_transport("tcp://127.0.0.1:9")
    assert isinstance(con, TcpConnector)
    con.close()
