"""The declaration chooser as data (no drawing): rows of options for the stage, moved through
with the d-pad (UP/DOWN row, LEFT/RIGHT value), A to declare. The hard bot's choice is
pre-selected ("default context-sensitive options pre-selected", the seed's UI card).

Stages: the arena step (Step), the secret orientation (Orientation, Stance, Footing), the target
(Target), and the declarations, one line at a time (Declare: an action type or "done", Foe,
Maneuver, Zone, Dice, Extra).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.consts import (
    ATTACK_KINDS,
    AUTO,
    DEFEND,
    FORCE,
    LINE_NAMES,
    ORIENTATIONS,
    PREEMPT,
    QUICK_DEFEND,
)
from game.modes.bout.fighter import NEEDS_ORIENTATION

STEPS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west", "wait")
DONE = -1


@dataclass
class Row:
    name: str
    options: list = field(default_factory=list)    # (label, value)
    index: int = 0

    @property
    def value(self):
        return self.options[self.index][1] if self.options else None

    @property
    def label(self) -> str:
        return self.options[self.index][0] if self.options else "-"

    def select(self, value) -> None:
        for i, (_l, v) in enumerate(self.options):
            if v == value:
                self.index = i
                return


class Chooser:
    def __init__(self, game, f: int, suggestion=None) -> None:
        self.g, self.f = game, f
        self.m = getattr(game, "m", game)
        self.row = 0
        self.error = ""
        self.rows: list[Row] = []
        self.stage = "move" if getattr(game, "queue", None) else self.m.stage_of(f)
        self._build()
        if suggestion is not None:
            self._preselect(suggestion)

    # ----------------------------------------------------------------------------- building
    def _build(self) -> None:
        m, f, r = self.m, self.f, self.m.rules
        me = m.fighters[f]
        st = self.stage
        if st == "move":
            self.rows = [Row("Step", [(s, i) for i, s in enumerate(STEPS)], 8)]
        elif st in ("orient", "commit"):
            if me.orientation == NEEDS_ORIENTATION:
                os_ = [(ORIENTATIONS[o], o) for o in range(3)]
            else:
                os_ = [("fight on", AUTO)]
            foot = [(str(d), d) for d in range(0, max(0, me.cp) + 1)]
            self.rows = [Row("Orientation", os_, 1 if len(os_) > 1 else 0),
                         Row("Stance", [(s.name, s.index) for s in r.stances]),
                         Row("Footing dice", foot)]
        elif st == "target":
            self.rows = [Row("Target", [(self._who(o), o) for o in m.foes_of(f)])]
        elif st in ("declare", "respond"):
            kinds = [QUICK_DEFEND] if st == "respond" else [k for k in range(QUICK_DEFEND)]
            self.rows = [Row("Declare", [("done", DONE)] + [(LINE_NAMES[k], k) for k in kinds]),
                         Row("Foe", []), Row("Maneuver", []), Row("Zone", []),
                         Row("Dice", [(str(d), d) for d in range(0, max(0, me.cp) + 1)], 1 if me.cp else 0),
                         Row("Extra", [])]
            self._refresh_dependent()

    def _who(self, i: int) -> str:
        return f"{self.m.fighters[i].t.name} ({'ABCDEFGHIJKLMNOPQRSTUVWX'[i]})"

    def _row(self, name: str) -> Row | None:
        return next((r for r in self.rows if r.name == name), None)

    def _refresh_dependent(self) -> None:
        m, f = self.m, self.f
        kind_row = self._row("Declare")
        if kind_row is None:
            return
        kind = kind_row.value
        foe, man, zone, extra = self._row("Foe"), self._row("Maneuver"), self._row("Zone"), self._row("Extra")
        if kind == DONE or kind is None:
            foe.options, man.options, zone.options, extra.options = [], [], [], []
            return
        attack = kind in ATTACK_KINDS
        olds = (foe.value, man.value, zone.value)
        foes = [(self._who(o), o) for o in m.foes_of(f)]
        if kind in (DEFEND, PREEMPT):
            foes = [("everyone / no one", -1)] + foes
        foe.options = foes
        foe.index = 0
        if olds[0] is not None:
            foe.select(olds[0])
        man.options = [(f"{mm.name} ({mm.root})", mm.index) for mm in m.rules.maneuvers
                       if (mm.kind == "attack") == attack]
        man.index = 0
        if olds[1] is not None:
            man.select(olds[1])
        mm = m.rules.maneuvers[man.value] if man.value is not None else None
        if mm is not None and (attack or mm.riposte):
            kinds = {"swing": ("swing",), "thrust": ("thrust",), "any": ("swing", "thrust")}
            want = kinds.get(mm.zones if attack else ("any" if mm.riposte == "margin" else mm.riposte), ())
            zone.options = [(f"{z.numeral} {z.name}" + (f" (+{z.aim_cost})" if z.aim_cost else ""), z.index)
                            for z in m.rules.zones if z.kind in want]
        else:
            zone.options = [("-", 0)]
        zone.index = 0
        if olds[2] is not None:
            zone.select(olds[2])
        top = mm.extra_max if mm is not None else 0
        if mm is not None and mm.effect in ("double", "evasive", "master_attack", "simultaneous"):
            top = max(0, m.fighters[f].cp)
        extra.options = [(str(e), e) for e in range(top + 1)]
        extra.index = min(extra.index, len(extra.options) - 1)

    def visible_rows(self) -> list[Row]:
        k = self._row("Declare")
        if k is not None and k.value == DONE:
            return [k]
        return [r for r in self.rows if r.options]

    def _preselect(self, a) -> None:
        try:
            if isinstance(a, A.Move):
                self.rows[0].select(a.dir)
            elif isinstance(a, A.Orient):
                self.rows[0].select(a.orientation)
                self.rows[1].select(a.stance)
                self.rows[2].select(a.footing)
            elif isinstance(a, A.Target):
                self.rows[0].select(a.foe)
            elif isinstance(a, A.Done):
                self._row("Declare").select(DONE)
                self._refresh_dependent()
            elif isinstance(a, A.Line):
                self._row("Declare").select(a.kind)
                self._refresh_dependent()
                self._row("Foe").select(a.foe)
                self._row("Maneuver").select(a.man)
                self._refresh_dependent()
                self._row("Zone").select(a.zone)
                self._row("Dice").select(a.dice)
                self._row("Extra").select(a.extra)
        except (AttributeError, IndexError, TypeError):
            pass

    # ----------------------------------------------------------------------------- keys
    def move_row(self, step: int) -> None:
        rows = self.visible_rows()
        self.row = (self.row + step) % len(rows)

    def change(self, step: int) -> None:
        rows = self.visible_rows()
        row = rows[min(self.row, len(rows) - 1)]
        if row.options:
            row.index = (row.index + step) % len(row.options)
        if row.name in ("Declare", "Maneuver"):
            self._refresh_dependent()
        self.error = ""

    def steer(self, button) -> bool:
        """The d-pad on the chooser: Up/Down a row, Left/Right its value. True when it was one."""
        from hw.input.buttons import Button
        step = {Button.UP: (-1, 0), Button.DOWN: (1, 0), Button.LEFT: (0, -1), Button.RIGHT: (0, 1)}.get(button)
        if step is None:
            return False
        if step[0]:
            self.move_row(step[0])
        else:
            self.change(step[1])
        return True

    def current(self) -> Row:
        rows = self.visible_rows()
        return rows[min(self.row, len(rows) - 1)]

    def action(self):
        f = self.f
        v = {r.name: r.value for r in self.rows}
        st = self.stage
        if st == "move":
            return A.Move(f, v["Step"])
        if st in ("orient", "commit"):
            return A.Orient(f, v["Orientation"], v["Stance"], v["Footing dice"] or 0)
        if st == "target":
            return A.Target(f, v["Target"])
        if st in ("declare", "respond"):
            if v["Declare"] in (DONE, None):
                return A.Done(f)
            terrain = 2 if v["Declare"] == FORCE else 0
            return A.Line(f, v["Declare"], v["Foe"], v["Maneuver"], v["Zone"] or 0, v["Dice"] or 0,
                          v["Extra"] or 0, 0, terrain)
        return None

    def cost_text(self) -> str:
        a = self.action()
        if not isinstance(a, A.Line):
            return ""
        m = self.m
        mm = m.rules.maneuvers[a.man]
        cost = m.line_cost(a.f, a.kind, mm, a.zone, a.dice, a.extra, a.reflex_buy, a.terrain)
        return f"costs {cost} of {m.fighters[a.f].cp} dice"

    def check(self) -> bool:
        try:
            if self.stage == "commit":
                self.m._check_orient(self.m.engagement_of(self.f), self.f, *self._orient_values())
            else:
                self.g.check(self.action())
            self.error = ""
            return True
        except (ActionError, TypeError, KeyError) as exc:
            self.error = str(exc)
            return False

    def _orient_values(self):
        a = self.action()
        return a.orientation, a.stance, a.footing
