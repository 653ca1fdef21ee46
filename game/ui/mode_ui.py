"""A mode's UI part: its screens, main-menu lines and the screen hooks the shared scenes call.

    # game/ui/modes/<mode>/entry.py (imports nothing but this module)
    UI = ModeUI(mode="quest", scenes={"quest_board": "game.ui.modes.quest.scene:QuestScene"},
                menu=(MenuLine("Hex quest", 45, "quest_hub", "..."),))

The engine part of a mode (`game/modes/<mode>/mode.py`, `game.modes.registry.ModeEntry`) names
no screen; `game.ui.registry` finds every `game/ui/modes/*/entry.py` by itself and pairs each UI
with the engine entry of the same id. Hooks are "module:attr" strings imported when first used,
so listing the modes for the main menu loads none of their screens. A registered mode without a
UI part still plays: "Link two units" hosts it with its option defaults on the generic linked
screen (docs/modes.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.modes.registry import ModeError, resolve

UI_HOOKS = ("replay_scene", "link_scene", "link_host", "link_guest", "resume", "interrupted")


@dataclass(frozen=True)
class MenuLine:
    """A main-menu line a mode adds: opens scene `scene` (with `kwargs`)."""
    label: str
    order: int
    scene: str
    hint: str = ""
    kwargs: dict = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class ModeUI:
    """Everything the shared screens need to know about one mode's screens.

    Scene names start with the mode id and `_` ("skirmish_battle", "quest_board"), so two modes
    never claim the same name. Hook fields hold "module:attr" strings (empty = not offered)."""
    mode: str                             # the engine registry id ("skirmish")
    scenes: dict = field(default_factory=dict, compare=False, hash=False)   # scene name -> "module:Class"
    menu: tuple[MenuLine, ...] = ()       # main-menu lines
    replay_scene: str = ""   # open_replay(app, replay) -> None   (the Replays screen's "watch")
    link_scene: str = ""     # open_linked(app, run) -> None      (the link's game has started)
    link_host: str = ""      # open_link_host(app, *, port, baud, on_error) -> None  (host picked this mode)
    link_guest: str = ""     # guest_side(app) -> side or None: this unit's own side, offered to the host
    resume: str = ""         # open_resumed(app, saved) -> None  (Continue: an interrupted game back on
                             #   its screen; `saved` is a game.store.in_progress.Saved; ValueError: it cannot)
    interrupted: str = ""    # interrupted(app) -> [game.ui.resume.Interrupted]  (games the mode keeps
                             #   itself, e.g. the quest's level saves, for the title's Continue)
    options_scene: str = ""  # the name of the mode's options screen (one of `scenes`), or ""
    extra: dict = field(default_factory=dict, compare=False, hash=False)   # name -> "module:attr", later hooks

    def __post_init__(self) -> None:
        bad = [name for name in self.scenes if not name.startswith(f"{self.mode}_")]
        if bad:
            raise ValueError(f"mode {self.mode} UI: scene names must start with {self.mode + '_'!r}: "
                             f"{', '.join(bad)}")
        if self.options_scene and self.options_scene not in self.scenes:
            raise ValueError(f"mode {self.mode} UI: options_scene {self.options_scene!r} is not one of its scenes")

    def ref(self, name: str) -> str:
        v = getattr(self, name, None) if name in UI_HOOKS else self.extra.get(name, "")
        return v or ""

    def has(self, name: str) -> bool:
        return bool(self.ref(name))

    def hook(self, name: str) -> Any:
        """The hook's object, imported now; ModeError if this mode's UI does not offer it."""
        ref = self.ref(name)
        if not ref:
            raise ModeError(f"mode {self.mode!r} has no {name!r} screen hook")
        return resolve(ref)
