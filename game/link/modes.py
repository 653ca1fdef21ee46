"""Linked games for any registered mode: what each unit puts in its `Session`.

    host_spec("duel", req=Request(turn_limit=300))            CLI host: the mode encodes the request
    host_spec("skirmish", setup=encode_setup(...), holder=h)   menus: the mode's own screen encoded it
    guest_spec(holder)                                         the joining unit plays what the host starts

START's option bytes are the mode tag (length byte + mode id) and then the mode's own setup
bytes, so the guest reads which mode the host started instead of guessing. Content compared at
hello: what each mode's link hook names (e.g. "duel-rules"), plus "ruleset" for a mode with
`rules_transfer` (the host sends its ruleset folder when the guest's differs; `RulesetHolder`),
and any key a mode's link hook lists in `transfer_keys` (its `provide`/`install` send and keep it).
The guest may offer its own side (a Skirmish formation): `guest_spec(sides={mode: side})` puts
the mode hook's `guest_offer(rules, side)` (<= 64 bytes) in its HELLO as `offer:<mode>`, and the
host's `prepare_options` merges it into the setup (`merge_offer`) before START.
Nothing here names a mode: the mode's link hook (`game.modes.driver.link_play`) does the rest.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from game.modes.registry import LINK_TAG_MAX, ModeEntry, Request, get_mode, modes

RULESET_KEY = "ruleset"
OFFER_PREFIX = "offer:"
MAX_OFFER = 64                  # bytes: a HELLO content value


@dataclass
class LinkGameSpec:
    content: dict[str, bytes]
    content_provider: Callable[[str], bytes] | None
    install_content: Callable[[str, bytes], bytes] | None
    options: bytes
    make_game: Callable[[int, bytes], object]
    summary: Callable[[object], dict]
    prepare_options: Callable[[dict, bytes], bytes] | None = None     # host: see Session


def tag_setup(mode_id: str, setup: bytes) -> bytes:
    tag = mode_id.encode("ascii")
    if not 1 <= len(tag) <= LINK_TAG_MAX:
        raise ValueError(f"mode id {mode_id!r}: 1..{LINK_TAG_MAX} bytes")
    return bytes([len(tag)]) + tag + bytes(setup)


def split_setup(data: bytes) -> tuple[str, bytes]:
    """START's option bytes -> (mode id, the mode's setup). ValueError for a broken tag."""
    data = bytes(data)
    if not data or not 1 <= data[0] <= LINK_TAG_MAX or len(data) < 1 + data[0]:
        raise ValueError("link setup: no mode tag")
    try:
        mode_id = data[1:1 + data[0]].decode("ascii")
    except UnicodeDecodeError:
        raise ValueError("link setup: the mode tag is not ASCII") from None
    return mode_id, data[1 + data[0]:]


def mode_of(adapter) -> str | None:
    """The mode id of a game made by a spec from here (None for anything else)."""
    return getattr(adapter, "link_mode", None)


def _play(entry: ModeEntry):
    from game.modes.driver import link_play
    return link_play(entry)


class _Rules:
    """Each mode's rules on this unit, loaded when first needed; the transferable ruleset is the
    holder's (replaced when the host sends its own)."""

    def __init__(self, holder=None, name: str | None = None) -> None:
        self.holder, self.name = holder, name
        self._cache: dict[str, object] = {}

    def get(self, entry: ModeEntry):
        if entry.rules_transfer:
            if self.holder is None:
                from game.link.ruleset_holder import RulesetHolder
                self.holder = RulesetHolder(_load(entry, self.name), _data_rulesets)
            return self.holder.rs
        if entry.id not in self._cache:
            self._cache[entry.id] = _load(entry, None)
        return self._cache[entry.id]

    def content(self, entry: ModeEntry) -> dict[str, bytes]:
        out = dict(_play(entry).content(self.get(entry)))
        if entry.rules_transfer and self.holder is not None and self.holder.content_hash is not None:
            out[RULESET_KEY] = self.holder.content_hash
        return out

    def _transfer(self, name: str):
        """The mode whose link hook sends content `name` itself (its `transfer_keys`)."""
        from game.modes.registry import offers
        for entry in modes():
            if offers(entry, "link"):
                play = _play(entry)
                if name in getattr(play, "transfer_keys", ()):
                    return entry, play
        return None, None

    def provide(self, name: str) -> bytes:
        if name == RULESET_KEY and self.holder is not None:
            return self.holder.provide(name)
        entry, play = self._transfer(name)
        if play is None:
            raise ValueError(f"this unit cannot send {name}")
        return play.provide(self.get(entry), name)

    def install(self, name: str, blob: bytes) -> bytes:
        if name == RULESET_KEY and self.holder is not None:
            return self.holder.install(name, blob)
        entry, play = self._transfer(name)
        if play is None:
            raise ValueError(f"this unit cannot install {name}")
        return play.install(self.get(entry), name, blob, folder=_mode_data(entry.id))


