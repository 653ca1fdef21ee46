"""The native `.quest` level text: a header, a map in the legend of `tiles.LEGEND`, then entries.

    ; a comment line starts with ';'
    title: First steps
    grid: hex
    gravity: none
    melee: 5
    map:
    ~~#~~
    ...
    end
    grant 3,2: item axe=20 spyked=5; spell missile 1; xp 300; hp 10; coins 5
    teleport 2,1 -> 3,7
    port 4,5: E W
    special 4,5: gravity=on freeze_zonks=off freeze_enemies=off
    npc 3,5: name=Goblin hp=10 team=orcs model=chase melee=3 xp=20 coins=2 speed=1 spells=missile:1 items=axe:10+spyked:5

Supaplex objects have glyphs too (`O` orange disk, `Y` yellow disk, `T` terminal, `R` red disk,
`B` bug); `freeze_zonks: yes` freezes boulders; a `special` line makes a port a Supaplex special
port (crossing it sets player gravity, freeze zonks and freeze enemies); `blast=plain|gems` makes
an NPC explode when it dies (snik snak / electron).

Positions are `ring,angle` on hex maps and `x,y` (1-based) on square maps. On a hex map the text
is the odd-q offset rectangle of the hexagon (odd columns are drawn half a row lower); cells off
the hexagon must be ' ' or '~'.
"""

from __future__ import annotations

from game.core.grid import HEX
from game.modes.quest import tiles as T
from game.modes.quest.importers.base import hexagon_grid, square_grid
from game.modes.quest.items import check_item
from game.modes.quest.level import MAX_RINGS, MAX_SIDE, MODELS, NO_GRAVITY, SPELLS, Level, NpcSpec, check_level
from game.rules.schema import Problem

MAX_BYTES = 256 * 1024
MAX_LINES = 4096
MAX_MESSAGE = 240
INT_KEYS = ("melee", "spell", "step_cost", "npc_xp", "npc_coins", "trap_damage", "quota", "seed", "hp")


def small_int(text: str, what: str, digits: int = 9) -> int:
    """An integer of at most `digits` digits (int() of 5000 digits raises, and no value of a level
    needs more); ValueError naming `what` otherwise."""
    t = text.strip()
    body = t[1:] if t[:1] in "+-" else t
    if not body.isdigit() or not body.isascii() or len(body) > digits:
        shown = f"a {len(body)}-digit number" if body.isdigit() else repr(t[:20])
        raise ValueError(f"{what}: expected an integer of at most {digits} digits, got {shown}")
    return int(t)


class LevelText:
    """Parse state; collects problems instead of raising."""

    def __init__(self, file: str):
        self.file, self.problems = file, []

    def bad(self, line: int, msg: str) -> None:
        if len(msg) > MAX_MESSAGE:           # a value quoted from a hostile file stays readable
            msg = msg[:MAX_MESSAGE - 3] + "..."
        self.problems.append(Problem(self.file, str(line), msg))


def parse_level(text: str, file: str = "<level>", name: str = "") -> tuple[Level | None, list[Problem]]:
    p = LevelText(file)
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        return None, [Problem(file, "1", f"level text is larger than {MAX_BYTES} bytes")]
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        return None, [Problem(file, str(MAX_LINES + 1), f"more than {MAX_LINES} lines")]
    head: dict[str, tuple[int, str]] = {}
    rows: list[str] = []
    map_line = 0
    entries: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        ln, raw = i + 1, lines[i]
        s = raw.rstrip() if not raw.lstrip().startswith(";") else ""
        i += 1
        if not s.strip():
            continue
        if s.strip() == "map:":
            if map_line:
                p.bad(ln, "a second map:")
            map_line = ln
            while i < len(lines) and lines[i].rstrip() != "end":
                rows.append(lines[i].rstrip("\r\n"))
                i += 1
            if i >= len(lines):
                p.bad(ln, "map: without a closing 'end' line")
            i += 1
            continue
        word = s.split(None, 1)[0]
        if word in ("grant", "teleport", "port", "special", "npc"):
            entries.append((ln, s))
        elif ":" in s:
            k, v = s.split(":", 1)
            k = k.strip()
            if k in head:
                p.bad(ln, f"{k}: given twice (first on line {head[k][0]})")
            head[k] = (ln, v.strip())
        else:
            p.bad(ln, f"cannot read {s.strip()[:40]!r}: expected 'key: value', map:, grant, teleport, port, special or npc")
    if not map_line:
        p.bad(len(lines) or 1, "no map: section")
        return None, p.problems
    level = _build_map(p, head, rows, map_line, name or head.get("title", (0, "level"))[1])
    if level is None:
        return None, p.problems
    _read_header(p, head, level)
    for ln, s in entries:
        _read_entry(p, level, ln, s)
    if not p.problems:
        p.problems.extend(check_level(level, file, map_line))
    return (None if p.problems else level), p.problems


