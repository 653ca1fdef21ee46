"""Type properties and tables of a GDL module: `(add types property value)`, the properties
given in a type's own form, and `(table name [add] clause...)`. Mixed into `Loader`
(loader.py); every problem is a warning with its line, and every cell written is counted
against the load's work budget (a table clause over all types costs types x types steps).

A clause `(i1 i2 v)` follows Xconq's reader: when i1 names several types a list value runs
along i1 (each element then filling i2, or running along i2 when it is itself a list); when only
i2 names several types a list value runs along i2. Tables are dense lists, grown when types are
added after them, and finished (padded, type values resolved) by `finish_tables`.
"""

from __future__ import annotations

from game.rules.gdl import schema as S
from game.rules.gdl.reader import Dice, Lst, Sym

_BAD = object()     # a value that could not be read (a warning is already given)
POOL_CELLS = 4096      # tables above this many cells share their equal rows
_KIND_NAMES = {"u": "unit", "t": "terrain", "m": "material"}


class TableForms:
    # --- dimensions -------------------------------------------------------------------------
    def type_list(self, kind: str) -> list:
        m = self.m
        return m.utypes if kind == "u" else m.ttypes if kind == "t" else m.mtypes

    def new_table(self, t: S.Table) -> list:
        """A table being read: a row per type, None until a clause writes into it."""
        rows = len(self.type_list(t.index[0]))
        self.spend(rows, 0)
        return [None] * rows

    def finish_tables(self) -> None:
        """Every declared table at the module's final size. Tables are read, never changed, after
        loading, so in large tables equal rows are one list (spec.g's 275 x 275 tables: 18 MB
        become 1 MB); small ones are not worth the hashing."""
        pool: dict[tuple, list] = {}
        for name, t in S.TABLE_BY_NAME.items():
            rows = len(self.type_list(t.index[0]))
            cols = len(self.type_list(t.index[1]))
            tab = self.m.tables.get(name)
            if tab is None:
                row = [t.default] * cols
                self.m.tables[name] = [row] * rows
                continue
            while len(tab) < rows:
                tab.append(None)
            default_row = [t.default] * cols
            big = rows * cols > POOL_CELLS
            for i, row in enumerate(tab):
                if row is None:
                    row = default_row
                elif len(row) < cols:
                    row.extend([t.default] * (cols - len(row)))
                tab[i] = pool.setdefault(tuple(row), row) if big else row

    # --- properties -------------------------------------------------------------------------
    def set_prop(self, kind: str, idxs: list[int], prop, val, line: int, broadcast: bool = False) -> None:
        sp = S.PROP_BY_KEY.get((kind, prop))
        if sp is None:
            if prop in S.IGNORED_PROPS:
                return
            self.warn(line, f"property {prop!r} of {_KIND_NAMES.get(kind, kind)} types is not implemented")
            return
        arr = {"u": self.m.uprops, "t": self.m.tprops, "m": self.m.mprops}[kind]
        if sp.kind == "list":
            for i in idxs:
                arr[sp.name][i] = val
            return
        self.m.origin[(kind, str(prop))] = (self.file, line)
        vals = val if isinstance(val, list) and not broadcast else None
        if isinstance(val, list) and broadcast:
            if len(val) != 1:
                self.warn(line, f"{prop}: expected one value, got a list")
                return
            vals = None
            val = val[0]
        if vals is not None:
            if len(vals) != len(idxs):
                self.warn(line, f"{prop}: {len(vals)} values for {len(idxs)} types")
            pairs = list(zip(idxs, vals))
        else:
            pairs = [(i, val) for i in idxs]
        self.spend(len(pairs), line)
        for i, v in pairs:
            cv = self.coerce_prop(sp, v, line)
            if cv is not _BAD:
                arr[sp.name][i] = cv

    def coerce_prop(self, sp: S.Prop, v, line: int):
        if sp.kind in ("int", "bool"):
            if isinstance(v, Dice):
                return v.mean100() // 100
            if isinstance(v, int):
                return v
            self.warn(line, f"{sp.name}: expected a number, got {str(v)[:40]!r}")
            return _BAD
        if sp.kind == "type":
            if v == [] or v == 0 or v == "non-unit":
                return None
            k = self.ukind.get(v) if isinstance(v, str) else None
            if k is None or k[0] != "u":
                self.warn(line, f"{sp.name}: {str(v)[:40]!r} is not a unit type")
                return _BAD
            return k[1]
        if sp.kind == "sym":
            return str(v) if isinstance(v, str) else _BAD
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
        self.set_prop(kind, idxs, f[2], self.value(f[3], line), line)

    # --- tables -----------------------------------------------------------------------------
    def f_table(self, f, line):
        if len(f) < 2 or not isinstance(f[1], Sym):
            self.warn(line, "table: expected a table name")
            return
        name = f[1]
        t = S.TABLE_BY_NAME.get(name)
        if t is None:
            self.warn(line, f"table {name!r} is not implemented", play=name not in S.IGNORED_TABLES)
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
                v = self.cell_value(t, self.value(c, cline), cline)
                if v is not _BAD:
                    self.put(t, tab, range(len(tab)), range(len(self.type_list(kb))), v, cline, checked=True)
                continue
            if len(c) != 3:
                self.warn(cline, f"table {name}: a clause needs (index1 index2 value)")
                continue
            va, vb = self.value(c[0], cline), self.value(c[1], cline)
            ia = self.types_of(va, ka, cline, f"table {name}")
            ib = self.types_of(vb, kb, cline, f"table {name}")
            self.clause(t, tab, ia, ib, self.several(va), self.several(vb), self.value(c[2], cline), cline)

    def clause(self, t, tab, ia, ib, a_many, b_many, val, line) -> None:
        if not a_many:
            if isinstance(val, list) and b_many:
                self.lengths_match(t, ib, val, line)
                self.put_along(t, tab, ia, ib, val, line)
            else:
                self.put(t, tab, ia, ib, val, line)
            return
        if not isinstance(val, list):
            self.put(t, tab, ia, ib, val, line)
            return
        self.lengths_match(t, ia, val, line)
        for a, v in zip(ia, val):
            if isinstance(v, list) and b_many:
                self.lengths_match(t, ib, v, line)
                self.put_along(t, tab, (a,), ib, v, line)
            else:
                self.put(t, tab, (a,), ib, v, line)

    def lengths_match(self, t, keys, vals, line) -> None:
        if len(keys) != len(vals):
            self.warn(line, f"table {t.name}: {len(vals)} values for {len(keys)} types")

    def put(self, t, tab, ia, ib, v, line, checked: bool = False) -> None:
        """v into every cell (a, b) of ia x ib."""
        if not checked:
            v = self.cell_value(t, v, line)
        if v is _BAD or not ia or not ib:
            return
        self.spend(len(ia) * len(ib), line)
        cols = len(self.type_list(t.index[1]))
        whole = len(ib) == cols and len(set(ib)) == cols
        self._grow(tab, ia)
        if whole:
            for a in ia:
                tab[a] = [v] * cols
            return
        default = t.default
        for a in ia:
            row = tab[a]
            if row is None:
                row = tab[a] = [default] * cols
            elif len(row) < cols:
                row.extend([default] * (cols - len(row)))
            for b in ib:
                row[b] = v

    def put_along(self, t, tab, ia, ib, vals, line) -> None:
        """The values of a list along ib (the shorter of the two decides), in every row of ia."""
        pairs = [(b, self.cell_value(t, v, line)) for b, v in zip(ib, vals)]
        pairs = [(b, v) for b, v in pairs if v is not _BAD]
        if not ia or not pairs:
            return
        self.spend(len(ia) * len(pairs), line)
        cols = len(self.type_list(t.index[1]))
        self._grow(tab, ia)
        for a in ia:
            row = self._row(t, tab, a, cols)
            for b, v in pairs:
                row[b] = v

    @staticmethod
    def _grow(tab, ia) -> None:
        top = max(ia)
        if top >= len(tab):             # a type defined after the table's first form
            tab.extend([None] * (top + 1 - len(tab)))

    @staticmethod
    def _row(t, tab, a: int, cols: int) -> list:
        row = tab[a]
        if row is None:
            row = tab[a] = [t.default] * cols
        elif len(row) < cols:
            row.extend([t.default] * (cols - len(row)))
        return row

    def cell_value(self, t: S.Table, v, line: int):
        kind = S.TYPE_VALUED.get(t.name)
        if kind is not None:
            if v == [] or (isinstance(v, str) and v in ("non-unit", "non-terrain", "non-material")):
                return -1
            if isinstance(v, int):
                return v
            k = self.ukind.get(v) if isinstance(v, str) else None
            if k is None or k[0] != kind:
                self.warn(line, f"table {t.name}: {str(v)[:40]!r} is not a {_KIND_NAMES[kind]} type")
                return _BAD
            return k[1]
        if isinstance(v, Dice):
            if t.dice:
                return v
            self.warn(line, f"table {t.name}: dice {v} where a number is expected; its mean is used")
            return v.mean100() // 100
        if isinstance(v, int):
            return v
        self.warn(line, f"table {t.name}: {str(v)[:40]!r} is not a number")
        return _BAD
