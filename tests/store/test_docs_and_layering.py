"""docs/data.md carries the settings table generated from the schema; game.store stays pygame-free."""

import ast
import subprocess
import sys
from pathlib import Path

from game.store.settings_schema import reference_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_data_doc_has_the_generated_settings_table():
    assert reference_markdown() in (ROOT / "docs" / "data.md").read_text()


def test_store_and_ratings_never_import_pygame_or_hw():
    files = sorted((ROOT / "game" / "store").glob("*.py")) + [ROOT / "game" / "core" / "ratings.py"]
    assert len(files) > 5
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for n in names:
                assert n.split(".")[0] not in ("pygame", "hw"), f"{path.name} imports {n}"


def test_importing_the_store_loads_no_pygame():
    code = "import game.store, sys; print(any(m.split('.')[0] == 'pygame' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
