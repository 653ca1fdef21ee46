"""`Cast`: what a spell or potion effect may touch, and the events it reports."""

from __future__ import annotations

from ..events import Damaged, Effect, Healed, LayoutChanged, Message, SpellCast
from ..layout import Layout, board_mask
from ..state import MAX_HP, DuelState
from ..vision import refresh, refresh_all


class Cast:
    """One spell or potion being worked by `caster`. `via` is "dealt", "random" or "potion"."""

    def __init__(self, state: DuelState, caster: int, events: list, via: str = "dealt"):
        self.state = state
        self.caster = caster
        self.opp = 1 - caster
        self.events = events
        self.via = via

    # --- shortcuts ------------------------------------------------------------------------
    @property
    def me(self):
        return self.state.wizards[self.caster]

    @property
    def them(self):
        return self.state.wizards[self.opp]

    @property
    def rng(self):
        return self.state.rng

    @property
    def layout(self) -> Layout:
        return self.state.layout

    @property
    def size(self) -> int:
        return self.state.layout.size

    # --- reporting ------------------------------------------------------------------------
    def say(self, to: int, msg: int, *params: int) -> None:
        self.events.append(Message(to, msg, tuple(params)))

    def effect(self, kind: str, cells, colour: str, audience: int | None = None) -> None:
        if isinstance(cells, int):
            from game.core.bitset import bits_list
            cells = bits_list(cells)
        self.events.append(Effect(kind, tuple(cells), colour, audience))

    def cast_event(self, spell_id: int, via: str) -> None:
        self.events.append(SpellCast(self.caster, spell_id, via))

    # --- hit points -----------------------------------------------------------------------
    def hurt(self, player: int, amount: int, cause: str) -> None:
        w = self.state.wizards[player]
        w.hp -= amount
        self.events.append(Damaged(player, amount, w.hp, cause))

    def heal(self, player: int, amount: int, cause: str) -> int:
        """Heal up to MAX_HP; returns the hit points actually gained."""
        w = self.state.wizards[player]
        gain = max(0, min(amount, MAX_HP - w.hp))
        if gain:
            w.hp += gain
            self.events.append(Healed(player, gain, w.hp, cause))
        return gain

    # --- sight and the layout -------------------------------------------------------------
    def sees(self, player: int, cell: int) -> bool:
        return (self.state.wizards[player].visible >> cell) & 1 == 1

    def set_layout(self, layout: Layout, cause: str, changed: int | None = None) -> None:
        """Replace the layout; `changed` is the bitset of changed cells (None: all of them)."""
        from game.core.bitset import bits_list
        self.state.layout = layout
        whole = changed is None
        cells = tuple(range(layout.size ** 2)) if whole else tuple(bits_list(changed))
        self.events.append(LayoutChanged(cause, cells, whole))
        if not whole:
            # nobody remembers changed cells they cannot see now; those in view are seen again
            for w in self.state.wizards:
                w.seen &= ~changed
        refresh_all(self.state)

    def caster_knows_layout(self) -> None:
        """The caster learns the whole layout; the opponent's map is wiped (they see anew)."""
        self.me.seen = board_mask(self.size)
        self.them.seen = 0
        self.them.potion_memory.clear()
        refresh(self.state, self.opp)
