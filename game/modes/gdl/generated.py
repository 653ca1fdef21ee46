"""The world a game of a module is played on: the module's fixed map, or the world synthesis
makes from the game's seed (game/rules/gdl/synth/). `GdlGame` asks for it when it starts, so
every path (command line, screens, link, replays) plays the same world for the same seed.

A World built from a module without a map shows the seed-0 world (`preview_module`); games use
their own seed. The last few generated worlds of a module are kept, so replaying or restoring a
game does not generate its world again.
"""

from __future__ import annotations

from collections import OrderedDict

from game.rules.gdl import synth
from game.rules.gdl.model import Module

KEEP = 2        # generated worlds kept per module (a big world is tens of MB)


def preview_module(m: Module) -> Module:
    """What a World of this module is built from: for a module without a fixed map, its world
    generated from seed 0 (SynthError when it cannot be generated)."""
    if m.template is None and not m.has_terrain and synth.generates(m):
        return synth.generate(m, 0)
    return m


def generated_world(world, seed: int):
    """The World a game with `seed` plays: `world` itself when synthesis changes nothing."""
    m = world.m
    base = m.template or m
    if m.template is not None and m.generated_seed == seed:
        return world
    plan = getattr(world, "_synth_plan", None)
    if plan is None:
        plan = synth.plan(base)
        world._synth_plan = plan
    if not plan:
        return world
    cache: OrderedDict = world.__dict__.setdefault("_generated", OrderedDict())
    got = cache.get(seed)
    if got is None:
        got = type(world)(synth.generate(base, seed))     # a World of the generated module
        got._synth_plan = plan
        cache[seed] = got
        while len(cache) > KEEP:
            cache.popitem(last=False)
    else:
        cache.move_to_end(seed)
    return got
