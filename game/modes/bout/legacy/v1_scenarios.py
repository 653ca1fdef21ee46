"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) Bout set-ups: who fights whom, where. The roguelike wrapper of the seed, as far as it is
concrete: fighters stand on a square grid (1 square = 1 yard), unengaged fighters step each
exchange (8 directions, WE-GO, faster Reflex first), and a bout starts wherever foes become
adjacent.

    duel            two fighters face to face
    one_vs_three    a hero ringed by three foes (the multiple-opponents rules)
    roguelike       a hero and three foes spread over a 12x8 room with pillars; they close in
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.legacy.v1_fighter import template_from_rules
from game.modes.bout.legacy.v1_game import BoutGame

SCENARIOS = ("duel", "one_vs_three", "roguelike")
ROOM = (
    "............",
    "............",
    "...#....#...",
    "............",
    "............",
    "...#....#...",
    "............",
    "............",
)


@dataclass
class BoutOptions:
    scenario: str = "duel"
    fighters: list = field(default_factory=list)     # template ids; defaults per scenario
    weapons: list = field(default_factory=list)      # weapon id overrides ("" = template's)
    surprise: list = field(default_factory=list)     # surprise ids per fighter ("" = ready)
    secret: bool = False                             # throws as commit + reveal (linked play)

    def __post_init__(self):
        if self.scenario not in SCENARIOS:
            raise ValueError(f"scenario {self.scenario!r}: expected one of {', '.join(SCENARIOS)}")
        n = 2 if self.scenario == "duel" else 4
        if not self.fighters:
            self.fighters = ["knight", "brigand"] if n == 2 else ["knight", "brigand", "footpad", "spearman"]
        if len(self.fighters) != n:
            raise ValueError(f"scenario {self.scenario}: expected {n} fighters, got {len(self.fighters)}")
        for key in ("weapons", "surprise"):
            v = getattr(self, key)
            if v and len(v) != n:
                raise ValueError(f"{key}: expected {n} entries, got {len(v)}")

    def as_dict(self) -> dict:
        d = {"scenario": self.scenario, "fighters": list(self.fighters), "weapons": list(self.weapons),
             "surprise": list(self.surprise)}
        if self.secret:
            d["secret"] = True
        return d


def new_bout(rules, seed: int, options: BoutOptions | None = None) -> BoutGame:
    o = options or BoutOptions()
    try:
        ts = [template_from_rules(rules, k, weapon=(o.weapons[i] or None) if o.weapons else None)
              for i, k in enumerate(o.fighters)]
        sur = [rules.index("surprise", s) if s else 0 for s in o.surprise] if o.surprise else None
    except KeyError as exc:
        raise ValueError(f"unknown {exc.args[0]} in this ruleset") from None
    if o.scenario == "duel":
        return BoutGame(rules, ts, [0, 1], seed, width=4, height=3, positions=[5, 6], surprise=sur, secret=o.secret)
    if o.scenario == "one_vs_three":
        w = 5
        return BoutGame(rules, ts, [0, 1, 1, 1], seed, width=w, height=5,
                        positions=[2 * w + 2, 1 * w + 1, 1 * w + 3, 3 * w + 2], surprise=sur,
                        secret=o.secret)
    w, h = len(ROOM[0]), len(ROOM)
    walls = frozenset(y * w + x for y, row in enumerate(ROOM) for x, c in enumerate(row) if c == "#")
    return BoutGame(rules, ts, [0, 1, 1, 1], seed, width=w, height=h, walls=walls,
                    positions=[3 * w + 1, 0 * w + 10, 4 * w + 11, 7 * w + 9], surprise=sur,
                    secret=o.secret)
