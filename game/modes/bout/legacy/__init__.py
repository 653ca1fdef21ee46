"""Engine 1 of the Steel bout, frozen: the bout as it was before the engagement rules (one
global round clock, red/white throws), kept only so that every replay recorded with it still
verifies (`verify_v1`). Its ruleset is assets/bout/v1 (the shipped numbers of that time); a
replay names its ruleset by content hash. Nothing here is played any more, and nothing here
may change: a change would break the old replays' hashes."""

from __future__ import annotations

from game.core.datafile import ASSETS

V1_RULES = ASSETS / "bout" / "v1"


def verify_v1(rules, rep):
    """Replay an engine-1 recording and check every turn hash (as engine 1 did); returns the game.
    Raises ReplayError naming the turn or action."""
    from game.core.replayfile import ReplayError
    from game.modes.base import ActionError
    from game.modes.bout.legacy.v1_scenarios import BoutOptions, new_bout
    if rep.ruleset_hash != rules.content_hash:
        raise ReplayError(f"ruleset: recorded with content hash {rep.ruleset_hash[:12]}, "
                          f"this ruleset is {rules.content_hash[:12]}")
    try:
        game = new_bout(rules, rep.seed, BoutOptions(**rep.options))
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"options: {exc}") from None
    expected = {t[0]: (t[1], t[2]) for t in rep.turns}
    for i, a in enumerate(rep.actions):
        try:
            game.apply(game.decode_action(a))
        except ActionError as exc:
            raise ReplayError(f"action {i + 1} (turn {game.turn + 1}): {exc}") from None
        want = expected.get(i + 1)
        if want is not None and (game.turn != want[0] or game.state_hash() != want[1]):
            raise ReplayError(f"turn {want[0]}: state hash differs from the recording")
    last = rep.turns[-1][1] if rep.turns else 0
    if last != game.turn:
        raise ReplayError(f"the recording ends at turn {last}, the actions make {game.turn}")
    return game
