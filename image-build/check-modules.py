#!/usr/bin/env python3
"""Check that every kernel module in a root tree has the modules it depends on.

    check-modules.py ROOT          (build.sh runs it on the tree; exit 1 and a list if not)

The dpkg filters (dpkg-excludes.cfg) keep a subset of Debian's modules; a module whose
dependency was filtered out fails to load on the board ("Unknown symbol ..."). Each .ko file
names its dependencies in its .modinfo section (`depends=a,b`); a dependency is satisfied by a
module file in the tree or by the kernel itself (modules.builtin).
"""

from __future__ import annotations

import sys
from pathlib import Path

SUFFIXES = (".ko", ".ko.xz", ".ko.zst", ".ko.gz")


def module_name(path: Path) -> str:
    name = path.name
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name.replace("-", "_")


def depends(path: Path) -> list[str]:
    data = path.read_bytes()
    at = data.find(b"\0depends=")
    if at < 0:
        return []
    end = data.find(b"\0", at + 1)
    value = data[at + len(b"\0depends="):end].decode("ascii", "replace")
    return [d.replace("-", "_") for d in value.split(",") if d]


def missing_dependencies(root: Path) -> dict[str, list[str]]:
    """{module path: [missing dependencies]} for every kernel version under ROOT/lib/modules."""
    problems: dict[str, list[str]] = {}
    for version in sorted((root / "lib/modules").glob("*")):
        if not version.is_dir():
            continue
        files = [p for p in version.rglob("*") if p.name.endswith(SUFFIXES)]
        present = {module_name(p) for p in files}
        builtin_file = version / "modules.builtin"
        if builtin_file.is_file():
            present |= {module_name(Path(line.strip())) for line in builtin_file.read_text().splitlines() if line.strip()}
        for path in sorted(files):
            lost = [d for d in depends(path) if d not in present]
            if lost:
                problems[str(path.relative_to(root))] = lost
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: check-modules.py ROOT", file=sys.stderr)
        return 2
    problems = missing_dependencies(Path(argv[1]))
    for module, lost in problems.items():
        print(f"{module}: needs {', '.join(lost)}, which the dpkg filters left out")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
