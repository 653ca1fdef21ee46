"""Scenario forms (sides, units in both forms, scorekeepers), mixed into the loader."""

from __future__ import annotations

from game.rules.gdl.model import UnitSpec
from game.rules.gdl.reader import GdlError, Lst, Sym

MAX_UNITS = 20_000
_QUIET_UNIT_KEYS = frozenset((
    "cp", "m", "plan", "z", "tp", "cxp", "morale", "appear", "disappear", "o", "priority", "x",
    "nb", "acp", "mp", "ai", "sym",
))
_SIDE_KEYS = frozenset((
    "name", "noun", "plural-noun", "adjective", "class", "emblem-name", "colors", "long-name",
    "short-name",
))


class ScenarioForms:
    def f_side(self, f, line):
        rest = list(f[1:])
        sid = None
        if rest and isinstance(rest[0], int):
            sid = rest.pop(0)
        elif rest and isinstance(rest[0], Sym):
            rest.pop(0)
        if sid is None:
            sid = self.next_side
        if not 0 <= sid <= 15:
            self.warn(line, f"side {sid}: ids 0..15 are supported")
            return
        self.next_side = max(self.next_side, sid + 1)
        info = self.m.sides.setdefault(sid, {"id": sid})
        for p in rest:
            if (isinstance(p, Lst) and len(p) >= 2 and isinstance(p[0], Sym) and p[0] in _SIDE_KEYS
                    and isinstance(p[1], str)):
                info[str(p[0])] = str(p[1])

    def unit(self, utype: int, rest, line) -> None:
        if len(self.m.units) >= MAX_UNITS:
            raise GdlError(f"{self.file}:{line}: more than {MAX_UNITS} units")
        nums = []
        rest = list(rest)
        while rest and isinstance(rest[0], int):
            nums.append(rest.pop(0))
        spec = UnitSpec(utype, None, None, 0, file=self.file, line=line)
        if len(nums) >= 2:
            spec.x, spec.y = nums[0], nums[1]
        if len(nums) >= 3:
            spec.side = nums[2]
        self.unit_props(spec, rest, line)
        self.m.units.append(spec)
        if spec.name:
            self.named_units[spec.name] = spec
        if spec.uid is not None:
            self.id_units[spec.uid] = spec

    def unit_props(self, spec: UnitSpec, rest, line) -> None:
        for p in rest:
            if not isinstance(p, Lst) or not p or not isinstance(p[0], Sym):
                self.warn(line, f"unit: {str(p)[:30]!r} is not a unit property", play=False)
                continue
            k, args = p[0], p[1:]
            if k == "n" and args:
                spec.name = str(args[0])
            elif k == "@" and len(args) >= 2 and all(isinstance(a, int) for a in args[:2]):
                spec.x, spec.y = args[0], args[1]
            elif k == "s" and args and isinstance(args[0], int):
                spec.side = args[0]
            elif k == "hp" and args and isinstance(args[0], int):
                spec.hp = args[0]
            elif k == "in" and args:
                spec.transport = args[0] if isinstance(args[0], int) else str(args[0])
            elif k == "#" and args and isinstance(args[0], int):
                spec.uid = args[0]
            elif k == "sym" and args and isinstance(args[0], str):
                self.named_units[args[0]] = spec
            elif k in _QUIET_UNIT_KEYS:
                pass
            else:
                self.warn(p.line, f"unit property {k!r} is not implemented", play=False)

    def modify_unit(self, f, line) -> None:
        spec = self.named_units.get(f[1])
        if spec is None:
            self.warn(line, f"unit: no unit named {f[1]!r} to change")
            return
        self.unit_props(spec, f[2:], line)

    def f_scorekeeper(self, f, line):
        for p in f[1:]:
            if isinstance(p, Lst) and p and p[0] == "do":
                body = p[1] if len(p) > 1 else None
                if body == "last-side-wins":
                    self.m.scorekeepers.append("last-side-wins")
                else:
                    self.warn(p.line, "scorekeeper: only (do last-side-wins) is implemented")

