"""The image at most 700 MB (issue 21, item 20): the partition layout, what the dpkg filters drop,
the split that leaves no second copy of the kernel on the root, the module check, the initramfs
hook that keeps the update path working. The real figures come from build.sh / verify.sh."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from image_recipe import IMAGE_BUILD, ROOTFS, dpkg_keeps
from test_image_recipe import genimage_images, size_bytes

KERNEL = "/lib/modules/6.1.0-56-arm64/kernel"
MB = 1000 * 1000
MIB = 1024 * 1024
# The partitions of the images made before issue 21: cards already flashed with them take a new
# boot.vfat / root.ext4 with `dd` (docs/image.md, "Updating without losing saves").
EARLIER = {"boot.vfat": 128 * MIB, "root.ext4": 776 * MIB}


# --- the partition layout -------------------------------------------------------------------------

def layout() -> dict[str, int]:
    images = genimage_images()
    disk = images["tactibox-arm64.img"]["_body"]
    sizes = {name: size_bytes(images[name]["size"]) for name in ("boot.vfat", "root.ext4", "data.ext4")}
    sizes["offset"] = size_bytes(disk.split("offset", 1)[1].split("=", 1)[1].split()[0])
    return sizes


def test_the_image_is_at_most_700_MB():
    """4 MiB before partition 1, then 96 + 548 + 16 MiB: 664 MiB = 696,254,464 bytes."""
    sizes = layout()
    total = sum(sizes.values())
    assert total == (4 + 96 + 548 + 16) * MIB == 696_254_464
    assert total <= 700 * MB


def test_new_partition_images_fit_the_partitions_of_cards_already_flashed():
    sizes = layout()
    for name, earlier in EARLIER.items():
        assert sizes[name] <= earlier, name


def test_the_genimage_comment_states_the_real_total():
    text = (IMAGE_BUILD / "genimage.cfg").read_text()
    sizes = layout()
    total = sum(sizes.values())
    assert f"{total // MIB} MiB = {total:,} bytes" in text
    assert "+".join(f" {sizes[n] // MIB} " for n in ("offset", "boot.vfat", "root.ext4", "data.ext4")).strip() in text


def test_root_keeps_a_small_journal_and_no_reserved_blocks():
    root = genimage_images()["root.ext4"]
    assert "-m 0" in root["extraargs"] and "-J size=4" in root["extraargs"]
    data = genimage_images()["data.ext4"]
    assert "-b 4096" in data["extraargs"]          # grows online to any card (meta_bg past 1024x)


# --- what the dpkg filters keep and drop ----------------------------------------------------------

@pytest.mark.parametrize("path", [
    "/usr/lib/raspi-firmware/start.elf", "/usr/lib/raspi-firmware/fixup.dat",
    "/usr/lib/raspi-firmware/start4.elf", "/usr/lib/raspi-firmware/fixup4.dat",
    "/usr/lib/raspi-firmware/bootcode.bin",
    "/lib/udev/hwdb.d/60-input-id.hwdb", "/lib/udev/hwdb.d/60-keyboard.hwdb", "/lib/udev/hwdb.d/60-evdev.hwdb",
    "/lib/udev/hwdb.d/70-joystick.hwdb", "/lib/udev/hwdb.d/70-mouse.hwdb", "/lib/udev/hwdb.d/70-touchpad.hwdb",
    "/lib/udev/rules.d/60-input-id.rules", "/lib/udev/rules.d/70-joystick.rules",
    f"{KERNEL}/net/wireless/cfg80211.ko", f"{KERNEL}/net/rfkill/rfkill.ko",
    f"{KERNEL}/net/netfilter/x_tables.ko", f"{KERNEL}/net/ipv4/netfilter/ip_tables.ko",
    f"{KERNEL}/net/core/failover.ko",
    f"{KERNEL}/drivers/net/ethernet/broadcom/genet/genet.ko",
    f"{KERNEL}/drivers/net/wireless/broadcom/brcm80211/brcmfmac/brcmfmac.ko",
    f"{KERNEL}/drivers/net/wireless/broadcom/brcm80211/brcmutil/brcmutil.ko",
    f"{KERNEL}/drivers/net/usb/smsc95xx.ko", f"{KERNEL}/drivers/net/usb/lan78xx.ko",
    f"{KERNEL}/drivers/usb/dwc2/dwc2.ko", f"{KERNEL}/drivers/usb/roles/roles.ko",
    f"{KERNEL}/drivers/usb/host/xhci-pci.ko",
    f"{KERNEL}/drivers/hid/hid-sony.ko", f"{KERNEL}/drivers/hid/hid-nintendo.ko",
    f"{KERNEL}/drivers/input/joystick/xpad.ko", f"{KERNEL}/drivers/input/misc/uinput.ko",
    f"{KERNEL}/drivers/md/dm-mod.ko", f"{KERNEL}/drivers/gpu/drm/ttm/ttm.ko",
    f"{KERNEL}/drivers/iio/industrialio.ko", f"{KERNEL}/drivers/media/mc/mc.ko",
    f"{KERNEL}/sound/usb/snd-usb-audio.ko", f"{KERNEL}/sound/soc/codecs/snd-soc-hdmi-codec.ko",
    f"{KERNEL}/sound/soc/codecs/snd-soc-max98357a.ko",
])
def test_filters_keep_what_a_pi_3_4_or_zero_2_w_uses(path):
    assert dpkg_keeps(path), path


@pytest.mark.parametrize("path", [
    "/usr/lib/raspi-firmware/start_x.elf", "/usr/lib/raspi-firmware/fixup_x.dat",
    "/usr/lib/raspi-firmware/start_db.elf", "/usr/lib/raspi-firmware/fixup4db.dat",
    "/usr/lib/raspi-firmware/start4cd.elf", "/usr/lib/raspi-firmware/start4x.elf",
    "/lib/udev/hwdb.d/20-pci-vendor-model.hwdb", "/lib/udev/hwdb.d/20-usb-vendor-model.hwdb",
    "/lib/udev/hwdb.d/20-OUI.hwdb", "/lib/udev/hwdb.d/20-bluetooth-vendor-product.hwdb",
    f"{KERNEL}/net/bluetooth/bluetooth.ko", f"{KERNEL}/drivers/bluetooth/hci_uart.ko",
    f"{KERNEL}/net/mac80211/mac80211.ko", f"{KERNEL}/net/netfilter/nf_conntrack.ko",
    f"{KERNEL}/net/sctp/sctp.ko", f"{KERNEL}/net/ipv4/ip_gre.ko", f"{KERNEL}/net/sched/act_bpf.ko",
    f"{KERNEL}/net/bridge/bridge.ko", f"{KERNEL}/net/can/can.ko",
    f"{KERNEL}/drivers/net/ethernet/broadcom/tg3.ko", f"{KERNEL}/drivers/net/ethernet/broadcom/bnx2x/bnx2x.ko",
    f"{KERNEL}/drivers/net/wireless/broadcom/b43/b43.ko",
    f"{KERNEL}/drivers/net/wireless/broadcom/brcm80211/brcmsmac/brcmsmac.ko",
    f"{KERNEL}/drivers/usb/dwc3/dwc3.ko", f"{KERNEL}/drivers/usb/musb/musb_hdrc.ko",
    f"{KERNEL}/drivers/usb/usbip/usbip-core.ko",
    f"{KERNEL}/drivers/md/raid456.ko", f"{KERNEL}/drivers/md/bcache/bcache.ko",
    f"{KERNEL}/drivers/hwmon/nct6775.ko", f"{KERNEL}/lib/test_bpf.ko",
    f"{KERNEL}/sound/soc/codecs/snd-soc-rt5677.ko", f"{KERNEL}/sound/hda/snd-hda-core.ko",
    f"{KERNEL}/drivers/staging/vc04_services/bcm2835-camera/bcm2835-v4l2.ko",
])
def test_filters_drop_what_no_supported_board_uses(path):
    assert not dpkg_keeps(path), path


def test_setup_removes_pip_setuptools_and_pygames_manual_tests_and_examples():
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    assert "pip uninstall --quiet --yes setuptools" in setup and "pip uninstall --quiet --yes pip" in setup
    assert 'for gone in setuptools pip pygame/docs pygame/tests pygame/examples; do' in setup


# --- check-modules.py -----------------------------------------------------------------------------

CHECK = IMAGE_BUILD / "check-modules.py"


def ko(path: Path, depends: str) -> None:
    """A stand-in module file: a .modinfo-like string table with depends=."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x7fELF junk\0license=GPL\0depends=" + depends.encode() + b"\0vermagic=6.1\0")


