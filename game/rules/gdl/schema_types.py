"""The record types of the GDL schema (schema.py gathers the declarations of every area)."""

from __future__ import annotations

from typing import NamedTuple

PLAY, DISPLAY, IGNORED = "play", "display", "ignored"
SYNTH = "synthesis"     # shapes a generated world (game/rules/gdl/synth/); no effect on a finished map

# What an index letter of a table counts: unit, terrain, material types.
INDEX_KINDS = ("u", "t", "m")


class Prop(NamedTuple):
    name: str
    of: str          # "u" unit type, "t" terrain type, "m" material type
    kind: str        # "int", "type" (a unit type or nothing), "str", "bool", "list" (numbers and pairs), "sym"
    default: object
    status: str
    doc: str


class Table(NamedTuple):
    name: str
    index: str       # two letters of INDEX_KINDS: "uu", "ut", "um", "tm", "mm", "tt"
    dice: bool       # values may be dice (NdS+O)
    default: int
    status: str
    doc: str


class Global(NamedTuple):
    name: str
    default: object
    status: str
    doc: str
