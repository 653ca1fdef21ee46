"""The battle HUD after WoS: top line, the dock (piece or terrain panel, attack forecast, side
proxies), the button bar and the message line.

Each function draws into a rectangle and returns what it drew, so the scene can lay them out
per canvas size and tests can read back the numbers shown (``InfoWindow.lines``,
``InfoWindow.estimate_lines``, ``InfoWindow.forecast``).
"""

from __future__ import annotations

import pygame

from game.modes.skirmish.battle import xp_to_next
from game.ui import theme as T
from game.ui.art.icons import shape
from game.ui.widgets import badge, badge_width, meter, panel


def turn_order(game) -> list[int]:
    """The seats still in the battle, from the one to play on."""
    alive = game.alive_seats()
    if game.current in alive:
        i = alive.index(game.current)
        return alive[i:] + alive[:i]
    return alive


def top_line(surf, th, rect, game, *, waiting: int = 0, label: str = "", you: int = -1) -> None:
    """Whose turn (team shape, letter, name, phase), the turn order as team shapes (the one to
    play framed, yours underlined), the turn number and the waiting timer after 10 s."""
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.bottomleft, (rect.right, rect.bottom), 1)
    seat = game.current
    lh = th.line_height("small")
    cy = rect.centery
    r = max(3, lh // 3)
    shape(surf, T.TEAM_SHAPE[seat], (rect.x + th.pad + r + 1, cy), r, T.team_colour(seat))
    phase = "battle over" if game.over else "your turn" if seat == you else "playing"
    who = f"{T.TEAM_LETTER[seat]} {game.player_name(seat)}: {phase}"
    right = f"turn {game.turn + 1}" + (f" · waiting {waiting}s" if waiting >= 10 else "")
    if label:
        right = f"{label} · {right}"
    rw = th.text_width(right, "small")
    # the turn order: one shape per seat still playing
    order = [] if game.over else turn_order(game)
    step = 2 * r + 5
    ow = len(order) * step + th.pad
    ox = rect.right - th.pad - rw - ow
    for i, s in enumerate(order):
        cx = ox + i * step + r + 2
        shape(surf, T.TEAM_SHAPE[s], (cx, cy), r, T.team_colour(s))
        if i == 0:
            pygame.draw.rect(surf, T.ACCENT, (cx - r - 2, cy - r - 2, 2 * r + 5, 2 * r + 5), 1)
        if s == you:
            pygame.draw.line(surf, T.TEXT, (cx - r, cy + r + 2), (cx + r, cy + r + 2))
    x = rect.x + th.pad * 2 + 2 * r + 2
    th.text(surf, th.fit(who, ox - x - th.pad, "small"), (x, cy - lh // 2 + 1), T.team_colour(seat), "small")
    th.text(surf, right, (rect.right - th.pad, cy - lh // 2 + 1), T.TEXT_DIM, "small", align="right")


class InfoWindow:
    """The dock's top panel: the piece under the cursor (stats; XP meter for own pieces) or, on an
    empty cell, its terrain; under it the attack forecast when a piece of yours could attack it."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.estimate_lines: list[str] = []
        self.forecast: dict = {}
        self.terrain: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.piece = None

    # --- content ---------------------------------------------------------------------------------
    def build(self, game, piece, chooser, own: bool, estimate=None, control=None) -> None:
        pt = game.piece_type(piece)
        st = game.stats(piece)
        self.lines = [
            f"HP {piece.hp}/{st.hp}", f"MP {piece.mp}/{st.mp}",
            f"STR {st.str}", f"DEF {st.def_}",
            f"AGI {st.agi}", f"RST {piece.rest}/{pt.rst}",
            f"RNG {pt.rng_min}-{pt.rng_max}" if pt.rng_min != pt.rng_max else f"RNG {pt.rng_max}",
            f"MOB {pt.mob}", f"MOV {pt.mov}", f"LEV {piece.level}",
        ]
        self.rest_low = piece.rest < game.rules.rest_to_act
        self.estimate_lines, self.forecast, self.terrain = [], {}, []
        if chooser is not None and chooser.seat != piece.seat and piece.alive:
            e = (estimate or game.estimate)(chooser, piece)
            self.estimate_lines = [f"damage {e.damage}", f"miss {e.miss_pct}%", f"crit {e.crit_pct_text}",
                                   f"crit damage {e.crit_damage}"]
            self.forecast = forecast(game, chooser, piece, e, control)
        self.piece, self.game, self.own = piece, game, own

    def build_terrain(self, game, cell: int) -> None:
        self.piece, self.game = None, game
        self.lines, self.estimate_lines, self.forecast = [], [], {}
        t = game.gmap.tiles[cell]
        tile = game.rs.tiles[t]
        col, row = game.grid.offset_of(cell)
        self.terrain = [tile.name, f"height {game.gmap.elevation[cell]}", f"move cost {tile.cost}",
                        f"ground {tile.movement or '-'}", f"cell {col},{row}"]
        self.terrain_desc = tile.description

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surf, th, rect) -> int:
        """Draw into the top of `rect`; returns the height used."""
        if self.piece is None:
            return self._draw_terrain(surf, th, rect) if self.terrain else 0
        g, p = self.game, self.piece
        pt = g.piece_type(p)
        lh = th.line_height("tiny")
        xp_h = max(3, lh // 3) + 2 if self.own else 0
        body = 5 * lh + lh + xp_h + 2 * th.pad
        h = th.line_height("small") + 2 + body
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, h)
        inner = panel(surf, self.rect, th=th, title=f"{T.TEAM_LETTER[p.seat]} {pt.name} L{p.level}",
                      edge=T.team_colour(p.seat))
        y = inner.y
        if self.own:
            need = xp_to_next(p.level, g.rules)
            mh = max(3, lh // 3)
            bar = pygame.Rect(inner.x, y, inner.w, mh)
            meter(surf, bar.inflate(-2, -2), p.xp / need if need else 1, (120, 160, 255), back=T.PANEL_DARK)
            pygame.draw.rect(surf, (120, 160, 255), bar, 1)
            y += mh + 2
        half = inner.w // 2
        for i, text in enumerate(self.lines):
            colour = T.TEXT_BAD if text.startswith("RST") and self.rest_low else T.TEXT
            th.text(surf, th.fit(text, half - 2, "tiny"), (inner.x + (i % 2) * half, y + (i // 2) * lh), colour, "tiny")
        y += 5 * lh
        th.text(surf, th.fit(f"{pt.short_form} {pt.weapon.name}", inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
        used = h
        if self.forecast:
            used += th.pad + draw_forecast(surf, th, pygame.Rect(rect.x, rect.y + used + th.pad, rect.w, 0),
                                           self.forecast)
        return used

    def _draw_terrain(self, surf, th, rect) -> int:
        from game.ui.scenes.dialog import wrap
        lh = th.line_height("tiny")
        desc = wrap(th, [self.terrain_desc], rect.w - 8, "tiny")[:3] if self.terrain_desc else []
        h = th.line_height("small") + 2 + (len(self.terrain) - 1 + len(desc)) * lh + 2 * th.pad
        self.rect = pygame.Rect(rect.x, rect.y, rect.w, h)
        inner = panel(surf, self.rect, th=th, title=self.terrain[0])
        y = inner.y
        for text in self.terrain[1:]:
            th.text(surf, th.fit(text, inner.w, "tiny"), (inner.x, y), T.TEXT, "tiny")
            y += lh
        for text in desc:
            th.text(surf, text, (inner.x, y), T.TEXT_DIM, "tiny")
            y += lh
        return h


def forecast(game, attacker, target, e, control=None) -> dict:
    """Both sides of an attack before the dice: your hit (damage, crit, miss %, crit %), the
    target's HP after a hit and after a crit ("kills" when it does), the terrain under it, and
    its reply: what it could do to your piece on its own turn (if your piece is in its reach)."""
    hp = target.hp
    after, after_crit = max(0, hp - e.damage), max(0, hp - e.crit_damage)
    cell = target.cell
    tile = game.rs.tiles[game.gmap.tiles[cell]]
    stand = control.standing(attacker) if control is not None else attacker.cell
    back = game.combat.estimate(target.kind, attacker.kind, target.level, attacker.level, target.rest,
                                control.rest_for_attack(attacker, target) if control is not None else attacker.rest)
    tpt = game.piece_type(target)
    reach = {target.cell, *game.reach(target).cells()}
    can_reply = any(game.grid.distance(c, stand) in range(tpt.rng_min, tpt.rng_max + 1) for c in reach)
    pt = game.piece_type(attacker)
    in_range = game.grid.distance(stand, cell) in range(pt.rng_min, pt.rng_max + 1)
    return {
        "names": (game.piece_type(attacker).name, tpt.name), "seats": (attacker.seat, target.seat),
        "damage": e.damage, "crit_damage": e.crit_damage, "miss": e.miss_pct, "crit": e.crit_pct_text,
        "hp": hp, "after": after, "after_crit": after_crit, "kills": after == 0, "kills_on_crit": after_crit == 0,
        "terrain": tile.name, "height": game.gmap.elevation[cell], "in_range": in_range,
        "reply": (back.damage, back.miss_pct) if can_reply else None, "your_hp": attacker.hp,
    }


def draw_forecast(surf, th, rect, f: dict) -> int:
    lh = th.line_height("tiny")
    rows = [
        (f"{f['names'][0]} > {f['names'][1]}", T.TEXT),
        (f"hit {f['damage']}  crit {f['crit_damage']}", T.ACCENT),
        (f"miss {f['miss']}%  crit {f['crit']}", T.ACCENT),
        (f"HP {f['hp']} > {f['after']}" + ("  KILLS" if f["kills"] else f"  (crit {f['after_crit']})"),
         T.GOOD if f["kills"] else T.TEXT),
        (("back: hit " + str(f["reply"][0]) + f"  miss {f['reply'][1]}%") if f["reply"] else "back: cannot reach you",
         T.TEXT_BAD if f["reply"] and f["reply"][0] >= f["your_hp"] else T.TEXT_DIM),
        (f"on {f['terrain']}, height {f['height']}", T.TEXT_DIM),
    ]
    if not f["in_range"]:
        rows.insert(1, ("(walk into reach first)", T.TEXT_DIM))
    h = len(rows) * lh + 2 * th.pad + 2
    box = pygame.Rect(rect.x, rect.y, rect.w, h)
    inner = panel(surf, box, edge=T.ACCENT)
    y = inner.y + 1
    for text, colour in rows:
        th.text(surf, th.fit(text, inner.w, "tiny"), (inner.x, y), colour, "tiny")
        y += lh
    return h


def proxies(surf, th, rect, game, pieces, piece_art, *, highlight: int = -1) -> list[tuple[pygame.Rect, int]]:
    """WoS side buttons, as a grid in the dock: one per remaining piece with a life meter under
    it; bright with a team frame if it may still act, dark if not. Returns (rect, piece id) pairs."""
    out = []
    size = 16 + 4
    cols = max(1, (rect.w + 2) // (size + 2))
    for i, p in enumerate(pieces):
        r = pygame.Rect(rect.x + (i % cols) * (size + 2), rect.y + (i // cols) * (size + 2), size, size)
        if r.bottom > rect.bottom + 1:
            break
        can = game.can_act(p)
        pygame.draw.rect(surf, T.PANEL if can else T.PANEL_DARK, r)
        pygame.draw.rect(surf, T.ACCENT if p.id == highlight else T.team_colour(p.seat) if can else T.PANEL_EDGE, r, 1)
        img = piece_art.get(game.piece_type(p).sprite, p.seat, 1, "" if can else "used")
        surf.blit(img, (r.x + 2, r.y + 1))
        st = game.stats(p)
        meter(surf, (r.x + 2, r.bottom - 3, r.w - 4, 2), p.hp / st.hp)
        out.append((r, p.id))
    return out


def button_bar(surf, th, rect, hints, hint: str = "") -> None:
    """The buttons that do something now (from the control), then its last hint on the right."""
    pygame.draw.rect(surf, T.PANEL_DARK, rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright)
    x = rect.x + th.pad
    y = rect.y + (rect.h - th.line_height("tiny")) // 2 + 1
    hint = th.fit(hint, rect.w * 11 // 20, "tiny") if hint else ""
    end = rect.right - th.pad - (th.text_width(hint, "tiny") + 2 * th.pad if hint else 0)
    for button, text in hints:
        w = badge_width(th, button) + 2 + th.text_width(text, "tiny")
        if x + w > end:
            break
        r = badge(surf, th, button, (x, y))
        th.text(surf, text, (r.right + 2, y), T.TEXT, "tiny")
        x += w + th.pad * 2
    if hint:
        th.text(surf, hint, (rect.right - th.pad, y), T.ACCENT, "tiny", align="right")


def message_line(surf, th, rect, text: str) -> None:
    text = th.fit(text, rect.w - 2 * th.pad, "tiny")
    img = th.render(text, T.TEXT, "tiny")
    box = pygame.Rect(rect.x, rect.y, img.get_width() + 2 * th.pad, rect.h)
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    s.fill((10, 8, 20, 190))
    surf.blit(s, box.topleft)
    th.put(surf, img, (box.x + th.pad, box.y + (box.h - img.get_height()) // 2), text, "tiny")
