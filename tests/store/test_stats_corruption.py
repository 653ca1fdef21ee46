"""stats.sqlite3 with one damaged byte: never a crash, never stats lost for good (issue 9 item 8)."""

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.store.stats import GameRecord, SeatRecord, StatsStore

WHEN = datetime(2026, 5, 22, 14, 30, tzinfo=UTC)


def _game(seed: int) -> GameRecord:
    seats = [SeatRecord(1, "Ann", False, 1, 3, 40), SeatRecord(2, "Bob", False, 2, 0, 0),
             SeatRecord(3, "Cy", True, 3, 0, 0)]
    return GameRecord("skirmish", "ring", "abc123", seed, seats, played_at=WHEN, replay=f"r{seed}.replay")


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("good") / "stats.sqlite3"
    s = StatsStore(path)
    for seed in range(30):
        assert s.record_game(_game(seed)) is not None
    s.close()
    raw = path.read_bytes()
    assert len(raw) >= 5 * 4096  # header, schema, games, seats, ratings pages
    return raw


def _schema_text_offset(raw: bytes) -> int:
    """Where the CREATE TABLE text of the schema lives (the bytes whose damage was not handled)."""
    at = raw.find(b"CREATE TABLE")
    assert at > 0
    return at


def _positions(raw: bytes) -> list[int]:
    schema = _schema_text_offset(raw)
    spots = set(range(0, 100))                          # the file header, every byte
    spots |= set(range(0, len(raw), 89))                # everywhere, a fixed stride
    spots |= set(range(schema - 40, schema + 600, 7))   # the schema's SQL text and names
    return sorted(p for p in spots if 0 <= p < len(raw))


def _open_damaged(tmp_path: Path, raw: bytes, pos: int, xor: int) -> tuple[StatsStore, Path]:
    folder = tmp_path / f"p{pos}-{xor}"
    folder.mkdir()
    damaged = bytearray(raw)
    damaged[pos] ^= xor
    path = folder / "stats.sqlite3"
    path.write_bytes(bytes(damaged))
    return StatsStore(path, synchronous="OFF"), path


def test_schema_byte_damage_that_raised_unicode_decode_error_is_recovered(tmp_path, good_db):
    # the example: a byte inside the schema's SQL text xor 0xFF makes PRAGMA quick_check
    # (and any read of sqlite_master) raise UnicodeDecodeError from inside the sqlite3 module
    pos = _schema_text_offset(good_db) + 29
    s, path = _open_damaged(tmp_path, good_db, pos, 0xFF)
    damaged = path.read_bytes()
    assert s.open()
    assert len(s.messages) == 1 and "damaged" in s.messages[0] and "stats.sqlite3.corrupt-1" in s.messages[0]
    assert (path.parent / "stats.sqlite3.corrupt-1").read_bytes() == damaged  # kept for the owner
    assert s.record_game(_game(99)) is not None
    assert s.totals("Ann").wins == 1
    assert len(s.messages) == 1  # told once


@pytest.mark.parametrize("xor", [0xFF, 0x01])
def test_many_single_byte_corruptions_never_crash_nor_lose_stats(tmp_path, good_db, xor):
    positions = _positions(good_db)
    assert len(positions) > 150
    set_aside = 0
    for pos in positions:
        s, path = _open_damaged(tmp_path, good_db, pos, xor)
        try:
            assert s.open(), (pos, s.messages)
            assert s.record_game(_game(1000)) is not None, (pos, s.messages)
            line = s.totals("Ann")
            assert line.wins >= 1, (pos, s.messages)
            assert s.game_count() >= 1
            assert not any("unavailable" in m for m in s.messages), (pos, s.messages)
            assert len(s.messages) <= 1, (pos, s.messages)  # at most the one "damaged, kept as" line
            if s.messages:
                set_aside += 1
                assert (path.parent / "stats.sqlite3.corrupt-1").exists()
        finally:
            s.close()
    assert set_aside > 10  # the sweep did hit damage that needed recovery


def test_a_locked_or_unwritable_database_is_not_thrown_away(tmp_path, good_db):
    # errors about the surroundings are not damage: the file stays, the player is told once
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(good_db)
    import sqlite3
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        s = StatsStore(path, timeout=0.0)
        s.open()
        s.totals("Ann")
        s.rating("Ann")
        assert not list(tmp_path.glob("*.corrupt-*"))
        assert len(s.messages) <= 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_special_files_in_the_databases_place(tmp_path, kind):
    path = tmp_path / "stats.sqlite3"
    if kind == "fifo":
        os.mkfifo(path)           # used to block the start-up forever (the appliance hung at boot)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    s = StatsStore(path, synchronous="OFF")
    assert s.open()
    assert len(s.messages) == 1 and "stats.sqlite3.corrupt-1" in s.messages[0]
    assert (tmp_path / "stats.sqlite3.corrupt-1").exists() or (tmp_path / "stats.sqlite3.corrupt-1").is_symlink()
    assert s.record_game(_game(1)) is not None and s.totals("Ann").wins == 1
    s.close()
