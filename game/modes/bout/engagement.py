"""One engagement: a group of fighters in contact with their foes, with its own round clock.

The seed's exchange has three steps (eNs0 footwork and the secret orientation, eNs1 targets,
eNs2 declarations); the declared maneuvers resolve when the engagement leaves eNs2, and a
round is two exchanges. Every engagement keeps its own clock (localized, concurrent rounds), so
two fights on one map can be at different steps; a fighter who joins syncs to the clock of the
engagement he joins. `Melee` (melee.py) owns the engagements and moves their clocks.
"""

from __future__ import annotations

from game.modes.bout.consts import READY


class Engagement:
    __slots__ = ("id", "members", "exchange", "step", "round", "stage", "queue", "lines", "declared",
                 "orients", "commits", "seq", "resolved")

    def __init__(self, eid: int, exchange: int = 1, step: int = 0, rnd: int = 1) -> None:
        self.id = eid
        self.members: list[int] = []
        self.exchange, self.step, self.round = exchange, step, rnd
        self.stage = READY
        self.queue: list[int] = []
        self.lines: dict[int, list] = {}       # fighter -> line records (consts.L_*)
        self.declared: dict[int, int] = {}     # fighter -> sequence number of his Done
        self.orients: dict[int, tuple] = {}    # fighter -> (orientation, stance, footing), secret till all in
        self.commits: dict[int, bytes] = {}
        self.seq = 0                           # declaration sequence counter (lines and Done)
        self.resolved = 0                      # exchanges resolved so far

    def clock(self) -> tuple[int, int, int]:
        """(round, exchange, step): larger is later."""
        return (self.round, self.exchange, self.step)

    def busy(self) -> bool:
        """From e1s2 through exchange 2 the fighters are rolling: a newcomer is late [seed]."""
        return self.exchange == 2 or self.step == 2

    def snapshot(self) -> list:
        return [self.id, list(self.members), self.exchange, self.step, self.round, self.stage, list(self.queue),
                [[k, [list(x) for x in v]] for k, v in sorted(self.lines.items())],
                sorted([k, v] for k, v in self.declared.items()),
                [[k, *v] for k, v in sorted(self.orients.items())],
                [[k, v.hex()] for k, v in sorted(self.commits.items())], self.seq, self.resolved]

    @classmethod
    def restore(cls, v: list) -> Engagement:
        e = cls(int(v[0]), int(v[2]), int(v[3]), int(v[4]))
        e.members = [int(x) for x in v[1]]
        e.stage, e.queue = str(v[5]), [int(x) for x in v[6]]
        e.lines = {int(k): [list(map(int, x)) for x in ls] for k, ls in v[7]}
        e.declared = {int(k): int(s) for k, s in v[8]}
        e.orients = {int(o[0]): tuple(int(x) for x in o[1:]) for o in v[9]}
        e.commits = {int(k): bytes.fromhex(h) for k, h in v[10]}
        e.seq, e.resolved = int(v[11]), int(v[12])
        return e
