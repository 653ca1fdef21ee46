"""A campaign: an acyclic graph of levels with alternate routes, and its policies.

`assets/quest/campaign.toml`:
    title = "..."
    hp_refill = true            # health replenishes at the start of every level
    replay = "delta"            # "no" (a won level cannot be replayed), "keep" (keep each run's
                                # gains), "delta" (keep only the gain over the best earlier run)
    gravity = "none"            # default for levels whose text has no `gravity:` line: none or a
                                # direction (N NE SE S SW NW on hexes, N E S W on squares)
    shop = [{item = "staff=20", price = 30}, ...]   # offered between levels; [] = no shop
    icons = {rock = "#", player = "@", npc = {Goblin = "g"}}   # map glyphs (icons.py)
    [[level]]  id = "hex/01_first_steps"  next = ["hex/02_push", "hex/03_dig"]
The first level is the start; a level opens when any level leading to it is won.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from game.core.datafile import DataFileError, read_toml
from game.core.grid import DIR_NAMES
from game.modes.quest.icons import NO_ICONS, Icons, parse_icons
from game.modes.quest.level import NO_GRAVITY, Level
from game.modes.quest.textformat import dump_level, parse_item
from game.rules.schema import Problem

REPLAY_POLICIES = ("no", "keep", "delta")
LIMIT = 10**9                   # the largest number progress.json holds (the loader refuses more)
GRAVITY_NAMES = ("none",) + tuple(dict.fromkeys(d for names in DIR_NAMES.values() for d in names))
MAX_LEVELS = 500


@dataclass
class Campaign:
    title: str
    order: list[str]
    next: dict[str, list[str]]
    hp_refill: bool = True
    replay: str = "delta"
    shop: list = field(default_factory=list)
    icons: Icons = NO_ICONS
    gravity: str = "none"

    def start(self) -> str:
        return self.order[0]

    def open_levels(self, won: set[str]) -> list[str]:
        out = [self.start()]
        for lid in self.order:
            if lid in won:
                for n in self.next.get(lid, []):
                    if n not in out:
                        out.append(n)
        return [lid for lid in self.order if lid in out]

    def apply_defaults(self, level: Level) -> bool:
        """Give a level whose text does not set gravity the campaign's gravity; True if it changed.
        ValueError when the campaign's direction does not exist on the level's grid."""
        if level.gravity_set:
            return False
        if self.gravity == "none":
            g = NO_GRAVITY
        elif self.gravity in level.grid.dir_names:
            g = level.grid.dir_names.index(self.gravity)
        else:
            raise ValueError(f"campaign gravity {self.gravity!r} is not a direction of level {level.name!r} "
                             f"(allowed: none, {', '.join(level.grid.dir_names)})")
        changed = g != level.gravity
        level.gravity = g
        return changed


def load_campaign_level(camp: Campaign, level_id: str) -> tuple[Level, str, str]:
    """(level, id, text) of a campaign level with the campaign's defaults applied. The text is the
    effective level (gravity written out) when a default changed it, so replays made in the campaign
    verify on their own; '' otherwise, as for any shipped level. LevelError / ValueError."""
    from game.modes.quest.catalog import load_level
    level, lid, text = load_level(level_id)
    if camp.apply_defaults(level):
        text = dump_level(level)
    return level, lid, text


def check_graph(order: list[str], nxt: dict[str, list[str]]) -> str | None:
    """None for an acyclic graph in which every level is reachable from the first; else why not."""
    known = set(order)
    for a, bs in nxt.items():
        for b in bs:
            if b not in known:
                return f"{a} leads to unknown level {b!r}"
    state: dict[str, int] = {}

    def visit(a, path):
        state[a] = 1
        for b in nxt.get(a, []):
            if state.get(b) == 1:
                return " -> ".join(path + [a, b])
            if b not in state:
                cyc = visit(b, path + [a])
                if cyc:
                    return cyc
        state[a] = 2
        return None

    for a in order:
        if a not in state:
            cyc = visit(a, [])
            if cyc:
                return f"the graph has a cycle: {cyc}"
    reach, stack = {order[0]}, [order[0]]
    while stack:
        for b in nxt.get(stack.pop(), []):
            if b not in reach:
                reach.add(b)
                stack.append(b)
    lost = [a for a in order if a not in reach]
    if lost:
        return f"levels no route reaches: {', '.join(lost)}"
    return None


def load_campaign(path: Path) -> tuple[Campaign | None, list[Problem]]:
    f = str(path)
    try:
        data = read_toml(path)
    except (DataFileError, ValueError) as exc:      # ValueError: a 5000-digit number (tomllib)
        return None, [Problem(f, "", str(exc).removeprefix(f + ":").strip())]
    return parse_campaign(data, f)


def parse_campaign(data: dict, f: str) -> tuple[Campaign | None, list[Problem]]:
    probs: list[Problem] = []
    levels = data.get("level", [])
    if not isinstance(levels, list) or not levels or len(levels) > MAX_LEVELS:
        return None, [Problem(f, "level", f"expected 1..{MAX_LEVELS} [[level]] tables")]
    order, nxt = [], {}
    for i, lv in enumerate(levels):
        if not isinstance(lv, dict) or not isinstance(lv.get("id"), str):
            probs.append(Problem(f, f"level[{i}].id", "expected a level id string"))
            continue
        if lv["id"] in nxt:
            probs.append(Problem(f, f"level[{i}].id", f"{lv['id']!r} listed twice"))
        order.append(lv["id"])
        n = lv.get("next", [])
        if not isinstance(n, list) or not all(isinstance(x, str) for x in n):
            probs.append(Problem(f, f"level[{i}].next", "expected a list of level ids"))
            n = []
        nxt[lv["id"]] = n
    if probs:
        return None, probs
    why = check_graph(order, nxt)
    if why:
        return None, [Problem(f, "level", why)]
    replay = data.get("replay", "delta")
    if replay not in REPLAY_POLICIES:
        probs.append(Problem(f, "replay", f"{replay!r} (allowed: {', '.join(REPLAY_POLICIES)})"))
    shop = []
    for i, s in enumerate(data.get("shop", [])):
        try:
            if not isinstance(s, dict) or not isinstance(s.get("price"), int) or s["price"] < 0:
                raise ValueError("expected {item = \"slot=charges ...\", price = N}")
            shop.append({"item": parse_item(s["item"].replace(" ", "+")), "price": s["price"]})
        except (ValueError, KeyError, AttributeError) as exc:
            probs.append(Problem(f, f"shop[{i}]", str(exc)))
    gravity = data.get("gravity", "none")
    if gravity not in GRAVITY_NAMES:
        probs.append(Problem(f, "gravity", f"{gravity!r} (allowed: {', '.join(GRAVITY_NAMES)})"))
    hp = data.get("hp_refill", True)
    if not isinstance(hp, bool):
        probs.append(Problem(f, "hp_refill", "expected true or false"))
    icons, why_icons = parse_icons(data.get("icons"), f)
    probs.extend(why_icons)
    if probs:
        return None, probs
    return Campaign(title=str(data.get("title", "Campaign")), order=order, next=nxt, hp_refill=hp,
                    replay=replay, shop=shop, icons=icons, gravity=gravity), []


@dataclass
class Progress:
    """What the player carries between levels, and which levels are won."""
    carry: dict = field(default_factory=lambda: {"xp": 0, "coins": 0, "points": 0, "items": [], "spells": {},
                                                   "skills": {"bruiser": 0, "wizard": 0, "tough": 0}})
    won: dict = field(default_factory=dict)     # level id -> {"xp": gained, "coins": gained}

    def can_play(self, camp: Campaign, lid: str) -> bool:
        if lid not in camp.open_levels(set(self.won)):
            return False
        return not (lid in self.won and camp.replay == "no")

    def start_carry(self, camp: Campaign) -> dict:
        c = {k: v for k, v in self.carry.items()}
        if camp.hp_refill:
            c.pop("hp", None)
        return c

    def finish(self, camp: Campaign, lid: str, game) -> None:
        """Fold a won level's result into the carry under the campaign's replay policy.

        First win, and every win under `keep`: the run's end state is the new carry, whole (XP,
        coins, items, spells, skills and points, health). A replay under `delta` changes only
        XP and coins, each by how much this run's gain beats the best earlier run's (never
        less than 0), and adds the skill points of the levels that XP reaches; everything else
        the replay did (items granted, bought or used up, spells learned, points spent, health
        lost) is put back as it was. So a replay can neither farm nor leave progress the
        loader refuses (points never below 0, numbers within 10^9)."""
        from game.modes.quest.creatures import player_level
        pl = game.player
        start = self.carry
        gain = {"xp": pl["xp"] - start["xp"], "coins": pl["coins"] - start["coins"]}
        prev = self.won.get(lid)
        if prev is not None and camp.replay == "delta":
            self.won[lid] = {k: max(prev[k], gain[k]) for k in gain}
            xp = min(LIMIT, start["xp"] + max(0, gain["xp"] - prev["xp"]))
            coins = min(LIMIT, start["coins"] + max(0, gain["coins"] - prev["coins"]))
            ups = player_level(xp) - player_level(start["xp"])
            self.carry = {**copy.deepcopy(start), "xp": xp, "coins": coins, "points": min(LIMIT, start["points"] + ups)}
            return
        self.won[lid] = {k: max(-LIMIT, min(LIMIT, v)) for k, v in gain.items()}
        self.carry = {"xp": min(LIMIT, pl["xp"]), "coins": min(LIMIT, pl["coins"]), "points": min(LIMIT, pl["points"]),
                      "items": copy.deepcopy(pl["items"]), "spells": dict(pl["spells"]),
                      "skills": dict(pl["skills"]), "hp": min(LIMIT, pl["hp"])}

    def buy(self, camp: Campaign, index: int) -> str | None:
        if not 0 <= index < len(camp.shop):
            return "no such offer"
        offer = camp.shop[index]
        if self.carry["coins"] < offer["price"]:
            return f"costs {offer['price']} coins, you have {self.carry['coins']}"
        self.carry["coins"] -= offer["price"]
        self.carry["items"] = self.carry["items"] + [["item", [list(p) for p in offer["item"][1]]]]
        return None

    # --- stored form (game/store/quest_progress.py keeps it in the data folder) ---------------
    def to_dict(self) -> dict:
        return copy.deepcopy({"carry": self.carry, "won": self.won})

    @classmethod
    def from_dict(cls, data) -> Progress:
        """The inverse of `to_dict`; ValueError naming the key for anything of the wrong type."""
        return cls(carry=check_carry(_get(data, "", "carry", dict)), won=check_won(_get(data, "", "won", dict)))


class ProgressError(ValueError):
    """Stored progress of the wrong shape; the message names the key (`carry.items[2]: ...`)."""


def _get(d, where: str, key: str, kind, optional: bool = False, low: int = 0):
    if not isinstance(d, dict):
        raise ProgressError(f"{where or 'progress'}: expected a table, got {type(d).__name__}")
    name = f"{where}.{key}" if where else key
    if key not in d:
        if optional:
            return None
        raise ProgressError(f"{name}: missing")
    v = d[key]
    if kind is int:
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= LIMIT:
            raise ProgressError(f"{name}: expected a whole number {low}..10^9, got {v!r}"[:160])
    elif not isinstance(v, kind):
        raise ProgressError(f"{name}: expected {kind.__name__}, got {type(v).__name__}")
    return v


def check_carry(c: dict) -> dict:
    from game.modes.quest.items import check_item
    from game.modes.quest.spells import NAMES
    out = {k: _get(c, "carry", k, int) for k in ("xp", "coins", "points")}
    if _get(c, "carry", "hp", int, optional=True) is not None:
        out["hp"] = c["hp"]
    items = []
    for i, it in enumerate(_get(c, "carry", "items", list)):
        if not (isinstance(it, list) and len(it) == 2 and isinstance(it[0], str) and isinstance(it[1], list)
                and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in it[1])):
            raise ProgressError(f"carry.items[{i}]: expected [name, [[property, charges], ...]]")
        why = check_item(it[1])
        if why:
            raise ProgressError(f"carry.items[{i}]: {why}")
        items.append([it[0], [list(p) for p in it[1]]])
    out["items"] = items
    spells = _get(c, "carry", "spells", dict)
    for name, lv in spells.items():
        if name not in NAMES or not isinstance(lv, int) or isinstance(lv, bool) or not 1 <= lv <= 3:
            raise ProgressError(f"carry.spells.{name}: expected a spell of {', '.join(NAMES)} at level 1-3, got {lv!r}"[:200])
    out["spells"] = dict(spells)
    skills = _get(c, "carry", "skills", dict)
    out["skills"] = {k: _get(skills, "carry.skills", k, int) for k in ("bruiser", "wizard", "tough")}
    return out


def check_won(won: dict) -> dict:
    """Gains may be negative (steps can cost coins)."""
    return {lid: {k: _get(v, f"won.{lid}", k, int, low=-LIMIT) for k in ("xp", "coins")} for lid, v in won.items()}
