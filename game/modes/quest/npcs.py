"""NPC behaviour: every NPC shows its intent for the next turn, then carries it out.

An intent is `[kind, a, b]`: WAIT, MOVE to cell a, ATTACK cell a (whoever hostile stands there
when it strikes: step away and it misses), CAST spell b (-1: missile) in direction a (see
npc_casting.py for which spell an NPC picks). Intents are planned at the end of each turn, after
gravity, so the board always shows what every NPC will do next.

Models (an NPC's "best attack spell" is npc_casting.best_attack: the known attack spell that deals
the most damage now, without hitting an ally):
still: attacks an adjacent hostile, else its best attack spell, else waits.
chase: escapes by Jump/Teleport when at a third of its HP or less with a hostile adjacent, else
  attacks an adjacent hostile, else its best attack spell, else closes in by Jump/Teleport when that
  gains 2 cells or more, else steps to the free neighbour nearest the nearest hostile.
caster: as chase, but its best attack spell comes before a melee blow.
turret: never moves; adjacent blow, else its best attack spell, else waits.
wander: adjacent blow, else its best attack spell, else a free neighbour drawn from the game's
  PCG32 when the intent is planned.
wall_left / wall_right (Supaplex snik snak / electron): attack an adjacent hostile, else follow the
  wall on that hand; they never cast, and stand still while enemies are frozen (special ports).
A fast NPC (speed 2-3) acts again after its shown intent, re-planning with the same model; a fast
wanderer draws no new random step then: it keeps going the way it just stepped while it can (and
waits otherwise), so all of its randomness was shown with its intent.
"""

from __future__ import annotations

from game.modes.quest import events as E
from game.modes.quest import explosions as X
from game.modes.quest import items as I
from game.modes.quest import npc_casting as C
from game.modes.quest import supaplex_objects as SX
from game.modes.quest.creatures import hit, hostile, melee_of

WAIT, MOVE, ATTACK, CAST = 0, 1, 2, 3


def _foes(game, npc):
    return [cr for cr in game.creatures() if cr["hp"] > 0 and hostile(npc, cr)]


def plan(game, npc, again: int = -2) -> list[int]:
    """The NPC's next intent. `again` >= -1: a fast NPC's extra action this turn (the direction of
    the step it just took, -1 if none): a wanderer then draws nothing it has not shown."""
    g, cell, model = game.g, npc["cell"], npc["model"]
    if SX.frozen(game, npc):
        return [WAIT, -1, -1]
    if model in SX.WALL_MODELS:              # looks only at its neighbours: any number of them is cheap
        adj = [n for n in g.neighbours[cell] if (cr := game.occ.get(n)) is not None and cr["hp"] > 0 and hostile(npc, cr)]
        return [ATTACK, min(adj), -1] if adj else _follow_wall(game, npc)
    foes = _foes(game, npc)
    adj = [cr["cell"] for cr in foes if cr["cell"] in g.neighbours[cell]]
    casts = bool(npc["spells"]) and model not in SX.WALL_MODELS
    if casts and model in ("chase", "caster") and adj and npc["hp"] * 3 <= npc["max_hp"]:
        esc = C.movement(game, npc, foes, escape=True)
        if esc:
            return esc
    if casts and model == "caster":
        spell = C.best_attack(game, npc)
        if spell:
            return spell
    if adj:
        return [ATTACK, min(adj), -1]
    if casts and model != "caster":
        spell = C.best_attack(game, npc)
        if spell:
            return spell
    if model in ("still", "turret") or (model in ("chase", "caster") and not foes):
        return [WAIT, -1, -1]
    if model in ("chase", "caster"):
        if casts:
            near = C.movement(game, npc, foes, escape=False)
            if near:
                return near
        best = None
        for d, n in enumerate(g.step[cell]):
            if n >= 0 and game.free_for_creature(n, walker=npc):
                score = (min(g.distance(n, f["cell"]) for f in foes), d)
                if best is None or score < best[0]:
                    best = (score, n)
        here = min(g.distance(cell, f["cell"]) for f in foes)
        if best is None or best[0][0] >= here:
            return [WAIT, -1, -1]
        return [MOVE, best[1], -1]
    if model == "wander" and again >= -1:
        n = g.step[cell][again] if again >= 0 else -1
        return [MOVE, n, -1] if n >= 0 and game.free_for_creature(n, walker=npc) else [WAIT, -1, -1]
    if model == "wander":
        free = [n for n in g.step[cell] if n >= 0 and game.free_for_creature(n, walker=npc)]
        if not free:
            return [WAIT, -1, -1]
        return [MOVE, free[game.rng.below(len(free))], -1]
    return _follow_wall(game, npc)


def _follow_wall(game, npc) -> list[int]:
    """Left-hand (or right-hand) rule."""
    g, cell, model = game.g, npc["cell"], npc["model"]
    nd = len(g.dirs)
    h = npc["heading"]
    turn = -1 if model == "wall_left" else 1
    order = [(h + turn) % nd, h, (h - turn) % nd] + [(h + k) % nd for k in range(2, nd - 1)] + [(h + nd // 2) % nd]
    seen = []
    for d in order:
        if d in seen:
            continue
        seen.append(d)
        n = g.step[cell][d]
        if n >= 0 and game.free_for_creature(n, walker=npc):
            return [MOVE, n, d]
    return [WAIT, -1, -1]


def act(game, npc, intent, events) -> None:
    kind, a, b = intent
    if kind == MOVE:
        if game.free_for_creature(a, walker=npc):
            if b >= 0:
                npc["heading"] = b
            game.place(npc, a, events)
    elif kind == ATTACK:
        cr = game.creature_at(a)
        if cr is not None and hostile(npc, cr):
            raw = I.outgoing(npc["items"], melee_of(game.level, npc), magic=False)
            events.append(E.Attacked(npc["name"], a))
            hit(game, cr, raw, False, npc, events)
        else:
            events.append(E.Missed(npc["name"], a))
    elif kind == CAST:
        C.carry_out(game, npc, intent, events)


def speed_next(npc) -> int:
    """How many actions the NPC takes in the coming turn (its shown intent first); 0 while Ice
    Spray slows it to a standstill, so the board must not promise its intent."""
    return max(0, npc["speed"] - (npc["slow"][0] if npc["slow"][1] > 0 else 0))


def run_npcs(game, events) -> None:
    for npc in list(game.npcs):
        if npc["hp"] <= 0 or SX.frozen(game, npc):
            continue
        speed = speed_next(npc)
        went = -1
        for k in range(speed):
            if npc["hp"] <= 0 or game.status != "play":
                break
            intent = npc["intent"] if k == 0 else plan(game, npc, again=went)
            before = npc["cell"]
            act(game, npc, intent, events)
            went = game.g.step[before].index(npc["cell"]) if npc["cell"] in game.g.step[before] else -1
            X.resolve(game, events)
        if npc["slow"][1] > 0:
            npc["slow"][1] -= 1
            if npc["slow"][1] == 0:
                npc["slow"][0] = 0


def plan_all(game) -> None:
    for npc in game.npcs:
        npc["intent"] = plan(game, npc) if npc["hp"] > 0 else [WAIT, -1, -1]
