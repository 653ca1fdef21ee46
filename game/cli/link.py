"""`tactibox link`: play a whole linked game headless, this unit's side played by a bot.

    tactibox link --port /dev/serial0 --host --mode duel --seed 7 --seat bot:hard --json
    tactibox link --port /dev/serial0 --join --seat bot:normal       (plays whichever mode the host starts)

PORT is a device path or a URL (`socket://host:port`, `tcp://host:port`, `tcp://:port` to listen).
Over the network the units pair first: the host prints a 6-digit code (or takes `--code`), the
joining unit passes the same `--code`; with `link.key` in both data folders no code is needed.

    tactibox link --port tcp://:7777 --host            # prints "pairing code: 123 456"
    tactibox link --port tcp://192.168.1.20:7777 --join --code 123456

Four units on a LAN (a lobby: game/cli/link_lobby.py):

    tactibox link --port tcp://:7777 --host --mode skirmish --seats human,human,human,human --code 123456
    tactibox link --port tcp://192.168.1.20:7777 --join --code 123456          (on each of three units)
"""

from __future__ import annotations

import json
import sys

from game.cli.common import CliError, add_mode_arguments, mode_options, run_guarded


def add_arguments(p) -> None:
    p.add_argument("--port", required=True,
                   help="serial device, pyserial URL or tcp://[host]:port; joining: 'lan' = the first battle "
                        "announced on the LAN with a free seat")
    role = p.add_mutually_exclusive_group(required=True)
    role.add_argument("--host", action="store_true", help="this unit is the controller (owns options and the seed)")
    role.add_argument("--join", action="store_true", help="this unit joins the controller's game")
    add_mode_arguments(p, "link", default="duel",
                       help_text="game mode (host only; the guest plays what the host starts)")
    p.add_argument("--seed", type=int, default=None, help="shared seed (host only; default random)")
    p.add_argument("--baud", type=int, default=115200, help="serial baud rate (default 115200)")
    p.add_argument("--seat", default="bot:hard", help="who plays this unit's side: bot:easy|bot:normal|bot:hard")
    p.add_argument("--ruleset", default=None, help="ruleset (host; the guest receives a Skirmish ruleset if different)")
    p.add_argument("--turn-limit", type=int, default=0, help="stop after N turns (0 = the mode's default)")
    p.add_argument("--name", default=None, help="this unit's name shown to the other unit")
    p.add_argument("--code", default=None,
                   help="network links: the 6-digit pairing code (host: default a fresh one, printed)")
    p.add_argument("--timeout", type=float, default=900.0, help="give up after this many seconds (default 900)")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.add_argument("--seats", default=None,
                   help="host, a lobby of up to four units over TCP: who sits where, e.g. human,human,human,human "
                        "(seat 1 is this unit's; each other 'human' seat goes to a joining unit at random)")
    p.add_argument("--launch-after", type=float, default=0.0,
                   help="lobby: launch this many seconds after the first unit joined (default: when every seat is taken)")
    p.add_argument("--announce", default=None, metavar="ADDR",
                   help="lobby host: announce the battle on the LAN to this broadcast address "
                        "(e.g. 255.255.255.255; default: not announced)")
    p.add_argument("--discovery-port", type=int, default=None,
                   help="UDP port of LAN announcements (default 47474); joining with --port lan listens on it")
    p.add_argument("--idle-limit", type=float, default=60.0,
                   help="lobby: seconds a unit may keep the battle waiting before a bot plays for it (default 60)")


def run(args) -> int:
    return run_guarded(_run, args)


def _run(args) -> int:
    from game.link.modes import guest_spec, host_spec
    from game.link.run import LinkRun, fresh_seed
    from game.modes.registry import Request, get_mode

    if not args.seat.startswith("bot:") or args.seat.split(":")[1] not in ("easy", "normal", "hard"):
        raise CliError(f"--seat {args.seat!r}: expected bot:easy, bot:normal or bot:hard")
    role = "host" if args.host else "guest"
    seed = args.seed if args.seed is not None else fresh_seed()
    log = (lambda line: None) if args.json else (lambda line: print(line, flush=True))
    level = args.seat.split(":")[1]
    if role == "guest" and args.port == "lan":
        from game.cli.link_lobby import find_game
        args.port = find_game(args, log)
    if args.seats is not None:
        from game.cli.link_lobby import parse_seats, run_lobby
        if role != "host":
            raise CliError("--seats is for the hosting unit")
        return run_lobby(args, parse_seats(args.seats), level, seed, log)
    try:
        if role == "host":
            entry = get_mode(args.mode)
            req = Request(seed=seed, seats=(args.seat, "bot:normal"), turn_limit=args.turn_limit,
                          ruleset=args.ruleset, options=mode_options(args, entry))
            spec = host_spec(entry.id, req=req, ruleset=args.ruleset, level=level, log=log)
        else:
            spec = guest_spec(ruleset=args.ruleset, level=level, log=log)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    keys = _check_pairing(args, role)
    try:
        run = LinkRun.open(port=args.port, role=role, spec=spec, baud=args.baud, seed=seed,
                           unit_name=args.name or f"tactibox-{role}", code=args.code, key_folder=keys,
                           on_progress=lambda p: log(f"link: {p}"))
    except (OSError, ValueError) as exc:
        raise CliError(f"{args.port}: cannot open the link ({exc})") from None
    if run.pairing and run.is_host and run.pairing[:1].isdigit():
        print(f"pairing code: {run.pairing}", file=sys.stderr, flush=True)
    status = None if args.json else (lambda st: print(f"link: {st}", file=sys.stderr, flush=True))
    try:
        ok = run.play(timeout=args.timeout, on_status=status)
        run.linger(2.0)
    finally:
        result = run.result()
        run.close()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"winner: {result.get('winner')} after {result.get('turns')} turns; state {result.get('state_hash', '')[:16]}")
        print(f"bytes sent {result.get('bytes_sent')}, frames {result.get('frames_sent')}, crc errors "
              f"{result.get('crc_errors')}, retransmits {result.get('retransmits')}, resyncs {result.get('resyncs')}")
    if not ok:
        print(f"tactibox: link {run.session.state}: {run.failure()}", file=sys.stderr)
        return 1
    return 0


def _check_pairing(args, role: str):
    """The folder whose link.key pairs a network link without a code (None: not needed), after
    checking what pairing needs: a well-formed --code, or for a joining unit a code or a key."""
    from firmware_bridge import pairing
    from firmware_bridge.transport import is_network_port
    from game.link.run import has_psk
    from game.store.datadir import open_data_dir
    if not is_network_port(args.port):
        return None
    if args.code is not None:
        try:
            pairing.normalise_code(args.code)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        return None
    keys = open_data_dir().root
    if role == "guest" and not has_psk(keys):
        raise CliError(f"{args.port}: a network link needs --code (the pairing code the host shows) "
                       f"or {pairing.PSK_FILE} in both data folders")
    return keys
