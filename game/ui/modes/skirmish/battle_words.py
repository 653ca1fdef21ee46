"""The battle's message line in a player's words ("Blue's Catapult hits Red's Knight: 5 damage,
2 HP left"); the command line keeps the exact log (``game.modes.skirmish.log.describe``, with
piece ids and cells). Same renderer, another voice."""

from __future__ import annotations

from game.modes.skirmish.log import render
from game.rules.skirmish.schema import SEAT_NAMES

SPEECH_VOICE = {
    "walk": "{who} moves",
    "stay": "{who} holds its ground",
    "attack.miss": "{who} attacks {target} and misses",
    "attack.hit": "{who} hits {target}: {damage} damage, {tail}",
    "attack.crit": "{who} critical hit on {target}: {damage} damage, {tail}",
    "levelup": "{who} reaches level {level}",
    "out": "{seat} is out of the battle",
    "pass": "{seat} has no rested piece and passes",
    "over": "The battle is over: {winner} wins",
    "over.none": "The battle is over",
    "turn": "Turn {turn}: {seat} ({player}) to play",
}


def whose(game, pid: int) -> str:
    p = game.pieces[pid]
    return f"{SEAT_NAMES[p.seat].title()}'s {game.rs.pieces[p.kind].name}"


def say(game, ev) -> str | None:
    """One event as a sentence for the message line, or None (not worth a line)."""
    return render(game, ev, SPEECH_VOICE, name=whose)
