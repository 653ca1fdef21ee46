#!/bin/bash
# Slow end-to-end check of the Tactibox SD-card image (not run by CI: ~30-45 minutes on 2 cores).
#
#   sudo image-build/verify.sh [--no-build] [--keep]
#
#  1. builds the image with build.sh (skipped with --no-build when out/images has one);
#  2. checks the partition table, the boot partition (config.txt, cmdline.txt, firmware, kernel,
#     device trees, the owner's tactibox/ folder) with mtools, and the root filesystem (mounted
#     read-only from a loop device): unit enabled, getty@tty1 masked, user and groups, fstab,
#     overlayroot, the initramfs hook, and `import game, pygame, ...` run under qemu-user;
#  3. boots a copy of the image (grown to 2 GiB) under qemu-system-aarch64 -M virt with Debian's
#     arm64 kernel and initramfs from the boot partition, the SDL dummy drivers switched on from
#     tactibox/tactibox.env, and waits until the serial log shows Tactibox started; a check
#     script passed with systemd.run= reports the overlay root, the data mount and its growth;
#  4. boots once more with partition 3 removed (the pi-gen layout) to check that the data
#     partition is created on first boot and fills the disk;
#  5. boots the image's own kernel and initramfs with the Pi 3's device tree under
#     qemu-system-aarch64 -M raspi3b (SD card, dwc2 USB with a qemu USB keyboard, PL011 and mini
#     UART), again without partition 3: dwc2 bound, the keyboard an input device the game's user
#     can read, /dev/tactibox-link on the header UART, no module failing to load, the data
#     partition made at first boot filling the card, and the boot-to-service time.
# Every boot also makes a gamepad and a keyboard with uinput (without udev's vendor/model
# database, issue 21 item 20) and checks how udev classifies them and that SDL, as the game's
# user, sees the pad and its button presses; the pi-gen-layout boot starts the game with a wrong
# TACTIBOX_ARGS, so after 3 failed starts it must come up in safe mode (item 22).
# Results: out/verify/report.txt (and the serial logs next to it). Exit 0 when every check passed.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/out
IMG=$OUT/images/tactibox-arm64.img
V=$OUT/verify
BUILD=yes
KEEP=no
for arg in "$@"; do
    case "$arg" in
        --no-build) BUILD=no ;;
        --keep) KEEP=yes ;;
        *) echo "usage: verify.sh [--no-build] [--keep]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "verify.sh: run as root (loop mounts, chroot)" >&2; exit 1; }
for pair in qemu-system-aarch64:qemu-system-arm mcopy:mtools sfdisk:fdisk unmkinitramfs:initramfs-tools-core; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pair#*:}" >/dev/null
done

rm -rf "$V"
mkdir -p "$V"
REPORT=$V/report.txt
: > "$REPORT"
FAILED=0
say() { echo "$*" | tee -a "$REPORT"; }
ok() { say "ok   $*"; }
bad() { say "FAIL $*"; FAILED=$((FAILED + 1)); }
say "verify.sh of $(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$HERE" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs"
check() {  # check "description" command...
    local what=$1; shift
    if "$@" >/dev/null 2>&1; then ok "$what"; else bad "$what"; fi
}

# ---- 1. build -----------------------------------------------------------------------------------
if [ "$BUILD" = yes ] || [ ! -f "$IMG" ]; then
    t0=$(date +%s)
    "$HERE/build.sh" || { bad "build.sh failed (see $OUT/build.log)"; exit 1; }
    say "build time: $(( $(date +%s) - t0 )) s"
fi
size=$(stat -c %s "$IMG")
say "image: $IMG, $size bytes ($((size / 1048576)) MiB)"
if [ -f "$OUT/build-info.txt" ]; then
    say "--- build-info.txt (the build that made this image) ---"
    sed "s|$OUT/||" "$OUT/build-info.txt" | tee -a "$REPORT"
    say "---"
    check "build-info.txt describes this image (same size)" grep -q "^size: $size bytes" "$OUT/build-info.txt"
fi
check "image is at most 700 MB (700,000,000 bytes)" test "$size" -le 700000000

