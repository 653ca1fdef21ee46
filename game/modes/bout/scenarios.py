"""Bout set-ups: who fights whom, where: scenarios of the one combat engine (`Melee`, driven by
the arena in game.py). Fighters stand on a square grid (1 square = 1 yard); out of contact they
step every step (8 directions, WE-GO, faster Reflex first); contact forms an engagement with its
own round clock.

    duel            two fighters face to face
    one_vs_three    a hero ringed by three foes (the multiple-opponents rules)
    roguelike       a hero and three foes spread over a 12x8 room with pillars; they close in
    brawl           three factions of two in a 9x7 room: everyone fights everyone else
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.fighter import template_from_rules
from game.modes.bout.game import BoutGame

SCENARIOS = ("duel", "one_vs_three", "roguelike", "brawl")
SIZES = {"duel": 2, "one_vs_three": 4, "roguelike": 4, "brawl": 6}
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
        n = SIZES[self.scenario]
        if not self.fighters:
            self.fighters = {2: ["knight", "brigand"], 4: ["knight", "thug", "footpad", "footpad"],
                             6: ["knight", "brigand", "swordsman", "footpad", "spearman", "cutthroat"]}[n]
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
        return BoutGame(rules, ts, [0, 1], seed, width=4, height=3, positions=[5, 6], facings=[2, 6],
                        surprise=sur, secret=o.secret)
    if o.scenario == "one_vs_three":
        w = 5
        return BoutGame(rules, ts, [0, 1, 1, 1], seed, width=w, height=5,
                        positions=[2 * w + 2, 1 * w + 1, 1 * w + 3, 3 * w + 2], facings=[0, 3, 5, 0],
                        surprise=sur, secret=o.secret)
    if o.scenario == "brawl":
        w = 9
        return BoutGame(rules, ts, [0, 0, 1, 1, 2, 2], seed, width=w, height=7,
                        positions=[3 * w + 0, 4 * w + 0, 0 * w + 7, 1 * w + 8, 6 * w + 7, 5 * w + 8],
                        facings=[2, 2, 5, 5, 7, 7], surprise=sur, secret=o.secret)
    w, h = len(ROOM[0]), len(ROOM)
    walls = frozenset(y * w + x for y, row in enumerate(ROOM) for x, c in enumerate(row) if c == "#")
    return BoutGame(rules, ts, [0, 1, 1, 1], seed, width=w, height=h, walls=walls,
                    positions=[3 * w + 1, 0 * w + 10, 4 * w + 11, 7 * w + 9], facings=[2, 6, 6, 6],
                    surprise=sur, secret=o.secret)
