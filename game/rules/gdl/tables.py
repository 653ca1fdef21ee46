"""Type properties and tables of a GDL module: `(add types property value)`, the properties
given in a type's own form, and `(table name (index1 index2 value) ...)` with list values and
`add`. Mixed into `Loader` (loader.py); every problem is a warning with its line.
"""

from __future__ import annotations

from game.rules.gdl import schema as S
from game.rules.gdl.reader import Dice, Lst, Sym

_BAD = object()     # a value that could not be read (a warning is already given)


class TableForms:
    def new_table(self, t: S.Table) -> list[list]:
        rows, cols = self.table_dims(t)
        return [[t.default] * cols for _ in range(rows)]

    def table_dims(self, t: S.Table) -> tuple[int, int]:
        """(rows, columns) of a table: its index letters u/t/m count the types of each kind."""
        n = {"u": len(self.m.utypes), "t": len(self.m.ttypes), "m": len(self.m.mtypes)}
        return n[t.index[0]], n[t.index[1]]

    def set_prop(self, kind: str, idxs: list[int], prop, val, line: int, broadcast: bool = False) -> None:
        sp = S.PROP_BY_KEY.get((kind, prop))
        if sp is None:
            if prop in S.IGNORED_PROPS:
                return
            self.warn(line, f"property {prop!r} of {'unit' if kind == 'u' else 'terrain' if kind == 't' else 'material'}"
                            " types is not implemented")
            return
        arr = {"u": self.m.uprops, "t": self.m.tprops}.get(kind)
        if arr is None:
            return
        self.m.origin[(kind, str(prop))] = (self.file, line)
        vals = val if isinstance(val, list) and not broadcast and sp.kind != "list" else None
        if isinstance(val, list) and sp.kind in ("int", "type", "str", "bool") and len(idxs) == 1 and broadcast:
            vals = val if len(val) == 1 else None
            if vals is None:
                self.warn(line, f"{prop}: expected one value, got a list")
                return
        if vals is not None:
            if len(vals) != len(idxs):
                self.warn(line, f"{prop}: {len(vals)} values for {len(idxs)} types")
            pairs = list(zip(idxs, vals))
        else:
            pairs = [(i, val) for i in idxs]
        for i, v in pairs:
            cv = self.coerce_prop(sp, v, line)
            if cv is not _BAD:
                arr[sp.name][i] = cv

    def coerce_prop(self, sp: S.Prop, v, line: int):
        if sp.kind == "int":
            if isinstance(v, Dice):
                return v.mean100() // 100
            if isinstance(v, int):
                return v
            self.warn(line, f"{sp.name}: expected a number, got {v!r}")
            return _BAD
        if sp.kind == "type":
            if v == [] or v == 0:
                return None
            k = self.ukind.get(v) if isinstance(v, str) else None
            if k is None or k[0] != sp.of:
                self.warn(line, f"{sp.name}: {v!r} is not a unit type")
                return _BAD
            return k[1]
        return str(v) if not isinstance(v, list) else _BAD

    def f_add(self, f, line):
        if len(f) >= 2 and f[1] == "table":
            self.warn(line, "add table: use (table name add ...)", play=True)
            return
        if len(f) != 4 or not isinstance(f[2], Sym):
            self.warn(line, "add: expected (add types property value)")
            return
        kind = self.kind_of(f[1])
        if kind is None:
            self.warn(line, f"add: {str(f[1])[:40]!r} names no type")
            return
        idxs = self.types(f[1], kind, line, "add")
        if kind == "m":
            if f[2] not in S.IGNORED_PROPS:
                self.warn(line, f"property {f[2]!r} of material types is not implemented")
            return
        self.set_prop(kind, idxs, f[2], self.value(f[3]), line)

    def f_table(self, f, line):
        if len(f) < 2 or not isinstance(f[1], Sym):
            self.warn(line, "table: expected a table name")
            return
        name = f[1]
        t = S.TABLE_BY_NAME.get(name)
        if t is None:
            self.warn(line, f"table {name!r} is not implemented")
            return
        items = f[2:]
        adding = bool(items) and items[0] == "add"
        if adding:
            items = items[1:]
        tab = self.m.tables.get(name)
        if tab is None or not adding:
            tab = self.m.tables[name] = self.new_table(t)
        self.m.origin[("table", str(name))] = (self.file, line)
        ka, kb = t.index[0], t.index[1]
        for c in items:
            cline = getattr(c, "line", line)
            if not isinstance(c, Lst):
                v = self.cell_value(t, self.value(c), cline)
                if v is not _BAD:
                    for row in tab:
                        row[:] = [v] * len(row)
                continue
            if len(c) != 3:
                self.warn(cline, f"table {name}: a clause needs (index1 index2 value)")
                continue
            ia = self.types(c[0], ka, cline, f"table {name}")
            ib = self.types(c[1], kb, cline, f"table {name}")
            val = self.value(c[2])
            if isinstance(val, list):
                self.table_list(t, tab, ia, ib, val, cline)
            else:
                v = self.cell_value(t, val, cline)
                if v is not _BAD:
                    for a in ia:
                        for b in ib:
                            tab[a][b] = v

    def table_list(self, t, tab, ia, ib, val, line) -> None:
        """A list of values runs along the second index (or along the first when only the first
        names several types)."""
        along_b = len(ib) > 1 or len(ia) <= 1
        keys = ib if along_b else ia
        if len(val) != len(keys):
            self.warn(line, f"table {t.name}: {len(val)} values for {len(keys)} types")
        for k, v in zip(keys, val):
            v = self.cell_value(t, v, line)
            if v is not _BAD:
                for a in (ia if along_b else (k,)):
                    for b in ((k,) if along_b else ib):
                        tab[a][b] = v

    def cell_value(self, t: S.Table, v, line: int):
        if isinstance(v, Dice):
            if t.dice:
                return v
            self.warn(line, f"table {t.name}: dice {v} where a number is expected; its mean is used")
            return v.mean100() // 100
        if isinstance(v, int):
            return v
        self.warn(line, f"table {t.name}: {v!r} is not a number")
        return _BAD
