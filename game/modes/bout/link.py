"""A Steel bout between two linked units: the `LockstepGame` adapter (`tactibox link --mode bout`).

Side 0 is the host's fighter(s), side 1 the guest's. The bout runs in secret mode: each
initiative throw crosses the cable as a COMMIT (16-byte BLAKE2b commitment of throw + salt),
and only when both commitments are in do the REVEALs follow, so neither unit can read the
other's throw first. Salts come from `salt_source(n)` (the link passes os.urandom), never from
the game's generator.

Option bytes in START: scenario index, then one fighter-template index per fighter. Content
compared at hello: the bout ruleset's content hash.
"""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.modes.bout.game import BoutGame
from game.modes.bout.scenarios import SCENARIOS, BoutOptions, new_bout
from game.modes.lockstep_game import AdapterBase


def encode_bout_setup(rules, options: BoutOptions) -> bytes:
    return bytes([SCENARIOS.index(options.scenario)] + [rules.index("fighters", k) for k in options.fighters])


def decode_bout_setup(rules, data: bytes) -> BoutOptions:
    if not data or data[0] >= len(SCENARIOS):
        raise ValueError("bout setup: unknown scenario")
    if SCENARIOS[data[0]] == "brawl":
        raise ValueError("bout setup: a linked bout has two sides (the brawl has three)")
    if any(i >= len(rules.fighters) for i in data[1:]):
        raise ValueError("bout setup: unknown fighter template")
    return BoutOptions(scenario=SCENARIOS[data[0]], fighters=[rules.fighters[i].id for i in data[1:]], secret=True)


class BoutOverLink(AdapterBase):
    """`LockstepGame` adapter; `chooser(game)` gives a local person's action (None = undecided),
    without it the local side is played by a bot of `level`."""

    link_mode = "bout"              # the mode registry id (the link tags START with it)

    def __init__(self, rules, seed: int, setup: bytes, local_side: int, level: str = "hard",
                 chooser=None, salt_source=None, on_events=None) -> None:
        if local_side not in (0, 1):
            raise ValueError("local_side must be 0 (host) or 1 (guest)")
        if salt_source is None:
            raise ValueError("a linked bout needs salt_source (n -> n secret bytes) for its commitments")
        self.rules, self.local = rules, local_side
        self.game = new_bout(rules, seed, decode_bout_setup(rules, setup))
        self.bot = BoutBot(level, seed, local_side, salt_source=lambda: salt_source(A.SECRET_BYTES))
        self.chooser, self.on_events = chooser, on_events

    def whose_turn_is_local(self) -> bool:
        return self.game.to_act() == self.local

    def next_local_action(self):
        if self.chooser is not None:
            return self.chooser(self.game)
        return self.bot.choose(self.game)

    def encode_action(self, a) -> bytes:
        return bytes(A.encode(a))

    def decode_action(self, data: bytes):
        return A.decode(list(bytes(data)))          # ActionError is a ValueError

    def is_legal(self, a) -> bool:
        try:
            self.game.check(a)
            return True
        except ActionError:
            return False

    def replacement_for(self, a):
        g = self.game
        f = g.fighter_to_act()
        ph = g.phase
        if ph == "move":
            return A.Move(f, A.WAIT)
        if ph == "orient":
            o = A.AUTO_ORIENT if g.fighters[f].orientation >= 0 else 2
            return A.Orient(f, o, 0, 0)
        if ph == "commit":
            return A.Commit(f, bytes(A.SECRET_BYTES))
        if ph == "reveal":
            return A.Reveal(f, A.FORFEIT, 0, 0, bytes(A.SECRET_BYTES))
        if ph == "target":
            return A.Target(f, g.m.foes_of(f)[0])
        return A.Done(f)

    def restore(self, data: bytes) -> None:
        def checked(snap):
            game = BoutGame.restore(self.rules, snap)
            game.state_hash()
            return game
        self.game = self.read_snapshot(data, "bout", checked)

    def finished(self) -> bool:
        return self.game.is_over()
