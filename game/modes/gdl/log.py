"""Plain-words lines for GDL game events (CLI log, UI message line)."""

from __future__ import annotations


def unit_label(g, uid: int) -> str:
    u = g.units[uid]
    name = g.w.m.utypes[u.type]
    return f"{u.name} ({name})" if u.name else f"{name} #{uid}"


def side_label(g, sid: int) -> str:
    info = g.w.m.sides.get(sid, {})
    return info.get("name") or info.get("noun") or ("independents" if sid == 0 else f"side {sid}")


_HITS = {"hit": "hits", "fire-hit": "fires at", "counter": "strikes back at", "hit-occupant": "hits",
         "fire-hit-occupant": "fires at", "counter-occupant": "strikes back at"}
_MISSES = ("miss", "fire-miss", "counter-miss", "miss-occupant", "fire-miss-occupant", "counter-miss-occupant")


def describe(g, ev) -> str:
    k = ev[0]

    def L(i):
        return unit_label(g, i)

    if k in ("end", "move", "accident", "resist"):
        return ""
    if k in _HITS:
        return f"{L(ev[1])} {_HITS[k]} {L(ev[2])} for {ev[3]}"
    if k in _MISSES:
        return f"{L(ev[1])} misses {L(ev[2])}"
    simple = {
        "board": lambda: f"{L(ev[1])} goes into {L(ev[2])}",
        "withdraw": lambda: f"{L(ev[1])} withdraws",
        "retreat": lambda: f"{L(ev[1])} retreats",
        "escape": lambda: f"{L(ev[1])} escapes",
        "wrecked": lambda: f"{g.w.m.utypes[ev[2]]} #{ev[1]} becomes {g.w.m.utypes[ev[3]]}",
        "destroyed": lambda: f"{L(ev[1])} is destroyed",
        "repair": lambda: f"{L(ev[1])} repairs {L(ev[2])} (+{ev[3]} hp)",
        "detonate": lambda: f"{L(ev[1])} detonates",
        "blast": lambda: f"  the blast hits {L(ev[2])} for {ev[3]}",
        "capture": lambda: f"{L(ev[1])} captures {L(ev[2])} for {side_label(g, ev[3])}",
        "surrender": lambda: f"{L(ev[1])} surrenders to {L(ev[2])}",
        "revolt": lambda: f"{L(ev[1])} revolts",
        "scuttle": lambda: f"{L(ev[1])} scuttles itself",
        "garrison": lambda: f"{L(ev[1])} stays as the garrison of {L(ev[2])}",
        "create": lambda: f"{L(ev[1])} starts {L(ev[2])}",
        "build": lambda: f"{L(ev[1])} builds on {L(ev[2])} (+{ev[3]} cp)",
        "complete": lambda: f"{L(ev[1])} is complete",
        "disband": lambda: f"{L(ev[1])} disbands",
        "develop": lambda: f"{L(ev[1])} develops {g.w.m.utypes[ev[2]]} (+{ev[3]})",
        "change-side": lambda: f"{L(ev[1])} goes over to {side_label(g, ev[2])}",
        "starve": lambda: f"{L(ev[1])} starves (-{ev[2]} hp)",
        "attrition": lambda: f"{L(ev[1])} suffers attrition (-{ev[2]} hp)",
        "appear": lambda: f"{L(ev[1])} arrives",
        "over": lambda: f"game over ({ev[2]}): " + (f"{side_label(g, ev[1])} wins" if ev[1] else "draw"),
    }
    f = simple.get(k)
    return f() if f else ""
