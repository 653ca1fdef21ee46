"""The engine contract (game/modes/base.py) and its checker (game/modes/contract.py): every
registered mode that gives a game factory follows it (today the test-only dummy modes, whose
TakeAway game is the contract's smallest example; each shipped engine joins when converted), and
the checker finds each kind of breach in a game built to break it."""

from __future__ import annotations

import dataclasses
import pathlib
import sys

import pytest

from game.modes import driver
from game.modes.base import ActionError, Engine, Game
from game.modes.contract import check_contract
from game.modes.registry import modes, register, unregister

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "ui"))
from link_dummy import PEBBLES
from take_away import Take, TakeAway, Took
from test_mode_registry import NIM


def test_the_reference_game_follows_the_contract():
    assert check_contract(lambda: TakeAway(13, ["a", "b", "c"])) == []
    g = TakeAway(4, ["a", "b"])
    assert isinstance(g, Engine) and isinstance(g, Game)
    assert g.apply(Take(3)) == [Took(0, 3, 1)] and Took.kind == "took"
    with pytest.raises(ActionError, match="cannot take 3 from 1"):
        g.check(Take(3))


def test_every_mode_with_a_game_factory_follows_the_contract():
    for entry in (NIM, PEBBLES):
        register(entry, replace=True)
    try:
        checked = []
        for entry in modes():
            if not entry.has("game"):
                continue                  # an own simulate/verify/link, not yet converted (issue 23)
            rules = driver.load_rules(entry, None)
            options = driver.options_with_defaults(entry, {})

            def new_game(entry=entry, rules=rules, options=options):
                return entry.hook("game")(rules, 7, dict(options), ["bot:hard", "bot:easy"])
            assert check_contract(new_game, rules=rules, steps=300) == [], entry.id
            checked.append(entry.id)
        assert {"nim", "pebbles"} <= set(checked)
    finally:
        unregister("nim")
        unregister("pebbles")


# --------------------------------------------------------------------------- breaches it finds

class WinnerMethod(TakeAway):
    def winner(self):                                    # a method, not a property
        return None


class TupleActions(TakeAway):
    def legal_actions(self):
        return [("take", k) for k in range(1, min(self.MOST, self.pile) + 1)]

    def check(self, action) -> None:
        if action not in self.legal_actions():
            raise ActionError("no")

    def apply(self, action):
        return super().apply(Take(action[1]))

    def encode_action(self, action):
        return [action[1]]

    def decode_action(self, data):
        return ("take", super().decode_action(data).n)


class LiveSnapshot(TakeAway):
    def snapshot(self) -> dict:
        return {"pile": self.pile, "seats": self.seats, "turn": self.turn, "taken": self.taken}   # live lists


class LaxCheck(TakeAway):
    def check(self, action) -> None:                     # accepts anything
        pass


class DictEvents(TakeAway):
    def apply(self, action):
        super().apply(action)
        return [{"e": "took"}]


@dataclasses.dataclass(frozen=True)
class NoKind(Took):
    kind = ""


class EventsWithoutKind(TakeAway):
    def apply(self, action):
        ev = super().apply(action)[0]
        return [NoKind(ev.seat, ev.n, ev.left)]


class Drifting(TakeAway):
    made = 0

    def __init__(self, *a, **k) -> None:
        super().__init__(*a, **k)
        Drifting.made += 1
        self.salt = Drifting.made

    def snapshot(self) -> dict:
        return {**super().snapshot(), "salt": self.salt}     # each game hashes differently

    @classmethod
    def restore(cls, rules, snap):
        g = super().restore(rules, snap)
        g.salt = snap["salt"]
        return g


class CrashingDecode(TakeAway):
    def decode_action(self, data):
        return Take(data[0])                              # IndexError on [], no range check


@pytest.mark.parametrize(("cls", "finding"), [
    (WinnerMethod, "`winner` is not a property"),
    (TupleActions, "is not a frozen dataclass deriving from game.modes.base.Action"),
    (LiveSnapshot, "changed with the game (it is not a copy)"),
    (LaxCheck, "accepted an action legal_actions() does not list"),
    (DictEvents, "is not a frozen dataclass deriving from Event"),
    (EventsWithoutKind, "with a kind"),
    (Drifting, "not deterministic"),
    (CrashingDecode, "raised IndexError, expected ActionError"),
])
def test_the_checker_finds_each_breach(cls, finding):
    problems = check_contract(lambda: cls(40, ["a", "b"]))
    assert any(finding in p for p in problems), problems