# ---- 2. partitions --------------------------------------------------------------------------------
sfdisk --dump "$IMG" > "$V/partitions.txt"
part() {  # part N FIELD -> start|size (sectors) or type of partition N
    sfdisk --json "$IMG" | python3 -c "import json,sys; p=json.load(sys.stdin)['partitiontable']['partitions'][$1-1]; print(p['$2'])"
}
check "MBR partition table" grep -q '^label: dos' "$V/partitions.txt"
check "three partitions" test "$(grep -c "^$IMG" "$V/partitions.txt")" = 3
check "partition 1 is FAT32 (LBA) and bootable" grep -Eq "${IMG}1 .*type=c, bootable" "$V/partitions.txt"
check "partitions 2 and 3 are Linux" test "$(part 2 type)$(part 3 type)" = 8383
check "partition 3 (data) is the last one on the disk" test $(( $(part 3 start) + $(part 3 size) )) -le $((size / 512))
BOOT_OFF=$(( $(part 1 start) * 512 ))
export MTOOLS_SKIP_CHECK=1
mt() { local cmd=$1; shift; "$cmd" -i "$1@@$BOOT_OFF" "${@:2}"; }
mt mtype "$IMG" ::config.txt > "$V/config.txt" 2>/dev/null
mt mtype "$IMG" ::cmdline.txt > "$V/cmdline.txt" 2>/dev/null
mt mdir "$IMG" -b :: > "$V/boot-files.txt" 2>/dev/null
mt mdir "$IMG" -b ::tactibox >> "$V/boot-files.txt" 2>/dev/null
say "boot partition label: $(mlabel -s -i "$IMG@@$BOOT_OFF" :: 2>/dev/null)"
check "boot partition label TBBOOT" sh -c "mlabel -s -i '$IMG@@$BOOT_OFF' :: | grep -q TBBOOT"
for line in arm_64bit=1 enable_uart=1 upstream_kernel=1 disable_splash=1 boot_delay=0 dtparam=audio=on; do
    check "config.txt: $line" grep -qx "$line" "$V/config.txt"
done
check "config.txt: kernel=vmlinuz-*" grep -q '^kernel=vmlinuz-' "$V/config.txt"
check "config.txt: initramfs initrd.img-*" grep -q '^initramfs initrd.img-' "$V/config.txt"
cmdline=$(tr -d '\r' < "$V/cmdline.txt")
say "cmdline.txt: $cmdline"
for tok in root=LABEL=tbroot console=tty3 quiet loglevel=3 vt.global_cursor_default=0 logo.nologo consoleblank=0 rootwait; do
    case " $cmdline " in *" $tok "*) ok "cmdline.txt has $tok" ;; *) bad "cmdline.txt lacks $tok" ;; esac
done
for tok in rw console=serial0,115200 console=ttyS1,115200 console=ttyAMA0,115200 console=tty1 cma=64M; do
    case " $cmdline " in *" $tok "*) bad "cmdline.txt still has $tok" ;; *) ok "cmdline.txt has no $tok" ;; esac
done
for f in bootcode.bin start.elf start4.elf fixup.dat fixup4.dat bcm2837-rpi-3-b.dtb bcm2837-rpi-3-b-plus.dtb \
        bcm2711-rpi-4-b.dtb bcm2837-rpi-zero-2-w.dtb README.txt rulesets tactibox.env.example \
        wpa_supplicant.conf.example authorized_keys.example; do
    check "boot partition has $f" grep -Eq "/$f/?\$" "$V/boot-files.txt"
done
check "boot partition has vmlinuz and initrd.img" sh -c "grep -q '/vmlinuz-' '$V/boot-files.txt' && grep -q '/initrd.img-' '$V/boot-files.txt'"
for f in start_x.elf start_db.elf start_cd.elf start4x.elf start4db.elf start4cd.elf; do
    check "boot partition has no $f (firmware variant the appliance never boots)" sh -c "! grep -Eq '/$f\$' '$V/boot-files.txt'"
done
say "boot partition: $(MTOOLS_SKIP_CHECK=1 mdir -i "$IMG@@$BOOT_OFF" :: 2>/dev/null | grep 'bytes free' | sed 's/^ *//')"
# the kernel and the initramfs the boots below use: the boot partition's (the root has no copy)
mt mcopy "$IMG" -n "::$(grep -a '^kernel=' "$V/config.txt" | head -1 | cut -d= -f2 | tr -d '\r')" "$V/vmlinuz" 2>/dev/null
mt mcopy "$IMG" -n "::$(grep -a '^initramfs ' "$V/config.txt" | head -1 | awk '{print $2}' | tr -d '\r')" "$V/initrd.img" 2>/dev/null
check "kernel and initramfs copied from the boot partition" test -s "$V/vmlinuz" -a -s "$V/initrd.img"

