"""The ruleset the UI plays, loaded once in a background thread so the title shows at once.

``content.start()`` right after the first frame; scenes call ``content.ruleset()`` (waits for the
load if it is still running) and show ``content.problems`` (``file: key: message`` lines) when
a ruleset or map is broken: the game keeps running with what loaded.
"""

from __future__ import annotations

import threading


class Content:
    def __init__(self, name: str = "default") -> None:
        self.name = name
        self._rs = None
        self.problems: list[str] = []
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if self._thread is None and self._rs is None:
                self._thread = threading.Thread(target=self._load, name="ruleset-load", daemon=True)
                self._thread.start()

    def _load(self) -> None:
        from game.rules.skirmish.catalog import find_ruleset
        try:
            rs, problems = find_ruleset(self.name)
            msgs = [str(p) for p in problems]
            if rs is None and self.name != "default":
                msgs.append(f"ruleset {self.name!r} cannot be used; playing the default ruleset")
                rs, more = find_ruleset("default")
                msgs += [str(p) for p in more]
        except Exception as exc:  # noqa: BLE001 - a loader bug must not kill the UI thread silently
            rs, msgs = None, [f"ruleset {self.name}: {type(exc).__name__}: {exc}"]
        if rs is not None:
            from game.modes.skirmish.tables import compiled
            compiled(rs)   # compile the combat/move tables here too, off the frame loop
        self._rs, self.problems = rs, msgs

    @property
    def ready(self) -> bool:
        return self._rs is not None or (self._thread is not None and not self._thread.is_alive())

    def ruleset(self):
        """The loaded ruleset, or None when it cannot be loaded (see ``problems``)."""
        if self._rs is None:
            self.start()
            if self._thread is not None:
                self._thread.join()
        return self._rs
