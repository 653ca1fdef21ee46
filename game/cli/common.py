"""Helpers shared by the sub-commands: loading rulesets and maps with readable errors."""

from __future__ import annotations

import sys


class CliError(Exception):
    """A problem to print as one line on stderr, exiting with status 2."""


def load_ruleset_or_fail(name: str | None):
    from game.rules.catalog import find_ruleset
    rs, problems = find_ruleset(name)
    if rs is None:
        raise CliError("\n".join(str(p) for p in problems) or f"ruleset {name!r} cannot be loaded")
    for p in problems:  # broken maps: the ruleset still plays without them
        print(f"warning: {p}", file=sys.stderr)
    return rs


def pick_map(rs, name: str | None):
    if not name:
        return rs.maps[0]
    try:
        return rs.map(name)
    except KeyError:
        ids = ", ".join(m.id for m in rs.maps)
        raise CliError(f"no map {name!r} in ruleset {rs.id}; maps: {ids}") from None


def run_guarded(fn, args) -> int:
    try:
        return fn(args)
    except CliError as exc:
        print(f"tactibox: {exc}", file=sys.stderr)
        return 2
