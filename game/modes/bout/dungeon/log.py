"""The dungeon's log in plain words: one line per event (CLI `simulate`, the dungeon screen).

Fight events come from the bout engine in its own fighter numbers; they are written here with
the dungeon's names through the bout log (`game.modes.bout.log.describe`).
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from game.modes.bout.dungeon.actor import COMPANION, HERO, ORDER_NAMES, PARTNER
from game.modes.bout.log import describe as bout_describe

_LETTER = re.compile(r" \((?:[A-X]|\d+)\)")
DIR_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west", "")


def name(g, i: int) -> str:
    a = g.actors[i]
    if a.role == HERO:
        return a.t.name
    if a.role in (COMPANION, PARTNER):
        return a.t.name
    return f"{a.t.name} {i}"


QUIET = frozenset(("move", "refresh", "over", "join", "leave", "engage", "disengage", "resolved", "orient",
                   "target", "heal_roll"))


def _melee(g, ev) -> str | None:
    """A combat engine event, in the bout log's words with the dungeon's names."""
    if ev.kind in QUIET:
        return None
    proxy = SimpleNamespace(rules=g.rules, width=g.level.width, m=g.m, fighters=[
        SimpleNamespace(t=SimpleNamespace(name=name(g, i)), **{k: getattr(a, k) for k in ("side", "pos")})
        for i, a in enumerate(g.actors)])
    try:
        line = bout_describe(proxy, ev)
    except (IndexError, AttributeError, KeyError, TypeError, ValueError):
        return None
    return None if line is None else _LETTER.sub("", line)


def describe(g, ev) -> str | None:
    k = getattr(ev, "kind", None) or ev[0]
    n = lambda i: name(g, i)  # noqa: E731 - a short local helper
    items = g.data.items
    simple = {
        "engage": lambda: "A fight breaks out: " + ", ".join(n(i) for i in ev[2]) + ".",
        "disengage": lambda: "A fight is over.",
        "join": lambda: None,
        "leave": lambda: f"{n(ev[1])} is out of the fight." if g.actors[ev[1]].standing else None,
        "caught_unawares": lambda: f"{n(ev[1])} is caught unawares ({ev[2].replace('_', ' ')}).",
        "bandage_used": lambda: f"{n(ev[1])} uses a bandage.",
        "swap": lambda: f"{n(ev[1])} and {n(ev[2])} change places.",
        "bonus_square": lambda: None,
        "evade_intent": lambda: f"{n(ev[1])} tries to break away {DIR_NAMES[ev[2]]}.",
        "evade_fails": lambda: f"{n(ev[1])} cannot break away.",
        "evade_blocked": lambda: f"{n(ev[1])} finds no room to break away.",
        "disengages": lambda: f"{n(ev[1])} breaks away from the fight.",
        "bump": lambda: f"{n(ev[1])} squares up to {n(ev[2])}.",
        "pursues": lambda: f"{n(ev[1])} follows {n(ev[2])}.",
        "square_lost": lambda: f"{n(ev[1])} is beaten to the square." if ev[1] == 0 else None,
        "pickup": lambda: f"{n(ev[1])} picks up {items[ev[2]].name}.",
        "pack_full": lambda: f"{n(ev[1])}'s pack is full.",
        "equip": lambda: f"{n(ev[1])} takes up {items[ev[2]].name}.",
        "drop": lambda: f"{n(ev[1])} drops {items[ev[2]].name}.",
        "sealed": lambda: None,                 # co-op: a seal says nothing (the screen shows who is waiting)
        "slain": lambda: f"{n(ev[1])} is slain where he lies.",
        "comes_to": lambda: f"{n(ev[1])} comes to.",
        "falls": lambda: f"{n(ev[1])} has fallen.",
        "descends": lambda: f"The party goes down to level {ev[1]}.",
        "left_behind": lambda: f"{ev[1]} is left behind.",
        "order": lambda: f"Orders for the companion: {ORDER_NAMES[ev[1]]}.",
        "run_over": lambda: {"escaped": "You have found the way out!", "fell": "You have fallen. The run is over.",
                             "timeout": "The run ends: too many steps."}[ev[1]],
    }
    f = simple.get(k)
    if f is not None:
        return f()
    return _melee(g, ev)


def describe_events(g, events) -> list[str]:
    return [line for line in (describe(g, ev) for ev in events) if line]
