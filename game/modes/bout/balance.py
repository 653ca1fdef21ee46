"""The balance report of issue 18, item 6 (`tactibox balance --mode bout [--games N] [--json]`):
each figure with the range it must fall in.

- duel: the default duel pairing, hard bot against hard bot: each side wins 40-60 % of N seeds;
- weapons: the average fighter with each melee weapon against every other (hard bots, sides
  swapped half the time): no weapon above 65 % of its bouts;
- one_vs_three: the hard bot's hero against three normal-bot foes: the hero wins 20-50 %;
- hard_vs_easy: equal average fighters, the hard bot beats the easy one in at least 75 %;
- round_cap: no bout of all the above reaches the round cap (`max_rounds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.modes.bout.match import play_bout
from game.modes.bout.scenarios import BoutOptions

DEFAULT_GAMES = 200      # seeds per figure when `tactibox balance --mode bout` is given no --games
RANGES = {"duel_side0": (40, 60), "duel_side1": (40, 60), "weapon_max": (0, 65),
          "one_vs_three_hero": (20, 50), "hard_vs_easy": (75, 100), "bouts_at_round_cap": (0, 0)}


@dataclass
class Tally:
    bouts: int = 0
    wins: dict = field(default_factory=dict)
    draws: int = 0
    capped: int = 0
    rounds: int = 0

    def add(self, res, cap: int) -> None:
        self.bouts += 1
        self.rounds = max(self.rounds, res.rounds)
        if res.winner is None:
            self.draws += 1
        else:
            self.wins[res.winner] = self.wins.get(res.winner, 0) + 1
        if res.draw and res.rounds > cap:
            self.capped += 1

    def pct(self, side: int) -> int:
        return round(100 * self.wins.get(side, 0) / max(1, self.bouts))


def _run(rules, n, seed, options, seats, tally, cap, salt, progress=None, label=""):
    for k in range(n):
        res = play_bout(rules, seed * 100003 + salt * 7919 + k, options, seats, record=False)
        tally.add(res, cap)
        if progress:
            progress(label, k + 1, n)


def melee_weapons(rules) -> list[str]:
    return [w.id for w in rules.weapons if w.id != "fist" and not w.missile]


def run_report(rules, games: int = 200, seed: int = 1, level: str = "hard", progress=None) -> dict:
    cap = rules.rules["max_rounds"]
    tallies = {}
    duel = Tally()
    _run(rules, games, seed, BoutOptions(), (level, level), duel, cap, 1, progress, "duel")
    tallies["duel"] = duel
    one = Tally()
    _run(rules, games, seed, BoutOptions(scenario="one_vs_three"), (level, "normal"), one, cap, 2, progress,
         "one against three")
    tallies["one_vs_three"] = one
    he = Tally()
    _run(rules, games, seed, BoutOptions(fighters=["average", "average"]), (level, "easy"), he, cap, 3, progress,
         "hard against easy")
    tallies["hard_vs_easy"] = he
    ws = melee_weapons(rules)
    per_pair = max(2, games // 4)
    won: dict = {w: 0 for w in ws}
    fought: dict = {w: 0 for w in ws}
    matrix: dict = {a: {} for a in ws}
    wt = Tally()
    pairs = [(a, b) for i, a in enumerate(ws) for b in ws[i + 1:]]
    for n, (a, b) in enumerate(pairs):
        wa = wb = 0
        for k in range(per_pair):
            order = [b, a] if k % 2 else [a, b]
            res = play_bout(rules, seed * 100003 + 4 * 7919 + n * 1009 + k,
                            BoutOptions(fighters=["average", "average"], weapons=order), (level, level), record=False)
            wt.add(res, cap)
            fought[a] += 1
            fought[b] += 1
            if res.winner is not None:
                w = order[res.winner]
                won[w] += 1
                wa += w == a
                wb += w == b
        matrix[a][b] = round(100 * wa / per_pair)
        matrix[b][a] = round(100 * wb / per_pair)
        if progress:
            progress("weapons", n + 1, len(pairs))
    overall = {w: round(100 * won[w] / max(1, fought[w])) for w in ws}
    tallies["weapons"] = wt
    figures = {
        "duel_side0": duel.pct(0), "duel_side1": duel.pct(1),
        "weapon_max": max(overall.values()) if overall else 0,
        "one_vs_three_hero": one.pct(0), "hard_vs_easy": he.pct(0),
        "bouts_at_round_cap": sum(t.capped for t in tallies.values()),
    }
    report = {
        "games": games, "seed": seed, "level": level,
        "figures": {k: {"value": v, "range": list(RANGES[k]), "ok": RANGES[k][0] <= v <= RANGES[k][1]}
                    for k, v in figures.items()},
        "duel": {"fighters": BoutOptions().fighters, "wins": _wins(duel), "draws": duel.draws, "bouts": duel.bouts},
        "one_vs_three": {"fighters": BoutOptions(scenario="one_vs_three").fighters, "hero_wins": one.wins.get(0, 0),
                         "bouts": one.bouts, "draws": one.draws},
        "hard_vs_easy": {"wins": _wins(he), "bouts": he.bouts, "draws": he.draws},
        "weapons": {"bouts_per_pair": per_pair, "overall_percent": overall, "win_percent": matrix},
        "longest_bout_rounds": max(t.rounds for t in tallies.values()),
        "round_cap": cap,
    }
    report["ok"] = all(f["ok"] for f in report["figures"].values())
    return report


def _wins(t: Tally) -> dict:
    return {f"side {k}": v for k, v in sorted(t.wins.items())}


def format_report(rep: dict) -> str:
    lines = [f"Steel bout balance: {rep['games']} seeds per figure, {rep['level']} bots (issue 18, item 6)", ""]
    names = {"duel_side0": f"duel, {rep['duel']['fighters'][0]} wins",
             "duel_side1": f"duel, {rep['duel']['fighters'][1]} wins",
             "weapon_max": "best weapon's win rate", "one_vs_three_hero": "one against three, the hero wins",
             "hard_vs_easy": "hard bot beats easy bot", "bouts_at_round_cap": "bouts at the round cap"}
    for k, f in rep["figures"].items():
        unit = "" if k == "bouts_at_round_cap" else " %"
        lo, hi = f["range"]
        lines.append(f"  {names[k]:<36} {f['value']:>4}{unit:<2}  range {lo}-{hi}{unit}  "
                     + ("ok" if f["ok"] else "OUT OF RANGE"))
    lines += ["", "Weapons (average fighters), row's win % against column:"]
    ws = list(rep["weapons"]["overall_percent"])
    width = max(len(x) for x in ws) + 1
    lines.append(" " * width + " ".join(f"{x[:7]:>7}" for x in ws) + "   overall")
    for a in ws:
        cells = ["      -" if a == b else f"{rep['weapons']['win_percent'][a][b]:>7}" for b in ws]
        lines.append(f"{a:<{width}}" + " ".join(cells) + f"   {rep['weapons']['overall_percent'][a]:>5}%")
    lines.append(f"\nlongest bout: {rep['longest_bout_rounds']} rounds (cap {rep['round_cap']})")
    return "\n".join(lines)
