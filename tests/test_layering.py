"""The engine (game.core, game.rules, game.modes, and the Match: game.match) stays pure: no pygame, hw or firmware_bridge,
no `random`, no clocks, and it names no UI module, not even in a string or a comment. firmware_bridge never imports pygame. Checked on the source (static
imports, including ones inside functions) and at run time (importing every engine module
in a fresh interpreter must not load a forbidden package)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
ENGINE = ["game/core", "game/rules", "game/modes", "game/match"]
FORBIDDEN_ENGINE = {"pygame", "hw", "firmware_bridge", "random", "secrets"}
FORBIDDEN_CALLS = {("time", "time"), ("time", "monotonic"), ("time", "perf_counter"),
                   ("datetime", "now"), ("datetime", "utcnow"), ("os", "urandom")}


def _py_files(rel: str):
    return sorted((ROOT / rel).rglob("*.py"))


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def _violations(dirs, forbidden):
    bad = []
    for rel in dirs:
        for path in _py_files(rel):
            for lineno, top in _imports(path):
                if top in forbidden:
                    bad.append(f"{path.relative_to(ROOT)}:{lineno}: imports {top}")
    return bad


def test_engine_sources_import_nothing_forbidden():
    assert [p for rel in ENGINE for p in _py_files(rel)], "engine sources not found"
    assert _violations(ENGINE, FORBIDDEN_ENGINE) == []


def test_engine_sources_use_no_clock_or_os_entropy():
    bad = []
    for rel in ENGINE:
        for path in _py_files(rel):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    if (node.value.id, node.attr) in FORBIDDEN_CALLS:
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert bad == []


UI_NAMES = ("game.ui", "game/ui")


def _ui_mentions(dirs):
    bad = []
    for rel in dirs:
        for path in _py_files(rel):
            for lineno, line in enumerate(path.read_text().splitlines(), 1):
                if any(name in line for name in UI_NAMES):
                    bad.append(f"{path.relative_to(ROOT)}:{lineno}: {line.strip()}")
    return bad


def test_engine_sources_name_no_ui_module():
    """A mode's screens are its UI part (game/ui/modes/<mode>/entry.py): the engine entry
    (game/modes/<mode>/mode.py) and everything else in the engine name none of them."""
    assert _ui_mentions(ENGINE) == []


def test_the_ui_name_check_finds_a_string(tmp_path, monkeypatch):
    pkg = tmp_path / "game" / "modes" / "x"
    pkg.mkdir(parents=True)
    (pkg / "mode.py").write_text('SCENES = {"x_game": "game.ui.modes.x.scene:XScene"}\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _ui_mentions(["game/modes"]) == ['game/modes/x/mode.py:1: SCENES = {"x_game": "game.ui.modes.x.scene:XScene"}']


def test_bridge_never_imports_pygame():
    assert _violations(["firmware_bridge"], {"pygame"}) == []


def test_checker_catches_a_forbidden_import(tmp_path, monkeypatch):
    """The checker itself works: a planted bad import is reported."""
    pkg = tmp_path / "game" / "core"
    pkg.mkdir(parents=True)
    (pkg / "bad.py").write_text("def f():\n    import pygame\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _violations(["game/core"], FORBIDDEN_ENGINE) == ["game/core/bad.py:2: imports pygame"]


def test_importing_the_engine_loads_no_forbidden_module():
    mods = []
    for rel in ENGINE:
        for path in _py_files(rel):
            mod = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            mods.append(mod.removesuffix(".__init__"))
    code = (
        "import importlib, sys\n"
        f"for m in {mods!r}:\n    importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{sorted(FORBIDDEN_ENGINE - {'random'})!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
