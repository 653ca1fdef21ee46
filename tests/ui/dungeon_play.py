"""Playing the Steel dungeon screen with the d-pad and A/B only, as a new player would: the test
reads the map the screen shows (the level, where the stairs are once seen) to choose its keys,
and presses logical buttons; nothing is applied behind the screen's back."""

from __future__ import annotations

from collections import deque

from ui_harness import B, hold, menu_open, menu_pick, press, release, stack

ARROWS = {0: (B.UP,), 2: (B.RIGHT,), 4: (B.DOWN,), 6: (B.LEFT,), 1: (B.UP, B.RIGHT), 3: (B.RIGHT, B.DOWN),
          5: (B.DOWN, B.LEFT), 7: (B.LEFT, B.UP)}


def open_dungeon(app) -> None:
    """Title -> main menu -> Steel bout -> Dungeon run (a first game shows the how-to: A plays)."""
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Steel bout")
    menu_pick(app, "Dungeon run")
    if stack(app)[-1] == "howto":
        press(app, B.A)
    assert stack(app)[-1] == "bout_dungeon", stack(app)


def key_for(app, d: int) -> None:
    """One direction: an arrow alone (it counts once its chord time is over), or two arrows
    pressed together for a diagonal."""
    keys = ARROWS[d]
    if len(keys) == 1:
        press(app, keys[0])
    else:
        hold(app, *keys)                  # rocked onto the diagonal: both arrows at once
        release(app, *keys)
    app.run_frames(4)


def path_step(g, goal: int) -> int | None:
    """The first direction of a shortest walk to `goal` over the squares the screen shows
    (explored or seen), or None."""
    lv = g.level
    known = g.explored | g.visible_cells()
    start = g.hero.pos
    prev = {start: None}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        if c == goal:
            break
        for d, n in enumerate(lv.neighbours()[c]):
            if n >= 0 and n not in prev and (known >> n & 1 or n == goal):
                prev[n] = (c, d)
                todo.append(n)
    if goal not in prev:
        return None
    c, first = goal, None
    while prev[c] is not None:
        c, first = prev[c][0], prev[c][1]
    return first


def frontier(g) -> int:
    """The nearest known open square next to an unknown one (where exploring goes next)."""
    lv = g.level
    known = g.explored | g.visible_cells()
    start = g.hero.pos
    seen = {start}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        for n in lv.neighbours()[c]:
            if n < 0 or n in seen:
                continue
            if not known >> n & 1:
                return c
            seen.add(n)
            todo.append(n)
    return start


def play_one_press(app) -> None:
    """The next button(s) a player would press on the dungeon screen now."""
    sc = app.top
    top = stack(app)[-1]
    if top == "confirm":                  # the pursue question: A takes the default (Follow)
        press(app, B.A)
        return
    if top != "bout_dungeon":
        press(app, B.A)
        return
    g = sc.game
    if g.phase == "declare":
        app.run_frames(1)
        if sc.chooser is None:
            return
        press(app, B.A)                   # the pre-selected declaration
        if g.phase == "declare" and sc.chooser is not None and sc.chooser.error:
            press(app, B.B)               # refused: pass (the question: down to Pass, A)
            press(app, B.DOWN, B.A)
        return
    e = g.m.engagement_of(0)
    if e is not None:
        foes = [o for o in e.members if o != 0 and g.actors[o].standing and g.m.hostile(0, o)]
        for d, n in enumerate(g.level.neighbours()[g.hero.pos]):
            if n >= 0 and g.at(n) in foes:
                key_for(app, d)
                return
        press(app, B.A)
        return
    seen_stairs = (g.explored | g.visible_cells()) >> g.level.stairs & 1
    if g.hero.pos == g.level.stairs:
        press(app, B.A)                   # the hint says: A goes down
        return
    d = path_step(g, g.level.stairs) if seen_stairs else None
    if d is None:
        d = path_step(g, frontier(g))
    if d is None:
        press(app, B.A)
    else:
        key_for(app, d)
