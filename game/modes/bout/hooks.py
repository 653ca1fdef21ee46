"""The Steel bout's registry hooks: rules, game, bot, verify (engine 1 replays) and the link
(docs/modes.md); its Match rules (simulate, verify, the screens' games) are in match.py."""

from __future__ import annotations

from game.modes.bout.scenarios_request import options_from
from game.modes.link_hook import LinkHook, read_snapshot
from game.modes.registry import Request, Verdict, event_lines, events_printer


def load_rules(name: str | None = None):
    from game.rules.bout.loader import load_bout_ruleset
    rules, problems = load_bout_ruleset(name)
    if rules is None:
        raise ValueError("\n".join(str(p) for p in problems) or "the bout ruleset cannot be loaded")
    return rules


def describe_events(game, events) -> list[str]:
    from game.modes.bout.log import describe
    return event_lines(describe, game, events)


def _on_events(log):
    return events_printer(describe_events, log)


def new_game(rules, seed: int, options: dict, seats: list[str]):
    """The registry's `game` factory: a bout (the arena) for these options; seats are sides.
    `scenario = "dungeon"`: a dungeon run (one seat, the hero; game/modes/bout/dungeon)."""
    if (options or {}).get("scenario") == "dungeon":
        from game.modes.bout.dungeon.hooks import new_game as new_dungeon
        return new_dungeon(rules, seed, options, seats)
    from game.modes.bout.scenarios import new_bout
    return new_bout(rules, seed, options_from(options))


def new_bot(level: str, seat: int, seed: int):
    """The registry's `bot` factory: `choose(game)` for the side `seat`."""
    from game.modes.bout.bot import BoutBot
    from game.modes.bout.dungeon.botplay import ArenaOrDungeonBot
    level = level if level in ("easy", "normal", "hard") else "hard"
    return ArenaOrDungeonBot(BoutBot(level, seed, seat), level, seed, seat)


def verify(replay, ruleset: str | None = None, log=None) -> Verdict:
    """Engine 1 replays (recorded before the engagement rules, no setup.engine) verify with the
    frozen engine 1 and, unless a ruleset is named, its ruleset of that time (assets/bout/v1);
    every other (engine 2 bouts, dungeon runs) through the Match (`game.match.headless`)."""
    from game.core.replay import ReplayError
    from game.match.headless import verify as match_verify
    from game.modes.bout.match import is_dungeon
    from game.modes.registry import get_mode
    engine = replay.setup.get("engine", 1) if isinstance(replay.setup, dict) else 1
    if is_dungeon(replay) or engine != 1:
        try:
            rules = load_rules(ruleset)           # the named folder, else the shipped ruleset
        except ValueError as exc:
            return Verdict(False, 0, [str(exc)])
        return match_verify(get_mode("bout"), replay, log=log, rules=rules)
    from game.modes.bout.legacy import V1_RULES, verify_v1
    try:
        game = verify_v1(load_rules(ruleset or str(V1_RULES)), replay)
    except (ReplayError, ValueError) as exc:
        return Verdict(False, 0, [str(exc)])
    if log is not None:
        log(f"bout on seed {replay.seed}: {len(replay.actions)} declarations (engine 1)")
    return Verdict(True, len(replay.turns), [], game.state_hash())


def balance(ruleset: str | None, games: int, seed: int, level: str, progress=None) -> tuple[dict, str]:
    """`tactibox balance --mode bout`: the figures of issue 18 item 6, each with its range
    (`games` seeds per figure; a quarter of that per weapon pair)."""
    from game.modes.bout.balance import format_report, run_report
    step = [0]

    def tick(label, done, total):
        step[0] += 1
        if progress and done == total:
            progress(step[0], step[0])
    rep = run_report(load_rules(ruleset), max(2, games), seed, level, tick)
    return rep, format_report(rep)