# ---- root filesystem (read-only loop mount) -------------------------------------------------------
MNT=$V/root
mkdir -p "$MNT"
ROOT_OFF=$(( $(part 2 start) * 512 ))
if mount -o ro,loop,offset=$ROOT_OFF,sizelimit=$(( $(part 2 size) * 512 )) "$IMG" "$MNT"; then
    trap 'umount "$MNT" 2>/dev/null' EXIT
    say "root filesystem: $(df -h "$MNT" | awk 'NR==2 {print $3 " used of " $2}')"
    check "root label tbroot" sh -c "blkid -p -O $ROOT_OFF -s LABEL -o value '$IMG' | grep -qx tbroot"
    check "tactibox.service installed" test -f "$MNT/etc/systemd/system/tactibox.service"
    check "tactibox.service enabled (multi-user.target)" test -L "$MNT/etc/systemd/system/multi-user.target.wants/tactibox.service"
    check "tactibox-data-partition.service enabled" test -L "$MNT/etc/systemd/system/local-fs.target.wants/tactibox-data-partition.service"
    check "getty@tty1 masked" sh -c "readlink '$MNT/etc/systemd/system/getty@tty1.service' | grep -q /dev/null"
    if command -v systemctl >/dev/null; then
        check "systemctl --root: tactibox.service is enabled" sh -c "systemctl --root='$MNT' is-enabled tactibox.service | grep -qx enabled"
        check "systemctl --root: default target multi-user" sh -c "systemctl --root='$MNT' get-default | grep -qx multi-user.target"
    fi
    check "unit runs as tactibox with kmsdrm and Restart=always" sh -c "grep -qx User=tactibox '$MNT/etc/systemd/system/tactibox.service' && grep -qx Environment=SDL_VIDEODRIVER=kmsdrm '$MNT/etc/systemd/system/tactibox.service' && grep -qx Restart=always '$MNT/etc/systemd/system/tactibox.service'"
    groups=$(chroot "$MNT" id -nG tactibox 2>/dev/null)
    say "tactibox user groups: $groups"
    for g in input gpio dialout video audio render; do
        case " $groups " in *" $g "*) ok "tactibox is in $g" ;; *) bad "tactibox is not in $g" ;; esac
    done
    check "tactibox has no login shell" sh -c "grep '^tactibox:' '$MNT/etc/passwd' | grep -q nologin"
    check "hostname tactibox" grep -qx tactibox "$MNT/etc/hostname"
    check "fstab: data partition at /var/lib/tactibox with growfs" grep -Eq '^LABEL=tbdata +/var/lib/tactibox +ext4 +.*x-systemd.growfs' "$MNT/etc/fstab"
    check "fstab: boot partition read-only" grep -Eq '^LABEL=TBBOOT +/boot/firmware +vfat +ro,' "$MNT/etc/fstab"
    check "overlayroot configured (tmpfs, recurse=0)" grep -qx 'overlayroot="tmpfs:recurse=0"' "$MNT/etc/overlayroot.local.conf"
    check "root has no second copy of the kernel (/boot/vmlinuz-*)" sh -c "! ls '$MNT'/boot/vmlinuz-* 2>/dev/null"
    link=$(ls "$MNT"/boot/initrd.img-* | head -1)
    check "root's /boot/initrd.img-* is a link into the boot partition" sh -c "readlink '$link' | grep -q '^firmware/initrd.img-'"
    check "root has no copy of raspi-firmware's firmware" sh -c "! ls -A '$MNT/usr/lib/raspi-firmware' | grep -q ."
    check "z49-tactibox-boot-copy installed (update-initramfs writes to the boot partition)" test -x "$MNT/etc/initramfs/post-update.d/z49-tactibox-boot-copy"
    check "udev's vendor/model tables left out (20-*.hwdb)" sh -c "! ls '$MNT'/usr/lib/udev/hwdb.d/20-* 2>/dev/null"
    check "udev's input tables kept (60-input-id, 60-keyboard, 70-joystick)" test -f "$MNT/usr/lib/udev/hwdb.d/60-input-id.hwdb" -a -f "$MNT/usr/lib/udev/hwdb.d/60-keyboard.hwdb" -a -f "$MNT/usr/lib/udev/hwdb.d/70-joystick.hwdb"
    say "udev hwdb.bin: $(stat -c %s "$MNT/usr/lib/udev/hwdb.bin" 2>/dev/null || echo none) bytes"
    site=$MNT/opt/tactibox/venv/lib/python3.11/site-packages
    for gone in setuptools pip pygame/docs pygame/tests pygame/examples; do
        check "venv has no $gone" test ! -e "$site/$gone"
    done
    if out=$(python3 "$HERE/check-modules.py" "$MNT" 2>&1); then ok "every kernel module has the modules it needs"; else bad "kernel modules with missing dependencies: $out"; fi
    say "kernel modules: $(find "$MNT"/lib/modules -name '*.ko*' | wc -l) files, $(du -sm "$MNT"/lib/modules | cut -f1) MiB"
    initrd=$V/initrd.img
    check "initramfs contains the overlayroot script" sh -c "unmkinitramfs '$initrd' '$V/initrd' && find '$V/initrd' -path '*init-bottom/overlayroot' | grep -q ."
    check "initramfs contains overlay.ko" sh -c "find '$V/initrd' -name 'overlay.ko*' | grep -q ."
    rm -rf "$V/initrd"
    check "no SSH host keys baked into the image" sh -c "! ls '$MNT'/etc/ssh/ssh_host_* 2>/dev/null"
    check "empty machine-id (one per card)" test ! -s "$MNT/etc/machine-id"
    check "udev rules for gpio and serial0" test -f "$MNT/etc/udev/rules.d/60-tactibox-gpio.rules" -a -f "$MNT/etc/udev/rules.d/61-tactibox-serial.rules"
    # The installed package under qemu-user (binfmt) in the read-only chroot.
    imports="import game, game.cli, hw, firmware_bridge, pygame, serial, cobs, gpiozero, tomli_w, PIL, lgpio; print('imports ok', pygame.version.ver, PIL.__version__)"
    if out=$(chroot "$MNT" env PYTHONDONTWRITEBYTECODE=1 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy /opt/tactibox/venv/bin/python -c "$imports" 2>&1); then
        ok "venv imports under qemu-user: $(echo "$out" | tail -1)"
    else
        bad "venv imports under qemu-user: $out"
    fi
    if out=$(chroot "$MNT" env PYTHONDONTWRITEBYTECODE=1 /opt/tactibox/venv/bin/tactibox --help 2>&1); then
        ok "tactibox --help runs under qemu-user"
    else
        bad "tactibox --help under qemu-user: $out"
    fi
    check "SDL in pygame-ce supports kmsdrm" sh -c "grep -q KMSDRM \$(ls '$MNT'/opt/tactibox/venv/lib/python3.11/site-packages/pygame_ce.libs/libSDL2-*)"
    umount "$MNT"
    trap - EXIT
