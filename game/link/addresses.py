"""Link addresses: this unit's LAN address (so the other unit knows what to type) and parsing
what a player typed on the on-screen keyboard ("192.168.1.20", "192.168.1.20 7777", "host:7777")."""

from __future__ import annotations

import socket

DEFAULT_TCP_PORT = 7777


def local_addresses() -> list[str]:
    """This machine's LAN address(es), best effort; [] when there is no network."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))         # TEST-NET-1: picks the outgoing interface, sends nothing
            ip = s.getsockname()[0]
            if ip and not ip.startswith("127.") and ip != "0.0.0.0":
                found.append(ip)
    except OSError:
        pass
    return found


def parse_address(text: str, default_port: int = DEFAULT_TCP_PORT) -> str:
    """'192.168.1.20 7777' -> 'tcp://192.168.1.20:7777'. Raises ValueError naming the problem."""
    t = text.strip().replace(" ", ":")
    while "::" in t:
        t = t.replace("::", ":")
    if not t:
        raise ValueError("no address typed")
    host, _, port = t.partition(":")
    if not host or any(ch not in "abcdefghijklmnopqrstuvwxyz0123456789.-_" for ch in host.lower()):
        raise ValueError(f"{text!r}: type an address like 192.168.1.20 (then a space and the port)")
    if port:
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise ValueError(f"{text!r}: the port must be a number 1..65535")
    return f"tcp://{host}:{port or default_port}"
