"""Every shell script of the recipe parses, is executable, and states its interpreter."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD


def shell_scripts() -> list[Path]:
    scripts = []
    paths = []
    for folder, subfolders, files in os.walk(IMAGE_BUILD):
        if Path(folder) == IMAGE_BUILD:
            subfolders[:] = [d for d in subfolders if d != "out"]  # build outputs, not the recipe
        paths.extend(Path(folder) / name for name in files)
    for path in sorted(paths):
        if path.is_symlink():
            continue
        with path.open("rb") as handle:
            first = handle.readline()
        if first.startswith(b"#!") and (b"sh" in first.split()[0] or b"bash" in first):
            scripts.append(path)
    return scripts


SCRIPTS = shell_scripts()


def test_the_recipe_has_its_scripts():
    names = {p.relative_to(IMAGE_BUILD).as_posix() for p in SCRIPTS}
    for expected in ("build.sh", "verify.sh", "setup.sh", "boot-config.sh", "fetch-wheels.sh",
                     "rootfs/usr/lib/tactibox/data-partition", "rootfs/usr/lib/tactibox/serial-alias",
                     "pi-gen-stage/prerun.sh", "pi-gen-stage/00-tactibox/00-run.sh"):
        assert expected in names, expected


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(IMAGE_BUILD).as_posix())
def test_script_parses_and_is_executable(script):
    shebang = script.read_text().splitlines()[0]
    shell = "bash" if "bash" in shebang else "sh"
    result = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert script.stat().st_mode & 0o111 == 0o111, f"{script} is not executable (chmod +x)"


@pytest.mark.skipif(shutil.which("dash") is None, reason="dash is not installed")
@pytest.mark.parametrize("script", [s for s in SCRIPTS if "bash" not in s.read_text().splitlines()[0]],
                         ids=lambda p: p.relative_to(IMAGE_BUILD).as_posix())
def test_posix_sh_scripts_parse_under_dash(script):
    """Debian's /bin/sh is dash: no bashisms in #!/bin/sh scripts."""
    result = subprocess.run(["dash", "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
