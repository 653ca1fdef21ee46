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
Nothing here names a mode: the mode's link hook (`game.modes.link_hook.LinkHook`) says what is its
own, and every mode's linked game is a Match played through `game.link.linked_match.LinkedMatch`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

from game.modes.registry import LINK_TAG_MAX, ModeEntry, Request, get_mode, modes

RULESET_KEY = "ruleset"
OFFER_PREFIX = "offer:"
MAX_OFFER = 64                  # bytes: a HELLO content value


class _Seats:
    """Who plays this unit's seats: a bot of `level` (the CLI), or with `person` (a factory of
    the screen's driver) the person plays the seats the mode gives people and bots the rest.
    `keeper` keeps the replay and the stats at the end (a screen's: the app's)."""

    def __init__(self, level: str | None, person, keeper, log) -> None:
        self.level, self.person, self.keeper, self.log = level, person, keeper, log


@dataclass
class LinkGameSpec:
    content: dict[str, bytes]
    content_provider: Callable[[str], bytes] | None
    install_content: Callable[[str, bytes], bytes] | None
    options: bytes
    make_game: Callable[[int, bytes], object]
    summary: Callable[[object], dict]
    prepare_options: Callable[[dict, bytes], bytes] | None = None     # host: see Session
    seats: _Seats | None = None     # who plays this unit's seats, where the game is kept
    run: object = None              # the LinkRun playing it (`bind`): unit names, the Match's conductor
    lobby_play: Callable[[], tuple] | None = None   # host: () -> (the mode's link hook, its rules)

    def bind(self, run) -> None:
        self.run = run

    def played_by(self, person=None, keeper=None) -> LinkGameSpec:
        """`person()` makes the seat driver of the person at a screen (the person plays the seats
        the mode gives people, threaded bots the rest; None: bots only); `keeper` keeps each
        game's replay and stats (`game.store.keeper.MatchKeeper`; None: nothing kept)."""
        self.seats.person, self.seats.keeper = person, keeper
        return self


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
    from game.modes.link_hook import link_hook
    return link_hook(entry)


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


@contextmanager
def peer_bytes(mode_id: str, what: str):
    """Around code that reads the other unit's bytes (START's setup, the guest's offer): an engine
    that trips over them (its bug, or a hostile peer) refuses them with a ValueError, like any bad
    setup, instead of stopping this unit."""
    try:
        yield
    except (LookupError, TypeError, ArithmeticError, AttributeError, RecursionError) as exc:
        raise ValueError(f"{mode_id} {what}: this unit cannot start that game "
                         f"({type(exc).__name__}: {str(exc)[:120]})") from None


def _linked(entry: ModeEntry, play, rules, seed: int, setup: bytes, unit: int, seats: _Seats, spec):
    """The linked game START describes, as this unit's LinkedMatch (ValueError: it cannot start)."""
    from game.link.linked_match import LinkedMatch
    from game.link.remote import RemoteDriver
    from game.match import BotDriver, Match, Player, rules_for
    mr = rules_for(entry)
    with peer_bytes(entry.id, "setup"):
        header = play.header(rules, seed, setup)
        header.meta = {**header.meta, "link": "host" if unit == 0 else "guest"}
        game = mr.start(rules, header)                  # ReplayError is a ValueError
        units = play.units(header, game)
    names = _unit_names(spec)
    by_unit = play.unit_names and not header.meta.get("players")    # a lobby's setup names its players
    if by_unit:
        header.meta["players"] = [names.get(units.get(s, 0), "") for s in range(len(units))]
    match = Match(entry, rules, header, game=game, keeper=seats.keeper, record=seats.keeper is not None,
                  mode_rules=mr)
    match.link = {"role": header.meta["link"], "unit": unit, "peer": names.get(1 - unit, "")}
    person = seats.person() if seats.person is not None else None
    for seat in sorted(units):
        owner, player = units[seat], match.player(seat)
        name = names.get(owner, "") if by_unit else player.name
        if owner != unit:
            match.drivers[seat] = RemoteDriver(owner, names.get(owner) or "the other unit")
            ctrl = player.controller if player.is_bot else "remote"
        elif person is not None and play.person_plays(match, seat):
            match.drivers[seat] = person
            ctrl = "human"
        else:
            level = seats.level or player.level
            bot = play.new_bot(match, seat, level, os.urandom)
            match.drivers[seat] = BotDriver(bot, threaded=seats.person is not None)
            ctrl = player.controller if player.is_bot and not seats.level else f"bot:{level}"
        match.players[seat] = Player(name or player.name, ctrl)
    if seats.log is not None:
        def say(m, applied) -> None:
            for line in m.mode_rules.describe(m.game, applied.events):
                seats.log(line)
        match.listen(say)
    run = getattr(spec, "run", None)
    if run is not None:
        match.conductor = run                           # a screen's `match.step()` polls the link
    adapter = LinkedMatch(match, play, unit)
    adapter.person = person
    return adapter


