"""What a CLI or link request asks of a bout (`Request.options`): the BoutOptions."""

from __future__ import annotations

from game.modes.bout.scenarios import BoutOptions


def options_from(opts: dict) -> BoutOptions:
    fighters = [f for f in str(opts.get("fighters") or "").split(",") if f]
    return BoutOptions(scenario=opts.get("scenario") or "duel", fighters=fighters)
