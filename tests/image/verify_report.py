"""Read the figures out of a verify.sh report (image-build/out/verify/report.txt, committed as
docs/image-verify-report.txt) so that docs/image.md can be checked against the run it quotes.

Each figure is None when the report does not have it (a run stopped before the boots)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class VerifyFigures:
    commit: str
    when: str
    passed: int
    failed: int
    build_s: int | None = None
    size_bytes: int | None = None
    boot_used_mib: int | None = None
    boot_part_mib: int | None = None
    boot_free_mib: int | None = None
    root_used_mib: int | None = None
    root_part_mib: int | None = None
    root_free_mib: int | None = None
    virt_run_s: int | None = None
    virt_start_s: str | None = None
    safe_after_s: int | None = None
    safe_restarts: int | None = None
    pi3_run_s: int | None = None
    pi3_start_s: str | None = None
    serial_alias_virt_ms: int | None = None
    serial_alias_pi3_ms: int | None = None
    finished: bool = False


def _int(pattern: str, text: str) -> int | None:
    match = re.search(pattern, text, re.M)
    return int(match.group(1)) if match else None


def _str(pattern: str, text: str) -> str | None:
    match = re.search(pattern, text, re.M)
    return match.group(1) if match else None


def parse_report(text: str) -> VerifyFigures:
    """The figures of one report; ValueError naming the line when its first line is not verify.sh's."""
    head = re.match(r"verify\.sh of (\S+?)(?: \(with uncommitted changes\))?, (\d{4}-\d\d-\d\d \d\d:\d\d UTC), ", text)
    if head is None:
        first = text.splitlines()[0] if text else ""
        raise ValueError(f"report:1: not a verify.sh report: {first[:80]!r}")
    boot = re.search(r"^boot partition: (\d+) MiB of files in (\d+) MiB, (\d+) MiB free$", text, re.M)
    root = re.search(r"^root partition: (\d+) MiB of files in (\d+) MiB, (\d+) MiB free$", text, re.M)
    return VerifyFigures(
        commit=head.group(1),
        when=head.group(2),
        passed=len(re.findall(r"^ok   ", text, re.M)),
        failed=len(re.findall(r"^FAIL ", text, re.M)),
        build_s=_int(r"^build time: (\d+) s$", text),
        size_bytes=_int(r"^size: (\d+) bytes", text),
        boot_used_mib=int(boot.group(1)) if boot else None,
        boot_part_mib=int(boot.group(2)) if boot else None,
        boot_free_mib=int(boot.group(3)) if boot else None,
        root_used_mib=int(root.group(1)) if root else None,
        root_part_mib=int(root.group(2)) if root else None,
        root_free_mib=int(root.group(3)) if root else None,
        virt_run_s=_int(r"^qemu run: (\d+) s wall clock", text),
        virt_start_s=_str(r"^ok   Tactibox started ([\d.]+) s after kernel start", text),
        safe_after_s=_int(r"^no-data boot: safe mode after (\d+) s;", text),
        safe_restarts=_int(r"^no-data boot: safe mode after \d+ s; (\d+) restarts", text),
        pi3_run_s=_int(r"^qemu raspi3b run: (\d+) s wall clock", text),
        pi3_start_s=_str(r"^ok   raspi3b: Tactibox started ([\d.]+) s after kernel start", text),
        serial_alias_virt_ms=_int(r"^virt: serial-alias: \d+ calls, the slowest (\d+) ms", text),
        serial_alias_pi3_ms=_int(r"^raspi3b: serial-alias: \d+ calls, the slowest (\d+) ms", text),
        finished=re.search(r"^verify: \d+ check\(s\) failed$", text, re.M) is not None,
    )
