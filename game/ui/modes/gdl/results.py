"""The end of an Xconq module on the shared results screen (game/ui/scenes/results.py): who won
and why (the module's own end rule, in the engine's words), each side's standing and points,
the turns played; Play again (the same module, the same players, a new seed) and Menu on A."""

from __future__ import annotations

from game.ui.modes.gdl import standing


def headline(scene) -> tuple[str, str]:
    """(headline, tone) as the person here reads it."""
    g = scene.game
    win = g.winner_side
    humans = scene.humans
    if win is None:
        return "Draw", "draw"
    if len(humans) == 1:
        return ("Victory!", "win") if win in humans else ("Defeat", "loss")
    return f"{scene.side_name(win)} wins", "win"


def result_lines(scene) -> list[tuple[str, str]]:
    """(side and its points, won / lost / draw) per side, you first; then the turns and why."""
    g = scene.game
    words = {"won": "won", "lost": "lost", "draw": "draw", "in": "still in"}
    out = []
    for s, _text in standing.side_rows(g, scene.you()):
        name = "You" if s == scene.you() else scene.side_name(s)
        out.append((f"{name}: {standing.side_value(g, s)}", words.get(g.status.get(s, "in"), "")))
    out.append((f"{g.turn + 1} turns", g.end_reason or "the end"))
    return out


def open_results(scene) -> None:
    head, tone = headline(scene)
    args = {"path": scene.path, "humans": tuple(sorted(scene.humans)), "world": scene.source_world}

    def again() -> None:
        scene.app.replace("gdl_game", **args)

    scene.app.replace("results", mode="gdl", headline=head, tone=tone, lines=result_lines(scene),
                      again=again if scene.source_world is not None or scene.path else None)
