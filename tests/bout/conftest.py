import pathlib

import pytest

from game.modes.bout.dice import count

TINY = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "bout" / "tiny"


@pytest.fixture(scope="session")
def tiny():
    from game.rules.bout.loader import load_bout_ruleset
    rules, problems = load_bout_ruleset(TINY)
    assert rules is not None and not problems, [str(p) for p in problems]
    return rules


class Script:
    """Scripted dice: each roll takes the next list of faces; records (kind, n, tn) per roll."""

    def __init__(self, game, faces, d6=()):
        self.faces, self.d6 = list(faces), list(d6)
        self.calls = []
        game.dice_roll = self.combat
        game.attr_roll = self.attr
        game.rng = self

    def _take(self, kind, n, tn):
        fs = self.faces.pop(0)
        self.calls.append((kind, n, tn))
        assert len(fs) == max(1, n), f"{kind} roll of {n} dice at TN {tn} but {len(fs)} faces scripted"
        return count(fs, tn)

    def combat(self, n, tn):
        if n <= 0:
            self.calls.append(("combat", n, tn))
            return 0, False
        return self._take("combat", n, tn)

    def attr(self, n, tn):
        return self._take("attr", n, tn)

    def below(self, bound):
        return self.d6.pop(0) if self.d6 else 0

    def get_state(self):
        return (0, 1)


def make(rules, keys=("a", "b"), sides=(0, 1), positions=None, width=5, height=5, seed=1, **kw):
    from game.modes.bout.fighter import template_from_rules
    from game.modes.bout.game import BoutGame
    ts = [template_from_rules(rules, k) for k in keys]
    return BoutGame(rules, ts, list(sides), seed, width=width, height=height,
                    positions=list(positions or [6 + i for i in range(len(keys))]), **kw)
