"""What `DuelGame.apply` reports: small frozen records (`game.modes.base.Event`, each with its
`kind`) for the screen, the log and the link.

Drawing (the plan's "After Turn" sequence): the UI draws `Effect` cells as `*` in `colour` over
everything (floors, potions, rock, wizards) during the 250 ms pause, then updates HP
(`Damaged`/`Healed`), the layout (`LayoutChanged`), items, positions (`Moved`, `Teleported`) and
writes `Message`s addressed to its player into the log.

Who may see what: an `Effect` with `audience=None` is seen by a player on the cells that are in
that player's view (or all of them for the caster); `audience=p` is private to player p (magic
mapping, detections). A `Message` is always addressed to one player (`to`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from game.modes.base import Event


@dataclass(frozen=True)
class Moved(Event):
    kind = "moved"
    player: int
    src: int
    dst: int
    facing: int


@dataclass(frozen=True)
class SpellCast(Event):
    kind = "spell"
    player: int
    spell: int        # spell id (game.modes.duel.spells.SPELLS)
    via: str          # "dealt", "random" or "potion"


@dataclass(frozen=True)
class Effect(Event):
    kind = "effect"
    source: str       # spell key or potion key that made it
    cells: tuple      # cells to draw as `*`
    colour: str       # colour name: cyan, red, yellow, green, white, magenta, orange, brown, blue, grey
    audience: int | None = None


@dataclass(frozen=True)
class Damaged(Event):
    kind = "damaged"
    player: int
    amount: int
    hp: int           # hit points after the damage
    cause: str


@dataclass(frozen=True)
class Healed(Event):
    kind = "healed"
    player: int
    amount: int
    hp: int
    cause: str


@dataclass(frozen=True)
class Message(Event):
    kind = "message"
    to: int           # player the message is for
    msg: int          # message id (game.modes.duel.messages)
    params: tuple = ()


@dataclass(frozen=True)
class LayoutChanged(Event):
    kind = "layout"
    cause: str
    cells: tuple      # cells that changed (all cells when the whole layout was replaced)
    whole: bool = False


@dataclass(frozen=True)
class Teleported(Event):
    kind = "teleported"
    player: int
    src: int
    dst: int


@dataclass(frozen=True)
class PotionPickedUp(Event):
    kind = "pick_up"
    player: int
    cell: int
    appearance: int
    slot: int


@dataclass(frozen=True)
class PotionDrunk(Event):
    kind = "drink"
    player: int
    appearance: int
    ptype: int
    source: str       # "ground" or "inventory"


@dataclass(frozen=True)
class Identified(Event):
    kind = "identified"
    player: int
    appearance: int
    ptype: int


@dataclass(frozen=True)
class PotionsCreated(Event):
    kind = "potions_created"
    cells: tuple


@dataclass(frozen=True)
class PotionsDestroyed(Event):
    kind = "potions_destroyed"
    cells: tuple      # ground potions destroyed
    held: tuple = ()  # (player, appearance) for each destroyed held potion


@dataclass(frozen=True)
class PotionsMoved(Event):
    kind = "potions_moved"
    cause: str        # every ground potion now lies somewhere else (Alter Dungeon, Mirror Earth)


@dataclass(frozen=True)
class TurnEnded(Event):
    kind = "turn_ended"
    player: int
    next_player: int
    turn: int         # completed turns after this one
    dealt: tuple      # spells dealt to next_player


@dataclass(frozen=True)
class GameOver(Event):
    kind = "over"
    winner: int | None
    cause: str        # "death", "both died" (the acting wizard loses), ...


def event_data(e) -> dict:
    """Canonical dict of an event (for logs and tests)."""
    d = asdict(e)
    d["type"] = type(e).__name__
    for f in fields(e):
        if isinstance(d[f.name], tuple):
            d[f.name] = [list(v) if isinstance(v, tuple) else v for v in d[f.name]]
    return d
