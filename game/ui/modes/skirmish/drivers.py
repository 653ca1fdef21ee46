"""Who decides the next action when it is not a human at the cursor: bots (in a worker thread,
so the frame loop never waits for them) and replays (the recorded actions, one at a time).

A driver is asked once per frame, only when no animation is playing:
``next_action(game, now) -> action | None`` (None: not ready yet, ask again next frame).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.bot import SkirmishBot


class BotDriver:
    """Bots think in one worker thread; their actions are spaced by `pace` seconds."""

    def __init__(self, pace: float = 0.15) -> None:
        self.pace = pace
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._bots: dict[str, object] = {}
        self._ready_at = 0.0
        self.error: str = ""

    def _bot(self, level: str):
        b = self._bots.get(level)
        if b is None:
            b = self._bots[level] = SkirmishBot(level)
        return b

    @staticmethod
    def level_of(controller: str) -> str:
        return controller.split(":", 1)[1] if controller.startswith("bot:") else "hard"

    def next_action(self, game, now: float):
        if self._future is None:
            if now < self._ready_at:
                return None
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            bot = self._bot(self.level_of(game.controller(game.current)))
            self._future = self._pool.submit(bot.choose, game)
            return None
        if not self._future.done():
            return None
        fut, self._future = self._future, None
        self._ready_at = now + self.pace
        try:
            return fut.result()
        except Exception as exc:  # noqa: BLE001 - a bot bug must not freeze the battle
            self.error = f"bot failed ({type(exc).__name__}: {exc}); it ends its turn"
            return A.EndTurn()

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def wait_idle(self, timeout: float = 5.0) -> None:
        """Let a running decision finish (before the game changes under it)."""
        if self._future is not None:
            try:
                self._future.result(timeout=timeout)
            except Exception:  # noqa: BLE001
                pass

    def close(self) -> None:
        self.wait_idle()
        self._future = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class ReplayDriver:
    """Feeds a replay's actions; `paused` stops it, `speed` shortens the pause between actions."""

    def __init__(self, actions: list, pace: float = 0.25) -> None:
        self.actions = list(actions)
        self.index = 0
        self.pace = pace
        self.paused = False
        self.fast = False
        self._ready_at = 0.0
        self.error = ""

    @property
    def done(self) -> bool:
        return self.index >= len(self.actions)

    def next_action(self, game, now: float):
        if self.paused or self.done or now < self._ready_at:
            return None
        data = self.actions[self.index]
        self.index += 1
        self._ready_at = now + (0.02 if self.fast else self.pace)
        try:
            return game.decode_action(data)
        except ActionError as exc:
            self.error = f"actions[{self.index - 1}]: {exc}"
            self.index = len(self.actions)
            return None

    def close(self) -> None:
        pass
