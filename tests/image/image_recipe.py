"""Shared helpers for the fast checks of the SD-card image recipe (image-build/).

These tests read the recipe's files; they never build an image, need no root and no network.
The slow end-to-end check is image-build/verify.sh.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

IMAGE_BUILD = Path(__file__).resolve().parents[2] / "image-build"
ROOTFS = IMAGE_BUILD / "rootfs"
UNIT_DIR = ROOTFS / "etc/systemd/system"


def parse_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """Parse a systemd unit file: {section: {key: [values in order]}} (keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    lines = path.read_text().splitlines()
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        if current is None or "=" not in line:
            raise ValueError(f"{path}:{number}: not a key=value line inside a section: {raw!r}")
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def environment(unit: dict[str, dict[str, list[str]]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for entry in unit["Service"].get("Environment", []):
        key, _, value = entry.partition("=")
        env[key] = value
    return env


def package_lines() -> list[tuple[str, str]]:
    """(package, tag) pairs from image-build/packages.txt; tag is '' or 'debian' or 'rpios'."""
    result = []
    for raw in (IMAGE_BUILD / "packages.txt").read_text().splitlines():
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        tag = ""
        if len(line) == 2:
            match = re.fullmatch(r"\[(\w+)\]", line[1])
            assert match, f"packages.txt: bad tag in {raw!r}"
            tag = match.group(1)
        assert len(line) <= 2, f"packages.txt: one package (and an optional tag) per line: {raw!r}"
        result.append((line[0], tag))
    return result



def dpkg_keeps(path: str) -> bool:
    """dpkg's path filters (dpkg-excludes.cfg): the last matching line wins; `*` also matches `/`."""
    keep = True
    for line in (IMAGE_BUILD / "dpkg-excludes.cfg").read_text().splitlines():
        if line.startswith(("path-exclude=", "path-include=")):
            kind, pattern = line.split("=", 1)
            if fnmatch.fnmatchcase(path, pattern):
                keep = kind == "path-include"
    return keep
