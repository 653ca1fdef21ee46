"""The appliance's start guard around `tactibox play` (game.store.start_guard, game.store.safe_mode).

``guard_start(argv)`` runs before the command line is parsed, so a wrong ``TACTIBOX_ARGS`` in
the owner's tactibox.env counts as a failed start too. On a safe-mode start the command-line
words are dropped (the image's unit passes only ``$TACTIBOX_ARGS``) and ``tactibox play`` starts
with defaults; `play` shows what was set aside (a screen, or the log when headless).
"""

from __future__ import annotations

import sys

from game.store import open_data_dir
from game.store.safe_mode import SafeMode, set_aside_suspects
from game.store.start_guard import StartGuard, limit_from_env


def guard_start(argv: list[str]) -> tuple[StartGuard | None, SafeMode | None, list[str]]:
    """(guard, safe mode or None, argv to parse). Guard None: TACTIBOX_SAFE_MODE_AFTER is unset."""
    limit = limit_from_env()
    if limit is None:
        return None, None, argv
    data = open_data_dir()
    guard = StartGuard(data.root, limit).begin()
    safe = None
    if guard.safe:
        dropped = argv[1:] if argv[:1] == ["play"] else argv
        safe = set_aside_suspects(data.root, guard.failed_before, dropped_args=dropped)
        argv = ["play"]
        for line in safe.lines():
            print(f"tactibox: safe mode: {line}", file=sys.stderr, flush=True)
    guard.start_timer()
    return guard, safe, argv
