"""The combat log in plain words: one line per event, for the CLI and the bout screen. Every
event the engine emits has a line or is deliberately silent (`SILENT`)."""

from __future__ import annotations

from game.modes.bout.consts import CONTEST, LINE_NAMES, NOBODY, ORIENTATIONS
from game.modes.bout.wounds import DTYPES

DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
SILENT = frozenset(("guard", "bleed_ok", "initiative_none"))


def name(g, i: int) -> str:
    f = g.fighters[i]
    return f"{f.t.name} ({'ABCDEFGHIJKLMNOPQRSTUVWX'[i] if i < 24 else i})"


def _holder(g, h: int, a: int, b: int) -> str:
    if h == NOBODY:
        return "nobody (a pause)"
    if h == CONTEST:
        return f"contested between {name(g, a)} and {name(g, b)}"
    return name(g, h)


def _where(g, cell: int) -> str:
    w = getattr(g, "width", None) or g.m.width
    return f"({cell % w}, {cell // w})"


def describe(g, ev) -> str | None:
    k = ev[0]
    if k in SILENT:
        return None
    fn = _LINES.get(k)
    return fn(g, ev) if fn is not None else None


def _declare(g, ev) -> str:
    _k, f, kind, foe, man, zone, dice, extra, cost = ev
    r = g.rules
    if man < 0:
        return f"{name(g, f)} prepares a defence against no one in particular ({dice} dice)."
    m = r.maneuvers[man]
    what = LINE_NAMES[kind]
    at = "" if foe < 0 else (f" at {name(g, foe)}" if m.kind == "attack" else f" against {name(g, foe)}")
    z = ""
    if m.kind == "attack":
        zz = r.zones[zone]
        z = f", {zz.numeral} {zz.name.lower()}"
    more = f" +{extra}" if extra else ""
    head = "" if what in ("attack", "defend") else f"{what}: "
    return f"{name(g, f)} declares {head}{m.name}{at}{z} with {dice} dice{more} ({cost} CP)."


def _blow(g, ev) -> str:
    _k, a, t, man, zone, n, tn, s, botch, dm, sd, dbotch = ev
    r = g.rules
    d = "" if dm < 0 else f"; {name(g, t)}'s {r.maneuvers[dm].name} {sd}" + (" (botched!)" if dbotch else "")
    dice = f"{n} dice" if n >= 1 else f"1 die (pool at {n})"
    return f"  {name(g, a)}'s {r.maneuvers[man].name}: {dice} at TN {tn}, {s} successes" + (" (botch!)" if botch else "") + d + "."


def _wound(g, ev) -> str:
    _k, t, a, lv, dt, loc, bl, shock, pain, fx, cp, carry = ev
    extra = {"kd": ", may fall", "ko": ", may black out", "drop": ", drops his weapon", "death": ", a mortal blow"}.get(fx, "")
    return (f"  {name(g, t)} takes a level {lv} {DTYPES[dt]} wound to the {g.rules.locations[loc].name.lower()}: "
            f"shock {shock}, pain {pain}, bleeding {bl}{extra}; {cp} dice left" + (f", {carry} shock carried" if carry else "") + ".")


def _footing(g, ev) -> str:
    _k, f, foes, tn, dice, s, botch, cp = ev
    res = "falls!" if botch else ("keeps his footing" if s else "stumbles, pool halved")
    return f"{name(g, f)} faces {foes} foes: footing {dice} dice at TN {tn}, {s} successes - {res} ({cp} left)."


