"""The person at this screen as a seat driver of the Match (`game.match`).

A scene's input handler produces actions; the scene `offer`s each to the seat's `HumanDriver`
(refused at once with `ActionError` and the reason when it is not that seat's turn or not
legal), and the Match takes it on its next `step()` - at once on one device; in a linked game the
link takes it when it sends it. One HumanDriver may play several seats (hot-seat).

    human = HumanDriver()
    match = Match.start(mode, rules, header, drivers={0: human, 1: BotDriver(bot, threaded=True)})
    events = offer_and_step(match, human, action)   # the events, or None when the link takes it
"""

from __future__ import annotations

from game.modes.base import ActionError


class HumanDriver:
    def __init__(self) -> None:
        self.pending = None

    def plays(self, match, seat: int | None = None) -> bool:
        """Is it this person's turn (the seat to act, or `seat`, is driven by this driver)?"""
        seat = match.to_act() if seat is None else seat
        return seat is not None and match.driver(seat) is self

    def offer(self, match, action) -> None:
        """The person's action for the seat to act; ActionError with the reason when it cannot be."""
        if match.over:
            raise ActionError("the game is over")
        if not self.plays(match):
            raise ActionError("wait for your turn")
        if self.pending is not None:
            raise ActionError("sending your last action…")
        match.game.check(action)
        self.pending = action

    def next_action(self, match, seat: int):
        action, self.pending = self.pending, None
        return action

    def close(self) -> None:
        self.pending = None


def offer_and_step(match, human: HumanDriver, action):
    """Offer `action` and let the Match apply it now: its events, or None when it waits for
    someone else to take it (the link). ActionError when it is refused."""
    human.offer(match, action)
    if match.driver() is human:
        return match.step()
    return None
