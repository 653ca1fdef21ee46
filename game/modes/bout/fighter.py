"""A fighter: attributes, derived attributes, equipment and the mutable combat state.

Derived attributes [T]: Reflex = (AG+WT)//2, Aim = (AG+PER)//2, KD = (ST+AG)//2,
KO = TO + WP//2; Health = (TO+WP)//2 (our reading of the character sheet, see docs/rules/bout.md).
Combat Pool = proficiency + Reflex [W].
"""

from __future__ import annotations

from dataclasses import dataclass, field

ATTRS = ("st", "ag", "to", "en", "wt", "wp", "per")
NEEDS_ORIENTATION = -1          # Fighter.orientation before a throw


@dataclass(frozen=True)
class Template:
    name: str
    st: int
    ag: int
    to: int
    en: int
    wt: int
    wp: int
    per: int
    prof: int
    weapon: int        # index into rules.weapons
    shield: int        # index into rules.shields, -1 = none
    armour: int        # index into rules.armours
    offhand: int = -1  # off-hand weapon (rules.weapons), -1 = none
    missile: int = -1  # missile weapon (rules.weapons), -1 = none

    @property
    def reflex(self) -> int:
        return (self.ag + self.wt) // 2

    @property
    def aim(self) -> int:
        return (self.ag + self.per) // 2

    @property
    def kd(self) -> int:
        return (self.st + self.ag) // 2

    @property
    def ko(self) -> int:
        return self.to + self.wp // 2

    @property
    def health(self) -> int:
        return (self.to + self.wp) // 2

    def as_list(self) -> list:
        return [self.name, self.st, self.ag, self.to, self.en, self.wt, self.wp, self.per, self.prof,
                self.weapon, self.shield, self.armour, self.offhand, self.missile]

    @classmethod
    def from_list(cls, v: list) -> Template:
        return cls(str(v[0]), *(int(x) for x in v[1:14]))


def template_from_rules(rules, key: str, *, weapon: str | None = None) -> Template:
    e = rules.find("fighters", key)
    w = rules.index("weapons", weapon or e.weapon)
    s = rules.index("shields", e.shield) if e.shield else -1
    off = rules.index("weapons", e.offhand) if e.offhand else -1
    if rules.weapons[w].hands == 2:
        s = off = -1                       # a two-handed weapon leaves no hand for a shield
    mis = rules.index("weapons", e.missile) if e.missile else -1
    return Template(e.name, e.st, e.ag, e.to, e.en, e.wt, e.wp, e.per, e.prof, w, s,
                    rules.index("armours", e.armour), off, mis)


# wound record: [location, level, type, bl, pain, part, painkiller, doses]
W_LOC, W_LEVEL, W_TYPE, W_BL, W_PAIN, W_PART, W_PK, W_DOSES = range(8)


