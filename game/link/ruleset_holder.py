"""The Skirmish ruleset a unit links with: the host sends it when the hashes differ, the guest
installs the host's copy (in its data folder, `rulesets/link-received`) and plays with that."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("tactibox.link")


class RulesetHolder:
    """`install_dir`: the folder for received rulesets, or a function giving it (asked only
    when a ruleset actually arrives)."""

    def __init__(self, rs, install_dir: Path | Callable[[], Path]) -> None:
        self.rs = rs
        self._install_dir = install_dir

    @property
    def install_dir(self) -> Path:
        d = self._install_dir
        return Path(d() if callable(d) else d)

    @property
    def content_hash(self) -> bytes | None:
        return bytes.fromhex(self.rs.content_hash) if self.rs is not None else None

    def provide(self, name: str) -> bytes:
        """Host: the ruleset as a deterministic zip (`content_provider`)."""
        from game.link.content import pack_ruleset
        if self.rs is None:
            raise ValueError("no ruleset loaded")
        return pack_ruleset(self.rs.path)

    def install(self, name: str, blob: bytes) -> bytes:
        """Guest: install the host's ruleset and play with it; returns its hash (`install_content`).
        A broken or hostile blob raises ValueError, nothing is installed and the ruleset in use
        stays (game/link/content.py lists the checks)."""
        from game.link.content import install_ruleset_checked
        try:
            rs = install_ruleset_checked(blob, self.install_dir, "link-received")
        except ValueError:
            raise
        except (RecursionError, MemoryError) as exc:
            # the bounded readers should make this unreachable; the host's bytes are untrusted,
            # so an unforeseen decoder failure refuses the ruleset instead of ending the app
            log.warning("received ruleset refused by a last-resort check: %r", exc)
            raise ValueError(f"ruleset blob: refused ({type(exc).__name__})") from None
        self.rs = rs
        return bytes.fromhex(rs.content_hash)
