"""Readable duel log lines from a turn's events (CLI simulate / replay / link, tests)."""

from __future__ import annotations


def describe(game, events) -> list[str]:
    from . import events as E
    from .messagelog import render
    from .spells import SPELLS
    lines = []
    for ev in events:
        if isinstance(ev, E.Message):
            lines.append(f"  (to wizard {ev.to + 1}) {render(ev.msg, ev.params)}")
        elif isinstance(ev, E.Damaged):
            lines.append(f"  wizard {ev.player + 1} takes {ev.amount} damage ({ev.hp} HP left)")
        elif isinstance(ev, E.SpellCast):
            name = SPELLS[ev.spell].name if ev.spell in SPELLS else f"spell {ev.spell}"
            lines.append(f"  wizard {ev.player + 1} casts {name} ({ev.via})")
        elif isinstance(ev, E.GameOver):
            who = "nobody" if ev.winner is None else f"wizard {ev.winner + 1}"
            lines.append(f"== duel over ({ev.cause}): {who} wins")
    return lines


def describe_turn(game, events) -> list[str]:
    """A completed turn: its number, then its events."""
    return [f"-- turn {game.turn}", *describe(game, events)]
