"""The Remote driver: the seat driver of a seat another unit plays (docs/modes.md §7).

A linked game is a Match like any other; its seats have drivers. The seats this unit plays have
Human or Bot drivers; every seat the other unit plays has a `RemoteDriver`. It never decides an
action here (`next_action` is always None): the lockstep receives that unit's moves, checks them
(the host) and hands them to the seat's Remote driver, which plays them through `Match.apply` -
the one place actions are applied, so screens, the replay and the stats see them like any other.

A seat is remote exactly when its driver is a RemoteDriver: issue 22's host hands the seat of a
unit that dropped to a BotDriver (and back when the unit returns) by swapping the driver.
"""

from __future__ import annotations


class RemoteDriver:
    thinking = False

    def __init__(self, unit: int, name: str = "the other unit") -> None:
        self.unit = unit                 # which unit plays the seat (0 the host, 1 the guest, ...)
        self.name = name                 # that unit's name, for "<name>'s turn"
        self.received = 0                # actions played for the seat so far

    def next_action(self, match, seat: int):
        return None                      # the other unit decides; its moves arrive through the link

    def play(self, match, actions) -> list:
        """The other unit's move for the seat to act, as the link received it (checked already on
        the host): applied through the Match; the events of all its actions."""
        events: list = []
        for action in actions:
            events.extend(match.apply(action))
            self.received += 1
        return events

    def close(self) -> None:
        pass


def is_remote(driver) -> bool:
    return isinstance(driver, RemoteDriver)
