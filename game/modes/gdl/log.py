"""Plain-words lines for GDL game events (CLI log, UI message line)."""

from __future__ import annotations


def unit_label(g, uid: int) -> str:
    u = g.units[uid]
    name = g.w.m.utypes[u.type]
    return f"{u.name} ({name})" if u.name else f"{name} #{uid}"


def side_label(g, sid: int) -> str:
    info = g.w.m.sides.get(sid, {})
    return info.get("name") or info.get("noun") or ("independents" if sid == 0 else f"side {sid}")


def describe(g, ev) -> str:
    """One line for an event (game.modes.gdl.events), "" for those not worth a line."""
    k = ev.kind

    def L(i):
        return unit_label(g, i)

    if k in ("end", "move", "accident", "resist"):
        return ""
    if k in ("hit", "miss"):
        verb = "strikes back at" if ev.counter else "fires at" if ev.fire else "hits"
        if k == "miss":
            return f"{L(ev.unit)} misses {L(ev.target)}"
        return f"{L(ev.unit)} {verb} {L(ev.target)} for {ev.damage}"
    simple = {
        "board": lambda: f"{L(ev.unit)} goes into {L(ev.transport)}",
        "step-away": lambda: f"{L(ev.unit)} {_AWAY.get(ev.why, 'steps away')}",
        "escape": lambda: f"{L(ev.unit)} escapes",
        "wrecked": lambda: f"{g.w.m.utypes[ev.old_type]} #{ev.unit} becomes {g.w.m.utypes[ev.new_type]}",
        "destroyed": lambda: f"{L(ev.unit)} is destroyed",
        "repair": lambda: f"{L(ev.unit)} repairs {L(ev.target)} (+{ev.hp} hp)",
        "detonate": lambda: f"{L(ev.unit)} detonates",
        "blast": lambda: f"  the blast hits {L(ev.unit)} for {ev.damage}",
        "capture": lambda: f"{L(ev.captor)} captures {L(ev.prisoner)} for {side_label(g, ev.side)}",
        "surrender": lambda: f"{L(ev.unit)} surrenders to {L(ev.to)}",
        "revolt": lambda: f"{L(ev.unit)} revolts",
        "scuttle": lambda: f"{L(ev.unit)} scuttles itself",
        "garrison": lambda: f"{L(ev.unit)} stays as the garrison of {L(ev.into)}",
        "create": lambda: f"{L(ev.unit)} starts {L(ev.new)}",
        "build": lambda: f"{L(ev.unit)} builds on {L(ev.target)} (+{ev.cp} cp)",
        "complete": lambda: f"{L(ev.unit)} is complete",
        "disband": lambda: f"{L(ev.unit)} disbands",
        "develop": lambda: f"{L(ev.unit)} develops {g.w.m.utypes[ev.type]} (+{ev.tech})",
        "change-side": lambda: f"{L(ev.unit)} goes over to {side_label(g, ev.side)}",
        "starve": lambda: f"{L(ev.unit)} starves (-{ev.hp} hp)",
        "attrition": lambda: f"{L(ev.unit)} suffers attrition (-{ev.hp} hp)",
        "appear": lambda: f"{L(ev.unit)} arrives",
        "over": lambda: f"game over ({ev.reason}): " + (f"{side_label(g, ev.side)} wins" if ev.side else "draw"),
    }
    f = simple.get(k)
    return f() if f else ""


_AWAY = {"withdraw": "withdraws", "retreat": "retreats", "escape": "escapes"}