class BoutLink(LinkHook):
    """Option bytes in START: scenario index, then one fighter-template index per fighter.
    Content compared at hello: the bout ruleset's content hash. Side 0 (fighter A's) is the
    host's, every other side the guest's. The bout runs in secret mode: each initiative throw
    crosses the cable as a COMMIT (16-byte BLAKE2b commitment of throw + salt) and only when both
    are in do the REVEALs follow, so neither unit can read the other's throw first; salts come
    from the link's entropy (os.urandom), never from the game's generator. Actions cross as one
    byte per int (`actions.encode`). A dungeon co-op run (`--scenario dungeon`, the Link menu's
    "Dungeon co-op") has its own setup and moves: game/modes/bout/dungeon/coop_link.py."""

    mode = "bout"

    def content(self, rules) -> dict[str, bytes]:
        return {"bout-rules": bytes.fromhex(rules.content_hash)}

    def host_setup(self, rules, req: Request) -> bytes:
        from game.modes.bout.link import encode_bout_setup
        if req.options.get("scenario") == "dungeon":
            from game.modes.bout.dungeon import coop_link
            from game.modes.bout.dungeon.hooks import load_data
            return coop_link.encode_setup(load_data(rules))
        return encode_bout_setup(rules, options_from(req.options))

    def check_setup(self, rules, setup: bytes) -> None:
        from game.modes.bout.dungeon import coop_link
        from game.modes.bout.link import decode_bout_setup
        if coop_link.is_coop_setup(setup):
            coop_link.check_setup(rules, setup)
            return
        decode_bout_setup(rules, setup)

    def header(self, rules, seed: int, setup: bytes):
        from game.modes.bout.dungeon import coop_link
        if coop_link.is_coop_setup(setup):
            return coop_link.header(rules, seed, setup)
        from game.modes.bout.link import decode_bout_setup
        from game.modes.bout.match import bout_header
        from game.modes.bout.scenarios import new_bout
        options = decode_bout_setup(rules, setup)
        sides = len({f.side for f in new_bout(rules, seed, options).fighters})
        return bout_header(rules, seed, options, ["human"] * sides)

    def units(self, header, game) -> dict[int, int]:
        if getattr(game, "coop", False):
            return {0: 0, 1: 1}
        return {side: 0 if side == 0 else 1 for side in sorted({f.side for f in game.fighters})}

    def encode_move(self, game, actions) -> bytes:
        from game.modes.bout import actions as A
        (action,) = actions
        if getattr(game, "coop", False):
            from game.modes.bout.dungeon import coop_link
            return coop_link.encode_move(action)
        return bytes(A.encode(action))

    def decode_move(self, game, data: bytes) -> list:
        from game.modes.bout import actions as A
        if getattr(game, "coop", False):
            from game.modes.bout.dungeon import coop_link
            return coop_link.decode_move(data)
        return [A.decode(list(bytes(data)))]          # ActionError is a ValueError

    def restore(self, match, data: bytes):
        from game.modes.bout.game import BoutGame

        def checked(snap):
            if getattr(match.game, "coop", False):
                from game.modes.bout.dungeon import coop_link
                return coop_link.restore(match, snap)
            game = BoutGame.restore(match.rules, snap)
            game.state_hash()
            return game
        return read_snapshot(data, "bout", checked)

    def new_bot(self, match, seat: int, level: str, entropy=None):
        from game.modes.bout import actions as A
        from game.modes.bout.bot import BoutBot
        if getattr(match.game, "coop", False):
            from game.modes.bout.dungeon import coop_link
            return coop_link.new_bot(match, seat, level, entropy)
        salts = (lambda: entropy(A.SECRET_BYTES)) if entropy is not None else None
        return BoutBot(level, match.header.seed, seat, salt_source=salts)

    def summary(self, match) -> dict:
        if match is None:
            return {"mode": "bout", "winner": None}
        g = match.game
        if getattr(g, "coop", False):
            from game.modes.bout.dungeon import coop_link
            return coop_link.summary(match)
        return {"mode": "bout", "exchanges": g.turn, "rounds": g.round, "state_hash": g.state_hash(),
                "winner": None if g.winner is None else f"side {g.winner} ({'host' if g.winner == 0 else 'guest'})"}


LINK = BoutLink()
