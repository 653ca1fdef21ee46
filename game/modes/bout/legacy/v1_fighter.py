"""(Engine 1, frozen: verifies replays recorded before the engagement rules.) A fighter: attributes, derived attributes, equipment and the mutable bout state.

Derived attributes [T]: Reflex = (AG+WT)//2, Aim = (AG+PER)//2, KD = (ST+AG)//2,
KO = TO + WP//2; Health = (TO+WP)//2 (our reading of the character sheet, see docs/rules/bout.md).
Combat Pool = proficiency + Reflex [W].
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.fighter import damage_level, refresh_value, take_shock

__all__ = ["Fighter", "Template", "damage_level", "refresh_value", "take_shock", "template_from_rules"]

ATTRS = ("st", "ag", "to", "en", "wt", "wp", "per")


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
                self.weapon, self.shield, self.armour]

    @classmethod
    def from_list(cls, v: list) -> Template:
        return cls(str(v[0]), *(int(x) for x in v[1:12]))


def template_from_rules(rules, key: str, *, weapon: str | None = None) -> Template:
    e = rules.find("fighters", key)
    w = rules.index("weapons", weapon or e.weapon)
    s = rules.index("shields", e.shield) if e.shield else -1
    return Template(e.name, e.st, e.ag, e.to, e.en, e.wt, e.wp, e.per, e.prof, w, s,
                    rules.index("armours", e.armour))


@dataclass(eq=False)
class Fighter:
    """Bout state of one fighter. Everything is an int or a list of ints (canonical data)."""
    t: Template
    side: int
    pos: int = 0                 # cell on the map
    health: int = 0
    cp: int = 0                  # dice left this round
    shock_carry: int = 0         # shock past an empty pool, deducted at the next refresh
    wounds: list = field(default_factory=list)   # [location, level, type, bl, pain, part]
    prone: bool = False
    out_rounds: int = 0          # knocked out for this many more rounds
    dead: bool = False
    weapon: int = 0              # current weapon (fist after a disarm)
    bonus_dice: int = 0          # from a counter: free dice on the next attack
    botch_next: bool = False     # attack botch: next attack rolls half its dice
    ignore_length: bool = False  # after duck & weave
    attacked_last: bool = False  # attacked in the previous exchange (no full evasion)
    lost_round: bool = False     # surprised: no action this round
    footing: int = -1            # footing roll this round: -1 none, else successes

    def __post_init__(self):
        if not self.health:
            self.health = self.t.health
        if not self.weapon:
            self.weapon = self.t.weapon

    @property
    def active(self) -> bool:
        return not self.dead and self.health > 0 and self.out_rounds == 0

    def bl_total(self) -> int:
        return sum(w[3] for w in self.wounds)

    def pain_total(self) -> int:
        """Worst pain per body part, summed over parts [T]."""
        worst: dict[int, int] = {}
        for w in self.wounds:
            part, pain = w[5], w[4]
            if pain > worst.get(part, 0):
                worst[part] = pain
        return sum(worst.values())

    def snapshot(self) -> list:
        return [self.t.as_list(), self.side, self.pos, self.health, self.cp, self.shock_carry,
                [list(w) for w in self.wounds], int(self.prone), self.out_rounds, int(self.dead),
                self.weapon, self.bonus_dice, int(self.botch_next), int(self.ignore_length),
                int(self.attacked_last), int(self.lost_round), self.footing]

    @classmethod
    def restore(cls, v: list) -> Fighter:
        f = cls(Template.from_list(v[0]), int(v[1]), int(v[2]), int(v[3]))
        (f.cp, f.shock_carry) = int(v[4]), int(v[5])
        f.wounds = [list(map(int, w)) for w in v[6]]
        f.prone, f.out_rounds, f.dead = bool(v[7]), int(v[8]), bool(v[9])
        f.weapon, f.bonus_dice, f.botch_next = int(v[10]), int(v[11]), bool(v[12])
        f.ignore_length, f.attacked_last, f.lost_round, f.footing = bool(v[13]), bool(v[14]), bool(v[15]), int(v[16])
        return f
