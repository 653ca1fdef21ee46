"""Load a GDL module (and its base modules and includes) into a `Module`.

Forms are interpreted in file order, as Xconq does: types are numbered as they are defined,
`add` and `table` change what was defined before them, `base-module` reads the base at that
point (its variants are not applied), `include` reads another module whose variants are applied.
Every problem is a `Warning` with file:line; only unreadable files raise `GdlError`.
"""

from __future__ import annotations

from pathlib import Path

from game.core import datafile
from game.core.canon import digest
from game.rules.gdl import schema as S
from game.rules.gdl.area import AreaForms
from game.rules.gdl.model import Module, UnitSpec, Warning
from game.rules.gdl.reader import STRAY, GdlError, Lst, Sym, read_forms
from game.rules.gdl.scenario import ScenarioForms
from game.rules.gdl.std_variants import record_std_variant
from game.rules.gdl.tables import TableForms
from game.rules.gdl.values import ValueForms

MAX_FILES = 48          # modules read for one game (base modules and includes)
MAX_TYPES = 300         # of each kind (the library's largest module has 275 unit types)
_IGNORED_FORMS = frozenset((
    "namer", "imf", "print", "side-defaults", "advance-type",
    "doctrine", "unit-namers", "game-variants", "evt",
))
_MODULE_KEYS = frozenset((
    "title", "blurb", "version", "base-module", "notes", "variants", "design-notes",
    "instructions", "program-version", "picture-name", "default-base-module",
    "original-module", "original-variants", "original-version",
))


_WORLD_KEYS = frozenset(["circumference", "day-length", "year-length", "daylight-fraction", "twilight-fraction",
                         "axial-tilt"])


def _module_text(path: Path) -> str:
    # the one bounded reader: regular files only (a FIFO would block, /dev/zero never ends), 2 MiB
    try:
        data = datafile.read_bytes(path, max_bytes=2 * 1024 * 1024)
    except datafile.MissingFile:
        raise GdlError(f"{path}: no such module file") from None
    except datafile.DataFileError as exc:
        raise GdlError(f"{path}: {exc.what}") from None
    if b"\0" in data:
        raise GdlError(f"{path}: binary data, not a GDL module")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


