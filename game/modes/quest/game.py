"""QuestGame: the state of one level in play, `apply(action)` the only way it changes. It follows
the engine contract (game.modes.base): one seat (0, the player), `winner` 0 once the level is
won, `restore(level, snapshot)` (the level is the quest's rules).

Actions are game/modes/quest/actions.py's records; their encoding, a short int list, is accepted
too (solution files, saves):
    [0, d]        MOVE/PUSH/ATTACK in direction d (a turn)
    [1, s, d]     CAST spell s (index in spells.NAMES) towards d (a turn)
    [2]           WAIT (a turn)
    [3]           TRACTOR on/off (free)
    [4, k]        spend a skill point on skill k (0 Bruiser, 1 Wizard, 2 Tough) (free)
    [5, i]        EQUIP carried item i: it becomes the worn item of its slot (free)
    [6, d]        DROP a carried red disk, lit, on the neighbouring cell in d (a turn)

A turn: the player acts and pays the step cost; items act (Healing, Cursed); NPCs carry out their
shown intents; burning ticks; lit red disks and bugs tick (supaplex_objects.py); gravity moves
loose objects (and the player) one cell (gravity.py); victory and defeat are checked; NPCs show
their next intents; `turn` increments. Explosions (explosions.py) resolve after each of these.
"""

from __future__ import annotations

from game.core.canon import canonical_hash
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.quest import events as E
from game.modes.quest import explosions as X
from game.modes.quest import gravity as G
from game.modes.quest import items as I
from game.modes.quest import npcs as N
from game.modes.quest import supaplex_objects as SX
from game.modes.quest import tiles as T
from game.modes.quest.actions import CAST, DROP, EQUIP, MOVE, SKILL, TRACTOR, WAIT, decode, encode
from game.modes.quest.creatures import gain_xp, hit, hostile, melee_of, new_npc, new_player
from game.modes.quest.level import Level
from game.modes.quest.spells import CASTERS, NAMES

SKILLS = ("bruiser", "wizard", "tough")
FREE_ACTIONS = (TRACTOR, SKILL, EQUIP)


