"""What a real board needs from the image that the `virt` boot never exercised (issue 9, items 1-5):
kernel modules kept by the dpkg filters, the link UART's stable name, the data partition made
after the LAST partition, Wi-Fi off by default, and root's SSH host keys safe from the game user.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD, ROOTFS, dpkg_keeps

KERNEL = "/lib/modules/6.1.0-28-arm64/kernel"


@pytest.mark.parametrize("module", [
    "drivers/usb/gadget/udc/udc-core.ko",     # dwc2 (dual role) needs usb_add_gadget_udc
    "drivers/usb/dwc2/dwc2.ko",
    "drivers/dax/dax.ko",                     # dm_mod needs it
    "net/netfilter/x_tables.ko",              # ip_tables needs it
    "net/ipv4/netfilter/ip_tables.ko",
    "drivers/hid/usbhid/usbhid.ko",
    "drivers/tty/serial/8250/8250_bcm2835aux.ko",
])
def test_dpkg_filters_keep_the_modules_a_pi_loads(module):
    assert dpkg_keeps(f"{KERNEL}/{module}"), module


def test_dpkg_filters_still_drop_what_no_board_uses():
    assert not dpkg_keeps(f"{KERNEL}/drivers/usb/gadget/function/usb_f_acm.ko")
    assert not dpkg_keeps(f"{KERNEL}/drivers/usb/gadget/legacy/g_serial.ko")
    assert not dpkg_keeps(f"{KERNEL}/drivers/infiniband/core/ib_core.ko")
    assert not dpkg_keeps("/usr/share/doc/python3/changelog.gz")


# --- the link UART's name --------------------------------------------------------------------------

SERIAL_ALIAS = ROOTFS / "usr/lib/tactibox/serial-alias"
PL011 = "soc/serial@7e201000"
MINI = "soc/serial@7e215040"


def fake_tree(root: Path, *, mini_status: str | None, aliases: dict[str, str]) -> Path:
    """A /sys and /proc/device-tree with a PL011 (ttyAMA0) and a mini UART (ttyS1)."""
    root = root.resolve()
    base = root / "sys/firmware/devicetree/base"
    for node, compatible in ((PL011, "arm,pl011\0arm,primecell\0"), (MINI, "brcm,bcm2835-aux-uart\0")):
        (base / node).mkdir(parents=True)
        (base / node / "compatible").write_bytes(compatible.encode())
    if mini_status:
        (base / MINI / "status").write_bytes(mini_status.encode() + b"\0")
    (base / "aliases").mkdir()
    for name, node in aliases.items():
        (base / "aliases" / name).write_bytes(f"/{node}\0".encode())
    (root / "proc").mkdir()
    (root / "proc/device-tree").symlink_to(base)
    for tty, node in (("ttyAMA0", PL011), ("ttyS1", MINI)):
        (root / "sys/class/tty" / tty / "device").mkdir(parents=True)
        (root / "sys/class/tty" / tty / "device/of_node").symlink_to(base / node)
    return root


def alias(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", str(SERIAL_ALIAS), *args], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "SERIAL_ALIAS_ROOT": str(root)})


def test_debian_upstream_tree_the_mini_uart_is_the_link_and_serialN_follow_aliases(tmp_path):
    # Debian's kernel + upstream DT (Pi 3/3B+/4/Zero 2 W): serial0 = PL011 (Bluetooth), serial1 = mini UART
    root = fake_tree(tmp_path, mini_status="okay", aliases={"serial0": PL011, "serial1": MINI})
    assert alias(root, "ttyAMA0").stdout.strip() == "0"
    assert alias(root, "ttyS1").stdout.strip() == "1"
    assert alias(root, "--link", "ttyS1").returncode == 0
    assert alias(root, "--link", "ttyAMA0").returncode == 1


def test_rpios_disable_bt_tree_the_pl011_behind_serial0_is_the_link(tmp_path):
    root = fake_tree(tmp_path, mini_status="disabled", aliases={"serial0": PL011, "serial1": MINI})
    assert alias(root, "--link", "ttyAMA0").returncode == 0
    assert alias(root, "--link", "ttyS1").returncode == 1


def test_a_tty_without_a_device_tree_node_is_never_the_link(tmp_path):
    root = fake_tree(tmp_path, mini_status="okay", aliases={"serial0": PL011})
    assert alias(root, "--link", "ttyUSB0").returncode == 1
    assert alias(root, "ttyUSB0").returncode == 1


def test_udev_rule_names_the_link_uart_for_the_game():
    rules = (ROOTFS / "etc/udev/rules.d/61-tactibox-serial.rules").read_text()
    assert 'PROGRAM=="/usr/lib/tactibox/serial-alias --link %k", SYMLINK+="tactibox-link"' in rules


# --- the data partition made at first boot ----------------------------------------------------------

DATA_PARTITION = ROOTFS / "usr/lib/tactibox/data-partition"
needs_sfdisk = pytest.mark.skipif(shutil.which("sfdisk") is None, reason="sfdisk (fdisk package) is not installed")


def sfdisk_parts(img: Path) -> list[tuple[int, int]]:
    out = subprocess.run(["sfdisk", "--dump", str(img)], capture_output=True, text=True, check=True).stdout
    parts = []
    for line in out.splitlines():
        if line.startswith(str(img)):
            fields = dict(f.strip().split("=", 1) for f in line.split(":", 1)[1].split(",") if "=" in f)
            parts.append((int(fields["start"]), int(fields["size"])))
    return parts


@needs_sfdisk
def test_pi_gen_layout_new_partition_goes_after_the_last_one_and_fills_the_card(tmp_path):
    img = tmp_path / "card.img"
    total = 256 * 2048                                  # 256 MiB in sectors
    with img.open("wb") as f:
        f.truncate(total * 512)
    # pi-gen: a 3 MiB gap (2048-8191) in front of partition 1, then boot and root
    layout = "label: dos\nstart=8192, size=131072, type=c\nstart=139264, size=200000, type=83\n"
    subprocess.run(["sfdisk", "-q", str(img)], input=layout, text=True, check=True)
    plan = subprocess.run(["sh", str(DATA_PARTITION), "--plan", str(img)], capture_output=True,
                          text=True, check=True).stdout.split()
    start, free = int(plan[0]), int(plan[1])
    assert start == 339968                              # 139264 + 200000 rounded up to 1 MiB
    assert free == total - 339968
    # what the script then runs on the card:
    subprocess.run(["sfdisk", "--append", "-q", "--no-reread", str(img)], input=f"{start},,L\n",
                   text=True, check=True)
    parts = sfdisk_parts(img)
    assert len(parts) == 3
    assert parts[2][0] == start and parts[2][0] + parts[2][1] == total      # to the end of the card
    assert parts[2][1] * 512 > 80 * 1024 * 1024                            # not the 3 MiB gap


def test_script_never_appends_without_a_start():
    text = DATA_PARTITION.read_text()
    assert "echo ',,L'" not in text and 'echo "$start,,L" | sfdisk --append' in text


# --- Wi-Fi off unless configured ---------------------------------------------------------------------

def test_the_packaged_wpa_supplicant_service_is_masked():
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    loop = setup.split("for unit in apt-daily.timer", 1)[1].split("systemctl set-default", 1)[0]
    assert "wpa_supplicant.service" in loop.split("; do", 1)[0]
    mask_case = loop.split("case \"$unit\" in", 1)[1].split(")", 1)[0]
    assert "wpa_supplicant.service" in mask_case


# --- root's files on the data partition ----------------------------------------------------------------

SSH_HOST_KEYS = ROOTFS / "usr/lib/tactibox/ssh-host-keys"
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="chown/chmod to root needs root")


def run_host_keys(top: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    shim = tmp_path / "bin"
    shim.mkdir(exist_ok=True)
    keygen = shim / "ssh-keygen"              # the real one is slow and may be missing: record the call
    keygen.write_text('#!/bin/sh\n# ssh-keygen -A -f DIR\nmkdir -p "$3/etc/ssh" && echo key > "$3/etc/ssh/ssh_host_ed25519_key"\n')
    keygen.chmod(0o755)
    env = {**os.environ, "PATH": f"{shim}:{os.environ['PATH']}", "TACTIBOX_DATA_TOP": str(top),
           "TACTIBOX_GROUP": "root"}
    return subprocess.run(["sh", str(SSH_HOST_KEYS)], capture_output=True, text=True, timeout=30, env=env)


@as_root
def test_host_keys_go_in_a_root_only_folder_in_a_sticky_top(tmp_path):
    top = tmp_path / "data"
    top.mkdir()
    result = run_host_keys(top, tmp_path)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(top.stat().st_mode) == 0o1775 and top.stat().st_uid == 0
    system = top / ".system"
    assert system.is_dir() and not system.is_symlink()
    assert stat.S_IMODE(system.stat().st_mode) == 0o700
    assert (system / "ssh/etc/ssh/ssh_host_ed25519_key").read_text() == "key\n"


@as_root
def test_a_planted_symlink_is_moved_aside_never_followed(tmp_path):
    top = tmp_path / "data"
    top.mkdir()
    victim = tmp_path / "victim"          # where a game user would like root to write
    victim.mkdir()
    victim.chmod(0o755)
    (top / ".system").symlink_to(victim)
    result = run_host_keys(top, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "moved an untrusted" in result.stderr
    assert list(victim.iterdir()) == [] and stat.S_IMODE(victim.stat().st_mode) == 0o755
    assert (top / ".system").is_dir() and not (top / ".system").is_symlink()
    aside = [p for p in top.iterdir() if p.name.startswith(".system.untrusted.")]
    assert len(aside) == 1 and aside[0].is_symlink()


@as_root
def test_a_planted_folder_with_the_game_users_key_is_replaced(tmp_path):
    top = tmp_path / "data"
    (top / ".system/ssh/etc/ssh").mkdir(parents=True)
    planted = top / ".system/ssh/etc/ssh/ssh_host_ed25519_key"
    planted.write_text("attacker's key\n")
    os.chown(top / ".system", 4321, 4321)          # made by someone else than root
    result = run_host_keys(top, tmp_path)
    assert result.returncode == 0, result.stderr
    assert (top / ".system/ssh/etc/ssh/ssh_host_ed25519_key").read_text() == "key\n"
    assert (top / ".system").stat().st_uid == 0