class Loader(AreaForms, ScenarioForms, TableForms, ValueForms):
    def __init__(self, folder: Path, cache: dict | None = None):
        self.folder = folder
        self.cache = cache
        self.m = Module()
        self.env: dict[str, object] = {}
        self.ukind: dict[str, tuple[str, int]] = {}   # any type name -> (kind, index)
        self.file = ""
        self.loaded: list[str] = []
        self.hash_parts: list[bytes] = []
        self.module_depth = 0
        self.named_units: dict[str, UnitSpec] = {}
        self.id_units: dict[int, UnitSpec] = {}
        self.next_side = 1
        self.work = 0
        self.restrict = (0, 0, 0, 0)          # (restrict w h x y): layers and units of a larger map
        self.unit_offset = (0, 0)             # (unit-defaults (@ x y))
        self.unit_defaults: dict = {}
        self.side_syms: set[str] = set()

    # --- warnings -------------------------------------------------------------------------
    def warn(self, line: int, msg: str, play: bool = True) -> None:
        if len(self.m.warnings) < 5000:
            self.m.warnings.append(Warning(self.file, line, msg, play))

    # --- files ----------------------------------------------------------------------------
    def load_file(self, path: Path, apply_variants: bool, line: int = 0) -> bool:
        key = path.name
        if key in self.loaded:
            return True
        if len(self.loaded) >= MAX_FILES:
            raise GdlError(f"{self.file}:{line}: more than {MAX_FILES} modules read for one game")
        cached = self.cache.get(str(path)) if self.cache is not None else None
        if cached is None:
            text = _module_text(path)
            notes: list = []
            forms = read_forms(text, key, lambda ln, msg: notes.append((ln, msg)))
            cached = (text, forms, notes)
            if self.cache is not None:
                self.cache[str(path)] = cached
        text, forms, notes = cached
        self.loaded.append(key)
        self.hash_parts.append(key.encode() + b"\0" + text.encode("utf-8", "replace") + b"\0")
        outer = self.file
        self.file = key
        self.module_depth += 1
        try:
            for ln, msg in notes:
                self.warn(ln, msg)
            for form in forms:
                self.form(form, apply_variants)
        finally:
            self.module_depth -= 1
            self.file = outer
        return True

    def sub_module(self, name, line: int, apply_variants: bool) -> None:
        if not isinstance(name, str) or not name or "/" in name or "\\" in name or name.startswith("."):
            self.warn(line, f"module name {name!r} is not a plain name")
            return
        path = self.folder / (name + ".g")
        try:
            found = path.exists()
        except OSError as exc:                      # a name too long for a file (ENAMETOOLONG)
            self.warn(line, f"module name {name[:40]!r}... is no file name: {exc.strerror}")
            return
        if not found:
            self.warn(line, f"module {name!r} not found next to {self.file}")
            return
        self.load_file(path, apply_variants, line)

    # --- forms ----------------------------------------------------------------------------
    def form(self, f, apply_variants: bool) -> None:
        if not isinstance(f, Lst) or not f or not isinstance(f[0], Sym):
            self.warn(getattr(f, "line", 0), f"top-level item {str(f)[:30]!r} is not a form", play=False)
            return
        head = f[0]
        line = f.line
        if head == STRAY:
            self.warn(line, f"top-level item {str(f[1])[:30]!r} is not a form", play=False)
            return
        h = getattr(self, "f_" + head.replace("-", "_"), None)
        if h is not None:
            h(f, line, apply_variants) if head in ("game-module", "include") else h(f, line)
        elif head == "unit":
            if len(f) < 2:
                self.warn(line, "unit: no type")
                return
            ut = self._unit_head(f[1]) if isinstance(f[1], Sym) else None
            if ut is None and isinstance(f[1], str) and not isinstance(f[1], Sym):
                self.modify_unit(f, line)
            elif ut is None:
                self.warn(line, f"unit: {f[1]!r} is not a unit type")
            else:
                self.unit(ut, f[2:], line)
        elif self._unit_head(head) is not None:
            self.unit(self._unit_head(head), f[1:], line)
        elif head in _IGNORED_FORMS:
            pass
        else:
            self.warn(line, f"form {head!r} is not implemented")

    def _unit_head(self, head) -> int | None:
        k = self.ukind.get(head)
        if k is None and head in self.env and isinstance(self.env[head], str):
            k = self.ukind.get(self.env[head])      # (define ca |heavy cruiser|) then (ca 3 4 1)
        return k[1] if k is not None and k[0] == "u" else None

    def f_game_module(self, f, line, apply_variants):
        rest = f[1:]
        named = bool(rest) and isinstance(rest[0], str) and not isinstance(rest[0], Sym)
        if named:
            if self.module_depth == 1 and not self.m.name:
                self.m.name = rest[0]
            rest = rest[1:]
        main = self.module_depth == 1
        for p in rest:
            if not isinstance(p, Lst) or not p or not isinstance(p[0], Sym):
                self.warn(line, f"game-module: {str(p)[:30]!r} is not a property", play=False)
                continue
            key = p[0]
            if key in ("title", "blurb", "version") and len(p) > 1 and main:
                setattr(self.m, key, str(p[1]))
            elif key == "notes":
                for v in p[1:]:
                    self.m.notes.extend(str(s) for s in (v if isinstance(v, list) else [v]))
            elif key == "base-module" and len(p) > 1:
                self.sub_module(p[1], p.line, apply_variants=False)
            elif key == "variants":
                if apply_variants:
                    for v in p[1:]:
                        self.variant(v)
            elif key not in _MODULE_KEYS:
                self.warn(p.line, f"game-module: {key!r} is not a module property", play=False)

    def variant(self, v) -> None:
        """`([name] id [help] [default] (value forms...)...)`: the default's forms are applied
        (players cannot choose variants yet); the standard see-all/world-seen set their global."""
        if not isinstance(v, Lst) or not v:
            return
        rest = list(v[1:])
        if isinstance(v[0], Sym):
            name, vid = str(v[0]), v[0]
        else:
            name = str(v[0])
            vid = rest.pop(0) if rest and isinstance(rest[0], Sym) else Sym(name)
        if rest and isinstance(rest[0], str) and not isinstance(rest[0], Sym):
            rest.pop(0)                      # help text
        if vid in ("world-size", "real-time"):
            record_std_variant(self, v)          # world synthesis reads world-size
            return
        default = 0
        if rest and not isinstance(rest[0], Lst):
            default = self.value(rest.pop(0), v.line)
        self.m.variants.append({"name": name, "id": str(vid), "default": default})
        if vid in ("see-all", "world-seen"):
            self.m.globals[str(vid)] = default
        for c in rest:
            if isinstance(c, Lst) and c and self.value(c[0], c.line) == default:
                for sub in c[1:]:
                    self.form(sub, True)

    def f_world(self, f, line):
        """`(world [circumference] (day-length n) (year-length n) (daylight-fraction n) ...)`."""
        for p in f[1:]:
            if isinstance(p, int):
                self.m.world["circumference"] = p
            elif isinstance(p, Lst) and len(p) == 2 and isinstance(p[0], Sym) and isinstance(p[1], int):
                if p[0] in _WORLD_KEYS:
                    self.m.world[str(p[0])] = p[1]
                else:
                    self.warn(p.line, f"world property {p[0]!r} is not implemented")

    def f_include(self, f, line, apply_variants):
        for name in f[1:]:
            self.sub_module(str(name), line, apply_variants=True)

    def f_define(self, f, line):
        if len(f) != 3 or not isinstance(f[1], Sym):
            self.warn(line, "define: expected (define name value)")
            return
        if f[1] in self.env:      # Xconq warns and keeps the first binding
            self.warn(line, f"define: {f[1]!r} is already defined; this form is ignored", play=False)
            return
        self.env[f[1]] = self.value(f[2], line)

    def f_undefine(self, f, line):
        if len(f) == 2 and isinstance(f[1], Sym):
            self.env.pop(f[1], None)

    def f_set(self, f, line):
        if len(f) != 3 or not isinstance(f[1], Sym):
            self.warn(line, "set: expected (set name value)")
            return
        name = f[1]
        if name in S.GLOBAL_BY_NAME or name in S.IGNORED_GLOBALS:
            self.m.globals[name] = self.value(f[2], line)
            self.m.origin[("g", str(name))] = (self.file, line)
        elif name in self.env:
            self.env[name] = self.value(f[2], line)
        else:
            self.warn(line, f"global {name!r} is not implemented",
                      play=name not in S.IGNORED_GLOBALS)

    def type_form(self, f, line, kind: str):
        if len(f) < 2 or not isinstance(f[1], Sym):
            self.warn(line, f"{f[0]}: expected a type name")
            return
        lst = self.type_list(kind)
        name = f[1]
        if name in self.ukind:
            self.warn(line, f"{f[0]}: {name!r} is already defined; the new properties change it")
            k, idx = self.ukind[name]
            if k != kind:
                return
        else:
            if len(lst) >= MAX_TYPES:
                raise GdlError(f"{self.file}:{line}: more than {MAX_TYPES} {f[0]}s")
            idx = len(lst)
            lst.append(str(name))
            self.ukind[name] = (kind, idx)
            self.grow(kind)
        for p in f[2:]:
            if isinstance(p, Lst) and len(p) >= 2 and isinstance(p[0], Sym):
                val = self.value(p[1], p.line) if len(p) == 2 else [self.value(v, p.line) for v in p[1:]]
                self.set_prop(kind, [idx], p[0], val, p.line, broadcast=True)
                if p[0] == "name" and isinstance(p[1], str) and p[1] not in self.ukind:
                    self.ukind[p[1]] = (kind, idx)
            else:
                self.warn(getattr(p, "line", line), f"{f[0]} {name}: {str(p)[:30]!r} is not a property")

    def f_unit_type(self, f, line):
        self.type_form(f, line, "u")

    def f_terrain_type(self, f, line):
        self.type_form(f, line, "t")

    def f_material_type(self, f, line):
        self.type_form(f, line, "m")

    def grow(self, kind: str) -> None:
        props = {"u": self.m.uprops, "t": self.m.tprops, "m": self.m.mprops}[kind]
        for name, default in _DEFAULTS[kind]:
            props.setdefault(name, []).append(default)


_DEFAULTS = {k: [(p.name, p.default) for p in S.PROPS if p.of == k] for k in "utm"}

def load_module(path: str | Path, cache: dict | None = None) -> Module:
    """Read a module file and everything it names; raise GdlError only for unreadable files or
    loads over a bound. `cache` (path -> parsed file) lets a caller loading many modules read
    each file once; the loader never changes parsed forms."""
    p = Path(path)
    ld = Loader(p.parent, cache)
    ld.file = p.name
    ld.load_file(p, apply_variants=True)
    m = ld.m
    if not m.name:
        m.name = p.stem
    m.files = list(ld.loaded)
    m.content_hash = digest(b"".join(ld.hash_parts))
    for kind in "utm":
        props = {"u": m.uprops, "t": m.tprops, "m": m.mprops}[kind]
        for sp in S.PROPS:
            if sp.of == kind:
                props.setdefault(sp.name, [])
    ld.finish_tables()
    ld.file = p.name
    ld.finish_units()
    m.work = ld.work
    m.type_names = dict(ld.ukind)
    return m
