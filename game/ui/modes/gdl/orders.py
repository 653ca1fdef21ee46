"""What A offers on the Xconq screen beyond a plain step or attack, as one-handed menus (the
shared "choice" box: Up/Down, A takes, B closes):

- the turn prompt: when none of your units can act, A anywhere asks "End the turn?" (Yes
  chosen); with units still able to act, A on a cell without one of them opens the turn menu
  (the next unit that can act, end the turn now);
- a unit's orders: A on the picked unit itself lists what it can do where it stands:
  production (create a unit of a type, here or inside a unit), construction (build on an
  incomplete unit), develop, tool up, disband, board a transport, the other units in the cell
  to pick instead, let go, end the turn;
- a cell with more than one thing to do (attack or capture, board or move): each as a line,
  with its odds in the label, so the choice is made before acting.

Labels carry the numbers the engine itself uses: combat.odds, capture.odds, production's costs.
"""

from __future__ import annotations

from game.modes.gdl import actions as A
from game.modes.gdl import capture, combat, production
from game.modes.gdl.actions import Attack, Build, Capture, Create, CreateIn, Disband, Fire, Move, Repair

TARGETED = (Attack, Fire, Repair, Capture, Build, Disband)
AT_CELL_ORDER = {Attack: 0, Fire: 1, Capture: 2, Repair: 3, Build: 4, Move: 5}
MAX_LINES = 24                   # a unit with a long production list: the first ones, the rest by type


def type_name(g, t: int) -> str:
    return g.w.m.utypes[t]


def unit_name(g, uid: int) -> str:
    u = g.units[uid]
    return type_name(g, u.type) + (f" “{u.name}”" if u.name else "")


def actions_at(g, uid: int, cell: int) -> list:
    """Legal actions of unit `uid` aimed at `cell` (attack, fire, capture, repair, build, move),
    best first: what A on that cell does."""
    out = []
    for a in g.unit_actions(g.units[uid]):
        if isinstance(a, Move) and a.cell == cell and a.cell != g.cell_of(g.units[uid]):
            out.append(a)
        elif isinstance(a, tuple(AT_CELL_ORDER)) and not isinstance(a, Move) and a.target != uid \
                and g.cell_of(g.units[a.target]) == cell:
            out.append(a)
    return sorted(out, key=lambda a: AT_CELL_ORDER[type(a)])


def own_orders(g, uid: int) -> list:
    """What unit `uid` can do where it stands (the orders menu): not steps, not attacks on others."""
    u = g.units[uid]
    here = g.cell_of(u)
    out = []
    for a in g.unit_actions(u):
        if isinstance(a, (Create, CreateIn, A.Develop, A.Toolup, A.ChangeSide, A.Detonate, A.Enter)):
            out.append(a)
        elif isinstance(a, Disband) and a.target == uid:
            out.append(a)
        elif isinstance(a, TARGETED) and a.target != uid and g.cell_of(g.units[a.target]) == here:
            out.append(a)
        elif isinstance(a, Move) and a.cell == here:          # leave the transport
            out.append(a)
    return out


