"""The person's hands on the battle board, as the tcod tutorial does input: ``handle(ev)``
returns the actions to submit — a walk and the action chosen with it, together — and the play
screen submits them in one place (``PlayScreen.submit``). The control never changes the game.

The d-pad moves the cursor; A, B and X go to the top of a stack of sub-steps (``steps.py``:
Browse, PieceChosen, WalkPreview, Attacking), so "a piece is chosen" and "a walk is previewed"
are steps pushed and popped, not fields the screen edits. L/R cycle through the pieces that may
still act, Y ends the turn (after a question), B takes back / lets go (with nothing chosen it
only says so: the danger zone - cells an enemy could attack next turn - is in the pause menu). After the person's actions are applied the nearest
piece that may still act is chosen by itself, so a turn is "d-pad, A, A" per piece. Questions
("Skip the attack? an enemy is in reach") go to ``ask(question, actions)``: the screen asks and
submits the actions on yes.
"""

from __future__ import annotations

from game.modes.skirmish import actions as A
from game.ui.modes.skirmish.board import Marks
from game.ui.modes.skirmish.cursor import Cursor
from game.ui.modes.skirmish.steps import Attacking, Browse, PieceChosen, Step, WalkPreview
from hw.input.buttons import Button, EventKind


class HumanControl:
    def __init__(self, game, mine, ask=None, on_select=None) -> None:
        self.game = game
        self.mine = mine                      # mine(seat): does the person at this screen play it?
        self.ask = ask                        # ask(question, actions, default_yes): None = yes at once
        self.on_select = on_select
        self.cursor = Cursor(game.grid)
        self.steps: list[Step] = [Browse()]
        self.danger = False
        self.me = -1                          # the seat whose danger zone to show between turns
        self._danger_cache: tuple | None = None
        self.hint = ""

    # --- the stack of steps ---------------------------------------------------------------------
    @property
    def top(self) -> Step:
        return self.steps[-1]

    def push(self, step: Step) -> None:
        self.steps.append(step)

    def pop(self) -> None:
        if len(self.steps) > 1:
            self.steps.pop()

    def replace(self, step: Step) -> None:
        self.steps[-1] = step

    def reset(self) -> None:
        """Nothing chosen (the engine's attack phase for your piece is a step of its own)."""
        g = self.game
        if g.phase == "attack" and g.active >= 0 and self.my_turn():
            self.steps = [Attacking(g.pieces[g.active])]
            self.cursor.put(g.pieces[g.active].cell)
        else:
            self.steps = [Browse()]

    # --- what the screen and the info window read -------------------------------------------------
    @property
    def cell(self) -> int:
        return self.cursor.cell

    @property
    def col(self) -> int:
        return self.cursor.col

    @property
    def row(self) -> int:
        return self.cursor.row

    @property
    def selected(self) -> int:
        """The id of the piece being moved (-1: none)."""
        return self.top.piece.id if self.top.piece is not None else -1

    @property
    def pending(self) -> int:
        """Where the chosen piece's walk is previewed (-1: no preview)."""
        return self.top.dest

    def my_turn(self) -> bool:
        g = self.game
        return not g.over and self.mine(g.current)

    def own_pieces(self) -> list:
        g = self.game
        return [p for p in g.pieces if p.alive and p.seat == g.current]

    def spent(self) -> frozenset:
        g = self.game
        return frozenset(p.id for p in self.own_pieces() if not g.can_act(p)) if self.my_turn() else frozenset()

    def chosen_piece(self):
        """The piece whose attack estimate the info window shows."""
        p = self.top.piece
        return p if p is not None and p.alive and self.my_turn() else None

    def standing(self, piece) -> int:
        """Where `piece` stands for the preview: its previewed cell when it has one."""
        top = self.top
        return top.dest if (top.dest >= 0 and top.piece is piece) else piece.cell

    def rest_for_attack(self, piece, target=None) -> int:
        """The rest `piece` will attack with: after the walk it previews (or must make to reach
        `target`), as the engine will have it (rules.rest_per_walk per walk)."""
        g, top = self.game, self.top
        walks = False
        if not isinstance(top, Attacking) and top.piece is piece:
            if top.dest >= 0:
                walks = top.dest != piece.cell
            elif target is not None:
                walks = target.id not in {t.id for t in g.targets_from(piece, piece.cell)}
        return max(0, piece.rest - g.rules.rest_per_walk) if walks else piece.rest

    def estimate(self, attacker, target):
        g = self.game
        return g.combat.estimate(attacker.kind, target.kind, attacker.level, target.level,
                                 self.rest_for_attack(attacker, target), target.rest)

    def weapon_range(self, piece, cell) -> frozenset:
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
                for c in {e.cell, *g.reach(e).cells()}:
                    out.update(g.grid.cells_in_range(c, pt.rng_min, pt.rng_max))
            self._danger_cache = (key, frozenset(c for c in out if g.gmap.tiles[c]))
        return self._danger_cache[1]

    def danger_marks(self) -> frozenset:
        return self.danger_cells() if self.danger else frozenset()

    def marks(self) -> Marks:
        if not self.my_turn():
            return Marks(cursor=self.cursor.cell, danger=self.danger_marks())
        return self.top.marks(self)

    def button_hints(self) -> list[tuple[str, str]]:
        """What each button does right now (the button bar shows these, most useful first)."""
        if not self.my_turn():
            return [("A", "hold: faster"), ("START", "pause")]
        return self.top.hints(self)

    # --- input -------------------------------------------------------------------------------------
    def handle(self, ev) -> list:
        """One button: the actions to submit (usually none)."""
        if self.cursor.handle(ev):
            return []
        if ev.pressed(Button.L) or ev.pressed(Button.R):
            self.cycle(-1 if ev.button is Button.L else 1)
            return []
        if not self.my_turn():
            if ev.kind is EventKind.PRESS and ev.button in (Button.A, Button.X, Button.Y):
                self.hint = "their turn: hold A to hurry it"
            return []
        if ev.pressed(Button.A):
            return self.confirm()
        if ev.pressed(Button.B):
            self.back()
        elif ev.pressed(Button.X):
            return self.skip()
        elif ev.pressed(Button.Y):
            self.end_turn()
        return []

    def confirm(self) -> list:
        """A: what the top step does with the cell under the cursor."""
        return self.top.confirm(self)

    def back(self) -> None:
        """B: take the walk back or let go of the piece (nothing chosen: a hint)."""
        self.top.back(self)

    def skip(self) -> list:
        """X: stay / wait / skip the attack."""
        return self.top.skip(self)

    def tell(self, text: str) -> None:
        """A line for the button bar (a refused action's reason)."""
        self.hint = text

    def toggle_danger(self) -> None:
        self.danger = not self.danger
        self.hint = "danger zone: cells an enemy can attack next turn" if self.danger else "danger zone off"

    def choose(self, piece) -> None:
        """Choose a piece to move (A on it, a proxy, L/R): only your pieces that may still act."""
        g = self.game
        if piece.seat != g.current:
            self.hint = f"that is {g.seat_name(piece.seat).title()}'s piece"
            return
        if not g.can_act(piece):
            used = (g.used >> piece.id) & 1
            self.hint = "already moved this turn" if used else (
                "not rested enough to act" if not g.options.pieces_per_turn else "no more pieces this turn")
            return
        if isinstance(self.steps[0], Attacking):
            self.hint = "attack, or X to skip the attack"
            return
        self.steps = [Browse(), PieceChosen(piece)]
        self.hint = ""
        self.cursor.put(piece.cell)
        if self.on_select:
            self.on_select(piece)

    select = choose

    def cycle(self, step: int) -> None:
        """L/R: previous/next of your pieces that may still act (all of them when none may)."""
        if isinstance(self.top, WalkPreview):
            self.hint = "B takes the walk back first"
            return
        g = self.game
        own = self.own_pieces()
        ring = ([p for p in own if g.can_act(p)] if self.my_turn() else []) or own
        if not ring:
            return
        ids = [p.id for p in ring]
        here = g.piece_at(self.cursor.cell)
        ref = self.selected if self.selected in ids else (here.id if here is not None else -1)
        if ref in ids:
            p = ring[(ids.index(ref) + step) % len(ring)]
        elif step > 0:      # the next one after `ref` in piece order
            p = next((q for q in ring if q.id > ref), ring[0])
        else:
            p = next((q for q in reversed(ring) if q.id < ref), ring[-1])
        self.cursor.put(p.cell)
        if self.my_turn() and g.can_act(p) and not isinstance(self.steps[0], Attacking):
            self.choose(p)

    def maybe_ask_skip(self, n_targets: int, actions: list) -> list:
        """Waiting with an enemy in reach asks first; the actions go on yes."""
        if n_targets and self.ask is not None:
            who = "an enemy is" if n_targets == 1 else f"{n_targets} enemies are"
            self.ask(f"Skip the attack? {who} in reach.", actions)
            return []
        return actions

    def end_turn(self) -> None:
        """End turn, after a question; "Yes" is pre-selected unless a piece could still attack."""
        g = self.game
        if not self.my_turn():
            return
        if isinstance(self.top, WalkPreview):
            self.pop()                          # the preview was never sent: it is dropped
        movable = g.movable_pieces()
        could_hit = [p for p in movable if any(g.targets_from(p, c) for c in [p.cell, *g.reach(p).cells()])]
        if could_hit:
            n = len(could_hit)
            q = f"End your turn? {n} piece{'s' if n > 1 else ''} could still attack."
        elif movable:
            n = len(movable)
            q = f"End your turn? {n} piece{'s' if n > 1 else ''} can still move."
        else:
            q = "End your turn?"
        if self.ask is None:
            return
        self.ask(q, [A.EndTurn()], not could_hit)

    # --- after the engine moved on -------------------------------------------------------------------
    def turn_began(self) -> None:
        """The person's turn: the first piece that may act is chosen for them."""
        self.me = self.game.current
        self.reset()
        self._choose_next(None)

    def sent(self) -> None:
        """The actions are on their way: nothing is chosen until they are applied."""
        self.steps = [Browse()]
        self.hint = ""

    def applied(self) -> None:
        """After any applied action (when the person has nothing more on its way): the chosen
        piece stays chosen while it may act, else the nearest one that may act is chosen."""
        g = self.game
        top = self.top
        last = top.piece.cell if top.piece is not None else self.cursor.cell
        if isinstance(self.steps[0], Attacking) or (g.phase == "attack" and self.my_turn()):
            self.reset()
            return
        if top.piece is None or not top.piece.alive or not g.can_act(top.piece) or not self.my_turn():
            self.reset()
            self._choose_next(last)
        self.hint = ""

    def _choose_next(self, near: int | None) -> None:
        """Choose the piece that may act nearest to `near` (a cell), or the first one."""
        g = self.game
        movable = g.movable_pieces()
        if not movable or not self.my_turn() or not isinstance(self.top, Browse):
            return
        p = movable[0] if near is None else min(movable, key=lambda q: (g.grid.distance(near, q.cell), q.id))
        self.choose(p)
