"""A human at the cursor: d-pad moves it, A selects/confirms, B cancels, X skips, Y ends the turn.

Follows the WoS page: select a piece -> purple cells where it may walk; hovering a purple cell
shows orange outlines where it could attack from there; after walking, orange cells it may
attack (A on an enemy attacks; A on an orange cell without an enemy, or X, skips the attack).
X in the walking phase is "Skip Move" (the piece stays and goes to its attack phase); Y is
"End Turn" after a confirm. L/R cycle through your pieces (like the side proxies).

The control never changes the game itself: it hands actions to ``submit`` (the battle scene).
"""

from __future__ import annotations

from game.modes.skirmish import actions as A
from game.ui.scenes.battle.board import Marks
from hw.input.buttons import Button, EventKind


class HumanControl:
    def __init__(self, game, submit, confirm_end_turn, on_select=None) -> None:
        self.game = game
        self.submit = submit
        self.confirm_end_turn = confirm_end_turn
        self.on_select = on_select
        self.selected = -1
        self.hint = ""
        g = game.grid
        cells = g.cells
        self.col, self.row = g.offset_of(cells[len(cells) // 2])

    # --- the cursor ---------------------------------------------------------------------------
    @property
    def cell(self) -> int:
        return self.game.grid.cell_at_offset(self.col, self.row)

    def put(self, cell: int) -> None:
        self.col, self.row = self.game.grid.offset_of(cell)

    def move(self, dx: int, dy: int) -> None:
        g = self.game.grid
        col = max(0, min(g.cols - 1, self.col + dx))
        row = max(0, min(g.rows - 1, self.row + dy))
        # on hexagonal maps the rectangle has holes: slide on to the next cell in that direction
        for _ in range(max(g.cols, g.rows)):
            if g.cell_at_offset(col, row) >= 0:
                break
            ncol, nrow = col + dx, row + dy
            if not (0 <= ncol < g.cols and 0 <= nrow < g.rows):
                return
            col, row = ncol, nrow
        self.col, self.row = col, row

    # --- whose turn -------------------------------------------------------------------------------
    def my_turn(self) -> bool:
        g = self.game
        return not g.over and g.controller(g.current) == "human"

    def own_pieces(self) -> list:
        g = self.game
        return [p for p in g.pieces if p.alive and p.seat == g.current]

    def reset_for_turn(self) -> None:
        self.selected = -1
        movable = self.game.movable_pieces()
        if movable:
            self.put(movable[0].cell)

    # --- highlights -------------------------------------------------------------------------------
    def attack_piece(self):
        """The piece in its attack phase, if it is the human's."""
        g = self.game
        if g.phase == "attack" and g.active >= 0 and self.my_turn():
            return g.pieces[g.active]
        return None

    def chosen_piece(self):
        """The piece whose attack estimate the info window shows (selected or attacking)."""
        p = self.attack_piece()
        if p is not None:
            return p
        if self.selected >= 0:
            q = self.game.pieces[self.selected]
            if q.alive:
                return q
        return None

    def marks(self) -> Marks:
        g = self.game
        cur = self.cell
        spent = frozenset(p.id for p in self.own_pieces() if not g.can_act(p)) if self.my_turn() else frozenset()
        att = self.attack_piece()
        if att is not None:
            pt = g.piece_type(att)
            rng = frozenset(c for c in g.grid.cells_in_range(att.cell, pt.rng_min, pt.rng_max) if g.gmap.tiles[c])
            targets = frozenset(t.cell for t in g.targets_from(att, att.cell))
            return Marks(orange_fill=rng - targets, targets=targets, cursor=cur, selected=att.id, spent=spent)
        if self.selected >= 0 and self.my_turn():
            p = g.pieces[self.selected]
            reach = frozenset(g.reach(p).cells())
            outline, targets = frozenset(), frozenset()
            if cur in reach or cur == p.cell:
                pt = g.piece_type(p)
                outline = frozenset(c for c in g.grid.cells_in_range(cur, pt.rng_min, pt.rng_max) if g.gmap.tiles[c])
                targets = frozenset(t.cell for t in g.targets_from(p, cur) if t.id != p.id)
            return Marks(purple=reach, orange_outline=outline - targets, targets=targets, cursor=cur,
                         selected=p.id, spent=spent)
        return Marks(cursor=cur, spent=spent)

    # --- input ----------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        """True when the event was used."""
        for b, d in ((Button.UP, (0, -1)), (Button.DOWN, (0, 1)), (Button.LEFT, (-1, 0)), (Button.RIGHT, (1, 0))):
            if ev.triggered(b):
                self.move(*d)
                return True
        if ev.pressed(Button.L) or ev.pressed(Button.R):
            self.cycle(-1 if ev.button is Button.L else 1)
            return True
        if not self.my_turn():
            if ev.kind is EventKind.PRESS and ev.button in (Button.A, Button.X, Button.Y):
                self.hint = "wait for your turn"
            return False
        if ev.pressed(Button.A):
            self.confirm()
            return True
        if ev.pressed(Button.B):
            if self.selected >= 0 and self.attack_piece() is None:
                self.selected = -1
                self.hint = ""
            elif self.attack_piece() is not None:
                self.hint = "the walk is done: attack, or X to skip the attack"
            return True
        if ev.pressed(Button.X):
            self.skip()
            return True
        if ev.pressed(Button.Y):
            self.confirm_end_turn()
            return True
        return False

    def cycle(self, step: int) -> None:
        own = self.own_pieces()
        if not own:
            return
        ids = [p.id for p in own]
        here = self.game.piece_at(self.cell)
        ref = self.selected if self.selected >= 0 else (here.id if here is not None and here.id in ids else -1)
        i = ids.index(ref) if ref in ids else (-1 if step > 0 else 0)
        p = own[(i + step) % len(own)]
        self.put(p.cell)
        if self.my_turn() and self.attack_piece() is None and self.game.can_act(p):
            self.selected = p.id
            if self.on_select:
                self.on_select(p)

    def select(self, piece) -> None:
        """Select a piece (A on it, or a proxy): only own pieces that may still act."""
        g = self.game
        if piece.seat != g.current:
            self.hint = f"that is {g.seat_name(piece.seat).title()}'s piece"
            return
        if not g.can_act(piece):
            used = (g.used >> piece.id) & 1
            self.hint = "already moved this turn" if used else (
                "not rested enough to act" if not g.options.pieces_per_turn else "no more pieces this turn")
            return
        self.selected = piece.id
        self.hint = ""
        self.put(piece.cell)
        if self.on_select:
            self.on_select(piece)

    def confirm(self) -> None:
        g = self.game
        cur = self.cell
        att = self.attack_piece()
        if att is not None:
            pt = g.piece_type(att)
            in_range = cur in g.grid.cells_in_range(att.cell, pt.rng_min, pt.rng_max)
            target = g.piece_at(cur)
            if target is not None and target.seat != att.seat and in_range:
                self.submit(A.Attack(target.id))
            elif in_range:
                self.submit(A.SkipAttack())
            else:
                self.hint = "pick an orange cell (X: skip attack)"
            return
        here = g.piece_at(cur)
        if self.selected >= 0:
            p = g.pieces[self.selected]
            if cur == p.cell:
                self.submit(A.Stay(p.id))
                return
            if cur in g.reach(p).cells():
                self.submit(A.Walk(p.id, cur))
                return
            if here is not None and here.seat == g.current:
                self.select(here)
                return
            self.hint = "it cannot walk there (purple cells only)"
            return
        if here is not None:
            self.select(here)
        else:
            self.hint = "point at one of your pieces"

    def skip(self) -> None:
        if self.attack_piece() is not None:
            self.submit(A.SkipAttack())
        elif self.selected >= 0:
            self.submit(A.Stay(self.selected))
        else:
            self.hint = "select a piece first (A)"

    def after_action(self) -> None:
        """Called by the scene after any action was applied."""
        g = self.game
        if self.selected >= 0 and (g.phase == "attack" or not g.pieces[self.selected].alive
                                   or not g.can_act(g.pieces[self.selected])):
            self.selected = -1
        if g.phase == "attack" and g.active >= 0:
            self.put(g.pieces[g.active].cell)
            targets = g.targets_from(g.pieces[g.active], g.pieces[g.active].cell)
            if targets:
                self.put(targets[0].cell)
        self.hint = ""
