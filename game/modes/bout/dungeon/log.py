"""The dungeon's log in plain words: one line per event (CLI `simulate`, the dungeon screen).

Fight events come from the bout engine in its own fighter numbers; they are written here with
the dungeon's names through the bout log (`game.modes.bout.log.describe`).
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from game.modes.bout.dungeon.actor import COMPANION, HERO, ORDER_NAMES
from game.modes.bout.log import describe as bout_describe

_LETTER = re.compile(r" \([A-L]\)")
DIR_NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west", "")


def name(g, i: int) -> str:
    a = g.actors[i]
    if a.role == HERO:
        return a.t.name
    if a.role == COMPANION:
        return a.t.name
    return f"{a.t.name} {i}"


def _melee(g, ids, ev) -> str | None:
    proxy = SimpleNamespace(rules=g.rules, fighters=[
        SimpleNamespace(t=SimpleNamespace(name=name(g, i))) for i in ids])
    try:
        line = bout_describe(proxy, ev)
    except (IndexError, AttributeError, KeyError, TypeError):
        return None
    if line is None or ev[0] in ("refresh", "over"):
        return None
    return _LETTER.sub("", line)


def describe(g, ev) -> str | None:
    k = ev[0]
    n = lambda i: name(g, i)  # noqa: E731 - a short local helper
    if k == "melee":
        return _melee(g, ev[1], ev[2])
    items = g.data.items
    simple = {
        "fight_starts": lambda: "A fight breaks out: " + ", ".join(n(i) for i in ev[2]) + ".",
        "fight_ends": lambda: "The fight is over.",
        "joins_fight": lambda: f"{n(ev[1])} joins the fight.",
        "fights_merge": lambda: "Two fights run together.",
        "leaves_fight": lambda: f"{n(ev[1])} is out of the fight." if g.actors[ev[1]].standing else None,
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
        "painkiller": lambda: f"{n(ev[1])} takes a painkiller: {ev[2]} pain dulled.",
        "pain_back": lambda: f"{n(ev[1])}'s dulled pain comes back ({ev[2]}).",
        "first_aid": lambda: (f"{n(ev[1])} gives first aid with {ev[2]} dice" + (" and a bandage" if ev[3] else "")
                              + f": {ev[4]} wound{'s' if ev[4] != 1 else ''} stop bleeding."),
        "heal_roll": lambda: None,
        "healed": lambda: f"One of {n(ev[1])}'s wounds has healed.",
        "bleed": lambda: f"{n(ev[1])} bleeds (blood loss {ev[2]}): health {ev[3]}.",
        "dies": lambda: f"{n(ev[1])} dies ({ev[2]}).",
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
    return f() if f else None


def describe_events(g, events) -> list[str]:
    return [line for line in (describe(g, ev) for ev in events) if line]
