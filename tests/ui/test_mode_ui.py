"""Every mode in the same rooms: an engine part (game/modes/<mode>/mode.py, no screen named) and
a UI part (game/ui/modes/<mode>/entry.py, `UI = ModeUI(...)`) that game.ui.registry finds by
itself; scene ids carry their mode; a mode without a UI part still plays on the generic screens."""

from __future__ import annotations

import pathlib

import pytest

from game.modes.registry import ModeEntry, ModeError, modes, register, resolve, unregister
from game.ui.mode_ui import MenuLine, ModeUI
from game.ui.registry import MENU_ENTRIES, SCENES, mode_uis, ui_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = ("skirmish", "duel", "bout", "gdl", "quest")


def test_every_shipped_mode_has_an_engine_room_and_a_ui_room():
    ids = [m.id for m in modes()]
    assert set(SHIPPED) <= set(ids)
    for mode_id in SHIPPED:
        assert (ROOT / "game" / "modes" / mode_id / "mode.py").is_file()
        assert (ROOT / "game" / "ui" / "modes" / mode_id / "entry.py").is_file()
        ui = ui_of(mode_id)
        assert ui is not None and ui.mode == mode_id
    assert [u.mode for u in mode_uis()] == [i for i in ids if ui_of(i) is not None]   # menu order


def test_every_ui_folder_belongs_to_a_registered_mode():
    folders = sorted(p.parent.name for p in (ROOT / "game" / "ui" / "modes").glob("*/entry.py"))
    assert folders == sorted(u.mode for u in mode_uis())


def test_scene_ids_carry_their_mode_and_every_target_exists():
    for ui in mode_uis():
        for name, target in ui.scenes.items():
            assert name.startswith(f"{ui.mode}_"), name
            assert name in SCENES
            assert isinstance(resolve(target), type), target
        for line in ui.menu:
            assert line.scene in ui.scenes
        for hook in ("replay_scene", "link_scene", "link_host", "link_guest"):
            if ui.has(hook):
                assert callable(ui.hook(hook)), (ui.mode, hook)
    assert {"Skirmish", "Wizard duel", "Steel bout", "Xconq modules", "Hex quest"} <= {e.label for e in MENU_ENTRIES}


def test_a_ui_part_is_checked_when_declared():
    with pytest.raises(ValueError, match="must start with 'chess_'"):
        ModeUI(mode="chess", scenes={"board": "x:Y"})
    with pytest.raises(ValueError, match="options_scene 'chess_options' is not one of its scenes"):
        ModeUI(mode="chess", scenes={"chess_board": "x:Y"}, options_scene="chess_options")
    ui = ModeUI(mode="chess", scenes={"chess_board": "x:Y"}, menu=(MenuLine("Chess", 50, "chess_board"),))
    assert not ui.has("link_host")
    with pytest.raises(ModeError, match="'chess' has no 'link_host' screen hook"):
        ui.hook("link_host")


def test_a_mode_without_a_ui_part_is_listed_by_the_engine_only():
    """The engine entry alone is a mode (simulate, replay, link: tests/test_mode_registry.py; the
    generic linked screen: tests/ui/test_link_modes_menu.py); the UI registry gives it nothing."""
    register(ModeEntry(id="bare_ui", title="Bare"), replace=True)
    try:
        assert ui_of("bare_ui") is None
        assert "bare_ui" not in [u.mode for u in mode_uis()]
    finally:
        unregister("bare_ui")


def test_the_shared_screens_import_no_mode_screen():
    """Shared scenes and widgets (game/ui/*.py, game/ui/scenes/) reach a mode's screens only
    through its UI part (scene names, hooks), never by importing them."""
    import ast
    bad = []
    shared = [*(ROOT / "game" / "ui").glob("*.py"), *(ROOT / "game" / "ui" / "scenes").rglob("*.py")]
    for path in shared:
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            bad += [f"{path.relative_to(ROOT)}:{node.lineno}: {n}" for n in names if n.startswith("game.ui.modes.")]
    assert bad == []