def _load(entry: ModeEntry, name: str | None):
    from game.modes.driver import load_rules
    return load_rules(entry, name)


def _mode_data(mode_id: str):
    """The folder a mode keeps what it receives over the link in: `<data folder>/<mode id>/`."""
    from pathlib import Path

    from game.store.datadir import open_data_dir
    return Path(open_data_dir().root) / mode_id


def _data_rulesets():
    from pathlib import Path

    from game.store.datadir import open_data_dir
    return Path(open_data_dir().rulesets)


def _summary(play):
    def summary(adapter) -> dict:
        out = play.summary(adapter)
        out.setdefault("mode", mode_of(adapter))
        return out
    return summary


def host_spec(mode_id: str, *, setup: bytes | None = None, req: Request | None = None, holder=None,
              ruleset: str | None = None, level: str | None = None,
              log: Callable[[str], None] | None = None) -> LinkGameSpec:
    """The host's spec. `setup`: the mode's START bytes made by its own screen; else `req` is
    encoded by the mode's `host_setup`. `level` None: a person plays this unit's seats from
    the mode's screen; else a bot of that level. ValueError for a bad request."""
    entry = get_mode(mode_id)
    play = _play(entry)
    rules = _Rules(holder, ruleset)
    rs = rules.get(entry)
    if setup is None:
        setup = play.host_setup(rs, req or Request())
    options = tag_setup(entry.id, setup)

    def make(seed: int, opts: bytes):
        got, mode_setup = split_setup(opts)
        if got != entry.id:
            raise ValueError(f"link setup: mode {got!r}, this unit hosts {entry.id!r}")
        adapter = play.adapter(rules.get(entry), seed, mode_setup, 0, level=level, log=log, entropy=os.urandom)
        adapter.link_mode = entry.id
        return adapter

    def prepare(peer_content: dict, opts: bytes) -> bytes:
        """The guest's offered side (its HELLO) joins the setup before START."""
        got, mode_setup = split_setup(opts)
        offer = peer_content.get(OFFER_PREFIX + got)
        merge = getattr(play, "merge_offer", None)
        if got != entry.id or offer is None or merge is None:
            return opts
        return tag_setup(entry.id, merge(rules.get(entry), mode_setup, bytes(offer)))

    return LinkGameSpec(rules.content(entry), rules.provide, rules.install, options, make, _summary(play), prepare)


def guest_spec(holder=None, *, ruleset: str | None = None, level: str | None = None,
               log: Callable[[str], None] | None = None, sides: dict | None = None) -> LinkGameSpec:
    """The joining unit: offers every linkable mode's content, plays whichever mode START names.
    `sides`: mode id -> this unit's own side (e.g. a Skirmish Participant with its army), offered
    to the host through the mode's `guest_offer`."""
    from game.modes.registry import offers
    rules = _Rules(holder, ruleset)
    content: dict[str, bytes] = {}
    for entry in modes():
        if not offers(entry, "link"):
            continue
        try:
            content.update(rules.content(entry))
            offer = getattr(_play(entry), "guest_offer", None)
            if offer is not None and (sides or {}).get(entry.id) is not None:
                data = bytes(offer(rules.get(entry), sides[entry.id]))
                if len(data) <= MAX_OFFER:
                    content[OFFER_PREFIX + entry.id] = data
        except ValueError:
            continue                     # rules that do not load here: that mode cannot be joined

    def make(seed: int, opts: bytes):
        mode_id, mode_setup = split_setup(opts)
        entry = get_mode(mode_id)        # ModeError (a ValueError) names an unknown mode
        play = _play(entry)
        rs = rules.get(entry)
        check = getattr(play, "check_setup", None)
        if check is not None:
            check(rs, mode_setup)        # a clear ValueError for a bad one
        adapter = play.adapter(rs, seed, mode_setup, 1, level=level, log=log, entropy=os.urandom)
        adapter.link_mode = entry.id
        return adapter

    def summary(adapter) -> dict:
        mode_id = mode_of(adapter)
        if mode_id is None:
            return {"mode": None, "winner": None}
        return _summary(_play(get_mode(mode_id)))(adapter)

    return LinkGameSpec(content, rules.provide, rules.install, b"", make, summary)