def label(g, a) -> str:
    """One menu line for an action, with the odds or costs that decide it."""
    w = g.w
    u = g.units[a.unit] if hasattr(a, "unit") else None
    if isinstance(a, (Attack, Fire)):
        o = combat.odds(g, u, g.units[a.target], isinstance(a, Fire))
        verb = "Attack" if isinstance(a, Attack) else "Fire at"
        return f"{verb} {unit_name(g, a.target)}: hit {o['hit']}%"
    if isinstance(a, Capture):
        return f"Capture {unit_name(g, a.target)}: {capture.odds(g, u, g.units[a.target])}%"
    if isinstance(a, Repair):
        return f"Repair {unit_name(g, a.target)}"
    if isinstance(a, Build):
        v = g.units[a.target]
        step = min(w.T["cp-per-build"][u.type][v.type], w.cp[v.type] - v.cp)
        return f"Build {type_name(g, v.type)}: {v.cp}+{step} of {w.cp[v.type]}"
    if isinstance(a, (Create, CreateIn)):
        acp, _rng, cp = production.create_cost(w, u.type, a.type)
        if isinstance(a, CreateIn):
            where = "" if a.transport == a.unit else f" in {unit_name(g, a.transport)}"
        else:
            where = "" if a.cell == g.cell_of(u) else " next door"
        return f"Make {type_name(g, a.type)}{where}: {acp} acp, {cp} of {w.cp[a.type]} done"
    if isinstance(a, A.Develop):
        return f"Develop {type_name(g, a.type)}"
    if isinstance(a, A.Toolup):
        return f"Tool up for {type_name(g, a.type)}"
    if isinstance(a, Disband):
        return "Disband this unit"
    if isinstance(a, A.Enter):
        return f"Board {unit_name(g, a.transport)}"
    if isinstance(a, A.Detonate):
        return "Detonate"
    if isinstance(a, A.ChangeSide):
        from game.modes.gdl.log import side_label
        return f"Go over to {side_label(g, a.side)}"
    if isinstance(a, Move):
        return "Leave the transport" if a.cell == g.cell_of(u) else "Move here"
    return str(a)


def unit_orders(scene, uid: int) -> list[tuple[str, object]]:
    """The orders menu of the picked unit: [(label, fn)]."""
    g = scene.game
    acts = own_orders(g, uid)
    opts: list[tuple[str, object]] = []
    seen_types: set = set()
    for a in acts:
        if isinstance(a, (Create, CreateIn)):
            key = (type(a), a.type, getattr(a, "transport", -1), getattr(a, "cell", -1) == g.cell_of(g.units[uid]))
            if key in seen_types:
                continue
            seen_types.add(key)
        if len(opts) >= MAX_LINES:
            break
        opts.append((label(g, a), lambda a=a: scene.act(a)))
    here = g.cell_of(g.units[uid])
    for other in scene.ids_at(here):
        if other != uid and g.can_act(g.units[other]) and g.units[other].side == g.side:
            opts.append((f"Pick {unit_name(g, other)}", lambda o=other: scene.pick(o)))
    if len(scene.my_units()) > 1:
        opts.append(("Next unit that can act", lambda: scene.cycle_units(1)))
    opts.append(("Let go of the unit", scene.let_go))
    opts.append(("End the turn", scene.ask_end_turn))
    return opts


def choose_at(scene, uid: int, acts: list) -> None:
    """More than one thing to do at a cell: each as a line with its odds."""
    g = scene.game
    opts = [(label(g, a), lambda a=a: scene.act(a)) for a in acts[:MAX_LINES]]
    opts.append(("Nothing", None))
    scene.app.open("choice", title=f"{unit_name(g, uid)}: what to do here", options=opts)


def turn_menu(scene) -> None:
    """A where no unit of yours can act: the turn's own choices."""
    left = len(scene.my_units())
    if left == 0:
        scene.ask_end_turn()
        return
    scene.app.open("choice", title=f"Your turn: {left} unit{'s' if left != 1 else ''} can still act",
                   options=[("Next unit that can act", lambda: scene.cycle_units(1)),
                            ("End the turn now", scene.end_turn), ("Back to the map", None)])


def legend_lines(g, you: int | None) -> list[str]:
    """The unit letters of this module (types in play first) and the side you play."""
    from game.modes.gdl.log import side_label
    w = g.w
    present = sorted({u.type for u in g.units if u.alive}, key=lambda t: w.letters[t])
    rest = [t for t in range(w.nu) if t not in present]
    out = [f"You are {side_label(g, you)}." if you else "Bots play every side."]
    out += [f"{w.letters[t]}  {w.m.utypes[t]}" for t in present + rest][:60]
    return out
