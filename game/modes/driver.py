"""The generic drivers: simulate, verify and play over the link any mode that gives a `game`
factory and a `bot` (docs/modes.md). A mode with its own `simulate` / `verify` / `link` hook
uses that instead; callers go through `simulate()`, `verify()` and `link_play()` here and never
ask which mode they hold.

The game object a generic mode returns follows the engine contract (`game.modes.base.Engine`,
docs/modes.md §6); these drivers need at the least `game.modes.base.Game` plus `to_act() -> int`
(the seat whose action comes next) and `result() -> dict` (JSON-able, with at least "winner": a
seat name or None). For link resyncs, `restore(rules, snapshot_dict)` as a classmethod of its
type (without it a desync ends the linked game with an error).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.replay import Replay
from game.match.rules import MatchRules, load_rules, rules_id_hash  # noqa: F401 (the link and tests use them from here)
from game.modes.registry import ModeEntry, ModeError, Outcome, Request, Verdict, offers

DEFAULT_SEATS = ("bot:hard", "bot:hard")
DEFAULT_TURN_LIMIT = 1000            # generic games stop here (a draw) if nobody has won
MAX_ACTIONS = 200_000


def _need_generic(entry: ModeEntry, hook: str) -> None:
    if not (entry.has("game") and entry.has("bot")):
        raise ModeError(f"mode {entry.id!r} has no {hook!r} hook (and no game + bot for the generic one)")


def options_with_defaults(entry: ModeEntry, given: dict | None) -> dict:
    """The mode's option defaults with `given` on top (ValueError naming an unknown option)."""
    return MatchRules(entry).options(given)


# --------------------------------------------------------------------------- simulate, verify

def simulate(entry: ModeEntry, req: Request, log: Callable[[str], None] | None = None) -> Outcome:
    """Play a whole game with bots; ValueError (readable) for a bad request. A mode's own
    `simulate` hook wins; every other mode plays through the Match (`game.match.headless`)."""
    if entry.has("simulate"):
        return entry.hook("simulate")(req, log)
    _need_generic(entry, "simulate")
    from game.match.headless import simulate as match_simulate
    return match_simulate(entry, req, log)


def verify(entry: ModeEntry, replay: Replay, ruleset: str | None = None,
           log: Callable[[str], None] | None = None) -> Verdict:
    """Play a replay back and compare every recorded turn hash (through the Match unless the
    mode has its own `verify` hook)."""
    if replay.mode != entry.id:
        return Verdict(False, 0, [f"mode {replay.mode!r} is not {entry.id!r}"])
    if entry.has("verify"):
        return entry.hook("verify")(replay, ruleset, log)
    if not offers(entry, "verify"):
        raise ModeError(f"mode {entry.id!r} has no 'verify' hook (and no game or match hook for the generic one)")
    from game.match.headless import verify as match_verify
    return match_verify(entry, replay, ruleset, log)


# --------------------------------------------------------------------------- link

def link_play(entry: ModeEntry):
    """The mode's link hook object (its own or the generic one): `game.modes.link_hook`."""
    from game.modes.link_hook import link_hook
    return link_hook(entry)
