"""Skirmish's registry hooks: rules, game, bot, readable log, balance and the link (docs/modes.md);
its Match rules are in match.py."""

from __future__ import annotations

from game.modes.base import ActionError
from game.modes.link_hook import LinkHook, read_snapshot
from game.modes.registry import Request, event_lines, events_printer
from game.modes.skirmish.match import parse_options, pick_map

OFFER_HASH = 8          # bytes of the ruleset hash a guest's offered formation is tied to


def load_rules(name: str | None):
    from game.rules.skirmish.catalog import find_ruleset
    rs, problems = find_ruleset(name)
    if rs is None:
        raise ValueError("\n".join(str(p) for p in problems) or f"ruleset {name!r} cannot be loaded")
    return rs


def describe_events(game, events) -> list[str]:
    from game.modes.skirmish.log import describe
    return event_lines(describe, game, events)


def _on_events(log):
    return events_printer(describe_events, log)


def new_game(rs, seed: int, options: dict, seats: list[str]):
    """The engine contract's factory (`game` hook): a battle of `seats` (controller names)."""
    from game.match.rules import rules_for
    from game.modes.registry import get_mode
    mr = rules_for(get_mode("skirmish"))
    return mr.start(rs, mr.header(rs, Request(seed=seed, seats=tuple(seats), options=dict(options))))


def new_bot(level: str, seat: int, seed: int):
    from game.modes.skirmish.bot import SkirmishBot
    return SkirmishBot(level)


def balance(ruleset: str | None, games: int, seed: int, level: str, progress=None) -> tuple[dict, str]:
    """`tactibox balance`: bots fight battles with random armies; how each piece fares."""
    from game.modes.skirmish.balance import format_report, run_balance
    rep = run_balance(load_rules(ruleset), max(1, games), seed, level, progress=progress)
    return rep.to_data(), format_report(rep)


