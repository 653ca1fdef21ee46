"""The Steel bout's part of the Match (`game.match`): the arena (seats are sides) and the dungeon
run (one seat, the hero), and their replays (unchanged from before the Match).

Arena header: ruleset content hash + seed + `options = BoutOptions.as_dict()` + `setup =
{"seats": [level, ...], "engine": 2}`; one state hash per exchange of the arena's clock (a turn),
none more. Dungeon header (`options = {"scenario": "dungeon"}`): `map = dungeon/<id>` with the
dungeon's content hash, `setup = {"seats": ["bot:LEVEL"]}`. Replays of engine 1 (before the
engagement rules) verify through the frozen engine (game/modes/bout/legacy, the bout's own
`verify` hook sends them there).

    match = Match.requested("bout", rules, Request(seed=7)).bots_for_all().run()
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player, Standing, bot_level
from game.modes.bout.scenarios import BoutOptions, new_bout

ENGINE = 2
DUNGEON = "dungeon"


def seat_levels(seats) -> list[str]:
    """Bot levels per side, from seats like bot:hard (`human` plays as hard headless)."""
    out = []
    for s in seats:
        s = s.strip()
        level = s.split(":", 1)[1] if s.startswith("bot:") else ("hard" if s == "human" else s)
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"seat {s!r}: a bout seat is bot:easy, bot:normal or bot:hard")
        out.append(level)
    if not 2 <= len(out) <= 6:
        raise ValueError(f"a bout has 2 seats (side 0, side 1; a brawl up to 3), got {len(out)}")
    return out


def bout_header(rules, seed: int, options: BoutOptions | None = None, seats=("hard", "hard"), names=None) -> Replay:
    """An arena bout's header: `seats` are bot levels or "human" / "remote" (one per side)."""
    return Replay(mode="bout", seed=seed, ruleset_id=rules.id, ruleset_hash=rules.content_hash,
                  options=(options or BoutOptions()).as_dict(), setup={"seats": list(seats), "engine": ENGINE},
                  meta={"players": list(names)} if names else {})


def dungeon_header(rules, data, seed: int, level: str = "hard") -> Replay:
    return Replay(mode="bout", seed=seed, ruleset_id=rules.id, ruleset_hash=rules.content_hash,
                  map_id=f"dungeon/{data.id}", map_hash=data.content_hash, options={"scenario": DUNGEON},
                  setup={"seats": [f"bot:{level}"]})


def coop_header(rules, data, seed: int, seats=("bot:hard", "bot:hard"), names=None) -> Replay:
    """A co-op dungeon run's header: two seats (the two heroes), each `bot:LEVEL`, `human` or
    `remote` (game/modes/bout/dungeon/coop.py)."""
    return Replay(mode="bout", seed=seed, ruleset_id=rules.id, ruleset_hash=rules.content_hash,
                  map_id=f"dungeon/{data.id}", map_hash=data.content_hash, options={"scenario": DUNGEON, "coop": True},
                  setup={"seats": list(seats)}, meta={"players": list(names)} if names else {})


def is_coop(header: Replay) -> bool:
    return is_dungeon(header) and header.options.get("coop") is True


def coop_seats(seats) -> list[str]:
    """Two co-op seats: bot:LEVEL, human or remote (ValueError otherwise)."""
    out = [s.strip() for s in seats]
    for s in out:
        if s not in ("human", "remote") and s not in ("bot:easy", "bot:normal", "bot:hard"):
            raise ValueError(f"seat {s!r}: a co-op hero is bot:easy, bot:normal, bot:hard, human or remote")
    return out


def arena(game) -> bool:
    from game.modes.bout.game import BoutGame
    return isinstance(game, BoutGame)


def is_dungeon(header: Replay) -> bool:
    return isinstance(header.options, dict) and header.options.get("scenario") == DUNGEON


