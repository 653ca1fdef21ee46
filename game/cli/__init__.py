"""`tactibox` command line: one small module per sub-command, imported only when used.

Each module in COMMANDS defines `add_arguments(parser)` and `run(args) -> int`, and keeps its
top-level imports light (start-up time matters on a Pi Zero).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> (module, one-line help). `play` is what runs when no sub-command is given.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("game.cli.play", "start Tactibox (window, KMS framebuffer, or headless bot demo)"),
    "simulate": ("game.cli.simulate", "play a whole battle with bots and print the log"),
    "replay": ("game.cli.replay", "replay a saved game; --verify checks every turn hash"),
    "balance": ("game.cli.balance", "bot-vs-bot report of how each piece fares"),
    "validate": ("game.cli.validate", "check rulesets and maps, print file: key: problem lines"),
    "preview": ("game.cli.preview", "battle-equation numbers for ATTACKER vs DEFENDER"),
    "schema": ("game.cli.schema", "print the ruleset schema as Markdown"),
    "bench": ("game.cli.bench", "run the benchmarks against their peers"),
    "gdl": ("game.cli.gdl", "play an Xconq GDL module (PATH.g) with bots; --warnings lists what is not supported"),
    "contact-sheet": ("game.cli.contact_sheet", "pictures of every scene at every screen size in docs/contact-sheet/"),
    "import": ("game.cli.import_levels", "check Sokoban/Hexoban/Supaplex/quest level files, copy them into the Hex quest drop-in folder (--out DIR: convert to .quest)"),
    "quest-solutions": ("game.cli.quest_solutions", "check/write the stored quest solutions from each level's .moves file or '; solution:' lines; --solve"),
    "link": ("game.cli.link", "play a linked game over a cable or TCP, this unit's side by a bot"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tactibox", description="Turn-based tactics appliance.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is None or only == name:
            try:
                mod = importlib.import_module(module)
            except ModuleNotFoundError as exc:  # a command whose module is not written yet
                if exc.name != module:
                    raise
                continue
            mod.add_arguments(p)
            p.set_defaults(_module=mod)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    guard = safe_mode = None
    if os.environ.get("TACTIBOX_SAFE_MODE_AFTER"):
        # the appliance counts failed starts and starts `play` in safe mode after several
        from game.cli.safe_start import guard_start
        guard, safe_mode, argv = guard_start(argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    parser = build_parser(only)
    args = parser.parse_args(argv)
    args.safe_mode = safe_mode
    mod = getattr(args, "_module", None)
    if mod is None:
        parser.print_help()
        return 2
    try:
        code = int(mod.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    if guard is not None and code == 0:
        guard.healthy()
    return code


if __name__ == "__main__":
    sys.exit(main())
