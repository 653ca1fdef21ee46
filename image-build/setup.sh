#!/bin/sh
# Turn a Debian bookworm (raspi-firmware) or Raspberry Pi OS root filesystem into a Tactibox
# appliance. Runs INSIDE the target (chroot, qemu-user) as root; both recipes call it:
#   build.sh (mmdebstrap customize hook)  and  pi-gen-stage/00-tactibox/01-run-chroot.sh.
# Expects next to itself: boot-config.sh rootfs/ boot/ boot-files/ and wheels/ (or TACTIBOX_WHEELS=DIR).
# Idempotent: running it twice gives the same system.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
WHEELS=${TACTIBOX_WHEELS:-$HERE/wheels}
VENV=/opt/tactibox/venv
BOOT=/boot/firmware
GAME_USER=tactibox
GAME_GROUPS="input gpio dialout video audio render"
HOSTNAME=tactibox

log() { echo "tactibox-setup: $*"; }

if [ -e /etc/rpi-issue ] || dpkg-query -W -f='${Status}' raspberrypi-sys-mods 2>/dev/null | grep -q installed; then
    FLAVOUR=rpios
else
    FLAVOUR=debian
fi
log "flavour: $FLAVOUR"

# --- files: units, drop-ins, udev rules, helpers (one tree for both flavours) -------------
cp -a --no-preserve=ownership "$HERE/rootfs/." /
chmod 0755 /usr/lib/tactibox/* /etc/kernel/postinst.d/z51-tactibox-cmdline /etc/initramfs-tools/hooks/tactibox-fsck \
    /etc/initramfs/post-update.d/z49-tactibox-boot-copy
mkdir -p "$BOOT/tactibox"
cp -r --no-preserve=ownership "$HERE/boot-files/." "$BOOT/tactibox/"

# --- the game's user ------------------------------------------------------------------------
getent group gpio >/dev/null || groupadd --system gpio
if ! id "$GAME_USER" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir /var/lib/tactibox --no-create-home \
        --shell /usr/sbin/nologin --comment "Tactibox game" "$GAME_USER"
fi
for g in $GAME_GROUPS; do
    if getent group "$g" >/dev/null; then
        usermod -a -G "$g" "$GAME_USER"
    else
        log "warning: group $g does not exist here; $GAME_USER is not in it"
    fi
done
# root-owned and sticky: the game keeps its files here, root keeps .system (see tmpfiles.d)
install -d -o root -g "$GAME_USER" -m 1775 /var/lib/tactibox

# --- hostname ---------------------------------------------------------------------------------
echo "$HOSTNAME" > /etc/hostname
if grep -q '^127\.0\.1\.1' /etc/hosts 2>/dev/null; then
    sed -i "s/^127\.0\.1\.1.*/127.0.1.1\t$HOSTNAME/" /etc/hosts
else
    printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' "$HOSTNAME" > /etc/hosts
fi

# --- Tactibox in a venv (system site-packages: Raspberry Pi OS's python3-lgpio shows through) --
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv --system-site-packages "$VENV"
fi
"$VENV/bin/python" -m pip --version >/dev/null 2>&1 || "$VENV/bin/python" -m ensurepip --default-pip
extra=""
if ls "$WHEELS"/lgpio-*.whl >/dev/null 2>&1; then extra=lgpio; fi
"$VENV/bin/python" -m pip install --quiet --no-index --no-cache-dir --find-links "$WHEELS" \
    --upgrade --force-reinstall tactibox $extra
