"""The recipe's inputs exist and agree with each other (labels, sizes, package lists, payload)."""

from __future__ import annotations

import re

from image_recipe import IMAGE_BUILD, ROOTFS, package_lines

REPO = IMAGE_BUILD.parent
SIZE = {"K": 1024, "M": 1024**2, "G": 1024**3}


def genimage_images() -> dict[str, dict[str, str]]:
    """image name -> its simple `key = value` settings (nested blocks flattened)."""
    text = re.sub(r"#.*", "", (IMAGE_BUILD / "genimage.cfg").read_text())
    images: dict[str, dict[str, str]] = {}
    for match in re.finditer(r"^image\s+(\S+)\s*\{(.*?)^\}", text, re.S | re.M):
        settings = dict(re.findall(r"^\s*([\w-]+)\s*=\s*\"?([^\"\n]*)\"?\s*$", match.group(2), re.M))
        settings["_body"] = match.group(2)
        images[match.group(1)] = settings
    return images


def size_bytes(value: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([KMG])", value).groups()
    return int(number) * SIZE[unit]


def test_three_partitions_boot_root_data_with_the_labels_the_system_mounts():
    images = genimage_images()
    disk = images["tactibox-arm64.img"]["_body"]
    assert re.findall(r"image\s*=\s*\"([^\"]+)\"", disk) == ["boot.vfat", "root.ext4", "data.ext4"]
    assert 'partition-table-type = "mbr"' in disk  # the Pi 3 / Zero 2 W boot ROM reads MBR only
    assert images["boot.vfat"]["label"] == "TBBOOT"
    assert images["root.ext4"]["label"] == "tbroot"
    assert images["data.ext4"]["label"] == "tbdata"
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    assert "LABEL=tbroot / ext4 ro," in setup
    assert "LABEL=TBBOOT /boot/firmware vfat" in setup
    assert "LABEL=tbdata /var/lib/tactibox ext4" in setup
    assert 'ROOTPART="LABEL=tbroot"' in (IMAGE_BUILD / "boot-config.sh").read_text()


def test_partition_trees_are_the_ones_build_sh_makes():
    images = genimage_images()
    build = (IMAGE_BUILD / "build.sh").read_text()
    split = (IMAGE_BUILD / "split-tree.sh").read_text()
    assert 'TREE=$OUT/tree' in build and '"$HERE/split-tree.sh" "$TREE"' in build
    assert 'ROOT=$TREE/root' in split
    for name, tree in (("boot.vfat", "boot"), ("root.ext4", "root"), ("data.ext4", "data")):
        assert images[name]["srcpath"] == f"tree/{tree}"
        assert f'$TREE/{tree}' in build + split


def test_package_list_has_the_boot_chain_python_and_sdl_runtime():
    debian = {p for p, tag in package_lines() if tag in ("", "debian")}
    rpios = {p for p, tag in package_lines() if tag in ("", "rpios")}
    assert {"raspi-firmware", "linux-image-arm64", "overlayroot", "initramfs-tools"} <= debian
    assert {"python3", "python3-venv", "libgbm1", "libegl1", "libgl1-mesa-dri"} <= debian & rpios
    assert {"cloud-guest-utils", "fdisk", "e2fsprogs"} <= debian & rpios  # data partition tools
    # Raspberry Pi OS brings its own kernel and firmware
    assert not {"raspi-firmware", "linux-image-arm64"} & rpios
    assert {tag for _, tag in package_lines()} <= {"", "debian", "rpios"}


def test_dpkg_filters_are_well_formed_and_keep_what_the_boot_needs():
    lines = [ln for ln in (IMAGE_BUILD / "dpkg-excludes.cfg").read_text().splitlines() if ln and not ln.startswith("#")]
    for line in lines:
        assert re.fullmatch(r"path-(exclude|include)=/\S+", line), line
    includes = {ln.split("=", 1)[1] for ln in lines if ln.startswith("path-include")}
    for needed in ("mmc", "gpu/drm/vc4", "usb", "hid", "input", "virtio", "tty"):
        assert any(f"/kernel/drivers/{needed}/" in pattern for pattern in includes), needed
    for needed in ("ext4", "fat", "overlayfs", "nls"):
        assert any(f"/kernel/fs/{needed}/" in pattern for pattern in includes), needed
    assert "/usr/lib/linux-image-*/broadcom/*" in includes  # raspi-firmware copies these DTBs


def test_build_script_refers_only_to_files_that_exist():
    build = (IMAGE_BUILD / "build.sh").read_text()
    for name in set(re.findall(r"\$HERE/([\w./-]+)", build)):
        if name == "out" or name.startswith("out/"):
            continue                      # the build's own output folder (git-ignored, made by the build)
        assert (IMAGE_BUILD / name).exists(), name


def test_build_outputs_stay_out_of_git():
    ignored = (REPO / ".gitignore").read_text().split()
    assert "image-build/out/" in ignored


def test_boot_partition_folder_documents_every_switch_file():
    readme = (IMAGE_BUILD / "boot-files/README.txt").read_text()
    for name in ("rulesets/", "tactibox.env", "wpa_supplicant.conf", "authorized_keys", "network"):
        assert name in readme, name
    # every switch file the units look for is explained there
    units = "".join(p.read_text() for p in (ROOTFS / "etc/systemd/system").rglob("*") if p.is_file())
    for switch in set(re.findall(r"^Condition\w+=\|?/boot/firmware/tactibox/([\w.]+)", units, re.M)):
        assert switch in readme, switch


def test_udev_rules_reference_installed_helpers():
    for rule in (ROOTFS / "etc/udev/rules.d").glob("*.rules"):
        for program in re.findall(r'PROGRAM==?"(\S+)', rule.read_text()):
            assert (ROOTFS / program.lstrip("/")).is_file(), (rule.name, program)
    gpio = (ROOTFS / "etc/udev/rules.d/60-tactibox-gpio.rules").read_text()
    assert 'KERNEL=="gpiochip*", GROUP="gpio"' in gpio
