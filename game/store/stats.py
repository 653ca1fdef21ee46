"""stats.sqlite3: every battle, every seat's result, Elo ratings of human players.

SQLite in WAL mode (readers never block the one writer; a crash mid-write leaves the last
committed state). ``synchronous=FULL``: each commit fsyncs the WAL, so a game whose results
screen was shown is still there after somebody switches the cabinet off a second later.
``NORMAL`` would keep the file consistent too but may forget the last commits after a power
cut; with one small transaction per finished battle the cost of FULL is a few milliseconds.

A corrupt or foreign database never stops the game: it is reported (naming the file), moved aside
as ``stats.sqlite3.corrupt-N`` (with its ``-wal``/``-shm``), and a fresh one is started.

The stats view follows the WoS Book of Tactics: your own line is your total record; another
player's line is only their record *relative to you*, from battles you both fought, plus their
rating. Bots only appear to have a rating: it is always the start rating, and playing against
them never moves anybody's rating (see ``game.core.ratings``).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from game.core.ratings import START_RATING, SeatResult, round_half_away_from_zero, updated_ratings
from game.store.safefile import set_aside

log = logging.getLogger("tactibox.store")

SCHEMA_VERSION = 1
SYNCHRONOUS = "FULL"

_DDL = """
CREATE TABLE IF NOT EXISTS games (
    id           INTEGER PRIMARY KEY,
    mode         TEXT    NOT NULL,
    map          TEXT    NOT NULL,
    ruleset_hash TEXT    NOT NULL,
    seed         INTEGER NOT NULL,
    played_at    TEXT    NOT NULL,          -- ISO 8601 with UTC offset
    replay       TEXT,                      -- file name in replays/, NULL if none
    finished     INTEGER NOT NULL DEFAULT 1 -- 0 = abandoned: kept, but no wins, losses or rating
);
CREATE TABLE IF NOT EXISTS seats (
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    player        TEXT    NOT NULL,
    is_bot        INTEGER NOT NULL,
    placement     INTEGER,                  -- 1 = winner; NULL in an abandoned battle
    pieces_left   INTEGER NOT NULL,
    hp_left       INTEGER NOT NULL,
    rating_before INTEGER,                  -- humans in finished battles only
    rating_after  INTEGER,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_player ON seats(player);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT PRIMARY KEY,                -- humans only
    rating INTEGER NOT NULL,
    games  INTEGER NOT NULL
);
"""

_EXPECTED_COLUMNS = {
    "games": {"id", "mode", "map", "ruleset_hash", "seed", "played_at", "replay", "finished"},
    "seats": {"game_id", "seat", "player", "is_bot", "placement", "pieces_left", "hp_left",
              "rating_before", "rating_after"},
    "ratings": {"player", "rating", "games"},
}

_CORRUPTION_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
# Errors that say nothing about the file's content (a full disk, a lock, a folder we cannot
# write): the file is kept where it is and the game goes on without stats for now.
_ENVIRONMENT_CODES = {"SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_CANTOPEN", "SQLITE_FULL", "SQLITE_READONLY",
                      "SQLITE_PERM", "SQLITE_NOMEM", "SQLITE_INTERRUPT", "SQLITE_AUTH", "SQLITE_NOLFS"}


class NotOurDatabase(sqlite3.DatabaseError):
    pass


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    player: str
    is_bot: bool
    placement: int | None
    pieces_left: int
    hp_left: int


@dataclass(frozen=True)
class GameRecord:
    mode: str
    map: str
    ruleset_hash: str
    seed: int
    seats: Sequence[SeatRecord]
    played_at: datetime | None = None  # None: now
    replay: str | None = None
    finished: bool = True


@dataclass(frozen=True)
class StatsLine:
    """One line of the stats view. For yourself: totals; for others: their record against you."""

    player: str
    is_bot: bool
    wins: int
    losses: int
    rating: int
    rated: bool  # False for bots: the rating is only for show

    @property
    def games(self) -> int:
        return self.wins + self.losses

    @property
    def win_percent(self) -> int:
        """Whole percent, half away from zero; 0 with no games."""
        if not self.games:
            return 0
        from decimal import Decimal
        return round_half_away_from_zero(Decimal(self.wins * 100) / Decimal(self.games))


@dataclass(frozen=True)
class ModeRecord:
    """A player's record in one mode (the Stats screen's records view)."""

    mode: str
    finished: int
    wins: int
    losses: int
    draws: int
    abandoned: int


def _is_corruption(exc: BaseException) -> bool:
    """Does this error, raised while reading the database, mean its content is damaged?

    Damage does not only show as SQLITE_CORRUPT: one flipped byte in the schema text makes the
    sqlite3 module raise UnicodeDecodeError (or OperationalError "Could not decode to UTF-8"),
    a flipped type byte a plain SQLITE_ERROR. So every database error counts as damage except
    those about the surroundings (lock, full disk, permissions, I/O): those leave the file alone.
    """
    if isinstance(exc, (NotOurDatabase, UnicodeDecodeError)):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False  # our own mistake, not the file's: report it, never throw the file away
    name = getattr(exc, "sqlite_errorname", None) or ""
    if name in _CORRUPTION_CODES:
        return True
    return not (name in _ENVIRONMENT_CODES or name.startswith("SQLITE_IOERR"))


class StatsStore:
    """Opens lazily; every public method survives a broken database (reported in ``messages``)."""

    def __init__(self, path: str | Path, *, synchronous: str = SYNCHRONOUS, timeout: float = 5.0) -> None:
        self.path = Path(path)
        self.synchronous = synchronous
        self.timeout = timeout  # seconds to wait for another writer's lock
        self.messages: list[str] = []
        self._conn: sqlite3.Connection | None = None
        self._failing = False  # a failure was reported: stay quiet until something works again

    # -- opening and recovery -----------------------------------------------------------
    def _say(self, text: str) -> None:
        self.messages.append(text)
        log.warning(text)

    def _check_header(self) -> None:
        """Refuse what is not a regular SQLite file before SQLite opens it: a FIFO (would block),
        a device, and a file whose write-version byte is unknown (SQLite opens it read-only,
        silently, and every write fails)."""
        try:
            # O_NONBLOCK: a FIFO in the database's place must not hang the start-up
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
        except FileNotFoundError:
            return
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise NotOurDatabase("not a regular file")
            head = os.read(fd, 100)
        finally:
            os.close(fd)
        if not head:
            return  # an empty file is a new database
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            raise NotOurDatabase("not an SQLite database (bad header)")
        if head[18] not in (1, 2) or head[19] not in (1, 2):
            raise NotOurDatabase(f"unknown file format versions {head[18]}/{head[19]} in the header")

    def _connect(self) -> sqlite3.Connection:
        self._check_header()
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=self.timeout)
        try:
            check = conn.execute("PRAGMA integrity_check(3)").fetchall()
            if check != [("ok",)]:
                raise NotOurDatabase("integrity check failed: " + "; ".join(str(r[0]) for r in check[:3]))
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version == 0 and not tables:
                conn.executescript(_DDL + f"PRAGMA user_version={SCHEMA_VERSION};")
            elif version != SCHEMA_VERSION:
                raise NotOurDatabase(f"unknown stats format version {version} (this game knows {SCHEMA_VERSION})")
            for table, cols in _EXPECTED_COLUMNS.items():
                have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
                if have != cols:
                    raise NotOurDatabase(f"table {table} has unexpected columns {sorted(have)}")
            # Only now that the file is known to be ours (a foreign file is left untouched):
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise NotOurDatabase(f"cannot switch to WAL mode (journal_mode={mode})")
            conn.execute(f"PRAGMA synchronous={self.synchronous}")
            conn.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            conn.close()
            raise
        return conn

    def _recover(self, exc: BaseException) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None
        try:
            aside = set_aside(self.path, companions=("-wal", "-shm"))
            kept = f"it was kept as {aside.name}"
        except OSError as err:
            kept = f"it could not be moved aside ({err.strerror or err})"
            try:
                self.path.unlink()
            except OSError:
                pass
        self._say(f"{self.path}: the stats database is damaged ({exc}); {kept}; starting a fresh one")

    def conn(self) -> sqlite3.Connection:
        """The open connection (opening, and if need be recovering, the database)."""
        if self._conn is None:
            try:
                self._conn = self._connect()
            except Exception as exc:
                if not _is_corruption(exc) or not self.path.exists():
                    raise
                self._recover(exc)
                self._conn = self._connect()
        return self._conn

    def open(self) -> bool:
        """Open now (at start-up) rather than at first use; False if stats are unavailable."""
        try:
            self.conn()
            return True
        except Exception as exc:  # noqa: BLE001 - whatever the file holds, the game starts without stats
            self._say(f"{self.path}: stats are unavailable ({exc})")
            self._failing = True
            return False

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _run(self, what: str, fn, default):
        """Run fn(conn); on corruption recover and retry once; on other errors report, return default."""
        for attempt in (1, 2):
            try:
                result = fn(self.conn())
                self._failing = False
                return result
            except Exception as exc:  # noqa: BLE001 - a damaged file raises more than sqlite3.Error
                if _is_corruption(exc) and attempt == 1 and self.path.exists():
                    self._recover(exc)
                    continue
                if not self._failing:  # tell the player once, not at every query of a screen
                    self._say(f"{self.path}: could not {what} ({exc}); stats are unavailable for now")
                self._failing = True
                return default
        return default

    # -- writing ------------------------------------------------------------------------
    def record_game(self, game: GameRecord) -> int | None:
        """Store a battle and update ratings in one transaction. Returns the game id (None if failed)."""
        played = game.played_at or datetime.now(UTC)
        if played.tzinfo is None:
            played = played.astimezone()
        seats = sorted(game.seats, key=lambda s: s.seat)
        results = [SeatResult(s.player, s.placement, s.is_bot) for s in seats] if game.finished else []

        def write(conn: sqlite3.Connection) -> int:
            conn.execute("BEGIN IMMEDIATE")
            try:
                humans = [s.player for s in seats if not s.is_bot]
                before = {p: r for p, r in conn.execute(
                    f"SELECT player, rating FROM ratings WHERE player IN ({','.join('?' * len(humans))})", humans)}
                # rated only against other humans: a human alone with bots keeps the rating untouched
                after = updated_ratings(results, before) if results and len(humans) >= 2 else {}
                cur = conn.execute(
                    "INSERT INTO games(mode, map, ruleset_hash, seed, played_at, replay, finished) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game.mode, game.map, game.ruleset_hash, int(game.seed), played.isoformat(timespec="seconds"),
                     game.replay, int(game.finished)))
                gid = cur.lastrowid
                for s in seats:
                    rated = s.player in after and not s.is_bot
                    conn.execute(
                        "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (gid, s.seat, s.player, int(s.is_bot), s.placement, int(s.pieces_left), int(s.hp_left),
                         before.get(s.player, START_RATING) if rated else None,
                         after[s.player] if rated else None))
                for player, rating in after.items():
                    conn.execute(
                        "INSERT INTO ratings(player, rating, games) VALUES (?, ?, 1) "
                        "ON CONFLICT(player) DO UPDATE SET rating = excluded.rating, games = games + 1",
                        (player, rating))
                conn.execute("COMMIT")
                return gid
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

        if game.finished:
            updated_ratings(results, {})  # ValueError for bad placements, before touching the db
        return self._run("record the battle", write, None)

    # -- reading ------------------------------------------------------------------------
    def rating(self, player: str) -> int:
        row = self._run("read a rating", lambda c: c.execute(
            "SELECT rating FROM ratings WHERE player = ?", (player,)).fetchone(), None)
        return row[0] if row else START_RATING

    def _is_bot(self, conn: sqlite3.Connection, player: str) -> bool:
        row = conn.execute("SELECT is_bot FROM seats WHERE player = ? ORDER BY game_id DESC LIMIT 1",
                           (player,)).fetchone()
        return bool(row and row[0])

    def totals(self, player: str) -> StatsLine:
        """Your own line: all your finished battles (won = placement 1)."""
        def q(conn):
            wins, losses = conn.execute(
                "SELECT COALESCE(SUM(s.placement = 1), 0), COALESCE(SUM(s.placement > 1), 0) "
                "FROM seats s JOIN games g ON g.id = s.game_id WHERE g.finished = 1 AND s.player = ?",
                (player,)).fetchone()
            return wins, losses, self._is_bot(conn, player)
        wins, losses, is_bot = self._run("read totals", q, (0, 0, False))
        return StatsLine(player, is_bot, wins, losses,
                         START_RATING if is_bot else self.rating(player), not is_bot)

    def record_against(self, me: str, opponent: str) -> StatsLine:
        """The opponent's line: their wins and losses against `me`, in battles both fought."""
        def q(conn):
            wins, losses = conn.execute(
                "SELECT COALESCE(SUM(o.placement < m.placement), 0), COALESCE(SUM(o.placement > m.placement), 0) "
                "FROM seats m JOIN seats o ON o.game_id = m.game_id AND o.seat <> m.seat "
                "JOIN games g ON g.id = m.game_id "
                "WHERE g.finished = 1 AND m.player = ? AND o.player = ?", (me, opponent)).fetchone()
            return wins, losses, self._is_bot(conn, opponent)
        wins, losses, is_bot = self._run("read a record", q, (0, 0, False))
        return StatsLine(opponent, is_bot, wins, losses,
                         START_RATING if is_bot else self.rating(opponent), not is_bot)

    def stats_view(self, me: str, others: Iterable[str]) -> list[StatsLine]:
        """The WoS stats view: your totals first, then each other player relative to you."""
        lines = [self.totals(me)]
        seen = {me}
        for other in others:
            if other not in seen:
                seen.add(other)
                lines.append(self.record_against(me, other))
        return lines

    def records_by_mode(self, player: str) -> list[ModeRecord]:
        """The player's record in each mode they played: finished games, wins, losses, draws
        (nobody placed, or a first place shared), abandoned games; most played first."""
        def q(conn):
            return conn.execute(
                "SELECT g.mode, g.finished, s.placement, (SELECT COUNT(*) FROM seats o WHERE o.game_id = g.id "
                "AND o.placement = 1) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player = ?",
                (player,)).fetchall()
        tally: dict[str, list[int]] = {}
        for mode, finished, place, firsts in self._run("read records per mode", q, []):
            t = tally.setdefault(str(mode), [0, 0, 0, 0, 0])
            if not finished:
                t[4] += 1
                continue
            t[0] += 1
            if place is None or (place == 1 and firsts > 1):
                t[3] += 1
            elif place == 1:
                t[1] += 1
            else:
                t[2] += 1
        out = [ModeRecord(mode, *t) for mode, t in tally.items()]
        return sorted(out, key=lambda r: (-(r.finished + r.abandoned), r.mode))

    def rating_history(self, player: str, limit: int = 500) -> list[tuple[str, int]]:
        """(played_at, rating after) of the player's rated games, oldest first (the last `limit`)."""
        def q(conn):
            rows = conn.execute(
                "SELECT g.played_at, s.rating_after FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.player = ? AND s.rating_after IS NOT NULL ORDER BY g.id DESC LIMIT ?",
                (player, int(limit))).fetchall()
            return [(str(a), int(b)) for a, b in reversed(rows)]
        return self._run("read the rating history", q, [])

    def game_count(self) -> int:
        return self._run("count battles", lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0], 0)

    def game_players(self, game_id: int) -> list[str]:
        """Names of the players of one recorded battle, in seat order ([] if unknown)."""
        def q(conn):
            return [r[0] for r in conn.execute("SELECT player FROM seats WHERE game_id = ? ORDER BY seat",
                                                (game_id,)).fetchall()]
        return self._run("read a battle's players", q, [])

    def recent_games(self, limit: int = 20) -> list[dict]:
        def q(conn):
            rows = conn.execute(
                "SELECT id, mode, map, ruleset_hash, seed, played_at, replay, finished FROM games "
                "ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
            keys = ("id", "mode", "map", "ruleset_hash", "seed", "played_at", "replay", "finished")
            return [dict(zip(keys, r)) for r in rows]
        return self._run("list battles", q, [])
