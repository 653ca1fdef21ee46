#!/bin/sh
# Split the built tree into the three partitions' trees (build.sh runs it after mmdebstrap):
#
#   split-tree.sh TREE      TREE/root (the whole system) -> TREE/boot, TREE/root, TREE/data
#
# * boot: everything under /boot/firmware (firmware, kernel, initramfs, config.txt, cmdline.txt,
#   the owner's tactibox/ folder);
# * root: the rest, WITHOUT a second copy of what the boot partition has (43 MiB + 21 MiB):
#   no /boot/vmlinuz-*; /boot/initrd.img-* becomes a link to firmware/initrd.img-* (so
#   update-initramfs still finds it, and z49-tactibox-boot-copy puts a new one on the boot
#   partition); raspi-firmware's own copy of the firmware (/usr/lib/raspi-firmware) goes
#   (an upgrade of raspi-firmware brings it back and copies it again);
# * data: what setup.sh left in /var/lib/tactibox (the data partition starts with it).
set -eu
TREE=${1:?usage: split-tree.sh TREE}
ROOT=$TREE/root
[ -d "$ROOT/boot/firmware" ] || { echo "split-tree.sh: $ROOT/boot/firmware is missing" >&2; exit 1; }
mkdir -p "$TREE/boot" "$TREE/data"
mv "$ROOT/boot/firmware/"* "$TREE/boot/"
for f in config.txt cmdline.txt tactibox/README.txt; do
    [ -f "$TREE/boot/$f" ] || { echo "split-tree.sh: the boot partition lacks $f" >&2; exit 1; }
done
for kernel in "$ROOT/boot/vmlinuz-"*; do
    [ -e "$kernel" ] || continue
    version=${kernel##*/vmlinuz-}
    if [ ! -f "$TREE/boot/vmlinuz-$version" ] || [ ! -f "$TREE/boot/initrd.img-$version" ]; then
        echo "split-tree.sh: the boot partition lacks vmlinuz-$version or initrd.img-$version" >&2
        exit 1
    fi
    rm -f "$kernel" "$ROOT/boot/initrd.img-$version"
    ln -s "firmware/initrd.img-$version" "$ROOT/boot/initrd.img-$version"
done
rm -f "$ROOT/vmlinuz" "$ROOT/vmlinuz.old"
if [ -d "$ROOT/usr/lib/raspi-firmware" ]; then
    find "$ROOT/usr/lib/raspi-firmware" -mindepth 1 -delete
fi
if [ -d "$ROOT/var/lib/tactibox" ] && [ -n "$(ls -A "$ROOT/var/lib/tactibox")" ]; then
    mv "$ROOT/var/lib/tactibox/"* "$TREE/data/"
fi
