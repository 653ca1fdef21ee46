"""The exchange log in plain words: one line per event, for the CLI and the bout screen."""

from __future__ import annotations

from game.modes.bout.resolve import DTYPES

HOLD = {-1: "nobody (a pause)", -2: "both"}


def _n(g, i: int) -> str:
    f = g.fighters[i]
    return f"{f.t.name} ({'ABCDEFGHIJKL'[i]})"


def describe(g, ev) -> str | None:
    k, r = ev[0], g.rules
    if k == "refresh":
        return f"{_n(g, ev[1])} gathers a pool of {ev[2]} dice."
    if k == "bleed":
        return f"{_n(g, ev[1])} bleeds (blood loss {ev[2]}): health {ev[3]}."
    if k == "dies":
        return f"{_n(g, ev[1])} dies ({ev[2]})."
    if k == "surprised":
        return f"{_n(g, ev[1])} is caught by surprise and loses the round."
    if k == "throw":
        col = ("white", "red")
        return f"{_n(g, ev[1])} throws {col[bool(ev[3])]}, {_n(g, ev[2])} throws {col[bool(ev[4])]}."
    if k == "footing":
        _k, f, foes, tn, dice, s, botch, cp = ev
        res = "falls!" if botch else ("keeps his footing" if s else "stumbles, pool halved")
        return f"{_n(g, f)} faces {foes} foes: footing {dice} dice at TN {tn}, {s} successes - {res} ({cp} left)."
    if k == "move":
        return None
    if k == "declare":
        _k, f, t, man, zone, dice, extra, bought = ev
        z = r.zones[zone]
        buy = " (buying initiative)" if bought else ""
        return f"{_n(g, f)}{buy}: {r.maneuvers[man].name} at {z.numeral} {z.name.lower()} on {_n(g, t)} with {dice} dice" + (f" +{extra}" if extra else "") + "."
    if k == "defend":
        _k, f, a, man, dice, extra = ev
        return f"{_n(g, f)} answers {_n(g, a)} with {r.maneuvers[man].name}, {dice} dice" + (f" +{extra}" if extra else "") + "."
    if k == "contest":
        return f"Red against red: {_n(g, ev[1])} {ev[3]} successes, {_n(g, ev[2])} {ev[4]}."
    if k == "red_red":
        return f"{_n(g, ev[1])} strikes first."
    if k == "simultaneous":
        return "Both strike at the same moment."
    if k == "blow":
        _k, a, t, man, zone, n, tn, s, botch, dm, sd, dbotch = ev
        d = "" if dm < 0 else f" against {sd} for {r.maneuvers[dm].name}" + (" (botched!)" if dbotch else "")
        return f"  {_n(g, a)} rolls {n} dice at TN {tn}: {s} successes" + (" (botch!)" if botch else "") + d + "."
    if k == "wound":
        _k, t, a, lv, dt, loc, bl, shock, pain, fx, cp, carry = ev
        extra = {"kd": ", may fall", "ko": ", may black out", "drop": ", drops his weapon", "death": ", a mortal blow"}.get(fx, "")
        return (f"  {_n(g, t)} takes a level {lv} {DTYPES[dt]} wound to the {r.locations[loc].name.lower()}: "
                f"shock {shock}, pain {pain}, bleeding {bl}{extra}; {cp} dice left" + (f", {carry} shock carried" if carry else "") + ".")
    if k == "glance":
        return f"  The blow glances off {_n(g, ev[2])}."
    if k == "knockdown":
        return f"  {_n(g, ev[1])} is knocked down ({ev[2]} dice left)."
    if k == "knockout":
        return f"  {_n(g, ev[1])} is knocked out for {ev[2]} rounds."
    if k == "drops" or k == "disarmed":
        return f"  {_n(g, ev[1])} loses his weapon."
    if k == "thrown":
        return f"  {_n(g, ev[1])} is thrown to the ground."
    if k == "drain":
        return f"  {_n(g, ev[1])} is pushed off balance ({ev[2]}): {ev[3]} dice left."
    if k == "refund":
        return f"  {_n(g, ev[1])} keeps {ev[2]} unused defence dice."
    if k == "initiative":
        h = ev[3]
        return f"  Initiative: {HOLD.get(h) or _n(g, h)}."
    if k == "over":
        return "The bout is over: " + ("a draw." if ev[1] < 0 else f"side {ev[1]} wins.")
    return None
