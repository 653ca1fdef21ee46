"""A Skirmish battle as the screens build it: a Match (`game.match`) whose seats are the person
at this screen (one `HumanDriver` for every human seat: hot-seat), bots thinking in a worker
thread, or a replay; plus what each piece did (`Tally`, for the results). No pygame here.

    match = battle_match(app, rs, gmap, participants, seed, options)   # kept: in progress, replay, stats
    app.open("skirmish_battle", match=match)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.match import BotDriver, Match, ReplayDriver
from game.match.headless import resume
from game.modes.registry import get_mode
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui.human import HumanDriver


@dataclass
class Tally:
    """What each piece did in the battle (from the engine's attack events): HP it took, kills.
    A Match listener: `match.listen(tally.on_applied)`."""

    damage: dict[int, int] = field(default_factory=dict)      # piece id -> HP removed from enemies
    kills: dict[int, int] = field(default_factory=dict)

    def on_applied(self, match, applied) -> None:
        self.add(applied.events)

    def add(self, events) -> None:
        for ev in events:
            if ev.kind == "attack" and ev.lost:
                self.damage[ev.piece] = self.damage.get(ev.piece, 0) + ev.lost
                if ev.killed:
                    self.kills[ev.piece] = self.kills.get(ev.piece, 0) + 1

    def seat_totals(self, game, seat: int) -> tuple[int, int]:
        """(kills, damage) of the seat's pieces."""
        ids = [p.id for p in game.pieces if p.seat == seat]
        return sum(self.kills.get(i, 0) for i in ids), sum(self.damage.get(i, 0) for i in ids)

    def best_piece(self, game):
        """The most valuable piece: most kills, then most damage (None before any hit)."""
        if not self.damage:
            return None
        pid = max(self.damage, key=lambda i: (self.kills.get(i, 0), self.damage[i], -i))
        return game.pieces[pid]


def seat_drivers(match: Match, human: HumanDriver | None = None) -> Match:
    """Human seats to the person at this screen, bot seats to threaded bots."""
    human = human or HumanDriver()
    for seat, p in match.players.items():
        if seat not in match.drivers:
            match.drivers[seat] = (BotDriver(match.mode_rules.new_bot(p.level, seat, match.header.seed), threaded=True)
                                   if p.is_bot else human)
    return match


def battle_match(app, rs, gmap, participants: list[Participant], seed: int, options: Options | None = None) -> Match:
    """A new battle played on this screen, kept by the app (in progress, then replay and stats).
    ActionError (a ValueError) when it cannot start (the map cannot hold the armies)."""
    from game.core.replay import ReplayError
    from game.modes.base import ActionError
    try:
        match = Match.start("skirmish", rs, new_header(rs, gmap, participants, seed, options or Options()),
                            keeper=app.keeper())
    except ReplayError as exc:
        raise ActionError(str(exc).removeprefix("setup: ")) from None
    return seat_drivers(match)


def resumed_battle(app, saved, tally: Tally) -> Match:
    """An interrupted battle (`game.store.in_progress.Saved`) back where it stopped; ValueError
    (ReplayError) when it cannot be: its ruleset is gone or changed, a move no longer applies."""
    from game.match.headless import plain_name
    from game.modes.skirmish.hooks import load_rules
    name = saved.replay.ruleset_id
    rs = app.content.ruleset() if app.content.ready else None
    if rs is None or rs.id != name:
        if not plain_name(name):
            raise ValueError(f"the saved battle names the ruleset {name[:40]!r}, which is no ruleset name")
        rs = load_rules(name)
    match = resume(get_mode("skirmish"), rs, saved.replay, keeper=app.keeper(), listeners=[tally.on_applied])
    match.context = dict(saved.context)
    return seat_drivers(match)


def open_resumed(app, saved) -> None:
    """The `resume` hook of Skirmish's UI part: Continue an interrupted battle on the battle screen."""
    tally = Tally()
    app.open("skirmish_battle", match=resumed_battle(app, saved, tally), tally=tally)


def attract_match(rs, gmap, participants, seed: int, options: Options) -> Match:
    """Bots only, nothing kept (the title's demo)."""
    return Match.start("skirmish", rs, new_header(rs, gmap, participants, seed, options), record=False).bots_for_all(
        threaded=True)


def replay_match(rs, replay, start: int = 0) -> Match:
    """A kept battle played back by a ReplayDriver from action `start` (ReplayError: it cannot be)."""
    return Match.start("skirmish", rs, replay, everyone=ReplayDriver(replay.actions, start), record=False)
