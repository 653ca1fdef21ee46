"""Helpers shared by the sub-commands: loading rulesets and maps with readable errors."""

from __future__ import annotations

import sys


class CliError(Exception):
    """A problem to print as one line on stderr, exiting with status 2."""


def load_ruleset_or_fail(name: str | None):
    from game.rules.skirmish.catalog import find_ruleset
    from game.store.datadir import choose_data_dir
    rs, problems = find_ruleset(name, data_dir=choose_data_dir())
    if rs is None:
        raise CliError("\n".join(str(p) for p in problems) or f"ruleset {name!r} cannot be loaded")
    for p in problems:  # broken maps: the ruleset still plays without them
        print(f"warning: {p}", file=sys.stderr)
    return rs


def run_guarded(fn, args) -> int:
    try:
        return fn(args)
    except CliError as exc:
        print(f"tactibox: {exc}", file=sys.stderr)
        return 2


def add_mode_arguments(p, having: str, default: str | None = None, help_text: str = "game mode") -> None:
    """--mode (the registered modes offering hook `having`) and every such mode's own options;
    an option two modes share is one flag (its help names both)."""
    from game.modes.registry import get_mode, mode_ids
    ids = mode_ids(having)
    p.add_argument("--mode", default=default or (ids[0] if ids else None), choices=ids,
                   help=f"{help_text} (default {default or (ids[0] if ids else 'none')})")
    seen: dict[str, list] = {}
    for mid in ids:
        for opt in get_mode(mid).options:
            seen.setdefault(opt.name, []).append((mid, opt))
    for name, decls in seen.items():
        opt = decls[0][1]
        helps = "; ".join(dict.fromkeys(o.help if o.help.startswith(f"{m}:") else f"{m}: {o.help}" for m, o in decls))
        kw = {"default": None, "help": helps, "dest": "mode_opt_" + name.replace("-", "_")}
        if opt.kind != "flag":
            kw["metavar"] = name.upper().replace("-", "_")
        if opt.kind == "flag":
            p.add_argument(f"--{name}", action="store_true", **kw)
        else:
            p.add_argument(f"--{name}", type=int if opt.kind == "int" else str, **kw)


def mode_options(args, entry) -> dict:
    """The chosen mode's options from the parsed arguments (only the ones given)."""
    out = {}
    for opt in entry.options:
        v = getattr(args, "mode_opt_" + opt.name.replace("-", "_"), None)
        if v is not None:
            out[opt.name] = v
    return out
