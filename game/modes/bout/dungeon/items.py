"""Items: arms and armour (the bout ruleset's, by id), bandages and painkillers.

- Walking onto items picks them up (the hero only), while his pack has room (8 items); what
  he drops stays where he stands.
- EQUIP takes up a weapon, shield or armour from the pack out of a fight; what he held goes
  into the pack (bare hands and no armour are not items and simply go).
- Load = what he holds and wears + what he carries; beyond his Strength it slows him (speed.py).
- A fallen fighter drops his weapon, shield and armour where he fell, when the dungeon has an
  item for them (loot).
- A bandage is spent by first aid (the combat engine's: its extra dice are the bout ruleset's
  `bandage_dice`); a painkiller is one dose of the engine's painkiller (pain dulled until the
  wound is hit again, less with every dose).
"""

from __future__ import annotations

from dataclasses import replace

from game.modes.bout.dungeon import events as E
from game.modes.bout.dungeon.actor import PACK_SIZE

KIND_TABLE = {"weapon": "weapons", "shield": "shields", "armour": "armours"}


def item_for(g, kind: str, index: int) -> int:
    """The dungeon item that stands for bout equipment (kind, index), or -1."""
    table = getattr(g.rules, KIND_TABLE[kind])
    ref = table[index].id if 0 <= index < len(table) else None
    for it in g.data.items:
        if it.kind == kind and it.ref == ref:
            return it.index
    return -1


def worn(a) -> list[tuple[str, int]]:
    out = [("weapon", a.weapon), ("armour", a.t.armour)]
    if a.t.shield >= 0:
        out.append(("shield", a.t.shield))
    return out


def load(g, a) -> int:
    total = sum(g.data.load_of(k, i) for k, i in worn(a))
    return total + sum(g.data.items[i].load for i in a.items)


def pick_up(g, i: int) -> None:
    a = g.actors[i]
    here = [x for x in g.floor if x[0] == a.pos]
    got = False
    for x in here:
        if len(a.items) >= PACK_SIZE:
            g.events.append(E.ev("pack_full", i))
            break
        g.floor.remove(x)
        a.items.append(x[1])
        g.events.append(E.ev("pickup", i, x[1]))
        got = True
    if got:
        g.refit_mp(a)


def equip(g, i: int, slot: int) -> None:
    a = g.actors[i]
    k = a.items.pop(slot)
    it = g.data.items[k]
    table = KIND_TABLE[it.kind]
    new = g.rules.index(table, it.ref)
    if it.kind == "weapon":
        old = item_for(g, "weapon", a.weapon)
        a.weapon = new
        a.t = replace(a.t, weapon=new)
    elif it.kind == "shield":
        old = item_for(g, "shield", a.t.shield) if a.t.shield >= 0 else -1
        a.t = replace(a.t, shield=new)
    else:
        old = item_for(g, "armour", a.t.armour)
        a.t = replace(a.t, armour=new)
    if old >= 0:
        a.items.append(old)
    g.events.append(E.ev("equip", i, k))
    g.refit_mp(a)


def drop(g, i: int, slot: int) -> None:
    a = g.actors[i]
    k = a.items.pop(slot)
    g.floor.append([a.pos, k])
    g.events.append(E.ev("drop", i, k))
    g.refit_mp(a)


def loot(g, i: int) -> None:
    """A fallen fighter's arms and armour fall where he lies."""
    a = g.actors[i]
    for kind, index in worn(a):
        k = item_for(g, kind, index)
        if k >= 0:
            g.floor.append([a.pos, k])


def use(g, i: int, slot: int) -> None:
    """Take a painkiller from the pack: one dose of the combat engine's painkiller."""
    a = g.actors[i]
    a.items.pop(slot)
    g.m.events = []
    g.m.painkiller(i)
    g.melee_events(g.m.events)
    g.refit_mp(a)


def bandage_slot(g, i: int) -> int:
    for slot, k in enumerate(g.actors[i].items):
        if g.data.items[k].kind == "bandage":
            return slot
    return -1


def spend_bandage(g, i: int) -> None:
    slot = bandage_slot(g, i)
    if slot >= 0:
        g.actors[i].items.pop(slot)
        g.events.append(E.ev("bandage_used", i))
