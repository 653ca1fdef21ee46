"""The duel's d-pad + A/B controls (issue 20: a turn in half the presses): a cursor on the board,
A on a square walks there (the shortest path, diagonals included: no chords), A on your wizard
(or the end of a walk) opens the action bar under the board: this turn's three spells, the
potion here, the bag, End turn. Left/Right move along the bar (it wraps: End turn is one press
left of the potion here or the first spell; it opens on the first spell), A does it, B goes back to the board (Up / Down too, moving the cursor).

    keys = BoardKeys(scene)       # scene: a DuelScene
    keys.press(button)            # a d-pad / A / B press while the board is on top

No pygame here; drawing is `action_bar.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.duel import actions as A
from game.modes.duel.botsense import Sense
from game.modes.duel.layout import grid_for
from game.modes.duel.potions import APPEARANCES
from game.modes.duel.spells import SPELLS
from game.modes.duel.state import INVENTORY_SIZE
from hw.input.buttons import Button

MOVES = {Button.UP: (0, -1), Button.DOWN: (0, 1), Button.LEFT: (-1, 0), Button.RIGHT: (1, 0)}


@dataclass(frozen=True)
class BarItem:
    key: str          # "spell0".."spell2", "drink", "pick", "bag", "end", "chat"
    label: str        # what the bar shows
    help: str = ""    # one line: what it does


def walk_path(view, dest: int) -> list[int] | None:
    """The step directions (0..7) from the wizard to `dest` over known floor (the bots' own
    shortest path), or None when `dest` is not reachable with the steps left this turn."""
    if dest == view.pos:
        return []
    reach = Sense(view).reach
    if not (reach.mask >> dest) & 1:
        return None
    steps, at = [], view.pos
    nbr = grid_for(view.size).step
    for cell in reach.path_to(dest):
        steps.append(nbr[at].index(cell))
        at = cell
    return steps


def reach_mask(view) -> int:
    """The cells the wizard can walk to this turn (its own cell included)."""
    return Sense(view).reach.mask | 1 << view.pos


def cursor_step(size: int, cell: int, button: Button, reach: int) -> int:
    """Where a d-pad press moves the cursor: to the nearest square the wizard can walk to in
    that direction's quarter (so a press goes round a corner or across rock: a diagonal with one
    press), else one square that way (to look at any square), else nowhere (the edge)."""
    dx, dy = MOVES[button]
    x, y = cell % size, cell // size
    best = None
    m = reach
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        cx, cy = c % size, c // size
        ahead = (cx - x) * dx + (cy - y) * dy
        side = abs((cx - x) * dy + (cy - y) * dx)
        if ahead > 0 and side <= ahead:
            key = (ahead, side, c)
            if best is None or key < best:
                best = key
    if best is not None:
        return best[2]
    nx, ny = x + dx, y + dy
    return ny * size + nx if 0 <= nx < size and 0 <= ny < size else cell


def bar_items(view, can_chat: bool = False) -> list[BarItem]:
    """The action bar's items for `view` (the viewer's own turn): the potion you stand on, the
    spells, the bag, then End turn. The bar opens on the first spell (`first_focus`) and wraps."""
    from game.ui.modes.duel.texts import SPELL_HELP
    items = []
    if view.pos in view.potions:
        colour = APPEARANCES[view.potions[view.pos]]
        items.append(BarItem("drink", f"Drink {colour}", f"drink the {colour} potion you stand on"))
        if len(view.inventory) < INVENTORY_SIZE:
            items.append(BarItem("pick", f"Take {colour}", f"put the {colour} potion in your bag"))
    items += [BarItem(f"spell{i}", SPELLS[sid].name, SPELL_HELP.get(sid, "")) for i, sid in enumerate(view.dealt)]
    if view.inventory:
        items.append(BarItem("bag", "Bag…", "drink a potion from your bag"))
    if can_chat:
        items.append(BarItem("chat", "Chat…", "say something to the other unit"))
    items.append(BarItem("end", "End turn", "do nothing more this turn"))
    return items


def first_focus(items) -> int:
    return next((i for i, it in enumerate(items) if it.key.startswith("spell")), 0)


class BoardKeys:
    """Cursor and action bar of one DuelScene."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.cursor: int | None = None      # None: on the wizard
        self.bar_open = False
        self.focus = 0
        self._preview = (None, None)
        self._reach = (None, 0)

    # --- what is shown --------------------------------------------------------------------------
    def view(self):
        m = self.scene.match
        return m.view(m.viewer())

    def cursor_cell(self) -> int:
        v = self.view()
        return v.pos if self.cursor is None else self.cursor

    def items(self) -> list[BarItem]:
        return bar_items(self.view(), self.scene.match.can_chat)

    def focused(self) -> BarItem | None:
        items = self.items()
        return items[self.focus % len(items)] if self.bar_open and items else None

    def reset(self) -> None:
        """A new turn (or anything that moved the wizard): cursor on the wizard, bar shut."""
        self.cursor = None
        self.bar_open = False
        self.focus = 0

    def key(self):
        return (self.cursor, self.bar_open, self.focus)

    def reach(self) -> int:
        v = self.view()
        k = (v.turn, v.pos, v.steps_left, v.known_open, v.opponent)
        if self._reach[0] != k:
            self._reach = (k, reach_mask(v))
        return self._reach[1]

    def preview(self) -> tuple[int, list[int] | None]:
        """(the cursor's cell, the cells of the walk there or None when it cannot be made)."""
        v = self.view()
        dest = self.cursor_cell()
        k = (v.turn, v.pos, v.steps_left, v.known_open, v.opponent, dest)
        if self._preview[0] != k:
            path = walk_path(v, dest)
            cells, at = None, v.pos
            if path is not None:
                cells, nbr = [], grid_for(v.size).step
                for d in path:
                    at = nbr[at][d]
                    cells.append(at)
            self._preview = (k, cells)
        return dest, self._preview[1]

    # --- presses ----------------------------------------------------------------------------------
    def press(self, button: Button) -> None:
        sc = self.scene
        if not sc.match.human_to_move() or sc.busy() or sc.over_at is not None:
            if button is Button.A:
                sc.say("wait for your turn", True)
            return
        if self.bar_open:
            self._bar(button)
        else:
            self._board(button)
        sc.version += 1

    def _board(self, button: Button) -> None:
        sc = self.scene
        v = self.view()
        if button in MOVES:
            self.cursor = cursor_step(v.size, self.cursor_cell(), button, self.reach())
            return
        if button is Button.B:
            self.cursor = None
            sc.say("")
            return
        if button is not Button.A:
            return
        dest = self.cursor_cell()
        path = walk_path(v, dest)
        if path is None:
            sc.say(f"too far: {v.steps_left} step{'s' if v.steps_left != 1 else ''} left" if v.steps_left
                   else "no steps left: A on your wizard for the actions", True)
            return
        for d in path:
            before = sc.version
            sc.act(A.step(d))
            if sc.version == before or not sc.match.human_to_move():
                break                            # refused (the reason is shown) or the turn is over
        self.cursor = None
        self.open_bar()

    def open_bar(self) -> None:
        self.bar_open = True
        self.focus = first_focus(self.items())

    def _bar(self, button: Button) -> None:
        n = len(self.items())
        if button is Button.LEFT:
            self.focus = (self.focus - 1) % n
        elif button is Button.RIGHT:
            self.focus = (self.focus + 1) % n
        elif button is Button.B:
            self.bar_open = False
        elif button in (Button.UP, Button.DOWN):      # back on the board, the cursor moving at once
            self.bar_open = False
            self._board(button)
        elif button is Button.A:
            self.do(self.focused())

    def do(self, item: BarItem | None) -> None:
        sc = self.scene
        if item is None:
            return
        k = item.key
        self.bar_open = False
        if k.startswith("spell"):
            sc.act(A.cast(int(k[5:])))
        elif k == "drink":
            sc.act(A.drink_ground())
        elif k == "pick":
            sc.act(A.pick_up())
        elif k == "bag":
            sc.menus.bag_menu()
        elif k == "chat":
            sc.menus.open_chat(typed=False)
        elif k == "end":
            sc.act(A.end_turn())
