"""Attract mode: bots play battle after battle — on screen (the title's demo) or headless, printing
the battle log (``tactibox --headless``), optionally saving a screenshot every N turns.

Battles cycle through the ruleset's maps with 2 to 4 bots of mixed levels; battle k's seed is
derived from the base seed, so ``--seed S`` repeats the same show.
"""

from __future__ import annotations

import sys
from pathlib import Path

LEVELS = ("bot:hard", "bot:normal", "bot:easy", "bot:hard")


def attract_setup(rs, k: int, base_seed: int):
    """(map, participants, seed, options) of attract battle number k (k >= 1)."""
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    gmap = rs.maps[(k - 1) % len(rs.maps)]
    n = 2 + (k - 1) % max(1, len(gmap.seats) - 1)
    parts = [Participant("", LEVELS[(k + i) % len(LEVELS)]) for i in range(min(n, len(gmap.seats)))]
    seed = (base_seed * 1_000_003 + k * 7919) % (1 << 32)
    return gmap, parts, seed, Options(pieces_per_turn=(0, 2, 3)[k % 3], army_limit=(6, 9, 5)[k % 3])


def attract_session(rs, k: int, base_seed: int):
    from game.ui.session import BattleSession
    gmap, parts, seed, options = attract_setup(rs, k, base_seed)
    return BattleSession.new(rs, gmap, parts, seed, options, record=False)


def run_headless(*, turns: int = 0, shots: str | None = None, shot_every: int = 1, seed: int = 1,
                 ruleset: str = "default", size: tuple[int, int] = (480, 320), out=None) -> int:
    """Play attract battles, printing the log; stop after `turns` turns (0 = never). Returns 0."""
    from game.modes.skirmish.bot import SkirmishBot
    from game.modes.skirmish.log import describe
    from game.rules.catalog import find_ruleset
    out = out or sys.stdout
    rs, problems = find_ruleset(ruleset)
    for p in problems:
        print(f"warning: {p}", file=sys.stderr)
    if rs is None or not rs.maps:
        print(f"tactibox: ruleset {ruleset!r} has no playable map", file=sys.stderr)
        return 2
    shooter = Shooter(Path(shots), size) if shots else None
    played = 0
    k = 0
    bots = {lvl: SkirmishBot(lvl) for lvl in ("easy", "normal", "hard")}
    while True:
        k += 1
        gmap, parts, bseed, options = attract_setup(rs, k, seed)
        from game.modes.skirmish.game import SkirmishGame
        game = SkirmishGame.new(rs, gmap, parts, bseed, options)
        print(f"== attract battle {k}: {gmap.name}, seed {bseed}, "
              + ", ".join(f"{game.seat_name(s)} {game.player_name(s)}" for s in game.seats()), file=out, flush=True)
        print(describe(game, {"e": "turn", "seat": game.current, "turn": game.turn}), file=out, flush=True)
        while not game.over:
            level = game.controller(game.current).split(":", 1)[1]
            events = game.apply(bots[level].choose(game))
            for ev in events:
                line = describe(game, ev)
                if line:
                    print(line, file=out, flush=True)
                if ev["e"] == "end_turn":
                    played += 1
                    if shooter and played % max(1, shot_every) == 0:
                        path = shooter.shoot(game, played)
                        print(f"screenshot {path}", file=out, flush=True)
                    if turns and played >= turns:
                        return 0


class Shooter:
    """Renders the battle screen offscreen (SDL dummy driver) and saves PNGs."""

    def __init__(self, folder: Path, size: tuple[int, int]) -> None:
        import os
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from hw.display import canvas_size_for
        pygame.display.init()
        pygame.font.init()
        self.pygame = pygame
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.canvas = pygame.display.set_mode(canvas_size_for(size))

    def shoot(self, game, n: int) -> Path:
        from game.ui.scenes.battle.still import render_still
        surf = render_still(game, self.canvas)
        path = self.folder / f"turn-{n:05d}.png"
        self.pygame.image.save(surf, str(path))
        return path
