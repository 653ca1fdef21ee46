"""`tactibox link --mode duel`: the Wizard duel between two units.

Option bytes in START: the duel options byte (FoV, potions, level size) and the turn limit
(2 bytes). Seat 0 is the host's wizard, seat 1 the guest's; the shared seed decides the rest
(who moves first, the dungeon, potions). Content compared at hello: the duel rules hash, so two
units with incompatible rule versions refuse to play instead of drifting apart.
"""

from __future__ import annotations

from game.link.setup import LinkGameSpec


def encode_duel_setup(options, max_turns: int) -> bytes:
    if not 1 <= max_turns <= 0xFFFF:
        raise ValueError(f"turn limit {max_turns}: expected 1..65535")
    return bytes([options.to_byte(), max_turns >> 8, max_turns & 255])


def decode_duel_setup(data: bytes):
    from game.modes.duel.options import DuelOptions
    if len(data) != 3:
        raise ValueError(f"duel setup: {len(data)} bytes, expected 3")
    max_turns = data[1] << 8 | data[2]
    if max_turns < 1:
        raise ValueError("duel setup: turn limit 0")
    return DuelOptions.from_byte(data[0]), max_turns


def make_duel(seed: int, setup: bytes, local_seat: int, level: str | None):
    from game.modes.duel.bot import DuelBot
    from game.modes.duel.game import DuelGame
    from game.modes.duel.link import DuelOverLink
    options, max_turns = decode_duel_setup(setup)
    return DuelOverLink(DuelGame.new(seed, options), local_seat, DuelBot(level) if level else None, max_turns)


def duel_spec(args, role: str) -> LinkGameSpec:
    from game.cli.duel_sim import _describe
    from game.modes.duel.match import RULES_HASH
    from game.modes.duel.options import DuelOptions

    setup = b""
    if role == "host":
        setup = encode_duel_setup(DuelOptions(), args.turn_limit or 200)
    level = args.seat.split(":")[1]

    def make(seed: int, opts: bytes, log):
        adapter = make_duel(seed, opts, 0 if role == "host" else 1, level)
        original = adapter.apply

        def apply(turn):
            original(turn)
            log(f"-- turn {adapter.game.turn}")
            for line in _describe(adapter.game, adapter.last_events):
                log(line)
        adapter.apply = apply
        return adapter

    def summary(adapter) -> dict:
        if adapter is None:
            return {"mode": "duel", "winner": None}
        g = adapter.game
        w = g.winner
        return {"mode": "duel", "game_turns": g.turn, "over": g.state.over,
                "winner": None if w is None else f"wizard {w + 1} ({'host' if w == 0 else 'guest'})"}

    return LinkGameSpec({"duel-rules": bytes.fromhex(RULES_HASH)}, None, None, setup, make, summary)
