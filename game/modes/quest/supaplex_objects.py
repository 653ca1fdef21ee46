"""Supaplex objects a turn-based engine can reproduce: disks, terminals, bugs, special ports and
freeze switches. game.py calls in here; the rules:

- Orange disk: falls like a boulder (never rolls, pushed only across gravity); when it has fallen
  and lands on anything (object, creature, the map's edge) it explodes; an object that has fallen
  onto an orange disk detonates it.
- Yellow disk: pushed in any direction, never falls; stepping into a terminal (a turn, the player
  stays) detonates every yellow disk on the map.
- Red disk: stepping in picks it up (`game.red`); DROP [6, d] puts a lit one on the free
  neighbouring cell in d; it explodes in the fuse step of the FUSE-th turn counting the drop turn.
- Bug: base with a countdown shown on the board (`game.bugs`: cell -> turns to its spark). In the
  fuse step a count of 0 (it sparked) becomes a new sleep of BUG_SLEEP_MIN..MAX turns drawn from
  the game's PCG32; any other count goes down by one, and a bug reaching 0 sparks: every creature
  next to it dies. Digging into a bug that shows 0 kills the player; digging a quiet one is base.
  Sleeps are drawn in cell order when the level starts and each time a spark ends.
- Special ports: crossing a port listed in `level.specials` sets player gravity, freeze zonks and
  freeze enemies to the port's values. Frozen zonks (boulders) do not fall; frozen enemies
  (wall followers) stand still.

Everything here lives in snapshot keys that are written only when they differ from the default,
so the state hash of a level without these objects is unchanged.
"""

from __future__ import annotations

from game.modes.quest import events as E
from game.modes.quest import explosions as X
from game.modes.quest import tiles as T

FUSE = 5            # Supaplex: 40 frames after the drop; Murphy crosses a tile in 8 frames -> 5 turns
BUG_SLEEP_MIN, BUG_SLEEP_MAX = 3, 6
WALL_MODELS = ("wall_left", "wall_right")


def init(game) -> None:
    lv = game.level
    game.blasts = []
    game.fuses = {}
    game.red = 0
    game.pgrav = lv.player_gravity
    game.fz = lv.freeze_zonks
    game.fe = False
    game.bugs = {}
    for c in game.g.cells:
        if game.obj[c] == T.BUG:
            game.bugs[c] = _sleep(game)


def _sleep(game) -> int:
    return BUG_SLEEP_MIN + game.rng.below(BUG_SLEEP_MAX - BUG_SLEEP_MIN + 1)


def snapshot_extra(game, snap: dict) -> dict:
    lv = game.level
    if game.pgrav != lv.player_gravity:
        snap["pgrav"] = game.pgrav
    if game.fz != lv.freeze_zonks:
        snap["fz"] = game.fz
    if game.fe:
        snap["fe"] = True
    if game.red:
        snap["red"] = game.red
    if game.fuses:
        snap["fuses"] = sorted([c, n] for c, n in game.fuses.items())
    if game.bugs:
        snap["bugs"] = sorted([c, n] for c, n in game.bugs.items())
    return snap


def restore_extra(game, snap: dict) -> None:
    lv = game.level
    game.pgrav = bool(snap.get("pgrav", lv.player_gravity))
    game.fz = bool(snap.get("fz", lv.freeze_zonks))
    game.fe = bool(snap.get("fe", False))
    game.red = int(snap.get("red", 0))
    game.fuses = {c: n for c, n in snap.get("fuses", [])}
    game.bugs = {c: n for c, n in snap.get("bugs", [])}
    game.blasts = []


# --- the player's actions ------------------------------------------------------------------------
def drop_check(game, d: int) -> str | None:
    if game.red <= 0:
        return "you carry no red disk"
    if not 0 <= d < len(game.g.dirs):
        return "no such direction"
    t = game.g.step[game.player["cell"]][d]
    if t < 0 or not game._empty(t) or game.level.prop[t] != T.P_NONE:
        return "no free cell to drop the red disk on"
    return None


def drop(game, d: int, events: list) -> None:
    t = game.g.step[game.player["cell"]][d]
    game.red -= 1
    game.obj[t] = T.RED_LIT
    game.fuses[t] = FUSE
    events.append(E.DiskDropped(t, FUSE))


def use_terminal(game, c: int, events: list) -> None:
    disks = [n for n in game.g.cells if game.obj[n] == T.YELLOW_DISK]
    events.append(E.Terminal(c, len(disks)))
    for n in disks:
        game.obj[n] = T.NONE
        X.queue(game, n)
    X.resolve(game, events)


def pick_red(game, c: int, events: list) -> None:
    game.obj[c] = T.NONE
    game.red += 1
    events.append(E.RedDisk(game.red))


def dig_bug(game, c: int, events: list) -> None:
    """The player digs into a bug: plain base unless it is sparking now."""
    sparking = game.bugs.pop(c, 1) == 0
    game.destroy(c, events)
    if sparking:
        events.append(E.Spark(c))
        X.kill(game, game.player, "spark", events)


def cross_port(game, c: int, events: list) -> None:
    sw = game.level.specials.get(c)
    if sw is None:
        return
    game.pgrav, game.fz, game.fe = bool(sw[0]), bool(sw[1]), bool(sw[2])
    events.append(E.PortSwitch(c, int(game.pgrav), int(game.fz), int(game.fe)))


# --- the fuse step of a turn (after burning, before gravity) --------------------------------------
def tick(game, events: list) -> None:
    if game.fuses:
        for c in sorted(game.fuses):
            game.fuses[c] -= 1
            if game.fuses[c] <= 0:
                del game.fuses[c]
                if game.obj[c] == T.RED_LIT:
                    game.obj[c] = T.NONE
                    X.queue(game, c)
        X.resolve(game, events)
    if game.bugs:
        for c in sorted(game.bugs):
            if c not in game.bugs:
                continue
            if game.bugs[c] == 0:
                game.bugs[c] = _sleep(game)
                continue
            game.bugs[c] -= 1
            if game.bugs[c] == 0:
                events.append(E.Spark(c))
                for n in game.g.neighbours[c]:
                    cr = game.occ.get(n)
                    if cr is not None:
                        X.kill(game, cr, "spark", events)
        X.resolve(game, events)


def frozen(game, npc) -> bool:
    return game.fe and npc["model"] in WALL_MODELS


def board_marks(game) -> dict[int, str]:
    """What the board writes on cells so timings are seen in advance: a bug's turns to its next
    spark ('!' while it sparks), a lit red disk's turns to its blast."""
    marks = {c: "!" if n == 0 else str(n) for c, n in game.bugs.items()}
    marks.update({c: str(n) for c, n in game.fuses.items()})
    return marks
