"""Finding battles without typing addresses (issue 22 item 1), on the loopback only: a lobby
announces itself to 127.255.255.255 and finders on this machine list it; hostile or malformed
datagrams are counted and ignored; the finder is bounded in datagrams per poll and games kept;
`tactibox link --port lan` joins the battle it hears."""

from __future__ import annotations

import socket

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from linkkit import FakeClock

from firmware_bridge.discovery import (
    FORGET_AFTER,
    MAX_DATAGRAM,
    MAX_GAMES,
    READS_A_POLL,
    Announcement,
    Announcer,
    Finder,
)


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def send(port: int, data: bytes, to: str = "127.0.0.1") -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        s.sendto(data, (to, port))


def poll_until(finder, cond, polls: int = 200):
    import time
    for _ in range(polls):
        finder.poll()
        if cond():
            return True
        time.sleep(0.005)
    return False


GOOD = Announcement(port=7777, free=2, seats=4, name="Red cabinet", mode="skirmish", map="Four Rivers",
                    app_version="0.1.0", lobby=b"abcd")


def test_an_announcement_round_trips_and_its_bytes_are_as_documented():
    data = GOOD.encode()
    assert data[:5] == b"TBXL\x01" and data[5:9] == b"abcd" and data[9:11] == (7777).to_bytes(2, "big")
    assert data[11:14] == bytes([2, 4, 0]) and data[14] == len("Red cabinet")
    assert Announcement.decode(data) == GOOD
    long = Announcement(port=1, free=0, seats=2, name="é" * 40).encode()
    assert len(Announcement.decode(long).name.encode()) <= 32        # cut, never inside a character


@pytest.mark.parametrize("bad", [
    b"", b"TBXL", b"XXXX" + GOOD.encode()[4:], b"TBXL\x02" + GOOD.encode()[5:],
    GOOD.encode()[:-1], GOOD.encode() + b"\0",
    Announcement(port=0, free=1, seats=2).encode(), Announcement(port=1, free=3, seats=2).encode(),
    Announcement(port=1, free=1, seats=5).encode(), Announcement(port=1, free=1, seats=1).encode(),
    GOOD.encode()[:13] + b"\x80" + GOOD.encode()[14:],                          # unknown flag
    GOOD.encode()[:14] + b"\x21" + GOOD.encode()[15:],                          # text length > 32
    GOOD.encode()[:15] + b"\xff" + GOOD.encode()[16:],                          # not UTF-8
    b"TBXL\x01" + bytes(MAX_DATAGRAM),
])
def test_malformed_announcements_are_refused(bad):
    with pytest.raises(ValueError):
        Announcement.decode(bad)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.binary(max_size=MAX_DATAGRAM + 8))
def test_any_bytes_decode_or_fail_cleanly(data):
    try:
        ann = Announcement.decode(data)
    except ValueError:
        return
    assert Announcement.decode(ann.encode()) == ann       # what was kept is a well-formed announcement
    assert len(data) <= MAX_DATAGRAM


def test_control_and_bidi_characters_in_names_are_not_shown():
    ann = Announcement(port=9, free=1, seats=2, name="evil\u202e\x1b[2J")
    assert Announcement.decode(ann.encode()).name == "evil??[2J"


def test_finders_on_the_loopback_hear_a_broadcast_lobby_and_forget_it():
    port = free_udp_port()
    clock = FakeClock()
    finders = [Finder(port=port, now=clock) for _ in range(2)]
    ann = Announcer(lambda: GOOD, to="127.255.255.255", port=port, now=clock)
    try:
        ann.poll()
        for f in finders:
            assert poll_until(f, lambda f=f: f.games())
            (g,) = f.games()
            assert g.url == "tcp://127.0.0.1:7777" and g.ann.name == "Red cabinet" and "2 of 4 seats free" in g.label()
        ann.poll()                                     # not yet: one a second
        assert ann.sent == 1
        clock.advance(FORGET_AFTER + 1)
        finders[0].poll()
        assert finders[0].games() == []
    finally:
        ann.close()
        for f in finders:
            f.close()


def test_a_flood_of_hostile_datagrams_is_bounded_and_ignored():
    port = free_udp_port()
    clock = FakeClock()
    f = Finder(port=port, now=clock)
    try:
        for i in range(100):                           # 100 different "games"
            send(port, Announcement(port=1000 + i, free=1, seats=2, name=f"g{i}", lobby=bytes([i]) * 4).encode())
        for _ in range(50):
            send(port, b"\x00" * 300)                  # too long
            send(port, b"TBXL\x01junk")
        assert poll_until(f, lambda: f.heard + f.malformed >= 200, polls=400)
        assert len(f.games()) <= MAX_GAMES
        assert f.malformed >= 100
        before = f.heard + f.malformed
        for _ in range(READS_A_POLL * 3):
            send(port, b"junk")
        import time
        time.sleep(0.05)
        f.poll()
        assert f.heard + f.malformed - before <= READS_A_POLL      # one poll reads a bounded number
    finally:
        f.close()


def test_a_lobby_announces_its_free_seats_and_map():
    from lobbykit import skirmish_lobby
    clock = FakeClock()
    lobby = skirmish_lobby(clock)
    lobby.listen("127.0.0.1", 0)
    try:
        a = lobby.announcement()
        assert (a.free, a.seats, a.mode, a.map, a.playing) == (3, 4, "skirmish", "Four Rivers", False)
        assert a.port == lobby.acceptor.port
    finally:
        lobby.close()
