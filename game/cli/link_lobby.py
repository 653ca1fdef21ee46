"""`tactibox link --host --seats ...`: a lobby battle of up to four units over TCP (issue 22).

    tactibox link --port tcp://:7777 --host --mode skirmish --seats human,human,human,human --code 123456 --json
    tactibox link --port tcp://192.168.1.20:7777 --join --code 123456 --json        (three times)

The host keeps every connection (each pairs with its own exchange), gives each joining unit a
free `human` seat at random, launches when every human seat is taken (or, with
`--launch-after S`, S seconds after at least one unit joined: the free seats get the host's
bots), and plays the battle as the star's centre. Every unit's seats are played by its bot
(`--seat`); every unit prints the same `state_hash` and `winner`.
"""

from __future__ import annotations

import json
import select
import sys
import time

from game.cli.common import CliError, mode_options

SEAT_WORDS = ("human", "bot:easy", "bot:normal", "bot:hard")


def parse_seats(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    bad = [s for s in seats if s not in SEAT_WORDS]
    if bad:
        raise CliError(f"--seats: {bad[0]!r} is not one of {', '.join(SEAT_WORDS)}")
    if not 2 <= len(seats) <= 4:
        raise CliError(f"--seats: 2 to 4 seats, got {len(seats)}")
    if seats[0] != "human":
        raise CliError("--seats: the first seat is the host's and must be 'human'")
    return seats


def _map_for(spec_rules, n: int) -> str:
    for m in spec_rules.maps:
        if len(m.starts) >= n:
            return m.id
    raise CliError(f"no map in the ruleset has {n} starting positions")


def run_lobby(args, seats: list[str], level: str, seed: int, log) -> int:
    from firmware_bridge.transport import parse_tcp
    from game.link.lobby import LobbyHost
    from game.link.modes import host_spec
    from game.link.run import pairing_key
    from game.modes.registry import Request, get_mode

    if not args.port.startswith("tcp://"):
        raise CliError(f"--seats with more than one joining unit needs a TCP port (tcp://:PORT), got {args.port!r}")
    host, port, listen = parse_tcp(args.port)
    if not listen:
        raise CliError("the hosting unit listens: use tcp://:PORT")
    entry = get_mode(args.mode)
    options = mode_options(args, entry)
    try:
        spec = host_spec(entry.id, req=Request(seed=seed, seats=tuple(seats), turn_limit=args.turn_limit,
                                               ruleset=args.ruleset, options=options),
                         ruleset=args.ruleset, level=level, log=log) if options.get("map") or entry.id != "skirmish" \
            else None
        if spec is None:
            probe = host_spec(entry.id, req=Request(seed=seed), ruleset=args.ruleset, level=level)
            options["map"] = _map_for(probe.lobby_play()[1], len(seats))
            spec = host_spec(entry.id, req=Request(seed=seed, seats=tuple(seats), turn_limit=args.turn_limit,
                                                   ruleset=args.ruleset, options=options),
                             ruleset=args.ruleset, level=level, log=log)
        key, shown = pairing_key(args.port, "host", args.code, None)
        lobby = LobbyHost(spec, seats=seats, pairing_key=key, seed=seed, unit_name=args.name or "tactibox-host",
                          bot_level=level, idle_limit=args.idle_limit)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    try:
        bound = lobby.listen(host, port)
    except OSError as exc:
        raise CliError(f"{args.port}: cannot listen ({exc})") from None
    if args.announce:
        lobby.announce(args.announce, args.discovery_port)
    print(f"pairing code: {shown}", file=sys.stderr, flush=True)
    print(f"lobby: listening on port {bound}", file=sys.stderr, flush=True)
    end = time.monotonic() + args.timeout
    first_join = None
    last = None
    ok = False
    try:
        while time.monotonic() < end:
            lobby.poll()
            if not lobby.launched:
                if lobby.seated() and first_join is None:
                    first_join = time.monotonic()
                ready = lobby.waiting_for() == 0 or (
                    args.launch_after and first_join is not None and time.monotonic() - first_join >= args.launch_after)
                if ready and lobby.launch() == "":
                    log(f"lobby: launched with {len(lobby.seated())} joined units")
            st = lobby.status()
            if st != last and not args.json:
                print(f"link: {st}", file=sys.stderr, flush=True)
            last = st
            if lobby.finished:
                ok = True
                break
            _wait(lobby, 0.005)
        lobby.linger(2.0)
    finally:
        result = lobby.result()
        lobby.close()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"winner: {result.get('winner')} after {result.get('turns')} turns; state {result.get('state_hash', '')[:16]}")
        for line in lobby.log_lines:
            print(f"lobby: {line}")
    if not ok:
        print(f"tactibox: lobby {result['state']}: timed out", file=sys.stderr)
        return 1
    return 0


def _wait(lobby, timeout: float) -> None:
    fds = [fd for fd in [lobby.acceptor.fileno() if lobby.acceptor else None]
           + [m.session.link.transport.fileno() for m in lobby.members] if fd is not None]
    if not fds:
        time.sleep(timeout)
        return
    try:
        select.select(fds, [], [], timeout)
    except (OSError, ValueError):
        time.sleep(timeout)


def find_game(args, log, wait: float = 30.0) -> str:
    """`--port lan`: listen for announcements (bounded: `wait` seconds) and take the first battle
    with a free seat (else the first one to watch). Returns its tcp:// address."""
    from firmware_bridge.discovery import DISCOVERY_PORT, Finder
    try:
        finder = Finder(port=args.discovery_port or DISCOVERY_PORT)
    except OSError as exc:
        raise CliError(f"cannot listen for battles on the LAN: {exc}") from None
    end = time.monotonic() + min(wait, args.timeout)
    try:
        while time.monotonic() < end:
            finder.poll()
            games = finder.games()
            if games:
                log(f"link: found {games[0].label()} at {games[0].url}")
                return games[0].url
            fd = finder.fileno()
            select.select([fd] if fd is not None else [], [], [], 0.1)
    finally:
        finder.close()
    raise CliError(f"no battle announced on the LAN within {wait:g} s (type its address: --port tcp://HOST:PORT)")
