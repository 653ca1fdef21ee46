"""One poll per frame tick: the gate LinkRun and LobbyRun share."""
from __future__ import annotations


def new_tick(run, now: bool = False) -> bool:
    """True when `run` should poll: it has no `tick` clock, `now` asks for a poll at once, or
    `run.tick()` moved on since the last poll (remembered in `run._tick`)."""
    if run.tick is None or now:
        return True
    t = run.tick()
    if t == run._tick:
        return False
    run._tick = t
    return True
