"""One duel as the screen plays it: who sits where, the game being shown, the two message logs.

No pygame here. `DuelMatch` is a duel on this device (against a bot, or two people hot-seat);
`game/ui/modes/duel/linked.py` adds the cable link. The screen asks:

    m.viewer()                 whose eyes the board is drawn with
    m.local_human(p)           may this device's keys act for player p
    m.play(action) -> events   a person's action (raises ActionError with the reason)
    m.next_action() -> a|None  the next action of a bot / the other unit (None: not yet)
    m.apply(action) -> events  apply it to the shown game
    m.commit(events)           the messages of an action go into both logs (after-turn stage 10)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.base import ActionError
from game.modes.duel import DuelBot, DuelGame, DuelOptions
from game.modes.duel.actions import end_turn
from game.modes.duel.events import TurnEnded
from game.modes.duel.messagelog import MessageLog
from game.ui.modes.duel.record import keep_duel
from game.ui.modes.duel.thinker import Thinker

HUMAN, BOT, REMOTE = "human", "bot", "remote"


@dataclass(frozen=True)
class Seat:
    kind: str               # human (on this device), bot, remote (the other unit)
    name: str
    level: str = ""         # bots: easy / normal / hard


class DuelMatch:
    mode = "local"

    def __init__(self, game: DuelGame, seats: list[Seat], *, max_turns: int | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("a duel has two seats")
        self.game = game
        self.seats = list(seats)
        self.max_turns = max_turns
        self.logs = [MessageLog(0), MessageLog(1)]
        self.thinker = Thinker()
        self._bots = {p: DuelBot(s.level) for p, s in enumerate(seats) if s.kind == BOT}
        self._viewer = self._first_viewer()
        self.notices: list[str] = []       # things to tell the player (bot failures, link events)
        self.codes: list[int] = []         # every applied action code, for the replay
        self.turn_hashes: list[str] = []   # state hash after each completed turn
        self.resynced = False              # the shown game was replaced by the other unit's state
        self.kept = False

    @classmethod
    def new(cls, seed: int, options: DuelOptions, seats: list[Seat], **kw) -> DuelMatch:
        return cls(DuelGame.new(seed, options), seats, **kw)

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

    def human_to_move(self) -> bool:
        g = self.game
        return not g.is_over() and self.local_human(g.current)

    # --- acting ------------------------------------------------------------------------------
    def check(self, action) -> str | None:
        if not self.human_to_move():
            return "wait for your turn"
        return self.game.illegal_reason(action)

    def play(self, action) -> list:
        why = self.check(action)
        if why:
            raise ActionError(why)
        return self.apply(action)

    def apply(self, action) -> list:
        g = self.game
        events = g.apply(action)
        self.codes.append(action.code)
        if not action.is_step:
            self.turn_hashes.append(g.state_hash())
        if (self.max_turns is not None and not action.is_step and not g.is_over()
                and g.turn >= self.max_turns):
            events += g.end_as_draw("turn limit")
        return events

    def next_action(self):
        """A bot's next action once its worker has decided (None meanwhile)."""
        g = self.game
        if g.is_over() or g.current not in self._bots:
            return None
        if not self.thinker.busy:
            self.thinker.ask(self._bots[g.current].choose, g.view(g.current))
            return None
        if not self.thinker.ready:
            return None
        try:
            action = self.thinker.take()
        except Exception as exc:  # noqa: BLE001 - a bot bug must not freeze the duel
            self.notices.append(f"the bot failed ({type(exc).__name__}: {exc}); it ends its turn")
            return end_turn()
        if g.illegal_reason(action):
            self.notices.append(f"the bot chose an illegal action ({action}); it ends its turn")
            return end_turn()
        return action

    @property
    def thinking(self) -> bool:
        return self.thinker.busy

    def keep(self, replays=None, stats=None) -> list[str]:
        """Once the duel is over: save its replay and stats (once); problems to show."""
        if self.kept or not self.game.is_over():
            return []
        self.kept = True
        return keep_duel(self, replays, stats)

    # --- the logs ------------------------------------------------------------------------------
    def commit(self, events) -> None:
        for log in self.logs:
            log.add_events(events)
        if any(isinstance(e, TurnEnded) for e in events):
            rnd = self.game.state.round
            for log in self.logs:
                if rnd > log.round:
                    log.start_round(rnd)

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

    def close(self) -> None:
        self.thinker.close()
