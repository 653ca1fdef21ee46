"""A bot thinking in one worker thread, so the frame loop never waits for it.

    t = Thinker()
    t.ask(bot.choose, view)      # starts the work (once)
    t.ready -> bool; t.take() -> result (re-raises the bot's exception)

The duel bot only reads the `View` it is given (an immutable snapshot), so nothing is shared
with the frame loop while it thinks.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor


class Thinker:
    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None

    @property
    def busy(self) -> bool:
        return self._future is not None

    @property
    def ready(self) -> bool:
        return self._future is not None and self._future.done()

    def ask(self, fn, *args) -> None:
        if self._future is not None:
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="duel-bot")
        self._future = self._pool.submit(fn, *args)

    def take(self):
        fut, self._future = self._future, None
        if fut is None:
            raise RuntimeError("nothing was asked")
        return fut.result()

    def wait(self, timeout: float = 5.0) -> None:
        if self._future is not None:
            try:
                self._future.result(timeout=timeout)
            except Exception:  # noqa: BLE001 - only waiting here; take() reports it
                pass

    def close(self) -> None:
        self.wait()
        self._future = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
