"""A duel state from its canonical data (`DuelState.as_data`, what `DuelGame.snapshot()` gives):
the engine contract's `restore`. Every field is checked, then the whole state
(`validate.state_problem`); anything wrong is an ActionError naming the key, never a half-built
or impossible game. (The link's compact binary form is `snapshot.py`.)"""

from __future__ import annotations

from game.core.prng import Pcg32
from game.modes.base import ActionError

from .layout import Layout
from .options import DuelOptions
from .state import DuelState, Wizard
from .validate import state_problem
from .vision import refresh_all

U64 = 1 << 64


def _int(d: dict, key: str, lo: int, hi: int, where: str = "snapshot") -> int:
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ActionError(f"{where}.{key}: expected a whole number {lo}..{hi}, got {str(v)[:40]}")
    return v


def _list(d: dict, key: str, where: str = "snapshot", most: int = 4096) -> list:
    v = d.get(key) if isinstance(d, dict) else None
    if not isinstance(v, list) or len(v) > most:
        raise ActionError(f"{where}.{key}: expected a list of at most {most} items")
    return v


def _pairs(d: dict, key: str, where: str) -> dict[int, int]:
    out = {}
    for i, pair in enumerate(_list(d, key, where)):
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(x, int) and not isinstance(x, bool)
                                                                   for x in pair):
            raise ActionError(f"{where}.{key}[{i}]: expected [cell, appearance]")
        out[pair[0]] = pair[1]
    return out


def _wizard(d, i: int) -> Wizard:
    where = f"snapshot.wizards[{i}]"
    if not isinstance(d, dict):
        raise ActionError(f"{where}: expected a table")
    inv = _list(d, "inventory", where, 16)
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in inv):
        raise ActionError(f"{where}.inventory: expected whole numbers")
    last = d.get("last_seen")
    if last is not None and (not isinstance(last, list) or len(last) != 2
                             or not all(isinstance(x, int) and not isinstance(x, bool) for x in last)):
        raise ActionError(f"{where}.last_seen: expected [cell, turn] or null")
    return Wizard(pos=_int(d, "pos", 0, 1 << 12, where), hp=_int(d, "hp", -8, 15, where),
                  facing=_int(d, "facing", 0, 7, where), inventory=list(inv), known=_int(d, "known", 0, 31, where),
                  seen=_int(d, "seen", 0, 1 << 1024, where), potion_memory=_pairs(d, "potion_memory", where),
                  last_seen=tuple(last) if last else None)


def state_from_data(snap) -> DuelState:
    if not isinstance(snap, dict) or snap.get("mode") != "duel":
        raise ActionError("snapshot: not a duel snapshot (mode is not 'duel')")
    opts = snap.get("options")
    try:
        options = DuelOptions(**opts) if isinstance(opts, dict) else None
    except (TypeError, ValueError) as exc:
        raise ActionError(f"snapshot.options: {exc}") from None
    if options is None:
        raise ActionError("snapshot.options: expected a table")
    rng = _list(snap, "rng")
    if len(rng) != 2 or not all(isinstance(v, int) and 0 <= v < U64 for v in rng):
        raise ActionError("snapshot.rng: expected two 64-bit whole numbers")
    lay = snap.get("layout")
    n = options.level_size
    rooms = _list(lay, "rooms", "snapshot.layout", 256) if isinstance(lay, dict) else None
    if rooms is None or not all(isinstance(r, list) and len(r) == 3 and all(isinstance(x, int) for x in r)
                                for r in rooms):
        raise ActionError("snapshot.layout: expected {size, open, rooms: [[x, y, size], ...]}")
    layout = Layout(_int(lay, "size", n, n, "snapshot.layout"), _int(lay, "open", 0, (1 << (n * n)) - 1,
                                                                      "snapshot.layout"), rooms)
    types = _list(snap, "types", most=8)
    dealt = _list(snap, "dealt", most=3)
    wizards = _list(snap, "wizards", most=2)
    if len(wizards) != 2:
        raise ActionError("snapshot.wizards: expected two wizards")
    winner = snap.get("winner")
    if winner not in (None, 0, 1) or isinstance(winner, bool):
        raise ActionError(f"snapshot.winner: expected 0, 1 or null, got {str(winner)[:20]}")
    if not isinstance(snap.get("over"), str):
        raise ActionError("snapshot.over: expected text")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in [*types, *dealt]):
        raise ActionError("snapshot.types/dealt: expected whole numbers")
    st = DuelState(options=options, seed=_int(snap, "seed", 0, U64 - 1), rng=Pcg32.from_state((rng[0], rng[1])),
                   layout=layout, types=tuple(types), ground=_pairs(snap, "ground", "snapshot"),
                   wizards=[_wizard(w, i) for i, w in enumerate(wizards)], current=_int(snap, "current", 0, 1),
                   first=_int(snap, "first", 0, 1), turn=_int(snap, "turn", 0, (1 << 16) - 1),
                   steps=_int(snap, "steps", 0, 5), dealt=tuple(dealt), winner=winner, over=snap["over"])
    problem = state_problem(st)
    if problem:
        raise ActionError(f"snapshot: {problem}")
    refresh_all(st)
    return st
