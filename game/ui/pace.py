"""How fast the other players' turns play out on screen, the same in every mode.

The setting ``play.bot_speed`` (Settings, and the pause menu's "Bot speed") sets a base pace;
**holding A** hurries whatever is playing now (x4), whether the screen is waiting on a bot, a
replay or an animation. Screens ask the one ``app.pace``:

    app.pace.gap(0.35)        # seconds to wait between two bot actions that take 0.35 at normal
    app.pace.scaled(dt)       # dt for animations of someone else's turn (longer steps when hurried)
    app.pace.hurried          # A is held: say so ("hold A: faster" in the hint bar)

or wrap a seat's driver so the Match itself keeps the pace (every mode gets it for free):

    match.drivers[seat] = PacedDriver(BotDriver(bot, threaded=True), app.pace, gap=0.35)

The driver asks its bot at once (a threaded bot thinks meanwhile) and hands the action over
only when the pace allows. Nothing here touches the rules: only when actions are applied.
"""

from __future__ import annotations

from hw.input.buttons import Button

SPEED_FACTOR = {"slow": 0.5, "normal": 1.0, "fast": 2.0, "fastest": 6.0}
HOLD_FACTOR = 4.0
HURRY_BUTTONS = (Button.A, Button.KP5, Button.KP_ENTER)


class Pace:
    def __init__(self, app) -> None:
        self.app = app

    @property
    def speed(self) -> str:
        return self.app.settings.bot_speed

    @property
    def hurried(self) -> bool:
        held = self.app.buttons_held
        return any(b in held for b in HURRY_BUTTONS)

    @property
    def factor(self) -> float:
        """How many times faster than "normal" others' turns play now."""
        return SPEED_FACTOR.get(self.speed, 1.0) * (HOLD_FACTOR if self.hurried else 1.0)

    def gap(self, seconds: float) -> float:
        """A pause that lasts `seconds` at normal speed, at the current pace."""
        return seconds / self.factor

    def scaled(self, dt: float) -> float:
        """Frame time for animations of others' turns at the current pace."""
        return dt * self.factor

    def now(self) -> float:
        return self.app.now()


class PacedDriver:
    """A seat driver (a bot, a replay) whose actions are handed to the Match no faster than the
    pace: one every `gap` seconds at normal speed. Anything else is asked of the driver inside."""

    def __init__(self, driver, pace: Pace, gap: float = 0.35) -> None:
        self.driver = driver
        self.pace = pace
        self.base_gap = gap
        self._last_at: float | None = None    # when the last action was handed over
        self._held = None                 # (action, match version) decided early, not yet due

    def next_action(self, match, seat: int):
        now = self.pace.now()
        if self._held is not None and self._held[1] != match.version:
            self._held = None             # the game changed under it (a link resync, an undo)
        if self._held is None:
            action = self.driver.next_action(match, seat)
            if action is None:
                return None
            self._held = (action, match.version)
        if self._last_at is not None and now - self._last_at < self.pace.gap(self.base_gap):
            return None                   # (the pace is read now: holding A shortens a wait begun)
        action, self._held = self._held[0], None
        self._last_at = now
        return action

    def hurry(self) -> None:
        """The next action may come at once (a screen that has just shown the last one)."""
        self._last_at = None

    def close(self) -> None:
        self._held = None
        self.driver.close()

    def __getattr__(self, name):
        if name == "driver":
            raise AttributeError(name)
        return getattr(self.driver, name)     # thinking, wait_idle, bot, paused, ...
