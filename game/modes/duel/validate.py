"""Is a duel state possible? Used on every decoded snapshot before it may replace a game."""

from __future__ import annotations

from .layout import board_mask
from .potions import TYPES
from .spells import deal_pool
from .state import APPEARANCE_COUNT, INVENTORY_SIZE, MAX_HP, MAX_STEPS, SPELLS_DEALT, DuelState

OVER_CAUSES = ("", "death", "both died", "turn limit")


def state_problem(st: DuelState) -> str | None:
    lay = st.layout
    n = lay.size
    p = lay.problem()
    if p:
        return f"layout: {p}"
    if n != st.options.level_size:
        return f"layout is {n}x{n} but the options say {st.options.level_size}"
    if len(st.types) != APPEARANCE_COUNT or len(set(st.types)) != APPEARANCE_COUNT \
            or any(t not in TYPES for t in st.types):
        return f"potion types {list(st.types)} are not {APPEARANCE_COUNT} different known types"
    for cell, a in st.ground.items():
        if not 0 <= cell < n * n or not lay.is_open(cell):
            return f"ground potion on cell {cell}, which is not open floor"
        if not 0 <= a < APPEARANCE_COUNT:
            return f"ground potion on cell {cell} has appearance {a}"
    if st.over not in OVER_CAUSES:
        return f"unknown end of duel {st.over!r}"
    for i, w in enumerate(st.wizards):
        who = f"wizard {i}"
        if not 0 <= w.pos < n * n or not lay.is_open(w.pos):
            return f"{who} stands on cell {w.pos}, which is not open floor"
        if w.hp > MAX_HP or w.hp < -8:
            return f"{who} has {w.hp} hit points"
        if w.hp <= 0 and not st.over:
            return f"{who} is dead but the duel goes on"
        if not 0 <= w.facing < 8:
            return f"{who} faces direction {w.facing}"
        if len(w.inventory) > INVENTORY_SIZE or any(not 0 <= a < APPEARANCE_COUNT for a in w.inventory):
            return f"{who} has an impossible inventory {w.inventory}"
        if not 0 <= w.known < 1 << APPEARANCE_COUNT:
            return f"{who} knows appearances {w.known:#x}"
        if w.seen < 0 or w.seen & ~board_mask(n):
            return f"{who} remembers cells outside the level"
        for cell, a in w.potion_memory.items():
            if not 0 <= cell < n * n or not 0 <= a < APPEARANCE_COUNT:
                return f"{who} remembers an impossible potion ({cell}, {a})"
        if w.last_seen is not None:
            cell, turn = w.last_seen
            if not 0 <= cell < n * n or not 0 <= turn <= st.turn:
                return f"{who} last saw the other at ({cell}, turn {turn})"
    if st.wizards[0].pos == st.wizards[1].pos:
        return "both wizards stand on the same cell"
    if st.current not in (0, 1) or st.first not in (0, 1):
        return "current and first player must be 0 or 1"
    if not 0 <= st.steps <= MAX_STEPS:
        return f"{st.steps} steps taken this turn"
    if not 0 <= st.turn < 1 << 16:
        return f"turn {st.turn} is out of range"
    if st.over:
        if st.dealt:
            return "spells are dealt in a finished duel"
        if st.over in ("death", "both died") and st.winner not in (0, 1):
            return "a duel ended by death needs a winner"
        if st.over == "turn limit" and st.winner is not None:
            return "a duel stopped at the turn limit has no winner"
        if st.winner is not None and st.wizards[1 - st.winner].hp > 0:
            return "the loser is still alive"
    else:
        if st.winner is not None:
            return "a winner while the duel goes on"
        pool = deal_pool(st.options.potions)
        if len(st.dealt) != SPELLS_DEALT or len(set(st.dealt)) != SPELLS_DEALT \
                or any(s not in pool for s in st.dealt):
            return f"dealt spells {list(st.dealt)} are not {SPELLS_DEALT} different dealable spells"
    if not st.rng.inc & 1:
        return "generator increment must be odd"
    return None
