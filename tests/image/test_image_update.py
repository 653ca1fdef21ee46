"""update-card.sh: the documented update path (new boot + root, the data partition untouched, the
owner's folder kept) on a whole-card image file, and its refusals (issue 21, item 20: the
partitions changed size, so a blind `dd` could now overrun a partition)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD

UPDATE = IMAGE_BUILD / "update-card.sh"
TOOLS = ("sfdisk", "mkfs.vfat", "mcopy", "mlabel", "mke2fs", "blkid", "debugfs")
pytestmark = pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS),
                                reason="needs fdisk, dosfstools, mtools and e2fsprogs")
MIB = 1024 * 1024
ENV = {**os.environ, "MTOOLS_SKIP_CHECK": "1"}


def run(*args, check=True, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120, check=check,
                          env=ENV, **kw)


def fat(path: Path, mib: int, label: str, files: dict[str, str]) -> Path:
    run("mkfs.vfat", "-C", "-n", label, path, mib * 1024)
    staging = path.parent / (path.name + ".files")
    for name, text in files.items():
        (staging / name).parent.mkdir(parents=True, exist_ok=True)
        (staging / name).write_text(text)
    run("mcopy", "-s", "-i", path, *sorted(staging.iterdir()), "::")
    return path


def ext4(path: Path, mib: int, label: str, marker: str) -> Path:
    tree = path.parent / (path.name + ".tree")
    tree.mkdir()
    (tree / "marker").write_text(marker)
    run("mke2fs", "-q", "-F", "-t", "ext4", "-L", label, "-d", tree, path, f"{mib}M")
    return path


def card(tmp_path: Path, boot_label="TBBOOT") -> Path:
    """A card as the image makes it: 1 MiB gap, boot 8 MiB, root 8 MiB, data 4 MiB."""
    img = tmp_path / "card.img"
    with img.open("wb") as f:
        f.truncate(21 * MIB)
    run("sfdisk", "-q", img, input="label: dos\nstart=2048, size=16384, type=c\nstart=18432, size=16384, type=83\n"
                                   "start=34816, size=8192, type=83\n")
    old = tmp_path / "old"
    old.mkdir()
    parts = [fat(old / "boot.vfat", 8, boot_label, {
                 "config.txt": "old", "tactibox/README.txt": "old readme",
                 "tactibox/tactibox.env": "TACTIBOX_ARGS=--turns 5\n",
                 "tactibox/rulesets/mine/units.toml": "x = 1\n"}),
             ext4(old / "root.ext4", 8, "tbroot", "old system"),
             ext4(old / "data.ext4", 4, "tbdata", "saves")]
    for part, start in zip(parts, (2048, 18432, 34816)):
        run("dd", f"if={part}", f"of={img}", "bs=512", f"seek={start}", "conv=notrunc", "status=none")
    return img


def new_images(tmp_path: Path, root_mib: int = 6) -> Path:
    new = tmp_path / "new"
    new.mkdir()
    fat(new / "boot.vfat", 6, "TBBOOT", {"config.txt": "new", "tactibox/README.txt": "new readme",
                                          "tactibox/tactibox.env.example": "example\n"})
    ext4(new / "root.ext4", root_mib, "tbroot", "new system")
    return new


def part_bytes(img: Path, start: int, sectors: int) -> bytes:
    with img.open("rb") as f:
        f.seek(start * 512)
        return f.read(sectors * 512)


def root_marker(img: Path) -> str:
    root = img.parent / "root-now.ext4"
    root.write_bytes(part_bytes(img, 18432, 16384))
    return run("debugfs", "-R", "cat /marker", root).stdout


def boot_file(img: Path, name: str) -> str:
    return run("mtype", "-i", f"{img}@@{2048 * 512}", f"::{name}", check=False).stdout


def test_update_writes_boot_and_root_keeps_the_data_and_the_owners_files(tmp_path):
    img = card(tmp_path)
    data_before = hashlib.sha256(part_bytes(img, 34816, 8192)).hexdigest()
    result = run("sh", UPDATE, img, new_images(tmp_path), check=False)
    assert result.returncode == 0, result.stderr
    assert root_marker(img) == "new system"
    assert boot_file(img, "config.txt") == "new"
    assert boot_file(img, "tactibox/README.txt") == "new readme"               # the new image's
    assert boot_file(img, "tactibox/tactibox.env.example") == "example\n"
    assert boot_file(img, "tactibox/tactibox.env") == "TACTIBOX_ARGS=--turns 5\n"   # the owner's
    assert boot_file(img, "tactibox/rulesets/mine/units.toml") == "x = 1\n"
    assert hashlib.sha256(part_bytes(img, 34816, 8192)).hexdigest() == data_before


def test_a_root_image_larger_than_the_partition_is_refused_before_any_write(tmp_path):
    img = card(tmp_path)
    before = img.read_bytes()
    result = run("sh", UPDATE, img, new_images(tmp_path, root_mib=12), check=False)
    assert result.returncode == 1
    assert "root.ext4" in result.stderr and "larger than partition 2" in result.stderr
    assert img.read_bytes() == before


def test_a_card_that_is_not_a_tactibox_card_is_refused(tmp_path):
    img = card(tmp_path, boot_label="NOTOURS")
    before = img.read_bytes()
    result = run("sh", UPDATE, img, new_images(tmp_path), check=False)
    assert result.returncode == 1 and "is not a Tactibox card" in result.stderr
    assert img.read_bytes() == before
