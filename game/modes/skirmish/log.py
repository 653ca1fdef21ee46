"""Readable battle log lines from Skirmish events (CLI, attract mode, the UI's message line)."""

from __future__ import annotations

from game.rules.skirmish_schema import SEAT_NAMES


def cell_name(game, cell: int) -> str:
    g = game.grid
    if g.rings:
        k, i = g.ring_address(cell)
        return f"[{k},{i}]"
    col, row = g.offset_of(cell)
    return f"({col},{row})"


def piece_name(game, pid: int) -> str:
    p = game.pieces[pid]
    return f"{SEAT_NAMES[p.seat].title()} {game.rs.pieces[p.kind].name}#{pid}"


def describe(game, ev: dict) -> str | None:
    e = ev["e"]
    if e == "turn":
        return f"-- turn {ev['turn'] + 1}: {SEAT_NAMES[ev['seat']].title()} ({game.player_name(ev['seat'])}) to play"
    if e == "walk":
        return f"{piece_name(game, ev['piece'])} walks {cell_name(game, ev['from'])} -> {cell_name(game, ev['to'])}"
    if e == "stay":
        return f"{piece_name(game, ev['piece'])} holds its ground"
    if e == "attack":
        who, tgt = piece_name(game, ev["piece"]), piece_name(game, ev["target"])
        if ev["result"] == "miss":
            return f"{who} attacks {tgt}: miss"
        crit = "CRITICAL hit" if ev["result"] == "crit" else "hit"
        tail = "destroyed!" if ev.get("killed") else f"{ev['hp']} HP left"
        return f"{who} attacks {tgt}: {crit}, {ev['damage']} damage, {tail}"
    if e == "levelup":
        return f"{piece_name(game, ev['piece'])} reaches level {ev['level']} (HP, MP and rest recharged)"
    if e == "out":
        return f"{SEAT_NAMES[ev['seat']].title()} has lost its whole army"
    if e == "pass":
        return f"{SEAT_NAMES[ev['seat']].title()} has no rested piece and passes"
    if e == "over":
        places = ", ".join(f"{i + 1}. {SEAT_NAMES[s].title()}" for i, s in enumerate(ev["placements"]))
        return f"== battle over ({ev['reason']}): {places}"
    return None  # end_turn, skip, no_target: not worth a line
