"""NPC behaviour: every NPC shows its intent for the next turn, then carries it out.

An intent is `[kind, a, b]`: WAIT, MOVE to cell a, ATTACK cell a (whoever hostile stands there
when it strikes: step away and it misses), CAST missile in direction a. Intents are planned at the
end of each turn, after gravity, so the board always shows what every NPC will do next.

Models: still (attacks an adjacent hostile), chase (attacks an adjacent hostile, else casts a
known Missile along a clear line within 8, else steps to the free neighbour nearest the nearest
hostile), wander (a free neighbour drawn from the game's PCG32 when the intent is planned),
wall_left / wall_right (Supaplex snik snak / electron: attack an adjacent hostile, else follow the
wall on that hand), turret (never moves; Missile along a clear line, else attack adjacent).
A fast NPC (speed 2-3) acts again after its shown intent, re-planning with the same model.
"""

from __future__ import annotations

from game.modes.quest import items as I
from game.modes.quest import tiles as T
from game.modes.quest.creatures import hit, hostile, melee_of
from game.modes.quest.spells import cast_missile

WAIT, MOVE, ATTACK, CAST = 0, 1, 2, 3
LINE_RANGE = 8


def _foes(game, npc):
    return [cr for cr in game.creatures() if cr["hp"] > 0 and hostile(npc, cr)]


def _line_dir(game, npc, foes):
    if "missile" not in npc["spells"]:
        return -1
    g = game.g
    for d in range(len(g.dirs)):
        c = npc["cell"]
        for _ in range(LINE_RANGE):
            c = g.step[c][d]
            if c < 0:
                break
            cr = game.creature_at(c)
            if cr is not None:
                if hostile(npc, cr):
                    return d
                break
            if game.obj[c] not in (T.NONE, T.TRAP):
                break
    return -1


def plan(game, npc) -> list[int]:
    g, cell, model = game.g, npc["cell"], npc["model"]
    foes = _foes(game, npc)
    adj = [cr["cell"] for cr in foes if cr["cell"] in g.neighbours[cell]]
    if adj:
        return [ATTACK, min(adj), -1]
    if model == "still":
        return [WAIT, -1, -1]
    if model in ("chase", "turret"):
        d = _line_dir(game, npc, foes)
        if d >= 0:
            return [CAST, d, -1]
        if model == "turret" or not foes:
            return [WAIT, -1, -1]
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
    if model == "wander":
        free = [n for n in g.step[cell] if n >= 0 and game.free_for_creature(n, walker=npc)]
        if not free:
            return [WAIT, -1, -1]
        return [MOVE, free[game.rng.below(len(free))], -1]
    # wall followers: left-hand (or right-hand) rule
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
            events.append({"ev": "attack", "who": npc["name"], "at": a})
            hit(game, cr, raw, False, npc, events)
        else:
            events.append({"ev": "miss", "who": npc["name"], "at": a})
    elif kind == CAST:
        cast_missile(game, npc, npc["spells"].get("missile", 1), a, events, dry=False)


def run_npcs(game, events) -> None:
    for npc in list(game.npcs):
        if npc["hp"] <= 0:
            continue
        speed = max(0, npc["speed"] - (npc["slow"][0] if npc["slow"][1] > 0 else 0))
        for k in range(speed):
            if npc["hp"] <= 0 or game.status != "play":
                break
            intent = npc["intent"] if k == 0 else plan(game, npc)
            act(game, npc, intent, events)
        if npc["slow"][1] > 0:
            npc["slow"][1] -= 1
            if npc["slow"][1] == 0:
                npc["slow"][0] = 0


def plan_all(game) -> None:
    for npc in game.npcs:
        npc["intent"] = plan(game, npc) if npc["hp"] > 0 else [WAIT, -1, -1]
