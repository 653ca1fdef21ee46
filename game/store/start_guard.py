"""Failed starts in a row, and when the next start is a safe-mode start (the appliance's guard).

On the SD image systemd restarts the game whenever it stops (``Restart=always``, every 2 s).
A file that makes the game crash while starting (a bad setting, a broken ruleset, a wrong
``TACTIBOX_ARGS`` in tactibox.env) would make that a silent loop for ever. So each start counts:

* before anything else is read, the start adds one to the counter file ``.failed-starts`` in the
  data folder (one decimal number, written atomically);
* a healthy run sets it back to 0: the game stayed up ``HEALTHY_AFTER`` seconds, or it ended
  with status 0 (Quit, Shutdown, the end of ``--turns``);
* a start that finds ``limit`` or more failed starts behind it is a **safe-mode start**
  (``game.store.safe_mode``: default settings, the suspect files set aside and named on screen).

The guard is on only when ``TACTIBOX_SAFE_MODE_AFTER=N`` (N >= 1) is set; the image's unit sets
it to 3. A crash is whatever ends the process without a healthy run: a Python exception, a
segfault in SDL, a kill by the OOM killer, a command-line error. Pulling the plug within the
first seconds also counts, but it takes ``limit`` of them in a row.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Mapping
from pathlib import Path

from game.core.atomic import atomic_write_bytes

log = logging.getLogger("tactibox.store")

ENV = "TACTIBOX_SAFE_MODE_AFTER"
COUNTER_FILE = ".failed-starts"
HEALTHY_AFTER = 20.0            # seconds alive that make a run healthy
MAX_COUNT = 1_000_000           # the counter never grows past this (a file of garbage reads as 0)


def limit_from_env(env: Mapping[str, str] | None = None) -> int | None:
    """N from ``TACTIBOX_SAFE_MODE_AFTER`` (1..1000), or None: the guard is off."""
    env = os.environ if env is None else env
    raw = env.get(ENV, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or len(raw) > 4 or not 1 <= int(raw) <= 1000:
        log.warning("%s=%r: expected a whole number 1..1000; the crash guard is off", ENV, raw[:20])
        return None
    return int(raw)


def read_count(path: Path) -> int:
    """The number in the counter file: 0 when it is missing, unreadable or not a small number."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(32)
    except OSError:
        return 0
    text = raw.strip()
    if not text.isdigit() or len(text) > 7:
        return 0
    return min(int(text), MAX_COUNT)


class StartGuard:
    """One start of the game. ``begin()`` first, ``healthy()`` when the run proved itself."""

    def __init__(self, root: Path, limit: int) -> None:
        self.path = Path(root) / COUNTER_FILE
        self.limit = limit
        self.failed_before = 0          # failed starts in a row before this one
        self.active = False             # the counter could be written
        self._healthy = False
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    @property
    def safe(self) -> bool:
        """This start is a safe-mode start."""
        return self.active and self.failed_before >= self.limit

    def begin(self) -> StartGuard:
        """Count this start as failed until it proves healthy. Never raises: if the counter
        cannot be written the guard stays inactive (and says so in the log)."""
        self.failed_before = read_count(self.path)
        try:
            atomic_write_bytes(self.path, f"{min(self.failed_before + 1, MAX_COUNT)}\n".encode())
            self.active = True
        except OSError as exc:
            log.warning("%s: cannot count this start (%s); no safe mode", self.path, exc.strerror or exc)
        return self

    def healthy(self) -> None:
        """The run is healthy: back to 0 failed starts (once; later calls do nothing)."""
        with self._lock:
            if self._healthy or not self.active:
                return
            self._healthy = True
        try:
            atomic_write_bytes(self.path, b"0\n")
        except OSError as exc:
            log.warning("%s: cannot reset the start counter (%s)", self.path, exc.strerror or exc)

    def start_timer(self, seconds: float = HEALTHY_AFTER) -> None:
        """Call ``healthy()`` after ``seconds`` in a daemon thread (it dies with a crashed game)."""
        if not self.active:
            return
        self._timer = threading.Timer(seconds, self.healthy)
        self._timer.daemon = True
        self._timer.start()

    def stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
