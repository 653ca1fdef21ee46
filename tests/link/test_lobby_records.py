"""Results and records on every unit of a four-unit battle (issue 22 item 6): a lobby of the
host, two joiners and a bot over memory wires, each unit with its own replay folder and stats
database (the Match keeper the screens use); one joiner drops mid-battle and comes back. At the
end every unit has kept the battle: the same placements for the same four names, each person's
win/loss against each opponent, Elo for the people (moved from 1500 by the battle) and none for
the bot (unrated: always the start rating), and a replay of its own that plays back to the
battle's final state hash - the returning unit's too (it was sent every move of the battle from
the start, not a snapshot, when it came back)."""

from __future__ import annotations

from linkkit import FakeClock
from lobbykit import Guest, run_all, skirmish_lobby

from game.core.ratings import START_RATING
from game.core.replay import parse_replay
from game.match.headless import verify_game
from game.modes.skirmish.bot import SkirmishBot
from game.store.keeper import MatchKeeper
from game.store.replays import ReplayStore
from game.store.stats import StatsStore


class Person:
    """The person at a unit: a bot's choice, played through the seat's person driver (so the
    seat's controller is "human", as on a screen)."""
    thinking = False

    def __init__(self) -> None:
        self.bot = SkirmishBot("easy")

    def next_action(self, match, seat):
        return self.bot.choose(match.game)

    def close(self):
        pass


def _unit(tmp_path, name):
    folder = tmp_path / name
    folder.mkdir()
    stats = StatsStore(folder / "stats.sqlite3")
    return MatchKeeper(replays=ReplayStore(folder / "replays"), stats=stats), stats


def test_every_unit_keeps_placements_records_ratings_and_a_replay(tmp_path):
    clock = FakeClock()
    keepers = {}
    keepers["host"] = _unit(tmp_path, "host")
    lobby = skirmish_lobby(clock, seats=("human", "human", "human", "bot:easy"), turn_limit=12, seed=11,
                           person=Person, keeper=keepers["host"][0])
    guests = []
    for k, name in enumerate(("Ann", "Bo"), 1):
        keepers[name] = _unit(tmp_path, name)
        guests.append(Guest(lobby, clock, name, link_seed=k, person=Person, keeper=keepers[name][0]))
    assert run_all(lobby, guests, clock, 60, lambda: lobby.waiting_for() == 0)
    assert lobby.launch() == ""
    assert run_all(lobby, guests, clock, 300, lambda: lobby.star.turns >= 20)
    bo = guests.pop()
    bo.cut()                                            # Bo's unit loses power mid-battle
    assert run_all(lobby, guests, clock, 10, lambda: lobby.drops == 1)
    turns = lobby.star.turns
    assert run_all(lobby, guests, clock, 300, lambda: lobby.star.turns >= turns + 6)
    keepers["Bo"] = _unit(tmp_path, "Bo again")         # it starts again (a fresh data folder even)
    back = Guest(lobby, clock, "Bo", link_seed=9, person=Person, keeper=keepers["Bo"][0])
    guests.append(back)
    assert run_all(lobby, guests, clock, 60, lambda: back.member.launched)
    assert lobby.returns == 1
    assert run_all(lobby, guests, clock, 1500, lambda: lobby.finished and all(g.session.finished for g in guests))
    res = lobby.result()
    assert {g.state_hash for g in guests} == {res["state_hash"]}
    assert back.session.counters.resyncs == 0           # brought up to date move by move, not by a snapshot

    expected = None
    for name, (keeper, stats) in keepers.items():
        games = stats.recent_games(5)
        assert len(games) == 1, name
        rows = stats.conn().execute(
            "SELECT seat, player, is_bot, placement, rating_before, rating_after FROM seats "
            "WHERE game_id = ? ORDER BY seat", (games[0]["id"],)).fetchall()
        table = [(seat, player, bool(is_bot), place) for seat, player, is_bot, place, _, _ in rows]
        if expected is None:
            expected = table
        assert table == expected, name                  # the same placements on every unit
        people = {p for _, p, bot, _ in table if not bot}
        bots = {p for _, p, bot, _ in table if bot}
        assert people == {"host", "Ann", "Bo"} and len(bots) == 1, name
        assert all(place is not None for *_, place in table), name
        for _, player, is_bot, _, before, after in rows:
            if is_bot:
                assert before is None and after is None, name       # bots are unrated
                assert stats.totals(player).rating == START_RATING and not stats.totals(player).rated
            else:
                assert before == START_RATING and after == stats.rating(player), name
        # win/loss per opponent, as the stats screen shows them
        place = {p: pl for _, p, _, pl in table}
        for me in people:
            for other in place:
                if other == me:
                    continue
                line = stats.record_against(me, other)
                assert (line.wins, line.losses) == (int(place[other] < place[me]), int(place[other] > place[me])), \
                    (name, me, other)
        # a replay of its own that plays back to the battle's end
        kept = [r for r in keeper.replays.list() if r.ok and r.mode == "skirmish"]
        assert len(kept) == 1 and games[0]["replay"] == kept[0].name, name
        _, doc = keeper.replays.load(kept[0])
        assert verify_game("skirmish", parse_replay(doc)).state_hash() == res["state_hash"], name
