import pathlib

import pytest

from game.modes.bout import actions as A
from game.modes.bout.dice import count
from tests.loaded import clean, usable

TINY = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "bout" / "tiny"


@pytest.fixture(scope="session")
def tiny():
    from game.rules.bout.loader import load_bout_ruleset
    return clean(load_bout_ruleset(TINY))


@pytest.fixture(scope="session")
def shipped():
    from game.rules.bout.loader import load_bout_ruleset
    return usable(load_bout_ruleset())


class Script:
    """Scripted dice for a Melee: each roll takes the next list of faces and records
    (kind, n, tn) -- n as asked (a pool at 0 or below rolls one die at TN + (1 - n), so give one
    face and expect the raised TN in `calls`); `d6` feeds rng.below (hit locations, knockouts)."""

    def __init__(self, m, faces, d6=()):
        self.faces, self.d6 = list(faces), list(d6)
        self.calls = []
        self.m = m
        m.dice_roll = self.combat
        m.attr_roll = self.attr
        m.roll_faces = self.raw
        self.real_rng = m.rng
        m.rng = self

    def _take(self, kind, n, tn):
        step = self.m.R["zero_pool_tn_step"]
        if n < 1:
            tn, n = tn + step * (1 - n), 1
        assert self.faces, f"no faces scripted for a {kind} roll of {n} dice at TN {tn} (calls so far {self.calls})"
        fs = self.faces.pop(0)
        self.calls.append((kind, n, tn))
        assert len(fs) == n, f"{kind} roll of {n} dice at TN {tn} but {len(fs)} faces scripted"
        return count(fs, tn)

    def combat(self, n, tn):
        return self._take("combat", n, tn)

    def raw(self, n):
        """Faces of a shot (counted by the caller)."""
        fs = self.faces.pop(0)
        self.calls.append(("faces", n))
        assert len(fs) == n, f"a shot of {n} dice but {len(fs)} faces scripted"
        return fs

    def attr(self, n, tn):
        return self._take("attr", n, tn)

    def below(self, bound):
        return self.d6.pop(0) if self.d6 else 0

    def get_state(self):
        return self.real_rng.get_state()


def melee(rules, spec, width=6, **kw):
    """A Melee with fighters from `spec`: (template key, side, (x, y), facing) each."""
    from game.modes.bout.fighter import template_from_rules
    from game.modes.bout.melee import Melee
    m = Melee(rules, kw.pop("seed", 1), width=width, **kw)
    for key, side, (x, y), facing in spec:
        m.add(template_from_rules(rules, key), side, y * width + x, facing)
    m.regroup()
    return m


E, SE, S, SW, W, NW, N, NE = 2, 3, 4, 5, 6, 7, 0, 1


def duel(rules, a="a", b="b", **kw):
    """a at (1,1) facing east, b at (2,1) facing west."""
    return melee(rules, [(a, 0, (1, 1), E), (b, 1, (2, 1), W)], **kw)


def orient(m, choices: dict, stance=0, footing=0):
    """Every fighter asked at this stage throws his orientation (choices: fighter -> o)."""
    while m.to_act() is not None and m.stage_of(m.to_act()) == "orient":
        f = m.to_act()
        m.apply(A.Orient(f, choices[f], stance, footing))


def target(m, choices: dict):
    while m.to_act() is not None and m.stage_of(m.to_act()) == "target":
        f = m.to_act()
        m.apply(A.Target(f, choices[f]))


def done(m, f):
    assert m.to_act() == f, (m.to_act(), f)
    m.apply(A.Done(f))


def man(rules, key):
    return rules.index("maneuvers", key)


def zone(rules, key):
    return rules.index("zones", key)


def to_declarations(m, orients: dict, targets: dict):
    """From a fresh engagement at e1s0: orientations, advance, targets, advance: step 2/1."""
    orient(m, orients)
    assert m.to_act() is None
    m.advance()
    target(m, targets)
    assert m.to_act() is None or m.stage_of(m.to_act()) != "target"
    m.advance()


def at_declare(rules, keys=("a", "b"), orients=(0, 1), **kw):
    """A duel (a east of b) brought to e1s2 with the given orientations, each targeting the other."""
    m = duel(rules, *keys, **kw)
    to_declarations(m, {0: orients[0], 1: orients[1]}, {0: 1, 1: 0})
    return m


def declare(m, f, *lines):
    """Fighter f's lines (Line field tuples after f: kind, foe, man, zone, dice, extra...) then Done."""
    assert m.to_act() == f, f"waiting for {m.to_act()}, not {f}"
    for ln in lines:
        m.apply(A.Line(f, *ln))
    m.apply(A.Done(f))


def no_answers(m):
    """Everyone asked to answer an attack he did not see declines (no quick defence)."""
    while m.to_act() is not None and m.stage_of(m.to_act()) == "respond":
        m.apply(A.Done(m.to_act()))
