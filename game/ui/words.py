"""Problems and places in a player's words: no "[Errno 2]", no "tcp://:7777", no "08_arena"."""

from __future__ import annotations

import errno
import re

ERRNO_WORDS = {
    errno.ENOENT: "it is not there", errno.EACCES: "Tactibox may not use it (permission)",
    errno.EPERM: "Tactibox may not use it (permission)", errno.EBUSY: "another program is using it",
    errno.ENOSPC: "the storage is full", errno.EROFS: "the storage is read-only",
    errno.EADDRINUSE: "another program already listens there", errno.ECONNREFUSED: "nobody answered there",
    errno.EHOSTUNREACH: "that address cannot be reached", errno.ENETUNREACH: "no network",
    errno.ETIMEDOUT: "no answer in time", errno.EIO: "the device stopped answering",
    errno.ENODEV: "the device is gone", errno.ENXIO: "the device is gone",
}
_ERRNO_PREFIX = re.compile(r"\[Errno -?\d+\]\s*")


def problem_words(exc: BaseException) -> str:
    """An error as a short phrase a player can act on."""
    if isinstance(exc, OSError) and exc.errno in ERRNO_WORDS:
        return ERRNO_WORDS[exc.errno]
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    text = _ERRNO_PREFIX.sub("", str(exc)).strip()
    return text or type(exc).__name__


def place_words(port: str) -> str:
    """A cable or network place: "/dev/ttyUSB0" stays, "tcp://:7777" is "the network, port 7777"."""
    if port.startswith("tcp://:"):
        return f"the network (port {port[7:]})"
    if port.startswith("tcp://"):
        host, _, p = port[6:].rpartition(":")
        return f"{host} on the network (port {p})" if host else f"the network (port {p})"
    return port


def map_words(map_id: str) -> str:
    """A map's id as a name: "08_arena" -> "Arena" (when the replay did not keep the map's name)."""
    words = [w for w in re.split(r"[_\s-]+", map_id) if w and not w.isdigit()]
    return " ".join(words).capitalize() if words else map_id