def check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECK), str(root)], capture_output=True, text=True, timeout=60)


def test_module_check_passes_a_closed_set(tmp_path):
    base = tmp_path / "lib/modules/6.1.0-56-arm64"
    ko(base / "kernel/drivers/usb/dwc2/dwc2.ko", "udc-core,roles,usbcore")
    ko(base / "kernel/drivers/usb/gadget/udc/udc-core.ko", "")
    ko(base / "kernel/drivers/usb/roles/roles.ko", "")
    ko(base / "kernel/drivers/usb/core/usbcore.ko.xz", "usb-common")   # compressed, '-' == '_'
    (base / "modules.builtin").write_text("kernel/drivers/usb/common/usb-common.ko\n")
    result = check(tmp_path)
    assert result.returncode == 0, result.stdout


def test_module_check_names_each_module_whose_dependency_was_filtered_out(tmp_path):
    base = tmp_path / "lib/modules/6.1.0-56-arm64"
    ko(base / "kernel/sound/usb/snd-usb-audio.ko", "snd-pcm,mc")
    ko(base / "kernel/sound/core/snd-pcm.ko", "")
    ko(base / "kernel/drivers/gpu/drm/drm_vram_helper.ko", "ttm,drm")
    ko(base / "kernel/drivers/gpu/drm/drm.ko", "")
    result = check(tmp_path)
    assert result.returncode == 1
    assert "kernel/sound/usb/snd-usb-audio.ko: needs mc," in result.stdout
    assert "kernel/drivers/gpu/drm/drm_vram_helper.ko: needs ttm," in result.stdout
    assert "drm.ko" not in result.stdout.replace("drm_vram_helper.ko", "")


