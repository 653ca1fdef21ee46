"""Duel options (the plan's "Options"): field of view, level size, potions.

Only the controller (host) changes them, only between games, and they are never saved: they
live in a `HostOptions` object for the length of a session. On the wire they fit in one byte.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

MIN_SIZE = 13          # the 13x13 field-of-view window must fit inside the level
MAX_SIZE = 31          # largest size the wire formats accept (4-bit size code)
DEFAULT_SIZE = 25      # the plan: "Max Level Size - Default to 25x25"


@dataclass(frozen=True)
class DuelOptions:
    fov: bool = True              # off: the whole level can be seen by both players
    level_size: int = DEFAULT_SIZE  # odd, MIN_SIZE..MAX_SIZE; the level is exactly this size
    potions: bool = True          # off: no potions in the dungeon or in the inventories

    def __post_init__(self):
        check_size(self.level_size)
        if not isinstance(self.fov, bool) or not isinstance(self.potions, bool):
            raise ValueError("options: fov and potions must be true or false")

    def to_byte(self) -> int:
        """bit 0 = FoV on, bit 1 = potions on, bits 2..5 = (size - 13) / 2."""
        return int(self.fov) | int(self.potions) << 1 | ((self.level_size - MIN_SIZE) // 2) << 2

    @classmethod
    def from_byte(cls, b: int) -> DuelOptions:
        if not isinstance(b, int) or not 0 <= b <= 255:
            raise ValueError(f"options byte must be 0..255, got {b!r}")
        if b >> 6:
            raise ValueError(f"options byte {b:#04x}: reserved bits 6..7 are set")
        size = MIN_SIZE + 2 * (b >> 2 & 0xF)
        if size > MAX_SIZE:
            raise ValueError(f"options byte {b:#04x}: level size {size} is above {MAX_SIZE}")
        return cls(fov=bool(b & 1), potions=bool(b & 2), level_size=size)

    def as_dict(self) -> dict:
        return {"fov": self.fov, "level_size": self.level_size, "potions": self.potions}


def check_size(size) -> int:
    if not isinstance(size, int) or isinstance(size, bool):
        raise ValueError(f"level size must be an integer, got {size!r}")
    if size % 2 == 0:
        raise ValueError(f"level size must be odd, got {size}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"level size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
    return size


class OptionsLocked(RuntimeError):
    """Options were changed while a game is in progress."""


class HostOptions:
    """The controller's options for this session (not saved). Locked while a game runs."""

    def __init__(self, options: DuelOptions | None = None):
        self._options = options or DuelOptions()
        self.in_game = False

    @property
    def options(self) -> DuelOptions:
        return self._options

    def change(self, **changes) -> DuelOptions:
        if self.in_game:
            raise OptionsLocked("options can only be changed between games")
        unknown = set(changes) - {"fov", "level_size", "potions"}
        if unknown:
            raise ValueError(f"unknown duel option(s): {', '.join(sorted(unknown))}")
        self._options = replace(self._options, **changes)
        return self._options

    def begin_game(self) -> DuelOptions:
        self.in_game = True
        return self._options

    def end_game(self) -> None:
        self.in_game = False


# --- what a CLI or link request asks of a duel (`Request.seats` / `Request.options`) ----------
DEFAULT_TURN_LIMIT = 200


def bot_levels(seats) -> tuple[str, str]:
    levels = []
    for part in (p.strip() for p in seats if p.strip()):
        level = part.split(":", 1)[1] if part.startswith("bot:") else ("hard" if part == "human" else part)
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"--seats {part!r}: a duel seat is bot:easy, bot:normal or bot:hard")
        levels.append(level)
    if len(levels) != 2:
        raise ValueError(f"--seats: a duel has exactly 2 wizards, got {len(levels)}")
    return levels[0], levels[1]


def options_from(opts: dict):
    return DuelOptions(fov=not opts.get("no-fov", False), level_size=int(opts.get("level-size", 25)),
                       potions=not opts.get("no-potions", False))
