"""What `tactibox link` (and the link menus) need per mode: content to compare, option bytes,
a game factory for the Session, and a summary at the end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass
class LinkGameSpec:
    content: dict[str, bytes]
    content_provider: Callable[[str], bytes] | None
    install_content: Callable[[str, bytes], bytes] | None
    options: bytes
    make_game: Callable
    summary: Callable


def _data_rulesets() -> Path:
    from game.store.datadir import open_data_dir
    return Path(open_data_dir().rulesets)


def skirmish_spec(args, role: str) -> LinkGameSpec:
    from game.cli.common import CliError, load_ruleset_or_fail, pick_map
    from game.link.ruleset_holder import RulesetHolder
    from game.link.skirmish_link import GUEST, HOST, LinkedSeat, SkirmishOverLink, encode_setup
    from game.modes.skirmish.log import describe
    from game.modes.skirmish.pieces import Options, parse_pieces_per_turn
    from game.modes.skirmish.setup import Participant

    holder = RulesetHolder(load_ruleset_or_fail(args.ruleset), _data_rulesets)
    options = b""
    if role == "host":
        rs = holder.rs
        gmap = pick_map(rs, args.map)
        try:
            opts = Options(parse_pieces_per_turn(args.pieces_per_turn), rs.rules.army_limit, args.turn_limit)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        seats = [LinkedSeat(HOST, Participant("", args.seat)), LinkedSeat(GUEST, Participant("", "bot:normal"))]
        options = encode_setup(rs, gmap.id, opts, seats)

    def make(seed: int, opts: bytes, log):
        local = HOST if role == "host" else GUEST

        def on_events(game, events):
            for ev in events:
                line = describe(game, ev)
                if line:
                    log(line)

        game = SkirmishOverLink(holder.rs, seed, opts, local, on_events=on_events,
                                local_level=args.seat.split(":")[1])
        return game

    def summary(adapter) -> dict:
        if adapter is None:
            return {"winner": None}
        g = adapter.game
        return {"mode": "skirmish", "winner": g.seat_name(g.winner()) if g.over else None,
                "placements": [g.seat_name(s) for s in g.placements()]}

    return LinkGameSpec({"ruleset": holder.content_hash}, holder.provide, holder.install, options, make, summary)


def build_link_game(args, role: str) -> LinkGameSpec:
    if args.mode == "skirmish":
        return skirmish_spec(args, role)
    if args.mode == "bout":
        from game.link.bout_link import bout_spec
        return bout_spec(args, role)
    from game.link.duel_link import duel_spec
    return duel_spec(args, role)