else
    bad "cannot mount the root partition"
fi

# ---- 3. boot under qemu -----------------------------------------------------------------------------
boot_qemu() {  # boot_qemu DISK SERIAL_LOG TIMEOUT: boot until the guest powers off (or time out)
    local disk=$1 log=$2 limit=$3
    local append
    append="root=LABEL=tbroot console=ttyAMA0 loglevel=6 printk.time=1 fsck.repair=yes net.ifnames=0 rootwait"
    append="$append systemd.show_status=1 systemd.journald.forward_to_console=1"
    # systemd.run= makes kernel-command-line.service; systemd.wants= adds it to the normal boot
    append="$append systemd.run=\"/bin/sh /boot/firmware/tactibox-verify.sh\" systemd.wants=kernel-command-line.service"
    append="$append systemd.run_success_action=poweroff systemd.run_failure_action=poweroff"
    timeout "$limit" qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 1024 \
        -accel tcg,thread=multi -display none -no-reboot \
        -serial "file:$log" -monitor none \
        -kernel "$V/vmlinuz" -initrd "$V/initrd.img" -append "$append" \
        -drive "file=$disk,format=raw,if=virtio"
}
prepare_disk() {  # prepare_disk DISK SIZE [ARGS]: a copy of SIZE, SDL dummy drivers, the check scripts
    local disk=$1
    cp --sparse=always "$IMG" "$disk"
    truncate -s "$2" "$disk"
    printf 'SDL_VIDEODRIVER=dummy\nSDL_AUDIODRIVER=dummy\nTACTIBOX_ARGS=%s\n' "${3:-}" > "$V/tactibox.env"
    mcopy -o -i "$disk@@$BOOT_OFF" "$V/tactibox.env" ::tactibox/tactibox.env
    # Emulation on a busy machine took minutes to start udev (the device jobs' 90 s ran out first):
    # the copy's systemd waits up to 15 min for devices. Only the copy changes, not the image.
    local mnt=$V/copy-root
    mkdir -p "$mnt"
    mount -o loop,offset=$(( $(part 2 start) * 512 )),sizelimit=$(( $(part 2 size) * 512 )) "$disk" "$mnt"
    mkdir -p "$mnt/etc/systemd/system.conf.d"
    printf '[Manager]\nDefaultDeviceTimeoutSec=900s\n' > "$mnt/etc/systemd/system.conf.d/verify-device-timeout.conf"
    umount "$mnt"
    mcopy -o -i "$disk@@$BOOT_OFF" "$HERE/verify-guest/check-boot.sh" ::tactibox-verify.sh
    mcopy -o -i "$disk@@$BOOT_OFF" "$HERE/verify-guest/uinput-devices.py" ::tactibox-uinput.py
    mcopy -o -i "$disk@@$BOOT_OFF" "$HERE/verify-guest/sdl-pad.py" ::tactibox-sdl-pad.py
}
expect_safe_mode() {  # expect_safe_mode DISK: the check script seeds a file for safe mode to set aside
    : > "$V/tactibox-expect-safe-mode"
    mcopy -o -i "$1@@$BOOT_OFF" "$V/tactibox-expect-safe-mode" ::tactibox-expect-safe-mode
}
field() { grep -a "VERIFY: $1=" "$2" | head -1 | sed "s/.*VERIFY: $1=//" | tr -d '\r'; }
check_new_data_partition() {  # check_new_data_partition WHAT DISK: partition 3 made after 2, to the end
    local what=$1 disk=$2 dump s2 z2 s3 z3 total
    dump=$(sfdisk --dump "$disk")
    s2=$(echo "$dump" | awk -F'[=,]' '$1 ~ /img2 *: start/ { print $2 + 0 }')
    z2=$(echo "$dump" | awk -F'[=,]' '$1 ~ /img2 *: start/ { print $4 + 0 }')
    s3=$(echo "$dump" | awk -F'[=,]' '$1 ~ /img3 *: start/ { print $2 + 0 }')
    z3=$(echo "$dump" | awk -F'[=,]' '$1 ~ /img3 *: start/ { print $4 + 0 }')
    total=$(( $(stat -c %s "$disk") / 512 ))
    say "$what: partition 3 starts at sector ${s3:-?}, ${z3:-?} sectors ($(( ${z3:-0} / 2048 )) MiB) of a ${total}-sector disk"
    check "$what: data partition 3 made after partition 2" test "${s3:-0}" -ge $(( ${s2:-0} + ${z2:-0} ))
    check "$what: data partition 3 reaches the end of the disk (within 1 MiB)" test $(( ${s3:-0} + ${z3:-0} )) -ge $(( total - 2048 ))
}

