"""Who plays which seat of a linked game with more than two units (issue 22): the unit number in
START, and the host handing a seat to a bot and back by swapping the seat's driver.

START's options for a star guest are `UNIT_MARK unit` and then the usual tagged setup
(`game.link.modes.tag_setup`): each guest learns which unit it is (1..3; `SPECTATOR` for a unit
that only watches). A two-unit link never sends the mark (its guest is unit 1), so the bytes of
today's cable and LAN links do not change.
"""

from __future__ import annotations

import os

from game.link.remote import RemoteDriver

UNIT_MARK = 0xF0            # > LINK_TAG_MAX: cannot be the length byte of a mode tag
SPECTATOR = 0xFF            # the unit number of a unit that watches (it owns no seat)
CATCH_UP_MARK = 0xF1        # after the unit: 2 bytes, the moves the host sends before the present
MAX_CATCH_UP = 4096         # = firmware_bridge.star.MAX_QUEUE
MAX_UNITS = 4


def with_unit(unit: int, options: bytes, catch_up: int = 0) -> bytes:
    """`catch_up`: a unit that comes in mid-battle is first sent that many moves of the battle
    so far (its seats are not its own until it has them all)."""
    if not (1 <= unit < MAX_UNITS or unit == SPECTATOR):
        raise ValueError(f"unit {unit}: 1..{MAX_UNITS - 1} or a spectator")
    if not 0 <= catch_up <= MAX_CATCH_UP:
        raise ValueError(f"catch-up of {catch_up} moves: 0..{MAX_CATCH_UP}")
    mark = bytes([CATCH_UP_MARK]) + catch_up.to_bytes(2, "big") if catch_up else b""
    return bytes([UNIT_MARK, unit]) + mark + bytes(options)


def split_catch_up(options: bytes) -> tuple[int, bytes]:
    """(the moves to receive before this unit's seats are its own; the tagged setup), after
    `split_unit`."""
    data = bytes(options)
    if data[:1] != bytes([CATCH_UP_MARK]):
        return 0, data
    if len(data) < 3:
        raise ValueError("link setup: cut short in the catch-up count")
    n = int.from_bytes(data[1:3], "big")
    if not 1 <= n <= MAX_CATCH_UP:
        raise ValueError(f"link setup: catch-up of {n} moves (1..{MAX_CATCH_UP})")
    return n, data[3:]


def split_unit(options: bytes) -> tuple[int | None, bytes]:
    """(the unit number START names, or None for a two-unit START; the tagged setup)."""
    data = bytes(options)
    if data[:1] != bytes([UNIT_MARK]):
        return None, data
    if len(data) < 2 or not (1 <= data[1] < MAX_UNITS or data[1] == SPECTATOR):
        raise ValueError("link setup: bad unit number")
    return data[1], data[2:]


def unit_to_act(adapter) -> int | None:
    """The unit whose seat moves now (0: the host, also for the seats its bots play)."""
    m = adapter.match
    seat = m.to_act()
    if seat is None:
        return None
    d = m.driver(seat)
    return d.unit if isinstance(d, RemoteDriver) else adapter.unit


def seats_of(adapter, unit: int) -> list[int]:
    m = adapter.match
    return [s for s, d in sorted(m.drivers.items()) if isinstance(d, RemoteDriver) and d.unit == unit]


def hand_to_bot(adapter, unit: int, level: str = "normal") -> list[int]:
    """The host: a bot of `level` plays `unit`'s seats from now on (the unit dropped or sat idle).
    Returns the seats; the Remote drivers are kept on the side for `give_back`."""
    m = adapter.match
    kept = getattr(adapter, "stood_in", None)
    if kept is None:
        kept = adapter.stood_in = {}
    seats = seats_of(adapter, unit)
    from game.match import BotDriver
    for seat in seats:
        kept[seat] = m.drivers[seat]
        m.drivers[seat] = BotDriver(adapter.hook.new_bot(m, seat, level, os.urandom))
        m.notice(f"{kept[seat].name} left: a bot plays {m.player(seat).name} until they are back")
    return seats


def give_back(adapter, unit: int) -> list[int]:
    """The host: `unit` is back; its seats are its own again."""
    m = adapter.match
    kept = getattr(adapter, "stood_in", None) or {}
    seats = [s for s, d in kept.items() if d.unit == unit]
    for seat in seats:
        m.drivers[seat] = kept.pop(seat)
        m.notice(f"{m.drivers[seat].name} is back and plays {m.player(seat).name} again")
    return seats


def stood_in_units(adapter) -> set[int]:
    return {d.unit for d in (getattr(adapter, "stood_in", None) or {}).values()}
