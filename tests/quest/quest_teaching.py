"""What a winning path really uses: replay a solution and collect features from events and state.

The catalogue of features comes from the engine's own tables (tiles.PROPERTY_NAMES and
OBJECT_NAMES, items.PROPERTIES, spells.NAMES, level.MODELS, game.SKILLS), so a feature added to
the engine is missing from every campaign until a level uses it. A feature counts only when it
acts on the path: an object pushed, dug, collected or fallen; an item property whose charge is
drawn because it acted (a reflection must really send damage back); a spell cast that hits,
destroys or slows something (Jump and Teleport: the caster moved); an NPC model whose NPC carried
out a shown intent.
"""

from __future__ import annotations

from game.modes.quest import items as I
from game.modes.quest import npcs as N
from game.modes.quest import tiles as T
from game.modes.quest.game import EQUIP, MOVE, SKILLS, TRACTOR, WAIT, QuestGame
from game.modes.quest.level import BLASTS, MODELS
from game.modes.quest.spells import NAMES
from game.modes.quest.textformat import SWITCHES

# objects that are no feature of a hex level: "none" is the empty cell, "void" only pads square maps
NOT_OBJECTS = ("none", "void")
NPC_INTENTS = ("move", "attack", "cast", "dodge")      # an attack intent the player stepped away from
ALLIANCES = ("an ally fights a foe", "two foe teams fight")
GRAVITY = ("objects fall", "the player falls", "a rounded object rolls")
ACTIONS = ("wait", "tractor", "equip")


def catalogue() -> list[str]:
    out = [f"property:{p}" for p in T.PROPERTY_NAMES if p != "none"]
    out += [f"object:{o}" for o in T.OBJECT_NAMES if o not in NOT_OBJECTS]
    out += [f"item:{p}" for p in I.PROPERTIES]
    out += [f"spell:{s}" for s in NAMES]
    out += [f"special port:{w}" for w in SWITCHES]        # a switch a special port turns
    out += [f"npc model:{m}" for m in MODELS]
    out += [f"npc blast:{b}" for b in BLASTS if b]           # an NPC that explodes where it dies
    out += [f"npc intent:{k}" for k in NPC_INTENTS]
    out += [f"alliance:{a}" for a in ALLIANCES]
    out += [f"gravity:{g}" for g in GRAVITY]
    out += [f"skill:{s}" for s in SKILLS]
    out += [f"action:{a}" for a in ACTIONS]
    return out


def _charges(items: list) -> dict[str, int]:
    out: dict[str, int] = {}
    for it in items:
        for name, c in it[1]:
            out[name] = out.get(name, 0) + c
    return out


def trace(level, actions) -> tuple[set[str], QuestGame]:
    """(features used, final game) of playing `actions` on `level` from its start."""
    game = QuestGame(level)
    used: set[str] = set()
    g, prop = game.g, level.prop
    switches = dict(zip(SWITCHES, (level.player_gravity, level.freeze_zonks, False)))
    for a in actions:
        pl = game.player
        src = pl["cell"]
        before = _charges(pl["items"])
        intents = {id(n): (list(n["intent"]), n["cell"], n) for n in game.npcs if n["hp"] > 0}
        obj_before = bytes(game.obj)
        events = game.apply(a)
        after = _charges(game.player["items"])
        dropped = {p for p, c in before.items() if after.get(p, 0) < c}
        evs = {e.kind for e in events}
        _actions(used, a, g, prop, src)
        _world(used, game, a, events, obj_before)
        _items(used, dropped, events, evs)
        _spells(used, events, evs, src, game)
        _npcs(used, game, intents, events, src)
        booms = {e.at: e.gems for e in events if e.kind == "explode"}
        for n in game.npcs:
            if n.get("blast") and n["hp"] <= 0 and booms.get(n["cell"]) == (n["blast"] == "gems"):
                used.add(f"npc blast:{n['blast']}")
        for e in events:
            if e.kind == "switch":
                for w in SWITCHES:
                    if bool(getattr(e, w)) != switches[w] and (w != "gravity" or level.gravity >= 0):
                        used.add(f"special port:{w}")
                        switches[w] = bool(getattr(e, w))
    return used, game


