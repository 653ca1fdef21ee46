"""Xconq modules with more than two sides in the LAN lobby (issue 22 item 7): one unit per side
over the same host-authoritative star as Skirmish's battles. Quartet (Tactibox's own
four-clan module) between a host and two joining units, the fourth clan the host's bot; the
joiners lack the module and receive it at hello. Every unit ends on the same state hash, keeps
the replay (it verifies) and the stats with the same placements; people are rated, the bot not."""

from __future__ import annotations

import pytest
from linkkit import FakeClock
from lobbykit import KEY, Guest, run_all

from game.core.datafile import ASSETS
from game.core.replay import parse_replay
from game.link.lobby import LobbyHost
from game.link.modes import host_spec
from game.modes import driver
from game.modes.gdl.hooks import GdlRules
from game.modes.gdl.link_hook import LINK
from game.modes.gdl.match import BotSeat
from game.modes.registry import Request, get_mode
from game.store.keeper import MatchKeeper
from game.store.replays import ReplayStore
from game.store.stats import StatsStore

QUARTET = ASSETS / "gdl" / "quartet.g"


def keeper(folder):
    return MatchKeeper(replays=ReplayStore(folder / "replays"), stats=StatsStore(folder / "stats.sqlite"))


class Person:
    """The person at a unit: the table bot's choice, played through the seat's person driver (so
    the seat's controller is "human", as on a screen)."""
    thinking = False

    def __init__(self) -> None:
        self.bot = BotSeat()

    def next_action(self, match, seat):
        return self.bot.choose(match.game)

    def close(self):
        pass


def gdl_lobby(clock, seats, seed=5, keeper=None):
    spec = host_spec("gdl", req=Request(seed=seed, seats=tuple(seats), options={"module": str(QUARTET)}),
                     person=Person, keeper=keeper)
    return LobbyHost(spec, seats=list(seats), pairing_key=KEY, seed=seed, unit_name="host", now=clock)


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TACTIBOX_DATA", str(tmp_path / "data"))


def test_a_four_side_module_between_three_units_and_a_bot(tmp_path):
    clock = FakeClock()
    seats = ["human", "human", "human", "bot:easy"]
    lobby = gdl_lobby(clock, seats, keeper=keeper(tmp_path / "host"))
    guests = [Guest(lobby, clock, f"unit-{k}", link_seed=k, person=Person,
                    keeper=keeper(tmp_path / f"g{k}")) for k in (1, 2)]
    assert run_all(lobby, guests, clock, 60, lambda: lobby.waiting_for() == 0)
    assert lobby.announcement().map == "Quartet" and lobby.announcement().mode == "gdl"
    assert lobby.launch() == ""
    assert run_all(lobby, guests, clock, 900, lambda: lobby.finished and all(g.session.finished for g in guests))
    res = lobby.result()
    assert {g.state_hash for g in guests} == {res["state_hash"]} and res["turns"] >= 2
    assert set(res["moves_by_unit"]) == {"0", "1", "2"}          # every unit played its own clan
    host = lobby.adapter.match
    units = host.header.meta["units"]
    assert host.header.setup["seats"] == seats and units[0] == units[3] == 0 and sorted(units[1:3]) == [1, 2]
    assert [host.player(s).controller for s in range(4)] == ["human", "remote", "remote", "bot:easy"]
    assert (tmp_path / "data" / "gdl" / "link-received" / "quartet.g").exists()   # sent to the joiners
    tables = []
    for k, unit in ((tmp_path / "host", host), *((tmp_path / f"g{n}", g.session.game.match)
                                                   for n, g in zip((1, 2), guests, strict=True))):
        kept = keeper(k)
        saved = [r for r in kept.replays.list() if r.ok]
        assert [r.mode for r in saved] == ["gdl"]
        _, doc = kept.replays.load(saved[0].name)
        verdict = driver.verify(get_mode("gdl"), parse_replay(doc))
        assert verdict.ok and verdict.state_hash == res["state_hash"], verdict.problems
        assert len(kept.stats.recent_games(5)) == 1
        tables.append(sorted((p.seat, p.player, p.place) for p in unit.result.placements))
        assert unit.result.finished and all(p.place for p in unit.result.placements)
        people = [p for p in unit.result.placements if not p.controller.startswith("bot")]
        assert len(people) == 3 and all(p.rating_before is not None for p in people)
        assert [p.rating_before for p in unit.result.placements if p.controller.startswith("bot")] == [None]
    assert tables[0] == tables[1] == tables[2]


def test_the_lobby_setup_is_checked_against_the_module():
    rules = GdlRules(QUARTET)
    setup = LINK.with_owners(rules, b"", [0, 1, 2, 3], ["human"] * 4, ["Ann", "Bo", "", "Di"])
    header = LINK.header(rules, 3, setup)
    assert header.setup["seats"] == ["human"] * 4 and header.meta["units"] == [0, 1, 2, 3]
    assert header.meta["players"] == ["Ann", "Bo", "Player 3", "Di"]
    assert LINK.seat_controllers(rules, b"") == ["human"] * 4
    with pytest.raises(ValueError, match="4 sides"):
        LINK.with_owners(rules, b"", [0, 1, 2], ["human"] * 3)
    with pytest.raises(ValueError, match="4 sides"):
        LINK.host_setup(rules, Request(seats=("human",) * 3, options={"module": str(QUARTET)}))
    for bad in (b"{", b"[]", b'{"units": [0], "seats": ["human"], "names": ["a"]}',
                b'{"units": [0,1,2,9], "seats": ["human","human","human","human"], "names": ["","","",""]}',
                b'{"units": [0,1,2,3], "seats": ["human","human","human","god"], "names": ["","","",""]}',
                b"x" * 2000):
        with pytest.raises(ValueError):
            LINK.check_setup(rules, bad)
