#!/bin/sh
# Build the Tactibox SD-card image (arm64: Raspberry Pi 3, 4, Zero 2 W) from Debian bookworm.
#
#   sudo image-build/build.sh            ->  image-build/out/images/tactibox-arm64.img
#
# Runs on an x86-64 (or arm64) Debian bookworm machine as root. Needs only Debian's archive and
# PyPI. Tools (installed with apt-get when missing): mmdebstrap, qemu-user-static +
# binfmt-support (to run arm64 maintainer scripts), genimage, dosfstools, mtools, e2fsprogs.
#
# Steps: wheels on the host (fetch-wheels.sh) -> lgpio wheel compiled once in a throw-away arm64
# chroot (cached) -> mmdebstrap bookworm arm64 + setup.sh inside it -> split the tree into boot /
# root / data -> genimage (boot.vfat, root.ext4, data.ext4, tactibox-arm64.img).
#
# Options: --out DIR (default image-build/out)   --mirror URL (default http://deb.debian.org/debian)
#          --xz (also write tactibox-arm64.img.xz)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/out
MIRROR=http://deb.debian.org/debian
SECURITY=http://deb.debian.org/debian-security
SUITE=bookworm
XZ=no
while [ $# -gt 0 ]; do
    case "$1" in
        --out) OUT=$2; shift 2 ;;
        --mirror) MIRROR=$2; shift 2 ;;
        --xz) XZ=yes; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
LOG=$OUT/build.log
start=$(date +%s)
step() { echo "[$(( $(date +%s) - start ))s] $*" | tee -a "$LOG"; }
: > "$LOG"

if [ "$(id -u)" != 0 ]; then
    echo "build.sh: run as root (mmdebstrap needs it to make device nodes and chown files)" >&2
    exit 1
fi

# --- tools ------------------------------------------------------------------------------------
need=""
for pair in mmdebstrap:mmdebstrap genimage:genimage mkfs.vfat:dosfstools mcopy:mtools \
        mke2fs:e2fsprogs qemu-aarch64-static:qemu-user-static update-binfmts:binfmt-support \
        sfdisk:fdisk; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || need="$need ${pair#*:}"
done
if [ -n "$need" ]; then
    step "installing build tools:$need"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >> "$LOG"
