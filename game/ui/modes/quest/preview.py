"""What A would do in the aim, worked out by the engine itself (no pygame, no rules copied here).

A step/push/blow is previewed from the engine's own move plan, then the step is run on a throwaway
copy (where a teleport pad lands the player, what a Tractor pulls); a spell is first checked with the
engine (`QuestGame.check`, which calls the spell's `cast_*` with `dry=True`) and then, when it is
legal, cast for real on a throwaway copy of the game: the events and the difference between the
copy and the game say which cells it reaches. The game itself is never changed.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from game.modes.quest.explosions import resolve as resolve_blasts
from game.modes.quest.game import CAST, DROP, MOVE
from game.modes.quest.spells import CASTERS, NAMES


@dataclass
class Preview:
    label: str                          # "step", "push", "fireball 2"...
    error: str | None = None            # why the action is illegal now (None: legal)
    area: list[int] = field(default_factory=list)   # every cell the action reaches
    hits: list[int] = field(default_factory=list)   # cells where something is hit, destroyed or slowed
    lands: int = -1                     # where the player ends up (a step, a Jump, a Teleport)
    target: int = -1                    # the cell in the aim (marked when the action is illegal)
    note: str = ""                      # a legal action that would do nothing much ("hits nothing")

    @property
    def legal(self) -> bool:
        return self.error is None


def _throwaway(game):
    """A copy of the game to try an action on: a shallow copy given the game's own state back
    through `restore` (which copies every piece of mutable state: the map bytes, player, NPCs,
    PRNG, timers), so it shares only the read-only level, grid and tables. `load` copies what it
    is given, so the game's live state view (`_state`) is enough: one deep copy, not two."""
    other = copy.copy(game)
    other.load(game._state())
    return other


def preview(game, action) -> Preview:
    """The preview of `action` ([MOVE, d] or [CAST, s, d]) in the game's current state."""
    g = game.g
    d = action[-1]
    cell = game.player["cell"]
    target = g.step[cell][d] if 0 <= d < len(g.dirs) else -1
    if action[0] == MOVE:
        return _move(game, d, target)
    if action[0] == DROP:
        return Preview("drop red disk", game.problem(list(action)), area=[target] if target >= 0 else [], target=target)
    name = NAMES[action[1]]
    lv = game.player["spells"].get(name, 0)
    p = Preview(f"{name} {lv}", target=target)
    p.error = game.problem(list(action))
    if p.error is not None:
        return p
    clone = _throwaway(game)
    events: list = []
    CASTERS[name](clone, clone.player, lv, d, events, False)
    resolve_blasts(clone, events)              # disks the cast sets off explode (explosions.py)
    hits: list[int] = []
    area: list[int] = []
    for old, new in zip(game.npcs, clone.npcs):
        if old != new:
            hits.append(old["cell"])
    for e in events:
        if e.kind == "destroy":
            hits.append(e.at)
        elif e.kind == "cast" and e.spell == "fireball":    # the ray, then the blast
            area += _ray_to(g, cell, d, e.at) + list(g.cells_in_range(e.at, 0, lv))
        elif e.kind == "cast" and e.spell == "ice":
            area += e.cells
        elif e.kind == "cast" and e.spell == "jump":
            area += e.path
        elif e.kind == "cast" and e.spell == "teleport":
            area.append(e.to)
        elif e.kind == "explode":                     # a disk set off, and what it sets off
            area += e.cells
    if name == "missile" and hits:
        far = max(hits, key=lambda c: g.distance(cell, c))
        area += _ray_to(g, cell, d, far)
    if clone.player["cell"] != cell:
        p.lands = clone.player["cell"]
    p.hits = sorted(set(hits))
    p.area = sorted(set(area) | set(hits) | ({p.lands} if p.lands >= 0 else set()))
    if name in ("missile", "fireball", "lightning") and not p.hits:
        p.note = "hits nothing"
    if clone.player["hp"] <= 0:
        p.note = "you would not survive it"
    return p


def _ray_to(g, start: int, d: int, end: int) -> list[int]:
    """The cells from `start` (excluded) straight in d up to `end` (included); [] if not on it."""
    out, c = [], g.step[start][d]
    while c >= 0:
        out.append(c)
        if c == end:
            return out
        c = g.step[c][d]
    return []


def _move(game, d: int, target: int) -> Preview:
    if game.status != "play":
        return Preview("step", "the level is over", target=target)
    why = game.problem([MOVE, d])        # the engine's own word (a frozen player cannot step either)
    if why is not None:
        return Preview("step", why, target=target)
    kind, t, beyond = game._move_plan(d)
    p = Preview(kind, area=[t] + ([beyond] if beyond >= 0 else []), target=t)
    if kind == "attack":
        p.hits = [t]
        return p
    if kind == "dig":
        p.hits = [t]
    clone = _throwaway(game)             # the step itself on a copy: where the player ends up
    events: list = []                    # (a teleport pad), what a Tractor pulls along
    clone._do_move(d, events)
    resolve_blasts(clone, events)        # a terminal sets off the yellow disks (explosions.py)
    p.lands = clone.player["cell"]
    for e in events:
        if e.kind == "pull":
            p.area += [e.src, e.dst]
            p.label = "pull" if kind == "step" else f"{kind}, pull"
        elif e.kind == "explode":
            p.area += e.cells
    if kind == "terminal":
        p.note = "detonates every yellow disk"
    p.area = sorted(set(p.area) | {p.lands})
    return p


def action_label(game, action) -> str:
    """Short words for the side panel: "step NE", "fireball 2 SE"."""
    names = game.g.dir_names
    if action[0] == CAST:
        name = NAMES[action[1]]
        return f"{name} {game.player['spells'].get(name, 0)} {names[action[2]]}"
    if action[0] == DROP:
        return f"drop red disk {names[action[1]]} ({game.red} left)"
    return f"step {names[action[1]]}"
