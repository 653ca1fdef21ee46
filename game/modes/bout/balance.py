"""Balance report across weapons: the same average fighter with each weapon fights every other
weapon (hard bots on both sides, sides swapped half the time); who wins how often."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.match import play_bout
from game.modes.bout.scenarios import BoutOptions


@dataclass
class WeaponReport:
    weapons: list
    bouts_per_pair: int
    wins: dict = field(default_factory=dict)    # (w1, w2) -> wins of w1 against w2
    draws: dict = field(default_factory=dict)
    exchanges: int = 0

    def rate(self, a: str, b: str) -> int:
        """Percent of bouts weapon a won against weapon b."""
        return 100 * self.wins.get((a, b), 0) // max(1, self.bouts_per_pair)

    def to_data(self) -> dict:
        return {"weapons": self.weapons, "bouts_per_pair": self.bouts_per_pair, "exchanges": self.exchanges,
                "win_percent": {a: {b: self.rate(a, b) for b in self.weapons if b != a} for a in self.weapons},
                "overall_percent": {a: self.overall(a) for a in self.weapons}}

    def overall(self, a: str) -> int:
        won = sum(self.wins.get((a, b), 0) for b in self.weapons if b != a)
        return 100 * won // max(1, self.bouts_per_pair * (len(self.weapons) - 1))


def run_weapon_balance(rules, bouts: int = 20, seed: int = 1, level: str = "hard", template: str = "average",
                       weapons: list | None = None, progress=None) -> WeaponReport:
    ws = weapons or [w.id for w in rules.weapons if w.id != "fist"]
    rep = WeaponReport(ws, bouts)
    pairs = [(a, b) for i, a in enumerate(ws) for b in ws[i + 1:]]
    for n, (a, b) in enumerate(pairs):
        for k in range(bouts):
            swap = k % 2
            order = [b, a] if swap else [a, b]
            res = play_bout(rules, seed * 100003 + n * 1009 + k,
                            BoutOptions(fighters=[template, template], weapons=order), (level, level), record=False)
            rep.exchanges += res.turns
            if res.winner is None:
                rep.draws[(a, b)] = rep.draws.get((a, b), 0) + 1
                continue
            won = order[res.winner]
            lost = b if won == a else a
            rep.wins[(won, lost)] = rep.wins.get((won, lost), 0) + 1
        if progress:
            progress(n + 1, len(pairs))
    return rep


def format_report(rep: WeaponReport) -> str:
    w = rep.weapons
    width = max(len(x) for x in w) + 1
    title = (f"Weapon balance: {rep.bouts_per_pair} bouts per pair, average fighters, hard bots "
             f"({rep.exchanges} exchanges). Row's win % against column:")
    lines = [title, ""]
    lines.append(" " * width + " ".join(f"{x[:7]:>7}" for x in w) + "   overall")
    for a in w:
        cells = ["      -" if a == b else f"{rep.rate(a, b):>7}" for b in w]
        lines.append(f"{a:<{width}}" + " ".join(cells) + f"   {rep.overall(a):>5}%")
    return "\n".join(lines)
