"""Content sync for a session: the host sends the rulesets/maps the guest lacks, the guest installs them.

HELLO carries `{name: hash}` for each content item (opaque to the link). For every item whose
hash differs the host calls `content_provider(name)` and sends the bytes as a compressed blob;
the guest calls `install_content(name, blob)`, which returns the item's new hash, and answers
CONTENT_RESULT. Progress goes to `on_progress(Progress(...))` on both units. Mixed into
`Session` (session.py), which owns the link and the state machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .blob import BLOB_CHUNK, PURPOSE_CONTENT, blob_messages
from .messages import ERR_CONTENT_INSTALL, ERR_CONTENT_MISMATCH, ERR_CONTENT_UNAVAILABLE, ContentResult
from .reliable import MAX_PAYLOAD


@dataclass
class Progress:
    direction: str      # "send" | "receive"
    what: str           # "ruleset", "map", "snapshot"
    done: int           # bytes (compressed, as carried)
    total: int

    @property
    def fraction(self) -> float:
        return 1.0 if self.total <= 0 else min(1.0, self.done / self.total)

    def __str__(self) -> str:
        verb = "sending" if self.direction == "send" else "receiving"
        return f"{verb} {self.what}: {self.done}/{self.total} bytes ({self.fraction:.0%})"


class _Outgoing:
    """Progress of one blob on its way out (measured by the other side's acks)."""

    def __init__(self, what: str, first: int, sizes: list[int]) -> None:
        self.what, self.first, self.sizes = what, first, sizes
        self.total = sum(sizes)

    def done(self, acked_total: int) -> int:
        n = max(0, min(len(self.sizes), acked_total - self.first))
        return sum(self.sizes[:n])


class ContentSync:
    """Content-transfer half of `Session` (uses its link, peer, content and callbacks)."""

    def _sync_content(self) -> None:
        assert self.peer is not None
        differing = [n for n, h in self.content.items() if self.peer.content.get(n) != h]
        for name in differing:
            data = None
            if self.content_provider is not None:
                try:
                    data = self.content_provider(name)
                except (OSError, ValueError) as exc:
                    self._log(f"cannot send {name}: {exc}")
            if data is None:
                self._turn_away(ERR_CONTENT_UNAVAILABLE, f"the units have different {name} and the host cannot send it",
                                self._joined(f"has a different {name}, which this unit cannot send"))
                return
            msgs = blob_messages(PURPOSE_CONTENT, name.encode("utf-8"), data, min(MAX_PAYLOAD, BLOB_CHUNK))
            first = None
            for m in msgs:
                n = self._send(m)
                first = n if first is None else first
            self._outgoing.append(_Outgoing(name, first, [len(m) for m in msgs]))
            self._pending_content.add(name)
            self._log(f"sending {name}: {len(data)} bytes in {len(msgs)} frames")
        if not self._pending_content:
            self._after_content()

    def _joined(self, what: str) -> str:
        name = self.peer.unit_name if self.peer is not None and self.peer.unit_name else "a unit"
        return f"{name} joined but {what}"

    def _send_progress(self) -> None:
        if not self._outgoing:
            return
        acked = self.link.acked_total
        for out in list(self._outgoing):
            done = out.done(acked)
            p = Progress("send", out.what, done, out.total)
            if self.progress is None or (p.what, p.done) != (self.progress.what, self.progress.done):
                self.progress = p
                if self.on_progress:
                    self.on_progress(p)
            if done >= out.total:
                self._outgoing.remove(out)
            else:
                break

    def _install(self, name: str, data: bytes, wire_size: int) -> None:
        self.progress = Progress("receive", name, wire_size, wire_size)
        if self.on_progress:
            self.on_progress(self.progress)
        if self.is_host:
            raise ValueError("the host does not accept content")
        want = self.peer.content.get(name) if self.peer else None
        if self.install_content is None:
            self._send(ContentResult(name, False, b"", "this unit cannot install content").encode())
            self._fail(ERR_CONTENT_INSTALL, f"the other unit has a different {name} and this unit cannot install it",
                       tell_peer=False)
            return
        try:
            digest = self.install_content(name, data)
        except (OSError, ValueError) as exc:
            self._send(ContentResult(name, False, b"", str(exc)).encode())
            self._fail(ERR_CONTENT_INSTALL, f"could not install the host's {name}: {exc}", tell_peer=False)
            return
        digest = bytes(digest or b"")
        self.content[name] = digest
        ok = digest == want
        self._send(ContentResult(name, ok, digest, "" if ok else "hash differs after install").encode())
        self._log(f"installed the host's {name} ({len(data)} bytes)" + ("" if ok else " — hash still differs"))
        if not ok:
            self._fail(ERR_CONTENT_MISMATCH, f"{name} still differs from the host's after installing it",
                       tell_peer=False)

    def _on_content_result(self, r: ContentResult) -> None:
        if not self.is_host or r.name not in self._pending_content:
            raise ValueError(f"unexpected CONTENT_RESULT for {r.name!r}")
        if not r.ok or r.digest != self.content.get(r.name):
            self._turn_away(ERR_CONTENT_INSTALL, f"could not install the host's {r.name}",
                            self._joined(f"could not install {r.name}: {r.text or 'hash differs'}"))
            return
        self._pending_content.discard(r.name)
        self._log(f"the other unit installed {r.name}")
        if not self._pending_content:
            self._after_content()
