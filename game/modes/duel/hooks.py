"""The Wizard duel's registry hooks: game, bot and the link (docs/modes.md); its Match rules
(simulate, verify, the screens' games) are in match.py."""

from __future__ import annotations

from game.modes.duel.options import DEFAULT_TURN_LIMIT, bot_levels, options_from  # noqa: F401 (hook names)
from game.modes.link_hook import LinkHook
from game.modes.registry import Request


def new_game(rules, seed: int, options: dict, seats: list[str]):
    """The engine contract's factory (`game` hook)."""
    from game.modes.duel.game import DuelGame
    return DuelGame.new(seed, options_from(options))


def new_bot(level: str, seat: int, seed: int):
    from game.modes.duel.match import DuelRules
    from game.modes.registry import get_mode
    return DuelRules(get_mode("duel")).new_bot(level, seat, seed)


class DuelLink(LinkHook):
    """Option bytes in START: the duel options byte and the turn limit (2 bytes). Seat 0 is the
    host's wizard, seat 1 the guest's; the shared seed decides the rest. Content compared at
    hello: the duel rules hash with the TURN payload version (`link.link_rules_hash`), so units
    with other rule or wire versions refuse to play. A move is a whole turn (`batched`): the
    steps and the final action as one legal-choice code (`turn_code`), 0..3 bytes."""

    mode = "duel"
    batched = True

    def content(self, rules) -> dict[str, bytes]:
        from game.modes.duel.link import link_rules_hash
        return {"duel-rules": link_rules_hash()}

    def host_setup(self, rules, req: Request) -> bytes:
        from game.modes.duel.link import encode_duel_setup
        return encode_duel_setup(options_from(req.options), req.turn_limit or DEFAULT_TURN_LIMIT)

    def check_setup(self, rules, setup: bytes) -> None:
        from game.modes.duel.link import decode_duel_setup
        decode_duel_setup(setup)

    def header(self, rules, seed: int, setup: bytes):
        from game.modes.duel.link import decode_duel_setup
        from game.modes.duel.match import duel_header
        options, max_turns = decode_duel_setup(setup)
        return duel_header(seed, options, ("human", "human"), max_turns)

    def units(self, header, game) -> dict[int, int]:
        return {0: 0, 1: 1}

    def ends_move(self, game, action) -> bool:
        return not action.is_step

    def encode_move(self, game, actions) -> bytes:
        from game.modes.duel import turn_code
        return turn_code.encode(game.state, tuple(actions))

    def decode_move(self, game, data: bytes) -> list:
        from game.modes.duel import turn_code
        return list(turn_code.decode(game.state, bytes(data)))

    def check_move(self, game, actions) -> None:
        from game.modes.duel import turn_code
        turn_code.encode(game.state, tuple(actions))          # ActionError: not a legal turn here

    def replacement(self, match) -> list | None:
        from game.modes.duel.actions import end_turn
        return None if match.over else [end_turn()]

    def snapshot(self, game) -> bytes:
        from game.modes.duel.snapshot import encode_snapshot
        return encode_snapshot(game.state)

    def restore(self, match, data: bytes):
        from game.modes.duel.game import DuelGame
        from game.modes.duel.snapshot import decode_snapshot
        return DuelGame(decode_snapshot(data))                 # ValueError for a bad one

    def copy(self, match):
        from game.modes.duel.game import DuelGame
        return DuelGame(match.game.state.clone())

    def summary(self, match) -> dict:
        if match is None:
            return {"mode": "duel", "winner": None}
        g = match.game
        w = g.winner
        return {"mode": "duel", "game_turns": g.turn, "over": g.state.over, "state_hash": g.state_hash(),
                "winner": None if w is None else f"wizard {w + 1} ({'host' if w == 0 else 'guest'})"}


LINK = DuelLink()
