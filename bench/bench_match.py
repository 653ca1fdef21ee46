"""The Match's own costs (issue 23): what recording and keeping add to an action.

- `apply_only_us`: a Skirmish battle's actions applied straight to the engine (the peer);
- `match_apply_us`: the same actions through `Match.apply` (encode, replay, turn hashes, listeners);
- `saved_apply_us`: the same with the in-progress save after every action (the replay so far,
  written atomically with fsync to a temp folder: what Continue costs on this disk);
- `resume_ms`: bringing a whole saved battle back (replayed from the seed, every hash checked).
Peer ratios are the Match's overhead over the bare engine.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from game.match import Match
from game.match.headless import resume
from game.modes.registry import get_mode
from game.modes.skirmish.hooks import load_rules
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import parse_seats
from game.store.in_progress import InProgressStore
from game.store.keeper import MatchKeeper


def _battle(rs):
    header = new_header(rs, rs.map("01_meadow"), parse_seats("bot:hard,bot:hard"), 11, Options())
    m = Match.start("skirmish", rs, header, record=False).bots_for_all()
    m.run()
    return header, [m.game.decode_action(a) for a in m.replay.actions]


def _per_action(make, actions) -> float:
    times = []
    for _ in range(3):
        m = make()
        t = time.perf_counter()
        for a in actions:
            m.apply(a)
        times.append((time.perf_counter() - t) / len(actions))
    return statistics.median(times)


def run() -> dict:
    rs = load_rules("default")
    header, actions = _battle(rs)

    class Bare:
        def __init__(self) -> None:
            self.game = Match.start("skirmish", rs, header, record=False).game

        def apply(self, a):
            return self.game.apply(a)

    folder = Path(tempfile.mkdtemp(prefix="tactibox-bench-match-"))
    try:
        store = InProgressStore(folder)
        bare = _per_action(Bare, actions)
        plain = _per_action(lambda: Match.start("skirmish", rs, header, record=False), actions)
        saved = _per_action(lambda: Match.start("skirmish", rs, header, keeper=MatchKeeper(in_progress=store)),
                            actions[:-1])              # (the last action ends the battle: kept, not saved)
        kept = Match.start("skirmish", rs, header, record=False)
        for a in actions[:-1]:
            kept.apply(a)
        t = time.perf_counter()
        resume(get_mode("skirmish"), rs, kept.replay)
        resumed = time.perf_counter() - t
        size = (folder / "skirmish.json").stat().st_size
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {"actions": len(actions), "apply_only_us": round(bare * 1e6, 1), "match_apply_us": round(plain * 1e6, 1),
            "match_vs_engine_ratio": round(plain / bare, 2), "saved_apply_us": round(saved * 1e6, 1),
            "save_bytes_at_the_end": size, "resume_ms": round(resumed * 1000, 1)}


if __name__ == "__main__":
    from bench.common import standalone
    standalone(run)
