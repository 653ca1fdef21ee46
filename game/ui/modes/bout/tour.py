"""The Steel bout's part of the UI tour (`game.ui.tour`): the dungeon exploring, a dungeon fight
(arcs between the fighters, the d-pad marks around the hero), the run's results, and the arena
bout in the middle of a declaration. Seeded (no clock, no threads): the same strings every run.

    yield from steps(tour)      # shots dungeon, dungeon_fight, dungeon_results, bout_fight
"""

from __future__ import annotations

from collections.abc import Iterator

DUNGEON_SEED = 3                 # a first level with a fight a few rooms from the start


def steps(tour) -> Iterator:
    from game.match import Match
    from game.modes.bout.dungeon.botplay import DungeonBot
    from game.modes.bout.match import dungeon_header
    from game.ui.modes.bout.dungeon.session import _rules, dungeon_data, open_results
    from hw.input.buttons import Button as B

    app = tour.app
    seen = tuple(app.settings.howto_seen)
    if "bout" not in seen:
        app.update_settings(howto_seen=seen + ("bout",))
    app.goto_menu()
    app.open("bout_dungeon", seed=DUNGEON_SEED)
    sc = app.top
    for _ in range(6):
        sc.act(_walk(sc.game))
    yield tour.shot("dungeon")
    bot = DungeonBot("hard", DUNGEON_SEED)
    for _ in range(400):                 # the hero's own bot walks him into his first fight
        g = sc.game
        if g.phase == "step" and g.m.engagement_of(0) is not None or g.is_over():
            break
        sc.act(bot.choose(g))
    tour.app.run_frames(1)
    yield tour.shot("dungeon_fight")
    rules = _rules()
    whole = Match.start("bout", rules, dungeon_header(rules, dungeon_data(rules), DUNGEON_SEED), record=False)
    whole.bots_for_all().run()
    open_results(app, whole)
    yield tour.shot("dungeon_results")
    app.goto_menu()
    app.open("bout_game", scenario="one_vs_three", seed=3)
    bout = app.top
    for _ in range(40):                  # the person's throws (the suggested ones) until a declaration
        tour._wait(lambda: bout.chooser is not None, "the person's turn in the bout", 6000)
        if bout.game.phase == "declare":
            break
        tour.press(B.A)
    yield tour.shot("bout_fight")
    app.goto_menu()


def _walk(g):
    """A step into the open (east first), so the shot shows the hero with room around him."""
    from game.modes.bout.dungeon import actions as A
    nb = g.level.neighbours()[g.hero.pos]
    for d in (2, 4, 0, 6, 3, 1, 5, 7):
        if nb[d] >= 0 and g.at(nb[d]) < 0:
            return A.Step(d)
    return A.Step(8)
