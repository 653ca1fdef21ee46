"""Poll a session from a background thread (headless front ends; the UI calls `poll()` itself)."""

from __future__ import annotations

import threading


class PollThread(threading.Thread):
    """Polls a session in the background (headless front ends). Hold `lock` to touch the game."""

    def __init__(self, session, interval: float = 0.005) -> None:
        super().__init__(name="tactibox-link", daemon=True)
        self.session = session
        self.interval = interval
        self.lock = threading.Lock()
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.is_set():
            with self.lock:
                self.session.poll()
            self.session.wait(self.interval)

    def stop(self, join: bool = True) -> None:
        self._stop_event.set()
        if join and self.is_alive():
            self.join(2.0)
