"""`DuelGame`: the War of Wizards rules behind the engine contract (`game.modes.base.Engine`).

A turn: up to five steps (each one action, into an open cell the other wizard does not stand
on), then one final action (cast one of the three dealt spells, drink from the ground, drink from
the inventory, pick up, or end the turn). After the final action, deaths are checked (HP <= 0
dies; if both die, the wizard whose turn it was loses), both views are refreshed, the turn passes
and the next player is dealt three spells. `turn` counts completed turns; `state_hash()` taken
after each is what replays and linked units compare.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.modes.base import ActionError

from . import messages as m
from .actions import (
    ACTIONS,
    CAST,
    CAST_CODE,
    DRINK,
    DRINK_CODE,
    DRINK_GROUND,
    DRINK_GROUND_CODE,
    END_CODE,
    PICK_UP,
    PICK_UP_CODE,
    STEP,
    Action,
    decode_action,
    encode_action,
)
from .acts import perform
from .events import GameOver, Message, Moved, TurnEnded
from .options import DuelOptions
from .setup import deal, new_state
from .state import INVENTORY_SIZE, MAX_STEPS, DuelState
from .vision import refresh, refresh_all


class DuelGame:
    mode = "duel"

    def __init__(self, state: DuelState):
        self.state = state

    @classmethod
    def new(cls, seed: int, options: DuelOptions | None = None) -> DuelGame:
        return cls(new_state(seed, options))

    # --- protocol -------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def current(self) -> int:
        return self.state.current

    def to_act(self) -> int:
        """The seat (wizard) whose action is next."""
        return self.state.current

    def is_over(self) -> bool:
        return bool(self.state.over)

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def check(self, action) -> None:
        """ActionError with the reason when `action` is not legal now (nothing changes)."""
        why = self._why_not(action)
        if why:
            raise ActionError(why)

    def _why_not(self, action) -> str | None:
        """Why `action` is not legal now, or None when it is."""
        st = self.state
        if not isinstance(action, Action):
            return f"not a duel action: {action!r}"
        if st.over:
            return "the duel is over"
        w = st.wizards[st.current]
        kind = action.kind
        if kind == STEP:
            if st.steps >= MAX_STEPS:
                return f"no steps left this turn ({MAX_STEPS} taken)"
            dst = st.layout.grid.step[w.pos][action.arg]
            if dst < 0 or not st.layout.is_open(dst):
                return f"{action}: rock is in the way"
            if dst == st.wizards[1 - st.current].pos:
                return f"{action}: the other wizard stands there"
            return None
        if kind == CAST:
            return None if action.arg < len(st.dealt) else f"{action}: no such spell this turn"
        if kind in (DRINK_GROUND, PICK_UP):
            if w.pos not in st.ground:
                return f"{action}: there is no potion here"
            if kind == PICK_UP and len(w.inventory) >= INVENTORY_SIZE:
                return f"{action}: the inventory is full ({INVENTORY_SIZE} potions)"
            return None
        if kind == DRINK:
            return None if action.arg < len(w.inventory) else f"{action}: that inventory slot is empty"
        return None

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in code order (steps, end, casts, ground, inventory)."""
        st = self.state
        if st.over:
            return []
        w = st.wizards[st.current]
        out = []
        if st.steps < MAX_STEPS:
            layout, other = st.layout, st.wizards[1 - st.current].pos
            for d, dst in enumerate(layout.grid.step[w.pos]):
                if dst >= 0 and (layout.open >> dst) & 1 and dst != other:
                    out.append(ACTIONS[d])
        out.append(ACTIONS[END_CODE])
        out.extend(ACTIONS[CAST_CODE + i] for i in range(len(st.dealt)))
        if w.pos in st.ground:
            out.append(ACTIONS[DRINK_GROUND_CODE])
            if len(w.inventory) < INVENTORY_SIZE:
                out.append(ACTIONS[PICK_UP_CODE])
        out.extend(ACTIONS[DRINK_CODE + i] for i in range(len(w.inventory)))
        return out

    def apply(self, action) -> list:
        self.check(action)
        st = self.state
        p = st.current
        w = st.wizards[p]
        events: list = []
        if action.is_step:
            src = w.pos
            w.pos = st.layout.grid.step[src][action.arg]
            w.facing = action.arg
            st.steps += 1
            events.append(Moved(p, src, w.pos, w.facing))
            refresh(st, p)
            return events
        perform(st, p, action, events)
        self._end_turn(p, events)
        return events

    def _end_turn(self, p: int, events: list) -> None:
        st = self.state
        dead = [st.wizards[q].hp <= 0 for q in (0, 1)]
        st.turn += 1
        st.steps = 0
        refresh_all(st)
        if any(dead):
            st.winner = 1 - p if dead[p] else p
            st.over = "both died" if all(dead) else "death"
            st.dealt = ()
            events.append(Message(st.winner, m.YOU_WIN, ()))
            events.append(Message(1 - st.winner, m.YOU_LOSE, ()))
            events.append(GameOver(st.winner, st.over))
            return
        st.current = 1 - p
        deal(st)
        events.append(TurnEnded(p, st.current, st.turn, st.dealt))

    def end_as_draw(self, cause: str = "turn limit") -> list:
        """Stop a duel that ran too long (match runners): nobody wins."""
        from .validate import OVER_CAUSES
        if cause not in OVER_CAUSES or cause in ("", "death", "both died"):
            raise ValueError(f"a draw ends with one of {OVER_CAUSES[3:]}, not {cause!r}")
        st = self.state
        if st.over:
            return []
        st.over, st.winner, st.dealt = cause, None, ()
        return [Message(0, m.DRAW, ()), Message(1, m.DRAW, ()), GameOver(None, cause)]

    def state_hash(self) -> str:
        return canonical_hash(self.snapshot())

    def snapshot(self) -> dict:
        return self.state.as_data()

    @classmethod
    def restore(cls, rules, snap: dict) -> DuelGame:
        """The duel `snap` (a `snapshot()`) was taken of; ActionError naming the key otherwise.
        The duel has no rules to load: `rules` is ignored."""
        from .state_data import state_from_data
        return cls(state_from_data(snap))

    def result(self) -> dict:
        w = self.state.winner
        return {"winner": None if w is None else f"wizard {w + 1}", "over": self.state.over, "turns": self.turn}

    def encode_action(self, action) -> list[int]:
        return encode_action(action)

    def decode_action(self, data) -> Action:
        return decode_action(data)

    # --- for bots and the screen ----------------------------------------------------------
    def view(self, player: int):
        from .view import view_of
        return view_of(self.state, player)

    def refresh_views(self) -> None:
        refresh_all(self.state)
