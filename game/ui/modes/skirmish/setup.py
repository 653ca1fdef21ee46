"""Skirmish setup: map (with a minimap preview of the start positions in team colours), pieces per
turn, army size, turn limit, and who plays: up to four players, each human / bot easy|normal|hard
/ empty. Several humans play hot-seat on one device. Defaults: you + one normal bot, first map.

The screen opens on its "Form armies and fight" line (issue 20: a first game is one A away; the
note under the list says which set-up suits a first game). A on that line (or START anywhere)
goes on to army formation (one per human player), B back to the menu. The choices are
remembered in the settings (``last_setup``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.modes.base import ActionError
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui import onboarding
from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.minimap import Minimap
from game.ui.modes.skirmish.session import battle_match
from game.ui.scenes.dialog import wrap
from game.ui.widgets import Item, ListMenu, panel

SEAT_CHOICES = ("human", "bot:easy", "bot:normal", "bot:hard", "empty")
DEFAULT_SEATS = ("human", "bot:normal", "empty", "empty")      # a first game: the normal bot
PPT_CHOICES = (0, 1, 2, 3, 4)
TURN_LIMITS = (0, 10, 20, 30, 50, 100)


@dataclass
class PendingBattle:
    """What the setup decided; formation fills in the humans' armies."""

    ruleset: object
    gmap: object
    seats: list[str]               # controller per player slot ("empty" skipped)
    names: list[str]
    pieces_per_turn: int
    army_limit: int
    turn_limit: int
    armies: dict[int, tuple] = field(default_factory=dict)   # slot -> army

    def slots(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s != "empty"]

    def humans(self) -> list[int]:
        return [i for i in self.slots() if self.seats[i] == "human"]

    def participants(self):
        out = []
        for i in self.slots():
            ctrl = self.seats[i]
            if ctrl == "human":
                out.append(Participant(self.names[i], "human", tuple(self.armies.get(i, ()))))
            else:
                out.append(Participant("", ctrl))
        return out

    def options(self):
        return Options(pieces_per_turn=self.pieces_per_turn, army_limit=self.army_limit, turn_limit=self.turn_limit)


def seat_text(ctrl: str) -> str:
    return {"human": "human", "empty": "—", "bot:easy": "bot, easy", "bot:normal": "bot, normal",
            "bot:hard": "bot, hard"}[ctrl]


