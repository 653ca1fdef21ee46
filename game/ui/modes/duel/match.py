"""One duel as the screen plays it: who sits where, the game being shown, the two message logs.

No pygame here. A `DuelMatch` is the screen's view of a Match (`game.match`): the person's keys
go to the seat's `HumanDriver`, bots are threaded `BotDriver`s, a replay is a `ReplayDriver`, and
the Match applies every action, records the replay, saves the duel in progress and keeps the
result (replay and stats) once. `game/ui/modes/duel/linked.py` adds the cable link. The screen asks:

    m.viewer()                 whose eyes the board is drawn with
    m.local_human(p)           may this device's keys act for player p
    m.play(action) -> events   a person's action (raises ActionError with the reason)
    m.next_action() -> a|None  the next action of a bot / the replay / the other unit (None: not yet)
    m.apply(action) -> events  apply it (through the Match)
    m.commit(events)           the messages of an action go into both logs (after-turn stage 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.match import BotDriver, Match
from game.match.headless import resume
from game.modes.base import ActionError
from game.modes.duel.events import TurnEnded
from game.modes.duel.match import duel_header
from game.modes.duel.messagelog import MessageLog
from game.modes.registry import get_mode
from game.ui.human import HumanDriver

HUMAN, BOT, REMOTE = "human", "bot", "remote"


@dataclass(frozen=True)
class Seat:
    kind: str               # human (on this device), bot, remote (the other unit)
    name: str
    level: str = ""         # bots: easy / normal / hard


def seats_of(match: Match) -> list[Seat]:
    """The screen's seats of a Match's players (controller "human", "remote" or "bot:LEVEL")."""
    out = []
    for p in (0, 1):
        pl = match.player(p)
        kind = BOT if pl.is_bot else (REMOTE if pl.controller == "remote" else HUMAN)
        out.append(Seat(kind, pl.name, pl.level if kind == BOT else ""))
    return out


class DuelMatch:
    mode = "local"
    peek_version = 0          # bumped when the other unit's previewed step moves (linked.py)
    last_previewed = False    # the step just shown was on the board already (its preview): no pause

    def __init__(self, match: Match, seats: list[Seat] | None = None) -> None:
        self.match = match
        self.seats = list(seats or seats_of(match))
        if len(self.seats) != 2:
            raise ValueError("a duel has two seats")
        self.logs = [MessageLog(0), MessageLog(1)]
        self.human = HumanDriver()
        for p, seat in enumerate(self.seats):
            if p in match.drivers or match.everyone is not None:
                continue
            if seat.kind == HUMAN:
                match.drivers[p] = self.human
            elif seat.kind == BOT:
                match.drivers[p] = BotDriver(match.mode_rules.new_bot(seat.level, p, match.header.seed), threaded=True)
        self._viewer = self._first_viewer()
        self.resynced = False              # the shown game was replaced by the other unit's state

    @classmethod
    def new(cls, seed: int, options, seats: list[Seat], *, max_turns: int | None = None, keeper=None) -> DuelMatch:
        """A new duel on this device (`keeper`: the app's, so it is saved and kept)."""
        header = duel_header(seed, options, [s.level if s.kind == BOT else s.kind for s in seats], max_turns,
                             names=[s.name for s in seats])
        return cls(Match.start("duel", None, header, keeper=keeper), seats)

    @classmethod
    def of_game(cls, game, seats: list[Seat], *, max_turns: int | None = None, keeper=None) -> DuelMatch:
        """A duel on this device from a game already set up (a test's scene)."""
        st = game.state
        header = duel_header(st.seed, st.options, [s.level if s.kind == BOT else s.kind for s in seats], max_turns,
                             names=[s.name for s in seats])
        return cls(Match.start("duel", None, header, game=game, keeper=keeper), seats)

    @classmethod
    def resumed(cls, saved, keeper=None) -> DuelMatch:
        """An interrupted duel (`game.store.in_progress.Saved`) back where it stopped, with its logs."""
        logs = [MessageLog(0), MessageLog(1)]
        heard = lambda match, applied: add_to_logs(logs, match.game.state.round, applied.events)  # noqa: E731
        match = resume(get_mode("duel"), None, saved.replay, keeper=keeper, listeners=[heard])
        m = cls(match)
        m.logs = logs
        return m

    @property
    def game(self):
        return self.match.game

    @property
    def max_turns(self) -> int | None:
        return self.match.turn_limit or None

    @property
    def notices(self) -> list[str]:
        """Things to tell the player (bot failures, link events)."""
        return self.match.notices

    @notices.setter
    def notices(self, value: list[str]) -> None:
        self.match.notices = value

    # --- who is who ----------------------------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return all(s.kind == HUMAN for s in self.seats)

    def local_human(self, p: int) -> bool:
        return self.seats[p].kind == HUMAN

    def _first_viewer(self) -> int:
        g = self.game
        if self.local_human(g.current):
            return g.current
        return next((p for p in (0, 1) if self.local_human(p)), g.current)

    def viewer(self) -> int:
        """Hot-seat: the player whose turn it is (the other one looks away); otherwise this
        device's player."""
        return self._viewer

    def follow_turn(self) -> None:
        """After a turn ended: hot-seat hands the view to the player to move."""
        g = self.game
        if not g.is_over() and self.local_human(g.current):
            self._viewer = g.current

    # --- what the screen shows (a linked duel shows the other unit's turn action by action) ----
    def view(self, p: int):
        """The game as player p sees it, as far as the screen has shown it."""
        return self.game.view(p)

    def mover(self) -> int:
        """The player whose action the screen shows next."""
        return self.game.current

    def shown_over(self) -> bool:
        """The duel is over and the screen has shown all of it."""
        return self.game.is_over()

    def human_to_move(self) -> bool:
        g = self.game
        return not self.match.over and self.local_human(g.current)

    # --- acting ------------------------------------------------------------------------------
    def check(self, action) -> str | None:
        if not self.human_to_move():
            return "wait for your turn"
        try:
            self.game.check(action)
        except ActionError as exc:
            return str(exc)
        return None

    def play(self, action) -> list:
        why = self.check(action)
        if why:
            raise ActionError(why)
        self.human.offer(self.match, action)
        return self.match.step() or []

    def apply(self, action) -> list:
        return self.match.apply(action)

    def next_action(self):
        """The next action of the seat to act when it is not this device's person: a bot's once its
        worker has decided, the replay's (None meanwhile)."""
        seat = self.match.to_act()
        d = self.match.driver(seat) if seat is not None else None
        if d is None or d is self.human:
            return None
        return d.next_action(self.match, seat)

    @property
    def thinking(self) -> bool:
        return bool(getattr(self.match.driver(), "thinking", False))

    def keep(self, replays=None, stats=None) -> list[str]:
        """Problems keeping the finished duel (the Match kept its replay and stats when it ended)."""
        res = self.match.result
        return list(res.problems) if res is not None else []

    # --- the logs ------------------------------------------------------------------------------
    def commit(self, events) -> None:
        add_to_logs(self.logs, self.game.state.round, events)

    def chat(self, sender: int, text: str | None = None, phrase: int | None = None) -> None:
        for log in self.logs:
            log.add_chat(sender, text, phrase)

    # --- the link (nothing to do on one device) ---------------------------------------------------
    def poll(self) -> None:
        pass

    def status(self) -> str:
        """Extra words for the status line while the other side moves (the link's state)."""
        return ""

    def link_down(self) -> str:
        """What to show over the board while the cable is out ("" when all is well)."""
        return ""

    @property
    def can_chat(self) -> bool:
        return False

    @property
    def controls_options(self) -> bool:
        """May this device change the duel options (the controller, between games)?"""
        return True

    def next_duel(self):
        """Linked duels: the next duel once the host started it (None on one device)."""
        return None

    def send_chat(self, text: str | None = None, phrase: int | None = None) -> None:
        raise ValueError("chat needs a linked duel")

    def sync(self) -> bool:
        """Linked duels: put the shown game back in step with the link's game; True if it changed."""
        return False

    def abandon(self) -> None:
        """The person left the duel on purpose: kept as an abandoned game (no win, loss or
        rating; nothing to Continue). A unit switched off keeps it to Continue instead."""
        m = self.match
        if m.result is None and not m.over and m.record and not m.link:
            m.finish(abandoned=True)

    def close(self) -> None:
        self.match.close()


def add_to_logs(logs, rnd: int, events) -> None:
    """An action's messages into both players' logs; a new round starts after a turn ends."""
    for log in logs:
        log.add_events(events)
    if any(isinstance(e, TurnEnded) for e in events):
        for log in logs:
            if rnd > log.round:
                log.start_round(rnd)
