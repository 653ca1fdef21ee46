"""The GDL mode's link hook (docs/modes.md §5): a linked module game is a Match like any other
(`game.link` plays it); this says what is the mode's own.

Content compared at hello is the module's content hash ("gdl-module"); when the guest's differs
(or it has no module) the host sends the module's files and the guest keeps them in
`link-received/` of the folder the link gives this mode (`<data folder>/gdl/`) and plays with
those. Between two units START carries no mode bytes: the seed and the module are the whole
set-up; seat i plays the module's i-th side, the host's unit the first side, the guest every
other. A lobby of up to four units (issue 22, game/link/lobby.py) puts one seat per side in
START: which unit plays it, its controller (a bot of the host's fills a seat nobody took) and
its player's name, as canonical JSON. A move is
one action, its `[code, *fields]` ints as varints (at most 4), a step to a neighbouring cell
shorter: `[16 + which neighbour, unit]`; the host plays End (the side's turn ends) instead of an
illegal move of the guest. Resync: the game's canonical snapshot.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from game.core.canon import canonical_bytes
from game.core.replayfile import loads_bounded
from game.modes.gdl.actions import Move
from game.modes.gdl.hooks import load_world
from game.modes.gdl.link import pack_module, unpack_module
from game.modes.link_hook import MAX_SETUP_BYTES, LinkHook, decode_varints, encode_varints

KEY = "gdl-module"
MAX_ACTION_INTS = 4             # [code, *fields]: the longest GDL action has three fields
MAX_UNIT = 3                    # a lobby has up to four units: 0 the host, 1..3 the guests
MOVE_NEAR = 16                  # wire codes 16..21: a step to the unit's d-th neighbouring cell
SEAT_KINDS = ("human", "bot:easy", "bot:normal", "bot:hard")


def module_sides(world) -> list[int]:
    """The module's side ids (the seats of a game of it, in order)."""
    m = world.m
    return sorted({u.side for u in m.units if u.side > 0} | {s for s in m.sides if s > 0}) or [1]


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
        n = len(module_sides(rules.world))
        if req.seats and len(req.seats) > 2 and len(req.seats) != n:
            raise ValueError(f"gdl: {rules.world.m.name} has {n} sides; give one seat per side ({len(req.seats)} given)")
        return b""

    def check_setup(self, rules, setup: bytes) -> None:
        self.decode_lobby(rules, setup)

    def decode_lobby(self, rules, setup: bytes) -> dict | None:
        """None for a two-unit game (no setup bytes); for a lobby of up to four units (issue 22)
        {"units": [unit per seat], "seats": [controller], "names": [name]}, checked against the
        module (one entry per side). ValueError for anything else."""
        if rules.world is None:
            raise ValueError("gdl: no module to play (the host did not send one)")
        if not setup:
            return None
        if len(setup) > MAX_SETUP_BYTES:
            raise ValueError(f"gdl setup: {len(setup)} bytes, at most {MAX_SETUP_BYTES}")
        try:
            data = loads_bounded(bytes(setup), "gdl", what="setup", max_depth=3)
        except (UnicodeDecodeError, ValueError) as exc:
            raise ValueError(f"gdl setup: not JSON ({exc})") from None
        n = len(module_sides(rules.world))
        if not isinstance(data, dict) or set(data) != {"units", "seats", "names"}:
            raise ValueError("gdl setup: expected units, seats and names")
        units, seats, names = data["units"], data["seats"], data["names"]
        if not all(isinstance(v, list) and len(v) == n for v in (units, seats, names)):
            raise ValueError(f"gdl setup: the module has {n} sides; one unit, seat and name per side")
        if not all(isinstance(u, int) and not isinstance(u, bool) and 0 <= u <= MAX_UNIT for u in units):
            raise ValueError(f"gdl setup: units are 0..{MAX_UNIT}")
        if not all(s in SEAT_KINDS for s in seats) or not all(isinstance(x, str) and len(x) <= 32 for x in names):
            raise ValueError("gdl setup: a seat is human or bot:easy/normal/hard, a name at most 32 characters")
        return data

    def header(self, rules, seed: int, setup: bytes):
        from game.modes.gdl.match_rules import gdl_header
        lobby = self.decode_lobby(rules, setup)
        # the module by its file name: each unit's replay finds it in its own module folders
        # (the guest's copy is in link-received/), the content hash says it is the same one
        path = rules.path.name if rules.path is not None else ""
        if lobby is None:
            return gdl_header(rules, seed, path=path)
        header = gdl_header(rules, seed, lobby["seats"], lobby["names"], path=path)
        header.meta["units"] = list(lobby["units"])
        return header

    def units(self, header, game) -> dict[int, int]:
        """Seat -> unit: a lobby's setup says; two units: the host the first side, the guest the rest."""
        owners = header.meta.get("units")
        if isinstance(owners, list) and len(owners) == len(game.sides):
            return dict(enumerate(owners))
        return {seat: 0 if seat == 0 else 1 for seat in range(len(game.sides))}

    def person_plays(self, match, seat: int) -> bool:
        """Two units: the person plays every side of their unit; a lobby: its human seats (a
        seat nobody took is the host's bot)."""
        return "units" not in match.header.meta or match.player(seat).controller == "human"

    # --- a lobby of up to four units (issue 22 item 7, game/link/lobby.py) ------------------------
    def seat_controllers(self, rules, setup: bytes) -> list[str]:
        """One seat per side of the module (people by default)."""
        lobby = self.decode_lobby(rules, setup)
        return list(lobby["seats"]) if lobby else ["human"] * len(module_sides(rules.world))

    def lobby_map(self, rules, setup: bytes) -> str:
        """The module's title, for the lobby's announcement on the LAN."""
        m = rules.world.m if rules.world is not None else None
        return (m.title or m.name) if m is not None else ""

    def with_owners(self, rules, setup: bytes, owners: list[int], ctrls: list[str] | None = None,
                    names: list[str] | None = None) -> bytes:
        """The setup with seat i (the module's i-th side) played by unit owners[i], its
        controller ctrls[i] ("human", "bot:<level>"), a human seat named names[i]."""
        n = len(module_sides(rules.world))
        if len(owners) != n:
            raise ValueError(f"gdl: {rules.world.m.name} has {n} sides; {len(owners)} seats given")
        ctrls = list(ctrls or ["human"] * n)
        names = [(names[i] if names and names[i] else (f"Player {i + 1}" if ctrls[i] == "human" else ""))[:32]
                 for i in range(n)]
        out = canonical_bytes({"units": list(owners), "seats": ctrls, "names": names})
        self.decode_lobby(rules, out)
        return out

    def encode_move(self, game, actions) -> bytes:
        """A step to a neighbouring cell is [MOVE_NEAR + which neighbour, unit] (2 bytes instead of
        3-4: most moves are steps); every other action its `[code, *fields]`."""
        (a,) = actions
        if isinstance(a, Move) and 0 <= a.unit < len(game.units):
            here = game.cell_of(game.units[a.unit])
            near = game.w.grid.neighbours[here] if here >= 0 else ()
            if a.cell in near:
                return encode_varints([MOVE_NEAR + near.index(a.cell), a.unit])
        return encode_varints(game.encode_action(a))

    def decode_move(self, game, data: bytes) -> list:
        ints = decode_varints(data, MAX_ACTION_INTS, 28)
        if ints[0] < MOVE_NEAR:
            return [game.decode_action(ints)]
        if len(ints) != 2 or ints[0] >= MOVE_NEAR + 6 or ints[1] >= len(game.units):
            raise ValueError(f"gdl move: malformed step {ints}")
        here = game.cell_of(game.units[ints[1]])
        near = game.w.grid.neighbours[here] if here >= 0 else ()
        if ints[0] - MOVE_NEAR >= len(near):
            raise ValueError(f"gdl move: unit {ints[1]} has no neighbour {ints[0] - MOVE_NEAR}")
        return [Move(ints[1], near[ints[0] - MOVE_NEAR])]

    def summary(self, match) -> dict:
        if match is None:
            return {"mode": "gdl", "winner": None}
        from game.modes.gdl.match_rules import side_name
        g = match.game
        places = match.mode_rules.standings(g, match.header, match.over)
        return {"mode": "gdl", "module": g.w.m.name, "turns": g.turn, "winner": g.winner_side,
                "state_hash": g.state_hash(),
                "placements": [[st.place, side_name(g.w, g.sides[st.seat])] for st in places]}

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
