"""Fixtures for the dungeon: the shipped rules and dungeon, and small hand-drawn set-ups."""

import pytest

from game.modes.bout.dungeon.actor import COMPANION, FOE, HERO, Actor, template_of
from game.modes.bout.dungeon.game import DungeonGame
from game.modes.bout.dungeon.level import level_from_text
from game.modes.bout.melee import Melee


@pytest.fixture(scope="session")
def rules():
    from game.modes.bout.hooks import load_rules
    return load_rules()


@pytest.fixture(scope="session")
def data(rules):
    from game.rules.bout.dungeon_loader import load_shipped
    return load_shipped(rules)


ROLES = {"hero": HERO, "companion": COMPANION, "foe": FOE}


def make_game(rules, data, rows, people, *, seed=1, prepare=True):
    """A game on the level drawn in `rows`; `people` are letters placed in the rows:
    {letter: (role, foe id or "hero"/"companion", side)}. The hero must be letter "@"."""
    clean = [r.translate({ord(k): "." for k in people}) for r in rows]
    g = DungeonGame(rules, data, seed, start=False)
    g.level = level_from_text(clean)
    g.depth = 1
    w = g.level.width
    found = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in people:
                found[ch] = y * w + x
    order = sorted(people, key=lambda k: (k != "@", ROLES[people[k][0]], k))
    for k in order:
        role, key, side = people[k]
        v = data.hero if key == "hero" else data.companion if key == "companion" else data.find("foes", key).v
        a = Actor(template_of(rules, v), side, found[k])
        a.role = ROLES[role]
        a.kind = -1 if role != "foe" else data.find("foes", key).index
        g.refit(a)
        g.actors.append(a)
    g.m = Melee(rules, width=w, rng=g.rng, fighters=g.actors)
    for a in g.actors:
        g.m.add_fighter(a)
    g._reindex()
    g.see()
    if prepare:
        g.prepare()
    return g, {k: order.index(k) for k in order}


def hero_only(people):
    return {"@": ("hero", "hero", 0), **people}


@pytest.fixture
def passive(monkeypatch):
    """The dungeon's fighters throw Defensive, target the first foe in reach and declare
    nothing (the hero's choices are untouched)."""
    from game.modes.bout import actions as BA
    from game.modes.bout.consts import AUTO, DEFENSIVE, ORIENT, TARGET
    from game.modes.bout.dungeon import world
    real = world.choice

    def choice(g, f, st):
        if f == 0:
            return real(g, f, st)
        me = g.actors[f]
        if st == ORIENT:
            return BA.Orient(f, AUTO if me.orientation != -1 else DEFENSIVE, 0, 0)
        if st == TARGET:
            return BA.Target(f, g.m.foes_of(f)[0])
        return BA.Done(f)
    monkeypatch.setattr(world, "choice", choice)
