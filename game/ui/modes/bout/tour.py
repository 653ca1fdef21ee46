"""The Steel bout's part of the UI tour (`game.ui.tour`): the arena bout in the middle of a
declaration and its results, the dungeon exploring, a dungeon fight (arcs between the fighters,
the d-pad marks around the hero) and the run's results. Seeded (no clock, no threads): the same
strings every run.

    yield from walk(tour)       # shots [bout_menu, howto_bout,] bout_fight, results_bout,
                                #       dungeon, dungeon_fight, dungeon_results

`walk` is what a mode's tour module offers (``game/ui/modes/<mode>/tour.py``); the tour of this
branch reaches it through the UI part's ``tour`` hook. It works with both shapes of the Tour
(`wait` or `_wait`; `fresh` and `howto` where the tour has them).
"""

from __future__ import annotations

from collections.abc import Iterator

from hw.input.buttons import Button as B

DUNGEON_SEED = 3                 # a first level with a fight a few rooms from the start
BOUT_SEED = 3


def _wait(t, pred, what: str) -> None:
    (getattr(t, "wait", None) or t._wait)(pred, what, 6000)


def _fresh(t, scene: str, **kw) -> None:
    t.app.goto_menu()
    t.app.open(scene, **kw)


def walk(t) -> Iterator:
    app = t.app
    seen = tuple(app.settings.howto_seen)
    if "bout" not in seen:
        app.update_settings(howto_seen=seen + ("bout",))      # the how-to is its own shot
    if hasattr(t, "fresh"):
        _fresh(t, "bout_menu")
        yield t.shot("bout_menu")
    yield from _arena(t)
    if hasattr(t, "howto"):
        yield t.howto("bout")
    yield from _results(t)
    yield from _dungeon(t)
    app.goto_menu()


def _arena(t) -> Iterator:
    _fresh(t, "bout_game", scenario="one_vs_three", seed=BOUT_SEED)
    bout = t.app.top
    for _ in range(40):                  # the person's throws (the suggested ones) until a declaration
        _wait(t, lambda: bout.chooser is not None, "the person's turn in the bout")
        if bout.game.phase == "declare":
            break
        t.press(B.A)
    yield t.shot("bout_fight")


def _results(t) -> Iterator:
    bout = t.app.top
    for _ in range(400):                 # the suggested declarations to the end
        if bout.game.is_over() or t.app.top is not bout:
            break
        _wait(t, lambda: bout.chooser is not None or bout.game.is_over(), "the bout's end")
        if bout.chooser is not None:
            t.press(B.A)
    if t.app.top is bout:
        bout.open_results()
    yield t.shot("results_bout")


def _dungeon(t) -> Iterator:
    from game.match import Match
    from game.modes.bout.dungeon import actions as A
    from game.modes.bout.dungeon.botplay import DungeonBot
    from game.modes.bout.match import dungeon_header
    from game.ui.modes.bout.dungeon.session import _rules, dungeon_data, open_results
    app = t.app
    _fresh(t, "bout_dungeon", seed=DUNGEON_SEED)
    sc = app.top
    for _ in range(6):                   # a few steps into the open: room around the hero
        nb = sc.game.level.neighbours()[sc.game.hero.pos]
        sc.act(next((A.Step(d) for d in (2, 4, 0, 6, 3, 1, 5, 7) if nb[d] >= 0 and sc.game.at(nb[d]) < 0),
                    A.Step(8)))
    yield t.shot("dungeon")
    bot = DungeonBot("hard", DUNGEON_SEED)
    for _ in range(400):                 # the hero's own bot walks him into his first fight
        g = sc.game
        if g.phase == "step" and g.m.engagement_of(0) is not None or g.is_over():
            break
        sc.act(bot.choose(g))
    app.run_frames(1)
    yield t.shot("dungeon_fight")
    rules = _rules()
    whole = Match.start("bout", rules, dungeon_header(rules, dungeon_data(rules), DUNGEON_SEED), record=False)
    whole.bots_for_all().run()
    open_results(app, whole)
    yield t.shot("dungeon_results")
