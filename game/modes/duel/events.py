"""What `DuelGame.apply` reports: small frozen records for the screen, the log and the link.

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


@dataclass(frozen=True)
class Moved:
    player: int
    src: int
    dst: int
    facing: int


@dataclass(frozen=True)
class SpellCast:
    player: int
    spell: int        # spell id (game.modes.duel.spells.SPELLS)
    via: str          # "dealt", "random" or "potion"


@dataclass(frozen=True)
class Effect:
    kind: str         # spell key or potion key that made it
    cells: tuple      # cells to draw as `*`
    colour: str       # colour name: cyan, red, yellow, green, white, magenta, orange, brown, blue, grey
    audience: int | None = None


@dataclass(frozen=True)
class Damaged:
    player: int
    amount: int
    hp: int           # hit points after the damage
    cause: str


@dataclass(frozen=True)
class Healed:
    player: int
    amount: int
    hp: int
    cause: str


@dataclass(frozen=True)
class Message:
    to: int           # player the message is for
    msg: int          # message id (game.modes.duel.messages)
    params: tuple = ()


@dataclass(frozen=True)
class LayoutChanged:
    cause: str
    cells: tuple      # cells that changed (all cells when the whole layout was replaced)
    whole: bool = False


@dataclass(frozen=True)
class Teleported:
    player: int
    src: int
    dst: int


@dataclass(frozen=True)
class PotionPickedUp:
    player: int
    cell: int
    appearance: int
    slot: int


@dataclass(frozen=True)
class PotionDrunk:
    player: int
    appearance: int
    ptype: int
    source: str       # "ground" or "inventory"


@dataclass(frozen=True)
class Identified:
    player: int
    appearance: int
    ptype: int


@dataclass(frozen=True)
class PotionsCreated:
    cells: tuple


@dataclass(frozen=True)
class PotionsDestroyed:
    cells: tuple      # ground potions destroyed
    held: tuple = ()  # (player, appearance) for each destroyed held potion


@dataclass(frozen=True)
class PotionsMoved:
    cause: str        # every ground potion now lies somewhere else (Alter Dungeon, Mirror Earth)


@dataclass(frozen=True)
class TurnEnded:
    player: int
    next_player: int
    turn: int         # completed turns after this one
    dealt: tuple      # spells dealt to next_player


@dataclass(frozen=True)
class GameOver:
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
