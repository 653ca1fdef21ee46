"""The /tacticsBalance report: bots fight many battles with random armies; per piece, how it fares.

For every piece type: how many times it was fielded, the share of battles its army won
(weighted by copies), damage dealt and taken per piece (HP actually removed, so a big hit on
a nearly dead piece counts only what it took away), kills and deaths, and survival. A piece
is flagged "over" when its army's win share is well above the field's and its damage ratio is
high, "under" when both are well below (thresholds in `flag`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.prng import Pcg32
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant, bot_army
from game.rules.skirmish.model import Ruleset


@dataclass
class PieceRecord:
    id: str
    name: str
    short_form: str
    fielded: int = 0
    won: int = 0
    dealt: int = 0
    taken: int = 0
    kills: int = 0
    deaths: int = 0

    @property
    def win_pct(self) -> int:
        return 100 * self.won // self.fielded if self.fielded else 0

    @property
    def survival_pct(self) -> int:
        return 100 * (self.fielded - self.deaths) // self.fielded if self.fielded else 0

    @property
    def damage_ratio_x100(self) -> int:
        return 100 * self.dealt // max(self.taken, 1)

    def to_data(self) -> dict:
        return {"piece": self.id, "name": self.name, "short_form": self.short_form, "fielded": self.fielded,
                "win_pct": self.win_pct, "survival_pct": self.survival_pct,
                "dealt_per_piece_x10": 10 * self.dealt // max(self.fielded, 1),
                "taken_per_piece_x10": 10 * self.taken // max(self.fielded, 1),
                "kills": self.kills, "deaths": self.deaths, "damage_ratio_x100": self.damage_ratio_x100}


@dataclass
class BalanceReport:
    games: int
    turns: int
    unfinished: int
    pieces: list[PieceRecord] = field(default_factory=list)

    def flag(self, rec: PieceRecord) -> str:
        if rec.fielded < 10:
            return "few games"
        if rec.win_pct >= 65 and rec.damage_ratio_x100 >= 130:
            return "OVER-powered"
        if rec.win_pct <= 35 and rec.damage_ratio_x100 <= 77:
            return "UNDER-powered"
        return "ok"

    def to_data(self) -> dict:
        return {"games": self.games, "turns": self.turns, "unfinished": self.unfinished,
                "pieces": [dict(r.to_data(), flag=self.flag(r)) for r in self.pieces]}


def run_balance(rs: Ruleset, games: int, seed: int, level: str = "hard", turn_limit: int = 300,
                progress=None) -> BalanceReport:
    recs = {p.index: PieceRecord(p.id, p.name, p.short_form) for p in rs.pieces}
    maps = [m for m in rs.maps if len(m.seats) >= 2]
    rng = Pcg32(seed, 0xBA1)
    report = BalanceReport(games, 0, 0)
    for n in range(games):
        gmap = maps[n % len(maps)]
        armies = [tuple(bot_army(rs, rs.rules.army_limit, rng)) for _ in range(2)]
        parts = [Participant(f"Bot {i + 1}", f"bot:{level}", armies[i]) for i in range(2)]
        game = SkirmishGame.new(rs, gmap, parts, rng.next_u32(), Options(pieces_per_turn=0, turn_limit=turn_limit))
        bots = {s: SkirmishBot(level) for s in game.seats()}
        while not game.is_over():
            for ev in game.apply(bots[game.current].choose(game)):
                if ev.kind == "attack" and ev.lost:
                    # HP removed, not the hit's nominal damage: overkill on a nearly dead piece
                    # would otherwise count as damage dealt and taken
                    att, tgt = game.pieces[ev.piece], game.pieces[ev.target]
                    recs[att.kind].dealt += ev.lost
                    recs[tgt.kind].taken += ev.lost
                    if ev.killed:
                        recs[att.kind].kills += 1
                        recs[tgt.kind].deaths += 1
        report.turns += game.turns_played
        winner = game.winner
        if game.alive_seats() and len(game.alive_seats()) > 1:
            report.unfinished += 1
        for p in game.pieces:
            recs[p.kind].fielded += 1
            if p.seat == winner and len(game.alive_seats()) == 1:
                recs[p.kind].won += 1
        if progress:
            progress(n + 1, games)
    report.pieces = sorted(recs.values(), key=lambda r: (-r.win_pct, r.id))
    return report


def format_report(rep: BalanceReport) -> str:
    lines = [f"{rep.games} battles, {rep.turns} turns, {rep.unfinished} stopped by the turn limit or the stalemate rule", "",
             f"{'piece':<14}{'form':>6}{'fielded':>9}{'win%':>6}{'surv%':>7}{'dealt':>7}{'taken':>7}{'kills':>7}{'deaths':>8}  flag"]
    for r in rep.pieces:
        d = r.to_data()
        lines.append(f"{r.name:<14}{r.short_form:>6}{r.fielded:>9}{r.win_pct:>6}{r.survival_pct:>7}"
                     f"{d['dealt_per_piece_x10'] / 10:>7.1f}{d['taken_per_piece_x10'] / 10:>7.1f}{r.kills:>7}{r.deaths:>8}  {rep.flag(r)}")
    return "\n".join(lines)
