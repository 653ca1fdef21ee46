"""A dungeon run on this unit: made, resumed (Continue after a power cut) and ended, through the
Match (`game.match`) with the bout's rules (`game.modes.bout.match.BoutRules`: a header with
`options = {"scenario": "dungeon"}` is a run, seat 0 the hero).

    match = new_run(app, seed)            # the person plays the hero; kept by the app's keeper
    match = resumed_run(app, saved)       # an interrupted run, replayed and checked to where it was
    open_results(app, match)              # the run is over: the results screen

The power-cut save is an in-progress file (`game.store.in_progress`: rewritten atomically after
every action, the replay so far, every turn hash checked when resumed), so a run comes back
exactly where the last whole action left it. It has its own folder, ``<data>/dungeon-run/``
(`run_store`), beside the per-mode ``in-progress/`` folder: the arena bout (also mode "bout")
keeps its own game there, so neither overwrites nor drops the other. The title's Continue finds
the run through the bout UI's `interrupted` hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match import Match

# The engine (game.match, the bout's rules) is imported where a run is made or resumed, not
# here: the title's Continue asks `interrupted` at start-up, before the first frame.

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


def run_store(app):
    """The dungeon run's own in-progress store (see the module's doc)."""
    from pathlib import Path

    from game.store.in_progress import InProgressStore
    root = Path(app.data.in_progress).parent / "dungeon-run"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass                               # the save then says why it cannot be written
    return InProgressStore(root)


def run_keeper(app):
    """The app's keeper (replays, stats) with the run's own in-progress store."""
    keeper = app.keeper()
    keeper.in_progress = run_store(app)
    return keeper


def interrupted(app) -> list:
    """The bout UI's `interrupted` hook: the dungeon run a power cut or Leave left, for Continue."""
    from game.ui.resume import Interrupted
    store = run_store(app)
    saved = store.load("bout")
    app.messages += store.messages
    if saved is None:
        return []
    return [Interrupted("bout", f"dungeon run, {saved.actions} move{'' if saved.actions == 1 else 's'}", saved.when,
                        lambda a: a.open("bout_dungeon", match=resumed_run(a, saved)),
                        lambda why: store.set_aside(saved.path, f"{saved.path}: {why}"))]


def new_run(app, seed: int) -> Match:
    from game.match import Match
    from game.modes.bout.match import dungeon_header
    from game.ui.human import HumanDriver
    rules = _rules()
    header = dungeon_header(rules, dungeon_data(rules), seed)
    header.setup["seats"] = ["human"]
    header.meta["players"] = [app.player_name(0)]
    return Match.start("bout", rules, header, drivers={0: HumanDriver()}, keeper=run_keeper(app))


def resumed_run(app, saved) -> Match:
    """ValueError (ReplayError) when the run cannot come back (other rules, a broken save)."""
    from game.match.headless import resume
    from game.modes.registry import get_mode
    from game.ui.human import HumanDriver
    rules = _rules()
    match = resume(get_mode("bout"), rules, saved.replay, keeper=run_keeper(app))
    match.drivers[0] = HumanDriver()
    match.context = dict(saved.context)
    return match


def open_resumed(app, saved) -> None:
    """The bout's `resume` hook (the title's Continue of ``in-progress/bout.json``): an arena bout
    reopens on the bout screen (once that screen plays a Match: `match=`); a dungeon run saved
    there reopens on its own screen."""
    from game.match.headless import resume
    from game.modes.bout.match import is_dungeon
    from game.modes.registry import get_mode
    if is_dungeon(saved.replay):
        app.open("bout_dungeon", match=resumed_run(app, saved))
        return
    match = resume(get_mode("bout"), _rules(), saved.replay, keeper=app.keeper())
    try:
        app.open("bout_game", match=match)
    except TypeError:
        raise ValueError("this bout screen cannot continue a saved bout") from None


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
