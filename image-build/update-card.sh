#!/bin/sh
# Update a Tactibox card to a newer system without losing saves (docs/image.md, "Updating
# without losing saves"): partitions 1 (boot) and 2 (root) get the new build's boot.vfat and
# root.ext4; partition 3 (the data: settings, stats, replays) is not touched; the owner's
# tactibox/ folder on the boot partition is copied off first and back afterwards.
#
#   sudo image-build/update-card.sh /dev/sdX [IMAGES]      IMAGES: default image-build/out/images
#
# Refuses, before writing anything, when: the card's partitions 1 and 2 are not labelled TBBOOT
# and tbroot (a wrong device); a partition of the card is mounted; a new partition image is
# larger than the partition it goes to. Works on a whole-card image file as well as on a device
# (no mounting: mtools for the FAT partition, dd at the partition's offset).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
CARD=${1:?usage: update-card.sh /dev/sdX [IMAGES]}
IMAGES=${2:-$HERE/out/images}
export MTOOLS_SKIP_CHECK=1

die() { echo "update-card.sh: $*" >&2; exit 1; }
for tool in sfdisk mcopy mlabel blkid dd; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (packages fdisk, mtools, util-linux, coreutils)"
done
[ -b "$CARD" ] || [ -f "$CARD" ] || die "$CARD is neither a block device nor a card image file"
for f in boot.vfat root.ext4; do
    [ -f "$IMAGES/$f" ] || die "$IMAGES/$f is missing (build the image first: image-build/build.sh)"
done

# --- the card's partitions 1 and 2: where, how big, which labels ---------------------------------
part() {  # part N FIELD -> the start or size (in 512-byte sectors) of partition N
    sfdisk --json "$CARD" | python3 -c "
import json, sys
parts = json.load(sys.stdin)['partitiontable']['partitions']
print(parts[$1 - 1]['$2'] if len(parts) >= $1 else '')"
}
boot_start=$(part 1 start); boot_sectors=$(part 1 size)
root_start=$(part 2 start); root_sectors=$(part 2 size)
[ -n "$boot_start" ] && [ -n "$root_start" ] || die "$CARD has no partitions 1 and 2"
boot_label=$(mlabel -s -i "$CARD@@$((boot_start * 512))" :: 2>/dev/null | sed 's/.*is //; s/ *$//')
root_label=$(blkid -p -O $((root_start * 512)) -s LABEL -o value "$CARD" 2>/dev/null || true)
[ "$boot_label" = TBBOOT ] && [ "$root_label" = tbroot ] ||
    die "$CARD is not a Tactibox card (partition labels '$boot_label' and '$root_label', expected TBBOOT and tbroot)"
if [ -b "$CARD" ]; then
    mounted=$(lsblk -nrpo NAME,MOUNTPOINT "$CARD" | awk '$2 != "" { print $1 " on " $2 }')
    [ -z "$mounted" ] || die "unmount the card first: $mounted"
fi
for pair in "boot.vfat:$boot_sectors:1" "root.ext4:$root_sectors:2"; do
    name=${pair%%:*}; rest=${pair#*:}; sectors=${rest%%:*}; n=${rest#*:}
    need=$(stat -c %s "$IMAGES/$name")
    [ "$need" -le $((sectors * 512)) ] ||
        die "$name ($need bytes) is larger than partition $n of $CARD ($((sectors * 512)) bytes); write the whole image instead (this erases the data partition)"
done

# --- the owner's folder, off the card ------------------------------------------------------------
keep=$(mktemp -d)
trap 'rm -rf "$keep"' EXIT
mcopy -s -n -i "$CARD@@$((boot_start * 512))" ::tactibox "$keep/" 2>/dev/null || mkdir -p "$keep/tactibox"
echo "update-card.sh: kept the owner's tactibox/ folder ($(find "$keep/tactibox" -type f | wc -l) files)"

# --- the new system ---------------------------------------------------------------------------------
write() {  # write IMAGE START_SECTOR
    dd if="$1" of="$CARD" bs=4M seek=$(($2 * 512)) oflag=seek_bytes conv=notrunc,fsync status=none
}
write "$IMAGES/boot.vfat" "$boot_start"
write "$IMAGES/root.ext4" "$root_start"
echo "update-card.sh: wrote boot.vfat and root.ext4 (partition 3, the data, untouched)"

# --- the owner's files back, next to the new image's README and examples --------------------------
if [ -n "$(ls -A "$keep/tactibox")" ]; then
    # -D s: a file the new image has (README.txt, *.example) keeps the new version; mcopy then
    # exits 1 for the skipped names, so what counts is the check below
    (cd "$keep/tactibox" && mcopy -s -n -D s -i "$CARD@@$((boot_start * 512))" ./* ::tactibox/) 2>/dev/null || true
    lost=$(cd "$keep/tactibox" && find . -type f | while read -r f; do
        mdir -b -i "$CARD@@$((boot_start * 512))" "::tactibox/${f#./}" >/dev/null 2>&1 || echo "$f"; done)
    if [ -n "$lost" ]; then
        trap - EXIT
        die "could not put back into tactibox/: $(echo "$lost" | tr '\n' ' ')(copies in $keep/tactibox)"
    fi
fi
sync
echo "update-card.sh: done; the owner's files are back in tactibox/"
