"""Games without a screen, through the Match: `tactibox simulate` (bots play every seat) and
`tactibox replay --verify` (a ReplayDriver plays the recorded actions back and every recorded
turn hash is compared). `game.modes.driver` sends every mode here unless it has its own hook.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.numbers import shown
from game.core.replay import Replay, ReplayError
from game.match.core import Applied, Match
from game.match.drivers import ReplayDriver
from game.match.rules import load_rules, rules_for
from game.modes.registry import ModeEntry, Outcome, Request, Verdict, get_mode

MAX_ACTIONS = 200_000


def simulate(entry: ModeEntry, req: Request, log: Callable[[str], None] | None = None) -> Outcome:
    """Play a whole game with bots in every seat; ValueError (readable) for a bad request."""
    rules = load_rules(entry, req.ruleset)
    try:
        match = Match.requested(entry, rules, req, record=False)
    except ReplayError as exc:                 # a header the mode cannot start: a bad request
        raise ValueError(str(exc)) from None
    match.bots_for_all().run(MAX_ACTIONS, log)
    match.finish()
    summary = match.summary()
    return Outcome(summary, match.replay, match.mode_rules.lines(summary))


def verify(entry: ModeEntry, replay: Replay, ruleset: str | None = None,
           log: Callable[[str], None] | None = None, *, rules=None) -> Verdict:
    """Play `replay` back and compare every recorded turn hash (and what the mode checks at the
    end). The rules are `rules` when given, else loaded by name (`ruleset`, else the replay's)."""
    return played_back(entry, replay, ruleset=ruleset, log=log, rules=rules)[0]


def verify_game(mode: ModeEntry | str, replay: Replay, rules=None):
    """The game a replay ends in, every turn hash checked; ReplayError with the first problem."""
    entry = get_mode(mode) if isinstance(mode, str) else mode
    verdict, match = played_back(entry, replay, rules=rules)
    if not verdict.ok:
        raise ReplayError(verdict.problems[0] if verdict.problems else "the replay does not play back")
    return match.game


def played_back(entry: ModeEntry, replay: Replay, *, ruleset: str | None = None, log=None,
                rules=None) -> tuple[Verdict, Match | None]:
    """`verify`'s Verdict and the Match it played (None when the game could not even start)."""
    if replay.mode != entry.id:
        return Verdict(False, 0, [f"mode {replay.mode!r} is not {entry.id!r}"]), None
    mr = rules_for(entry)
    named = replay.ruleset_id or None
    if rules is None and not ruleset and named and entry.has("rules") and not plain_name(named):
        return Verdict(False, 0, [f"the replay names the ruleset {shown(named, 80)}, which is no ruleset name; "
                                  "give the ruleset on the command line (--ruleset NAME or FOLDER) to use it"]), None
    try:
        if rules is None:
            rules = load_rules(entry, ruleset or named)
        feed = ReplayDriver(replay.actions)
        match = Match(entry, rules, replay, everyone=feed, record=False, mode_rules=mr)
    except ValueError as exc:                  # ReplayError too: both are ValueErrors
        return Verdict(False, 0, [str(exc)]), None
    check = _Marks(replay, match)
    match.listen(check)
    check.at(0)
    match.run(len(replay.actions) + 1, log)
    problems = check.problems
    if not problems and feed.error:
        problems.append(feed.error)
    if not problems and not feed.done:
        problems.append(f"the game ended after {feed.index} of {len(replay.actions)} actions")
    if not problems:
        problems += mr.check_end(match.game, replay)
    return Verdict(not problems, check.checked, problems, match.game.state_hash()), match


def plain_name(name: str) -> bool:
    """A name the rules' catalog looks up, not a path (no separators, no leading dot): a replay
    may not point the loader at a folder of its choosing (issue 21 item 13)."""
    return 0 < len(name) <= 64 and not name.startswith(".") and not any(c in name for c in "/\\\0:")


class _Marks:
    """Compares the recorded [action count, turn, hash] marks with the game as it is played."""

    def __init__(self, replay: Replay, match: Match) -> None:
        self.match = match
        self.marks: dict[int, list] = {}
        for count, turn, h in replay.turns:
            self.marks.setdefault(count, []).append((turn, h))
        self.checked = 0
        self.problems: list[str] = []

    def __call__(self, match: Match, applied: Applied) -> None:
        self.at(applied.index)

    def at(self, count: int) -> None:
        """The marks of `count` against what the Match recorded there (the same moment as when the
        game was recorded: a turn's hash before a draw at the turn limit), else the game now."""
        g = self.match.game
        made = {turn: h for c, turn, h in self.match.replay.turns if c == count}
        for turn, h in self.marks.get(count, []):
            self.checked += 1
            got = made.get(turn, g.state_hash() if g.turn == turn else None)
            if got != h:
                where = "at the start" if count == 0 else f"(after action {count})"
                self.problems.append(f"turn {turn} {where}: state hash differs from the recording "
                                     f"({str(got)[:12]}, recorded {h[:12]})")
                self.match.stopped = True           # the rest cannot match either


def resume(entry: ModeEntry, rules, saved: Replay, *, keeper=None, listeners=(), **kw) -> Match:
    """The game `saved` (a replay so far: an interrupted game's save) brought back to where it
    stopped, every recorded turn hash checked on the way; it goes on recording into the same
    replay. `listeners` hear every action on the way (a screen's tallies and logs catching up);
    they are gone afterwards. ReplayError says why it cannot (another ruleset, an action that no
    longer applies)."""
    if saved.mode != entry.id:
        raise ReplayError(f"mode {saved.mode!r} is not {entry.id!r}")
    feed = ReplayDriver(saved.actions)
    match = Match(entry, rules, saved, everyone=feed, record=False, **kw)
    check = _Marks(saved, match)
    match.listen(check)
    for fn in listeners:
        match.listen(fn)
    check.at(0)
    match.run(len(saved.actions) + 1)
    problem = check.problems[0] if check.problems else feed.error
    if not problem and not feed.done:
        problem = f"the game ended after {feed.index} of {len(saved.actions)} actions"
    if problem:
        raise ReplayError(f"the saved game does not play back: {problem}")
    match._listeners.clear()
    match.everyone = None
    match.replay.meta = dict(saved.meta)
    match.keeper, match.record = keeper, True
    return match
