"""make-maze-terrain: rooms joined by passages dug through solid rock (refman "Maze World").

Solid types are the cell types with `occurrence` > 0, room types those with
`maze-room-occurrence` > 0, passage types those with `maze-passage-occurrence` > 0; each kind
is drawn with those weights. At least two kinds must exist.

1. Every cell of the area becomes solid.
2. Rooms: (cells x `maze-room-density` / 10,000) / 7 of them, each a random interior cell and
   its neighbours made room terrain.
3. Passages (when `maze-passage-density` > 0; the target is cells x density / 10,000 passage
   cells): consecutive rooms are joined, half of the time through a random cell in between, by
   a path that steps towards its goal, preferring room cells, then passage cells, then rock,
   and turns the rock it crosses into passage. Then, from random open cells (at most cells / 2
   tries), passages are dug into the rock: a passage goes on in its direction (or the first
   direction) to a rock cell that touches one open cell (else two), branches left and right with
   20 % chance and otherwise keeps its direction with 50 %, for at most max(W, H) cells.
   Finally passage cells with five or six open neighbours become rock again.
4. The edge ring gets `edge-terrain`.
"""

from __future__ import annotations

from game.rules.gdl.aux_layer import left_dir, right_dir
from game.rules.gdl.synth import finish
from game.rules.gdl.synth.limits import AREA, PROPHI, global_int, tprop
from game.rules.gdl.synth.random_terrain import weighted
from game.rules.gdl.synth.work import Work

NAME = "make-maze-terrain"
ROOM_CELLS = 7


class Maze:
    def __init__(self, work: Work):
        m = work.m
        self.work = work
        self.occ = tprop(m, "occurrence", 0, PROPHI)
        self.room_occ = tprop(m, "maze-room-occurrence", 0, PROPHI)
        self.pass_occ = tprop(m, "maze-passage-occurrence", 0, PROPHI)
        ct = work.cell_types
        self.solid = [t for t in ct if self.occ[t] > 0]
        self.room = [t for t in ct if self.room_occ[t] > 0]
        self.passage = [t for t in ct if self.pass_occ[t] > 0]
        self.dug = 0

    def is_open(self, c: int) -> bool:
        t = self.work.terrain[c]
        return t >= 0 and (self.room_occ[t] > 0 or self.pass_occ[t] > 0)

    def is_solid(self, c: int) -> bool:
        t = self.work.terrain[c]
        return t >= 0 and self.occ[t] > 0

    def open_around(self, c: int) -> int:
        return sum(1 for n in self.work.nb[c] if n >= 0 and self.is_open(n))

    def new_solid(self) -> int:
        return weighted(self.work, self.solid, self.occ)

    def new_passage(self) -> int:
        return weighted(self.work, self.passage, self.pass_occ)

    def new_room(self) -> int:
        return weighted(self.work, self.room, self.room_occ)

    def dig_between(self, a: int, b: int) -> None:
        """Walk from a towards b; rock on the way becomes passage."""
        work = self.work
        c = a
        for _ in range(work.w + work.h + 2):
            if c == b:
                return
            steps = [n for _d, n in work.closer(c, b) if work.interior[n]]
            if not steps:
                return
            steps.sort(key=lambda n: -(2 if self.room_occ[work.terrain[n]] > 0 else
                                       1 if self.pass_occ[work.terrain[n]] > 0 else 0))
            if len(steps) == 2 and self.rank(steps[0]) == self.rank(steps[1]) and work.rng.below(2):
                steps.reverse()
            if self.is_solid(c) and self.passage:
                work.terrain[c] = self.new_passage()
                self.dug += 1
            c = steps[0]
            work.budget.spend(6)

    def rank(self, c: int) -> int:
        t = self.work.terrain[c]
        return 2 if self.room_occ[t] > 0 else 1 if self.pass_occ[t] > 0 else 0

    def dig_from(self, start: int, d0: int, limit: int) -> None:
        work = self.work
        stack = [(start, d0)]
        while stack and self.dug < limit:
            c, d = stack.pop()
            tries = 0
            while (work.nb[c][d] < 0 or not work.interior[work.nb[c][d]]) and tries < 12:
                d = work.rng.below(6)
                tries += 1
            for _ in range(max(work.w, work.h)):
                nxt = work.nb[c][d]
                if nxt < 0 or not work.interior[nxt]:
                    break
                found = self.is_solid(nxt) and self.open_around(nxt) == 1
                if not found:
                    for want in (1, 2):
                        for d2 in range(6):
                            n2 = work.nb[c][d2]
                            if n2 >= 0 and work.interior[n2] and self.is_solid(n2) and self.open_around(n2) == want:
                                found, d, nxt = True, d2, n2
                                break
                        if found:
                            break
                work.budget.spend(12)
                if not found:
                    break
                work.terrain[nxt] = self.new_passage()
                self.dug += 1
                if work.rng.below(100) < 20:
                    stack.append((nxt, right_dir(d)))
                    stack.append((nxt, left_dir(d)))
                    break
                c = nxt
                if work.rng.below(2):
                    d = work.rng.below(6)


def make(work: Work) -> bool:
    if work.has_terrain:
        work.notes.append(f"{NAME}: the terrain is already defined")
        return False
    mz = Maze(work)
    if (len(mz.solid) > 0) + (len(mz.room) > 0) + (len(mz.passage) > 0) < 2 or not mz.solid:
        work.notes.append(f"{NAME}: no types to make a maze with")
        return False
    m = work.m
    room_density = global_int(m, "maze-room-density", 1000, 0, 10000)
    pass_density = global_int(m, "maze-passage-density", 3000, 0, 10000)
    work.budget.doing("maze", [("g", "maze-passage-density")] + AREA)
    for c in work.area_cells:
        work.terrain[c] = mz.new_solid()
    numcells = len(work.area_cells)
    rooms = []
    if room_density > 0 and mz.room:
        for _ in range(numcells * room_density // 10000 // ROOM_CELLS):
            c = work.random_interior()
            for t in work.disc(c, 1):
                work.terrain[t] = mz.new_room()
            rooms.append(c)
    if pass_density > 0 and mz.passage:
        need = numcells * pass_density // 10000
        for a, b in zip(rooms, rooms[1:]):
            if work.rng.below(2):
                mz.dig_between(a, b)
            else:
                mid = work.random_interior()
                mz.dig_between(a, mid)
                mz.dig_between(mid, b)
        for _ in range(numcells // 2):
            if mz.dug >= need:
                break
            c = work.random_interior()
            if mz.is_open(c):
                mz.dig_from(c, work.rng.below(6), need)
        for c in work.interior_cells:
            if mz.pass_occ[work.terrain[c]] > 0 and mz.open_around(c) >= 5:
                work.terrain[c] = mz.new_solid()
    finish.add_edge_terrain(work)
    work.has_terrain = True
    return True