class QuestGame:
    mode = "quest"

    def __init__(self, level: Level, carry: dict | None = None, seed: int | None = None):
        self.level = level
        self.g = level.grid
        self.obj = bytearray(level.obj)
        self.player = new_player(level, carry)
        self.npcs = [new_npc(s, level) for s in level.npcs]
        self.rng = Pcg32(level.seed if seed is None else seed, 0x51)
        self.turn = self.moves = self.pushes = self.gems = 0
        self.granted: list[int] = []
        self.falling: set[int] = set()
        self.status = "play"
        self.total_gems = sum(1 for c in self.g.cells if self.obj[c] == T.GEM)
        self.quota = level.quota or self.total_gems
        self._order = G.order(self)
        self.jump_dir = 0
        self.draw_jump_dir()
        SX.init(self)
        self._reindex()
        N.plan_all(self)

    # --- helpers used by spells and NPCs ---------------------------------------------------
    def _reindex(self) -> None:
        self.occ = {cr["cell"]: cr for cr in self.creatures()}

    def creatures(self):
        yield self.player
        for n in self.npcs:
            if n["hp"] > 0:
                yield n

    def creature_at(self, c: int):
        return self.occ.get(c)

    def opposite(self, d: int) -> int:
        nd = len(self.g.dirs)
        return (d + nd // 2) % nd

    def draw_jump_dir(self) -> None:
        self.jump_dir = self.rng.below(len(self.g.dirs))

    def free_for_creature(self, c: int, walker=None) -> bool:
        if c < 0 or c in self.occ or self.obj[c] not in (T.NONE, T.TRAP):
            return False
        p = self.level.prop[c]
        if p == T.P_PORT:
            return False
        if p == T.P_EXIT and (walker is not None and walker is not self.player):
            return False
        return True

    def place(self, cr: dict, c: int, events: list, chain: bool = True) -> None:
        """Move a creature to c and apply what entering c does (trap, teleport, grant, exit)."""
        self.occ.pop(cr["cell"], None)
        cr["cell"] = c
        self.occ[c] = cr
        if self.obj[c] == T.TRAP:
            events.append(E.Trap(cr["name"], c))
            hit(self, cr, self.level.trap_damage, False, None, events)
            if cr["hp"] <= 0:
                return
        p = self.level.prop[c]
        if p == T.P_TELEPORT and chain:
            t = self.level.teleports[c]
            if self.free_for_creature(t, walker=cr):
                events.append(E.Teleported(cr["name"], t))
                self.place(cr, t, events, chain=False)
                return
        if cr is self.player:
            if p == T.P_GRANT and c not in self.granted:
                self.granted.append(c)
                for gift in self.level.grants[c]:
                    self._grant(gift, events)
            if p == T.P_EXIT and self.gems >= self.quota:
                events.append(E.ExitOpen())

    def _grant(self, gift, events) -> None:
        pl = self.player
        kind = gift[0]
        if kind == "item":
            pl["items"].append(["item", [list(p) for p in gift[1]]])
        elif kind == "spell":
            pl["spells"][gift[1]] = min(3, max(pl["spells"].get(gift[1], 0) + 1, gift[2]))
        elif kind == "xp":
            gain_xp(pl, gift[1], events)
        elif kind == "hp":
            pl["hp"] = min(pl["max_hp"], pl["hp"] + gift[1])
        elif kind == "coins":
            pl["coins"] += gift[1]
        events.append(E.Granted(tuple(gift)))

    def destroy(self, c: int, events: list) -> None:
        events.append(E.Destroyed(c, T.OBJECT_NAMES[self.obj[c]]))
        self.obj[c] = T.NONE

    def on_death(self, cr: dict, events: list) -> None:
        events.append(E.Death(cr["name"]))
        self.occ.pop(cr["cell"], None)
        if cr.get("blast"):
            X.queue(self, cr["cell"], cr["blast"] == "gems")
        if cr is self.player:
            self.status = "lost"
            return
        if hostile(cr, self.player):
            gain_xp(self.player, cr["xp"], events)
            self.player["coins"] += cr["coins"]

    # --- the player's action ---------------------------------------------------------------
    def _move_plan(self, d: int):
        """(kind, target, beyond) for a step in d, or a string saying why it is illegal."""
        g, pl = self.g, self.player
        if not 0 <= d < len(g.dirs):
            return "no such direction"
        t = g.step[pl["cell"]][d]
        if t < 0:
            return "the edge of the map"
        cr = self.occ.get(t)
        if cr is not None:
            return ("attack", t, -1) if hostile(pl, cr) else "an ally stands there"
        p, o = self.level.prop[t], self.obj[t]
        if p == T.P_PORT:
            b = g.step[t][d]
            if not (self.level.ports[t] >> d) & 1 or o != T.NONE:
                return "the port does not open this way"
            if b < 0 or not self.free_for_creature(b):
                return "the far side of the port is blocked"
            return ("port", t, b)
        if p == T.P_EXIT and self.gems < self.quota:
            return f"the exit opens after {self.quota} gems ({self.gems} so far)"
        if o in (T.NONE, T.TRAP):
            return ("step", t, -1)
        if o in T.DESTRUCTIBLE or o == T.BUG:
            return ("dig", t, -1)
        if o in (T.GEM, T.RED_DISK):
            return ("gem" if o == T.GEM else "red", t, -1)
        if o == T.TERMINAL:
            return ("terminal", t, -1)
        if o in T.PUSHABLE:
            grav = self.level.gravity
            if o in T.ACROSS_GRAVITY and grav >= 0 and d in (grav, self.opposite(grav)):
                return f"a{'n' if o == T.ORANGE_DISK else ''} {T.OBJECT_NAMES[o]} rolls only across gravity"
            b = g.step[t][d]
            if b < 0 or b in self.occ or self.obj[b] != T.NONE or self.level.prop[b] in (T.P_PORT, T.P_EXIT):
                return "the object cannot be pushed there"
            return ("push", t, b)
        return f"a {T.OBJECT_NAMES[o]} is in the way"

    def to_act(self) -> int:
        return 0                       # one player

    @property
    def winner(self) -> int | None:
        return 0 if self.status == "won" else None

    def check(self, action) -> None:
        """ActionError with the reason when `action` is not legal now (nothing changes)."""
        why = self.problem(action)
        if why is not None:
            raise ActionError(why)

    def problem(self, action) -> str | None:
        """None when the action (a record or its encoding) is legal now, else why not."""
        try:
            action = encode(action)
        except ActionError:
            return "malformed action"
        if self.status != "play":
            return "the level is over"
        if not isinstance(action, (list, tuple)) or not action:
            return "empty action"
        if not all(type(v) is int for v in action):
            return "malformed action"
        k = action[0]
        if k == MOVE and len(action) == 2:
            r = self._move_plan(action[1])
            if self.player["slow"][1] > 0 and not (isinstance(r, tuple) and r[0] == "attack"):
                return f"you are frozen by Ice Spray ({self.player['slow'][1]} more turn(s))"
            return r if isinstance(r, str) else None
        if k == CAST and len(action) == 3:
            s, d = action[1], action[2]
            if not 0 <= s < len(NAMES) or NAMES[s] not in self.player["spells"]:
                return "you do not know that spell"
            if not 0 <= d < len(self.g.dirs):
                return "no such direction"
            return CASTERS[NAMES[s]](self, self.player, self.player["spells"][NAMES[s]], d, [], True)
        if k == WAIT and len(action) == 1:
            return None
        if k == DROP and len(action) == 2:
            return SX.drop_check(self, action[1])
        if k == TRACTOR and len(action) == 1:
            return None if self.player["tractor"] or I.has(self.player["items"], "tractor") else "no Tractor item worn"
        if k == SKILL and len(action) == 2:
            if not 0 <= action[1] < 3:
                return "no such skill"
            return None if self.player["points"] > 0 else "no skill points"
        if k == EQUIP and len(action) == 2:
            items = self.player["items"]
            if not 0 <= action[1] < len(items):
                return "no such item"
            slot = I.slot_of(items[action[1]])
            cur = next((it for it in I.worn(items) if I.slot_of(it) == slot), None)
            if cur is not None and cur is not items[action[1]] and any(n == "cursed" for n, _ in cur[1]):
                return "the worn item is cursed and will not come off"
            return None
        return "malformed action"

    def legal_actions(self) -> list:
        out = []
        nd = len(self.g.dirs)
        cands = [[MOVE, d] for d in range(nd)] + [[WAIT]] + ([[DROP, d] for d in range(nd)] if self.red else [])
        for s, name in enumerate(NAMES):
            if name in self.player["spells"]:
                cands += [[CAST, s, d] for d in range(nd)]
        cands += [[TRACTOR]] + [[SKILL, k] for k in range(3)]
        cands += [[EQUIP, i] for i in range(len(self.player["items"]))]
        for a in cands:
            if self.problem(a) is None:
                out.append(decode(a))
        return out

    def apply(self, action) -> list:
        why = self.problem(action)
        if why is not None:
            raise ActionError(f"turn {self.turn + 1}: {self.describe(action)}: {why}")
        action = encode(action)
        events: list[dict] = []
        pl, k = self.player, action[0]
        if k == TRACTOR:
            pl["tractor"] ^= 1
            return [E.TractorSwitched(pl["tractor"])]
        if k == SKILL:
            pl["points"] -= 1
            pl["skills"][SKILLS[action[1]]] += 1
            if action[1] == 2:
                pl["max_hp"] += 1
                pl["hp"] += 1
            return [E.SkillRaised(SKILLS[action[1]])]
        if k == EQUIP:
            it = pl["items"].pop(action[1])
            pl["items"].insert(0, it)
            return [E.Equipped(I.item_name(it))]
        if k == MOVE:
            self._do_move(action[1], events)
        elif k == CAST:
            name = NAMES[action[1]]
            CASTERS[name](self, pl, pl["spells"][name], action[2], events, False)
        elif k == DROP:
            SX.drop(self, action[1], events)
        X.resolve(self, events)
        self._end_turn(events)
        return events

    def _do_move(self, d: int, events: list) -> None:
        pl = self.player
        kind, t, b = self._move_plan(d)
        pl["facing"] = d
        if kind == "attack":
            raw = I.outgoing(pl["items"], melee_of(self.level, pl), magic=False)
            events.append(E.Attacked("you", t))
            hit(self, self.occ[t], raw, False, pl, events)
            return
        if kind == "terminal":
            SX.use_terminal(self, t, events)
            return
        src = pl["cell"]
        if kind == "push":
            self.obj[b], self.obj[t] = self.obj[t], T.NONE
            self.falling.discard(t)
            self.pushes += 1
            events.append(E.Pushed(t, b))
        elif kind == "dig" and self.obj[t] == T.BUG:
            SX.dig_bug(self, t, events)
            if pl["hp"] <= 0:
                return
        elif kind == "dig":
            self.destroy(t, events)
        elif kind == "red":
            SX.pick_red(self, t, events)
        elif kind == "gem":
            self.obj[t] = T.NONE
            self.gems += 1
            events.append(E.Gem(self.gems))
        dest = b if kind == "port" else t
        self.moves += 1
        self.place(pl, dest, events)
        if kind == "port":
            SX.cross_port(self, t, events)
        if kind in ("step", "dig", "gem", "red") and pl["tractor"] and self.obj[src] == T.NONE:
            back = self.g.step[src][self.opposite(d)]
            grav = self.level.gravity
            along = grav >= 0 and d in (grav, self.opposite(grav))     # a pull is a push from behind:
            if (back >= 0 and self.obj[back] in T.PUSHABLE and pl["hp"] > 0    # same rules (decision 56)
                    and not (self.obj[back] in T.ACROSS_GRAVITY and along) and I.draw(pl["items"], "tractor")):
                self.obj[src], self.obj[back] = self.obj[back], T.NONE
                self.pushes += 1
                events.append(E.Pulled(back, src))
        pl["coins"] = max(0, pl["coins"] - self.level.step_cost)

    def _items_tick(self, events) -> None:
        pl = self.player
        if pl["hp"] < pl["max_hp"] and I.has(pl["items"], "healing"):
            I.draw(pl["items"], "healing")
            pl["hp"] = min(pl["max_hp"], pl["hp"] + max(1, pl["max_hp"] // 100))
        if I.has(pl["items"], "cursed"):
            I.draw(pl["items"], "cursed")
            if pl["coins"] > 0:
                pl["coins"] -= max(1, pl["coins"] // 100)
            else:
                pl["hp"] -= 1
                events.append(E.Cursed(1))
                if pl["hp"] <= 0:
                    self.on_death(pl, events)

    def _end_turn(self, events: list) -> None:
        if self.status == "play":
            self._items_tick(events)
        slow = self.player["slow"]
        if slow[1] > 0:      # an NPC's Ice Spray: the player cannot step for that many turns
            slow[1] -= 1
            if slow[1] == 0:
                slow[0] = 0
        if self.status == "play":
            N.run_npcs(self, events)
            X.resolve(self, events)
        for cr in list(self.creatures()):
            if cr["burn"][1] > 0 and cr["hp"] > 0:
                cr["burn"][1] -= 1
                cr["hp"] -= cr["burn"][0]
                events.append(E.Burned(cr["name"], cr["burn"][0]))
                if cr["hp"] <= 0:
                    self.on_death(cr, events)
        X.resolve(self, events)
        if self.fuses or self.bugs:
            SX.tick(self, events)
        if self.level.gravity >= 0:
            self._gravity(events)
        self._check_end(events)
        if self.status == "play":
            N.plan_all(self)
        self.turn += 1

    # --- gravity (gravity.py) ------------------------------------------------------------------
    def _empty(self, c: int) -> bool:
        return (c >= 0 and self.obj[c] == T.NONE and c not in self.occ
                and self.level.prop[c] not in (T.P_PORT, T.P_EXIT))

    def _gravity(self, events: list) -> None:
        G.fall(self, events)

    # --- end ----------------------------------------------------------------------------------
    def victory_met(self) -> bool:
        obj, prop = self.obj, self.level.prop
        goals = False
        for c in self.g.cells:
            if obj[c] == T.BLOCKER:
                return False
            if prop[c] == T.P_VICTORY:
                goals = True
                if obj[c] != T.VICTORY_OBJ:
                    return False
        exits = [c for c in self.g.cells if prop[c] == T.P_EXIT]
        if exits:
            return self.player["cell"] in exits and self.gems >= self.quota
        if goals:
            return True
        return not any(n["hp"] > 0 and hostile(n, self.player) for n in self.npcs)

    def _check_end(self, events) -> None:
        if self.status != "play":
            if self.status == "lost":
                events.append(E.Lost())
            return
        if self.player["hp"] <= 0:
            self.status = "lost"
            events.append(E.Lost())
        elif self.victory_met():
            self.status = "won"
            events.append(E.Won())

    def is_over(self) -> bool:
        return self.status != "play"

    # --- data -----------------------------------------------------------------------------------
    def _state(self) -> dict:
        """The state as data, sharing the live player and NPC tables (hashing only)."""
        return SX.snapshot_extra(self, {
            "obj": self.obj.hex(), "player": self.player, "npcs": self.npcs, "rng": list(self.rng.get_state()),
            "turn": self.turn, "moves": self.moves, "pushes": self.pushes, "gems": self.gems,
            "granted": self.granted, "falling": sorted(self.falling), "status": self.status,
            "jump_dir": self.jump_dir})

    def snapshot(self) -> dict:
        """The whole state as canonical data, a copy (the game goes on without changing it)."""
        import copy
        return copy.deepcopy(self._state())

    snapshot_copy = snapshot

    def state_hash(self) -> str:
        return canonical_hash(self._state())

    @classmethod
    def restore(cls, level: Level, snap: dict) -> QuestGame:
        """The game `snap` was taken of, on `level` (the quest's rules)."""
        game = cls(level)
        game.load(snap)
        return game

    def load(self, snap: dict) -> None:
        """Put this game back in the state `snap` was taken of (undo, redo, previews)."""
        import copy
        self.obj = bytearray.fromhex(snap["obj"])
        self.player = copy.deepcopy(snap["player"])
        self.npcs = copy.deepcopy(snap["npcs"])
        self.rng = Pcg32.from_state(tuple(snap["rng"]))
        for k in ("turn", "moves", "pushes", "gems", "status", "jump_dir"):
            setattr(self, k, snap[k])
        self.granted = list(snap["granted"])
        self.falling = set(snap["falling"])
        SX.restore_extra(self, snap)
        self._reindex()

    def encode_action(self, action) -> list[int]:
        """Each value one byte; a value outside 0-255 (an item index past 255) is refused, never
        cut to its low bits (which would record another action)."""
        return encode(action)

    def decode_action(self, data: list[int]):
        return decode(data)

    def result(self) -> dict:
        return {"winner": "player" if self.status == "won" else None, "status": self.status, "turns": self.turn,
                "moves": self.moves, "pushes": self.pushes}

    def describe(self, action) -> str:
        names = self.g.dir_names
        try:
            action = encode(action)
            k = action[0]
            if k == MOVE:
                return f"move {names[action[1]]}"
            if k == CAST:
                return f"cast {NAMES[action[1]]} {names[action[2]]}"
            if k == DROP:
                return f"drop red disk {names[action[1]]}"
            return {WAIT: "wait", TRACTOR: "tractor", SKILL: f"skill {SKILLS[action[1]]}" if k == SKILL else "",
                    EQUIP: f"equip item {action[1] + 1}" if k == EQUIP else ""}[k]
        except (IndexError, KeyError, TypeError, ActionError):
            return f"action {action!r}"
