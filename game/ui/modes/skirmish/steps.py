"""The sub-steps of choosing a Skirmish move at the cursor, one small class each (a stack of
them lives in ``HumanControl``; the top one takes A, B and X):

    Browse            nothing chosen: A on one of your pieces chooses it
    PieceChosen(p)    purple cells where p may walk; A on one (or on p: stay) previews the walk
    WalkPreview(p, c) p drawn at c, orange its reach, red the enemies it may attack from there:
                      A on a red enemy -> [walk, attack]; A on p or X -> [walk, wait] (asking
                      first when an enemy is in reach); A on another purple cell moves the preview
    Attacking(p)      the engine waits for p's action (a game restored between a walk and it)

`confirm` (A) and `skip` (X) return the actions to submit (empty: nothing yet); `back` (B) pops
the step. Nothing is sent to the engine before the walk's action is chosen, so B takes a
previewed walk back; the engine and the replay only ever see the walk and the action together.
"""

from __future__ import annotations

from game.modes.skirmish import actions as A
from game.ui.modes.skirmish.board import Marks


class Step:
    piece = None          # the piece this step is about (None: none yet)
    dest = -1             # a previewed destination (-1: none)

    def confirm(self, ctl) -> list:
        return []

    def skip(self, ctl) -> list:
        ctl.hint = "select a piece first (A)"
        return []

    def back(self, ctl) -> None:
        ctl.pop()

    def marks(self, ctl) -> Marks:
        return Marks(cursor=ctl.cursor.cell, spent=ctl.spent(), danger=ctl.danger_marks())

    def hints(self, ctl) -> list[tuple[str, str]]:
        return [("A", "select"), ("LR", "next piece"), ("Y", "end turn"), ("START", "pause")]


class Browse(Step):
    def confirm(self, ctl) -> list:
        here = ctl.game.piece_at(ctl.cursor.cell)
        if here is None:
            ctl.hint = "point at one of your pieces"
        else:
            ctl.choose(here)
        return []

    def back(self, ctl) -> None:
        ctl.hint = "nothing to take back (START: danger zone, end turn)"


class PieceChosen(Step):
    def __init__(self, piece) -> None:
        self.piece = piece

    def can_walk_to(self, ctl, cell: int) -> bool:
        return cell == self.piece.cell or cell in ctl.game.reach(self.piece).cells()

    def confirm(self, ctl) -> list:
        cur = ctl.cursor.cell
        if self.can_walk_to(ctl, cur):
            ctl.push(WalkPreview(self.piece, cur))
            return []
        here = ctl.game.piece_at(cur)
        if here is not None and here.seat == ctl.game.current:
            ctl.choose(here)
        else:
            ctl.hint = "it cannot walk there (purple cells only)"
        return []

    def skip(self, ctl) -> list:
        ctl.push(WalkPreview(self.piece, self.piece.cell))
        ctl.cursor.put(self.piece.cell)
        ctl.hint = "stays: A on an enemy attacks, A again waits"
        return []

    def back(self, ctl) -> None:
        ctl.pop()
        ctl.hint = ""

    def marks(self, ctl) -> Marks:
        g, p, cur = ctl.game, self.piece, ctl.cursor.cell
        reach = frozenset(g.reach(p).cells())
        outline, targets = frozenset(), frozenset()
        if cur in reach or cur == p.cell:
            outline = ctl.weapon_range(p, cur)
            targets = frozenset(t.cell for t in g.targets_from(p, cur) if t.id != p.id)
        return Marks(purple=reach, orange_outline=outline - targets, targets=targets, cursor=cur, selected=p.id,
                     spent=ctl.spent(), danger=ctl.danger_marks())

    def hints(self, ctl) -> list[tuple[str, str]]:
        first = ("A", "stay here") if ctl.cursor.cell == self.piece.cell else ("A", "walk here")
        return [first, ("B", "cancel"), ("LR", "next piece"), ("Y", "end turn"), ("START", "pause")]


class WalkPreview(Step):
    def __init__(self, piece, dest: int) -> None:
        self.piece, self.dest = piece, dest

    def targets(self, ctl) -> list:
        return ctl.game.targets_from(self.piece, self.dest)

    def actions(self, then, ctl) -> list:
        """The walk (or stay) and what follows it, to send together. With no enemy in reach
        the engine ends the piece's move with the walk: nothing follows it then."""
        p = self.piece
        first = A.Stay(p.id) if self.dest == p.cell else A.Walk(p.id, self.dest)
        return [first, then] if self.targets(ctl) else [first]

    def confirm(self, ctl) -> list:
        g, p, cur = ctl.game, self.piece, ctl.cursor.cell
        here = g.piece_at(cur)
        if here is not None and here.id != p.id and here.id in {t.id for t in self.targets(ctl)}:
            return self.actions(A.Attack(here.id), ctl)
        if cur == self.dest:
            return self.skip(ctl)
        if cur == p.cell or cur in g.reach(p).cells():
            ctl.replace(WalkPreview(p, cur))          # walk somewhere else instead
            ctl.hint = ""
        else:
            ctl.hint = "A: attack a red enemy · A on the piece: wait · B: take back"
        return []

    def skip(self, ctl) -> list:
        return ctl.maybe_ask_skip(len(self.targets(ctl)), self.actions(A.SkipAttack(), ctl))

    def back(self, ctl) -> None:
        ctl.pop()
        ctl.cursor.put(self.piece.cell)
        ctl.hint = "walk taken back"

    def marks(self, ctl) -> Marks:
        rng = ctl.weapon_range(self.piece, self.dest)
        targets = frozenset(t.cell for t in self.targets(ctl))
        return Marks(orange_fill=rng - targets, targets=targets, cursor=ctl.cursor.cell, selected=self.piece.id,
                     spent=ctl.spent(), moved=(self.piece.id, self.dest), danger=ctl.danger_marks())

    def hints(self, ctl) -> list[tuple[str, str]]:
        cur = ctl.cursor.cell
        here = ctl.game.piece_at(cur)
        on_target = here is not None and here.id in {t.id for t in self.targets(ctl)}
        first = ("A", "attack") if on_target else ("A", "wait here") if cur == self.dest else ("A", "go here")
        return [first, ("B", "take back"), ("X", "wait"), ("Y", "end turn"), ("START", "pause")]


class Attacking(Step):
    def __init__(self, piece) -> None:
        self.piece = piece

    def targets(self, ctl) -> list:
        return ctl.game.targets_from(self.piece, self.piece.cell)

    def confirm(self, ctl) -> list:
        cur = ctl.cursor.cell
        target = ctl.game.piece_at(cur)
        if target is not None and target.id in {t.id for t in self.targets(ctl)}:
            return [A.Attack(target.id)]
        if cur == self.piece.cell:
            return self.skip(ctl)
        ctl.hint = "A on a red enemy attacks; A on the piece (or X) skips"
        return []

    def skip(self, ctl) -> list:
        return ctl.maybe_ask_skip(len(self.targets(ctl)), [A.SkipAttack()])

    def back(self, ctl) -> None:
        ctl.hint = "attack, or X to skip the attack"

    def marks(self, ctl) -> Marks:
        rng = ctl.weapon_range(self.piece, self.piece.cell)
        targets = frozenset(t.cell for t in self.targets(ctl))
        return Marks(orange_fill=rng - targets, targets=targets, cursor=ctl.cursor.cell, selected=self.piece.id,
                     spent=ctl.spent(), danger=ctl.danger_marks())

    def hints(self, ctl) -> list[tuple[str, str]]:
        return [("A", "attack"), ("X", "skip attack"), ("Y", "end turn"), ("START", "pause")]
