"""Hex quest's part of the Match (`game.match`): one seat (the player), the level as the rules.

A level's replay header names the level (`map`: id and content hash), keeps its text when it is
not a shipped level (`setup.level_text`) and the player carried into it (`setup.carry`); the
state hash is recorded after every action that is a turn (free actions - tractor, skill, equip -
are not). `verify` also wants the level won and the recorded result reproduced. The `rules` a
quest Match is given is the Level object itself (a campaign's defaults applied), else the level
is read from the header - a shipped id only, or the replay's own text (a replay must not name a
path on this machine).
"""

from __future__ import annotations

from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player, Standing
from game.modes.quest.game import QuestGame
from game.modes.quest.level import Level

RULESET_ID = "quest"
RULES_VERSION = "quest-1"


def quest_header(level: Level, carry=None, level_id: str = "", level_text: str = "") -> Replay:
    rep = Replay(mode="quest", seed=level.seed, ruleset_id=RULESET_ID, ruleset_hash=RULES_VERSION,
                 map_id=level_id or level.name, map_hash=level.content_hash())
    if level_text:
        rep.setup["level_text"] = level_text
    if carry:
        rep.setup["carry"] = carry
    return rep


def result_of(game: QuestGame) -> dict:
    return {"status": game.status, "turns": game.turn, "moves": game.moves, "pushes": game.pushes,
            "xp": game.player["xp"], "coins": game.player["coins"], "hp": game.player["hp"],
            "state_hash": game.state_hash()}


def level_of(replay: Replay) -> Level:
    """The level a replay was played on (ReplayError says why it cannot be had)."""
    from game.modes.quest.catalog import LevelError, load_level, shipped_path
    from game.modes.quest.textformat import parse_level
    text = replay.setup.get("level_text")
    if isinstance(text, str) and text:
        level, probs = parse_level(text, "setup.level_text", name=replay.map_id)
        if level is None:
            raise ReplayError("; ".join(str(p) for p in probs) or "setup.level_text: not a level")
        try:   # only a shipped id is looked up: a replay naming a path must not tell whether it exists
            named = load_level(replay.map_id)[0] if shipped_path(replay.map_id) else None
        except LevelError:
            named = None          # a level this machine does not have: the replay's own text is the level
        if named is not None and named.content_hash() != level.content_hash():
            raise ReplayError(f"setup.level_text is not the level {replay.map_id!r} "
                              f"(hash {level.content_hash()[:12]}, the level is {named.content_hash()[:12]})")
        return level
    if shipped_path(replay.map_id) is None:
        raise ReplayError(f"map: {str(replay.map_id)[:80]!r} is not a shipped level, and the replay has no "
                          "setup.level_text")
    try:
        return load_level(replay.map_id)[0]
    except LevelError as exc:
        raise ReplayError(str(exc)) from None


class QuestRules(MatchRules):
    def header(self, rules, req) -> Replay:
        from game.modes.quest.catalog import LevelError, load_level
        try:
            level, lid, text = load_level(req.options.get("level") or "")
        except LevelError as exc:
            raise ValueError(str(exc)) from None
        return quest_header(level, None, lid, text)

    def start(self, rules, header: Replay) -> QuestGame:
        level = rules if isinstance(rules, Level) else level_of(header)
        if header.map_hash and header.map_hash != level.content_hash():
            raise ReplayError(f"map: the replay is for level hash {header.map_hash[:12]}, "
                              f"this level is {level.content_hash()[:12]}")
        carry = header.setup.get("carry") or None
        try:
            return QuestGame(level, carry)
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ReplayError(f"setup.carry: the carried player data is broken ({type(exc).__name__}: {exc})") from None

    def players(self, game, header: Replay) -> dict[int, Player]:
        return {0: Player("you", "human")}

    def standings(self, game: QuestGame, header: Replay, finished: bool) -> list[Standing]:
        return [Standing(0, 1 if finished and game.status == "won" else None, 1 if game.player["hp"] > 0 else 0,
                         max(0, game.player["hp"]))]

    def summary(self, game: QuestGame, header: Replay) -> dict:
        return {"mode": "quest", "level": header.map_id, **result_of(game),
                "winner": "player" if game.status == "won" else None}

    def lines(self, summary: dict) -> list[str]:
        return [f"{summary['status']}: {summary['level']} in {summary['moves']} moves, {summary['pushes']} pushes, "
                f"{summary['turns']} turns (state {summary['state_hash'][:16]})"]

    def replay_result(self, game: QuestGame, header: Replay, summary: dict) -> dict:
        return result_of(game)

    def check_end(self, game: QuestGame, replay: Replay) -> list[str]:
        problems = []
        if game.status != "won":
            problems.append(f"after {len(replay.actions)} actions the level is {game.status!r}, not won")
        got = result_of(game)       # the recorded summary must be what the replay makes (a hand-edited score too)
        for k in sorted(replay.result):
            if k in got and replay.result[k] != got[k]:
                problems.append(f"result.{k}: the replay records {replay.result[k]!r}, replaying gives {got[k]!r}")
        return problems
