"""Make a gamepad (an Xbox 360 pad's USB ids and controls) and a keyboard with /dev/uinput, then
press the pad's A button twice a second for ARGV[1] seconds.

Copied to the boot partition by verify.sh and run as root inside the booted image (check-boot.sh):
udev classifies the two devices without its vendor/model tables, and SDL, as the game's user,
must see the pad and its presses (sdl-pad.py). Standard library only (the image's python3).
"""

import fcntl
import os
import struct
import sys
import time

UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT = 0x40045564, 0x40045565, 0x40045567   # _IOW('U', 100/101/103, int)
UI_DEV_SETUP, UI_ABS_SETUP, UI_DEV_CREATE = 0x405C5503, 0x401C5504, 0x5501         # struct sizes 92, 28
EV_SYN, EV_KEY, EV_ABS, BUS_USB = 0, 1, 3, 3
BTN_SOUTH = 0x130
PAD_KEYS = [BTN_SOUTH, 0x131, 0x133, 0x134, 0x136, 0x137, 0x13A, 0x13B, 0x13C, 0x13D, 0x13E]
PAD_AXES = [(0, -32768, 32767), (1, -32768, 32767), (3, -32768, 32767), (4, -32768, 32767),
            (2, 0, 255), (5, 0, 255), (0x10, -1, 1), (0x11, -1, 1)]   # sticks, triggers, d-pad hat


def make(name: str, vendor: int, product: int, keys, axes) -> int:
    fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
    fcntl.ioctl(fd, UI_SET_EVBIT, EV_KEY)
    for key in keys:
        fcntl.ioctl(fd, UI_SET_KEYBIT, key)
    if axes:
        fcntl.ioctl(fd, UI_SET_EVBIT, EV_ABS)
    for axis, low, high in axes:
        fcntl.ioctl(fd, UI_SET_ABSBIT, axis)
        flat = 128 if high > 1 else 0
        # struct uinput_abs_setup: u16 code (+2 padding), input_absinfo {value, min, max, fuzz, flat, resolution}
        fcntl.ioctl(fd, UI_ABS_SETUP, struct.pack("HH6i", axis, 0, 0, low, high, 16 if flat else 0, flat, 0))
    # struct uinput_setup: input_id {bustype, vendor, product, version}, char name[80], u32 ff_effects_max
    fcntl.ioctl(fd, UI_DEV_SETUP, struct.pack("HHHH80sI", BUS_USB, vendor, product, 0x110, name.encode(), 0))
    fcntl.ioctl(fd, UI_DEV_CREATE)
    return fd


def emit(fd: int, kind: int, code: int, value: int) -> None:
    os.write(fd, struct.pack("llHHi", 0, 0, kind, code, value))    # struct input_event (64-bit time)


def main() -> None:
    pad = make("Tactibox verify pad", 0x045E, 0x028E, PAD_KEYS, PAD_AXES)
    keyboard = make("Tactibox verify keyboard", 0x1209, 0x0001, range(1, 128), [])
    print("created", flush=True)
    end = time.monotonic() + float(sys.argv[1])
    while time.monotonic() < end:
        for value in (1, 0):
            emit(pad, EV_KEY, BTN_SOUTH, value)
            emit(pad, EV_SYN, 0, 0)
            time.sleep(0.25)
    os.close(keyboard)


if __name__ == "__main__":
    main()
