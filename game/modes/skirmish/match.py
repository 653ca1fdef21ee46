"""Whole Skirmish battles without a screen: bots play, a replay is recorded, replays are verified.

    result = play_skirmish(rs, gmap, participants, seed, options, on_events=print_events)
    result.replay.save("battle.replay")
    check = verify_replay(result.replay)   # re-plays it, comparing every turn's state hash
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.replay import Replay, ReplayError
from game.modes.base import ActionError
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.rules.skirmish.model import GameMap, Ruleset


@dataclass
class MatchResult:
    game: SkirmishGame
    replay: Replay
    events: int = 0

    def summary(self) -> dict:
        g = self.game
        sc = g.scores()
        return {
            "mode": "skirmish", "map": g.gmap.id, "seed": g.seed, "turns": g.turns_played,
            "winner": g.seat_name(g.winner()) if g.over else None,
            "placements": [{"place": i + 1, "seat": g.seat_name(s), "player": g.player_name(s),
                            "controller": g.controller(s), "pieces_left": sc[s][0], "hp_left": sc[s][1]}
                           for i, s in enumerate(g.placements())],
            "state_hash": g.state_hash(), "actions": len(self.replay.actions),
        }


def new_replay(game: SkirmishGame, participants: list[Participant]) -> Replay:
    return Replay(
        mode="skirmish", seed=game.seed, ruleset_id=game.rs.id, ruleset_hash=game.rs.content_hash,
        map_id=game.gmap.id, map_hash=game.gmap.content_hash, options=game.options.to_data(),
        setup={"participants": [[p.name, p.controller, list(p.army)] for p in participants]},
    )


def play_skirmish(rs: Ruleset, gmap: GameMap, participants: list[Participant], seed: int,
                  options: Options | None = None, on_events=None, max_actions: int = 200_000) -> MatchResult:
    """Play a battle in which every seat is a bot (human seats are played by a hard bot)."""
    game = SkirmishGame.new(rs, gmap, participants, seed, options)
    replay = new_replay(game, participants)
    bots = {s: SkirmishBot(game.controller(s).split(":")[1] if ":" in game.controller(s) else "hard")
            for s in game.seats()}
    if on_events:
        on_events(game, [{"e": "turn", "seat": game.current, "turn": game.turn}])
    n = 0
    while not game.is_over() and len(replay.actions) < max_actions:
        action = bots[game.current].choose(game)
        before = game.turn
        events = game.apply(action)
        n += len(events)
        replay.actions.append(game.encode_action(action))
        if game.turn != before or game.is_over():
            replay.record_turn(game.turn, game.state_hash())
        if on_events:
            on_events(game, events)
    result = MatchResult(game, replay, n)
    replay.result = {k: v for k, v in result.summary().items() if k in ("winner", "turns", "state_hash", "placements")}
    return result


@dataclass
class VerifyReport:
    ok: bool
    turns_checked: int
    game: SkirmishGame | None
    problems: list[str] = field(default_factory=list)


def game_from_replay(replay: Replay, rs: Ruleset) -> SkirmishGame:
    if replay.mode != "skirmish":
        raise ReplayError(f"replay mode {replay.mode!r} is not skirmish")
    if replay.ruleset_hash and replay.ruleset_hash != rs.content_hash:
        raise ReplayError(f"ruleset {rs.id} has changed since the replay was recorded "
                          f"(replay {replay.ruleset_hash[:12]}, now {rs.content_hash[:12]})")
    try:
        gmap = rs.map(replay.map_id)
    except KeyError:
        raise ReplayError(f"map {replay.map_id!r} is not in ruleset {rs.id}") from None
    parts = replay.setup.get("participants")
    if not isinstance(parts, list) or not all(isinstance(p, list) and len(p) == 3 for p in parts):
        raise ReplayError("setup.participants: expected a list of [name, controller, army]")
    try:
        participants = [Participant(str(n), str(c), tuple(a)) for n, c, a in parts]
        return SkirmishGame.new(rs, gmap, participants, replay.seed, Options.from_data(replay.options))
    except ActionError as exc:
        raise ReplayError(f"setup: {exc}") from None


def verify_replay(replay: Replay, rs: Ruleset, on_events=None) -> VerifyReport:
    """Re-play every action; compare the state hash at each recorded turn end."""
    try:
        game = game_from_replay(replay, rs)
    except ReplayError as exc:
        return VerifyReport(False, 0, None, [str(exc)])
    marks = {}
    for count, turn, h in replay.turns:
        marks.setdefault(count, []).append((turn, h))
    problems: list[str] = []
    checked = 0
    for i, data in enumerate(replay.actions):
        try:
            events = game.apply(game.decode_action(data))
        except ActionError as exc:
            problems.append(f"actions[{i}]: {exc}")
            break
        if on_events:
            on_events(game, events)
        for turn, h in marks.get(i + 1, []):
            checked += 1
            if game.turn != turn or game.state_hash() != h:
                problems.append(f"turn {turn} (after action {i + 1}): state hash {game.state_hash()[:12]} "
                                f"does not match the recorded {h[:12]}")
        if problems:
            break
    final = replay.result.get("state_hash")
    if not problems and final and game.state_hash() != final:
        problems.append(f"final state hash {game.state_hash()[:12]} does not match the recorded {str(final)[:12]}")
    return VerifyReport(not problems, checked, game, problems)
