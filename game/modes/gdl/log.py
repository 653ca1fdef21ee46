"""Plain-words lines for GDL game events (CLI log, UI message line)."""

from __future__ import annotations


def unit_label(g, uid: int) -> str:
    u = g.units[uid]
    name = g.w.m.utypes[u.type]
    return f"{u.name} ({name})" if u.name else f"{name} #{uid}"


def describe(g, ev) -> str:
    k = ev[0]
    def L(i):
        return unit_label(g, i)
    if k == "end":
        return ""
    if k == "move":
        return ""
    if k == "board":
        return f"{L(ev[1])} goes into {L(ev[2])}"
    if k in ("hit", "fire-hit", "counter"):
        verb = {"hit": "hits", "fire-hit": "fires at", "counter": "strikes back at"}[k]
        return f"{L(ev[1])} {verb} {L(ev[2])} for {ev[3]}"
    if k in ("miss", "fire-miss", "counter-miss"):
        return f"{L(ev[1])} misses {L(ev[2])}"
    if k == "withdraw":
        return f"{L(ev[1])} withdraws"
    if k == "wrecked":
        return f"{g.w.m.utypes[ev[2]]} #{ev[1]} becomes {g.w.m.utypes[ev[3]]}"
    if k == "destroyed":
        return f"{L(ev[1])} is destroyed"
    if k == "repair":
        return f"{L(ev[1])} repairs {L(ev[2])} (+{ev[3]} hp)"
    if k == "detonate":
        return f"{L(ev[1])} detonates"
    if k == "blast":
        return f"  the blast hits {L(ev[2])} for {ev[3]}"
    if k == "accident":
        return ""
    if k == "over":
        return f"game over ({ev[2]}): " + (f"side {ev[1]} wins" if ev[1] else "draw")
    return ""
