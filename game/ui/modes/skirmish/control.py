"""A human at the cursor: d-pad moves it, A selects/confirms, B takes back, X skips, Y ends the turn.

Follows the WoS page, with the walk as a preview (Advance Wars' "move, then choose"): select a
piece -> purple cells where it may walk; hovering a purple cell shows orange outlines where it
could attack from there. A on a purple cell (or on the piece itself: stay) only *previews* the
walk: the piece is drawn there, orange cells show its reach, red ones the enemies it may attack.
Nothing is sent to the engine yet, so B takes the walk back. A on an enemy then sends walk +
attack together; A on the piece (or X) waits there — after a question when enemies were in reach.
The engine stays pure and the replay exact: it only ever sees the walk and the action chosen.

After a piece has acted the next one that may act is selected by itself (the nearest), so a
turn is "d-pad, A, A" per piece. L/R cycle through the pieces that may still act. B with
nothing selected toggles the danger zone (cells an enemy could attack next turn); Y (or the
pause menu) ends the turn. The control never changes the game itself: it hands actions to
``submit`` (the battle scene).
"""

from __future__ import annotations

from game.modes.skirmish import actions as A
from game.ui.modes.skirmish.board import Marks
from hw.input.buttons import Button, EventKind


class HumanControl:
    def __init__(self, game, submit, confirm_end_turn, on_select=None, ask=None, mine=None) -> None:
        self.game = game
        self.mine = mine                      # mine(seat): does the person at this screen play it?
        self.submit = submit                  # submit(action, hop=True)
        self.confirm_end_turn = confirm_end_turn
        self.on_select = on_select
        self.ask = ask                        # ask(question, on_yes): a yes/no dialog (None: yes)
        self.selected = -1
        self.pending = -1                     # previewed destination of the selected piece (-1: none)
        self.follow: tuple | None = None      # (piece id, action or None): to send once its walk is applied
        self.danger = False
        self.me = -1                          # the human seat this control last played
        self._danger_cache: tuple | None = None
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
        if g.over:
            return False
        return self.mine(g.current) if self.mine is not None else g.controller(g.current) == "human"

    def own_pieces(self) -> list:
        g = self.game
        return [p for p in g.pieces if p.alive and p.seat == g.current]

    def reset_for_turn(self) -> None:
        self.me = self.game.current         # whose danger zone to show, also during others' turns
        self.selected, self.pending = -1, -1
        self._select_next(None)

    def _select_next(self, near: int | None) -> None:
        """Select the piece that may act nearest to `near` (a cell), or the first one."""
        g = self.game
        movable = g.movable_pieces()
        if not movable or not self.my_turn():
            return
        p = movable[0] if near is None else min(movable, key=lambda q: (g.grid.distance(near, q.cell), q.id))
        self.selected = p.id
        self.put(p.cell)
        if self.on_select:
            self.on_select(p)

    # --- what a piece would do -----------------------------------------------------------------
    def attack_piece(self):
        """The piece in the engine's attack phase, if it is the human's (only between a walk and its
        action when they were not sent together, e.g. a game restored mid-move)."""
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

    def standing(self, piece) -> int:
        """Where `piece` stands for the preview: its pending cell when it has one."""
        return self.pending if (self.pending >= 0 and piece.id == self.selected) else piece.cell

    def rest_for_attack(self, piece, target=None) -> int:
        """The rest `piece` will attack with: after the walk it previews (or must make to reach
        `target`), as the engine will have it (rules.rest_per_walk per walk)."""
        g = self.game
        walks = False
        if self.attack_piece() is None and piece.id == self.selected:
            if self.pending >= 0:
                walks = self.pending != piece.cell
            elif target is not None:
                walks = target.id not in {t.id for t in g.targets_from(piece, piece.cell)}
        return max(0, piece.rest - g.rules.rest_per_walk) if walks else piece.rest

    def estimate(self, attacker, target):
        g = self.game
        return g.combat.estimate(attacker.kind, target.kind, attacker.level, target.level,
                                 self.rest_for_attack(attacker, target), target.rest)

    def pending_targets(self) -> list:
        if self.pending < 0 or self.selected < 0:
            return []
        g = self.game
        return g.targets_from(g.pieces[self.selected], self.pending)

    # --- highlights -------------------------------------------------------------------------------
    def _range(self, piece, cell) -> frozenset:
        g = self.game
        pt = g.piece_type(piece)
        return frozenset(c for c in g.grid.cells_in_range(cell, pt.rng_min, pt.rng_max) if g.gmap.tiles[c])

    def danger_cells(self) -> frozenset:
        """Cells any enemy of yours could attack on its next turn (walk + weapon range)."""
        g = self.game
        me = g.current if self.my_turn() or self.me < 0 else self.me
        key = (me, g.occupied, tuple(p.hp for p in g.pieces))
        if self._danger_cache is None or self._danger_cache[0] != key:
            out: set[int] = set()
            for e in g.pieces:
                if not e.alive or e.seat == me:
                    continue
                pt = g.piece_type(e)
                stands = {e.cell, *g.reach(e).cells()}
                for c in stands:
                    out.update(g.grid.cells_in_range(c, pt.rng_min, pt.rng_max))
            self._danger_cache = (key, frozenset(c for c in out if g.gmap.tiles[c]))
        return self._danger_cache[1]

    def marks(self) -> Marks:
        g = self.game
        cur = self.cell
        mine = self.my_turn()
        spent = frozenset(p.id for p in self.own_pieces() if not g.can_act(p)) if mine else frozenset()
        danger = self.danger_cells() if self.danger else frozenset()
        att = self.attack_piece()
        if att is not None:
            rng = self._range(att, att.cell)
            targets = frozenset(t.cell for t in g.targets_from(att, att.cell))
            return Marks(orange_fill=rng - targets, targets=targets, cursor=cur, selected=att.id, spent=spent,
                         danger=danger)
        if self.selected >= 0 and mine:
            p = g.pieces[self.selected]
            if self.pending >= 0:
                rng = self._range(p, self.pending)
                targets = frozenset(t.cell for t in self.pending_targets())
                return Marks(orange_fill=rng - targets, targets=targets, cursor=cur, selected=p.id, spent=spent,
                             moved=(p.id, self.pending), danger=danger)
            reach = frozenset(g.reach(p).cells())
            outline, targets = frozenset(), frozenset()
            if cur in reach or cur == p.cell:
                outline = self._range(p, cur)
                targets = frozenset(t.cell for t in g.targets_from(p, cur) if t.id != p.id)
            return Marks(purple=reach, orange_outline=outline - targets, targets=targets, cursor=cur,
                         selected=p.id, spent=spent, danger=danger)
        return Marks(cursor=cur, spent=spent, danger=danger)

    def button_hints(self) -> list[tuple[str, str]]:
        """What each button does right now (the button bar shows these, most useful first)."""
        g = self.game
        if not self.my_turn():
            return [("B", "danger zone"), ("START", "menu")]
        cur = self.cell
        att = self.attack_piece()
        if att is not None:
            return [("A", "attack"), ("X", "skip attack"), ("Y", "end turn"), ("START", "menu")]
        if self.selected >= 0 and self.pending >= 0:
            here = g.piece_at(cur)
            on_target = here is not None and here.id in {t.id for t in self.pending_targets()}
            first = ("A", "attack") if on_target else ("A", "wait here") if cur == self.pending else ("A", "go here")
            return [first, ("B", "take back"), ("X", "wait"), ("Y", "end turn"), ("START", "menu")]
        if self.selected >= 0:
            p = g.pieces[self.selected]
            first = ("A", "stay here") if cur == p.cell else ("A", "walk here")
            return [first, ("B", "deselect"), ("L", "R next"), ("Y", "end turn"), ("START", "menu")]
        return [("A", "select"), ("L", "R next"), ("B", "danger zone"), ("Y", "end turn"), ("START", "menu")]

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
            if ev.pressed(Button.B):
                self.toggle_danger()
            return False
        if ev.pressed(Button.A):
            self.confirm()
            return True
        if ev.pressed(Button.B):
            self.back()
            return True
        if ev.pressed(Button.X):
            self.skip()
            return True
        if ev.pressed(Button.Y):
            self.confirm_end_turn()
            return True
        return False

    def toggle_danger(self) -> None:
        self.danger = not self.danger
        self.hint = "danger zone: cells an enemy can attack next turn" if self.danger else "danger zone off"

    def back(self) -> None:
        """B: take back the previewed walk, else deselect, else toggle the danger zone."""
        if self.pending >= 0:
            p = self.game.pieces[self.selected]
            self.pending = -1
            self.hint = "walk taken back"
            self.put(p.cell)
        elif self.selected >= 0 and self.attack_piece() is None:
            self.selected = -1
            self.hint = ""
        elif self.attack_piece() is not None:
            self.hint = "attack, or X to skip the attack"
        else:
            self.toggle_danger()

    def cycle(self, step: int) -> None:
        """L/R: previous/next of your pieces that may still act (all of them when none may)."""
        if self.pending >= 0:
            self.hint = "B takes the walk back first"
            return
        g = self.game
        own = self.own_pieces()
        ready = [p for p in own if g.can_act(p)] if self.my_turn() else []
        ring = ready or own
        if not ring:
            return
        ids = [p.id for p in ring]
        here = g.piece_at(self.cell)
        ref = self.selected if self.selected in ids else (here.id if here is not None else -1)
        if ref in ids:
            p = ring[(ids.index(ref) + step) % len(ring)]
        elif step > 0:      # the next one after `ref` in piece order
            p = next((q for q in ring if q.id > ref), ring[0])
        else:
            p = next((q for q in reversed(ring) if q.id < ref), ring[-1])
        self.put(p.cell)
        if self.my_turn() and self.attack_piece() is None and g.can_act(p):
            self.selected = p.id
            self.hint = ""
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
        self.selected, self.pending = piece.id, -1
        self.hint = ""
        self.put(piece.cell)
        if self.on_select:
            self.on_select(piece)

    def confirm(self) -> None:
        g = self.game
        cur = self.cell
        att = self.attack_piece()
        if att is not None:
            target = g.piece_at(cur)
            if target is not None and target.id in {t.id for t in g.targets_from(att, att.cell)}:
                self.submit(A.Attack(target.id))
            elif cur == att.cell:
                self.skip()
            else:
                self.hint = "A on a red enemy attacks; A on the piece (or X) skips"
            return
        here = g.piece_at(cur)
        if self.selected >= 0:
            p = g.pieces[self.selected]
            if self.pending >= 0:
                target = here if here is not None and here.id != p.id else None
                if target is not None and target.id in {t.id for t in self.pending_targets()}:
                    self._commit(A.Attack(target.id))
                elif cur == self.pending:
                    self.skip()
                elif cur == p.cell or cur in g.reach(p).cells():
                    self.pending = cur          # walk somewhere else instead
                    self.hint = ""
                else:
                    self.hint = "A: attack a red enemy · A on the piece: wait · B: take back"
                return
            if cur == p.cell or cur in g.reach(p).cells():
                self.pending = cur
                self.hint = ""
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
        """X: in the walk preview, wait there (asks first when an enemy is in reach)."""
        att = self.attack_piece()
        if att is not None:
            n = len(self.game.targets_from(att, att.cell))
            self._ask_skip(n, lambda: self.submit(A.SkipAttack()))
        elif self.pending >= 0:
            n = len(self.pending_targets())
            self._ask_skip(n, lambda: self._commit(None))
        elif self.selected >= 0:
            self.pending = self.game.pieces[self.selected].cell
            self.put(self.pending)
            self.hint = "stays: A on an enemy attacks, A again waits"
        else:
            self.hint = "select a piece first (A)"

    def _ask_skip(self, n_targets: int, do) -> None:
        if n_targets and self.ask is not None:
            who = "an enemy is" if n_targets == 1 else f"{n_targets} enemies are"
            self.ask(f"Skip the attack? {who} in reach.", do)
        else:
            do()

    def _commit(self, action) -> None:
        """Send the previewed walk (or stay) and then `action` (None: wait, no attack)."""
        g = self.game
        p = g.pieces[self.selected]
        dest = self.pending
        self.pending = -1
        first = A.Stay(p.id) if dest == p.cell else A.Walk(p.id, dest)
        self.follow = (p.id, action)
        self.submit(first, hop=False)
        self._send_follow()

    def _send_follow(self) -> None:
        """The action chosen with a walk goes as soon as the walk is applied (at once here; a
        linked battle applies the walk on the lockstep's next poll)."""
        g = self.game
        if self.follow is not None and g.phase == "attack" and g.active == self.follow[0]:
            action = self.follow[1]
            self.follow = None
            self.submit(action if action is not None else A.SkipAttack())

    def after_action(self) -> None:
        """Called by the scene after any action was applied."""
        g = self.game
        if g.phase == "attack":
            self._send_follow()     # the walk's action follows at once
            return
        if self.follow is not None and not g.can_act(g.pieces[self.follow[0]]):
            self.follow = None
        last = g.pieces[self.selected].cell if self.selected >= 0 else self.cell
        if self.selected >= 0 and (not g.pieces[self.selected].alive or not g.can_act(g.pieces[self.selected])):
            self.selected, self.pending = -1, -1
            self._select_next(last)
        self.hint = ""
