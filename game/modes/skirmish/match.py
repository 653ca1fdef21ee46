"""Skirmish's part of the Match (`game.match`): participants with names and armies, seats drawn
at random, placements by pieces and HP. Every battle - simulated, on the screen, replayed,
resumed, linked - starts from the same header:

    header = new_header(rs, gmap, participants, seed, Options())
    match = Match.start("skirmish", rs, header).bots_for_all()
    match.run()

The header's `setup.participants` is [[name, controller, army], ...] in joining order; options
are `Options.to_data()`; the map is named by id and content hash (replays are unchanged).
"""

from __future__ import annotations

from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player, Standing
from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.rules.skirmish.model import GameMap, Ruleset


def new_header(rs: Ruleset, gmap: GameMap, participants: list[Participant], seed: int,
               options: Options | None = None) -> Replay:
    """The replay header of a battle (no actions yet)."""
    options = options or Options()
    return Replay(
        mode="skirmish", seed=seed, ruleset_id=rs.id, ruleset_hash=rs.content_hash,
        map_id=gmap.id, map_hash=gmap.content_hash, options=options.to_data(),
        setup={"participants": [[p.name, p.controller, list(p.army)] for p in participants]},
    )


def participants_of(replay: Replay) -> list[Participant]:
    parts = replay.setup.get("participants")
    if not isinstance(parts, list) or not all(isinstance(p, list) and len(p) == 3 for p in parts):
        raise ReplayError("setup.participants: expected a list of [name, controller, army]")
    try:
        return [Participant(str(n), str(c), tuple(a)) for n, c, a in parts]
    except TypeError:
        raise ReplayError("setup.participants: an army is not a list of piece ids") from None


def game_from_replay(replay: Replay, rs: Ruleset) -> SkirmishGame:
    """The battle a replay (or a header) starts (ReplayError says why it cannot)."""
    if replay.mode != "skirmish":
        raise ReplayError(f"replay mode {replay.mode!r} is not skirmish")
    if replay.ruleset_hash and replay.ruleset_hash != rs.content_hash:
        raise ReplayError(f"ruleset {rs.id} has changed since the replay was recorded "
                          f"(replay {replay.ruleset_hash[:12]}, now {rs.content_hash[:12]})")
    try:
        gmap = rs.map(replay.map_id)
    except KeyError:
        raise ReplayError(f"map {replay.map_id!r} is not in ruleset {rs.id}") from None
    participants = participants_of(replay)
    try:
        return SkirmishGame.new(rs, gmap, participants, replay.seed, Options.from_data(replay.options))
    except ActionError as exc:
        raise ReplayError(f"setup: {exc}") from None


def pick_map(rs, name: str | None):
    if not name:
        return rs.maps[0]
    try:
        return rs.map(name)
    except KeyError:
        raise ValueError(f"no map {name!r} in ruleset {rs.id}; maps: {', '.join(m.id for m in rs.maps)}") from None


def parse_options(rs, opts: dict):
    from game.modes.skirmish.pieces import parse_pieces_per_turn
    limit = int(opts.get("army-limit", 9))
    if not 1 <= limit <= 9:
        raise ValueError(f"--army-limit {limit}: expected 1-9")
    try:
        ppt = parse_pieces_per_turn(opts.get("pieces-per-turn", "rested"))
        return Options(ppt, limit, int(opts.get("turn_limit", 0)))
    except ActionError as exc:
        raise ValueError(str(exc)) from None


class SkirmishRules(MatchRules):
    def header(self, rs, req) -> Replay:
        from game.modes.skirmish.setup import check_bot_count, parse_seats
        gmap = pick_map(rs, req.options.get("map"))
        try:
            participants = parse_seats(",".join(req.seats or ("bot:hard", "bot:hard")))
            check_bot_count(participants)
        except ActionError as exc:
            raise ValueError(str(exc)) from None
        options = parse_options(rs, {**req.options, "turn_limit": req.turn_limit})
        return new_header(rs, gmap, participants, req.seed, options)

    def start(self, rs, header: Replay) -> SkirmishGame:
        if rs is None:
            raise ReplayError("no Skirmish ruleset is loaded")
        return game_from_replay(header, rs)

    def players(self, game: SkirmishGame, header: Replay) -> dict[int, Player]:
        return {s: Player(game.player_name(s), game.controller(s)) for s in game.seats()}

    def turn_limit(self, header: Replay) -> int:
        return 0                       # the battle's own option (Options.turn_limit) ends it

    def opening(self, game: SkirmishGame) -> list:
        from game.modes.skirmish.events import TurnBegan
        return [TurnBegan(game.current, game.turn)]

    def new_bot(self, level: str, seat: int, seed: int):
        from game.modes.skirmish.bot import SkirmishBot
        return SkirmishBot(level)

    def fallback(self, game):
        return A.EndTurn()

    def standings(self, game: SkirmishGame, header: Replay, finished: bool) -> list[Standing]:
        """Finished: the game's placements; otherwise best first by pieces, then HP, unplaced."""
        scores = game.scores()
        order = game.placements() if finished else sorted(game.seats(), key=lambda s: (-scores[s][0], -scores[s][1], s))
        return [Standing(s, i + 1 if finished else None, *scores[s]) for i, s in enumerate(order)]

    def summary(self, game: SkirmishGame, header: Replay) -> dict:
        return {**game.result(), "state_hash": game.state_hash()}

    def lines(self, summary: dict) -> list[str]:
        out = [f"winner: {summary['winner']} after {summary['turns']} turns  (state {summary['state_hash'][:16]})"]
        for pl in summary["placements"]:
            out.append(f"  {pl['place']}. {pl['seat']:<6} {pl['player']:<22} "
                       f"pieces {pl['pieces_left']}  HP {pl['hp_left']}")
        return out

    def replay_result(self, game: SkirmishGame, header: Replay, summary: dict) -> dict:
        return {k: summary[k] for k in ("winner", "turns", "state_hash", "placements")}

    def listing(self, game: SkirmishGame, header: Replay) -> tuple[str, dict]:
        return game.gmap.id, {"map_name": game.gmap.name}
