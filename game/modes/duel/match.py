"""The Wizard duel's part of the Match (`game.match`), and its replay helpers.

A duel is a replay: seed + options + the action list. Its header:
`ruleset = (RULES_ID, RULES_HASH)`, `options = DuelOptions.as_dict()`,
`setup = {"max_turns": N, "bots": [level or "human", level or "human"]}`, `meta.players` the
names; one action code per replay entry and the canonical state hash after each completed turn.
At `max_turns` the duel ends as a draw. (Unchanged from before the Match: old replays verify.)

    match = Match.requested("duel", None, Request(seed=7)).bots_for_all().run()
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.canon import canonical_hash
from game.core.replay import Replay, ReplayError
from game.match.rules import MatchRules, Player, Standing

from .actions import END_CODE, Action, decode_action, end_turn
from .game import DuelGame
from .options import DuelOptions
from .wire import pack_turn, unpack_turn

DEFAULT_MAX_TURNS = 200
RULES_ID = "war-of-wizards"
# changes whenever generation, rules or encodings change in a way that breaks old replays
RULES_HASH = canonical_hash({"rules": RULES_ID, "generator": 1, "actions": 1})
LEVELS = ("easy", "normal", "hard")


def duel_header(seed: int, options: DuelOptions | None = None, seats=("hard", "hard"),
                max_turns: int | None = DEFAULT_MAX_TURNS, names=None) -> Replay:
    """The header of a duel: `seats` are bot levels, "human" (a person on this device) or
    "remote" (the other unit); `max_turns` None: no turn limit (duels played from the menus)."""
    for s in seats:
        if s not in (*LEVELS, "human", "remote"):
            raise ValueError(f"a duel seat is a bot level ({', '.join(LEVELS)}), 'human' or 'remote', not {s!r}")
    if max_turns is not None and max_turns < 1:
        raise ValueError("max_turns must be at least 1")
    return Replay(mode="duel", seed=seed, ruleset_id=RULES_ID, ruleset_hash=RULES_HASH,
                  options=(options or DuelOptions()).as_dict(), setup={"max_turns": max_turns, "bots": list(seats)},
                  meta={"players": list(names)} if names else {})


class ViewBot:
    """The duel bot plays from what its wizard sees (`game.view(seat)`, an immutable snapshot,
    so it may think in a worker thread while the screen draws)."""

    def __init__(self, bot, seat: int) -> None:
        self.bot, self.seat = bot, seat

    def choose(self, game: DuelGame) -> Action:
        return self.bot.choose(game.view(self.seat))


class DuelRules(MatchRules):
    def header(self, rules, req) -> Replay:
        from .options import DEFAULT_TURN_LIMIT, bot_levels, options_from
        return duel_header(req.seed, options_from(req.options), bot_levels(req.seats or ("bot:hard", "bot:hard")),
                           req.turn_limit or DEFAULT_TURN_LIMIT)

    def start(self, rules, header: Replay) -> DuelGame:
        if header.ruleset_hash != RULES_HASH:
            raise ReplayError("recorded with other duel rules (ruleset hash differs)", 0)
        try:
            return DuelGame.new(header.seed, DuelOptions(**header.options))
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"options: {exc}", 0) from None

    def players(self, game, header: Replay) -> dict[int, Player]:
        seats = header.setup.get("bots") if isinstance(header.setup.get("bots"), list) else ["hard", "hard"]
        names = header.meta.get("players") if isinstance(header.meta.get("players"), list) else []
        out = {}
        for p in (0, 1):
            kind = str(seats[p]) if p < len(seats) else "hard"
            ctrl = kind if kind in ("human", "remote") else f"bot:{kind}"
            name = str(names[p]) if p < len(names) and names[p] else f"Wizard {p + 1}"
            out[p] = Player(name, ctrl)
        return out

    def turn_limit(self, header: Replay) -> int:
        v = header.setup.get("max_turns")
        return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0

    def at_limit(self, game: DuelGame) -> list:
        return game.end_as_draw("turn limit")

    def new_bot(self, level: str, seat: int, seed: int):
        from .bot import DuelBot
        return ViewBot(DuelBot(level), seat)

    def fallback(self, game):
        return end_turn()

    def standings(self, game: DuelGame, header: Replay, finished: bool) -> list[Standing]:
        st = game.state
        w = game.winner if finished else None
        order = [w, 1 - w] if w is not None else [0, 1]
        return [Standing(p, None if not finished or w is None else (1 if p == w else 2),
                         1 if st.wizards[p].hp > 0 else 0, max(0, st.wizards[p].hp)) for p in order]

    def summary(self, game: DuelGame, header: Replay) -> dict:
        w = game.winner
        return {"mode": "duel", "seed": header.seed, "turns": game.turn, "state_hash": game.state_hash(),
                "winner": None if w is None else f"wizard {w + 1}", "over": game.state.over,
                "placements": [] if w is None else [f"wizard {w + 1}", f"wizard {2 - w}"],
                "action_bytes": action_bytes(header.actions), "options": dict(header.options)}

    def lines(self, summary: dict) -> list[str]:
        return [f"winner: {summary['winner'] or 'none (draw)'} after {summary['turns']} turns ({summary['over']}); "
                f"state {summary['state_hash'][:16]}; {summary['action_bytes']} bytes of actions"]

    def replay_result(self, game: DuelGame, header: Replay, summary: dict) -> dict:
        return {"winner": game.winner, "over": game.state.over, "turns": game.turn,
                "state_hash": summary["state_hash"]}

    def listing(self, game: DuelGame, header: Replay) -> tuple[str, dict]:
        n = game.state.options.level_size
        return f"{n}x{n}", {}

    def check_end(self, game: DuelGame, replay: Replay) -> list[str]:
        if len(replay.turns) != game.turn:
            return [f"the recording has {len(replay.turns)} turns, the actions only {game.turn}"]
        return []

    def describe(self, game, events) -> list[str]:
        from .log import describe_turn
        return list(describe_turn(game, events)) if any(e.kind in ("turn_ended", "over") for e in events) else []


def action_bytes(actions) -> int:
    """The actions packed as whole turns (`wire.pack_turn`): the link's figure."""
    total, turn = 0, []
    for data in actions:
        a = decode_action(list(data))
        turn.append(a)
        if not a.is_step:
            total += len(pack_turn(turn))
            turn = []
    return total


