"""The Steel bout's registry hooks: rules, simulate, verify and the link (docs/modes.md)."""

from __future__ import annotations

from game.modes.registry import Outcome, Request, Verdict, event_lines, events_printer


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


def options_from(opts: dict):
    from game.modes.bout.scenarios import BoutOptions
    fighters = [f for f in str(opts.get("fighters") or "").split(",") if f]
    return BoutOptions(scenario=opts.get("scenario") or "duel", fighters=fighters)


def simulate(req: Request, log=None) -> Outcome:
    from game.modes.bout.match import play_bout, seat_levels, to_replay
    rules = load_rules(req.ruleset)
    options = options_from(req.options)
    try:
        seats = seat_levels(list(req.seats or ("bot:hard", "bot:hard")))
    except ValueError as exc:
        raise ValueError(f"--seats: {exc}") from None
    res = play_bout(rules, req.seed, options, seats, on_events=_on_events(log))
    out = res.summary()
    line = (f"winner: {out['winner'] or 'none (draw)'} after {res.rounds} rounds, {res.turns} exchanges; "
            f"state {res.final_hash[:16]}")
    return Outcome(out, to_replay(res), [line])


def verify(replay, ruleset: str | None = None, log=None) -> Verdict:
    from game.modes.bout.match import ReplayError, verify
    try:
        rules = load_rules(ruleset)
        game = verify(rules, replay)
    except ReplayError as exc:
        return Verdict(False, 0, [str(exc)])
    except ValueError as exc:
        return Verdict(False, 0, [str(exc)])
    if log is not None:
        log(f"bout on seed {replay.seed}: {len(replay.actions)} declarations")
    return Verdict(True, len(replay.turns), [], game.state_hash())


def balance(ruleset: str | None, games: int, seed: int, level: str, progress=None) -> tuple[dict, str]:
    """`tactibox balance --mode bout`: which weapon beats which (`games` bouts per pair)."""
    from game.modes.bout.balance import format_report, run_weapon_balance
    rep = run_weapon_balance(load_rules(ruleset), max(1, games), seed, level)
    return rep.to_data(), format_report(rep)


class BoutLink:
    """Option bytes in START: scenario index, then one fighter-template index per fighter.
    Content compared at hello: the bout ruleset's content hash. Side 0 is the host's."""

    def content(self, rules) -> dict[str, bytes]:
        return {"bout-rules": bytes.fromhex(rules.content_hash)}

    def host_setup(self, rules, req: Request) -> bytes:
        from game.modes.bout.link import encode_bout_setup
        return encode_bout_setup(rules, options_from(req.options))

    def check_setup(self, rules, setup: bytes) -> None:
        from game.modes.bout.link import decode_bout_setup
        decode_bout_setup(rules, setup)

    def adapter(self, rules, seed: int, setup: bytes, local: int, *, level: str | None = "hard",
                chooser=None, log=None, entropy=None):
        """level None: a person plays this unit's fighters from the screen (`adapter.screen`)."""
        from game.modes.bout.link import BoutOverLink
        from game.modes.lockstep_game import ScreenSlot
        adapter = BoutOverLink(rules, seed, setup, local, level or "hard", chooser=chooser,
                               salt_source=entropy, on_events=_on_events(log))
        if level is None and chooser is None:
            ScreenSlot.attach(adapter)
        return adapter

    def summary(self, adapter) -> dict:
        if adapter is None:
            return {"mode": "bout", "winner": None}
        g = adapter.game
        return {"mode": "bout", "exchanges": g.turn, "rounds": g.round,
                "winner": None if g.winner is None else f"side {g.winner} ({'host' if g.winner == 0 else 'guest'})"}


LINK = BoutLink()
