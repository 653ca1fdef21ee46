"""ruff is part of CI: `.ci/run` runs `./dev lint` (ruff check .) before the tests, the rule set
lives in pyproject.toml, and the tree is clean under it."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_ci_lints_before_it_tests():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "./dev lint" in ci and "./dev test" in ci
    assert ci.index("./dev lint") < ci.index("./dev test")
    dev = (ROOT / "dev").read_text()
    assert 'lint)  ensure_venv test; exec "$VENV/bin/ruff" check .' in dev


def test_ruff_config_and_dependency():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    select = set(py["tool"]["ruff"]["lint"]["select"])
    assert {"E", "F", "I", "B", "RUF100"} <= select
    assert any(d.startswith("ruff") for d in py["project"]["optional-dependencies"]["test"])


def test_tree_is_ruff_clean():
    ruff = pathlib.Path(sys.executable).with_name("ruff")
    exe = str(ruff) if ruff.exists() else shutil.which("ruff")
    if exe is None:
        pytest.skip("ruff not installed (./dev lint installs it)")
    out = subprocess.run([exe, "check", "--output-format", "concise", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
