"""The standard variants of a module (refman "Module Variants"): see-all, world-seen,
world-size and sequential, recorded while the loader reads the main module and its includes.
A variant without a value is false (Xconq's kernel); see-all sets the global see-all and
world-seen the global terrain-seen; world-size keeps its numbers (width, height, circumference)
for world synthesis, which uses them when the module has no `area`.
"""

from __future__ import annotations

from game.rules.gdl.reader import Lst


def record_std_variant(ld, v: Lst) -> None:
    """A standard variant of the main module (or an included one): its default value.
    A variant without a value is false (Xconq's kernel); world-size keeps its numbers."""
    name = str(v[0])
    rest = v[1:]
    if name == "world-size":
        nums = []
        if rest and isinstance(rest[0], Lst):
            nums = [n for n in rest[0] if isinstance(n, int)]
        elif rest:
            nums = [n for n in rest if isinstance(n, int)]
        ld.m.std_variants[name] = (nums, ld.file, v.line)
        return
    val = ld.value(rest[0]) if rest and not isinstance(rest[0], Lst) else 0
    val = 1 if isinstance(val, int) and val else 0
    ld.m.std_variants[name] = (val, ld.file, v.line)
    if name == "see-all":
        ld.m.globals["see-all"] = val
        ld.m.origin[("g", "see-all")] = (ld.file, v.line)
    elif name == "world-seen":
        ld.m.globals["terrain-seen"] = val
        ld.m.origin[("g", "terrain-seen")] = (ld.file, v.line)
