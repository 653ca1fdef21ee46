"""The headless attract mode (``tactibox --headless``): bots play battle after battle (each one a
Match of bots, nothing kept), the battle log prints, and a picture of the battle is saved every N
turns if a camera is given.

    run_headless(turns=20, seed=7, shooter=Shooter(Path("shots"), (480, 320)))
"""

from __future__ import annotations

import sys

from game.core.replay import ReplayError
from game.match import Match
from game.modes.skirmish.attract import attract_setup
from game.modes.skirmish.events import TurnBegan
from game.modes.skirmish.log import describe
from game.modes.skirmish.match import new_header
from game.rules.skirmish.catalog import find_ruleset

OFFSCREEN_VIDEO = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def run_headless(*, turns: int = 0, seed: int = 1, ruleset: str = "default", shooter=None, shot_every: int = 1,
                 out=None) -> int:
    """Play attract battles, printing the log; stop after `turns` turns (0 = never). Returns 0
    (2 when the ruleset has no playable map). `shooter.shoot(game, n)` saves picture n."""
    out = out or sys.stdout
    rs, problems = find_ruleset(ruleset)
    for p in problems:
        print(f"warning: {p}", file=sys.stderr)
    if rs is None or not rs.maps:
        print(f"tactibox: ruleset {ruleset!r} has no playable map", file=sys.stderr)
        return 2
    played = 0
    k = 0
    while True:
        k += 1
        gmap, parts, bseed, options = attract_setup(rs, k, seed)
        try:
            match = Match.start("skirmish", rs, new_header(rs, gmap, parts, bseed, options), record=False)
        except ReplayError as exc:  # no map of this ruleset can hold the bots' armies
            print(f"tactibox: ruleset {ruleset!r} has no map a bot battle can start on ({exc})", file=sys.stderr)
            return 2
        game = match.bots_for_all().game
        print(f"== attract battle {k}: {gmap.name}, seed {bseed}, "
              + ", ".join(f"{game.seat_name(s)} {game.player_name(s)}" for s in game.seats()), file=out, flush=True)
        print(describe(game, TurnBegan(game.current, game.turn)), file=out, flush=True)
        while not match.over:
            before = game.turn
            for ev in match.step() or []:
                line = describe(game, ev)
                if line:
                    print(line, file=out, flush=True)
            for _ in range(game.turn - before):       # the turns this action ended
                played += 1
                if shooter is not None and played % max(1, shot_every) == 0:
                    print(f"screenshot {shooter.shoot(game, played)}", file=out, flush=True)
                if turns and played >= turns:
                    return 0
