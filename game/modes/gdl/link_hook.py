"""The GDL mode's link hook (docs/modes.md §5): content compared at hello is the module's
content hash ("gdl-module"); when the guest's differs (or it has no module) the host sends the
module's files and the guest keeps them in `link-received/` of the folder the link gives this
mode (`<data folder>/gdl/`) and plays with those. The adapter is `game.modes.gdl.link.GdlOverLink`."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from game.modes.gdl.hooks import load_world
from game.modes.gdl.link import GdlOverLink, pack_module, unpack_module
from game.modes.lockstep_game import ScreenSlot

KEY = "gdl-module"


class GdlLink:
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

    def adapter(self, rules, seed: int, setup: bytes, local: int, *, level=None, chooser=None, log=None,
                entropy=None):
        if rules.world is None:
            raise ValueError("gdl: no module to play (the host did not send one)")
        on_events = None
        if log is not None:
            from game.modes.gdl.log import describe

            def on_events(game, events):
                for ev in events:
                    line = describe(game, ev)
                    if line:
                        log(line)
        adapter = GdlOverLink(rules.world, seed, local == 0, chooser=chooser if level is None else None,
                              on_events=on_events)
        if level is None and chooser is None:          # a person plays this unit's side from the screen
            ScreenSlot.attach(adapter)
        return adapter

    def summary(self, adapter) -> dict:
        if adapter is None:
            return {"mode": "gdl", "winner": None}
        g = adapter.game
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
