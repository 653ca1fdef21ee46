"""The pi-gen stage installs the same files as the mmdebstrap recipe (one payload, one setup)."""

from __future__ import annotations

import re

from image_recipe import IMAGE_BUILD

STAGE = IMAGE_BUILD / "pi-gen-stage"


def payload(text: str, variable: str) -> set[str]:
    """Names copied into the chroot's /tmp/tactibox-setup by a `cp -r ...` command."""
    names = set()
    for command in re.findall(r"cp -r ([^\n]*)", text.replace("\\\n", " ")):
        for name in re.findall(re.escape(variable) + r"\}?/([\w.-]+)", command):
            names.add(name)
    return names


def test_stage_layout_follows_pi_gen_conventions():
    assert (STAGE / "prerun.sh").is_file() and "copy_previous" in (STAGE / "prerun.sh").read_text()
    assert (STAGE / "EXPORT_IMAGE").is_file()
    sub = STAGE / "00-tactibox"
    assert sorted(p.name for p in sub.iterdir()) == ["00-run.sh", "01-run-chroot.sh", "02-run.sh"]


def test_both_recipes_copy_the_same_payload_and_run_the_same_setup():
    build = (IMAGE_BUILD / "build.sh").read_text()
    stage = (STAGE / "00-tactibox/00-run.sh").read_text()
    from_build = payload(build, "$HERE")
    from_stage = payload(stage, "${IMAGE_BUILD")
    assert from_build == from_stage == {"setup.sh", "boot-config.sh", "rootfs", "boot", "boot-files"}
    assert "chroot \"$1\" sh /tmp/tactibox-setup/setup.sh" in build
    assert (STAGE / "00-tactibox/01-run-chroot.sh").read_text().strip().endswith("sh /tmp/tactibox-setup/setup.sh")
    assert "/tmp/tactibox-setup" in (STAGE / "00-tactibox/02-run.sh").read_text()  # payload removed


def test_both_recipes_install_packages_from_the_one_list():
    build = (IMAGE_BUILD / "build.sh").read_text()
    stage = (STAGE / "00-tactibox/00-run.sh").read_text()
    assert '"$HERE/packages.txt"' in build and '[debian]' in build
    assert '"${IMAGE_BUILD}/packages.txt"' in stage and '[rpios]' in stage
    assert "fetch-wheels.sh" in build and "fetch-wheels.sh" in stage


def test_setup_knows_both_flavours():
    setup = (IMAGE_BUILD / "setup.sh").read_text()
    assert "/etc/rpi-issue" in setup  # pi-gen writes it: Raspberry Pi OS
    assert 'boot-config.sh" debian' in setup and 'boot-config.sh" rpios' in setup


def test_example_config_points_stage_list_at_this_stage():
    config = (STAGE / "config.example").read_text()
    assert re.search(r'^STAGE_LIST="stage0 stage1 stage2 \S+/image-build/pi-gen-stage"$', config, re.M)
    assert "TARGET_HOSTNAME=tactibox" in config
