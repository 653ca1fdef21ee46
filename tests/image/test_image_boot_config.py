"""config.txt / cmdline.txt fragments and boot-config.sh, which applies them on both flavours."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from image_recipe import IMAGE_BUILD

BOOT_CONFIG = IMAGE_BUILD / "boot-config.sh"
RPIOS_CMDLINE = (
    "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 "
    "fsck.repair=yes rootwait quiet init=/usr/lib/raspberrypi-sys-mods/firstboot"
)
RPIOS_CONFIG = "# For more options see config.txt documentation\ndtparam=audio=on\ncamera_auto_detect=1\n" \
    "dtoverlay=vc4-kms-v3d\nmax_framebuffers=2\narm_64bit=1\n\n[all]\n"


def config_lines() -> list[str]:
    text = (IMAGE_BUILD / "boot/config.txt").read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def cmdline_words() -> list[str]:
    text = (IMAGE_BUILD / "boot/cmdline.txt").read_text()
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) == 1, "cmdline.txt must be one line: the firmware reads only the first"
    return lines[0].split()


def test_config_fragment_enables_the_uart_for_the_link_cable():
    lines = config_lines()
    assert "enable_uart=1" in lines
    for line in lines:
        assert re.fullmatch(r"[a-z0-9_]+=\S+", line), f"not a config.txt key=value line: {line!r}"
    # the fragment must not fight the flavour's own kernel / initramfs settings
    assert not any(line.startswith(("kernel=", "initramfs", "arm_64bit")) for line in lines)


def test_cmdline_fragment_is_quiet_and_keeps_consoles_off_tty1_and_the_uart():
    words = cmdline_words()
    for needed in ("quiet", "loglevel=3", "vt.global_cursor_default=0", "logo.nologo", "consoleblank=0"):
        assert needed in words
    consoles = [w.split("=", 1)[1] for w in words if w.startswith("console=")]
    assert consoles == ["tty3"]
    assert "rw" not in words and not any(w.startswith("root=") for w in words)


def run(flavour: str, directory: Path) -> None:
    subprocess.run(["sh", str(BOOT_CONFIG), flavour, str(directory)], check=True, timeout=30)


def test_rpios_cmdline_loses_serial_console_and_first_boot_resizer(tmp_path):
    (tmp_path / "cmdline.txt").write_text(RPIOS_CMDLINE + "\n")
    (tmp_path / "config.txt").write_text(RPIOS_CONFIG)
    run("rpios", tmp_path)
    text = (tmp_path / "cmdline.txt").read_text()
    assert text.count("\n") == 1 and text.endswith("\n")
    words = text.split()
    assert "console=serial0,115200" not in words and "console=tty1" not in words
    assert not any(w.startswith("init=") for w in words)
    assert "root=PARTUUID=4e639091-02" in words and "rootwait" in words
    for word in cmdline_words():
        assert words.count(word) == 1, word


def test_rpios_config_gets_one_marked_block_and_keeps_the_rest(tmp_path):
    (tmp_path / "cmdline.txt").write_text(RPIOS_CMDLINE + "\n")
    (tmp_path / "config.txt").write_text(RPIOS_CONFIG)
    run("rpios", tmp_path)
    first = (tmp_path / "config.txt").read_text()
    assert first.startswith(RPIOS_CONFIG)
    assert first.count("enable_uart=1") == 1
    run("rpios", tmp_path)  # again: same files, byte for byte
    assert (tmp_path / "config.txt").read_text() == first
    again = (tmp_path / "cmdline.txt").read_text()
    run("rpios", tmp_path)
    assert (tmp_path / "cmdline.txt").read_text() == again


def test_rpios_block_is_replaced_when_the_fragment_changes(tmp_path):
    old_block = "# >>> tactibox (image-build/boot/config.txt) >>>\nenable_uart=0\nold_setting=1\n# <<< tactibox <<<\n"
    (tmp_path / "config.txt").write_text(RPIOS_CONFIG + old_block)
    (tmp_path / "cmdline.txt").write_text(RPIOS_CMDLINE + "\n")
    run("rpios", tmp_path)
    text = (tmp_path / "config.txt").read_text()
    assert "old_setting=1" not in text and "enable_uart=0" not in text
    assert text.count("# >>> tactibox") == 1


def test_debian_flavour_feeds_raspi_firmware(tmp_path):
    run("debian", tmp_path)
    settings = (tmp_path / "raspi-firmware").read_text()
    assert 'ROOTPART="LABEL=tbroot"' in settings
    assert 'CONSOLES=""' in settings  # consoles come only from the fragment (tty3)
    assert "CMA=0" in settings
    assert (tmp_path / "raspi-firmware-custom").read_text() == (IMAGE_BUILD / "boot/config.txt").read_text()
    extra = (tmp_path / "raspi-extra-cmdline").read_text()
    assert extra.count("\n") == 1 and extra.split() == cmdline_words()


def test_unknown_flavour_is_refused(tmp_path):
    result = subprocess.run(["sh", str(BOOT_CONFIG), "fedora", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 2 and "unknown flavour" in result.stderr


def test_debian_cmdline_hook_drops_rw_only(tmp_path):
    """z51-tactibox-cmdline: raspi-firmware writes `rw`; the overlay wants a read-only lower root."""
    hook = IMAGE_BUILD / "rootfs/etc/kernel/postinst.d/z51-tactibox-cmdline"
    text = hook.read_text()
    assert "/boot/firmware/cmdline.txt" in text
    # run its sed expression on a raspi-firmware-style line
    sed = next(line for line in text.splitlines() if line.startswith("sed -i"))
    expression = sed.split("-e ", 1)[1].rsplit(" ", 1)[0].strip("'")
    line = " console=tty3 root=LABEL=tbroot rw fsck.repair=yes net.ifnames=0  rootwait quiet rwx=1\n"
    out = subprocess.run(["sed", "-e", expression], input=line, capture_output=True, text=True, check=True).stdout
    assert " rw " not in out and "rwx=1" in out and "root=LABEL=tbroot" in out
    init_hook = IMAGE_BUILD / "rootfs/etc/initramfs/post-update.d/z51-tactibox-cmdline"
    assert init_hook.is_symlink() and init_hook.resolve() == hook.resolve()
