"""What a GDL side bot's makers (cities, factories, engineers) build (docs/rules/gdl-bot.md).

A maker first finishes the incomplete unit nearest completion it can build on. Else it creates
the type the side lacks most, scored per cp it costs, in integers:
- fighting: the hp x100 a turn the type takes from the enemies the side knows (from every type
  when it knows none), x its speed + 1;
- carrying: when some own unit has targets it cannot walk to, a type that moves and carries it
  scores as much as the best fighter x 4;
- taking: capture-chance against known enemies (towns, independents) adds as much again;
- exploring: under fog with no enemy known, speed x (vision-range + 1) counts;
then x 4 / (4 + the side's units of the type), so the side spreads over what it lacks instead
of making one type forever. The created unit goes inside the maker when it can; tooling up for
the chosen type comes first when the maker needs it.
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import production
from game.modes.gdl.bot_plan import BIG, carries


def choose_production(g, u, plan):
    acts = production.actions(g, u)
    if not acts:
        return None
    return production_choice(g, u, acts, lambda: wanted_types(g, u, plan))


def production_choice(g, u, acts: list, wanted):
    """Of the production actions `acts`: build on the unit nearest completion, else create (or
    tool up for) the first type of `wanted()` the maker can, inside the maker when it can."""
    builds = [a for a in acts if isinstance(a, A.Build)]
    if builds:
        return max(builds, key=lambda a: (g.units[a.target].cp, -a.target))
    for b in wanted():
        creates = [a for a in acts if isinstance(a, (A.Create, A.CreateIn)) and a.type == b]
        if creates:
            inside = [a for a in creates if isinstance(a, A.CreateIn) and a.transport == u.id]
            return (inside or creates)[0]
        tools = [a for a in acts if isinstance(a, A.Toolup) and a.type == b]
        if tools:
            return tools[0]
    return None


def wanted_types(g, u, plan) -> list[int]:
    """Types u could create, most wanted first (ties: lower type index)."""
    w = g.w
    known = plan.known
    foes = sorted({k.type for k in known}) or list(range(w.nu))
    lost_types = plan_stranded_types(g, plan)
    fog = getattr(g, "views", None) is not None
    vr = w.up["vision-range"]
    takes = w.T["capture-chance"]
    fight = {}
    for b in range(w.nu):
        if production.could_create(w, u.type, b):
            fight[b] = sum(min(plan.rate(b, d), 10_000) for d in foes) * (min(w.speed[b], 1000) // 100 + 1)
    if not fight:
        return []
    top = max(fight.values())
    scored = []
    for b, value in fight.items():
        if any(carries(w, b, t) for t in lost_types):
            value += max(top, 100) * 4
        take = sum(takes[b][k.type] for k in known)
        if take:
            value += take * 100
        if fog and not known:
            value += min(w.speed[b], 1000) * (max(vr[b], 0) + 1)
        value = value * 4 // (4 + plan.types_owned[b]) * 100 // max(1, w.cp[b])
        scored.append((-value, b))
    return [b for _, b in sorted(scored)]


def plan_stranded_types(g, plan) -> set[int]:
    """Types of own units (that move) with targets they cannot walk to (computed once a turn)."""
    if plan.stranded_types is not None:
        return plan.stranded_types
    w = g.w
    out = set()
    for t in sorted({v.type for v in plan.mine if v.alive and w.speed[v.type] > 0 and w.can_act[v.type]}):
        field = plan.strike_field(g, t)
        if field is None:
            continue
        if any(v.type == t and v.transport < 0 and field[g.cell_of(v)] >= BIG for v in plan.mine if v.alive):
            out.add(t)
    plan.stranded_types = out
    return out

