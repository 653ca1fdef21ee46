"""Serial port discovery for the link menu: which cables could lead to another unit.

    from hw.ports import list_ports
    for p in list_ports():
        print(p.label, "→", p.device)     # "Link cable (GPIO 14/15 → ttyS1)" → /dev/tactibox-link

Found, in menu order:
1. the link cable's UART on GPIO 14/15 (pins 8/10): `/dev/tactibox-link`, which the image's udev
   rule points at whichever UART is on the header (the mini UART `serial1` on Debian's upstream
   device trees, `serial0` on Raspberry Pi OS). Without that link, the alias `/dev/serial0` is
   taken as the header UART (Raspberry Pi OS's convention); the other `serialN` aliases follow
   as SoC UARTs (usually the Bluetooth chip);
2. other SoC UARTs on a Pi: `/dev/ttyAMA*` (extra PL011s on a Pi 4/5 with overlays), and
   `/dev/ttyS0` when no alias points to it. pyserial's own list hides these ("platform" devices),
   which is why they are looked up here by name;
3. USB adapters and boards (`/dev/ttyUSB*`, `/dev/ttyACM*`) from `serial.tools.list_ports`, named
   by product and serial number, opened through their `/dev/serial/by-id/…` link when there is
   one — that name survives unplugging and replugging into another USB socket (the kernel may
   hand out ttyUSB1 the second time), so a pulled cable can be found again.

A PC's legacy `/dev/ttyS*` placeholders are not listed (they exist whether or not a port does).
Nothing here opens a port or raises for a missing one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

KIND_ORDER = {"gpio-uart": 0, "soc-uart": 1, "usb": 2}
LINK_NAME = "tactibox-link"     # the image's udev rule: the UART on GPIO 14/15


@dataclass(frozen=True)
class PortInfo:
    device: str      # the path to open (a stable alias where one exists)
    label: str       # what the menu shows
    kind: str        # "gpio-uart" | "soc-uart" | "usb"
    name: str        # kernel name, e.g. "ttyUSB0"

    def sort_key(self) -> tuple:
        return (KIND_ORDER.get(self.kind, 9), _natural(self.name if self.kind != "gpio-uart" else self.device))


def _natural(text: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


def is_raspberry_pi(model_path: str = "/proc/device-tree/model") -> bool:
    try:
        with open(model_path, "rb") as f:
            return b"Raspberry Pi" in f.read(256)
    except OSError:
        return False


def _default_comports() -> Iterable:
    try:
        from serial.tools import list_ports
        return list_ports.comports()
    except Exception:   # noqa: BLE001 - discovery must never take the menu down
        return []


def _by_id_links(dev: str) -> dict[str, str]:
    """realpath of device → its /dev/serial/by-id link."""
    out: dict[str, str] = {}
    folder = os.path.join(dev, "serial", "by-id")
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return out
    for n in names:
        link = os.path.join(folder, n)
        out.setdefault(os.path.realpath(link), link)
    return out


def _usb_label(info, name: str) -> str:
    product = (getattr(info, "product", None) or "").strip()
    desc = (getattr(info, "description", None) or "").strip()
    maker = (getattr(info, "manufacturer", None) or "").strip()
    what = product or (desc if desc and desc != "n/a" else "") or maker or "serial adapter"
    if what.endswith(f"({name})"):
        what = what[: -len(name) - 2].strip()
    serial_no = (getattr(info, "serial_number", None) or "").strip()
    kind = "USB board" if name.startswith("ttyACM") else "USB serial"
    return f"{kind}: {what} ({name}{', #' + serial_no[-6:] if serial_no else ''})"


def list_ports(dev: str = "/dev", *, comports: Callable[[], Iterable] | None = None,
               model_path: str = "/proc/device-tree/model") -> list[PortInfo]:
    found: list[PortInfo] = []
    seen: set[str] = set()                # realpaths already listed
    pi = is_raspberry_pi(model_path)

    link = os.path.join(dev, LINK_NAME)
    if os.path.exists(link):
        real = os.path.realpath(link)
        target = os.path.basename(real)
        found.append(PortInfo(link, f"Link cable (GPIO 14/15 → {target})", "gpio-uart", target))
        seen.add(real)
    for alias in ("serial0", "serial1"):
        path = os.path.join(dev, alias)
        if os.path.exists(path):
            real = os.path.realpath(path)
            if real in seen:
                continue
            target = os.path.basename(real)
            if alias == "serial0" and not found:
                found.append(PortInfo(path, f"GPIO UART (GPIO 14/15): serial0 → {target}", "gpio-uart", target))
            else:      # serial1 (or serial0 beside the link) is normally the Bluetooth chip
                found.append(PortInfo(path, f"Pi UART: {alias} → {target} (often Bluetooth)", "soc-uart", target))
            seen.add(real)

    try:
        names = sorted(os.listdir(dev), key=_natural)
    except OSError:
        names = []
    for n in names:
        path = os.path.join(dev, n)
        real = os.path.realpath(path)
        if real in seen:
            continue
        if re.fullmatch(r"ttyAMA\d+", n) or (pi and n == "ttyS0"):
            label = "Pi mini UART" if n == "ttyS0" else "Pi UART"
            found.append(PortInfo(path, f"{label} ({n})", "soc-uart", n))
            seen.add(real)

    by_id = _by_id_links(dev)
    usb_seen: set[str] = set()
    for info in (comports or _default_comports)():
        device = getattr(info, "device", "") or ""
        name = os.path.basename(device)
        if not re.fullmatch(r"tty(USB|ACM)\d+", name):
            continue
        real = os.path.realpath(device)
        if real in seen:
            continue
        found.append(PortInfo(by_id.get(real, device), _usb_label(info, name), "usb", name))
        seen.add(real)
        usb_seen.add(name)
    for n in names:                        # adapters the enumeration missed (no sysfs in a container)
        if re.fullmatch(r"tty(USB|ACM)\d+", n) and n not in usb_seen:
            path = os.path.join(dev, n)
            real = os.path.realpath(path)
            if real not in seen:
                kind = "USB board" if n.startswith("ttyACM") else "USB serial"
                found.append(PortInfo(by_id.get(real, path), f"{kind} ({n})", "usb", n))
                seen.add(real)

    return sorted(found, key=PortInfo.sort_key)
