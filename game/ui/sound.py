"""Short synthesised sounds (numpy), played through pygame's mixer, or nothing at all.

No sound device, no mixer, no numpy, volume 0: every ``play`` is a no-op and nothing crashes.
Sounds are made in a background thread after the first frame (about 30 ms of numpy work) and
are named as in the ruleset's sound sets: ``hit``, ``hit_high``, ``thud``, ``arrow``, ``claw``,
``fire``, ``magic``, ``zap``, ``select``; the UI adds ``move``, ``miss``, ``crit``, ``levelup``,
``victory``, ``cursor`` and ``back``.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("tactibox.ui")

RATE = 22050


def _synth(np) -> dict[str, "object"]:
    """name -> int16 mono samples. Deterministic (a fixed noise seed)."""
    rng = np.random.default_rng(1234)

    def t(sec):
        return np.arange(int(RATE * sec)) / RATE

    def env(n, attack=0.005, decay=8.0):
        x = np.arange(n) / RATE
        a = np.clip(x / max(attack, 1e-4), 0, 1)
        return a * np.exp(-decay * x)

    def tone(freq, sec, decay=8.0, shape="sine"):
        x = t(sec)
        f = np.asarray(freq) if np.ndim(freq) else freq
        phase = 2 * np.pi * np.cumsum(np.broadcast_to(f, x.shape)) / RATE
        w = np.sin(phase) if shape == "sine" else np.sign(np.sin(phase)) * 0.6 if shape == "square" else \
            2 * (phase / (2 * np.pi) % 1) - 1
        return w * env(len(x), decay=decay)

    def noise(sec, decay=10.0, smooth=1):
        n = rng.uniform(-1, 1, int(RATE * sec))
        if smooth > 1:
            n = np.convolve(n, np.ones(smooth) / smooth, mode="same")
        return n * env(len(n), decay=decay)

    def sweep(f0, f1, sec):
        return np.linspace(f0, f1, int(RATE * sec))

    def seq(*parts):
        return np.concatenate(parts)

    def mix(*parts):
        out = np.zeros(max(len(x) for x in parts))
        for x in parts:
            out[:len(x)] += x
        return out

    s = {
        "select": tone(880, 0.08, 30, "square") * 0.5,
        "cursor": tone(1320, 0.03, 60, "square") * 0.25,
        "back": tone(sweep(660, 440, 0.08), 0.08, 25, "square") * 0.4,
        "move": noise(0.05, 60, 4) * 0.5,
        "hit": mix(noise(0.14, 25, 2) * 0.7, tone(180, 0.14, 25) * 0.5),
        "hit_high": mix(noise(0.12, 30, 1) * 0.5, tone(sweep(900, 500, 0.12), 0.12, 25) * 0.4),
        "thud": mix(tone(sweep(120, 50, 0.22), 0.22, 14) * 0.9, noise(0.1, 40, 8) * 0.4),
        "arrow": mix(noise(0.2, 12, 1) * np.linspace(0.1, 0.6, int(RATE * 0.2)),
                     tone(sweep(1400, 700, 0.2), 0.2, 10) * 0.15),
        "claw": seq(noise(0.05, 50, 1), noise(0.05, 50, 1), noise(0.07, 40, 1)) * 0.6,
        "fire": noise(0.4, 5, 6) * (0.6 + 0.4 * np.sin(t(0.4) * 2 * np.pi * 23)),
        "magic": seq(tone(660, 0.07, 20), tone(880, 0.07, 20), tone(1320, 0.14, 12)) * 0.5,
        "zap": tone(sweep(2000, 200, 0.18), 0.18, 12, "saw") * 0.4,
        "miss": noise(0.18, 14, 3) * np.linspace(0.7, 0.05, int(RATE * 0.18)),
        "crit": seq(noise(0.08, 20, 1) * 0.8, tone(sweep(400, 1200, 0.2), 0.2, 8, "square") * 0.4),
        "levelup": seq(*(tone(f, 0.09, 14, "square") * 0.4 for f in (523, 659, 784, 1047))),
        "victory": seq(*(tone(f, d, 6, "square") * 0.45 for f, d in
                         ((523, 0.12), (523, 0.12), (523, 0.12), (659, 0.36), (587, 0.12), (659, 0.12), (784, 0.5)))),
    }
    return {k: (np.clip(v, -1, 1) * 30000).astype(np.int16) for k, v in s.items()}


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
            self.problem = f"sound is off ({exc})"
            log.info(self.problem)
            return
        self._thread = threading.Thread(target=self._build, name="sound-synth", daemon=True)
        self._thread.start()

    def _build(self) -> None:
        try:
            import numpy as np
            freq, _, channels = self._mixer.get_init()
            made = {}
            for name, pcm in _synth(np).items():
                if freq != RATE:
                    idx = (np.arange(int(len(pcm) * freq / RATE)) * RATE / freq).astype(int)
                    pcm = pcm[idx]
                if channels > 1:
                    pcm = np.repeat(pcm[:, None], channels, axis=1)
                made[name] = self._mixer.Sound(buffer=np.ascontiguousarray(pcm).tobytes())
            self.sounds = made
            self.set_volume(self.volume)
        except Exception as exc:  # noqa: BLE001
            self.problem = f"sound is off ({exc})"
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
