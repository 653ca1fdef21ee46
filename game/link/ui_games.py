"""Link games chosen in the menus (not from CLI arguments): what each unit puts in its Session.

    duel_host_spec(DuelOptions(...))              the host of a Wizard duel (a person plays seat 0)
    skirmish_host_spec(rulesets, map_id, Options, [LinkedSeat, ...])
    guest_spec(rulesets)                          the joining unit: plays whatever the host starts

The guest does not choose a mode: START's option bytes say it (a duel's setup is exactly 3 bytes,
a Skirmish setup starts with its version byte and is longer). The guest offers both content
hashes at hello (duel rules, its ruleset), so a host of either mode finds what it compares;
a different ruleset is sent by the host and installed here (`RulesetHolder`).
"""

from __future__ import annotations

from game.link.duel_link import decode_duel_setup, encode_duel_setup
from game.link.ruleset_holder import RulesetHolder
from game.link.setup import LinkGameSpec

DUEL_TURN_LIMIT = 1000        # people play linked duels from the menus: a limit only against stalls
__all__ = ["DUEL_TURN_LIMIT", "RulesetHolder", "duel_host_spec", "guest_spec", "skirmish_host_spec", "game_mode"]

def _duel_rules() -> dict[str, bytes]:
    from game.modes.duel.match import RULES_HASH
    return {"duel-rules": bytes.fromhex(RULES_HASH)}


def make_duel_for_screen(seed: int, setup: bytes, local_seat: int):
    """A linked duel whose local seat a person plays (steps through `play_local`)."""
    from game.link.duel_link import make_duel
    return make_duel(seed, setup, local_seat, None)


def duel_host_spec(options, max_turns: int = DUEL_TURN_LIMIT) -> LinkGameSpec:
    setup = encode_duel_setup(options, max_turns)
    return LinkGameSpec(_duel_rules(), None, None, setup,
                        lambda seed, opts: make_duel_for_screen(seed, opts, 0), _summary)


def skirmish_host_spec(holder: RulesetHolder, map_id: str, options, seats) -> LinkGameSpec:
    from game.link.skirmish_link import HOST, encode_setup
    from game.link.ui_skirmish import ScreenSkirmish
    setup = encode_setup(holder.rs, map_id, options, seats)
    return LinkGameSpec({"ruleset": holder.content_hash}, holder.provide, None, setup,
                        lambda seed, opts: ScreenSkirmish(holder.rs, seed, opts, HOST), _summary)


def is_duel_setup(setup: bytes) -> bool:
    return len(setup) == 3


def guest_spec(holder: RulesetHolder) -> LinkGameSpec:
    from game.link.skirmish_link import GUEST
    from game.link.ui_skirmish import ScreenSkirmish
    content = _duel_rules()
    if holder.rs is not None:
        content["ruleset"] = holder.content_hash

    def make(seed: int, setup: bytes):
        if is_duel_setup(setup):
            decode_duel_setup(setup)                 # a clear ValueError for a bad one
            return make_duel_for_screen(seed, setup, 1)
        if holder.rs is None:
            raise ValueError("the host started a Skirmish battle, but this unit has no ruleset")
        return ScreenSkirmish(holder.rs, seed, setup, GUEST)

    return LinkGameSpec(content, None, holder.install, b"", make, _summary)


def game_mode(adapter) -> str:
    from game.modes.duel.link import DuelOverLink
    return "duel" if isinstance(adapter, DuelOverLink) else "skirmish"


def _summary(adapter) -> dict:
    return {"mode": game_mode(adapter) if adapter is not None else None}
