"""docs/image.md quotes the last real build and verify.sh run (issue 21, item 23: the page had
drifted: "92 checks", no raspi3b boot, old timings). The run's report is committed as
docs/image-verify-report.txt; every figure the page gives must be the report's, and the sizes the
report measured must be those of the committed partition layout (genimage.cfg)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD
from test_image_recipe import genimage_images, size_bytes
from verify_report import parse_report

DOCS = IMAGE_BUILD.parent / "docs"
PAGE = DOCS / "image.md"
REPORT = DOCS / "image-verify-report.txt"
MIB = 1024 * 1024


@pytest.fixture(scope="module")
def page() -> str:
    return " ".join(PAGE.read_text().split())      # the page's words, line breaks as spaces


@pytest.fixture(scope="module")
def run():
    return parse_report(REPORT.read_text())


def test_the_page_has_no_figure_left_to_fill_in(page):
    assert re.findall(r"\{[A-Z][A-Z0-9_]*\}", page) == []


def test_the_committed_run_is_a_whole_run_that_passed(run):
    assert run.finished, "the report ends without 'verify: N check(s) failed' (a run stopped midway)"
    assert run.failed == 0
    assert run.passed > 100
    assert None not in (run.build_s, run.size_bytes, run.virt_start_s, run.pi3_start_s, run.safe_after_s)


def test_the_run_measured_the_committed_partition_layout(run):
    images = genimage_images()
    disk_offset = size_bytes(images["tactibox-arm64.img"]["_body"].split("offset", 1)[1].split("=", 1)[1].split()[0])
    parts = {name: size_bytes(images[name]["size"]) for name in ("boot.vfat", "root.ext4", "data.ext4")}
    assert run.size_bytes == disk_offset + sum(parts.values())
    assert run.size_bytes <= 700_000_000
    assert run.boot_part_mib * MIB == parts["boot.vfat"]
    assert run.root_part_mib * MIB == parts["root.ext4"]
    assert run.safe_restarts == 3                    # TACTIBOX_SAFE_MODE_AFTER=3 in the unit


def test_the_page_gives_the_sizes_of_the_run(page, run):
    assert f"**{run.size_bytes:,} bytes ({run.size_bytes // MIB} MiB)**" in page
    assert f"The image was 940 MiB; it is {run.size_bytes // MIB} MiB." in page
    assert (f"the root filesystem holds {run.root_used_mib} MiB of files in its {run.root_part_mib} MiB "
            f"({run.root_free_mib} MiB free), the boot partition {run.boot_used_mib} MiB of "
            f"{run.boot_part_mib} MiB ({run.boot_free_mib} MiB free)") in page
    # the table of partitions ("The card")
    assert f"FAT32, {run.boot_part_mib} MiB ({run.boot_free_mib} MiB free)" in page
    assert f"ext4, {run.root_part_mib} MiB ({run.root_free_mib} MiB free)" in page


def test_the_page_gives_the_times_and_checks_of_the_run(page, run):
    verdict = "none failed" if run.failed == 0 else f"{run.failed} failed"
    assert f"at commit {run.commit}" in page and f"({run.when}," in page
    assert f"build {run.build_s} s, **{run.passed} checks, {verdict}**" in page
    assert f"the `virt` boot ran {run.virt_run_s} s from power-on to power-off" in page
    assert f"`tactibox.service` **{run.virt_start_s} s** after the kernel" in page
    assert f"came up in safe mode {run.safe_after_s} s after" in page
    assert f"the `raspi3b` boot ran {run.pi3_run_s} s and started the service after **{run.pi3_start_s} s**" in page
    assert (f"The slowest `serial-alias` call took {run.serial_alias_virt_ms} ms on `virt` and "
            f"{run.serial_alias_pi3_ms} ms on `raspi3b`") in page


def test_the_page_names_the_three_boots_and_no_stale_count(page):
    assert "92 checks" not in page
    for boot in ("`qemu-system-aarch64 -M virt`, a **20 GiB** copy", "`-M virt` without partition 3",
                 "`-M raspi3b` with `bcm2837-rpi-3-b.dtb`"):
        assert boot in page


# --- the report reader on broken and partial reports ------------------------------------------------

def test_a_file_that_is_not_a_report_is_refused_naming_its_first_line():
    with pytest.raises(ValueError, match=r"report:1: not a verify.sh report: 'hello'"):
        parse_report("hello\nok   something\n")
    with pytest.raises(ValueError, match="report:1"):
        parse_report("")


def test_a_run_stopped_before_the_boots_has_no_boot_figures():
    """The start of a real report (16:06 run), cut where the build was still going."""
    text = ("verify.sh of f0838d0, 2026-11-25 16:06 UTC, 1 CPUs\n"
            "build time: 1800 s\nsize: 696254464 bytes (664 MiB)\n"
            "boot partition: 48 MiB of files in 96 MiB, 47 MiB free\n"
            "root partition: 502 MiB of files in 548 MiB, 75 MiB free\n"
            "ok   image is at most 700 MB (700,000,000 bytes)\nFAIL three partitions\n")
    run = parse_report(text)
    assert (run.commit, run.when, run.passed, run.failed) == ("f0838d0", "2026-11-25 16:06 UTC", 1, 1)
    assert (run.root_used_mib, run.root_part_mib, run.root_free_mib) == (502, 548, 75)
    assert run.virt_start_s is None and run.pi3_start_s is None and not run.finished


def test_a_run_from_a_tree_with_uncommitted_changes_names_the_commit_alone():
    run = parse_report("verify.sh of abc1234 (with uncommitted changes), 2026-01-02 03:04 UTC, 2 CPUs\n"
                       "verify: 0 check(s) failed\n")
    assert run.commit == "abc1234" and run.finished and run.passed == 0


def test_report_file_is_the_one_the_page_links(page):
    assert "[`docs/image-verify-report.txt`](image-verify-report.txt)" in page
    assert Path(REPORT).is_file()