def bot_game(mode_id: str, seed: int, setup: bytes, unit: int, level: str = "hard", *, rules=None,
             log: Callable[[str], None] | None = None):
    """One unit's linked game with bots of `level` in its seats, outside a Session (tests and the
    bench drive the lockstep with it): `setup` is the mode's START bytes (untagged)."""
    entry = get_mode(mode_id)
    play = _play(entry)
    if rules is None:
        rules = _Rules().get(entry)
    return _linked(entry, play, rules, seed, bytes(setup), unit, _Seats(level, None, None, log), None)


def _unit_names(spec) -> dict[int, str]:
    """Unit -> the name its players go by on this unit (the units' own names; two units that
    go by the same name - both "Player 1" out of the box - are told apart, so the stats can
    rate them apart)."""
    run = getattr(spec, "run", None)
    if run is None:
        return {0: "host", 1: "guest"}
    me, them = run.unit_name or ("host" if run.is_host else "guest"), run.peer_name
    names = {0: me, 1: them} if run.is_host else {0: them, 1: me}
    if names[0].strip().casefold() == names[1].strip().casefold():
        names = {0: f"{names[0]} (host)", 1: f"{names[1]} (guest)"}
    return names


def _summary(play):
    def summary(adapter) -> dict:
        out = play.summary(getattr(adapter, "match", None))
        out.setdefault("mode", mode_of(adapter) if adapter is not None else play.mode)
        return out
    return summary


def host_spec(mode_id: str, *, setup: bytes | None = None, req: Request | None = None, holder=None,
              ruleset: str | None = None, level: str | None = None,
              log: Callable[[str], None] | None = None, person=None, keeper=None) -> LinkGameSpec:
    """The host's spec. `setup`: the mode's START bytes made by its own screen; else `req` is
    encoded by the mode's `host_setup`. `person`: a factory of the screen person's seat driver
    (the person plays this unit's seats the mode gives people); else bots of `level` (None: each
    seat's own level). `keeper`: where the replay and the stats go. ValueError for a bad request."""
    entry = get_mode(mode_id)
    play = _play(entry)
    rules = _Rules(holder, ruleset)
    rs = rules.get(entry)
    if setup is None:
        setup = play.host_setup(rs, req or Request())
    options = tag_setup(entry.id, setup)
    seats = _Seats(level, person, keeper, log)

    def make(seed: int, opts: bytes):
        got, mode_setup = split_setup(opts)
        if got != entry.id:
            raise ValueError(f"link setup: mode {got!r}, this unit hosts {entry.id!r}")
        return _linked(entry, play, rules.get(entry), seed, mode_setup, 0, seats, spec)

    def prepare(peer_content: dict, opts: bytes) -> bytes:
        """The guest's offered side (its HELLO) joins the setup before START."""
        got, mode_setup = split_setup(opts)
        offer = peer_content.get(OFFER_PREFIX + got)
        merge = getattr(play, "merge_offer", None)
        if got != entry.id or offer is None or merge is None:
            return opts
        with peer_bytes(entry.id, "offer"):
            return tag_setup(entry.id, merge(rules.get(entry), mode_setup, bytes(offer)))

    spec = LinkGameSpec(rules.content(entry), rules.provide, rules.install, options, make, _summary(play), prepare,
                        seats)
    spec.lobby_play = lambda: (play, rules.get(entry))
    return spec


def guest_spec(holder=None, *, ruleset: str | None = None, level: str | None = None,
               log: Callable[[str], None] | None = None, sides: dict | None = None, person=None,
               keeper=None) -> LinkGameSpec:
    """The joining unit: offers every linkable mode's content, plays whichever mode START names.
    `sides`: mode id -> this unit's own side (e.g. a Skirmish Participant with its army), offered
    to the host through the mode's `guest_offer`. `person`, `level`, `keeper`: as for the host."""
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
    seats = _Seats(level, person, keeper, log)

    def make(seed: int, opts: bytes):
        from game.link.lobby_seats import split_catch_up, split_unit
        unit, opts = split_unit(opts)           # a lobby's guest: which unit it is (issue 22)
        catch_up, opts = split_catch_up(opts) if unit is not None else (0, opts)
        mode_id, mode_setup = split_setup(opts)
        entry = get_mode(mode_id)        # ModeError (a ValueError) names an unknown mode
        play = _play(entry)
        rs = rules.get(entry)
        check = getattr(play, "check_setup", None)
        if check is not None:
            with peer_bytes(mode_id, "setup"):
                check(rs, mode_setup)           # a clear ValueError for a bad one
        game = _linked(entry, play, rs, seed, mode_setup, 1 if unit is None else unit, seats, spec)
        if unit is not None:
            game.lobby_unit = unit              # a lobby's guest: it shows the waiting timer too
        if catch_up:
            game.catch_up = catch_up            # the battle so far arrives first, move by move
        return game

    def summary(adapter) -> dict:
        mode_id = mode_of(adapter)
        if mode_id is None:
            return {"mode": None, "winner": None}
        return _summary(_play(get_mode(mode_id)))(adapter)

    spec = LinkGameSpec(content, rules.provide, rules.install, b"", make, summary, None, seats)
    return spec
