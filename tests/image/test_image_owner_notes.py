"""The notes the image puts in the owner's folders on the boot partition are the ones safe mode
knows as the image's own (game.store.safe_mode.SHIPPED_NOTES): otherwise every safe-mode start
on a fresh card names the folders as suspects although the owner put nothing there."""

from __future__ import annotations

import os

from image_recipe import IMAGE_BUILD

from game.store.safe_mode import PATH_VARIABLES, SHIPPED_NOTES

UNIT = IMAGE_BUILD / "rootfs/etc/systemd/system/tactibox.service"


def owner_folders() -> dict[str, str]:
    """PATH_VARIABLE -> the boot partition folder the unit gives it (/boot/firmware/tactibox/...)."""
    found = {}
    for line in UNIT.read_text().splitlines():
        if line.startswith("Environment="):
            key, _, value = line[len("Environment="):].partition("=")
            if key in PATH_VARIABLES:
                found[key] = value
    return found


def test_the_unit_points_each_path_variable_at_a_folder_the_image_ships():
    folders = owner_folders()
    assert sorted(folders) == sorted(PATH_VARIABLES)
    for value in folders.values():
        assert value.startswith("/boot/firmware/tactibox/")
        assert (IMAGE_BUILD / "boot-files" / value.removeprefix("/boot/firmware/tactibox/")).is_dir(), value


def test_every_file_the_image_ships_in_those_folders_is_a_known_note():
    for value in owner_folders().values():
        shipped = os.listdir(IMAGE_BUILD / "boot-files" / value.removeprefix("/boot/firmware/tactibox/"))
        assert shipped, value                               # a note tells the owner what goes there
        assert set(shipped) <= SHIPPED_NOTES, (value, shipped)
