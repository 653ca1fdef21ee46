#!/bin/sh
# Runs inside the booted image (verify.sh copies it to the boot partition as tactibox-verify.sh and
# boots with systemd.run=), reports VERIFY: lines to the serial console; the boot then powers off.
# With tactibox-expect-safe-mode on the boot partition it seeds a settings.toml on the data
# partition and waits for the game's safe-mode start. Needs tactibox-uinput.py and
# tactibox-sdl-pad.py next to it (uinput-devices.py, sdl-pad.py).
exec > /dev/console 2>&1
echo "VERIFY: begin"
F=/boot/firmware
if [ -e $F/tactibox-expect-safe-mode ]; then
    # a file the safe-mode start must set aside, written as soon as the data partition is there
    i=0
    while [ $i -lt 600 ] && ! mountpoint -q /var/lib/tactibox; do sleep 0.5; i=$((i + 1)); done
    printf 'volume = 3\n# written by verify.sh before the safe-mode start\n' > /var/lib/tactibox/settings.toml
    chown tactibox:tactibox /var/lib/tactibox/settings.toml
fi
i=0
while [ $i -lt 300 ] && [ "$(systemctl show -p ExecMainStartTimestampMonotonic --value tactibox.service)" = 0 ]; do
    sleep 1; i=$((i + 1))
done
if [ -e $F/tactibox-expect-safe-mode ]; then
    i=0
    while [ $i -lt 600 ] && ! journalctl -b -u tactibox.service -o cat --no-pager | grep -q 'safe mode:'; do
        sleep 1; i=$((i + 1))
    done
    echo "VERIFY: safe-mode-after-s=$i"
fi
# let it run a while: a crash would show up as restarts (and 20 s make a run healthy)
sleep 25
echo "VERIFY: tactibox-active=$(systemctl is-active tactibox.service)"
echo "VERIFY: tactibox-started-us=$(systemctl show -p ExecMainStartTimestampMonotonic --value tactibox.service)"
echo "VERIFY: tactibox-restarts=$(systemctl show -p NRestarts --value tactibox.service)"
echo "VERIFY: tactibox-user=$(ps -o user= -C tactibox -C python3 | head -1)"
echo "VERIFY: tactibox-log-begin"
journalctl -b -u tactibox.service -o cat --no-pager | grep -v '^usage: tactibox' | head -40
echo "VERIFY: tactibox-log-end"
echo "VERIFY: failed-starts=$(tr -d '\n' < /var/lib/tactibox/.failed-starts 2>/dev/null)"
echo "VERIFY: safe-mode-folder=$(ls -d /var/lib/tactibox/safe-mode-* 2>/dev/null | tr '\n' ' ')"
echo "VERIFY: safe-mode-set-aside=$(ls /var/lib/tactibox/safe-mode-1 2>/dev/null | tr '\n' ' ')"
echo "VERIFY: safe-mode-journal=$(journalctl -b -u tactibox.service -o cat --no-pager | grep -c 'safe mode:')"
echo "VERIFY: root=$(findmnt -n -o FSTYPE,OPTIONS /)"
echo "VERIFY: root-ro=$(findmnt -n -o FSTYPE,OPTIONS /media/root-ro)"
echo "VERIFY: data=$(findmnt -n -o SOURCE,FSTYPE,OPTIONS /var/lib/tactibox)"
echo "VERIFY: data-size-k=$(df -k --output=size /var/lib/tactibox | tail -1 | tr -d ' ')"
echo "VERIFY: data-owner=$(stat -c %U /var/lib/tactibox)"
echo "VERIFY: boot=$(findmnt -n -o FSTYPE,OPTIONS /boot/firmware)"
echo "VERIFY: getty-tty1=$(systemctl is-enabled getty@tty1.service 2>&1)"
echo "VERIFY: ssh=$(systemctl is-active ssh.service) networkd=$(systemctl is-active systemd-networkd.service) wifi=$(systemctl is-active tactibox-wifi.service)"
echo "VERIFY: failed-units=$(systemctl list-units --failed --plain --no-legend | awk '{print $1}' | tr '\n' ' ')"
echo "VERIFY: hostname=$(cat /proc/sys/kernel/hostname)"
echo "VERIFY: serial0=$(readlink -f /dev/serial0)"
echo "VERIFY: link-uart=$(readlink -f /dev/tactibox-link)"
echo "VERIFY: link-uart-compatible=$(tr '\000' ' ' < /sys/class/tty/$(basename "$(readlink -f /dev/tactibox-link)")/device/of_node/compatible 2>/dev/null)"
echo "VERIFY: dwc2-bound=$(ls /sys/bus/platform/drivers/dwc2 2>/dev/null | grep -c '\.usb$')"
kbd=$(awk '/^N: Name=/ { name = $0 } /^H: Handlers=/ { if (name ~ /QEMU USB Keyboard/) { for (i = 2; i <= NF; i++) if ($i ~ /^event/) { sub(/^Handlers=/, "", $i); print $i } } }' /proc/bus/input/devices | head -1)
echo "VERIFY: usb-keyboard=${kbd:-none}"
if [ -n "$kbd" ] && setpriv --reuid=tactibox --regid=tactibox --init-groups dd if=/dev/input/$kbd of=/dev/null bs=1 count=0 2>/dev/null; then
    echo "VERIFY: usb-keyboard-readable-by-game=yes"