def test_build_runs_the_module_check_and_the_split():
    build = (IMAGE_BUILD / "build.sh").read_text()
    assert 'python3 "$HERE/check-modules.py" "$TREE/root"' in build
    assert '"$HERE/split-tree.sh" "$TREE"' in build


# --- split-tree.sh: no second copy of the kernel, the initramfs or the firmware on the root --------

SPLIT = IMAGE_BUILD / "split-tree.sh"
VERSION = "6.1.0-56-arm64"


def built_tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    firmware = root / "boot/firmware"
    (firmware / "tactibox").mkdir(parents=True)
    for name in ("config.txt", "cmdline.txt", "tactibox/README.txt", "start.elf", f"vmlinuz-{VERSION}",
                 f"initrd.img-{VERSION}"):
        (firmware / name).write_text(name)
    (root / f"boot/vmlinuz-{VERSION}").write_text("kernel copy")
    (root / f"boot/initrd.img-{VERSION}").write_text("initrd copy")
    (root / f"boot/config-{VERSION}").write_text("config")
    (root / "vmlinuz").symlink_to(f"boot/vmlinuz-{VERSION}")
    (root / "initrd.img").symlink_to(f"boot/initrd.img-{VERSION}")
    (root / "usr/lib/raspi-firmware").mkdir(parents=True)
    (root / "usr/lib/raspi-firmware/start.elf").write_text("fw")
    (root / "var/lib/tactibox").mkdir(parents=True)
    (root / "var/lib/tactibox/keep.txt").write_text("data")
    return tmp_path


