"""Keeping a finished duel: its replay in the replay store and a stats record (with Elo for
people), as every Skirmish battle is kept. No pygame here."""

from __future__ import annotations

import logging

from game.modes.duel.match import RULES_HASH, DuelResult, to_replay
from game.store.stats import GameRecord, SeatRecord
from game.ui.words import problem_words

log = logging.getLogger("tactibox.ui")


def keep_duel(match, replays=None, stats=None) -> list[str]:
    """Save `match` (a DuelMatch whose game is over); returns problems to show (never raises)."""
    g = match.game
    st = g.state
    problems: list[str] = []
    if not match.codes or getattr(match, "resynced", False):
        return problems              # nothing played, or the state came from the other unit's snapshot
    res = DuelResult(seed=st.seed, options=st.options, bots=tuple(s.kind if s.kind != "bot" else s.level
                                                                     for s in match.seats),
                     max_turns=match.max_turns, actions=list(match.codes), hashes=list(match.turn_hashes),
                     winner=g.winner, over=st.over, turns_played=g.turn, final_hash=g.state_hash())
    name = None
    if replays is not None:
        try:
            rep = to_replay(res)
            rep.meta = {"players": [s.name for s in match.seats]}
            info = replays.save(rep.to_data(), mode="duel", map=f"{st.options.level_size}x{st.options.level_size}",
                                seed=st.seed, extra={"players": [s.name for s in match.seats], "finished": True})
            name = info.name
        except (OSError, TypeError, ValueError) as exc:
            problems.append(f"the duel's replay could not be saved: {problem_words(exc)}")
    if stats is not None:
        seats = []
        for p, seat in enumerate(match.seats):
            place = None if g.winner is None else (1 if g.winner == p else 2)
            hp = max(0, st.wizards[p].hp)
            seats.append(SeatRecord(p, seat.name, seat.kind == "bot", place, 1 if hp > 0 else 0, hp))
        try:
            if stats.record_game(GameRecord("duel", f"{st.options.level_size}x{st.options.level_size}",
                                            RULES_HASH, st.seed, seats, replay=name)) is None:
                problems += stats.messages[-1:]
        except ValueError as exc:
            problems.append(f"wins and losses not recorded: {problem_words(exc)}")
    return problems