else
    echo "VERIFY: usb-keyboard-readable-by-game=no"
fi
echo "VERIFY: module-errors=$(journalctl -b -k -o cat --no-pager | grep -ciE 'unknown symbol|disagrees about version|module .* not found|failed to insert')"
journalctl -b -k -o cat --no-pager | grep -iE 'unknown symbol|failed to insert' | head -5 | sed 's/^/VERIFY: module-error: /'
echo "VERIFY: modules-load=$(systemctl is-active systemd-modules-load.service)"
echo "VERIFY: data-part-dev=$(findmnt -n -o SOURCE /var/lib/tactibox)"
echo "VERIFY: data-top=$(stat -c '%U:%G %a' /var/lib/tactibox)"
echo "VERIFY: dt-serial-aliases=$(ls /proc/device-tree/aliases 2>/dev/null | grep '^serial' | tr '\n' ' ')"
echo "VERIFY: gpiochip-group=$(stat -c %G /dev/gpiochip0 2>&1)"
echo "VERIFY: write-test=$(touch /etc/verify-write && echo overlay-writable)"
journalctl -b -u tactibox-data-partition.service -o cat --no-pager | sed 's/^/VERIFY: data-partition: /'
# udev: no worker stuck on an event (serial-alias searched the device tree for 58 s, item 21)
udev_slow=$(journalctl -b -u systemd-udevd -o cat --no-pager | grep -iE 'taking a long time|timed out|killing')
echo "VERIFY: udev-slow-all=$(printf '%s' "$udev_slow" | grep -c .)"
echo "VERIFY: udev-slow-serial=$(printf '%s' "$udev_slow" | grep -cE 'tty|serial')"
printf '%s\n' "$udev_slow" | grep . | head -3 | sed 's/^/VERIFY: udev-slow-event: /'
n=0
slowest=0
for tty in /sys/class/tty/ttyS* /sys/class/tty/ttyAMA*; do
    [ -e "$tty" ] || continue
    for args in "--link ${tty##*/}" "${tty##*/}"; do
        t0=$(date +%s%N)
        /usr/lib/tactibox/serial-alias $args >/dev/null 2>&1
        ms=$(( ($(date +%s%N) - t0) / 1000000 ))
        [ "$ms" -le "$slowest" ] || slowest=$ms
        n=$((n + 1))
    done
done
echo "VERIFY: serial-alias-calls=$n"
echo "VERIFY: serial-alias-slowest-ms=$slowest"
# a gamepad and a keyboard made with uinput: udev's classification (no vendor/model tables in the
# image) and SDL, as the game's user, seeing the pad and its presses
modprobe uinput 2>/dev/null
python3 $F/tactibox-uinput.py 120 > /tmp/uinput.log 2>&1 &
i=0
while [ $i -lt 60 ] && ! grep -q created /tmp/uinput.log; do sleep 1; i=$((i + 1)); done
udevadm settle --timeout=60
for what in pad keyboard; do
    ev=""
    for d in /sys/class/input/event*; do
        if [ "$(cat "$d/device/name" 2>/dev/null)" = "Tactibox verify $what" ]; then ev=${d##*/}; fi
    done
    echo "VERIFY: uinput-$what=${ev:-none}"
    if [ -n "$ev" ]; then
        echo "VERIFY: uinput-$what-udev=$(udevadm info --query=property --name=/dev/input/$ev | grep -E '^ID_INPUT_(JOYSTICK|KEYBOARD|KEY|MOUSE)=' | tr '\n' ' ')"
        echo "VERIFY: uinput-$what-group=$(stat -c %G /dev/input/$ev)"
    fi
done
echo "VERIFY: sdl-$(setpriv --reuid=tactibox --regid=tactibox --init-groups env HOME=/tmp SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 /opt/tactibox/venv/bin/python $F/tactibox-sdl-pad.py 2>&1 | tail -1)"
echo "VERIFY: end"
# The menu's Shutdown: the game (as its user) writes the request file, the root path unit powers
# off. If it does not, systemd.run_success_action powers off after this sleep instead.
setpriv --reuid=tactibox --regid=tactibox --init-groups sh -c 'echo poweroff > /run/tactibox/poweroff' \
    && echo "VERIFY: poweroff-requested=yes" || echo "VERIFY: poweroff-requested=no"
sleep 120
