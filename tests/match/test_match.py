"""The Match: one place applies actions, records the replay and the turn hashes, tells the
listeners, saves the game in progress and keeps the result once; drivers decide. Shown on the
test dummy game (Nim) and on Skirmish."""

from __future__ import annotations

import pathlib
import sys
import threading

import pytest

from game.core.replay import Replay, ReplayError
from game.match import Applied, BotDriver, ChooserDriver, Match, MatchError, ReplayDriver
from game.match.headless import resume, verify
from game.modes.base import ActionError
from game.modes.registry import ModeEntry, Option, Request, register, unregister

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from take_away import Take, TakeAway


class Nim(TakeAway):
    mode = "nim_m"


def new_game(rules, seed: int, options: dict, seats: list[str]) -> Nim:
    return Nim(int(options["stones"]), seats)


class NimBot:
    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level

    def choose(self, game):
        best = game.pile % 4
        return Take(best if best and self.level == "hard" else 1)


NIM = ModeEntry(id="nim_m", title="Nim", options=(Option("stones", 10, "stones", kind="int"),),
                game=f"{__name__}:new_game", bot=f"{__name__}:NimBot")


@pytest.fixture
def nim():
    register(NIM, replace=True)
    yield NIM
    unregister("nim_m")


class Keeper:
    """Records what the Match asks it to keep."""

    def __init__(self) -> None:
        self.saved: list[int] = []
        self.kept: list = []

    def progress(self, match) -> None:
        self.saved.append(len(match.replay.actions))

    def keep(self, match, result) -> None:
        self.kept.append((result.finished, len(match.replay.actions)))


def test_step_asks_the_seat_to_act_and_records_everything_once(nim):
    keeper = Keeper()
    m = Match.requested(nim, None, Request(seed=1, options={"stones": 7}), keeper=keeper).bots_for_all()
    heard: list[Applied] = []
    m.listen(lambda match, applied: heard.append(applied))
    while not m.over:
        assert m.step() is not None                     # synchronous bots always decide
    # 7 stones, hard bots take pile % 4 (or 1): 3, then 1,3 ... worked out: 7->4 (3), 4->3 (1), 3->0 (3)
    assert [a.action for a in heard] == [Take(3), Take(1), Take(3)]
    assert [a.seat for a in heard] == [0, 1, 0] and [a.index for a in heard] == [1, 2, 3]
    assert m.replay.actions == [[3], [1], [3]]
    assert [t[:2] for t in m.replay.turns] == [[1, 1], [2, 2], [3, 3]]   # every action ends a turn here
    assert keeper.saved == [1, 2] and keeper.kept == [(True, 3)]        # saved while in play, kept once
    assert m.result.finished and m.result.placements[0].seat == 0 and m.result.placements[0].place == 1
    assert m.finish() is m.result and keeper.kept == [(True, 3)]


def test_an_illegal_action_changes_nothing(nim):
    m = Match.requested(nim, None, Request(options={"stones": 2}))
    with pytest.raises(ActionError):
        m.apply(Take(3))
    assert m.replay.actions == [] and m.game.pile == 2 and m.version == 0


def test_a_seat_without_a_driver_is_named(nim):
    m = Match.requested(nim, None, Request(options={"stones": 5}))
    with pytest.raises(MatchError, match="seat 0"):
        m.step()


def test_a_driver_that_has_not_decided_leaves_the_game_alone(nim):
    choice = []
    m = Match.requested(nim, None, Request(options={"stones": 5}),
                        drivers={0: ChooserDriver(lambda g: choice.pop() if choice else None),
                                 1: BotDriver(NimBot("easy", 1, 0))})
    assert m.step() is None and m.game.pile == 5
    choice.append(Take(2))
    assert m.step() is not None and m.game.pile == 3 and m.to_act() == 1


def test_a_failing_bot_plays_the_fallback_and_says_so(nim):
    class Broken:
        def choose(self, game):
            raise RuntimeError("boom")

    m = Match.requested(nim, None, Request(options={"stones": 5}), drivers={0: BotDriver(Broken())})
    m.step()
    assert m.game.pile == 4                              # the first legal action: take 1
    assert "the bot failed (RuntimeError: boom)" in m.take_notices()[0]


def test_a_threaded_bot_never_blocks_and_a_stale_decision_is_dropped(nim):
    gate = threading.Event()

    class Slow:
        def choose(self, game):
            gate.wait(5)
            return Take(1)

    d = BotDriver(Slow(), threaded=True)
    m = Match.requested(nim, None, Request(options={"stones": 5}), drivers={0: d, 1: d})
    assert m.step() is None and d.thinking               # asked: the frame goes on
    m.apply(Take(2))                                     # the game moved on (another driver, the link)
    gate.set()
    d._future.result(5)
    assert m.step() is None                              # the old decision is thrown away, a new one asked
    d._future.result(5)
    assert m.step() is not None and m.game.pile == 2
    d.close()


def test_the_turn_limit_stops_a_mode_that_cannot_end_itself(nim):
    m = Match.requested(nim, None, Request(options={"stones": 30}, turn_limit=4)).bots_for_all()
    m.run()
    assert m.over and m.stopped and not m.game.is_over() and m.game.turn == 4
    assert m.summary()["winner"] is None


def test_simulate_verify_and_resume_are_one_path(nim):
    m = Match.requested(nim, None, Request(seed=3, options={"stones": 12})).bots_for_all().run()
    m.finish()
    v = verify(nim, m.replay)
    assert v.ok and v.turns_checked == len(m.replay.turns) and v.state_hash == m.game.state_hash()
    half = Replay(**{**m.replay.__dict__, "actions": m.replay.actions[:2], "turns": m.replay.turns[:2]})
    again = resume(nim, None, half, keeper=Keeper())
    assert again.game.pile == 12 - sum(a[0] for a in m.replay.actions[:2]) and again.record
    assert again.replay.actions == m.replay.actions[:2] and again.everyone is None
    bad = Replay(**{**half.__dict__, "turns": [[1, 1, "0" * 32]]})
    with pytest.raises(ReplayError, match="does not play back"):
        resume(nim, None, bad)


def test_a_replay_driver_stops_at_a_broken_action(nim):
    m = Match.requested(nim, None, Request(options={"stones": 9}), everyone=ReplayDriver([[1], [7], [1]]), record=False)
    m.run()
    assert m.game.pile == 8 and m.everyone.error.startswith("actions[1]:")


def test_skirmish_through_the_match_matches_its_own_rules():
    from game.modes.skirmish.hooks import load_rules
    from game.modes.skirmish.match import new_header
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    default_rs = load_rules("default")
    parts = [Participant("Ann", "human"), Participant("", "bot:easy")]
    m = Match.start("skirmish", default_rs, new_header(default_rs, default_rs.maps[0], parts, 5, Options(army_limit=3)))
    assert {p.controller for p in m.players.values()} == {"human", "bot:easy"}
    m.bots_for_all().run()
    assert m.over and m.game.over
    summary = m.summary()
    assert summary["winner"] == m.game.seat_name(m.game.winner) and summary["actions"] == len(m.replay.actions)
    assert verify(m.entry, m.replay, rules=default_rs).ok


def test_run_stops_at_a_seat_with_nothing_to_say_and_waits_for_a_thinking_bot(nim):
    m = Match.requested(nim, None, Request(options={"stones": 6}),
                        drivers={0: BotDriver(NimBot("hard", 0, 0), threaded=True), 1: ChooserDriver(lambda g: None)})
    m.run()                                  # the threaded bot is waited for; the silent seat ends the run
    assert m.game.pile == 4 and m.to_act() == 1 and not m.over
    m.close()