@dataclass(eq=False)
class Fighter:
    """Combat state of one fighter. Everything is an int or a list of ints (canonical data)."""
    t: Template
    side: int                    # faction: fighters of hostile factions fight (Melee.hostile)
    pos: int = 0                 # cell on the map (y * width + x)
    health: int = 0
    facing: int = 0              # 0-7 clockwise from north
    cp: int = 0                  # dice left this round
    shock_carry: int = 0         # shock past an empty pool, deducted at the next refresh
    wounds: list = field(default_factory=list)   # see W_* above
    prone: bool = False
    out_rounds: int = 0          # knocked out for this many more rounds
    dead: bool = False
    weapon: int = -1             # main hand (fist after a disarm)
    offhand: int = -2            # off-hand weapon, -1 none (-2: take the template's)
    bonus_dice: int = 0          # from a counter: free dice on the next attack
    botch_next: bool = False     # attack botch: next attack rolls half its dice
    ignore_length: bool = False  # closed in (duck & weave, counter): no reach penalty next attack
    attacked_last: bool = False  # attacked in the previous exchange (no full evasion)
    eng: int = 0                 # engagement id, 0 = not engaged
    orientation: int = NEEDS_ORIENTATION   # AGGRESSIVE/CAUTIOUS/DEFENSIVE/AUTO (consts)
    stance: int = 0
    target: int = -1             # the one foe he targets in his engagement
    late: bool = False           # joined a busy engagement: no initiative until its next round
    flawless: bool = False       # global initiative: last exchange he was neither hit nor missed
    no_refresh: bool = False     # force-entered in exchange 2: no refresh next round
    footing: int = -1            # footing roll this round: -1 none, else successes
    lost_round: bool = False     # surprised: no action this round
    bleed: int = 0               # out of combat: thirds of a step walked since the last BL check
    waited: int = 0              # out of combat: steps waited in a row (first aid)
    healed: int = 0              # out of combat: steps at BL 0 since the last healing roll
    aim: int = 0                 # steps spent aiming at `aim_at`
    aim_at: int = -1
    ready: int = 0               # steps still needed to draw/reload the missile weapon
    moved: bool = False          # moved this step (a moving target)

    def __post_init__(self):
        if not self.health:
            self.health = self.t.health
        if self.weapon < 0:
            self.weapon = self.t.weapon
        if self.offhand == -2:
            self.offhand = self.t.offhand

    @property
    def active(self) -> bool:
        return not self.dead and self.health > 0 and self.out_rounds == 0

    def bl_total(self) -> int:
        return sum(w[W_BL] for w in self.wounds)

    def pain_total(self) -> int:
        """Worst pain per body part (after painkillers), summed over parts [T]."""
        worst: dict[int, int] = {}
        for w in self.wounds:
            part, pain = w[W_PART], max(0, w[W_PAIN] - w[W_PK])
            if pain > worst.get(part, 0):
                worst[part] = pain
        return sum(worst.values())

    _INTS = ("pos", "health", "facing", "cp", "shock_carry", "out_rounds", "weapon", "offhand", "bonus_dice",
             "eng", "orientation", "stance", "target", "footing", "bleed", "waited", "healed", "aim", "aim_at",
             "ready")
    _BOOLS = ("prone", "dead", "botch_next", "ignore_length", "attacked_last", "late", "flawless",
              "no_refresh", "lost_round", "moved")

    def snapshot(self) -> list:
        return [self.t.as_list(), self.side, [getattr(self, k) for k in self._INTS],
                [int(getattr(self, k)) for k in self._BOOLS], [list(w) for w in self.wounds]]

    @classmethod
    def restore(cls, v: list) -> Fighter:
        f = cls(Template.from_list(v[0]), int(v[1]))
        for k, x in zip(cls._INTS, v[2]):
            setattr(f, k, int(x))
        for k, x in zip(cls._BOOLS, v[3]):
            setattr(f, k, bool(x))
        f.wounds = [list(map(int, w)) for w in v[4]]
        return f


def refresh_value(prof: int, reflex: int, shock_carry: int, pain: int, *, halved: bool,
                  armour_penalty: int = 0) -> int:
    """The Combat Pool at a round's start [W][WT][T]: proficiency + Reflex − max(carried shock,
    pain) − armour penalty, halved (rounded down) at low health, never below 0."""
    cp = prof + reflex - max(shock_carry, pain) - armour_penalty
    if halved:
        cp //= 2
    return max(0, cp)


def take_shock(cp: int, shock: int) -> tuple[int, int]:
    """Shock leaves the pool at once; what the pool cannot pay carries to the next refresh [E][WT].
    Returns (new cp, carried)."""
    if shock <= cp:
        return cp - shock, 0
    return 0, shock - cp


def damage_level(margin: int, dr: int, toughness: int, armour: int, cap: int = 5) -> int:
    """Wound level = MoS + damage rating − TO − AV, nothing at 0 or below, capped [F][E][T]."""
    if margin <= 0:
        return 0
    lv = margin + dr - toughness - armour
    return max(0, min(cap, lv))