# --- for tests, the bench and the link: whole duels and their codes -------------------------------------

@dataclass
class DuelResult:
    seed: int
    options: DuelOptions
    bots: tuple
    max_turns: int
    actions: list = field(default_factory=list)      # action codes, in order
    turns: list = field(default_factory=list)        # packed turns (bytes)
    hashes: list = field(default_factory=list)       # state hash after each completed turn
    winner: int | None = None
    over: str = ""
    turns_played: int = 0
    final_hash: str = ""
    replay: Replay | None = None


def play_duel(seed: int, options: DuelOptions | None = None, bots=("hard", "hard"),
              max_turns: int = DEFAULT_MAX_TURNS, on_turn=None) -> DuelResult:
    """A whole duel between two bots, played by the Match. `on_turn(game, events)` after each turn."""
    from game.match import Match
    match = Match.start("duel", None, duel_header(seed, options, bots, max_turns), record=False).bots_for_all()
    if on_turn is not None:
        match.listen(lambda m, applied: on_turn(m.game, applied.events) if applied.turn_ended else None)
    match.run()
    match.finish()
    g, rep = match.game, match.replay
    res = DuelResult(seed, options or DuelOptions(), tuple(bots), max_turns, [a[0] for a in rep.actions],
                     hashes=[t[2] for t in rep.turns], winner=g.winner, over=g.state.over, turns_played=g.turn,
                     final_hash=g.state_hash(), replay=rep)
    turn: list = []
    for code in res.actions:
        turn.append(decode_action([code]))
        if code >= END_CODE:
            res.turns.append(pack_turn(turn))
            turn = []
    return res


def replay(seed: int, options: DuelOptions | None, actions, hashes=None,
           max_turns: int | None = None) -> DuelGame:
    """Rebuild a duel from its seed, options and actions (codes, Actions, or packed turns as
    bytes). With `hashes`, every completed turn is checked; a mismatch raises ReplayError."""
    game = DuelGame.new(seed, options)
    for a in _actions(actions):
        t = game.turn
        try:
            game.apply(a)
        except ValueError as exc:
            raise ReplayError(f"turn {t + 1}: {exc}", t + 1) from None
        if not a.is_step and hashes is not None:
            if game.turn > len(hashes):
                raise ReplayError(f"turn {game.turn}: no recorded hash", game.turn)
            if game.state_hash() != hashes[game.turn - 1]:
                raise ReplayError(f"turn {game.turn}: state hash differs from the recording", game.turn)
    if hashes is not None and game.turn != len(hashes):
        raise ReplayError(f"the recording has {len(hashes)} turns, the actions only {game.turn}", game.turn)
    if max_turns is not None and game.turn >= max_turns and not game.is_over():
        game.end_as_draw("turn limit")
    return game


def _actions(actions):
    for a in actions:
        if isinstance(a, Action):
            yield a
        elif isinstance(a, (bytes, bytearray)):
            yield from unpack_turn(a)
        else:
            yield decode_action([a])


def verify_replay(rep: Replay) -> DuelGame:
    """Play a duel replay back through the Match, checking every turn hash; the final game, or
    ReplayError saying what differs."""
    from game.match.headless import verify_game
    if rep.mode != "duel":
        raise ReplayError(f"mode {rep.mode!r} is not a duel", 0)
    return verify_game("duel", rep)