"$VENV/bin/python" -c "import game, pygame, serial, cobs, gpiozero, tomli_w, PIL, lgpio"
log "installed $("$VENV/bin/python" -m pip list --format=freeze 2>/dev/null | grep -i '^tactibox==')"
# An appliance installs by reflashing, not with pip: pip (16 MB) and setuptools (8 MB, which
# nothing imports at run time) go, and so do pygame-ce's manual, test suite and examples (16 MB).
"$VENV/bin/python" -m pip uninstall --quiet --yes setuptools
"$VENV/bin/python" -m pip uninstall --quiet --yes pip
site=$("$VENV/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
rm -rf "$site/pygame/docs" "$site/pygame/tests" "$site/pygame/examples"
for gone in setuptools pip pygame/docs pygame/tests pygame/examples; do
    [ ! -e "$site/$gone" ] || { echo "setup.sh: $site/$gone is still there" >&2; exit 1; }
done
"$VENV/bin/python" -c "import game, pygame, serial, cobs, gpiozero, tomli_w, PIL, lgpio"

# --- boot configuration: UART for the link cable, quiet boot, console off tty1 ----------------
if [ "$FLAVOUR" = debian ]; then
    # raspi-firmware regenerates config.txt and cmdline.txt from /etc/default on every kernel or
    # initramfs update; z51-tactibox-cmdline then drops `rw` (overlayroot wants a ro lower root).
    sh "$HERE/boot-config.sh" debian /etc/default
else
    sh "$HERE/boot-config.sh" rpios "$BOOT"
fi

# --- /etc/fstab -----------------------------------------------------------------------------
fstab_set() {  # fstab_set MOUNTPOINT "LINE": replace that mount point's line or append it
    tmp=$(mktemp)
    awk -v mp="$1" '$2 != mp' /etc/fstab > "$tmp" 2>/dev/null || true
    echo "$2" >> "$tmp"
    cat "$tmp" > /etc/fstab
    rm -f "$tmp"
}
touch /etc/fstab
# No x-systemd.device-timeout: systemd's DefaultDeviceTimeoutSec= (90 s) applies, which a
# system.conf drop-in can lengthen (verify.sh does for boots under emulation on a busy machine,
# where udev started only after the boot partition's former 30 s had run out). A Pi has its
# devices within seconds; `nofail` lets the game start without a partition that never comes.
boot_opts="ro,noatime,fmask=0133,dmask=0022,nofail"
data_line="LABEL=tbdata /var/lib/tactibox ext4 defaults,noatime,nofail,x-systemd.growfs 0 2"
if [ "$FLAVOUR" = debian ]; then
    fstab_set / "LABEL=tbroot / ext4 ro,noatime,errors=remount-ro 0 1"
    fstab_set /boot/firmware "LABEL=TBBOOT /boot/firmware vfat $boot_opts 0 2"
else
    spec=$(awk '$2 == "/boot/firmware" { print $1 }' /etc/fstab)
    fstab_set /boot/firmware "${spec:-LABEL=bootfs} /boot/firmware vfat $boot_opts 0 2"
fi
fstab_set /var/lib/tactibox "$data_line"

# --- services: the game on tty1, nothing else that an appliance does not need -----------------
systemctl enable tactibox.service tactibox-data-partition.service tactibox-wifi.service \
    tactibox-poweroff.path systemd-networkd.service ssh.service
if [ -e /usr/lib/systemd/system/systemd-resolved.service ]; then
    systemctl enable systemd-resolved.service
fi
systemctl mask getty@tty1.service
for unit in apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer \
        e2scrub_reap.service fstrim.timer man-db.timer systemd-timesyncd.service \
        dphys-swapfile.service rpi-eeprom-update.service userconfig.service \
        systemd-networkd-wait-online.service NetworkManager.service \
        NetworkManager-wait-online.service ModemManager.service bluetooth.service \
        hciuart.service triggerhappy.service triggerhappy.socket cron.service \
        console-setup.service keyboard-setup.service regenerate_ssh_host_keys.service \
        sshswitch.service systemd-logind.service wpa_supplicant.service; do
    if [ -e "/usr/lib/systemd/system/$unit" ] || [ -e "/lib/systemd/system/$unit" ] || [ -e "/etc/systemd/system/$unit" ]; then
        systemctl disable --quiet "$unit" 2>/dev/null || true
        case "$unit" in
            dphys-swapfile.service|userconfig.service|systemd-logind.service|systemd-timesyncd.service|systemd-networkd-wait-online.service|NetworkManager-wait-online.service|regenerate_ssh_host_keys.service|sshswitch.service|wpa_supplicant.service)
                # would write to or wait on the system; wpa_supplicant.service (enabled by the
                # package, also D-Bus activated) would bring Wi-Fi up on every boot, while
                # tactibox-wifi.service runs wpa_supplicant itself only when the owner asks
                systemctl mask --quiet "$unit" ;;
        esac
    fi
done
systemctl set-default multi-user.target

# --- SSH: host keys are made on the data partition when SSH is first switched on --------------
rm -f /etc/ssh/ssh_host_*

# --- initramfs with overlayroot (and, on Debian, regenerated config.txt / cmdline.txt) -------
if ls /boot/initrd.img-* >/dev/null 2>&1 || [ "$FLAVOUR" = rpios ]; then
    update-initramfs -u -k all
else
    for version in $(ls /lib/modules); do update-initramfs -c -k "$version"; done
fi

# --- one identity per card, not per image ------------------------------------------------------
: > /etc/machine-id
rm -f /var/lib/dbus/machine-id
log "done"
