"""The person at this screen as a seat driver of the Match (`game.match`).

A scene's input handler produces actions; the scene `offer`s them to the seat's `HumanDriver`
(refused at once with `ActionError` and the reason when it is not that seat's turn or the first
is not legal), and the Match takes them one by one on its `step()`s - at once on one device; in
a linked game the link takes each when it sends it. Several actions offered together (a
Skirmish walk and the attack chosen with it) wait in order: the Match asks again after the
first is applied, and gets the next. One HumanDriver may play several seats (hot-seat).

    human = HumanDriver()
    match = Match.start(mode, rules, header, drivers={0: human, 1: BotDriver(bot, threaded=True)})
    events = offer_and_step(match, human, walk, attack)   # their events, or None when the link takes them
"""

from __future__ import annotations

from game.modes.base import ActionError


class HumanDriver:
    def __init__(self) -> None:
        self.queue: list = []           # offered, not yet taken by the Match, in order
        self.refusal = ""               # why the Match refused one of them (the rest were dropped)
        self._for: tuple | None = None  # (seat, turn) the queue was offered for

    @property
    def pending(self):
        """The next offered action not yet taken (None: nothing waits)."""
        return self.queue[0] if self.queue else None

    def plays(self, match, seat: int | None = None) -> bool:
        """Is it this person's turn (the seat to act, or `seat`, is driven by this driver)?"""
        seat = match.to_act() if seat is None else seat
        return seat is not None and match.driver(seat) is self

    def offer(self, match, *actions) -> None:
        """The person's actions for the seat to act, in order; ActionError with the reason when
        they cannot be (the first is checked now, the others once those before are applied)."""
        if not actions:
            return
        if match.over:
            raise ActionError("the game is over")
        if not self.plays(match):
            raise ActionError("wait for your turn")
        if self.queue:
            raise ActionError("sending your last action…")
        match.game.check(actions[0])
        self.queue = list(actions)
        self.refusal = ""
        self._for = (match.to_act(), match.game.turn)

    def next_action(self, match, seat: int):
        if self.queue and self._for != (seat, match.game.turn):
            self.queue.clear()          # offered for a turn that has ended: never played later
        return self.queue.pop(0) if self.queue else None

    def refused(self, match, seat: int, action, exc: Exception) -> None:
        """The Match refused one of the offered actions: the ones after it are dropped too."""
        self.queue.clear()
        self.refusal = str(exc)

    def close(self) -> None:
        self.queue.clear()


def offer_and_step(match, human: HumanDriver, *actions):
    """Offer `actions` and let the Match apply them now: their events (all of them, in order),
    or None when someone else takes them (the link). ActionError when the first is refused."""
    human.offer(match, *actions)
    if match.conductor is not None:
        match.step()                    # the link sends them (and applies them in lockstep)
        return None
    if match.driver() is not human:
        return None
    events: list = []
    while human.queue and match.driver() is human:
        got = match.step()
        if got is None:
            break
        events += got
    return events
