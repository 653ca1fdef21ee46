"""The battle's message line in a player's words ("Blue's Catapult hits Red's Knight: 5 damage,
2 HP left"); the command line keeps the exact log (``game.modes.skirmish.log.describe``, with
piece ids and cells)."""

from __future__ import annotations

from game.rules.skirmish_schema import SEAT_NAMES


def whose(game, pid: int) -> str:
    p = game.pieces[pid]
    return f"{SEAT_NAMES[p.seat].title()}'s {game.rs.pieces[p.kind].name}"


def say(game, ev: dict) -> str | None:
    """One event as a sentence for the message line, or None (not worth a line)."""
    e = ev["e"]
    if e == "walk":
        return f"{whose(game, ev['piece'])} moves"
    if e == "stay":
        return f"{whose(game, ev['piece'])} holds its ground"
    if e == "attack":
        who, tgt = whose(game, ev["piece"]), whose(game, ev["target"])
        if ev["result"] == "miss":
            return f"{who} attacks {tgt} and misses"
        hit = "critical hit on" if ev["result"] == "crit" else "hits"
        tail = "destroyed!" if ev.get("killed") else f"{ev['hp']} HP left"
        return f"{who} {hit} {tgt}: {ev['damage']} damage, {tail}"
    if e == "levelup":
        return f"{whose(game, ev['piece'])} reaches level {ev['level']}"
    if e == "out":
        return f"{SEAT_NAMES[ev['seat']].title()} is out of the battle"
    if e == "pass":
        return f"{SEAT_NAMES[ev['seat']].title()} has no rested piece and passes"
    if e == "over":
        first = ev["placements"][0] if ev.get("placements") else None
        return f"The battle is over: {SEAT_NAMES[first].title()} wins" if first is not None else "The battle is over"
    if e == "turn":
        return f"Turn {ev['turn'] + 1}: {SEAT_NAMES[ev['seat']].title()} ({game.player_name(ev['seat'])}) to play"
    return None
