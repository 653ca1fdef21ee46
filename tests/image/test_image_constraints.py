"""The image's wheels are pinned: image-build/constraints.txt holds an exact version of every
runtime dependency, fetch-wheels.sh downloads with it, and numpy is not a runtime dependency
(only bench/ imports it)."""

from __future__ import annotations

import ast
import os
import re
import stat
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "image-build" / "constraints.txt"


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    out = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep and version and not re.search(r"[<>=!~*,;\s]", version), f"not an exact pin: {line}"
            out[_norm(name)] = version
    return out


def runtime_deps() -> list[str]:
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return [_norm(re.split(r"[<>=!~\[;\s]", d, maxsplit=1)[0]) for d in py["project"]["dependencies"]]


def test_every_runtime_dependency_is_pinned():
    p = pins()
    assert [d for d in runtime_deps() if d not in p] == []


def test_fetch_wheels_downloads_with_the_constraints(tmp_path):
    """Run fetch-wheels.sh with a stand-in python that records its arguments."""
    log = tmp_path / "calls"
    fake = tmp_path / "python3"
    fake.write_text(f'#!/bin/sh\necho "$@" >> "{log}"\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    out = subprocess.run(["sh", str(ROOT / "image-build" / "fetch-wheels.sh"), str(tmp_path / "wheels"), str(ROOT)],
                         env={**os.environ, "PYTHON": str(fake)}, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    calls = log.read_text().splitlines()
    download = [c for c in calls if c.startswith("-m pip download") and c.rstrip().endswith("tactibox")]
    assert len(download) == 1, calls
    assert f"--constraint {CONSTRAINTS}" in download[0] or f"--constraint {CONSTRAINTS.resolve()}" in download[0]
    assert "--only-binary=:all:" in download[0]


def test_numpy_is_only_a_bench_dependency():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "numpy" not in runtime_deps()
    assert any(d.startswith("numpy") for d in py["project"]["optional-dependencies"]["bench"])
    users = set()
    for pkg in ("game", "hw", "firmware_bridge"):
        for path in (ROOT / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if any(n.split(".")[0] == "numpy" for n in names):
                    users.add(str(path.relative_to(ROOT)))
    assert users == set()
