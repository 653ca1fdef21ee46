"""What loading a GDL module produces: types, property arrays, dense tables, the area, sides,
scenario units, scorekeepers and the warnings (each with file:line and whether it can change play).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Warning:
    file: str
    line: int
    message: str
    play: bool          # True when ignoring it may change how the game plays

    def __str__(self) -> str:
        tag = "" if self.play else " (no effect on play)"
        return f"{self.file}:{self.line}: {self.message}{tag}"


GENERATED = "(generated)"      # UnitSpec.file of the units world synthesis places


@dataclass
class UnitSpec:
    type: int
    x: int | None
    y: int | None
    side: int
    name: str = ""
    hp: int | None = None
    transport: object = None      # a unit name (str) or an id (int), resolved after reading
    uid: int | None = None
    file: str = ""
    line: int = 0
    cp: int | None = None         # completeness; negative with `appear` (a reinforcement)
    supply: dict = field(default_factory=dict)   # material index -> amount given by (m ...)
    appear: int = -1              # turn the unit enters play at (x, y) (written as -x -y)
    disappear: int = -1           # turn the unit leaves play
    origside: int | None = None
    point_value: int = -1         # the unit's own point value (-1: its type's)
    acp: int | None = None


@dataclass
class Scorekeeper:
    """A `(scorekeeper ...)` form: `when` ("after-turn", "before-turn", "after-action", "after-event")
    with its test (None: every time), the sides it applies to, and the body (read forms)."""
    when: str = "after-turn"
    when_test: object = None
    applies_to: object = None     # None: every side; else the raw side expression
    body: object = None
    keep_score: bool = True
    initial: int = 0
    title: str = ""
    trigger: object = None
    file: str = ""
    line: int = 0


@dataclass
class Module:
    name: str = ""
    title: str = ""
    blurb: str = ""
    version: str = ""
    notes: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    content_hash: str = ""
    utypes: list[str] = field(default_factory=list)
    ttypes: list[str] = field(default_factory=list)
    mtypes: list[str] = field(default_factory=list)
    uprops: dict[str, list] = field(default_factory=dict)     # property -> value per unit type
    tprops: dict[str, list] = field(default_factory=dict)     # property -> value per terrain type
    mprops: dict[str, list] = field(default_factory=dict)     # property -> value per material type
    tables: dict[str, list[list]] = field(default_factory=dict)
    globals: dict[str, object] = field(default_factory=dict)
    width: int = 0
    height: int = 0
    terrain: list[int] = field(default_factory=list)          # y * width + x -> terrain index
    has_terrain: bool = False
    # aux terrain (borders, connections such as roads and rivers, coatings): terrain index ->
    # value per cell (y * width + x); for borders/connections a 6-bit mask with bit d set for
    # Xconq direction d (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW), for coatings the depth
    aux_terrain: dict[int, list[int]] = field(default_factory=dict)
    world: dict[str, int] = field(default_factory=dict)       # (world [circumference] (day-length n) ...)
    elevations: list[int] = field(default_factory=list)      # per cell (empty: a flat world)
    cell_width: int = 1                                       # (area (cell-width n)): elevation units per cell
    sides: dict[int, dict] = field(default_factory=dict)      # side id -> {name, noun, ...}
    units: list[UnitSpec] = field(default_factory=list)
    scorekeepers: list[Scorekeeper] = field(default_factory=list)
    variants: list[dict] = field(default_factory=list)
    warnings: list[Warning] = field(default_factory=list)
    work: int = 0                  # steps the load took (bounded by values.MAX_WORK)
    type_names: dict[str, tuple[str, int]] = field(default_factory=dict)   # name or alias -> (kind, index)
    std_variants: dict[str, object] = field(default_factory=dict)   # see-all, world-seen, world-size
    origin: dict[tuple, tuple[str, int]] = field(default_factory=dict)   # (kind, name) -> file, line set
    generated_seed: int | None = None                         # the seed of a generated world
    synth_notes: list[str] = field(default_factory=list)      # what world synthesis did, or why not
    template: Module | None = None                            # a generated world: the module it came from
    people: list[int] = field(default_factory=list)           # per cell: side of its people, -1 none (synthesis)

    def uprop(self, name: str, u: int):
        return self.uprops[name][u]

    def table(self, name: str, a: int, b: int):
        return self.tables[name][a][b]

    def play_warnings(self) -> list[Warning]:
        return [w for w in self.warnings if w.play]

    def terrain_counts(self, area_only: bool = False) -> dict[str, int]:
        """Terrain name -> cells of the W x H map (only those inside the hexagon-ish area
        with `area_only`, see `in_area`)."""
        counts = {t: 0 for t in self.ttypes}
        for y in range(self.height):
            for x in range(self.width):
                t = self.terrain[y * self.width + x]
                if t >= 0 and (not area_only or in_area(self.width, self.height, x, y)):
                    counts[self.ttypes[t]] += 1
        return counts


def in_area(width: int, height: int, x: int, y: int) -> bool:
    """Xconq's non-wrapping area is a hexagon-ish region of the W x H parallelogram."""
    if not (0 <= x < width and 0 <= y < height):
        return False
    s = x + y
    return height // 2 <= s <= width + height // 2 - 1


def on_edge(width: int, height: int, x: int, y: int) -> bool:
    """True for in-area cells with a neighbour outside the area (units may not enter them)."""
    from game.core.grid import DIRS_HEX
    return any(not in_area(width, height, x + dx, y + dy) for dx, dy in DIRS_HEX)
