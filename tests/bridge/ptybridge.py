"""Two real pseudo-terminals joined by a thread that plays a bad cable.

    with PtyBridge(seed=1, p_byte=0.01, p_drop=0.05, p_dup=0.05, delay=0.002) as bridge:
        # bridge.path_a and bridge.path_b are /dev/pts/N devices: open them with pyserial
        # (in this process or in two child processes); bytes written to one come out of the other
        bridge.cut_for(10.0)                     # pull the cable for 10 s (or cut_after=(frames, s))

Faults act on what the link sends: the stream is split at 0x00 delimiters, and each frame may be
dropped or duplicated as a whole, and each byte corrupted, independently. `delay` holds every
frame back that long (order kept). During a cut everything is swallowed in both directions.
The bridge keeps the slave ends open itself, so a process closing and reopening its end (or
exiting) never gives the other side a hang-up.
"""

from __future__ import annotations

import errno
import os
import random
import select
import threading
import time
import tty
from collections import deque


class _Direction:
    def __init__(self, name: str, src: int, dst: int, rng: random.Random, bridge: PtyBridge) -> None:
        self.name, self.src, self.dst, self.rng, self.b = name, src, dst, rng, bridge
        self.partial = bytearray()
        self.queue: deque[tuple[float, bytes]] = deque()
        self.out = bytearray()
        self.frames = self.dropped = self.duplicated = self.corrupted = self.swallowed = 0

    def take(self, data: bytes, now: float) -> None:
        if self.b.is_cut(now):
            self.swallowed += len(data)
            self.partial.clear()
            return
        self.partial += data
        while True:
            i = self.partial.find(0)
            if i < 0:
                return
            frame = bytes(self.partial[:i + 1])
            del self.partial[:i + 1]
            self._frame(frame, now)

    def _frame(self, frame: bytes, now: float) -> None:
        b, r = self.b, self.rng
        if len(frame) > 1:
            self.frames += 1
            b.frames_seen += 1
            b.maybe_start_cut(now)
            if r.random() < b.p_drop:
                self.dropped += 1
                return
        if b.p_byte:
            buf = bytearray(frame)
            for j in range(len(buf)):
                if r.random() < b.p_byte:
                    buf[j] ^= r.randrange(1, 256)
                    self.corrupted += 1
            frame = bytes(buf)
        if len(frame) > 1 and r.random() < b.p_dup:
            self.duplicated += 1
            frame = frame + frame
        self.queue.append((now + b.delay, frame))

    def pump_out(self, now: float) -> None:
        while self.queue and self.queue[0][0] <= now:
            _, frame = self.queue.popleft()
            if self.b.is_cut(now):
                self.swallowed += len(frame)
                continue
            self.out += frame
        if self.out:
            try:
                n = os.write(self.dst, bytes(self.out))
                del self.out[:n]
            except BlockingIOError:
                pass
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EIO):
                    raise

    def stats(self) -> dict:
        return {"frames": self.frames, "dropped": self.dropped, "duplicated": self.duplicated,
                "corrupted_bytes": self.corrupted, "swallowed_bytes": self.swallowed}


class PtyBridge:
    def __init__(self, seed: int = 0, *, p_byte: float = 0.0, p_drop: float = 0.0, p_dup: float = 0.0,
                 delay: float = 0.0, cut_after: tuple[int, float] | None = None) -> None:
        self.p_byte, self.p_drop, self.p_dup, self.delay = p_byte, p_drop, p_dup, delay
        self.cut_after = cut_after
        self.frames_seen = 0
        self.cuts: list[tuple[float, float]] = []
        self._cut_until = 0.0
        self._lock = threading.Lock()
        self.ma, self.sa = os.openpty()
        self.mb, self.sb = os.openpty()
        for fd in (self.sa, self.sb):
            tty.setraw(fd)
        for fd in (self.ma, self.mb):
            os.set_blocking(fd, False)
        self.path_a, self.path_b = os.ttyname(self.sa), os.ttyname(self.sb)
        rng = random.Random(seed)
        self.ab = _Direction("a→b", self.ma, self.mb, random.Random(rng.random()), self)
        self.ba = _Direction("b→a", self.mb, self.ma, random.Random(rng.random()), self)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ptybridge", daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- cuts
    def cut_for(self, seconds: float) -> None:
        now = time.monotonic()
        with self._lock:
            self._cut_until = now + seconds
            self.cuts.append((now, now + seconds))

    def is_cut(self, now: float) -> bool:
        return now < self._cut_until

    def maybe_start_cut(self, now: float) -> None:
        if self.cut_after and self.frames_seen >= self.cut_after[0]:
            seconds = self.cut_after[1]
            self.cut_after = None
            self.cut_for(seconds)

    # ---------------------------------------------------------------- thread
    def _run(self) -> None:
        dirs = {self.ma: self.ab, self.mb: self.ba}
        while not self._stop.is_set():
            waiting = any(d.queue or d.out for d in dirs.values())
            try:
                ready, _, _ = select.select(list(dirs), [], [], 0.001 if waiting else 0.01)
            except (OSError, ValueError):
                return
            now = time.monotonic()
            for fd in ready:
                try:
                    data = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                except OSError as exc:
                    if exc.errno == errno.EIO:          # nobody has the slave open right now
                        time.sleep(0.005)
                        continue
                    raise
                if data:
                    dirs[fd].take(data, now)
            for d in dirs.values():
                d.pump_out(now)

    def stats(self) -> dict:
        return {"a_to_b": self.ab.stats(), "b_to_a": self.ba.stats(), "cuts": len(self.cuts)}

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2.0)
        for fd in (self.ma, self.mb, self.sa, self.sb):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> PtyBridge:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
