"""Does a game follow the engine contract (`game.modes.base`)? One checker for every mode.

    problems = check_contract(lambda: new_game(rules, 7, options, seats), rules=rules)
    assert problems == [], "\\n".join(problems)

It reads the game's class (a `winner` property, a `restore` classmethod, every method), then
plays `steps` actions chosen by the project's PCG32 (or by `choose(game)`) on the game and, in
step, on a second game from the same factory, and at every step checks what the contract
promises: frozen-dataclass actions that survive `encode_action` / `decode_action` and pass
`check`, actions legal earlier but not now refused by `check` and `apply` with the state
unchanged, garbage refused by `decode_action` with `ActionError`, frozen-dataclass events with a
`kind`, `to_act()` a seat, `winner` None until the game is over, a snapshot that is canonical
data, is not the live state and `restore`s to an equal game, and two games fed the same actions
with the same hash. Each problem reads `step N: what is wrong`; the list is empty for a game
that follows the contract.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

from game.core.canon import canonical_bytes
from game.core.prng import Pcg32
from game.modes.base import Action, ActionError, Event

METHODS = ("to_act", "is_over", "legal_actions", "check", "apply", "state_hash", "snapshot", "encode_action",
           "decode_action", "result")
MAX_PROBLEMS = 20
CHECKED_PER_STEP = 24          # legal actions checked in full per step (all are listed)
STALE_PER_STEP = 4             # earlier actions, no longer legal, tried per step
GARBAGE = ([], [1 << 40], [1 << 40, 1 << 40, 1 << 40], list(range(70)))


def check_contract(new_game: Callable[[], Any], *, rules: Any = None, steps: int = 200, seed: int = 1,
                   choose: Callable[[Any], Any] | None = None) -> list[str]:
    """The ways the games `new_game()` makes break the contract (empty: none found)."""
    game = new_game()
    problems = _static(type(game), game)
    if problems:
        return problems
    checker = _Walk(new_game(), rules, problems)
    rng = Pcg32(seed)
    seen: list[Any] = []
    for step in range(steps):
        checker.step = step
        legal = checker.state(game, seen)
        if legal is None or len(problems) >= MAX_PROBLEMS:
            break
        action = choose(game) if choose is not None else legal[rng.below(len(legal))]
        checker.apply(game, action)
        if action not in seen:
            seen.append(action)
    checker.finish(game)
    return problems[:MAX_PROBLEMS]


def _static(cls: type, game: Any) -> list[str]:
    out = []
    missing = [m for m in METHODS if not callable(getattr(game, m, None))]
    if missing:
        out.append(f"{cls.__name__}: no {', '.join(missing)}")
    if not isinstance(getattr(game, "mode", None), str) or not game.mode:
        out.append(f"{cls.__name__}: `mode` is not the registry id (a non-empty str)")
    if not _is_int(getattr(game, "turn", None)):
        out.append(f"{cls.__name__}: `turn` is not an int")
    if not isinstance(inspect.getattr_static(cls, "winner", None), property):
        out.append(f"{cls.__name__}: `winner` is not a property")
    if not isinstance(inspect.getattr_static(cls, "restore", None), classmethod):
        out.append(f"{cls.__name__}: `restore` is not a classmethod restore(rules, snapshot)")
    return out


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _frozen_dataclass(obj, base: type) -> bool:
    return isinstance(obj, base) and dataclasses.is_dataclass(obj) and obj.__dataclass_params__.frozen


class _Walk:
    def __init__(self, twin, rules, problems: list[str]) -> None:
        self.twin, self.rules, self.problems, self.step = twin, rules, problems, 0
        self._snap, self._snap_bytes = None, None

    def bad(self, what: str) -> None:
        self.problems.append(f"step {self.step}: {what}")

    def call(self, label: str, fn, *args):
        """fn(*args), or None with a problem when it raises (ActionError included)."""
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - any failure of the game under test is a finding
            self.bad(f"{label} raised {type(exc).__name__}: {exc}")
            return None

    # --- one state ---------------------------------------------------------------------------------
    def state(self, game, seen: list) -> list | None:
        """Check the state; its legal actions, or None when the walk ends here."""
        over = self.call("is_over()", game.is_over)
        legal = self.call("legal_actions()", game.legal_actions)
        winner = self.call("winner", lambda: game.winner)
        if not isinstance(over, bool) or not isinstance(legal, list):
            self.bad(f"is_over() gave {over!r}, legal_actions() {type(legal).__name__}")
            return None
        self.snapshot(game, legal)
        if over:
            if legal:
                self.bad(f"the game is over but legal_actions() lists {len(legal)}")
            if winner is not None and not _is_int(winner):
                self.bad(f"winner is {winner!r}, expected a seat (int) or None")
            return None
        if winner is not None:
            self.bad(f"winner is {winner!r} while the game is not over")
        if not legal:
            self.bad("the game is not over but legal_actions() is empty")
            return None
        seat = self.call("to_act()", game.to_act)
        if not _is_int(seat) or seat < 0:
            self.bad(f"to_act() gave {seat!r}, expected a seat index (int >= 0)")
        for a in legal[:CHECKED_PER_STEP]:
            self.legal_action(game, a)
        stale = [a for a in seen if a not in legal][:STALE_PER_STEP]
        for a in stale:
            self.refused(game, a)
        for data in GARBAGE:
            try:
                game.decode_action(list(data))
            except ActionError:
                pass
            except Exception as exc:  # noqa: BLE001
                self.bad(f"decode_action({str(data)[:24]}) raised {type(exc).__name__}, expected ActionError")
        return legal

    def legal_action(self, game, a) -> None:
        if not _frozen_dataclass(a, Action):
            self.bad(f"legal action {a!r} is not a frozen dataclass deriving from game.modes.base.Action")
            return
        self.call(f"check({a!r})", game.check, a)
        data = self.call(f"encode_action({a!r})", game.encode_action, a)
        if not isinstance(data, list) or not all(_is_int(v) and v >= 0 for v in data):
            self.bad(f"encode_action({a!r}) gave {data!r}, expected a list of non-negative ints")
            return
        back = self.call(f"decode_action({data!r})", game.decode_action, data)
        if back != a:
            self.bad(f"decode_action(encode_action({a!r})) gave {back!r}")

    def refused(self, game, a) -> None:
        """An action legal earlier, not now: check and apply refuse it, nothing changes."""
        before = game.state_hash()
        for label, fn in (("check", game.check), ("apply", game.apply)):
            try:
                fn(a)
                self.bad(f"{label}({a!r}) accepted an action legal_actions() does not list")
            except ActionError as exc:
                if not str(exc):
                    self.bad(f"{label}({a!r}) raised ActionError without a reason")
            except Exception as exc:  # noqa: BLE001
                self.bad(f"{label}({a!r}) raised {type(exc).__name__}, expected ActionError")
        if game.state_hash() != before:
            self.bad(f"refusing {a!r} changed the state")

    def snapshot(self, game, legal: list) -> None:
        snap = self.call("snapshot()", game.snapshot)
        h = self.call("state_hash()", game.state_hash)
        if not isinstance(h, str) or h != game.state_hash():
            self.bad(f"state_hash() gave {h!r}, not the same str twice")
        try:
            self._snap_bytes = canonical_bytes(snap, check=True)
        except (TypeError, ValueError) as exc:
            self.bad(f"snapshot() is not canonical data: {exc}")
            self._snap_bytes, self._snap = None, None
            return
        self._snap = snap
        again = self.call("restore(rules, snapshot)", type(game).restore, self.rules, snap)
        if again is None:
            return
        if self.call("restored state_hash()", again.state_hash) != h:
            self.bad("restore(rules, snapshot()) gave a game with another state hash")
        elif self.call("restored legal_actions()", again.legal_actions) != legal:
            self.bad("restore(rules, snapshot()) gave a game with other legal actions")

    # --- one action ----------------------------------------------------------------------------------
    def apply(self, game, action) -> None:
        turn = game.turn
        events = self.call(f"apply({action!r})", game.apply, action)
        if self._snap_bytes is not None and canonical_bytes(self._snap) != self._snap_bytes:
            self.bad("a snapshot taken before apply() changed with the game (it is not a copy)")
        if not isinstance(events, list):
            self.bad(f"apply({action!r}) gave {type(events).__name__}, expected a list of events")
        else:
            for ev in events:
                if not _frozen_dataclass(ev, Event) or not isinstance(ev.kind, str) or not ev.kind:
                    self.bad(f"event {ev!r} is not a frozen dataclass deriving from Event with a kind")
                    break
        if not _is_int(game.turn) or game.turn < turn:
            self.bad(f"turn went from {turn} to {game.turn!r}")
        wire = self.call("decode_action(encode_action(...))", lambda: self.twin.decode_action(
            game.encode_action(action)))
        if wire is not None:
            self.call(f"the second game's apply({wire!r})", self.twin.apply, wire)
            if self.twin.state_hash() != game.state_hash():
                self.bad(f"two games fed the same actions differ after {action!r} (not deterministic)")

    def finish(self, game) -> None:
        result = self.call("result()", game.result)
        if not isinstance(result, dict) or "winner" not in result:
            self.bad(f"result() gave {result!r}, expected a dict with 'winner'")
            return
        try:
            canonical_bytes(result, check=True)
        except (TypeError, ValueError) as exc:
            self.bad(f"result() is not JSON-able data: {exc}")
