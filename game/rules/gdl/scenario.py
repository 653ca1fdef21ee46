"""Scenario forms (sides, unit-defaults, units in both forms, scorekeepers), mixed into the loader.

Sides: `(side N [sym] props...)` or `(side sym props...)`; a symbol is bound to the side's id, so
`(unit ... (s uk))` and `(infantry 3 4 uk)` work; a later `(side uk ...)` changes that side.
Units: `(type x y [side] props...)` or `(unit type|"name" props...)`. Positions follow Xconq's
reader: x + the unit-defaults offset - the area restriction's x (the same for y). A unit with
`(appear N)` is written at (-x, -y) and enters play at (x, y) on turn N. Transports (`in`) are
resolved after all units are read; cycles and chains deeper than MAX_CHAIN are refused with a
warning (the unit is left outside any transport).
"""

from __future__ import annotations

from game.rules.gdl import sklang
from game.rules.gdl.model import Scorekeeper, UnitSpec
from game.rules.gdl.reader import GdlError, Lst, Sym

MAX_UNITS = 20_000
MAX_SIDES = 30          # side ids 0..MAX_SIDES (0 is the independent side)
MAX_CHAIN = 16          # transports inside transports
_QUIET_UNIT_KEYS = frozenset((
    "plan", "z", "tp", "cxp", "morale", "o", "priority", "x", "nb", "mo", "ai", "trk",
    "opinions", "image-name", "a", "acp0", "am", "size", "reach", "usedcells", "maxcells",
    "curadvance", "production", "population", "cp-stash", "creation-id", "sides", "autoresearch",
))
_SIDE_KEYS = frozenset((
    "name", "noun", "plural-noun", "adjective", "class", "emblem-name", "colors", "long-name",
    "short-name", "color",
))


