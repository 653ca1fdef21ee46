"""Short synthesised sounds, played through pygame's mixer, or nothing at all.

No sound device, no mixer, volume 0: every ``play`` is a no-op and nothing crashes. Sounds are
made in a background thread after the first frame (pure Python, ~0.1 s; numpy would do it
faster but its import alone costs ~10 MB of the 64 MB RSS budget) and
are named as in the ruleset's sound sets: ``hit``, ``hit_high``, ``thud``, ``arrow``, ``claw``,
``fire``, ``magic``, ``zap``, ``select``; the UI adds ``move``, ``miss``, ``crit``, ``levelup``,
``victory``, ``cursor`` and ``back``.
"""

from __future__ import annotations

import logging
import math
import threading
from array import array

from game.core.prng import Pcg32
from game.ui.words import problem_words

log = logging.getLogger("tactibox.ui")

RATE = 22050


def _synth() -> dict[str, list[float]]:
    """name -> mono samples in -1..1, in plain Python (no numpy: it would cost ~10 MB of RSS on a
    Pi for 60 ms of work). Deterministic: the noise comes from the project's PCG32."""
    rng = Pcg32(1234)
    tau = 2 * math.pi

    def count(sec):
        return int(RATE * sec)

    def env(i, decay, attack=0.005):
        x = i / RATE
        return min(1.0, x / attack) * math.exp(-decay * x)

    def tone(freq, sec, decay=8.0, shape="sine"):
        """`freq` in Hz, or (start, end) for a sweep."""
        f0, f1 = freq if isinstance(freq, tuple) else (freq, freq)
        n = count(sec)
        out, phase = [0.0] * n, 0.0
        for i in range(n):
            phase += tau * (f0 + (f1 - f0) * i / n) / RATE
            v = math.sin(phase)
            if shape == "square":
                v = 0.6 if v >= 0 else -0.6
            elif shape == "saw":
                v = 2 * ((phase / tau) % 1) - 1
            out[i] = v * env(i, decay)
        return out

    def noise(sec, decay=10.0, smooth=1):
        n = count(sec)
        raw = [rng.below(65536) / 32768 - 1 for _ in range(n)]
        if smooth > 1:
            acc, out = 0.0, []
            for i, v in enumerate(raw):
                acc += v - (raw[i - smooth] if i >= smooth else 0.0)
                out.append(acc / smooth)
            raw = out
        return [v * env(i, decay) for i, v in enumerate(raw)]

    def gain(xs, k):
        return [v * k for v in xs]

    def ramp(xs, a, b):
        n = max(1, len(xs) - 1)
        return [v * (a + (b - a) * i / n) for i, v in enumerate(xs)]

    def mix(*parts):
        out = [0.0] * max(len(p) for p in parts)
        for p in parts:
            for i, v in enumerate(p):
                out[i] += v
        return out

    def seq(*parts):
        return [v for p in parts for v in p]

    fire = noise(0.4, 5, 6)
    return {
        "select": gain(tone(880, 0.08, 30, "square"), 0.5),
        "cursor": gain(tone(1320, 0.03, 60, "square"), 0.25),
        "back": gain(tone((660, 440), 0.08, 25, "square"), 0.4),
        "move": gain(noise(0.05, 60, 4), 0.5),
        "hit": mix(gain(noise(0.14, 25, 2), 0.7), gain(tone(180, 0.14, 25), 0.5)),
        "hit_high": mix(gain(noise(0.12, 30), 0.5), gain(tone((900, 500), 0.12, 25), 0.4)),
        "thud": mix(gain(tone((120, 50), 0.22, 14), 0.9), gain(noise(0.1, 40, 8), 0.4)),
        "arrow": mix(ramp(noise(0.2, 12), 0.1, 0.6), gain(tone((1400, 700), 0.2, 10), 0.15)),
        "claw": gain(seq(noise(0.05, 50), noise(0.05, 50), noise(0.07, 40)), 0.6),
        "fire": [v * (0.6 + 0.4 * math.sin(tau * 23 * i / RATE)) for i, v in enumerate(fire)],
        "magic": gain(seq(tone(660, 0.07, 20), tone(880, 0.07, 20), tone(1320, 0.14, 12)), 0.5),
        "zap": gain(tone((2000, 200), 0.18, 12, "saw"), 0.4),
        "miss": ramp(noise(0.18, 14, 3), 0.7, 0.05),
        "crit": seq(gain(noise(0.08, 20), 0.8), gain(tone((400, 1200), 0.2, 8, "square"), 0.4)),
        "levelup": seq(*(gain(tone(f, 0.09, 14, "square"), 0.4) for f in (523, 659, 784, 1047))),
        "victory": seq(*(gain(tone(f, d, 6, "square"), 0.45) for f, d in
                         ((523, 0.12), (523, 0.12), (523, 0.12), (659, 0.36), (587, 0.12), (659, 0.12), (784, 0.5)))),
    }


def pcm16(samples: list[float], rate: int, channels: int) -> bytes:
    """Signed 16-bit native-endian PCM at the mixer's rate and channel count."""
    if rate != RATE:
        n = int(len(samples) * rate / RATE)
        samples = [samples[int(i * RATE / rate)] for i in range(n)]
    out = array("h", (int(max(-1.0, min(1.0, v)) * 30000) for v in samples))
    if channels > 1:
        out = array("h", (v for v in out for _ in range(channels)))
    return out.tobytes()


class Sound:
    def __init__(self, volume: int = 80, *, enabled: bool = True) -> None:
        self.volume = volume
        self.enabled = enabled
        self.sounds: dict = {}
        self.problem = ""
        self._thread: threading.Thread | None = None
        self._mixer = None
        self._turn = 0

    def start(self) -> None:
        if not self.enabled or self._thread is not None:
            return
        try:
            import pygame.mixer as mixer
            mixer.pre_init(RATE, -16, 1, 512)
            mixer.init()
            self._mixer = mixer
        except Exception as exc:  # noqa: BLE001 - no device, no driver: play silently
            self.problem = f"sound is off: {problem_words(exc)}"
            log.info(self.problem)
            return
        self._thread = threading.Thread(target=self._build, name="sound-synth", daemon=True)
        self._thread.start()

    def _build(self) -> None:
        try:
            freq, _, channels = self._mixer.get_init()
            made = {}
            for name, samples in _synth().items():
                made[name] = self._mixer.Sound(buffer=pcm16(samples, freq, channels))
            self.sounds = made
            self.set_volume(self.volume)
        except Exception as exc:  # noqa: BLE001
            self.problem = f"sound is off: {problem_words(exc)}"
            log.info(self.problem)

    def set_volume(self, volume: int) -> None:
        self.volume = volume
        for s in self.sounds.values():
            s.set_volume(volume / 100)

    def play(self, name: str) -> None:
        if self.volume <= 0:
            return
        s = self.sounds.get(name)
        if s is not None:
            try:
                s.play()
            except Exception:  # noqa: BLE001 - a vanished device must not stop the game
                pass

    def play_set(self, ids) -> None:
        """Play one sound of a ruleset sound set (WoS: 'play any one of these'), taking turns."""
        ids = [i for i in ids if i in self.sounds] or list(ids)
        if ids:
            self._turn += 1
            self.play(ids[self._turn % len(ids)])

    def close(self) -> None:
        if self._thread is not None:
            self._thread.join(timeout=2)
        if self._mixer is not None:
            try:
                self._mixer.quit()
            except Exception:  # noqa: BLE001
                pass
