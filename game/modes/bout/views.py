"""What the screen (and a dungeon's key handler) asks the melee: facing, what each d-pad
direction would do now, the initiative arcs between fighters (mixed into `Melee`).

Arc colours follow the seed's UX card: red = attacking with initiative, yellow = holds
initiative (may or may not attack), clear = no initiative (may still attack), blue = defending,
green = forfeited his initiative on you.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.bout.actions import DIRS, WAIT
from game.modes.bout.consts import (
    AGGRESSIVE,
    ATTACK_KINDS,
    AUTO,
    DECLARING,
    DEFENCE_KINDS,
    DEFENSIVE,
    FOOTWORK,
    L_FOE,
    L_KIND,
)

RED, YELLOW, CLEAR, BLUE, GREEN = "red", "yellow", "clear", "blue", "green"


@dataclass(frozen=True)
class Meaning:
    """What one direction means now: `kind` is step, wait, engage, attack, defend, target,
    evade or blocked; `foe` the fighter it concerns (-1 none); `colour` the seed's mark for it
    (red: he holds initiative over you, yellow: contested, white: you hold it; blue: a defence)."""
    kind: str
    foe: int = -1
    colour: str = ""


@dataclass(frozen=True)
class Arc:
    a: int          # from
    b: int          # to
    colour: str


class Views:
    def direction_to(self, a: int, b: int) -> int:
        """The direction 0-7 (clockwise from north) from a towards b; a's facing if on one cell."""
        w = self.width
        pa, pb = self.fighters[a].pos, self.fighters[b].pos
        dx = (pb % w > pa % w) - (pb % w < pa % w)
        dy = (pb // w > pa // w) - (pb // w < pa // w)
        if (dx, dy) == (0, 0):
            return self.fighters[a].facing
        return DIRS.index((dx, dy))

    def cell_towards(self, f: int, d: int) -> int | None:
        w = self.width
        p = self.fighters[f].pos
        x, y = p % w + DIRS[d][0], p // w + DIRS[d][1]
        if not 0 <= x < w or y < 0:
            return None
        return y * w + x

    def fighter_at(self, cell: int) -> int | None:
        for i, f in enumerate(self.fighters):
            if f.active and f.pos == cell:
                return i
        return None

    def relation_colour(self, f: int, foe: int) -> str:
        """The inner mark of the seed's arrow buttons: red he holds initiative over you, yellow
        contested, white you hold it, clear neither."""
        if self.contested(f, foe):
            return YELLOW
        if self.holds(foe, f):
            return RED
        if self.holds(f, foe):
            return "white"
        return CLEAR

    def direction_meaning(self, f: int, d: int, passable=None) -> Meaning:
        """What pressing direction d (0-7, 8 = wait) does for fighter f now. `passable(cell)` is
        the map's test (the melee does not know walls)."""
        me = self.fighters[f]
        if d == WAIT:
            return Meaning("wait", -1, BLUE if me.eng else "")
        cell = self.cell_towards(f, d)
        if cell is None or (passable is not None and not passable(cell)):
            return Meaning("blocked")
        other = self.fighter_at(cell)
        e = self.engagement_of(f)
        if other is not None and not self.hostile(f, other):
            return Meaning("blocked", other)
        if e is None:
            return Meaning("engage", other, RED) if other is not None else Meaning("step", -1)
        foes = self.foes_of(f)
        if e.step == FOOTWORK:
            if other is not None:
                return Meaning("attack" if self._may_attack(f, other) else "defend", other,
                               self.relation_colour(f, other))
            near = any(self._adjacent_cells(cell, self.fighters[g].pos) for g in foes)
            return Meaning("step" if near else "evade", -1, "" if near else BLUE)
        if other is None:
            return Meaning("blocked")
        if e.step == DECLARING:
            return Meaning("attack" if self._may_attack(f, other) else "defend", other,
                           self.relation_colour(f, other))
        return Meaning("target", other, self.relation_colour(f, other))

    def _adjacent_cells(self, a: int, b: int) -> bool:
        w = self.width
        return max(abs(a % w - b % w), abs(a // w - b // w)) == 1

    def _may_attack(self, f: int, foe: int) -> bool:
        me = self.fighters[f]
        if me.late or me.orientation == DEFENSIVE:
            return False
        if me.orientation == AGGRESSIVE or me.orientation == AUTO and me.target == foe:
            return True
        return self.holds(f, foe) or me.target != foe

    def arcs(self) -> list[Arc]:
        """Every initiative relation in every engagement, for the board's arcs."""
        out = []
        for e in self.engs.values():
            for a in e.members:
                fa = self.fighters[a]
                b = fa.target
                if b < 0:
                    continue
                lines = e.lines.get(a, ())
                attacking = any(ln[L_KIND] in ATTACK_KINDS and ln[L_FOE] == b for ln in lines)
                defending = any(ln[L_KIND] in DEFENCE_KINDS for ln in lines)
                if self.holds(a, b):
                    if attacking:
                        col = RED
                    elif a in e.declared and not attacking and self.fighters[b].target == a:
                        col = GREEN
                    else:
                        col = YELLOW
                elif defending and not attacking:
                    col = BLUE
                else:
                    col = CLEAR
                out.append(Arc(a, b, col))
        return out

    def orientation_of(self, f: int) -> str:
        """aggressive, cautious, defensive, auto, or "" (not engaged / not thrown yet)."""
        from game.modes.bout.consts import ORIENTATIONS
        o = self.fighters[f].orientation
        return ORIENTATIONS[o] if 0 <= o < len(ORIENTATIONS) else ""