class BoutRules(MatchRules):
    def header(self, rules, req) -> Replay:
        from game.modes.bout.scenarios_request import options_from
        if req.options.get("scenario") == DUNGEON:
            from game.modes.bout.dungeon.hooks import load_data
            from game.modes.bout.dungeon.run import seat_level
            seats = [s for s in (req.seats or ()) if s.strip()]
            if req.options.get("coop") or len(seats) == 2:
                try:
                    seats = coop_seats(seats or ("bot:hard", "bot:hard"))
                    if len(seats) != 2:
                        raise ValueError(f"a co-op run has 2 seats (the two heroes), got {len(seats)}")
                except ValueError as exc:
                    raise ValueError(f"--seats: {exc}") from None
                return coop_header(rules, load_data(rules, req.options.get("dungeon")), req.seed, seats)
            try:
                level = seat_level(req.seats)
            except ValueError as exc:
                raise ValueError(f"--seats: {exc}") from None
            return dungeon_header(rules, load_data(rules, req.options.get("dungeon")), req.seed, level)
        try:
            seats = seat_levels(list(req.seats or ("bot:hard", "bot:hard")))
        except ValueError as exc:
            raise ValueError(f"--seats: {exc}") from None
        return bout_header(rules, req.seed, options_from(req.options), seats)

    def start(self, rules, header: Replay):
        if rules is None:
            raise ReplayError("no bout ruleset is loaded")
        if header.ruleset_hash != rules.content_hash:
            raise ReplayError(f"ruleset: recorded with content hash {header.ruleset_hash[:12]}, "
                              f"this ruleset is {rules.content_hash[:12]}")
        if is_dungeon(header):
            from game.modes.bout.dungeon.game import DungeonGame
            from game.modes.bout.dungeon.hooks import load_data
            data = load_data(rules)
            if header.map_hash and header.map_hash != data.content_hash:
                raise ReplayError(f"dungeon: recorded with content hash {header.map_hash[:12]}, "
                                  f"this dungeon is {data.content_hash[:12]}")
            if header.options.get("coop") is True:
                from game.modes.bout.dungeon.coop import CoopGame
                return CoopGame(rules, data, header.seed)
            return DungeonGame(rules, data, header.seed)
        engine = header.setup.get("engine", 1) if isinstance(header.setup, dict) else 1
        if engine != ENGINE:
            raise ReplayError(f"recorded by bout engine {engine!r}; the Match plays engine {ENGINE} "
                              "(engine 1 recordings verify through game.modes.bout.legacy)")
        try:
            return new_bout(rules, header.seed, BoutOptions(**header.options))
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"options: {exc}") from None

    def players(self, game, header: Replay) -> dict[int, Player]:
        seats = header.setup.get("seats") if isinstance(header.setup.get("seats"), list) else []
        names = header.meta.get("players") if isinstance(header.meta.get("players"), list) else []
        sides = [0, 1] if is_coop(header) else [0] if is_dungeon(header) else sorted({f.side for f in game.fighters})
        out = {}
        for i, side in enumerate(sides):
            kind = str(seats[i]) if i < len(seats) else "hard"
            ctrl = kind if kind.startswith("bot:") or kind in ("human", "remote") else f"bot:{kind}"
            default = game.actors[side].t.name if is_coop(header) else "Hero" if is_dungeon(header) else f"Side {side}"
            out[side] = Player(str(names[i]) if i < len(names) and names[i] else default, ctrl)
        return out

    def hash_at_end(self, game) -> bool:
        return not arena(game)                         # the arena: one hash per exchange, none more

    def opening(self, game) -> list:
        return list(getattr(game, "events", []) or [])

    def new_bot(self, level: str, seat: int, seed: int):
        """BoutBot in the arena, the hero's bot in a dungeon run (the registry's `bot` hook's)."""
        from game.modes.bout.bot import BoutBot
        from game.modes.bout.dungeon.botplay import ArenaOrDungeonBot
        level = bot_level(f"bot:{level}")
        return ArenaOrDungeonBot(BoutBot(level, seed, seat), level, seed, seat)

    def fallback(self, game):
        """What the seat to act plays when its bot failed, or the host plays instead of a peer's
        illegal move (the arena: wait, orient automatically, a forfeit throw, the first foe, done)."""
        if not arena(game):
            return super().fallback(game)
        from game.modes.bout import actions as A
        f = game.fighter_to_act()
        ph = game.phase
        if ph == "move":
            return A.Move(f, A.WAIT)
        if ph == "orient":
            return A.Orient(f, A.AUTO_ORIENT if game.fighters[f].orientation >= 0 else 2, 0, 0)
        if ph == "commit":
            return A.Commit(f, bytes(A.SECRET_BYTES))
        if ph == "reveal":
            return A.Reveal(f, A.FORFEIT, 0, 0, bytes(A.SECRET_BYTES))
        if ph == "target":
            return A.Target(f, game.m.foes_of(f)[0])
        return A.Done(f)

    def standings(self, game, header: Replay, finished: bool) -> list[Standing]:
        if is_coop(header):
            won = finished and game.outcome == "escaped"
            return [Standing(s, 1 if won else (2 if finished else None), 0 if game.actors[s].dead else 1,
                             max(0, game.actors[s].health)) for s in (0, 1)]
        if is_dungeon(header):
            won = finished and game.outcome == "escaped"
            return [Standing(0, 1 if won else (2 if finished else None), 0 if game.outcome == "fell" else 1,
                             max(0, game.hero.health))]
        w = game.winner if finished else None
        sides = sorted(self.players(game, header))
        order = ([w] if w is not None else []) + [s for s in sides if s != w]
        return [Standing(s, (1 if s == w else 2) if w is not None else None,
                         sum(1 for f in game.fighters if f.side == s and f.active),
                         sum(max(0, f.health) for f in game.fighters if f.side == s)) for s in order]

    def summary(self, game, header: Replay) -> dict:
        if is_dungeon(header):
            out = {"mode": "bout", "scenario": DUNGEON, "seed": header.seed, "seats": list(header.setup.get("seats", [])),
                   **game.summary(), "state_hash": game.state_hash(), "turns": game.turn}
            out["winner"] = {"escaped": "heroes" if is_coop(header) else "hero", "fell": "dungeon"}.get(game.outcome)
            return out
        return {"mode": "bout", "seed": header.seed, "options": dict(header.options),
                "seats": list(header.setup.get("seats", [])),
                "winner": None if game.winner is None else f"side {game.winner}", "draw": game.draw,
                "rounds": game.round, "exchanges": game.turn, "turns": game.turn, "steps": game.step,
                "engagement_exchanges": game.m.exchanges, "state_hash": game.state_hash(),
                "fighters": [{"name": f.t.name, "side": f.side, "health": f.health, "dead": f.dead,
                              "out": f.out_rounds > 0, "wounds": len(f.wounds)} for f in game.fighters]}

    def lines(self, summary: dict) -> list[str]:
        if summary.get("scenario") == DUNGEON:
            s = summary
            return [f"result: {s['result']} on level {s['depth']} after {s['steps']} steps, {s['exchanges']} exchanges; "
                    f"{s['explored_cells']} squares explored, {s['foes_met']} foes met, {s['kills']} felled; "
                    f"score {s['score']}; state {s['state_hash'][:16]}"]
        return [f"winner: {summary['winner'] or 'none (draw)'} after {summary['rounds']} rounds, "
                f"{summary['exchanges']} exchanges; state {summary['state_hash'][:16]}"]

    def replay_result(self, game, header: Replay, summary: dict) -> dict:
        if is_dungeon(header):
            return {k: summary[k] for k in ("result", "depth", "exchanges", "explored_cells", "foes_met", "score",
                                            "state_hash")}
        return {"winner": game.winner, "draw": game.draw, "rounds": game.round, "exchanges": game.turn,
                "state_hash": summary["state_hash"]}

    def listing(self, game, header: Replay) -> tuple[str, dict]:
        return (header.map_id if is_dungeon(header) else str(header.options.get("scenario", "duel"))), {}

    def check_end(self, game, replay: Replay) -> list[str]:
        if is_dungeon(replay):
            last = replay.turns[-1][1] if replay.turns else 0
            if last != game.turn:
                return [f"the recording ends at turn {last}, the actions make {game.turn}"]
            ex = replay.result.get("exchanges") if isinstance(replay.result, dict) else None
            if ex is not None and ex != game.exchanges:
                return [f"the recording counts {ex} exchanges, the replay makes {game.exchanges}"]
            return []
        marks = [t[1] for t in replay.turns]
        if marks != list(range(1, len(marks) + 1)) or len(marks) != game.turn:
            return [f"the recording has {len(replay.turns)} turn hashes, the actions make {game.turn} turns"]
        return []

    def describe(self, game, events) -> list[str]:
        if arena(game):
            from game.modes.bout.log import describe
            from game.modes.registry import event_lines
            return event_lines(describe, game, events)
        from game.modes.bout.dungeon.log import describe_events
        return list(describe_events(game, events))


