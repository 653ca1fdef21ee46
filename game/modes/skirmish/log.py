"""Skirmish events as text: one renderer, two voices.

`describe` is the exact battle log (CLI, attract mode, replays: piece ids and cells); the battle
screen's message line (Skirmish's UI part, `battle_words`) renders the same events with its own
templates. A voice is a table event -> format string over the fields `describe_fields` builds; an event a voice does
not name is not worth a line.
"""

from __future__ import annotations

from game.modes.skirmish.events import event_fields
from game.rules.skirmish.schema import SEAT_NAMES

LOG_VOICE = {
    "turn": "-- turn {turn}: {seat} ({player}) to play",
    "walk": "{who} walks {from_cell} -> {to_cell}",
    "stay": "{who} holds its ground",
    "attack.miss": "{who} attacks {target}: miss",
    "attack.hit": "{who} attacks {target}: hit, {damage} damage, {tail}",
    "attack.crit": "{who} attacks {target}: CRITICAL hit, {damage} damage, {tail}",
    "levelup": "{who} reaches level {level} (HP, MP and rest recharged)",
    "out": "{seat} has lost its whole army",
    "pass": "{seat} has no rested piece and passes",
    "over": "== battle over ({reason}): {places}",
}


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


class _Fields(dict):
    """The fields a template may name, each worked out only when the template names it (a UI
    voice never asks for cells, so its game needs no grid)."""

    def __init__(self, game, ev, name):
        super().__init__(event_fields(ev))
        self.game, self.ev, self.name = game, ev, name

    def __missing__(self, key: str):
        g, ev = self.game, self.ev
        value = {
            "who": lambda: self.name(g, ev.piece),
            "target": lambda: self.name(g, ev.target),
            "seat": lambda: SEAT_NAMES[ev.seat].title(),
            "player": lambda: g.player_name(ev.seat),
            "turn": lambda: ev.turn + 1,
            "from_cell": lambda: cell_name(g, ev.src),
            "to_cell": lambda: cell_name(g, ev.dst),
            "tail": lambda: "destroyed!" if ev.killed else f"{ev.hp} HP left",
            "places": lambda: ", ".join(f"{i + 1}. {SEAT_NAMES[s].title()}" for i, s in enumerate(ev.placements)),
            "winner": lambda: SEAT_NAMES[ev.placements[0]].title(),
        }[key]()
        self[key] = value
        return value


def render(game, ev, voice: dict, name=piece_name) -> str | None:
    """`ev` (an event of game.modes.skirmish.events) in `voice`, pieces named by
    `name(game, pid)`; None when the voice skips the event."""
    e = ev.kind
    key = f"attack.{ev.result}" if e == "attack" else e
    if e == "over" and not ev.placements and "over.none" in voice:
        key = "over.none"
    template = voice.get(key)
    if template is None:
        return None
    fields = _Fields(game, ev, name)
    for k in ("seat", "target", "turn"):        # raw event fields a template shows in words
        fields.pop(k, None)
    return template.format_map(fields)


def describe(game, ev) -> str | None:
    return render(game, ev, LOG_VOICE)
