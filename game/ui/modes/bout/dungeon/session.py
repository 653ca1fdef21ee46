"""A dungeon run on this unit: made, resumed (Continue after a power cut) and ended, through the
Match (`game.match`) with the bout's rules (`game.modes.bout.match.BoutRules`: a header with
`options = {"scenario": "dungeon"}` is a run, seat 0 the hero).

    match = new_run(app, seed)            # the person plays the hero; kept by the app's keeper
    match = resumed_run(app, saved)       # an interrupted run, replayed and checked to where it was
    open_results(app, match)              # the run is over: the results screen

The power-cut save is the Match keeper's in-progress file (`game.store.in_progress`: rewritten
atomically after every action, the replay so far, every turn hash checked when resumed), so a
run comes back exactly where the last whole action left it.
"""

from __future__ import annotations

from game.match import Match
from game.match.headless import resume
from game.modes.bout.match import dungeon_header, is_dungeon
from game.modes.registry import get_mode
from game.ui.human import HumanDriver

_DATA = {}


def dungeon_data(rules):
    """The shipped dungeon for these rules (loaded once; ValueError naming the file when broken)."""
    data = _DATA.get(rules.content_hash)
    if data is None:
        from game.modes.bout.dungeon.hooks import load_data
        data = _DATA[rules.content_hash] = load_data(rules)
    return data


def _rules():
    from game.ui.modes.bout.scene import bout_rules
    return bout_rules()


def new_run(app, seed: int) -> Match:
    rules = _rules()
    header = dungeon_header(rules, dungeon_data(rules), seed)
    header.setup["seats"] = ["human"]
    header.meta["players"] = [app.player_name(0)]
    return Match.start("bout", rules, header, drivers={0: HumanDriver()}, keeper=app.keeper())


def resumed_run(app, saved) -> Match:
    """ValueError (ReplayError) when the run cannot come back (other rules, a broken save)."""
    rules = _rules()
    match = resume(get_mode("bout"), rules, saved.replay, keeper=app.keeper())
    match.drivers[0] = HumanDriver()
    match.context = dict(saved.context)
    return match


def open_resumed(app, saved) -> None:
    """The bout's `resume` hook (the title's Continue): a dungeon run reopens on its screen, an
    arena bout on the bout screen."""
    if is_dungeon(saved.replay):
        app.open("bout_dungeon", match=resumed_run(app, saved))
        return
    rules = _rules()
    match = resume(get_mode("bout"), rules, saved.replay, keeper=app.keeper())
    app.open("bout_game", match=match)


def result_lines(g) -> list:
    s = g.summary()
    levels = g.data.dungeon["levels"]
    where = "found the way out" if g.outcome == "escaped" else f"reached level {s['depth']} of {levels}"
    return [("Score", str(s["score"])), ("The run", where), ("Foes felled", f"{s['kills']} of {s['foes_met']} met"),
            ("Explored", f"{s['explored_cells']} squares"), ("Steps", str(s["steps"])),
            ("Health left", f"{s['health']}, {s['wounds']} wounds")]


def open_results(app, match) -> None:
    g = match.game
    won = g.outcome == "escaped"
    headline = {"escaped": "You escaped!", "fell": "You fell"}.get(g.outcome, "The run ended")
    res = match.finish()
    lines = result_lines(g)
    if res.problems:
        lines.append((res.problems[0], (255, 96, 80)))
    app.replace("results", mode="bout", headline=headline, tone="win" if won else "loss", lines=lines,
                again=lambda: app.replace("bout_dungeon"))