input_checks() {  # input_checks WHAT LOG: udev, the input devices and Shutdown, in any boot
    local what=$1 log=$2
    check "$what: Shutdown: the game's user asked through /run/tactibox/poweroff and the path unit powered off" \
        sh -c "grep -aq 'VERIFY: poweroff-requested=yes' '$log' && grep -aq 'Starting tactibox-poweroff.service' '$log'"
    check "$what: no udev worker slow on a serial port" test "$(field udev-slow-serial "$log")" = 0
    say "$what: udev events reported slow: $(field udev-slow-all "$log") in all (emulation on a busy host)"
    grep -a 'VERIFY: udev-slow-event:' "$log" | sed 's/.*VERIFY: udev-slow-event: /  /' | tee -a "$REPORT" >/dev/null
    say "$what: serial-alias: $(field serial-alias-calls "$log") calls, the slowest $(field serial-alias-slowest-ms "$log") ms"
    check "$what: serial-alias decides each serial port within 15 s under emulation (one took 58 s before)" \
        test "$(field serial-alias-slowest-ms "$log" | tr -cd 0-9)" -lt 15000
    say "$what: uinput pad: $(field uinput-pad-udev "$log")"
    check "$what: udev classifies a USB gamepad as a joystick (without the vendor/model tables)" \
        sh -c "grep -a 'VERIFY: uinput-pad-udev=' '$log' | grep -q 'ID_INPUT_JOYSTICK=1'"
    say "$what: uinput keyboard: $(field uinput-keyboard-udev "$log")"
    check "$what: udev classifies a USB keyboard as a keyboard" \
        sh -c "grep -a 'VERIFY: uinput-keyboard-udev=' '$log' | grep -q 'ID_INPUT_KEYBOARD=1'"
    check "$what: both belong to group input" test "$(field uinput-pad-group "$log") $(field uinput-keyboard-group "$log")" = "input input"
    say "$what: SDL as the game's user: $(field sdl-joysticks "$log" | sed 's/^/joysticks=/')"
    check "$what: SDL (the game's user) sees the gamepad" sh -c "grep -a 'VERIFY: sdl-joysticks=' '$log' | grep -q 'Tactibox verify pad\|Xbox'"
    check "$what: SDL receives the gamepad's button presses" \
        sh -c "grep -a 'VERIFY: sdl-joysticks=' '$log' | grep -Eq 'presses=[1-9]'"
}

