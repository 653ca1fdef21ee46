"""The Xconq screen's part of the UI tour (`game.ui.tour`): the module menu, a game of Outpost
with a unit picked (the panel: who you are, points, the unit's materials, the odds at the
cursor), the picked unit's one-handed orders, the how-to, and the shared results screen after
bots have played both sides to the end. Seeded: the same strings every run.

    yield from walk(tour)     # gdl_menu, gdl_game, gdl_orders, howto_gdl, results_gdl
"""

from __future__ import annotations

from collections.abc import Iterator

from hw.input.buttons import Button as B

SEED = 5


def walk(t) -> Iterator:
    app = t.app
    seen = tuple(app.settings.howto_seen)
    if "gdl" not in seen:
        app.update_settings(howto_seen=seen + ("gdl",))      # the how-to is its own shot
    t.fresh("gdl_menu")
    yield t.shot("gdl_menu")
    t.fresh()
    from game.ui.modes.gdl.picker import ASSETS
    app.open("gdl_game", path=str(ASSETS / "outpost.g"), humans=(1,), seed=SEED)
    sc = app.top
    t.press(B.R)                                 # pick a unit: the panel shows it
    yield t.shot("gdl_game")
    t.press(B.A)                                 # A on the picked unit: its orders
    if app.top is not sc:
        yield t.shot("gdl_orders")
        app.back()
    yield t.howto("gdl")
    _bots_finish(sc)
    sc.open_results()
    app.run_frames(2)
    yield t.shot("results_gdl")
    app.goto_menu()


def _bots_finish(sc) -> None:
    """Bots play every side to the end, at once (behind the screen): through the screen's Match
    when it plays one, else with the module bot applied here."""
    match = getattr(sc, "match", None)
    if match is not None and hasattr(match, "mode_rules"):
        from game.ui.tour_modes import _bots_finish as finish_match
        finish_match(match)
        return
    from game.modes.gdl.match import BotSeat
    seat, g = BotSeat(), sc.game
    for _ in range(20000):
        if g.over:
            return
        sc.apply(seat.choose(g))
    raise RuntimeError("tour: the bots did not finish the module")
