"""A campaign's map icons: which glyph the board draws for an object kind, the player or an NPC.

`campaign.toml`:
    icons = {rock = "#", gem = {glyph = "*", colour = "#50c8e6"}, player = "@", npc = {Goblin = "g"}}

A key is an object kind (OBJECT_KEYS: the names of tiles.OBJECT_NAMES with "_" for spaces, so
`victory_object`, `orange_disk`, ...), `player`, or `npc`: a table of NPC names (as a level's
`npc ...: name=Goblin` writes them) to icons. A value is one visible ASCII character ("!".."~",
the characters the bundled font draws at every size), or a table {glyph = "g", colour = "#rrggbb"}.
Anything else is a loader error naming the key (`campaign.toml: icons.rock: ...`); at most
MAX_ICONS icons in all. Icons are pictures only: they change no rule, state or hash.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.quest import tiles as TL
from game.rules.schema import Problem

OBJECT_KEYS = {name.replace(" ", "_"): o for o, name in enumerate(TL.OBJECT_NAMES)
               if o not in (TL.NONE, TL.VOID)}
MAX_ICONS = 64
MAX_NAME = 32               # an NPC name key's length


@dataclass(frozen=True)
class Icons:
    """The parsed icons; an icon is (glyph, colour or None for the board's own colour)."""
    objects: tuple = ()                 # ((object, icon), ...) sorted by object
    player: tuple | None = None
    npcs: tuple = ()                    # ((name, icon), ...) sorted by name

    def __post_init__(self):
        object.__setattr__(self, "_by_obj", dict(self.objects))
        object.__setattr__(self, "_by_npc", dict(self.npcs))

    def __bool__(self) -> bool:
        return bool(self.objects or self.player or self.npcs)

    def of_object(self, o: int):
        return self._by_obj.get(o)

    def of_npc(self, name: str):
        return self._by_npc.get(name)


NO_ICONS = Icons()


def _icon(v, where: str, f: str, probs: list) -> tuple | None:
    colour = None
    if isinstance(v, dict):
        extra = sorted(set(v) - {"glyph", "colour"})
        if extra:
            probs.append(Problem(f, where, f"unknown field {extra[0][:20]!r} (allowed: glyph, colour)"))
            return None
        c = v.get("colour")
        if c is not None:
            if not (isinstance(c, str) and len(c) == 7 and c[0] == "#"
                    and all(ch in "0123456789abcdefABCDEF" for ch in c[1:])):
                probs.append(Problem(f, where + ".colour", f"expected a colour \"#rrggbb\", got {str(c)[:20]!r}"))
                return None
            colour = (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16))
        if "glyph" not in v:
            probs.append(Problem(f, where + ".glyph", "missing"))
            return None
        where, v = where + ".glyph", v["glyph"]
    if not isinstance(v, str):
        probs.append(Problem(f, where, f"expected one character in quotes (or {{glyph, colour}}), got {type(v).__name__}"))
        return None
    if len(v) != 1 or not "!" <= v <= "~":
        probs.append(Problem(f, where, f"expected one visible ASCII character (! to ~), got {v[:20]!r}"))
        return None
    return (v, colour)


def parse_icons(data, f: str) -> tuple[Icons, list[Problem]]:
    """The `icons` table of a campaign file: (Icons, problems naming `icons.KEY`)."""
    if data is None:
        return NO_ICONS, []
    if not isinstance(data, dict):
        return NO_ICONS, [Problem(f, "icons", f"expected a table {{rock = \"#\", ...}}, got {type(data).__name__}")]
    npc_table = data.get("npc", {})
    count = len(data) - ("npc" in data) + (len(npc_table) if isinstance(npc_table, dict) else 0)
    if count > MAX_ICONS:
        return NO_ICONS, [Problem(f, "icons", f"{count} icons; at most {MAX_ICONS}")]
    probs: list[Problem] = []
    objects, player, npcs = [], None, []
    for key, v in data.items():
        where = f"icons.{key[:MAX_NAME]}"
        if key == "npc":
            if not isinstance(v, dict):
                probs.append(Problem(f, where, f"expected a table of NPC names {{Goblin = \"g\"}}, got {type(v).__name__}"))
                continue
            for name, nv in v.items():
                nwhere = f"icons.npc.{name[:MAX_NAME]}"
                if not name or len(name) > MAX_NAME or not all("!" <= ch <= "~" for ch in name):
                    probs.append(Problem(f, nwhere, f"an NPC name is 1..{MAX_NAME} visible ASCII characters"))
                    continue
                icon = _icon(nv, nwhere, f, probs)
                if icon:
                    npcs.append((name, icon))
        elif key == "player":
            player = _icon(v, where, f, probs)
        elif key in OBJECT_KEYS:
            icon = _icon(v, where, f, probs)
            if icon:
                objects.append((OBJECT_KEYS[key], icon))
        else:
            probs.append(Problem(f, where, "unknown icon key (allowed: player, npc, "
                                 + ", ".join(OBJECT_KEYS) + ")"))
    if probs:
        return NO_ICONS, probs
    return Icons(objects=tuple(sorted(objects)), player=player, npcs=tuple(sorted(npcs))), []
