"""stats.sqlite3: the WoS stats view, Elo per human, bots never rated, broken databases."""

import sqlite3
from datetime import UTC, datetime

import pytest

from game.core.ratings import SeatResult, pair_tallies
from game.store.stats import GameRecord, SeatRecord, StatsStore

WHEN = datetime(2026, 5, 22, 14, 30, tzinfo=UTC)


def game(*placements, finished=True, seed=1):
    """placements: (name, is_bot, placement) per seat."""
    seats = [SeatRecord(i + 1, n, b, p, pieces_left=9 - (p or 1), hp_left=100 // (p or 1))
             for i, (n, b, p) in enumerate(placements)]
    return GameRecord("skirmish", "ring", "abc123", seed, seats, played_at=WHEN, replay=f"r{seed}.replay",
                      finished=finished)


@pytest.fixture
def stats(tmp_path):
    s = StatsStore(tmp_path / "stats.sqlite3")
    assert s.open()
    yield s
    s.close()


def test_database_is_wal_with_full_sync(stats):
    c = stats.conn()
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_the_wos_example(stats):
    """Cheeta beat Bot Blue twice and Bot Yeller once: 3 wins; Bot Blue's line shows 2 losses to me."""
    stats.record_game(game(("Cheeta", False, 1), ("Bot Blue", True, 2)))
    stats.record_game(game(("Cheeta", False, 1), ("Bot Blue", True, 2)))
    stats.record_game(game(("Cheeta", False, 1), ("Bot Yeller", True, 2)))
    me, blue = stats.stats_view("Cheeta", ["Bot Blue"])
    assert (me.player, me.wins, me.losses, me.win_percent) == ("Cheeta", 3, 0, 100)
    assert (blue.player, blue.wins, blue.losses, blue.is_bot) == ("Bot Blue", 0, 2, True)
    # bots only appear to have a rating; playing them never moves mine
    assert (blue.rating, blue.rated) == (1500, False)
    assert (me.rating, me.rated) == (1500, True)


def test_other_players_lines_are_relative_to_me_not_their_totals(stats):
    stats.record_game(game(("Ann", False, 1), ("Bob", False, 2)))
    stats.record_game(game(("Bob", False, 1), ("Zed", False, 2)))  # Ann absent
    stats.record_game(game(("Bob", False, 1), ("Zed", False, 2)))
    ann, bob = stats.stats_view("Ann", ["Bob"])
    assert (ann.wins, ann.losses) == (1, 0)
    assert (bob.wins, bob.losses) == (0, 1)  # Bob's 2 wins over Zed are not shown to Ann
    assert stats.totals("Bob").wins == 2 and stats.totals("Bob").losses == 1


def test_multiplayer_pairs_follow_placements(stats):
    stats.record_game(game(("Ann", False, 2), ("Bob", False, 1), ("Bot Red", True, 4), ("Cid", False, 3)))
    view = {row.player: row for row in stats.stats_view("Ann", ["Bob", "Bot Red", "Cid", "Ann"])}
    assert list(view) == ["Ann", "Bob", "Bot Red", "Cid"]  # me first, no duplicate me line
    assert (view["Ann"].wins, view["Ann"].losses) == (0, 1)  # totals: won = placement 1
    assert (view["Bob"].wins, view["Bob"].losses) == (1, 0)
    assert (view["Bot Red"].wins, view["Bot Red"].losses) == (0, 1)
    assert (view["Cid"].wins, view["Cid"].losses) == (0, 1)


def test_sql_records_agree_with_the_pure_tallies(stats):
    battles = [
        [("Ann", False, 1), ("Bob", False, 3), ("Bot", True, 2)],
        [("Ann", False, 2), ("Bob", False, 1)],
        [("Bob", False, 1), ("Bot", True, 2), ("Ann", False, 3), ("Cid", False, 4)],
    ]
    total = {}
    for b in battles:
        stats.record_game(game(*b))
        for k, rec in pair_tallies(SeatResult(n, p, bot) for n, bot, p in b).items():
            total[k] = total.get(k, rec.__class__()) + rec
    for (me, other), rec in total.items():
        line = stats.record_against(me, other)
        assert (line.wins, line.losses) == (rec.losses, rec.wins), (me, other)


def test_elo_is_stored_for_humans_and_skips_bots(stats):
    stats.record_game(game(("Ann", False, 1), ("Bob", False, 2)))  # +16 / -16
    assert stats.rating("Ann") == 1516 and stats.rating("Bob") == 1484
    stats.record_game(game(("Bot", True, 1), ("Ann", False, 2)))  # a loss to a bot changes nothing
    assert stats.rating("Ann") == 1516
    assert stats.totals("Ann").losses == 1
    row = stats.conn().execute("SELECT COUNT(*) FROM ratings WHERE player = 'Bot'").fetchone()
    assert row == (0,)
    before_after = stats.conn().execute(
        "SELECT rating_before, rating_after FROM seats WHERE player='Ann' ORDER BY game_id").fetchall()
    assert before_after == [(1500, 1516), (None, None)]


def test_abandoned_battles_are_kept_but_not_counted(stats):
    gid = stats.record_game(game(("Ann", False, None), ("Bob", False, None), finished=False))
    assert gid is not None and stats.game_count() == 1
    assert stats.totals("Ann").games == 0 and stats.rating("Ann") == 1500
    assert stats.recent_games()[0]["finished"] == 0


def test_bad_results_are_refused_before_writing(stats):
    with pytest.raises(ValueError):
        stats.record_game(game(("Ann", False, None), ("Bob", False, 1)))
    with pytest.raises(ValueError):
        stats.record_game(game(("Ann", False, 1), ("Ann", False, 2)))
    assert stats.game_count() == 0


def test_win_percent_rounds_half_away_from_zero(stats):
    for winner in ("Ann", "Bob", "Bob"):
        loser = "Bob" if winner == "Ann" else "Ann"
        stats.record_game(game((winner, False, 1), (loser, False, 2)))
    assert stats.totals("Ann").win_percent == 33
    assert stats.totals("Bob").win_percent == 67
    assert stats.totals("Nobody").win_percent == 0


def _fill(path):
    s = StatsStore(path)
    s.record_game(game(("Ann", False, 1), ("Bob", False, 2)))
    s.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed_header", "foreign"])
def test_a_broken_database_is_set_aside_and_replaced(tmp_path, damage):
    path = tmp_path / "stats.sqlite3"
    _fill(path)
    raw = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated":
        path.write_bytes(raw[:300])
    elif damage == "zeroed_header":
        path.write_bytes(b"\0" * 100 + raw[100:])
    else:
        path.unlink()
        c = sqlite3.connect(path)
        c.execute("CREATE TABLE games(x)")
        c.commit()
        c.close()
    damaged = path.read_bytes()
    s = StatsStore(path)
    assert s.open()
    assert "damaged" in s.messages[0] and str(path) in s.messages[0]
    assert (tmp_path / "stats.sqlite3.corrupt-1").read_bytes() == damaged
    # fresh and usable: the game goes on
    assert s.record_game(game(("Ann", False, 1), ("Bob", False, 2))) is not None
    assert s.totals("Ann").wins == 1
    assert s.conn().execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_corruption_found_while_running_recovers_and_keeps_the_result(tmp_path):
    path = tmp_path / "stats.sqlite3"
    s = StatsStore(path)
    s.open()
    s.record_game(game(("Ann", False, 1), ("Bob", False, 2)))
    # break every page after the header behind the open connection's back
    s.close()
    raw = bytearray(path.read_bytes())
    with open(path, "r+b") as fh:
        fh.seek(4096)
        fh.write(b"\xa5" * (len(raw) - 4096 + 8192))
    s2 = StatsStore(path)
    gid = s2.record_game(game(("Ann", False, 1), ("Bob", False, 2)))
    assert gid is not None
    assert s2.totals("Ann").wins == 1
    assert any("damaged" in m for m in s2.messages)


def test_missing_database_is_created_silently(tmp_path):
    s = StatsStore(tmp_path / "stats.sqlite3")
    assert s.totals("Ann").games == 0
    assert s.messages == []
    assert (tmp_path / "stats.sqlite3").exists()


def test_unusable_location_reports_and_returns_defaults(tmp_path):
    (tmp_path / "blocker").write_text("x")
    s = StatsStore(tmp_path / "blocker" / "stats.sqlite3")
    assert not s.open()
    assert s.totals("Ann").games == 0
    assert s.record_game(game(("Ann", False, 1), ("Bob", False, 2))) is None
    assert s.messages and all("stats.sqlite3" in m for m in s.messages)


def test_game_players_in_seat_order(tmp_path):
    from game.store.stats import GameRecord, SeatRecord, StatsStore
    store = StatsStore(tmp_path / "s.sqlite3")
    rec = GameRecord(mode="skirmish", map="m", ruleset_hash="h", seed=1, seats=[
        SeatRecord(seat=1, player="Bob", is_bot=False, placement=2, pieces_left=0, hp_left=0),
        SeatRecord(seat=0, player="Ann", is_bot=False, placement=1, pieces_left=3, hp_left=20)])
    gid = store.record_game(rec)
    assert store.game_players(gid) == ["Ann", "Bob"]
    assert store.game_players(gid + 99) == []


def test_records_per_mode_and_the_rating_history(stats):
    """Ann: skirmish won 2 (one against Bob, rated), lost 1 to Bob (rated), 1 abandoned; a duel
    draw (a shared first place). Ratings move only in games against another person (Bob)."""
    stats.record_game(game(("Ann", False, 1), ("Bot Blue", True, 2), seed=1))
    stats.record_game(game(("Ann", False, 1), ("Bob", False, 2), seed=2))
    stats.record_game(game(("Ann", False, 2), ("Bob", False, 1), seed=3))
    stats.record_game(game(("Ann", False, None), ("Bot Blue", True, None), finished=False, seed=4))
    draw = GameRecord("duel", "", "h", 5, [SeatRecord(0, "Ann", False, 1, 0, 0),
                                           SeatRecord(1, "Bot", True, 1, 0, 0)], played_at=WHEN)
    stats.record_game(draw)
    recs = {r.mode: r for r in stats.records_by_mode("Ann")}
    sk, du = recs["skirmish"], recs["duel"]
    assert (sk.finished, sk.wins, sk.losses, sk.draws, sk.abandoned) == (3, 2, 1, 0, 1)
    assert (du.finished, du.wins, du.losses, du.draws, du.abandoned) == (1, 0, 0, 1, 0)
    assert [r.mode for r in stats.records_by_mode("Ann")] == ["skirmish", "duel"]      # most played first
    hist = stats.rating_history("Ann")
    assert len(hist) == 2 and hist[0][1] > 1500 and hist[1][1] < hist[0][1]      # won, then lost to Bob
    assert hist[-1][1] == stats.rating("Ann")
    assert stats.records_by_mode("Nobody") == [] and stats.rating_history("Nobody") == []