def _build_map(p: LevelText, head, rows, map_line, name) -> Level | None:
    kind = head.get("grid", (0, "square"))[1]
    if kind not in ("hex", "square"):
        p.bad(head["grid"][0], f"grid: {kind!r} (allowed: hex, square)")
        return None
    rows = [r for r in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        p.bad(map_line, "the map is empty")
        return None
    width = max(len(r) for r in rows)
    if kind == "hex":
        side = max(width, len(rows))
        if side % 2 == 0:
            side += 1
        rings = (side + 1) // 2
        if rings > MAX_RINGS:
            p.bad(map_line, f"a hex map has at most {MAX_RINGS} rings, this one needs {rings}")
            return None
        grid = hexagon_grid(rings)
    else:
        if width > MAX_SIDE or len(rows) > MAX_SIDE:
            p.bad(map_line, f"a square map is at most {MAX_SIDE}x{MAX_SIDE}, got {width}x{len(rows)}")
            return None
        grid = square_grid(width, len(rows))
    obj, prop = bytearray(grid.n), bytearray(grid.n)
    start = -1
    for y, row in enumerate(rows):
        ln = map_line + 1 + y
        for x in range(grid.cols):
            ch = row[x] if x < len(row) else " "
            if x >= grid.cols or y >= grid.rows:
                continue
            c = grid.cell_at_offset(x, y)
            if ch in T.VOID_CHARS:
                if c >= 0 and kind == "square":
                    obj[c] = T.VOID
                elif c >= 0:
                    obj[c] = T.ROCK if ch == "~" else T.ROCK
                continue
            if ch not in T.LEGEND:
                p.bad(ln, f"column {x + 1}: unknown map character {ch!r} (legend: {''.join(T.LEGEND)} and ' ' or '~' for void)")
                continue
            if c < 0:
                p.bad(ln, f"column {x + 1}: {ch!r} lies outside the hexagon")
                continue
            o, pr, pl = T.LEGEND[ch]
            obj[c], prop[c] = o, pr
            if pl:
                if start >= 0:
                    p.bad(ln, f"column {x + 1}: a second player start")
                start = c
    for y in range(len(rows), grid.rows):
        for x in range(grid.cols):
            c = grid.cell_at_offset(x, y)
            if c >= 0:
                obj[c] = T.VOID if kind == "square" else T.ROCK
    if start < 0:
        p.bad(map_line, "no player start (@ or +)")
        return None
    return Level(name=name, grid=grid, obj=obj, prop=prop, start=start)


def _read_header(p: LevelText, head, level: Level) -> None:
    for k, (ln, v) in head.items():
        if k in ("grid",):
            continue
        if k in ("title", "author", "label"):
            setattr(level, k, v[:80])
        elif k == "gravity":
            level.gravity_set = True
            if v == "none":
                level.gravity = NO_GRAVITY
            elif v in level.grid.dir_names:
                level.gravity = level.grid.dir_names.index(v)
            else:
                p.bad(ln, f"gravity: {v!r} (allowed: none, {', '.join(level.grid.dir_names)})")
        elif k in ("player_gravity", "freeze_zonks"):
            if v not in ("yes", "no"):
                p.bad(ln, f"{k}: {v!r} (allowed: yes, no)")
            setattr(level, k, v == "yes")
        elif k in INT_KEYS:
            try:
                setattr(level, k, small_int(v, k))
            except ValueError as exc:
                p.bad(ln, str(exc))
        else:
            p.bad(ln, f"unknown key {k!r} (allowed: title, author, label, grid, gravity, player_gravity, freeze_zonks, {', '.join(INT_KEYS)})")


def parse_pos(level: Level, text: str) -> int:
    """Cell of 'ring,angle' (hex) or 'x,y' (square, 1-based); raises ValueError."""
    parts = text.strip().split(",")
    if len(parts) != 2:
        raise ValueError(f"position {text.strip()[:20]!r}: expected two integers a,b")
    a, b = (small_int(t, f"position {text.strip()[:20]!r}", 4) for t in parts)
    g = level.grid
    if g.kind == HEX:
        return g.cell_at_ring(a, b)
    c = g.cell_at(a - 1, b - 1)
    if c < 0:
        raise ValueError(f"position {a},{b} is outside the {g.cols}x{g.rows} map")
    return c


def parse_item(text: str) -> list:
    props = []
    for part in text.split("+"):
        k, _, v = part.partition(":") if ":" in part else part.partition("=")
        props.append([k.strip()[:24], small_int(v, f"item property {k.strip()[:24]!r} charges", 3)])
    msg = check_item(props)
    if msg:
        raise ValueError(msg)
    return ["item", props]


def _gift(text: str) -> list:
    w = text.split()
    if not w:
        raise ValueError("empty gift")
    if w[0] == "item":
        return parse_item("+".join(w[1:]))
    if w[0] == "spell":
        if len(w) != 3 or w[1] not in SPELLS or w[2] not in ("1", "2", "3"):
            raise ValueError(f"spell gift {text!r}: expected 'spell NAME LEVEL' with NAME in {', '.join(SPELLS)} and LEVEL 1-3")
        return ["spell", w[1], int(w[2])]
    if w[0] in ("xp", "hp", "coins"):
        if len(w) != 2 or not w[1].isdigit() or len(w[1]) > 6 or int(w[1]) > 100000:
            raise ValueError(f"{w[0]} gift: expected a number 0..100000")
        return [w[0], int(w[1])]
    raise ValueError(f"unknown gift {w[0]!r} (allowed: item, spell, xp, hp, coins)")


def _read_entry(p: LevelText, level: Level, ln: int, s: str) -> None:
    word, rest = s.split(None, 1) if " " in s.strip() else (s.strip(), "")
    try:
        if word == "teleport":
            a, sep, b = rest.partition("->")
            if not sep:
                raise ValueError("expected 'teleport FROM -> TO'")
            c = parse_pos(level, a)
            _free_prop(level, c)
            level.prop[c] = T.P_TELEPORT
            level.teleports[c] = parse_pos(level, b)
            return
        pos, sep, body = rest.partition(":")
        if not sep:
            raise ValueError(f"expected '{word} POSITION: ...'")
        c = parse_pos(level, pos)
        if word == "grant":
            _free_prop(level, c)
            level.prop[c] = T.P_GRANT
            level.grants[c] = [_gift(g) for g in body.split(";") if g.strip()]
        elif word == "port":
            _free_prop(level, c)
            mask = 0
            for d in body.replace(",", " ").split():
                if d not in level.grid.dir_names:
                    raise ValueError(f"port direction {d!r} (allowed: {', '.join(level.grid.dir_names)})")
                mask |= 1 << level.grid.dir_names.index(d)
            level.prop[c], level.ports[c] = T.P_PORT, mask
        elif word == "special":
            level.specials[c] = _switches(body)
        else:
            level.npcs.append(_npc(body, c, ln))
    except ValueError as exc:
        p.bad(ln, str(exc))


SWITCHES = ("gravity", "freeze_zonks", "freeze_enemies")


def _switches(body: str) -> list[int]:
    vals = {}
    for tok in body.split():
        k, sep, v = tok.partition("=")
        if k not in SWITCHES or v not in ("on", "off") or k in vals:
            raise ValueError(f"special port switch {tok!r}: expected each of {', '.join(SWITCHES)} once, =on or =off")
        vals[k] = 1 if v == "on" else 0
    if len(vals) != 3:
        raise ValueError(f"special port: missing {', '.join(k for k in SWITCHES if k not in vals)}")
    return [vals[k] for k in SWITCHES]


def _free_prop(level: Level, c: int) -> None:
    if level.prop[c] != T.P_NONE:
        raise ValueError(f"{level.pos_text(c)} already has a {T.PROPERTY_NAMES[level.prop[c]]} property (one per cell)")


def _npc(body: str, cell: int, ln: int) -> NpcSpec:
    n = NpcSpec(name="npc", cell=cell, line=ln)
    for tok in body.split():
        k, sep, v = tok.partition("=")
        if not sep:
            raise ValueError(f"npc field {tok!r}: expected key=value")
        if k in ("name", "team"):
            setattr(n, k, v[:24])
        elif k == "model":
            if v not in MODELS:
                raise ValueError(f"npc model {v!r} (allowed: {', '.join(MODELS)})")
            n.model = v
        elif k in ("hp", "melee", "speed", "xp", "coins"):
            setattr(n, k, small_int(v, f"npc {k}"))
        elif k in ("bruiser", "wizard", "tough"):
            if not v.isdigit() or len(v) > 3 or int(v) > 100:
                raise ValueError(f"npc {k}: expected a number 0..100, got {v[:20]!r}")
            n.skills[k] = int(v)
        elif k == "spells":
            for sp in v.split(","):
                s, _, lv = sp.partition(":")
                if s not in SPELLS or lv not in ("1", "2", "3"):
                    raise ValueError(f"npc spell {sp!r}: expected NAME:LEVEL, NAME in {', '.join(SPELLS)}")
                n.spells[s] = int(lv)
        elif k == "items":
            n.items = [parse_item(it) for it in v.split(",")]
        elif k == "blast":
            if v not in ("plain", "gems"):
                raise ValueError(f"npc blast {v!r} (allowed: plain, gems)")
            n.blast = v
        else:
            raise ValueError(f"unknown npc field {k!r} (allowed: name, team, model, hp, melee, speed, xp, coins, bruiser, wizard, tough, spells, items, blast)")
    return n


def dump_level(level: Level) -> str:
    """The native text of a level (parse_level(dump_level(L)) gives the same content hash)."""
    g = level.grid
    out = [f"title: {level.title or level.name}"]
    if level.author:
        out.append(f"author: {level.author}")
    if level.label:
        out.append(f"label: {level.label}")
    out.append(f"grid: {'hex' if g.kind == HEX else 'square'}")
    out.append(f"gravity: {'none' if level.gravity == NO_GRAVITY else g.dir_names[level.gravity]}")
    out.append(f"player_gravity: {'yes' if level.player_gravity else 'no'}")
    if level.freeze_zonks:
        out.append("freeze_zonks: yes")
    for k in INT_KEYS:
        out.append(f"{k}: {getattr(level, k)}")
    out.append("map:")
    for y in range(g.rows):
        row = []
        for x in range(g.cols):
            c = g.cell_at_offset(x, y)
            if c < 0:
                row.append("~")
                continue
            pr = level.prop[c] if level.prop[c] in (T.P_VICTORY, T.P_EXIT) else T.P_NONE
            row.append(T.cell_char(level.obj[c], pr, c == level.start))
        out.append("".join(row).rstrip())
    out.append("end")
    for c, gifts in sorted(level.grants.items()):
        parts = []
        for gf in gifts:
            if gf[0] == "item":
                parts.append("item " + " ".join(f"{k}={v}" for k, v in gf[1]))
            elif gf[0] == "spell":
                parts.append(f"spell {gf[1]} {gf[2]}")
            else:
                parts.append(f"{gf[0]} {gf[1]}")
        out.append(f"grant {level.pos_text(c)}: {'; '.join(parts)}")
    for c, t in sorted(level.teleports.items()):
        out.append(f"teleport {level.pos_text(c)} -> {level.pos_text(t)}")
    for c, mask in sorted(level.ports.items()):
        out.append(f"port {level.pos_text(c)}: " + " ".join(d for i, d in enumerate(g.dir_names) if mask >> i & 1))
    for c, sw in sorted(level.specials.items()):
        out.append(f"special {level.pos_text(c)}: " + " ".join(f"{k}={'on' if v else 'off'}" for k, v in zip(SWITCHES, sw)))
    for n in level.npcs:
        f = [f"name={n.name}", f"hp={n.hp}", f"team={n.team}", f"model={n.model}", f"melee={n.melee}",
             f"speed={n.speed}", f"xp={n.xp}", f"coins={n.coins}"]
        f += [f"{k}={v}" for k, v in sorted(n.skills.items())]
        if n.spells:
            f.append("spells=" + ",".join(f"{k}:{v}" for k, v in sorted(n.spells.items())))
        if n.items:
            f.append("items=" + ",".join("+".join(f"{k}:{v}" for k, v in it[1]) for it in n.items))
        if n.blast:
            f.append(f"blast={n.blast}")
        out.append(f"npc {level.pos_text(n.cell)}: " + " ".join(f))
    return "\n".join(out) + "\n"
