"""serial-alias does bounded work (issue 21, item 21).

The first boot under qemu's `virt` board stalled 58 s in udev: Debian's kernel makes 32 legacy
8250 ports (ttyS0..ttyS31) whose device has no device-tree node, and for each of them
`serial-alias --link` searched the whole of /proc/device-tree. These tests use a fake /sys and
/proc tree (no real device tree needed) and shims on PATH that log every `find` and `grep -l`
the helper runs, so the work it does is counted, not timed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from image_recipe import ROOTFS
from test_image_board import MINI, PL011, fake_tree

SERIAL_ALIAS = ROOTFS / "usr/lib/tactibox/serial-alias"
MAX_NODES = 512                      # the helper's bound on the nodes whose `compatible` it reads


def shims(tmp_path: Path) -> tuple[Path, Path]:
    """A PATH folder whose `find` and `grep` log their arguments, then run the real programs."""
    folder = tmp_path / "shims"
    folder.mkdir()
    log = tmp_path / "calls.log"
    for name in ("find", "grep"):
        real = shutil.which(name)
        assert real, name
        script = folder / name
        script.write_text(f'#!/bin/sh\necho "{name} $#" >> "{log}"\nexec {real} "$@"\n')
        script.chmod(0o755)
    return folder, log


def run(root: Path, tmp_path: Path, *args: str) -> tuple[int, list[tuple[str, int]]]:
    folder, log = tmp_path / "shims", tmp_path / "calls.log"
    if not folder.exists():
        shims(tmp_path)
    log.write_text("")
    result = subprocess.run(["sh", str(SERIAL_ALIAS), *args], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "SERIAL_ALIAS_ROOT": str(root),
                                 "PATH": f"{folder}:{os.environ['PATH']}"})
    calls = [(line.split()[0], int(line.split()[1])) for line in log.read_text().splitlines()]
    return result.returncode, calls


def legacy_ports(root: Path, count: int = 32) -> list[str]:
    """ttyS0..ttyS{count-1} as the 8250 driver makes them: a platform device, no of_node."""
    device = root / "sys/devices/platform/serial8250"
    device.mkdir(parents=True)
    names = []
    for n in range(count):
        tty = root / "sys/class/tty" / f"ttyS{n}"
        if tty.exists():
            continue
        tty.mkdir(parents=True)
        (tty / "device").symlink_to(device)
        names.append(f"ttyS{n}")
    return names


def big_soc(root: Path, nodes: int) -> None:
    """`nodes` extra device-tree nodes under /soc, each with a compatible string."""
    soc = root / "sys/firmware/devicetree/base/soc"
    for i in range(nodes):
        node = soc / f"node@{i:x}"
        node.mkdir()
        (node / "compatible").write_bytes(b"vendor,some-block\0")


def test_virt_board_legacy_ports_are_decided_without_reading_the_tree(tmp_path):
    """qemu virt: 31 ports with a device but no device-tree node. Each answer is 'not the link',
    and not one `find` or `grep` over the tree runs (the old helper ran a recursive grep per port)."""
    root = fake_tree(tmp_path / "t", mini_status=None, aliases={"serial0": PL011})
    big_soc(root, 2000)
    ports = legacy_ports(root)
    assert len(ports) == 31                          # ttyS1 is the fake tree's mini UART
    for tty in ports:
        for args in (("--link", tty), (tty,)):
            code, calls = run(root, tmp_path, *args)
            assert code == 1, (args, code)
            assert calls == [], (args, calls)


def test_a_node_outside_the_device_tree_is_not_followed(tmp_path):
    root = fake_tree(tmp_path / "t", mini_status="okay", aliases={"serial0": PL011})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "compatible").write_bytes(b"brcm,bcm2835-aux-uart\0")
    tty = root / "sys/class/tty/ttyS7/device"
    tty.mkdir(parents=True)
    (tty / "of_node").symlink_to(elsewhere)
    assert run(root, tmp_path, "--link", "ttyS7")[0] == 1
    assert run(root, tmp_path, "--link", "../ttyS7")[0] == 1


def test_the_mini_uart_itself_needs_no_search(tmp_path):
    root = fake_tree(tmp_path / "t", mini_status="okay", aliases={"serial0": PL011, "serial1": MINI})
    big_soc(root, 2000)
    code, calls = run(root, tmp_path, "--link", "ttyS1")
    assert code == 0
    assert not [c for c in calls if c[0] == "find"]


def test_the_search_for_a_mini_uart_reads_a_bounded_number_of_nodes(tmp_path):
    """disable-bt (the PL011 behind serial0 is on the header): the helper looks for an enabled mini
    UART. In a tree of 2000 /soc nodes it hands at most MAX_NODES `compatible` files to one grep."""
    root = fake_tree(tmp_path / "t", mini_status="disabled", aliases={"serial0": PL011, "serial1": MINI})
    big_soc(root, 2000)
    code, calls = run(root, tmp_path, "--link", "ttyAMA0")
    assert code == 0
    assert [c[0] for c in calls].count("find") == 1
    greps = [n for name, n in calls if name == "grep"]
    listing = max(greps)                                  # the one `grep -lsaF PATTERN -- FILES...`
    assert 3 + 1 <= listing <= 3 + MAX_NODES
    assert sum(greps) <= 3 + MAX_NODES + 4 * len(greps)   # nothing else reads the tree file by file


def test_a_mini_uart_deeper_than_soc_children_is_not_searched_for(tmp_path):
    """The SoC's UARTs are children of /soc; an enabled aux UART four levels down is beyond the
    bound, so the PL011 behind serial0 is still the link."""
    root = fake_tree(tmp_path / "t", mini_status="disabled", aliases={"serial0": PL011, "serial1": MINI})
    deep = root / "sys/firmware/devicetree/base/soc/bus@0/bridge@1/serial@2"
    deep.mkdir(parents=True)
    (deep / "compatible").write_bytes(b"brcm,bcm2835-aux-uart\0")
    assert run(root, tmp_path, "--link", "ttyAMA0")[0] == 0
    # the same node as a direct child of /soc is found and wins (mini UART on the header)
    near = root / "sys/firmware/devicetree/base/soc/serial@3"
    near.mkdir()
    (near / "compatible").write_bytes(b"brcm,bcm2835-aux-uart\0")
    assert run(root, tmp_path, "--link", "ttyAMA0")[0] == 1


def test_aliases_are_read_with_a_bound(tmp_path):
    """A tree with 100 serialN aliases: only the first 32 are looked at."""
    root = fake_tree(tmp_path / "t", mini_status="okay", aliases={"serial0": PL011, "serial1": MINI})
    aliases = root / "sys/firmware/devicetree/base/aliases"
    for n in range(2, 100):
        (aliases / f"serial{n}").write_bytes(b"/soc/nowhere\0")
    assert subprocess.run(["sh", str(SERIAL_ALIAS), "ttyS1"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SERIAL_ALIAS_ROOT": str(root)}).stdout.strip() == "1"
    script = SERIAL_ALIAS.read_text()
    assert "MAX_ALIASES=32" in script and 'MAX_NODES=512' in script


def test_udev_starts_the_helper_only_for_ports_with_a_device_tree_node():
    """Even a decided-at-once port costs a process start; at coldplug under emulation on a busy
    host one `serial-alias ttyS2` (a legacy port, no node) took 57 s (verify.sh run of b1a2243).
    Each rule running the helper first matches TEST=="device/of_node" (udev stats it itself,
    relative to the device's sysfs folder: checked with `udevadm test` on a host whose ttyS0 has
    only a firmware_node), so legacy ports start no process at all."""
    rules = (ROOTFS / "etc/udev/rules.d/61-tactibox-serial.rules").read_text().splitlines()
    runs = [line for line in rules if "serial-alias" in line and not line.startswith("#")]
    assert len(runs) == 2                                   # /dev/serialN and /dev/tactibox-link
    for line in runs:
        keys = [part.strip() for part in line.split(",")]
        test = keys.index('TEST=="device/of_node"')
        program = next(i for i, key in enumerate(keys) if key.startswith('PROGRAM=="/usr/lib/tactibox/serial-alias'))
        assert test < program, line
