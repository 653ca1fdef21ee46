"""Combat events: one frozen dataclass per kind (the engine contract's `Event`), made from the
table below. Each also reads as the tuple `(kind, field, ...)`, so `ev[0]` is its kind and
`ev == ("dies", 3, "wound")` holds: logs, screens and the dungeon key on that."""

from __future__ import annotations

from dataclasses import dataclass, fields, make_dataclass

from game.modes.base import Event

SPEC = {
    "aim": "f foe steps", "bleed": "f bl health", "bleed_ok": "f bl",
    "blow": "a t man zone dice tn successes botch guard_man guard_successes guard_botch",
    "closes": "a b", "contest": "a b a_successes b_successes",
    "declare": "f line_kind foe man zone dice extra cost", "dies": "f cause", "disarmed": "f by",
    "disengage": "eng", "dodge": "f dice tn successes", "drain": "f why cp", "drops": "f",
    "engage": "eng members", "first_aid": "f dice successes botch bl",
    "footing": "f foes tn dice successes botch cp", "force_enter": "f foe dice tn successes",
    "glance": "a t", "guard": "f attacker man dice tn successes botch",
    "heal": "f successes healed health", "initiative": "a b holder",
    "join": "f eng exchange step late", "keeps_feet": "f tn", "knockdown": "f cp",
    "knockout": "f rounds", "leave": "f eng", "lost": "f foe", "lull": "a b", "move": "f cell",
    "nothing": "f", "orient": "f orientation stance", "over": "side", "painkiller": "f pain",
    "pause": "eng", "preempt": "f attacker man", "refresh": "f cp", "refund": "f dice",
    "reload": "f steps", "resolved": "eng round exchange", "riposte": "f attacker man margin",
    "roll_off": "a b a_successes b_successes", "shoot": "f foe bonus",
    "shot": "f foe dice tn successes botch", "simultaneous": "a b", "stop_short": "a t",
    "stray": "f victim", "surprised": "f", "target": "f foe", "thrown": "f cp", "tossed": "f",
    "wound": "f by level dtype loc bl shock pain effect cp carry",
}


@dataclass(frozen=True, eq=False)
class BoutEvent(Event):
    """Base of the bout's events: compared and hashed as the tuple (kind, *fields)."""

    def __iter__(self):
        yield self.kind
        for x in fields(self):
            yield getattr(self, x.name)

    def __getitem__(self, i):
        return tuple(self)[i]

    def __len__(self) -> int:
        return 1 + len(fields(self))

    def __eq__(self, other) -> bool:
        if isinstance(other, (tuple, BoutEvent)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))


def _make(kind: str, names: str) -> type:
    cls = make_dataclass("".join(p.title() for p in kind.split("_")), names.split(), bases=(BoutEvent,),
                         frozen=True, eq=False, namespace={"kind": kind})
    cls.__module__ = __name__
    return cls


TYPES = {k: _make(k, v) for k, v in SPEC.items()}
globals().update({cls.__name__: cls for cls in TYPES.values()})


def ev(kind: str, *values) -> BoutEvent:
    """The event of this kind with these field values, in the table's order."""
    return TYPES[kind](*values)
