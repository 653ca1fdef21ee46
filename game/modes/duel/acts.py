"""The final action of a turn: cast, drink (ground or inventory), pick up, or nothing."""

from __future__ import annotations

from . import messages as m
from .actions import CAST, DRINK, DRINK_GROUND, PICK_UP, Action
from .events import Identified, PotionDrunk, PotionPickedUp
from .potions import TYPES
from .spells import cast_spell
from .spells.context import Cast
from .state import DuelState


def perform(state: DuelState, p: int, action: Action, events: list) -> None:
    w = state.wizards[p]
    kind = action.kind
    if kind == CAST:
        cast_spell(Cast(state, p, events, "dealt"), state.dealt[action.arg])
    elif kind == PICK_UP:
        a = state.ground.pop(w.pos)
        w.inventory.append(a)
        w.potion_memory.pop(w.pos, None)
        events.append(PotionPickedUp(p, w.pos, a, len(w.inventory) - 1))
        events.append(m_message(p, m.PICKED_UP, a))
    elif kind == DRINK_GROUND:
        a = state.ground.pop(w.pos)
        w.potion_memory.pop(w.pos, None)
        drink(state, p, a, "ground", events)
    elif kind == DRINK:
        drink(state, p, w.inventory.pop(action.arg), "inventory", events)


def m_message(p, msg, *params):
    from .events import Message
    return Message(p, msg, tuple(params))


def drink(state: DuelState, p: int, appearance: int, source: str, events: list) -> None:
    """Drink a potion: it is identified for the drinker, then it takes effect."""
    w = state.wizards[p]
    t = state.types[appearance]
    events.append(PotionDrunk(p, appearance, t, source))
    events.append(m_message(p, m.DRANK, appearance))
    if not (w.known >> appearance) & 1:
        w.known |= 1 << appearance
        events.append(Identified(p, appearance, t))
        events.append(m_message(p, m.IT_WAS, t))
    TYPES[t].drink(Cast(state, p, events, "potion"))
