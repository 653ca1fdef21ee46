"""The declaration chooser as data (no drawing): rows of options for the phase, moved through
with the d-pad (UP/DOWN row, LEFT/RIGHT value), A to declare, B to pass. The hard bot's choice
is pre-selected ("default context-sensitive options pre-selected", the seed's UI card).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.base import ActionError
from game.modes.bout import actions as A

STEPS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west", "wait")


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
        self.row = 0
        self.error = ""
        self.rows: list[Row] = []
        self._build()
        if suggestion is not None:
            self._preselect(suggestion)

    # ----------------------------------------------------------------------------- building
    def _build(self) -> None:
        g, f, r = self.g, self.f, self.g.rules
        me = g.fighters[f]
        ph = g.phase
        cp = max(1, me.cp)
        if ph == "move":
            self.rows = [Row("Step", [(s, i) for i, s in enumerate(STEPS)], 8)]
        elif ph == "footing":
            self.rows = [Row("Footing dice", [(str(d), d) for d in range(1, cp + 1)], min(2, cp - 1))]
        elif ph == "orient":
            self.rows = [Row("Stance", [(s.name, s.index) for s in r.stances]),
                         Row("Throw", [("white (defend)", 0), ("red (attack)", 1)])]
        elif ph == "attack":
            targets = [o for o in g.foes_of(f) if g.holds(f, o)]
            self.rows = [Row("Target", [(self._who(o), o) for o in targets] + [("nobody (pass)", -1)]),
                         Row("Maneuver", [(m.name, m.index) for m in self._attacks()]),
                         Row("Zone", []), Row("Dice", [(str(d), d) for d in range(1, cp + 1)]), Row("Extra", [])]
            self._refresh_dependent()
        elif ph == "defence":
            opts = [(m.name, ("d", m.index)) for m in r.maneuvers if m.kind == "defence" and self._can(m)]
            opts.append((f"Buy initiative ({g.buy_cost(f)} CP)", ("b", -1)))
            opts.append(("no defence", ("p", -1)))
            self.rows = [Row("Answer", opts), Row("Maneuver", [(m.name, m.index) for m in self._attacks()]),
                         Row("Zone", []), Row("Dice", [(str(d), d) for d in range(1, cp + 1)]), Row("Extra", [])]
            self._refresh_dependent()

    def _who(self, i: int) -> str:
        return f"{self.g.fighters[i].t.name} ({'ABCDEFGHIJKL'[i]})"

    def _can(self, m) -> bool:
        me, g = self.g.fighters[self.f], self.g
        if me.t.prof < m.min_prof or (m.needs == "shield" and me.t.shield < 0):
            return False
        if m.needs == "weapon" and me.weapon == g.fist:
            return False
        w = g.rules.weapons[me.weapon]
        return not (m.tn_from == "weapon_swing" and not w.atn_swing or m.tn_from == "weapon_thrust" and not w.atn_thrust)

    def _attacks(self):
        return [m for m in self.g.rules.maneuvers if m.kind == "attack" and self._can(m)]

    def _row(self, name: str) -> Row | None:
        return next((r for r in self.rows if r.name == name), None)

    def _refresh_dependent(self) -> None:
        r = self.g.rules
        man = self._row("Maneuver")
        if man is None or man.value is None:
            return
        m = r.maneuvers[man.value]
        ans = self._row("Answer")
        if ans is not None and ans.value[0] == "d":
            m = r.maneuvers[ans.value[1]]
        zone = self._row("Zone")
        old = zone.value
        if m.kind == "attack":
            zone.options = [(f"{z.numeral} {z.name}" + (f" (+{z.aim_cost})" if z.aim_cost else ""), z.index)
                            for z in r.zones if m.zones in ("any", z.kind)]
        else:
            zone.options = []
        zone.index = 0
        if old is not None:
            zone.select(old)
        extra = self._row("Extra")
        extra.options = [(str(e), e) for e in range(m.extra_max + 1)]
        extra.index = min(extra.index, len(extra.options) - 1)

    def visible_rows(self) -> list[Row]:
        ans, tgt = self._row("Answer"), self._row("Target")
        if (ans is not None and ans.value[0] == "p") or (tgt is not None and tgt.value == -1):
            return [(ans or tgt)]
        if ans is not None and ans.value[0] == "d":
            return [r for r in self.rows if r.name not in ("Maneuver", "Zone")]
        return [r for r in self.rows if r.options]

    def _preselect(self, a) -> None:
        k = a[0]
        try:
            if k == A.PASS:
                (self._row("Answer") or self._row("Target")).select(("p", -1) if self._row("Answer") else -1)
            elif k in (A.MOVE, A.FOOTING):
                self.rows[0].select(a[2])
            elif k == A.ORIENT:
                self.rows[0].select(a[2])
                self.rows[1].select(a[3])
            elif k in (A.ATTACK, A.BUY):
                if k == A.BUY:
                    self._row("Answer").select(("b", -1))
                else:
                    self._row("Target").select(a[2])
                self._row("Maneuver").select(a[3])
                self._refresh_dependent()
                self._row("Zone").select(a[4])
                self._row("Dice").select(a[5])
                self._row("Extra").select(a[6])
            elif k == A.DEFEND:
                self._row("Answer").select(("d", a[3]))
                self._refresh_dependent()
                self._row("Dice").select(a[4])
                self._row("Extra").select(a[5])
        except (AttributeError, IndexError):
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
        if row.name in ("Maneuver", "Answer"):
            self._refresh_dependent()
        self.error = ""

    def current(self) -> Row:
        rows = self.visible_rows()
        return rows[min(self.row, len(rows) - 1)]

    def action(self):
        g, f = self.g, self.f
        ph = g.phase
        v = {r.name: r.value for r in self.rows}
        if ph == "move":
            return (A.MOVE, f, v["Step"])
        if ph == "footing":
            return (A.FOOTING, f, v["Footing dice"])
        if ph == "orient":
            return (A.ORIENT, f, v["Stance"], v["Throw"])
        if ph == "attack":
            if v["Target"] == -1:
                return (A.PASS, f)
            return (A.ATTACK, f, v["Target"], v["Maneuver"], v["Zone"], v["Dice"], v["Extra"] or 0)
        if ph == "defence":
            att = g.answering()
            if v["Answer"][0] == "p":
                return (A.PASS, f)
            if v["Answer"][0] == "b":
                return (A.BUY, f, att, v["Maneuver"], v["Zone"], v["Dice"], v["Extra"] or 0)
            return (A.DEFEND, f, att, v["Answer"][1], v["Dice"], v["Extra"] or 0)
        return None

    def cost_text(self) -> str:
        g, f = self.g, self.f
        a = self.action()
        if a is None or a[0] not in (A.ATTACK, A.BUY, A.DEFEND) or self.rows[0].value in (-1, ("p", -1)):
            return ""
        r = g.rules
        if a[0] == A.DEFEND:
            m = r.maneuvers[a[3]]
            cost = a[4] + m.cost + a[5]
        else:
            m = r.maneuvers[a[3]]
            cost = a[5] + m.cost + r.zones[a[4]].aim_cost + a[6] + (g.buy_cost(f) if a[0] == A.BUY else 0)
        return f"costs {cost} of {g.fighters[f].cp} CP"

    def check(self) -> bool:
        try:
            self.g.check(self.action())
            self.error = ""
            return True
        except (ActionError, TypeError, KeyError) as exc:
            self.error = str(exc)
            return False
