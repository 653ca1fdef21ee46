#!/bin/sh
# Apply Tactibox's boot settings (image-build/boot/config.txt and boot/cmdline.txt).
#
#   boot-config.sh debian ETC_DEFAULT_DIR   Debian's raspi-firmware: write raspi-firmware,
#                                           raspi-firmware-custom and raspi-extra-cmdline there
#                                           (raspi-firmware regenerates config.txt/cmdline.txt
#                                           from them on every kernel or initramfs update).
#   boot-config.sh rpios BOOT_DIR           Raspberry Pi OS: edit BOOT_DIR/config.txt (a marked
#                                           block, replaced on every run) and BOOT_DIR/cmdline.txt
#                                           (drop console=*, rw and the first-boot resizer, then
#                                           add the fragment's words once).
# Called by setup.sh; idempotent; needs no root when the directories are writable.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
MARK_BEGIN="# >>> tactibox (image-build/boot/config.txt) >>>"
MARK_END="# <<< tactibox <<<"
flavour=${1:?usage: boot-config.sh debian|rpios DIR}
dir=${2:?usage: boot-config.sh debian|rpios DIR}
fragment_cmdline=$(grep -v '^#' "$HERE/boot/cmdline.txt" | tr '\n' ' ' | tr -s ' ')
fragment_cmdline=${fragment_cmdline% }

case "$flavour" in
debian)
    cat > "$dir/raspi-firmware" <<'EOF'
# Tactibox (image-build/boot-config.sh). See raspi-firmware's documentation for every setting.
# Root by label (the image's partition 2); consoles come from raspi-extra-cmdline (tty3 only,
# so nothing is printed over the game on tty1 and the UART stays free for the link cable).
ROOTPART="LABEL=tbroot"
CONSOLES=""
# The kernel's built-in 64 MB CMA pool suits vc4; passing cma= breaks some Pi 4 boards.
CMA=0
EOF
    cp "$HERE/boot/config.txt" "$dir/raspi-firmware-custom"
    echo "$fragment_cmdline" > "$dir/raspi-extra-cmdline"
    ;;
rpios)
    cfg=$dir/config.txt
    touch "$cfg"
    tmp=$(mktemp)
    awk -v b="$MARK_BEGIN" -v e="$MARK_END" '$0 == b { skip = 1 } !skip { print } $0 == e { skip = 0 }' "$cfg" > "$tmp"
    { echo "$MARK_BEGIN"; cat "$HERE/boot/config.txt"; echo "$MARK_END"; } >> "$tmp"
    cat "$tmp" > "$cfg"
    rm -f "$tmp"
    cmd=$dir/cmdline.txt
    old=$(cat "$cmd" 2>/dev/null || true)
    new=""
    for tok in $old; do
        case "$tok" in
            # the serial console would talk over the link cable; tty1 belongs to the game; the
            # lower root stays read-only; RPi OS's first-boot resizer would eat the space that
            # the data partition needs (tactibox-data-partition.service makes it instead).
            console=*) case " $fragment_cmdline " in *" $tok "*) new="$new $tok" ;; esac ;;
            rw|init=/usr/lib/raspberrypi-sys-mods/firstboot) ;;
            *) new="$new $tok" ;;
        esac
    done
    for tok in $fragment_cmdline; do
        case " $new " in *" $tok "*) ;; *) new="$new $tok" ;; esac
    done
    echo "${new# }" > "$cmd"
    ;;
*)
    echo "boot-config.sh: unknown flavour $flavour (debian or rpios)" >&2
    exit 2
    ;;
esac