_LINES = {
    "move": lambda g, ev: f"{name(g, ev[1])} steps to {_where(g, ev[2])}.",
    "engage": lambda g, ev: "A fight starts: " + ", ".join(name(g, i) for i in ev[2]) + ".",
    "join": lambda g, ev: f"{name(g, ev[1])} joins the fight at exchange {ev[3]}, step {ev[4]}/1"
                          + (" - late: no initiative until the next round." if ev[5] else "."),
    "leave": lambda g, ev: f"{name(g, ev[1])} is out of the fight.",
    "disengage": lambda g, ev: None,
    "surprised": lambda g, ev: f"{name(g, ev[1])} is caught by surprise and loses the round.",
    "orient": lambda g, ev: f"{name(g, ev[1])} turns {ORIENTATIONS[ev[2]]}"
                            + (f", {g.rules.stances[ev[3]].name.lower()} stance" if ev[3] else "") + ".",
    "footing": _footing,
    "target": lambda g, ev: f"{name(g, ev[1])} targets {name(g, ev[2])}.",
    "initiative": lambda g, ev: f"  Initiative between {name(g, ev[1])} and {name(g, ev[2])}: {_holder(g, ev[3], ev[1], ev[2])}.",
    "lull": lambda g, ev: f"  {name(g, ev[1])} and {name(g, ev[2])} circle each other: a lull.",
    "declare": _declare,
    "nothing": lambda g, ev: f"{name(g, ev[1])} does nothing.",
    "preempt": lambda g, ev: f"  {name(g, ev[1])}'s prepared {g.rules.maneuvers[ev[3]].name} meets {name(g, ev[2])}.",
    "roll_off": lambda g, ev: f"  Roll-off for the initiative: {name(g, ev[1])} {ev[3]}, {name(g, ev[2])} {ev[4]}.",
    "contest": lambda g, ev: f"Who strikes first: {name(g, ev[1])} {ev[3]} successes, {name(g, ev[2])} {ev[4]}.",
    "simultaneous": lambda g, ev: f"{name(g, ev[1])} and {name(g, ev[2])} strike at the same moment.",
    "blow": _blow,
    "wound": _wound,
    "glance": lambda g, ev: f"  The blow glances off {name(g, ev[2])}.",
    "knockdown": lambda g, ev: f"  {name(g, ev[1])} is knocked down ({ev[2]} dice left).",
    "keeps_feet": lambda g, ev: f"  {name(g, ev[1])} stays on his feet.",
    "knockout": lambda g, ev: f"  {name(g, ev[1])} is knocked out for {ev[2]} rounds.",
    "drops": lambda g, ev: f"  {name(g, ev[1])} drops his weapon.",
    "disarmed": lambda g, ev: f"  {name(g, ev[1])} is disarmed.",
    "thrown": lambda g, ev: f"  {name(g, ev[1])} is thrown to the ground.",
    "drain": lambda g, ev: f"  {name(g, ev[1])} is pushed off balance ({ev[2]}): {ev[3]} dice left.",
    "refund": lambda g, ev: f"  {name(g, ev[1])} keeps {ev[2]} unused defence dice.",
    "closes": lambda g, ev: f"  {name(g, ev[1])} closes in: the reach penalty passes to {name(g, ev[2])}.",
    "stop_short": lambda g, ev: f"  {name(g, ev[1])} stops short: {name(g, ev[2])}'s defence is spent on nothing.",
    "riposte": lambda g, ev: f"  {name(g, ev[1])} strikes back with {g.rules.maneuvers[ev[3]].name}: margin {ev[4]}.",
    "tossed": lambda g, ev: f"  {name(g, ev[1])}'s thrown weapon is gone.",
    "lost": lambda g, ev: f"  {name(g, ev[1])}'s attack at {name(g, ev[2])} never comes.",
    "force_enter": lambda g, ev: f"  {name(g, ev[1])} forces his way in: {ev[3]} dice at TN {ev[4]}, {ev[5]} successes"
                                 + ("." if ev[5] else " - the attack fails."),
    "resolved": lambda g, ev: None,
    "pause": lambda g, ev: "A pause: the fighters gather themselves (new round, new orientation).",
    "refresh": lambda g, ev: f"{name(g, ev[1])} gathers a pool of {ev[2]} dice.",
    "bleed": lambda g, ev: f"{name(g, ev[1])} bleeds (blood loss {ev[2]}): health {ev[3]}.",
    "dies": lambda g, ev: f"{name(g, ev[1])} dies ({ev[2]}).",
    "first_aid": lambda g, ev: f"{name(g, ev[1])} binds his wounds: {ev[3]} successes, bleeding {ev[5]} left.",
    "heal": lambda g, ev: f"{name(g, ev[1])} heals: {ev[3]} wounds closed, health {ev[4]}.",
    "painkiller": lambda g, ev: f"{name(g, ev[1])} takes a painkiller: pain {ev[2]}.",
    "reload": lambda g, ev: f"{name(g, ev[1])} readies his missile weapon ({ev[2]} steps to go).",
    "aim": lambda g, ev: f"{name(g, ev[1])} aims at {name(g, ev[2])} ({ev[3]} steps).",
    "shoot": lambda g, ev: f"{name(g, ev[1])} shoots at {name(g, ev[2])}" + (f" (+{ev[3]} dice for aiming)" if ev[3] else "") + ".",
    "shot": lambda g, ev: f"  The shot: {ev[3]} dice at TN {ev[4]}, {ev[5]} successes" + (" (botch!)" if ev[6] else "") + ".",
    "dodge": lambda g, ev: f"  {name(g, ev[1])} dodges with {ev[2]} dice at TN {ev[3]}: {ev[4]} successes.",
    "stray": lambda g, ev: f"  The shot goes astray into {name(g, ev[2])}!",
    "over": lambda g, ev: "The fight is over: " + ("a draw." if ev[1] < 0 else f"side {ev[1]} wins."),
}