def split(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", str(SPLIT), str(tree)], capture_output=True, text=True, timeout=60)


def test_split_leaves_the_kernel_only_on_the_boot_partition(tmp_path):
    tree = built_tree(tmp_path)
    result = split(tree)
    assert result.returncode == 0, result.stderr
    boot, root = tree / "boot", tree / "root"
    assert (boot / f"vmlinuz-{VERSION}").read_text() == f"vmlinuz-{VERSION}"
    assert (boot / "tactibox/README.txt").is_file() and (boot / "start.elf").is_file()
    assert not (root / f"boot/vmlinuz-{VERSION}").exists() and not (root / "vmlinuz").is_symlink()
    link = root / f"boot/initrd.img-{VERSION}"
    assert link.is_symlink() and os.readlink(link) == f"firmware/initrd.img-{VERSION}"
    assert (root / f"boot/config-{VERSION}").is_file()                 # small, and kernel hooks read it
    assert list((root / "usr/lib/raspi-firmware").iterdir()) == []
    assert list((root / "boot/firmware").iterdir()) == []               # the mount point stays
    assert (tree / "data/keep.txt").read_text() == "data"


def test_split_refuses_a_tree_whose_boot_partition_lacks_the_kernel(tmp_path):
    tree = built_tree(tmp_path)
    (tree / f"root/boot/firmware/initrd.img-{VERSION}").unlink()
    result = split(tree)
    assert result.returncode == 1 and f"initrd.img-{VERSION}" in result.stderr
    assert (tree / f"root/boot/vmlinuz-{VERSION}").is_file()           # nothing removed


# --- z49-tactibox-boot-copy: a regenerated initramfs reaches the boot partition --------------------

HOOK = ROOTFS / "etc/initramfs/post-update.d/z49-tactibox-boot-copy"


def run_hook(fake: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", str(HOOK), VERSION, f"/boot/initrd.img-{VERSION}"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "TACTIBOX_BOOT_ROOT": str(fake)})


def image_layout(fake: Path) -> Path:
    firmware = fake / "boot/firmware"
    firmware.mkdir(parents=True)
    (firmware / f"vmlinuz-{VERSION}").write_text("kernel")
    (firmware / f"initrd.img-{VERSION}").write_text("old initramfs")
    (fake / f"boot/initrd.img-{VERSION}").write_text("new initramfs")   # update-initramfs wrote it
    return firmware


def test_hook_puts_the_new_initramfs_on_the_boot_partition_and_links_it_again(tmp_path):
    firmware = image_layout(tmp_path)
    result = run_hook(tmp_path)
    assert result.returncode == 0, result.stderr
    assert (firmware / f"initrd.img-{VERSION}").read_text() == "new initramfs"
    assert os.readlink(tmp_path / f"boot/initrd.img-{VERSION}") == f"firmware/initrd.img-{VERSION}"
    assert not list(firmware.glob("*.new"))
    assert run_hook(tmp_path).returncode == 0                             # again: nothing to do
    assert (firmware / f"initrd.img-{VERSION}").read_text() == "new initramfs"


def test_hook_leaves_the_usual_layout_to_raspi_firmware(tmp_path):
    firmware = image_layout(tmp_path)
    (tmp_path / f"boot/vmlinuz-{VERSION}").write_text("kernel in /boot")   # a kernel package's layout
    assert run_hook(tmp_path).returncode == 0
    assert (firmware / f"initrd.img-{VERSION}").read_text() == "old initramfs"
    assert not (tmp_path / f"boot/initrd.img-{VERSION}").is_symlink()


def test_hook_fails_loudly_when_the_boot_partition_cannot_be_written(tmp_path):
    firmware = image_layout(tmp_path)
    (firmware / f"initrd.img-{VERSION}.new").mkdir()                      # cp cannot write its file
    (firmware / f"initrd.img-{VERSION}.new/x").write_text("")
    result = run_hook(tmp_path)
    assert result.returncode == 1 and "remount,rw /boot/firmware" in result.stderr
    assert (firmware / f"initrd.img-{VERSION}").read_text() == "old initramfs"
    assert (tmp_path / f"boot/initrd.img-{VERSION}").read_text() == "new initramfs"   # kept, not lost