class SkirmishSetup(MenuScene):
    title = "Skirmish"
    heading = "Skirmish setup"
    hints = (("UPDOWN", "choose"), ("DPAD", "change"), ("A", "go"), ("START", "fight"), ("B", "back"))
    minimap = None

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rs = app.content.ruleset()
        self.error = ""
        if self.rs is None or not self.rs.maps:
            self.menu = ListMenu([Item("Back", app.back)])
            self.error = "no playable ruleset: " + "; ".join(app.content.problems[:3])
            return
        s = app.settings
        ids = [m.id for m in self.rs.maps]
        self.map_id = s.last_map if s.last_map in ids else ids[0]
        self.ppt = s.last_pieces_per_turn if s.last_pieces_per_turn in PPT_CHOICES else 0
        self.limit = min(s.last_army_limit, self.rs.rules.army_limit)
        self.turn_limit = s.last_turn_limit if s.last_turn_limit in TURN_LIMITS else 0
        self.seats = list(s.last_seats)
        if self.seats[0] == "empty":
            self.seats[0] = "human"
        items = [
            Item("Map", choices=tuple(ids), get=lambda: self.map_id, set=self._set_map,
                 show=lambda v: self.rs.map(v).name),
            Item("Pieces per turn", choices=PPT_CHOICES, get=lambda: self.ppt, set=lambda v: setattr(self, "ppt", v),
                 show=lambda v: "all rested" if v == 0 else str(v)),
            Item("Army size", choices=tuple(range(1, self.rs.rules.army_limit + 1)), get=lambda: self.limit,
                 set=lambda v: setattr(self, "limit", v)),
            Item("Turn limit", choices=TURN_LIMITS, get=lambda: self.turn_limit,
                 set=lambda v: setattr(self, "turn_limit", v), show=lambda v: "none" if v == 0 else str(v)),
        ]
        for i in range(4):
            items.append(Item(f"Player {i + 1}", choices=SEAT_CHOICES[:4] if i == 0 else SEAT_CHOICES,
                              get=lambda i=i: self.seats[i], set=lambda v, i=i: self._set_seat(i, v),
                              show=lambda v, i=i: self._seat_label(i, v), enabled=lambda i=i: i < self.seat_count()))
        items.append(Item("Form armies and fight", on_select=self.go))
        self.menu = ListMenu(items)
        self.menu.index = len(items) - 1            # opens on the Fight line: defaults chosen
        self.minimap = None
        self._set_map(self.map_id)

    def _seat_label(self, i: int, ctrl: str) -> str:
        if i >= self.seat_count():
            return "(map has fewer seats)"
        return f"{self.app.player_name(i)}" if ctrl == "human" else seat_text(ctrl)

    def _set_seat(self, i: int, v: str) -> None:
        self.seats[i] = v

    def _set_map(self, mid: str) -> None:
        self.map_id = mid
        w, h = self.app.surface.get_size()
        self.minimap = Minimap(self.rs, self.rs.map(mid), (w * 2 // 5 - 8, h // 2))

    def seat_count(self) -> int:
        return len(self.rs.map(self.map_id).seats)

    def pending(self) -> PendingBattle:
        n = self.seat_count()
        seats = [c if i < n else "empty" for i, c in enumerate(self.seats)]
        return PendingBattle(self.rs, self.rs.map(self.map_id), seats, list(self.app.settings.player_names),
                             self.ppt, self.limit, self.turn_limit)

    def go(self) -> None:
        p = self.pending()
        if len(p.slots()) < 2:
            self.error = "a battle needs at least two players"
            return
        if sum(1 for i in p.slots() if p.seats[i].startswith("bot")) > 3:
            self.error = "at most three bots"
            return
        self.error = ""
        self.app.update_settings(last_map=self.map_id, last_pieces_per_turn=self.ppt, last_seats=tuple(self.seats),
                                 last_army_limit=self.limit, last_turn_limit=self.turn_limit)
        self.app.sound.play("select")
        start_formations(self.app, p)

    def on_start(self) -> None:
        if self.minimap is not None:
            self.go()

    def after_menu(self, result: str) -> None:
        if result == "change":
            self.error = ""

    def notes(self) -> list[tuple]:
        if self.error:
            return [(self.error, T.TEXT_BAD, "small")]
        return [(onboarding.first_game_note("skirmish"), T.TEXT_DIM, "tiny")]

    def draw_body(self, surf, rect) -> None:
        th = self.theme
        left = pygame.Rect(rect.x, rect.y, rect.w * 3 // 5, rect.h)
        self.menu.draw(surf, th, left, size="small", value_x=left.w * 9 // 20)
        if self.minimap is None:
            return
        gm = self.rs.map(self.map_id)
        box = pygame.Rect(left.right + th.pad, rect.y, rect.right - left.right - th.pad, rect.h)
        inner = panel(surf, box, th=th, title=gm.name)
        mw, mh = self.minimap.size
        self.minimap.draw_starts(surf, (inner.centerx - mw // 2, inner.y + 2))
        y = inner.y + mh + th.pad + 2
        kind = "hex" if gm.grid.kind == "hex" else "square"
        info = f"{kind} {gm.grid.cols}x{gm.grid.rows}, {len(gm.seats)} seats"
        th.text(surf, th.fit(info, inner.w, "tiny"), (inner.x, y), T.TEXT_DIM, "tiny")
        lh = th.line_height("tiny")
        for line in wrap(th, [gm.description], inner.w, "tiny"):
            y += lh
            if y + lh > inner.bottom:
                break
            th.text(surf, line, (inner.x, y), T.TEXT, "tiny")


def start_formations(app, pending: PendingBattle, index: int = 0) -> None:
    """Army formation for each human player in turn, then the battle."""
    humans = pending.humans()
    if index < len(humans):
        app.open("skirmish_formation", pending=pending, slot=humans[index],
                 on_done=lambda: _next_formation(app, pending, index + 1))
    else:
        start_battle(app, pending)


def _next_formation(app, pending, index) -> None:
    humans = pending.humans()
    if index < len(humans):
        app.replace("skirmish_formation", pending=pending, slot=humans[index],
                    on_done=lambda: _next_formation(app, pending, index + 1))
    else:
        app.back()                   # the last formation
        start_battle(app, pending)


def start_battle(app, pending: PendingBattle) -> None:
    try:
        match = battle_match(app, pending.ruleset, pending.gmap, pending.participants(), app.seed_source(),
                             pending.options())
    except ActionError as exc:
        app.open("message", title="This battle cannot start", lines=[str(exc)])
        return
    app.open("skirmish_battle", match=match, howto=True)