fi
python3 -m pip --version >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >> "$LOG"
if [ "$(uname -m)" != aarch64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    update-binfmts --enable qemu-aarch64 2>/dev/null || true
    if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
        echo "build.sh: arm64 binaries cannot run here (no qemu-aarch64 binfmt handler)" >&2
        exit 1
    fi
fi

# --- Python wheels, on the host ----------------------------------------------------------------
WHEELS=$OUT/wheels
step "fetching wheels into $WHEELS"
"$HERE/fetch-wheels.sh" "$WHEELS" >> "$LOG" 2>&1

# --- lgpio: PyPI has only a source distribution; compile it once in a throw-away chroot --------
if ! ls "$WHEELS"/lgpio-*aarch64*.whl >/dev/null 2>&1; then
    step "compiling the lgpio wheel in a temporary arm64 chroot (once; cached in $WHEELS)"
    mmdebstrap --arch=arm64 --variant=apt --mode=root \
        --include=gcc,libc6-dev,python3-dev,python3-setuptools,python3-wheel,swig \
        --dpkgopt="$HERE/dpkg-excludes.cfg" \
        --customize-hook="cp $WHEELS/lgpio-*.tar.gz \"\$1/tmp/\"" \
        --customize-hook='chroot "$1" sh -c "cd /tmp && tar xzf lgpio-*.tar.gz && cd lgpio-*/ && PYPI=1 python3 setup.py -q bdist_wheel"' \
        --customize-hook="cp \"\$1\"/tmp/lgpio-*/dist/lgpio-*.whl $WHEELS/" \
        "$SUITE" /dev/null "$MIRROR" >> "$LOG" 2>&1
fi
ls "$WHEELS"/lgpio-*aarch64*.whl >> "$LOG"

# --- the root filesystem ------------------------------------------------------------------------
TREE=$OUT/tree
unmount_tree() {  # unmount_tree WHEN: what is still mounted under $TREE, deepest first
    for m in $(awk -v t="$TREE/" 'index($2, t) == 1 { print $2 }' /proc/mounts | sort -r); do
        echo "build.sh: $m is still mounted $1; unmounting it" | tee -a "$LOG"
        umount "$m" 2>/dev/null || umount -l "$m"
    done
}
# a build stopped inside mmdebstrap leaves /proc, /sys and /dev/pts mounted in the old tree
unmount_tree "from a stopped build"
rm -rf "$TREE"
mkdir -p "$TREE"
packages=$(sed -e 's/#.*//' "$HERE/packages.txt" | awk 'NF && ($2 == "" || $2 == "[debian]") { print $1 }' | paste -sd, -)
step "mmdebstrap $SUITE arm64 ($(echo "$packages" | tr ',' ' ' | wc -w) packages + dependencies)"
mmdebstrap --arch=arm64 --variant=minbase --mode=root --components="main non-free-firmware" \
    --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --dpkgopt="$HERE/dpkg-excludes.cfg" \
    --include="$packages" \
    --essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs' \
    --essential-hook='printf "#!/bin/sh\necho update-initramfs: deferred by build.sh\n" > "$1/usr/sbin/update-initramfs"; chmod 755 "$1/usr/sbin/update-initramfs"' \
    --customize-hook='rm "$1/usr/sbin/update-initramfs"; chroot "$1" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs' \
    --customize-hook="mkdir -p \"\$1/tmp/tactibox-setup\" && cp -r $HERE/setup.sh $HERE/boot-config.sh $HERE/rootfs $HERE/boot $HERE/boot-files $WHEELS \"\$1/tmp/tactibox-setup/\"" \
    --customize-hook='chroot "$1" sh /tmp/tactibox-setup/setup.sh' \
    --customize-hook='rm -rf "$1/tmp/tactibox-setup" "$1"/var/cache/apt/*.bin "$1"/var/log/*.log "$1"/var/log/apt/*' \
    "$SUITE" "$TREE/root" \
    "deb $MIRROR $SUITE main non-free-firmware" \
    "deb $MIRROR $SUITE-updates main non-free-firmware" \
    "deb $SECURITY $SUITE-security main non-free-firmware" >> "$LOG" 2>&1

# mmdebstrap unmounts what it mounted in the tree; once it could not ("umount /sys failed",
# target busy) and mke2fs -d then tried to copy sysfs into the root filesystem
unmount_tree "after mmdebstrap"

step "checking that every kernel module kept has the modules it needs"
if ! python3 "$HERE/check-modules.py" "$TREE/root" > "$OUT/modules-check.txt" 2>&1; then
    cat "$OUT/modules-check.txt" | tee -a "$LOG" >&2
    echo "build.sh: dpkg-excludes.cfg leaves out a module that a kept module needs (above)" >&2
    exit 1
fi

# --- split it: FAT boot partition, ext4 root, ext4 data --------------------------------------------
# (no second copy of the kernel, the initramfs or the Pi firmware on the root: split-tree.sh)
step "splitting the tree into boot / root / data"
"$HERE/split-tree.sh" "$TREE" >> "$LOG" 2>&1 || { tail -3 "$LOG" >&2; exit 1; }
echo "boot partition: $(du -sh "$TREE/boot" | cut -f1), root: $(du -sh "$TREE/root" | cut -f1)" | tee -a "$LOG"
boot_used=$(du -sm "$TREE/boot" | cut -f1)
root_used=$(du -sm "$TREE/root" | cut -f1)

# --- partitions and the disk image -----------------------------------------------------------
step "genimage"
IMAGES=$OUT/images
rm -rf "$IMAGES" "$OUT/genimage-tmp"
mkdir -p "$IMAGES"
# The data partition's top folder belongs to the game's user (uid/gid as made by setup.sh).
owner=$(awk -F: '$1 == "tactibox" { print $3 ":" $4 }' "$TREE/root/etc/passwd")
(cd "$OUT" && sed "s/^\(\t*\)label = \"tbdata\"/&\n\1root-owner = \"$owner\"/" \
    "$HERE/genimage.cfg" > genimage.cfg && \
    genimage --config genimage.cfg --rootpath "$TREE/root" --tmppath "$OUT/genimage-tmp" \
        --inputpath "$IMAGES" --outputpath "$IMAGES") >> "$LOG" 2>&1
rm -rf "$OUT/genimage-tmp"
if [ "$XZ" = yes ]; then
    step "compressing"
    xz -T0 -6 -k -f "$IMAGES/tactibox-arm64.img"
fi
end=$(date +%s)
size=$(stat -c %s "$IMAGES/tactibox-arm64.img")
part_size() { echo "$(( $(stat -c %s "$IMAGES/$1") / 1048576 )) MiB"; }
root_free() { dumpe2fs -h "$IMAGES/root.ext4" 2>/dev/null | awk -F: '/^Free blocks/ { f = $2 } /^Block size/ { b = $2 } END { print int(f * b / 1048576) }'; }
boot_free() { MTOOLS_SKIP_CHECK=1 mdir -i "$IMAGES/boot.vfat" :: 2>/dev/null | awk '/bytes free/ { n = $0; sub(/bytes free.*/, "", n); gsub(/[^0-9]/, "", n); print int(n / 1048576) }'; }
{
    echo "image: $IMAGES/tactibox-arm64.img"
    echo "size: $size bytes ($((size / 1048576)) MiB)"
    echo "boot partition: ${boot_used} MiB of files in $(part_size boot.vfat), $(boot_free) MiB free"
    echo "root partition: ${root_used} MiB of files in $(part_size root.ext4), $(root_free) MiB free"
    echo "build time: $((end - start)) s"
    sfdisk --dump "$IMAGES/tactibox-arm64.img"
} | tee "$OUT/build-info.txt" | tee -a "$LOG"