class ScenarioForms:
    # --- sides --------------------------------------------------------------------------------
    def f_side(self, f, line):
        rest = list(f[1:])
        sid = None
        if rest and isinstance(rest[0], int):
            sid = rest.pop(0)
        sym = rest.pop(0) if rest and isinstance(rest[0], Sym) else None
        if sid is None and sym is not None and isinstance(self.env.get(sym), int) and sym in self.side_syms:
            sid = self.env[sym]                    # (side uk ...) changes the side named uk
        if sid is None:
            sid = self.next_side
        if not 0 <= sid <= MAX_SIDES:
            self.warn(line, f"side {sid}: ids 0..{MAX_SIDES} are supported")
            return
        if sym is not None:
            self.env[sym] = sid
            self.side_syms.add(sym)
        self.next_side = max(self.next_side, sid + 1)
        info = self.m.sides.setdefault(sid, {"id": sid})
        for p in rest:
            if (isinstance(p, Lst) and len(p) >= 2 and isinstance(p[0], Sym) and p[0] in _SIDE_KEYS
                    and isinstance(p[1], str)):
                info[str(p[0])] = str(p[1])
            elif isinstance(p, Lst) and p and p[0] == "trusts":
                info["trusts"] = [[self.value(q[0], p.line), self.value(q[1], p.line)]
                                  for q in p[1:] if isinstance(q, Lst) and len(q) == 2]

    def f_independent_units(self, f, line):
        self.m.sides.setdefault(0, {"id": 0})

    def side_id(self, v, line: int):
        """A side given as a number, a bound symbol or a side name/noun/adjective string."""
        v = self.value(v, line) if isinstance(v, (Sym, Lst)) else v
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        if isinstance(v, str):
            if v == "independent":
                return 0
            for sid, info in self.m.sides.items():
                if v in (info.get("name"), info.get("noun"), info.get("adjective"), info.get("plural-noun")):
                    return sid
        self.warn(line, f"unit: side {str(v)[:30]!r} is not a side")
        return None

    # --- units --------------------------------------------------------------------------------
    def f_unit_defaults(self, f, line):
        rest = list(f[1:])
        if rest and rest[0] == "reset":
            rest.pop(0)
            self.unit_defaults = {}
            self.unit_offset = (0, 0)
        for p in rest:
            if not isinstance(p, Lst) or len(p) < 2 or not isinstance(p[0], Sym):
                continue
            k = p[0]
            if k == "@" and len(p) >= 3 and isinstance(p[1], int) and isinstance(p[2], int):
                self.unit_offset = (p[1], p[2])
            elif k in ("s", "os"):
                sid = self.side_id(p[1], p.line)
                if sid is not None:
                    self.unit_defaults[k] = sid
            elif k in ("hp", "cp", "in") and isinstance(p[1], int):
                self.unit_defaults[k] = p[1]
            elif k not in _QUIET_UNIT_KEYS:
                self.warn(p.line, f"unit-defaults: {k!r} is not implemented", play=False)

    def unit(self, utype: int, rest, line) -> None:
        if len(self.m.units) >= MAX_UNITS:
            raise GdlError(f"{self.file}:{line}: more than {MAX_UNITS} units")
        d = self.unit_defaults
        spec = UnitSpec(utype, None, None, d.get("s", 0), file=self.file, line=line,
                        hp=d.get("hp"), cp=d.get("cp"), origside=d.get("os"))
        if "in" in d and d["in"] > 0:
            spec.transport = d["in"]
        rest = list(rest)
        nums = []
        while rest and isinstance(rest[0], int) and len(nums) < 2:
            nums.append(rest.pop(0))
        if len(nums) == 2:
            spec.x, spec.y = self.placed(nums[0], nums[1])
        if rest and not isinstance(rest[0], Lst):
            sid = self.side_id(rest.pop(0), line)
            if sid is not None:
                spec.side = sid
        self.unit_props(spec, rest, line)
        self.m.units.append(spec)
        if spec.name:
            self.named_units[spec.name] = spec
        if spec.uid is not None:
            self.id_units[spec.uid] = spec

    def placed(self, x: int, y: int) -> tuple[int, int]:
        ox, oy = self.unit_offset
        return x + ox - self.restrict[2], y + oy - self.restrict[3]

    def unit_props(self, spec: UnitSpec, rest, line) -> None:
        for p in rest:
            if not isinstance(p, Lst) or not p or not isinstance(p[0], Sym):
                self.warn(line, f"unit: {str(p)[:30]!r} is not a unit property", play=False)
                continue
            k, args = p[0], p[1:]
            a0 = args[0] if args else None
            if k == "n" and args:
                spec.name = str(a0)
            elif k == "@" and len(args) >= 2 and all(isinstance(a, int) for a in args[:2]):
                spec.x, spec.y = self.placed(args[0], args[1])
            elif k in ("s", "os") and args:
                sid = self.side_id(a0, p.line)
                if sid is not None:
                    if k == "s":
                        spec.side = sid
                    else:
                        spec.origside = sid
            elif k in ("hp", "cp", "acp", "appear", "disappear", "point-value") and isinstance(a0, int):
                setattr(spec, {"point-value": "point_value"}.get(k, k), a0)
            elif k == "in" and args:
                spec.transport = a0 if isinstance(a0, int) else str(a0)
            elif k == "#" and isinstance(a0, int):
                spec.uid = a0
            elif k == "sym" and isinstance(a0, str):
                self.named_units[a0] = spec
            elif k == "m":
                self.unit_supply(spec, args, p.line)
            elif k in _QUIET_UNIT_KEYS:
                pass
            else:
                self.warn(p.line, f"unit property {k!r} is not implemented", play=False)

    def unit_supply(self, spec: UnitSpec, args, line) -> None:
        """(m n1 n2 ...) in material order, or (m (water 5) (fuel 2) ...)."""
        if args and all(isinstance(a, Lst) for a in args):
            for pair in args:
                if len(pair) == 2:
                    for mi in self.types(pair[0], "m", line, "unit supply"):
                        v = self.value(pair[1], line)
                        if isinstance(v, int):
                            spec.supply[mi] = v
            return
        vals = [self.value(a, line) for a in args]
        if len(vals) > len(self.m.mtypes):
            self.warn(line, f"unit supply: {len(vals)} values for {len(self.m.mtypes)} materials")
        for mi, v in enumerate(vals[:len(self.m.mtypes)]):
            if isinstance(v, int):
                spec.supply[mi] = v

    def modify_unit(self, f, line) -> None:
        spec = self.named_units.get(f[1])
        if spec is None:
            self.warn(line, f"unit: no unit named {f[1]!r} to change")
            return
        self.unit_props(spec, f[2:], line)

    def finish_units(self) -> None:
        """Resolve transports (names, symbols or ids), refusing cycles and over-deep chains."""
        m = self.m
        index = {id(s): i for i, s in enumerate(m.units)}
        for spec in m.units:
            tr = spec.transport
            if tr is None:
                continue
            target = self.id_units.get(tr) if isinstance(tr, int) else self.named_units.get(tr)
            if target is None or target is spec:
                self.file = spec.file
                self.warn(spec.line, f"unit: transport {tr!r} not found")
                spec.transport = None
            else:
                spec.transport = index[id(target)]
        for i, spec in enumerate(m.units):
            seen = {i}
            j = spec.transport
            depth = 0
            while j is not None:
                depth += 1
                if j in seen or depth > MAX_CHAIN:
                    self.file = spec.file
                    why = "units inside each other" if j in seen else f"transports nested deeper than {MAX_CHAIN}"
                    self.warn(spec.line, f"unit: {why}; the unit is placed outside its transport")
                    spec.transport = None
                    break
                seen.add(j)
                j = m.units[j].transport

    # --- scorekeepers -------------------------------------------------------------------------
    def f_scorekeeper(self, f, line):
        rest = list(f[1:])
        if rest and isinstance(rest[0], int):
            rest.pop(0)
        sk = Scorekeeper(file=self.file, line=line)
        for p in rest:
            if not isinstance(p, Lst) or not p or not isinstance(p[0], Sym):
                self.warn(getattr(p, "line", line), f"scorekeeper: {str(p)[:30]!r} is not a property")
                continue
            k, args = p[0], p[1:]
            if k == "do" and args:
                sk.body = self.sk_data(args[0], p.line)
                for what in sklang.problems(sk.body):
                    self.warn(p.line, f"scorekeeper: {what} is not implemented")
            elif k == "when" and args:
                w = args[0]
                if isinstance(w, Lst) and w and isinstance(w[0], Sym):
                    sk.when = str(w[0])
                    sk.when_test = self.sk_data(w[1], p.line) if len(w) > 1 else None
                elif isinstance(w, Sym):
                    sk.when = str(w)
            elif k == "applies-to" and args:
                sk.applies_to = self.sk_data(args[0], p.line)
            elif k == "title" and args:
                sk.title = str(args[0])
            elif k == "keep-score" and args:
                sk.keep_score = bool(self.value(args[0], p.line))
            elif k == "initial-score" and isinstance(args[0], int):
                sk.initial = args[0]
            elif k == "trigger" and args:
                sk.trigger = self.sk_data(args[0], p.line)
            elif k not in ("known-to", "triggered", "notes"):
                self.warn(p.line, f"scorekeeper property {k!r} is not implemented")
        if sk.when not in ("after-turn", "before-turn", "after-action", "after-event"):
            self.warn(line, f"scorekeeper: when {sk.when!r} is not implemented")
            return
        self.m.scorekeepers.append(sk)

    def sk_data(self, x, line: int, depth: int = 0):
        """A scorekeeper expression as plain data: lists, ints, strings; symbols the module
        defined are replaced by their values (types lists, numbers)."""
        self.spend(1, line)
        if depth > 32:
            return None
        if isinstance(x, Sym):
            if x in self.env and x not in sklang.KEYWORDS and x not in sklang.ACTIONS:
                return self.sk_data(self.env[x], line, depth + 1)
            return {"nil": [], "true": 1, "false": 0}.get(x, str(x))
        if isinstance(x, list):
            if isinstance(x, Lst) and len(x) == 2 and x[0] == "quote":
                return self.sk_data(x[1], line, depth + 1)
            return [self.sk_data(v, line, depth + 1) for v in x]
        return x
