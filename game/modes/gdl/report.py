"""What a module gives a game, for `tactibox gdl PATH --warnings` and the benchmarks: its
play-affecting warnings, the units each side has at the start (and as reinforcements), the
units the module lists but no game will have (and why), and what world synthesis did."""

from __future__ import annotations

from game.rules.gdl.model import Module


def _w(w) -> dict:
    return {"file": w.file, "line": w.line, "message": w.message}


def unit_report(g) -> dict:
    """Units of a game `g` at its start: per side on the map (or inside a unit on the map),
    appearing later, and those the module lists but the game dropped, with the reason."""
    m = g.w.m
    specs = g.w.m.units
    start: dict[str, int] = {}
    later: dict[str, int] = {}
    dropped = []
    for i, u in enumerate(g.units[:len(specs)]):
        spec = specs[i]
        key = str(u.side)
        if u.alive and g.cell_of(u) >= 0:
            start[key] = start.get(key, 0) + 1
        elif u.alive and u.appear >= 0:
            later[key] = later.get(key, 0) + 1
        else:
            dropped.append({"file": spec.file, "line": spec.line, "type": m.utypes[spec.type],
                            "side": u.side, "reason": _why(g, spec, u)})
    total = dict(start)
    for k, v in later.items():
        total[k] = total.get(k, 0) + v
    return {"units": dict(sorted(total.items())), "units_at_start": dict(sorted(start.items())),
            "units_appearing": dict(sorted(later.items())), "units_dropped": dropped}


def _why(g, spec, u) -> str:
    if spec.hp is not None and spec.hp <= 0:
        return "hp 0: not in the game"
    if not u.alive:
        return "destroyed before the first turn"
    if spec.appear >= 0:
        return "appears outside the area"
    if isinstance(spec.transport, int):
        return "inside a unit that is not in play"
    if spec.x is None or spec.y is None:
        return "no position"
    if g.w.cell_of_xy(spec.x, spec.y) < 0:
        return f"({spec.x},{spec.y}) is outside the area"
    return "no room where it stands"


def module_report(m: Module, problems: list[str], seed: int = 1) -> dict:
    """The object `tactibox gdl PATH --warnings --json` prints."""
    from game.rules.gdl import synth
    out = {"module": m.name, "title": m.title, "files": list(m.files),
           "play_warnings": [_w(w) for w in m.play_warnings()],
           "other_warnings": [_w(w) for w in m.warnings if not w.play],
           "cannot_play": list(problems), "units": {}, "units_at_start": {}, "units_appearing": {},
           "units_dropped": []}
    plan = synth.plan(m) if m.ttypes else []
    out["synthesis"] = {"methods": synth.method_list(m), "run": plan, "notes": []}
    if problems:
        return out
    from game.modes.gdl.game import GdlGame
    from game.modes.gdl.world import World
    try:
        g = GdlGame(World(m), seed)
    except synth.SynthError as exc:
        out["cannot_play"].append(str(exc))
        return out
    out.update(unit_report(g))
    if plan:
        gm = g.w.m
        out["synthesis"]["notes"] = list(gm.synth_notes)
        out["synthesis"]["world"] = [gm.width, gm.height]
        out["synthesis"]["seed"] = seed
    return out
