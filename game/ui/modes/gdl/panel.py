"""The side panel of the Xconq screen, top to bottom: who you are and who is ahead (points or
score per side, the turn against the limit), the cursor cell's units as your side sees them
(hp, ACP, materials against storage, cargo), the picked unit with what A does at the cursor and
its odds, your side's stock of materials, the unit letters in play, then the log's last lines.
Lines that do not fit are left out from the bottom of each part; the log takes what is left."""

from __future__ import annotations

from game.modes.gdl import vision
from game.modes.gdl.actions import Move
from game.ui import theme as T
from game.ui.modes.gdl import orders, standing
from game.ui.modes.gdl.hexmap import side_colour
from game.ui.widgets import meter, panel


def draw_panel(scene, surf, rect) -> None:
    th, g = scene.theme, scene.game
    inner = panel(surf, rect, title=cell_title(scene), th=th)
    lh = th.line_height("tiny")
    you = scene.you()
    y = inner.y
    y = _who(scene, surf, inner, y, you)
    y = _cell_units(scene, surf, inner, y, you)
    y = _picked(scene, surf, inner, y)
    rest = (inner.bottom - y) // lh
    if rest >= 5:
        y = _stock(scene, surf, inner, y, you)
    if (inner.bottom - y) // lh >= 6:
        y = _legend(scene, surf, inner, y)
    log_top = max(y + 1, inner.bottom - lh * 4)
    n = max(0, (inner.bottom - log_top) // lh)
    for i, line in enumerate(scene.log[-n:] if n else []):
        th.text(surf, th.fit(line, inner.w, "tiny"), (inner.x, log_top + i * lh), T.TEXT_DIM, "tiny")
    del g


def cell_title(scene) -> str:
    w = scene.world
    c = scene.cursor
    x, y = w.grid.coords(c)
    viewer = scene.viewer_side()
    if viewer is not None and not vision.terrain_known(scene.game, viewer, c):
        return f"unknown ({x},{y})"
    return f"{w.m.ttypes[w.terrain[c]]} ({x},{y})"


def _line(scene, surf, inner, y, text, colour) -> int:
    th = scene.theme
    th.text(surf, th.fit(text, inner.w, "tiny"), (inner.x, y), colour, "tiny")
    return y + th.line_height("tiny")


def _who(scene, surf, inner, y, you) -> int:
    g = scene.game
    if you is not None:
        y = _line(scene, surf, inner, y, f"You are {scene.side_name(you)}", side_colour(you, you))
    rows = standing.side_rows(g, you)
    text = " · ".join(t for _s, t in rows[:3])
    lead = standing.leader(g)
    colour = T.GOOD if lead is not None and lead == you else (T.TEXT_BAD if lead is not None and you else T.TEXT)
    y = _line(scene, surf, inner, y, f"{standing.turn_text(g)}: {text}", colour)
    return y + 2


def _supply_text(g, u) -> str:
    w = g.w
    store = w.T["unit-storage-x"][u.type] if w.nm else []
    parts = [f"{w.m.mtypes[m]} {u.supply[m]}/{store[m]}" for m in range(w.nm) if m < len(u.supply) and store[m] > 0]
    return ", ".join(parts)


def _cell_units(scene, surf, inner, y, you) -> int:
    th, g, w = scene.theme, scene.game, scene.world
    lh = th.line_height("tiny")
    viewer = scene.viewer_side()
    shown = [i for i in scene.ids_at(scene.cursor) if viewer is None or vision.sees(g, viewer, i)]
    for uid in shown[:3]:
        u = g.units[uid]
        indent = 8 if u.transport >= 0 else 0
        name = orders.unit_name(g, uid)
        y = _line(scene, surf, inner.move(indent, 0), y, f"{w.letters[u.type]} {name}", side_colour(u.side, you))
        hp_max = w.hp_max[u.type]
        meter(surf, (inner.x + indent, y + 2, inner.w // 2 - indent, max(3, lh // 3)), u.hp / hp_max)
        th.text(surf, th.fit(f"{u.hp}/{hp_max} hp  {u.acp} acp", inner.w // 2 - 2, "tiny"),
                (inner.x + inner.w // 2 + 2, y), T.TEXT, "tiny")
        y += lh
        if u.cp < w.cp[u.type]:
            y = _line(scene, surf, inner.move(indent, 0), y, f"being built: {u.cp} of {w.cp[u.type]}", T.ACCENT)
        if viewer is None or u.side == viewer:
            stock = _supply_text(g, u)
            if stock:
                y = _line(scene, surf, inner.move(indent, 0), y, stock, T.TEXT_DIM)
        occ = g.occ.get(uid, ())
        if occ:
            y = _line(scene, surf, inner.move(indent, 0), y, f"carries {len(occ)}", T.TEXT_DIM)
    if viewer is not None and not shown:
        for _uid, (ut, _side, c, turn) in vision.remembered(g, viewer).items():
            if c == scene.cursor:
                y = _line(scene, surf, inner, y, f"{w.letters[ut]} {w.m.utypes[ut]}: seen turn {turn + 1}", T.TEXT_DIM)
                break
    return y


def _picked(scene, surf, inner, y) -> int:
    g = scene.game
    if scene.selected is None or not scene.human_turn():
        return y
    u = g.units[scene.selected]
    y = _line(scene, surf, inner, y + 2, f"picked: {g.w.m.utypes[u.type]} ({u.acp} acp)", T.ACCENT)
    if scene.cursor == g.cell_of(u):
        n = len(orders.own_orders(g, scene.selected))
        return _line(scene, surf, inner, y, f"A: orders ({n} here)" if n else "A: orders", T.TEXT)
    acts = scene.actions_at(scene.selected, scene.cursor)
    for a in acts[:3]:
        colour = T.TEXT if isinstance(a, Move) else T.TEXT_BAD
        y = _line(scene, surf, inner, y, orders.label(g, a), colour)
    if acts and hasattr(acts[0], "target"):
        from game.modes.gdl import combat
        from game.modes.gdl.actions import Attack
        if isinstance(acts[0], Attack):
            o = combat.odds(g, u, g.units[acts[0].target], False)
            extra = [f"dmg {o['damage100'] / 100:g}", f"strikes back {o['counter']}%"]
            if o["withdraw"]:
                extra.append(f"slips away {o['withdraw']}%")
            y = _line(scene, surf, inner, y, "  ".join(extra), T.TEXT_DIM)
    return y


def _stock(scene, surf, inner, y, you) -> int:
    g, w = scene.game, scene.world
    side = you if you is not None else g.side
    if not w.nm:
        return y
    total = [0] * w.nm
    for u in g.units:
        if u.alive and u.side == side:
            for m in range(min(w.nm, len(u.supply))):
                total[m] += u.supply[m]
    parts = [f"{w.m.mtypes[m]} {total[m]}" for m in range(w.nm)]
    return _line(scene, surf, inner, y + 2, "stock: " + ", ".join(parts), T.TEXT)


def _legend(scene, surf, inner, y) -> int:
    th, g, w = scene.theme, scene.game, scene.world
    present = sorted({u.type for u in g.units if u.alive and (u.cell >= 0 or u.transport >= 0)},
                     key=lambda t: w.letters[t])
    words = [f"{w.letters[t]} {w.m.utypes[t]}" for t in present]
    lines, cur = [], ""
    for word in words:
        t = f"{cur}  {word}".strip()
        if cur and th.text_width(t, "tiny") > inner.w:
            lines.append(cur)
            cur = word
        else:
            cur = t
    if cur:
        lines.append(cur)
    y += 2
    for line in lines[:3]:
        y = _line(scene, surf, inner, y, line, T.TEXT_DIM)
    return y
