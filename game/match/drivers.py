"""Seat drivers: who decides the next action of a seat. No pygame here (the CLI uses them too).

    class Driver(Protocol):
        def next_action(self, match, seat) -> Action | None   # None: not decided yet, ask again
        def close(self) -> None

`Match.step()` asks the driver of the seat to act and applies what it gives. A driver may also
apply through `match.apply` itself during `next_action` (a link that plays the other unit's
actions as they arrive) and return None. Here: `BotDriver` (a bot; `threaded=True` thinks in a
worker thread so a screen's frame never waits for it) and `ReplayDriver` (a recorded action list,
one driver for every seat). The person at the screen is the UI's HumanDriver (human.py); the
other unit of a linked game is the link layer's Remote driver.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol, runtime_checkable

from game.modes.base import ActionError


@runtime_checkable
class Driver(Protocol):
    def next_action(self, match, seat: int) -> Any | None:
        """The seat's next action, or None while it is not decided (the Match asks again later)."""
        ...

    def close(self) -> None: ...


class BotDriver:
    """A bot (`choose(game) -> action`) playing one seat or several.

    A bot that raises, or gives an action the game refuses, does not stop the game: the Match is
    told (`match.notice`) and the mode's fallback action is played (Skirmish: end turn).
    `threaded`: the bot thinks in one worker thread; `next_action` returns None until it has
    decided (a decision for a game that changed meanwhile is thrown away)."""

    def __init__(self, bot, *, threaded: bool = False) -> None:
        self.bot = bot
        self.threaded = threaded
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._asked = None                       # (game, version) the pending decision is for

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def next_action(self, match, seat: int):
        if not self.threaded:
            try:
                action = self.bot.choose(match.game)
            except Exception as exc:  # noqa: BLE001 - a bot bug must not freeze the game
                return self._failed(match, seat, exc)
            return self._checked(match, seat, action)
        key = (match.game, match.version)
        if self._future is not None and self._asked != key:
            self._drop()                         # the game changed under the decision
        if self._future is None:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            self._asked = key
            self._future = self._pool.submit(self.bot.choose, match.game)
            return None
        if not self._future.done():
            return None
        fut, self._future = self._future, None
        try:
            action = fut.result()
        except Exception as exc:  # noqa: BLE001
            return self._failed(match, seat, exc)
        return self._checked(match, seat, action)

    def _checked(self, match, seat: int, action):
        try:
            match.game.check(action)
        except ActionError as exc:
            match.notice(f"{match.player(seat).name}: the bot chose an action that is not allowed ({exc}); "
                         "it plays on safely")
            return match.mode_rules.fallback(match.game)
        return action

    def _failed(self, match, seat: int, exc: Exception):
        match.notice(f"{match.player(seat).name}: the bot failed ({type(exc).__name__}: {exc}); it plays on safely")
        return match.mode_rules.fallback(match.game)

    def _drop(self) -> None:
        fut, self._future, self._asked = self._future, None, None
        if fut is not None:
            fut.cancel()

    def wait_idle(self, timeout: float = 5.0) -> None:
        """Let a running decision finish (before the game changes under it)."""
        if self._future is not None:
            try:
                self._future.result(timeout=timeout)
            except Exception:  # noqa: BLE001 - only waiting; next_action reports it
                pass

    def close(self) -> None:
        self.wait_idle()
        self._future = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class ReplayDriver:
    """A recorded game's actions (encoded int lists), in order, for every seat. `paused` holds it;
    an action that does not decode or apply stops it with `error` set (`done` from then on)."""

    def __init__(self, actions: list, start: int = 0) -> None:
        self.actions = list(actions)
        self.index = start
        self.paused = False
        self.error = ""

    @property
    def done(self) -> bool:
        return self.index >= len(self.actions)

    def next_action(self, match, seat: int):
        if self.paused or self.done:
            return None
        data = self.actions[self.index]
        self.index += 1
        try:
            return match.game.decode_action(list(data))
        except ActionError as exc:
            self.refused(match, seat, data, exc)
            return None

    def refused(self, match, seat: int, action, exc: Exception) -> None:
        """The action could not be played: the replay stops here."""
        self.error = f"actions[{self.index - 1}]: {exc}"
        self.index = len(self.actions)

    def close(self) -> None:
        pass


class ChooserDriver:
    """A function `choose(game) -> action | None` as a driver (None: not decided yet)."""

    def __init__(self, choose) -> None:
        self.choose = choose

    def next_action(self, match, seat: int):
        return self.choose(match.game)

    def close(self) -> None:
        pass


class ElsewhereDriver:
    """A seat played on another unit: its actions arrive through the link, which applies them
    (`Match.apply`); it never decides anything here. The link layer's Remote driver does the
    same and more (whose turn it waits for, the cable's state)."""

    thinking = False

    def next_action(self, match, seat: int):
        return None

    def close(self) -> None:
        pass
