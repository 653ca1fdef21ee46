"""The plan's "After Turn" sequence, as timed stages the duel screen draws (no pygame here).

    1. (data is sent)          4. new magical effects drawn     7. new dungeon layout drawn
    2. previous layout drawn   5. pause for 250 ms              8. new item locations drawn
    3. previous items drawn    6. hit points updated            9. new player positions drawn
                                                               10. new messages written to the log

`AfterTurn(before, after, events, viewer, caster)` holds the viewer's `View` before and after the
final action and the effect cells the viewer may see; `update(dt)` walks the stages; the board
and the panels ask `shows(part)` whether to draw the "before" or the "after" data. Nothing waits:
the frame loop keeps running and the stages advance with its clock.
"""

from __future__ import annotations

from game.modes.duel.events import Effect

# (stage, seconds it stays on screen). "effects" is the plan's 250 ms pause; the later stages
# are drawn one after another, a few frames apart, so the eye can follow them.
STAGES = (("effects", 0.25), ("hp", 0.07), ("layout", 0.07), ("items", 0.07), ("players", 0.07),
          ("messages", 0.0))
STAGE_NAMES = tuple(s for s, _ in STAGES)
# the stage from which each part of the screen shows the new data
PART_FROM = {"hp": "hp", "layout": "layout", "items": "items", "players": "players", "log": "messages"}


def visible_effects(events, viewer: int, caster: int, before, after) -> dict[int, str]:
    """cell -> colour of the `*` the viewer sees. Private effects (audience) only for their
    player; public ones wholly for the caster, and on the cells in view (before or after the
    action) for the other player. Later effects on a cell draw over earlier ones."""
    cells: dict[int, str] = {}
    seen = before.visible | after.visible
    for e in events:
        if not isinstance(e, Effect):
            continue
        if e.audience is not None and e.audience != viewer:
            continue
        everything = e.audience is not None or viewer == caster
        for c in e.cells:
            if everything or (seen >> c) & 1:
                cells[c] = e.colour
    return cells


class AfterTurn:
    def __init__(self, before, after, events, viewer: int, caster: int, speed: float = 1.0) -> None:
        self.before, self.after = before, after
        self.events = list(events)
        self.viewer, self.caster = viewer, caster
        self.effects = visible_effects(self.events, viewer, caster, before, after)
        self.speed = speed
        self.index = 0
        self.t = 0.0
        self.entered = [STAGES[0][0]]          # stages in the order they began (tests read it)

    @property
    def stage(self) -> str:
        return STAGES[min(self.index, len(STAGES) - 1)][0]

    @property
    def done(self) -> bool:
        return self.index >= len(STAGES) - 1

    def update(self, dt: float) -> list[str]:
        """Advance; returns the stages entered during this call."""
        new = []
        self.t += dt * self.speed
        while not self.done and self.t >= STAGES[self.index][1]:
            self.t -= STAGES[self.index][1]
            self.index += 1
            new.append(self.stage)
        self.entered += new
        return new

    def finish(self) -> list[str]:
        """Jump to the end (a key pressed to hurry it, a scene closing)."""
        new = []
        while not self.done:
            self.index += 1
            new.append(self.stage)
        self.entered += new
        return new

    def shows(self, part: str) -> str:
        """'before' or 'after' for hp, layout, items, players, log."""
        return "after" if self.index >= STAGE_NAMES.index(PART_FROM[part]) else "before"

    @property
    def effects_shown(self) -> bool:
        """Effects stay drawn from the pause until the new layout replaces them."""
        return self.index < STAGE_NAMES.index("layout") and bool(self.effects)