if [ -f "$V/vmlinuz" ]; then
    DISK=$V/disk.img
    prepare_disk "$DISK" 20G                   # past 16 GiB: the 16 MiB data filesystem must switch to meta_bg
    say "booting under qemu-system-aarch64 -M virt (TCG, 2 vCPUs) ..."
    t0=$(date +%s)
    boot_qemu "$DISK" "$V/serial.log" 1200
    say "qemu run: $(( $(date +%s) - t0 )) s wall clock (boot, checks, power-off)"
    LOG=$V/serial.log
    check "serial log: Tactibox service started" grep -aq 'Started tactibox.service' "$LOG"
    check "the game (UI on SDL's dummy video driver) ran 25 s without a restart" test "$(field tactibox-restarts "$LOG")" = 0
    started=$(field tactibox-started-us "$LOG")
    if [ -n "$started" ] && [ "$started" != 0 ]; then
        ok "Tactibox started $(python3 -c "print(f'{$started/1e6:.1f}')") s after kernel start (qemu TCG)"
    else
        bad "no start time for tactibox.service"
    fi
    check "tactibox.service active" test "$(field tactibox-active "$LOG")" = active
    check "root is an overlay (tmpfs upper)" sh -c "grep -a 'VERIFY: root=' '$LOG' | grep -q overlay"
    check "lower root mounted read-only" sh -c "grep -a 'VERIFY: root-ro=' '$LOG' | grep -q 'ext4 *ro,'"
    check "overlay is writable (changes go to RAM)" test "$(field write-test "$LOG")" = overlay-writable
    check "data partition mounted read-write at /var/lib/tactibox" sh -c "grep -a 'VERIFY: data=' '$LOG' | grep -q 'ext4 *rw,'"
    check "data partition top folder root:tactibox, sticky 1775" test "$(field data-top "$LOG")" = "root:tactibox 1775"
    datak=$(field data-size-k "$LOG")
    say "data filesystem after first boot: ${datak:-?} KiB (image had 16 MiB, disk 20 GiB)"
    check "data filesystem grown to fill the card (> 19 GiB)" test "${datak:-0}" -gt $((19 * 1024 * 1024))
    check "boot partition mounted read-only" sh -c "grep -a 'VERIFY: boot=' '$LOG' | grep -q 'vfat *ro,'"
    check "getty@tty1 masked" test "$(field getty-tty1 "$LOG")" = masked
    check "SSH, networkd and Wi-Fi off by default" sh -c "grep -a 'VERIFY: ssh=' '$LOG' | grep -q 'ssh=inactive networkd=inactive wifi=inactive'"
    check "hostname tactibox" test "$(field hostname "$LOG")" = tactibox
    if [ -n "$(field dt-serial-aliases "$LOG" | tr -d ' ')" ]; then
        check "/dev/serial0 -> the UART the device tree calls serial0 (ttyAMA0 on virt)" test "$(field serial0 "$LOG")" = /dev/ttyAMA0
    else
        say "skip /dev/serial0: this QEMU's virt device tree has no serialN aliases to follow"
    fi
    check "/dev/gpiochip0 belongs to group gpio" test "$(field gpiochip-group "$LOG")" = gpio
    failed=$(field failed-units "$LOG")
    if [ -z "$(echo "$failed" | tr -d ' ')" ]; then ok "no failed units"; else bad "failed units: $failed"; fi
    end3=$(sfdisk --dump "$DISK" | awk -F'[=,]' '/disk.img3/ { print $2 + $4 }' | tr -d ' ')
    say "partition 3 ends at sector ${end3:-?} of $((20 * 1024 * 1024 * 1024 / 512))"
    check "partition 3 now reaches the end of the 20 GiB disk (within 1 MiB)" test "${end3:-0}" -ge $((20 * 1024 * 1024 * 1024 / 512 - 2048))
    input_checks "virt" "$LOG"

    # ---- 4. pi-gen layout: no data partition in the image -> made on first boot ----------------
    # ... and safe mode: tactibox.env says TACTIBOX_ARGS=--no-such-option, so every start fails
    # (status 2) until the 4th, which starts in safe mode: the settings the check script writes
    # are set aside, the words of TACTIBOX_ARGS ignored, and the game runs.
    DISK2=$V/disk-no-data.img
    prepare_disk "$DISK2" 2G --no-such-option
    expect_safe_mode "$DISK2"
    sfdisk --quiet --delete "$DISK2" 3
    say "booting again without partition 3 (pi-gen layout), TACTIBOX_ARGS=--no-such-option (safe mode expected) ..."
    boot_qemu "$DISK2" "$V/serial-no-data.log" 1200
    LOG2=$V/serial-no-data.log
    check "no-data boot: data partition created and mounted" sh -c "grep -a 'VERIFY: data=' '$LOG2' | grep -q 'ext4 *rw,'"
    check "no-data boot: Tactibox started" test "$(field tactibox-active "$LOG2")" = active
    check "no-data boot: Started tactibox.service in the serial log" grep -aq 'Started tactibox.service' "$LOG2"
    check "no-data boot: Shutdown through the path unit" grep -aq 'Starting tactibox-poweroff.service' "$LOG2"
    say "no-data boot: safe mode after $(field safe-mode-after-s "$LOG2") s; $(field tactibox-restarts "$LOG2") restarts"
    check "safe mode: exactly 3 failed starts before it (systemd restarted the game 3 times)" test "$(field tactibox-restarts "$LOG2")" = 3
    check "safe mode: the game said so in the journal" test "$(field safe-mode-journal "$LOG2")" -ge 1
    check "safe mode: settings.toml set aside in safe-mode-1 (with a README.txt)" \
        sh -c "grep -a 'VERIFY: safe-mode-set-aside=' '$LOG2' | grep -q 'README.txt settings.toml'"
    check "safe mode: TACTIBOX_ARGS named as ignored" grep -aq 'Ignored this time: TACTIBOX_ARGS=--no-such-option' "$LOG2"
    check "safe mode: the safe-mode run stayed up and counted as healthy (.failed-starts = 0)" \
        test "$(field failed-starts "$LOG2")" = 0
    say "--- Tactibox output (journal: 3 failed starts, then safe mode) ---"
    sed -n '/VERIFY: tactibox-log-begin/,/VERIFY: tactibox-log-end/p' "$LOG2" | grep -av 'VERIFY: tactibox-log' \
        | grep -aE 'unrecognized|safe mode:|restart counter' | sed 's/^\[ *[0-9.]*\] //' | head -20 | tee -a "$REPORT"
    say "---"
    grep -a 'VERIFY: data-partition:' "$LOG2" | head -3 | tee -a "$REPORT" >/dev/null
    check_new_data_partition "no-data boot" "$DISK2"
    started=$(field tactibox-started-us "$LOG2")
    say "no-data boot (virt): tactibox.service started ${started:-?} us after kernel start"
    [ "$KEEP" = yes ] || rm -f "$DISK" "$DISK2"