class SkirmishLink(LinkHook):
    """The link hook: the ruleset travels (`rules_transfer`), the START bytes are `encode_setup`'s,
    each participant names its unit; the person plays this unit's "human" seats, bots the rest."""

    mode = "skirmish"
    unit_names = False                     # the participants carry their names

    def content(self, rs) -> dict[str, bytes]:
        return {}                          # the ruleset hash is compared by the link layer (rules_transfer)

    def host_setup(self, rs, req: Request) -> bytes:
        from game.modes.skirmish.link import LinkedSeat, encode_setup
        from game.modes.skirmish.setup import Participant
        gmap = pick_map(rs, req.options.get("map"))
        options = parse_options(rs, {**req.options, "turn_limit": req.turn_limit})
        ctrls = list(req.seats or ("bot:hard", "bot:normal"))
        seats = [LinkedSeat(i % 2, Participant("", c)) for i, c in enumerate(ctrls)]
        return encode_setup(rs, gmap.id, options, seats)

    def check_setup(self, rs, setup: bytes) -> None:
        from game.modes.skirmish.link import decode_setup
        if rs is None:
            raise ValueError("the host started a Skirmish battle, but this unit has no ruleset")
        decode_setup(rs, setup)

    def header(self, rs, seed: int, setup: bytes):
        from game.modes.skirmish.link import linked_header
        self.check_setup(rs, setup)
        return linked_header(rs, seed, setup)

    def units(self, header, game) -> dict[int, int]:
        owners = header.meta["units"]
        return {seat: owners[pi] for seat, pi in enumerate(game.seat_part) if pi >= 0}

    def person_plays(self, match, seat: int) -> bool:
        return match.player(seat).controller == "human"

    # --- a lobby of up to four units (issue 22, game/link/lobby.py) ------------------------------
    def seat_controllers(self, rs, setup: bytes) -> list[str]:
        from game.modes.skirmish.link import decode_setup
        return [s.participant.controller for s in decode_setup(rs, setup)[2]]

    def lobby_map(self, rs, setup: bytes) -> str:
        """The map's name, for the lobby's announcement on the LAN."""
        from game.modes.skirmish.link import decode_setup
        return rs.map(decode_setup(rs, setup)[0]).name

    def with_owners(self, rs, setup: bytes, owners: list[int], ctrls: list[str] | None = None,
                    names: list[str] | None = None) -> bytes:
        """The setup with seat i played by unit owners[i] (its controller ctrls[i] when given:
        "human", "bot:<level>"; a human seat named names[i], at most 16 bytes)."""
        from game.modes.skirmish.link import LinkedSeat, decode_setup, encode_setup
        from game.modes.skirmish.setup import Participant
        map_id, options, seats = decode_setup(rs, setup)
        if len(owners) != len(seats):
            raise ValueError(f"{len(owners)} owners for {len(seats)} seats")
        out = []
        for i, (s, owner) in enumerate(zip(seats, owners, strict=True)):
            p = s.participant
            ctrl = ctrls[i] if ctrls else p.controller
            name = names[i] if names and names[i] else p.name
            if ctrl == "human" and not name:
                name = f"Player {i + 1}"
            name = name.encode("utf-8")[:16].decode("utf-8", "ignore")
            out.append(LinkedSeat(owner, Participant(name, ctrl, p.army)))
        return encode_setup(rs, map_id, options, out)

    def encode_move(self, game, actions) -> bytes:
        from game.modes.skirmish.link import encode_wire
        (action,) = actions
        return encode_wire(action, game)

    def decode_move(self, game, data: bytes) -> list:
        from game.modes.skirmish.link import decode_wire
        return [decode_wire(data, game)]

    def replacement(self, match) -> list:
        from game.modes.skirmish.actions import EndTurn
        return [EndTurn()]

    def restore(self, match, data: bytes):
        from game.modes.skirmish.game import SkirmishGame
        g = match.game
        return read_snapshot(data, "skirmish", lambda snap: SkirmishGame.restore(g.rs, snap, g.gmap))

    def summary(self, match) -> dict:
        if match is None:
            return {"mode": "skirmish", "winner": None}
        g = match.game
        return {"mode": "skirmish", "winner": g.seat_name(g.winner) if g.over else None,
                "placements": [g.seat_name(s) for s in g.placements()], "game_turns": g.turn,
                "state_hash": g.state_hash()}

    # --- the guest's own side (its formation), offered in its HELLO before START ---------------
    def guest_offer(self, rs, side) -> bytes:
        """`side`: the guest person's Participant (name, army). 8 bytes of the ruleset hash, 9 slot
        bytes (piece index + 1, 0 = empty), name length, name (UTF-8, <= 16 bytes): <= 34 bytes."""
        from game.modes.skirmish.setup import SLOTS
        if rs is None:
            raise ValueError("no Skirmish ruleset on this unit")
        army = list(side.army)[:SLOTS] + [""] * (SLOTS - len(side.army))
        name = side.name.encode("utf-8")[:16]
        return (bytes.fromhex(rs.content_hash)[:OFFER_HASH]
                + bytes(rs.piece(pid).index + 1 if pid else 0 for pid in army) + bytes([len(name)]) + name)

    def merge_offer(self, rs, setup: bytes, offer: bytes) -> bytes:
        """Host, before START: the guest's human seats take the offered army and name. An offer
        made with another ruleset (the guest received the host's after its HELLO) or a broken one
        changes nothing: that seat fights with the ruleset's default army."""
        from game.modes.skirmish.link import GUEST, LinkedSeat, decode_setup, encode_setup
        from game.modes.skirmish.setup import Participant, check_army
        side = self._decode_offer(rs, offer)
        if side is None:
            return setup
        map_id, options, seats = decode_setup(rs, setup)
        out = []
        for s in seats:
            p = s.participant
            if s.owner == GUEST and p.controller == "human":
                try:
                    army = tuple(check_army(rs, list(side[1]), False))
                except ActionError:
                    return setup
                p = Participant(side[0] or p.name, "human", army)
            out.append(LinkedSeat(s.owner, p))
        return encode_setup(rs, map_id, options, out)

    @staticmethod
    def _decode_offer(rs, offer: bytes):
        from game.modes.skirmish.setup import SLOTS
        b = bytes(offer)
        if len(b) < OFFER_HASH + SLOTS + 1 or b[:OFFER_HASH] != bytes.fromhex(rs.content_hash)[:OFFER_HASH]:
            return None
        slots = b[OFFER_HASH:OFFER_HASH + SLOTS]
        n = b[OFFER_HASH + SLOTS]
        raw = b[OFFER_HASH + SLOTS + 1:]
        if any(v > len(rs.pieces) for v in slots) or n > 16 or len(raw) != n:
            return None
        try:
            name = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
        return name, [rs.pieces[v - 1].id if v else "" for v in slots]


LINK = SkirmishLink()
