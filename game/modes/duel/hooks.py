"""The Wizard duel's registry hooks: game, bot and the link (docs/modes.md); its Match rules
(simulate, verify, the screens' games) are in match.py."""

from __future__ import annotations

from game.modes.registry import Request

DEFAULT_TURN_LIMIT = 200


def bot_levels(seats) -> tuple[str, str]:
    levels = []
    for part in (p.strip() for p in seats if p.strip()):
        level = part.split(":", 1)[1] if part.startswith("bot:") else ("hard" if part == "human" else part)
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"--seats {part!r}: a duel seat is bot:easy, bot:normal or bot:hard")
        levels.append(level)
    if len(levels) != 2:
        raise ValueError(f"--seats: a duel has exactly 2 wizards, got {len(levels)}")
    return levels[0], levels[1]


def options_from(opts: dict):
    from game.modes.duel.options import DuelOptions
    return DuelOptions(fov=not opts.get("no-fov", False), level_size=int(opts.get("level-size", 25)),
                       potions=not opts.get("no-potions", False))


def _turn_log(log):
    if log is None:
        return None
    from game.modes.duel.log import describe_turn

    def on_turn(game, events) -> None:
        for line in describe_turn(game, events):
            log(line)
    return on_turn


def new_game(rules, seed: int, options: dict, seats: list[str]):
    """The engine contract's factory (`game` hook)."""
    from game.modes.duel.game import DuelGame
    return DuelGame.new(seed, options_from(options))


def new_bot(level: str, seat: int, seed: int):
    from game.modes.duel.match import DuelRules
    from game.modes.registry import get_mode
    return DuelRules(get_mode("duel")).new_bot(level, seat, seed)


class DuelLink:
    """Option bytes in START: the duel options byte and the turn limit (2 bytes). Seat 0 is the
    host's wizard, seat 1 the guest's; the shared seed decides the rest. Content compared at
    hello: the duel rules hash with the TURN payload version (`link.link_rules_hash`), so units
    with other rule or wire versions refuse to play."""

    def content(self, rules) -> dict[str, bytes]:
        from game.modes.duel.link import link_rules_hash
        return {"duel-rules": link_rules_hash()}

    def host_setup(self, rules, req: Request) -> bytes:
        from game.modes.duel.link import encode_duel_setup
        return encode_duel_setup(options_from(req.options), req.turn_limit or DEFAULT_TURN_LIMIT)

    def check_setup(self, rules, setup: bytes) -> None:
        from game.modes.duel.link import decode_duel_setup
        decode_duel_setup(setup)

    def adapter(self, rules, seed: int, setup: bytes, local: int, *, level: str | None = "hard",
                chooser=None, log=None, entropy=None):
        """level None: a person plays this unit's wizard (steps through `play_local`)."""
        from game.modes.duel.link import make_duel
        return make_duel(seed, setup, local, level, on_turn=_turn_log(log))

    def summary(self, adapter) -> dict:
        if adapter is None:
            return {"mode": "duel", "winner": None}
        g = adapter.game
        w = g.winner
        return {"mode": "duel", "game_turns": g.turn, "over": g.state.over,
                "winner": None if w is None else f"wizard {w + 1} ({'host' if w == 0 else 'guest'})"}


LINK = DuelLink()
