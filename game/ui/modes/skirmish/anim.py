"""Battle animations made from the engine's events: hops, strikes, floating numbers, banners.

The game state is already final when an animation starts (``apply`` has run); animations only
change *how* pieces are drawn for a moment: a walking piece is drawn along its path, a struck
piece flashes, a killed piece lingers as a fading ghost. Blocking animations play one after the
other (drivers wait for ``busy`` to clear before the next action); floating texts do not block.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HOP_TIME = 0.11
STRIKE_TIME = 0.55
FLOAT_TIME = 0.9


@dataclass
class Float:
    text: str
    cell: int
    colour: tuple
    age: float = 0.0
    life: float = FLOAT_TIME


@dataclass
class Anim:
    kind: str                     # "hop" | "strike" | "pause" | "levelup"
    piece: int = -1
    path: list = field(default_factory=list)    # hop: start cell then each cell walked
    target: int = -1
    result: str = ""
    damage: int = 0
    killed: bool = False
    ghost: tuple | None = None    # (seat, kind, cell) of a killed target
    duration: float = 0.0
    t: float = 0.0
    started: bool = False


class Animator:
    def __init__(self, game, sound=None, speed: float = 1.0) -> None:
        self.game = game
        self.sound = sound
        self.speed = speed
        self.queue: list[Anim] = []
        self.floats: list[Float] = []
        self.on_start = None        # callback(anim) — the scene centres the camera

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def active(self) -> bool:
        return bool(self.queue or self.floats)

    # --- building from events --------------------------------------------------------------
    def add_events(self, events: list) -> None:
        g = self.game
        for ev in events:
            e = ev.kind
            if e == "walk":
                path = [ev.src, *ev.path]
                self.queue.append(Anim("hop", ev.piece, path, duration=HOP_TIME * max(1, len(path) - 1)))
            elif e == "attack":
                t = g.pieces[ev.target]
                ghost = (t.seat, t.kind, t.cell) if ev.killed else None
                self.queue.append(Anim("strike", ev.piece, target=ev.target, result=ev.result,
                                       damage=ev.damage, killed=ev.killed, ghost=ghost, duration=STRIKE_TIME))
            elif e == "levelup":
                self.queue.append(Anim("levelup", ev.piece, duration=0.35))
            elif e in ("turn", "over"):
                self.queue.append(Anim("pause", duration=0.25 if e == "turn" else 0.6, result=e))

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance; True when anything on screen changed."""
        dt *= self.speed
        changed = False
        for f in self.floats:
            f.age += dt
        if self.floats:
            changed = True
            self.floats = [f for f in self.floats if f.age < f.life]
        while self.queue and dt > 0:
            a = self.queue[0]
            if not a.started:
                self._start(a)
            used = min(dt, a.duration - a.t)
            a.t += used
            dt -= used
            changed = True
            if a.t >= a.duration:
                self._finish(a)
                self.queue.pop(0)
            else:
                break
        if self.queue and not self.queue[0].started:
            self._start(self.queue[0])
        return changed

    def _start(self, a: Anim) -> None:
        a.started = True
        if self.on_start:
            self.on_start(a)
        snd = self.sound
        if snd is None:
            return
        g = self.game
        if a.kind == "strike":
            if a.result == "miss":
                snd.play("miss")
            else:
                pt = g.piece_type(g.pieces[a.piece])
                snd.play_set(g.rs.sound_sets.get(pt.weapon.sound_set, ("hit",)))
                if a.result == "crit":
                    snd.play("crit")
        elif a.kind == "levelup":
            snd.play("levelup")
        elif a.kind == "pause" and a.result == "over":
            snd.play("victory")

    def _finish(self, a: Anim) -> None:
        g = self.game
        if a.kind == "strike":
            t = g.pieces[a.target]
            cell = a.ghost[2] if a.ghost else t.cell
            if a.result == "miss":
                self.floats.append(Float("miss", cell, (200, 200, 220)))
            else:
                txt = f"-{a.damage}" + (" crit!" if a.result == "crit" else "")
                self.floats.append(Float(txt, cell, (255, 90, 70) if a.result == "hit" else (255, 220, 60)))
        elif a.kind == "levelup":
            self.floats.append(Float("level up!", g.pieces[a.piece].cell, (120, 255, 140)))

    # --- queries for drawing ----------------------------------------------------------------
    def hop_position(self, pid: int, geom) -> tuple[float, float] | None:
        """World position (sprite centre-bottom offset) of a walking piece, or None."""
        for a in self.queue:
            if a.kind == "hop" and a.piece == pid:
                if not a.started or len(a.path) < 2:
                    return geom.centre(a.path[0])
                f = a.t / HOP_TIME
                i = min(int(f), len(a.path) - 2)
                frac = min(1.0, f - i)
                (x0, y0), (x1, y1) = geom.centre(a.path[i]), geom.centre(a.path[i + 1])
                lift = 4 * geom.unit * (1 - (2 * frac - 1) ** 2)
                return x0 + (x1 - x0) * frac, y0 + (y1 - y0) * frac - lift
        return None

    def flash(self, pid: int) -> bool:
        """Should this piece be drawn flashing now (attacker early, target late in a strike)?"""
        a = self.queue[0] if self.queue else None
        if a is None or not a.started:
            return False
        if a.kind == "strike":
            if a.piece == pid and a.t < 0.2:
                return int(a.t * 30) % 2 == 0
            if a.target == pid and 0.2 <= a.t < 0.45 and a.result != "miss":
                return int(a.t * 30) % 2 == 0
        if a.kind == "levelup" and a.piece == pid:
            return int(a.t * 20) % 2 == 0
        return False

    def lunge(self, pid: int, geom) -> tuple[int, int]:
        a = self.queue[0] if self.queue else None
        if a is None or a.kind != "strike" or a.piece != pid or not a.started or a.t > 0.25:
            return 0, 0
        g = self.game
        src = geom.centre(g.pieces[pid].cell)
        dst_cell = a.ghost[2] if a.ghost else g.pieces[a.target].cell
        dst = geom.centre(dst_cell)
        k = (1 - abs(a.t / 0.125 - 1)) * 3 * geom.unit
        dx, dy = dst[0] - src[0], dst[1] - src[1]
        n = max(1.0, (dx * dx + dy * dy) ** 0.5)
        return int(dx / n * k), int(dy / n * k)

    def ghosts(self) -> list[tuple[int, int, int, bool]]:
        """Killed pieces still shown: (seat, kind, cell, flashing)."""
        out = []
        for a in self.queue:
            if a.kind == "strike" and a.ghost:
                vis = (not a.started) or a.t < 0.45 or int(a.t * 30) % 2 == 0
                if vis:
                    out.append((*a.ghost, a.started and 0.2 <= a.t))
        return out