# --- for tests, balance and the bench: whole bouts ---------------------------------------------------

@dataclass
class BoutResult:
    seed: int
    options: BoutOptions
    seats: tuple
    replay: Replay
    winner: int | None = None
    draw: bool = False
    rounds: int = 0
    turns: int = 0
    final_hash: str = ""
    summary_data: dict = field(default_factory=dict)

    @property
    def actions(self) -> list:
        return self.replay.actions

    @property
    def hashes(self) -> list:
        return [t[2] for t in self.replay.turns]

    def summary(self) -> dict:
        return dict(self.summary_data)


def play_bout(rules, seed: int, options: BoutOptions | None = None, seats=("hard", "hard"), *,
              record: bool = True, on_events=None) -> BoutResult:
    """A whole arena bout between bots, played by the Match (`record=False`: no turn hashes, for
    statistics runs)."""
    from game.match import Match
    options = options or BoutOptions()
    match = Match.start("bout", rules, bout_header(rules, seed, options, seats), record=False, hashes=record)
    match.bots_for_all()
    if on_events is not None:
        on_events(match.game, match.mode_rules.opening(match.game))
        match.listen(lambda m, applied: on_events(m.game, applied.events))
    match.run()
    match.finish()
    g = match.game
    out = match.summary()
    return BoutResult(seed, options, tuple(seats), match.replay, g.winner, g.draw, g.round, g.turn,
                      g.state_hash() if record else "", out)


def to_replay(res: BoutResult) -> Replay:
    return res.replay


def verify(rules, rep: Replay):
    """Replay and check every turn hash through the Match, one per turn; the game, or
    ReplayError naming what differs."""
    from game.match.headless import verify_game
    if rep.mode != "bout":
        raise ReplayError(f"mode {rep.mode!r} is not a bout")
    return verify_game("bout", rep, rules=rules)
