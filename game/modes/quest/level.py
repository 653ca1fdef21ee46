"""A quest level: grid, objects, properties, gifts, teleports, ports, NPCs and map parameters.

Levels from every source (the native `.quest` text, Sokoban XSB, Hexoban HSB, Supaplex LEVELS.DAT)
end up as a `Level` and pass the one validator `check_level`, whose problems read
`file: line: problem`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.canon import canonical_hash
from game.core.grid import HEX, Grid
from game.modes.quest import tiles as T
from game.modes.quest.items import check_item
from game.rules.schema import Problem

SPELLS = ("missile", "fireball", "lightning", "ice", "jump", "teleport")
MODELS = ("still", "chase", "wander", "wall_left", "wall_right", "turret", "caster")
BLASTS = ("", "plain", "gems")   # what an NPC leaves when it dies: nothing, an explosion, an explosion of gems
NO_GRAVITY = -1
MAX_NPCS = 100                   # NPCs that plan (chase, cast, wander...): each looks at every creature
CHEAP_MODELS = ("wall_left", "wall_right")   # wall followers look only at their neighbours: any number
MAX_SIDE = 64
MAX_RINGS = 16


@dataclass
class NpcSpec:
    name: str
    cell: int
    hp: int = 10
    team: str = "foes"
    model: str = "chase"
    melee: int = -1          # -1: the map's base melee
    speed: int = 1
    xp: int = -1             # -1: the map's base NPC experience
    coins: int = -1          # -1: the map's base NPC coin drop
    spells: dict = field(default_factory=dict)
    items: list = field(default_factory=list)
    skills: dict = field(default_factory=dict)   # bruiser / wizard / tough
    blast: str = ""          # "plain" / "gems": explodes when it dies (Supaplex snik snak / electron)
    line: int = 0

    def to_data(self) -> dict:
        out = {"name": self.name, "cell": self.cell, "hp": self.hp, "team": self.team, "model": self.model,
               "melee": self.melee, "speed": self.speed, "xp": self.xp, "coins": self.coins,
               "spells": dict(sorted(self.spells.items())), "items": self.items,
               "skills": dict(sorted(self.skills.items()))}
        if self.blast:   # only when set, so the content hash of older levels stays the same
            out["blast"] = self.blast
        return out


@dataclass
class Level:
    name: str
    grid: Grid
    obj: bytearray
    prop: bytearray
    start: int
    title: str = ""
    author: str = ""
    label: str = ""                 # e.g. "turn-based adaptation"
    gravity: int = NO_GRAVITY       # a direction index of the grid, or -1
    gravity_set: bool = False       # the level text sets gravity (else a campaign default applies)
    player_gravity: bool = True     # the player falls too when gravity is on
    melee: int = 5                  # base melee damage
    spell: int = 5                  # base spell damage
    step_cost: int = 0              # coins per step
    npc_xp: int = 16
    npc_coins: int = 1
    trap_damage: int = 10
    quota: int = 0                  # gems needed before the exit opens (0: all gems on the map)
    seed: int = 0
    hp: int = 100
    grants: dict = field(default_factory=dict)      # cell -> [gift, ...]
    teleports: dict = field(default_factory=dict)   # cell -> target cell
    ports: dict = field(default_factory=dict)       # cell -> bitmask of directions allowed to enter
    npcs: list = field(default_factory=list)
    freeze_zonks: bool = False      # Supaplex byte 1469: boulders do not fall
    specials: dict = field(default_factory=dict)    # port cell -> [gravity, freeze zonks, freeze enemies] (0/1)
    warnings: list = field(default_factory=list)
    source: str = ""

    def to_data(self) -> dict:
        g = self.grid
        return {"name": self.name, "grid": [g.kind, g.cols, g.rows, g.rings], "obj": list(self.obj),
                "prop": list(self.prop), "start": self.start, "gravity": self.gravity,
                "player_gravity": self.player_gravity, "melee": self.melee, "spell": self.spell,
                "step_cost": self.step_cost, "npc_xp": self.npc_xp, "npc_coins": self.npc_coins,
                "trap_damage": self.trap_damage, "quota": self.quota, "seed": self.seed, "hp": self.hp,
                "grants": [[c, v] for c, v in sorted(self.grants.items())],
                "teleports": sorted(self.teleports.items()), "ports": sorted(self.ports.items()),
                "npcs": [n.to_data() for n in self.npcs], **self._extra_data()}

    def _extra_data(self) -> dict:
        """Supaplex fields, only when set (older levels keep their content hash)."""
        out: dict = {}
        if self.freeze_zonks:
            out["freeze_zonks"] = True
        if self.specials:
            out["specials"] = [[c, list(v)] for c, v in sorted(self.specials.items())]
        return out

    def content_hash(self) -> str:
        return canonical_hash(self.to_data())

    def pos_text(self, cell: int) -> str:
        if self.grid.kind == HEX and self.grid.rings:
            k, a = self.grid.ring_address(cell)
            return f"{k},{a}"
        x, y = self.grid.coords(cell)
        return f"{x + 1},{y + 1}"

    def victory_cells(self) -> list[int]:
        return [c for c in self.grid.cells if self.prop[c] == T.P_VICTORY]


def check_level(level: Level, file: str, line: int = 0) -> list[Problem]:
    """Everything that makes a level unplayable, as `file: line: problem`."""
    out: list[Problem] = []
    where = str(line) if line else ""

    def bad(msg, ln=None):
        out.append(Problem(file, str(ln) if ln else where, msg))

    g, obj, prop = level.grid, level.obj, level.prop
    if not g.is_cell(level.start):
        bad("no player start (@ or +)")
        return out
    if obj[level.start] not in (T.NONE,):
        bad(f"the player starts on a {T.OBJECT_NAMES[obj[level.start]]}")
    goals = sum(1 for c in g.cells if prop[c] == T.P_VICTORY)
    boxes = sum(1 for c in g.cells if obj[c] == T.VICTORY_OBJ)
    if goals and boxes < goals:
        bad(f"{goals} victory cells but only {boxes} victory objects: the level cannot be won")
    if boxes and not goals:
        bad(f"{boxes} victory objects but no victory cell")
    exits = sum(1 for c in g.cells if prop[c] == T.P_EXIT)
    gems = sum(1 for c in g.cells if obj[c] == T.GEM)
    # an NPC with a gems blast (Supaplex electron) leaves a gem in every cell of its blast
    blasts = sum(1 for n in level.npcs if n.blast == "gems") * (7 if g.kind == HEX else 9)
    if exits and level.quota > gems + blasts:
        bad(f"the exit needs {level.quota} gems but the map has {gems}"
            + (f" and its exploding NPCs can leave at most {blasts}" if blasts else ""))
    foes = [n for n in level.npcs if n.team != "player"]
    if not goals and not exits and not foes:
        bad("no way to win: no victory cell, no exit and no hostile NPC")
    if level.gravity != NO_GRAVITY and not 0 <= level.gravity < len(g.dirs):
        bad(f"gravity direction {level.gravity} does not exist on this grid")
    for name in ("melee", "spell", "step_cost", "npc_xp", "npc_coins", "trap_damage", "quota"):
        v = getattr(level, name)
        if not 0 <= v <= 10000:
            bad(f"{name} must be 0..10000, got {v}")
    if not 1 <= level.hp <= 10000:
        bad(f"hp must be 1..10000, got {level.hp}")
    planners = sum(1 for n in level.npcs if n.model not in CHEAP_MODELS)
    if planners > MAX_NPCS:
        bad(f"at most {MAX_NPCS} NPCs that plan (every model but wall_left and wall_right), got {planners}")
    taken = {level.start}
    for n in level.npcs:
        if not g.is_cell(n.cell):
            bad(f"NPC {n.name!r} is off the map", n.line)
            continue
        if n.cell in taken:
            bad(f"NPC {n.name!r} stands where the player or another NPC stands", n.line)
        if obj[n.cell] not in (T.NONE, T.TRAP):
            bad(f"NPC {n.name!r} stands on a {T.OBJECT_NAMES[obj[n.cell]]}", n.line)
        taken.add(n.cell)
        if n.model not in MODELS:
            bad(f"NPC {n.name!r}: unknown model {n.model!r} (allowed: {', '.join(MODELS)})", n.line)
        if not 1 <= n.hp <= 10000 or not 0 <= n.speed <= 3:
            bad(f"NPC {n.name!r}: hp must be 1..10000 and speed 0..3", n.line)
        if not all(-1 <= v <= 10000 for v in (n.melee, n.xp, n.coins)):
            bad(f"NPC {n.name!r}: melee, xp and coins must be -1..10000 (-1: the map's base)", n.line)
        if not all(isinstance(v, int) and 0 <= v <= 100 for v in n.skills.values()):
            bad(f"NPC {n.name!r}: skills must be 0..100", n.line)
        for s, lv in n.spells.items():
            if s not in SPELLS or lv not in (1, 2, 3):
                bad(f"NPC {n.name!r}: spell {s}:{lv} (spells {', '.join(SPELLS)} at level 1-3)", n.line)
        for it in n.items:
            msg = check_item(it[1])
            if msg:
                bad(f"NPC {n.name!r}: {msg}", n.line)
        if n.blast not in BLASTS:
            bad(f"NPC {n.name!r}: blast {n.blast!r} (allowed: plain, gems)", n.line)
    for c, sw in level.specials.items():
        if not g.is_cell(c) or prop[c] != T.P_PORT:
            bad(f"special port at {level.pos_text(c) if g.is_cell(c) else c} is not on a port")
        elif len(sw) != 3 or any(v not in (0, 1) for v in sw):
            bad(f"special port at {level.pos_text(c)}: switches must be three 0/1 values, got {sw!r}")
    for c, target in level.teleports.items():
        if not g.is_cell(target) or target == c:
            bad(f"teleport at {level.pos_text(c)} has no valid target")
    return out