def _actions(used, a, g, prop, src) -> None:
    k = a[0]
    if k == WAIT:
        used.add("action:wait")
    elif k == TRACTOR:
        used.add("action:tractor")
    elif k == EQUIP:
        used.add("action:equip")
    elif k == MOVE:
        t = g.step[src][a[1]]
        if t >= 0 and prop[t] == T.P_PORT:
            used.add("property:port")


def _world(used, game, a, events, obj_before) -> None:
    g, level = game.g, game.level
    if any(e.kind == "explode" for e in events):     # what an explosion set off or blew away
        for o, name in enumerate(T.OBJECT_NAMES):
            if name not in NOT_OBJECTS and obj_before.count(o) > game.obj.count(o):
                used.add(f"object:{name}")
    for e in events:
        ev = e.kind
        if ev in T.OBJECT_NAMES:                          # an object's own event (a terminal used ...)
            used.add(f"object:{ev}")
        elif ev == "spark":                               # a bug sparks
            used.add("object:bug")
        elif ev == "skill":
            used.add(f"skill:{e.skill}")
        elif ev in ("grant", "teleport", "exit"):
            used.add(f"property:{ev}")
        elif ev == "won" and level.victory_cells():
            used.add("property:victory")
        elif ev == "trap":
            used.add("object:trap")
        elif ev == "destroy":
            used.add(f"object:{e.what}")
        elif ev == "gem":
            used.add("object:gem")
        elif ev in ("push", "pull"):
            o = game.obj[e.dst]
            name = T.OBJECT_NAMES[o]
            if o == T.VICTORY_OBJ:
                if level.prop[e.dst] == T.P_VICTORY:
                    used.add("object:victory object")
            else:
                used.add(f"object:{name}")
            if ev == "push":
                beyond = g.step[e.dst][a[1]]
                if beyond >= 0 and game.obj[beyond] == T.ROCK:
                    used.add("object:rock")
        elif ev == "fall":
            used.add("gravity:the player falls")
        elif ev == "roll":
            used.add("gravity:a rounded object rolls")
            if game.obj[e.dst] == T.BOULDER:
                used.add("object:boulder")
        elif ev == "slain" and e.cause == "crush":
            used.add("object:boulder")
    if game.falling:
        used.add("gravity:objects fall")


def _items(used, dropped, events, evs) -> None:
    reflected = any(e.kind == "reflect" and e.who != "you" for e in events)
    for p in dropped:
        if p in ("spyked", "mirroring") and not reflected:
            continue
        if p == "tractor" and "pull" not in evs:
            continue
        used.add(f"item:{p}")


def _spells(used, events, evs, src, game) -> None:
    for e in events:
        if e.kind != "cast" or e.who != "you":
            continue
        s = e.spell
        if s in ("missile", "fireball", "lightning"):
            ok = "hit" in evs or "destroy" in evs
        elif s == "ice":
            ok = "slow" in evs
        else:
            ok = game.player["cell"] != src or "fall" in evs
        if ok:
            used.add(f"spell:{s}")


def _npcs(used, game, intents, events, src) -> None:
    for intent, cell, npc in intents.values():
        kind, at, _ = intent
        if kind == N.WAIT:
            continue
        acted = False
        if kind == N.MOVE and npc["cell"] != cell:
            used.add("npc intent:move")
            acted = True
        for e in events:
            if getattr(e, "who", None) != npc["name"]:
                continue
            if kind == N.ATTACK and e.kind == "attack" and e.at == at:
                used.add("npc intent:attack")
                acted = True
                victim = next((n for n in game.npcs if n["cell"] == at), None)
                if victim is not None:
                    used.add("alliance:an ally fights a foe" if "player" in (npc["team"], victim["team"])
                             else "alliance:two foe teams fight")
            elif kind == N.ATTACK and e.kind == "miss" and e.at == at == src:
                used.add("npc intent:dodge")
                acted = True
            elif kind == N.CAST and e.kind == "cast":
                used.add("npc intent:cast")
                acted = True
        if acted:
            used.add(f"npc model:{npc['model']}")