fi

# ---- 5. the Pi 3 board under qemu -M raspi3b --------------------------------------------------------
mt mcopy "$IMG" ::bcm2837-rpi-3-b.dtb "$V/bcm2837-rpi-3-b.dtb" 2>/dev/null
if [ -f "$V/vmlinuz" ] && [ -f "$V/bcm2837-rpi-3-b.dtb" ]; then
    DISK3=$V/disk-raspi3b.img
    prepare_disk "$DISK3" 2G --headless          # 2 GiB: an SD card's size must be a power of two
    sfdisk --quiet --delete "$DISK3" 3           # the pi-gen layout: partition 3 made on first boot
    LOG3=$V/serial-raspi3b.log
    say "booting under qemu-system-aarch64 -M raspi3b (the image's kernel and initrd, bcm2837-rpi-3-b.dtb, usb-kbd) ..."
    # The upstream Pi 3 tree gives the PL011 to Bluetooth (serdev, no tty) and the mini UART to
    # the header, so the console goes to the mini UART: qemu's second serial port (ttyS1).
    append="root=LABEL=tbroot console=ttyS1,115200 loglevel=6 printk.time=1 fsck.repair=yes net.ifnames=0 rootwait"
    append="$append systemd.show_status=1 systemd.journald.forward_to_console=1"
    append="$append systemd.run=\"/bin/sh /boot/firmware/tactibox-verify.sh\" systemd.wants=kernel-command-line.service"
    append="$append systemd.run_success_action=poweroff systemd.run_failure_action=poweroff"
    t0=$(date +%s)
    timeout 2400 qemu-system-aarch64 -M raspi3b -m 1G -smp 4 -display none -no-reboot \
        -serial null -serial "file:$LOG3" -monitor none \
        -kernel "$V/vmlinuz" -initrd "$V/initrd.img" -dtb "$V/bcm2837-rpi-3-b.dtb" -append "$append" \
        -drive "file=$DISK3,format=raw,if=sd" -device usb-kbd
    say "qemu raspi3b run: $(( $(date +%s) - t0 )) s wall clock (boot, checks, power-off)"
    check "raspi3b: Tactibox service started" grep -aq 'Started tactibox.service' "$LOG3"
    started=$(field tactibox-started-us "$LOG3")
    if [ -n "$started" ] && [ "$started" != 0 ]; then
        ok "raspi3b: Tactibox started $(python3 -c "print(f'{$started/1e6:.1f}')") s after kernel start (qemu TCG)"
    else
        bad "raspi3b: no start time for tactibox.service"
    fi
    check "raspi3b: dwc2 bound to the USB controller" sh -c "test \"\$(grep -a 'VERIFY: dwc2-bound=' '$LOG3' | head -1 | sed 's/.*=//' | tr -d '\r')\" -ge 1"
    say "raspi3b: usb keyboard: $(field usb-keyboard "$LOG3")"
    check "raspi3b: the qemu USB keyboard is an input device" sh -c "grep -a 'VERIFY: usb-keyboard=event' '$LOG3' >/dev/null"
    check "raspi3b: the game's user can read it (group input)" test "$(field usb-keyboard-readable-by-game "$LOG3")" = yes
    say "raspi3b: /dev/tactibox-link -> $(field link-uart "$LOG3") ($(field link-uart-compatible "$LOG3"))"
    check "raspi3b: /dev/tactibox-link is the mini UART on GPIO14/15" sh -c "grep -a 'VERIFY: link-uart-compatible=' '$LOG3' | grep -q 'brcm,bcm2835-aux-uart'"
    check "raspi3b: no kernel module failed to load" test "$(field module-errors "$LOG3")" = 0
    grep -a 'VERIFY: module-error:' "$LOG3" | head -5 | tee -a "$REPORT" >/dev/null
    check "raspi3b: systemd-modules-load did not fail" test "$(field modules-load "$LOG3")" != failed
    failed=$(field failed-units "$LOG3")
    if [ -z "$(echo "$failed" | tr -d ' ')" ]; then ok "raspi3b: no failed units"; else bad "raspi3b: failed units: $failed"; fi
    check "raspi3b: Wi-Fi (wpa_supplicant) not running" sh -c "! grep -aq 'Started wpa_supplicant.service' '$LOG3'"
    check "raspi3b: the headless game printed its battle log" grep -aq 'tactibox\[[0-9]*\]: -- turn 1:' "$LOG3"
    say "--- Tactibox output (journal, headless, raspi3b) ---"
    grep -a 'tactibox\[[0-9]*\]:' "$LOG3" | sed 's/^\[ *[0-9.]*\] //' | head -12 | tee -a "$REPORT"
    say "---"
    input_checks "raspi3b" "$LOG3"
    check_new_data_partition "raspi3b" "$DISK3"
    [ "$KEEP" = yes ] || rm -f "$DISK3"
else
    bad "raspi3b boot skipped: no kernel or no bcm2837-rpi-3-b.dtb on the boot partition"
fi

say "verify: $FAILED check(s) failed"
[ "$FAILED" = 0 ]
