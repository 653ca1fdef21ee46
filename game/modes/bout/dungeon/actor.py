"""A fighter in the dungeon: the bout's `Fighter` (pool, wounds, weapon, facing, engagement,
bleeding counters...) plus what walking a dungeon needs: who he is (hero, companion, foe and his
faction), his speed account, his pack and his orders. Everything is an int or a list of ints, so
the whole state hashes canonically. The combat engine (`Melee`) shares these very objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.fighter import Fighter, Template

HERO, COMPANION, FOE, PARTNER = range(4)         # PARTNER: a co-op run's second hero (coop.py)
ROLE_NAMES = ("hero", "companion", "foe", "partner")
FOLLOW, HOLD, ATTACK_TARGET = range(3)
ORDER_NAMES = ("follow", "hold", "attack my target")
PACK_SIZE = 8

_EXTRA = ("role", "kind", "account", "mp", "chase", "order", "goal", "press", "fell_by")


@dataclass(eq=False)
class Actor(Fighter):
    role: int = FOE
    kind: int = -1               # foe entry index ([foes.<id>]), -1 for the party
    account: int = 0             # move points kept from the last step (speed.py)
    mp: int = 6                  # move points per step (stats and load)
    chase: int = -1              # whom he goes after out of a fight (AI), or -1
    order: int = FOLLOW          # companion's order
    goal: int = -1               # cell he walks to when he has no one to chase (AI), or -1
    press: int = -1              # a foe he bumped without initiative: attack him once he has it
    fell_by: int = -1            # side that felled him (score), -1 while standing
    items: list = field(default_factory=list)     # item indices carried (not in hand)

    def snapshot(self) -> list:
        return [super().snapshot(), [getattr(self, k) for k in _EXTRA], list(self.items)]

    @classmethod
    def restore(cls, v: list) -> Actor:
        base = Fighter.restore(v[0])
        a = cls(base.t, base.side)
        for k, val in vars(base).items():
            setattr(a, k, val)
        for k, val in zip(_EXTRA, v[1]):
            setattr(a, k, int(val))
        a.items = [int(x) for x in v[2]]
        return a

    @property
    def standing(self) -> bool:
        """On his feet and fighting (not dead, not knocked out)."""
        return self.active


def template_of(rules, v: dict) -> Template:
    """A bout fighter template from a checked [hero], [companion] or [foes.<id>] table."""
    return Template(v["name"], v["st"], v["ag"], v["to"], v["en"], v["wt"], v["wp"], v["per"], v["prof"],
                    rules.index("weapons", v["weapon"]),
                    rules.index("shields", v["shield"]) if v["shield"] else -1,
                    rules.index("armours", v["armour"]))
