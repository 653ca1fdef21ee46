"""The GDL mode's link hook (docs/modes.md §5): a linked module game is a Match like any other
(`game.link` plays it); this says what is the mode's own.

Content compared at hello is the module's content hash ("gdl-module"); when the guest's differs
(or it has no module) the host sends the module's files and the guest keeps them in
`link-received/` of the folder the link gives this mode (`<data folder>/gdl/`) and plays with
those. START carries no mode bytes: the seed and the module are the whole set-up. Seat i plays
the module's i-th side; the host's unit plays the first side, the guest every other. A move is
one action, its `[code, *fields]` ints as varints (at most 4); the host plays End (the side's
turn ends) instead of an illegal move of the guest. Resync: the game's canonical snapshot.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from game.modes.gdl.hooks import load_world
from game.modes.gdl.link import pack_module, unpack_module
from game.modes.link_hook import LinkHook, decode_varints

KEY = "gdl-module"
MAX_ACTION_INTS = 4             # [code, *fields]: the longest GDL action has three fields


class GdlLink(LinkHook):
    mode = "gdl"
    transfer_keys = (KEY,)

    def __init__(self, install_dir: Path | str | None = None) -> None:
        self.install_dir = install_dir      # None: the folder the link passes to `install`

    def content(self, rules) -> dict[str, bytes]:
        return {KEY: bytes.fromhex(rules.content_hash) if rules.world is not None else b""}

    def host_setup(self, rules, req) -> bytes:
        path = (req.options or {}).get("module") or req.ruleset
        if path:
            rules.load(path)
        if rules.world is None:
            raise ValueError("gdl: the host needs a module (--module PATH.g)")
        return b""

    def check_setup(self, rules, setup: bytes) -> None:
        if rules.world is None:
            raise ValueError("gdl: no module to play (the host did not send one)")
        if setup:
            raise ValueError(f"gdl setup: {len(setup)} unexpected bytes (a module game has none)")

    def header(self, rules, seed: int, setup: bytes):
        from game.modes.gdl.match_rules import gdl_header
        self.check_setup(rules, setup)
        # the module by its file name: each unit's replay finds it in its own module folders
        # (the guest's copy is in link-received/), the content hash says it is the same one
        return gdl_header(rules, seed, path=rules.path.name if rules.path is not None else "")

    def units(self, header, game) -> dict[int, int]:
        return {seat: 0 if seat == 0 else 1 for seat in range(len(game.sides))}

    def decode_move(self, game, data: bytes) -> list:
        return [game.decode_action(decode_varints(data, MAX_ACTION_INTS, 28))]

    def summary(self, match) -> dict:
        if match is None:
            return {"mode": "gdl", "winner": None}
        g = match.game
        return {"mode": "gdl", "module": g.w.m.name, "turns": g.turn, "winner": g.winner_side,
                "state_hash": g.state_hash()}

    def provide(self, rules, name: str) -> bytes:
        if name != KEY or rules.world is None:
            raise ValueError(f"this unit cannot send {name}")
        return pack_module(rules.world.m, rules.path.parent)

    def install(self, rules, name: str, blob: bytes, *, folder: Path | str | None = None) -> bytes:
        """Guest: write the host's module files into `<folder>/link-received/` (`folder`: this
        mode's data folder, given by the link; else `install_dir`) and play with them; returns
        their hash. The files are checked in a staging folder first: a broken pack or a module
        that cannot be played (issue 21: a bomb, units inside each other) raises ValueError,
        leaves nothing behind and keeps the last good module and its files."""
        if name != KEY:
            raise ValueError(f"this unit cannot install {name}")
        files = unpack_module(blob)
        root = folder if folder is not None else self.install_dir
        if root is None:
            raise ValueError("gdl: no folder to keep the host's module in")
        final = Path(root) / "link-received"
        staging = Path(root) / "link-received.new"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        try:
            for fname, text in files:
                (staging / fname).write_text(text, encoding="utf-8")
            world = load_world(str(staging / files[0][0]))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        final.mkdir(parents=True, exist_ok=True)
        for old in final.glob("*.g"):
            old.unlink()
        for fname, _text in files:
            os.replace(staging / fname, final / fname)
        shutil.rmtree(staging, ignore_errors=True)
        rules.path, rules.world = final / files[0][0], world
        return bytes.fromhex(rules.content_hash)

LINK = GdlLink()
