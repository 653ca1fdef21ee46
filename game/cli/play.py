"""`tactibox` / `tactibox play`: the appliance front end, or the headless attract mode.

The display is chosen by ``hw.display.plan_display`` (window on a desktop, fullscreen KMS/DRM
on a Pi without one, headless with no display at all). Headless, bots play battle after battle
and the log prints; ``--shots DIR`` saves a picture of the battle every ``--shot-every`` turns;
``--turns N`` stops after N turns with status 0.
"""

from __future__ import annotations

import os
import sys


def add_arguments(p) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--window", action="store_true", help="play in a window")
    g.add_argument("--fullscreen", action="store_true", help="play fullscreen")
    g.add_argument("--headless", action="store_true", help="no screen: bots play, the battle log prints")
    p.add_argument("--size", metavar="WxH", default=None, help="screen/window size, e.g. 480x320 (default: settings)")
    p.add_argument("--fps", type=int, default=None, metavar="N", help="frame cap (default: settings, 30)")
    p.add_argument("--turns", type=int, default=0, metavar="N", help="attract mode: stop after N turns (0 = never)")
    p.add_argument("--shots", metavar="DIR", default=None, help="attract mode: save screenshots in DIR")
    p.add_argument("--shot-every", type=int, default=1, metavar="N", help="with --shots: one picture every N turns")
    p.add_argument("--seed", type=int, default=None, help="attract mode: base seed (default: from the clock)")
    p.add_argument("--ruleset", default="default", help="ruleset name or folder")


def run(args) -> int:
    from hw.display import DisplayUnavailable, open_display, parse_size, plan_display
    try:
        size = parse_size(args.size)
    except ValueError as exc:
        print(f"tactibox: {exc}", file=sys.stderr)
        return 2
    if args.fps is not None and not 5 <= args.fps <= 240:
        print(f"tactibox: --fps {args.fps}: expected 5..240", file=sys.stderr)
        return 2
    settings = _settings()
    if size is None and settings is not None and settings.screen_size != "auto":
        size = parse_size(settings.screen_size)
    plan = plan_display(headless=args.headless, window=args.window, fullscreen=args.fullscreen, size=size,
                        settings_mode=settings.display_mode if settings is not None else "auto")
    if plan.kind == "headless":
        return _headless(args, size, plan.reason)
    try:
        screen = open_display(plan)
    except DisplayUnavailable as exc:
        print(f"tactibox: {exc}; running the headless demo instead", file=sys.stderr)
        return _headless(args, size, str(exc))
    from game.app import App
    safe_mode = getattr(args, "safe_mode", None)
    app = App(screen, fps=args.fps, ruleset=args.ruleset, safe_mode=safe_mode)
    code = app.run()
    if safe_mode is not None and app.restore_after_safe_mode:
        problems = safe_mode.restore()        # after the App closed the stats database
        for line in problems:
            print(f"tactibox: {line}", file=sys.stderr)
        print("tactibox: safe mode: the set-aside files are back" + (" (some not: see above)" if problems else ""),
              file=sys.stderr, flush=True)
    return code


def _settings():
    """The saved settings (display choices) before the display opens; None if unreadable."""
    try:
        from game.store import SettingsStore, choose_data_dir
        from game.store.datadir import SETTINGS_FILE
        path = choose_data_dir() / SETTINGS_FILE
        if not path.exists():
            return None
        store = SettingsStore(path)
        store.load()
        return store.settings
    except Exception:  # noqa: BLE001 - display choice must never fail on a settings problem
        return None


def _headless(args, size, reason: str) -> int:
    from pathlib import Path

    from game.cli.attract import OFFSCREEN_VIDEO, run_headless
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    print(f"tactibox: headless attract mode ({reason}); seed {seed}", flush=True)
    shooter = None
    if args.shots:
        os.environ.update(OFFSCREEN_VIDEO)            # before pygame opens a display
        from game.ui.modes.skirmish.shots import Shooter
        shooter = Shooter(Path(args.shots), size or (480, 320))
    try:
        return run_headless(turns=args.turns, seed=seed, ruleset=args.ruleset, shooter=shooter,
                            shot_every=args.shot_every)
    except KeyboardInterrupt:
        return 130
