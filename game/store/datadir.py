"""Where Tactibox keeps what it must remember: settings, stats, replays, owner-added rulesets.

Choice, first match wins:

1. ``$TACTIBOX_DATA`` when set (tests, portable installs, a second profile);
2. ``/var/lib/tactibox`` when it exists and this user may write it (the appliance image creates
   it on the writable data partition);
3. the XDG data dir: ``$XDG_DATA_HOME/tactibox`` (an absolute ``XDG_DATA_HOME`` only, as the XDG
   spec says), else ``~/.local/share/tactibox``.

If the chosen folder cannot be created or written (read-only card, full disk, bad override) the
game still starts: it uses a temporary folder, says so in ``DataDir.messages``, and
``DataDir.persistent`` is False so the UI can warn that nothing will be kept.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.gdl.folders import use_data_dir as use_module_dir
from game.rules.skirmish.catalog import use_data_dir

log = logging.getLogger("tactibox.store")

APPLIANCE_DIR = Path("/var/lib/tactibox")
ENV_VAR = "TACTIBOX_DATA"

SETTINGS_FILE = "settings.toml"
STATS_FILE = "stats.sqlite3"
GPIO_FILE = "gpio.toml"
REPLAYS_DIR = "replays"
IN_PROGRESS_DIR = "in-progress"
RULESETS_DIR = "rulesets"


@dataclass(frozen=True)
class DataDir:
    """The data folder and the names of everything in it."""

    root: Path
    persistent: bool = True
    messages: tuple[str, ...] = field(default=(), compare=False)

    @property
    def settings_file(self) -> Path:
        return self.root / SETTINGS_FILE

    @property
    def stats_file(self) -> Path:
        return self.root / STATS_FILE

    @property
    def gpio_file(self) -> Path:
        """Optional cabinet wiring that replaces ``assets/gpio/default.toml``."""
        return self.root / GPIO_FILE

    @property
    def replays(self) -> Path:
        return self.root / REPLAYS_DIR

    @property
    def in_progress(self) -> Path:
        """Games in progress, one file per mode (``game.store.in_progress``): Continue's."""
        return self.root / IN_PROGRESS_DIR

    @property
    def rulesets(self) -> Path:
        """Rulesets the owner added (copied here by hand or from a USB stick)."""
        return self.root / RULESETS_DIR


def _writable_dir(path: Path) -> bool:
    return path.is_dir() and os.access(path, os.W_OK | os.X_OK)


def choose_data_dir(env: Mapping[str, str] | None = None, *, appliance_dir: Path = APPLIANCE_DIR) -> Path:
    """The folder the rules above pick (not created, not checked beyond the appliance test)."""
    env = os.environ if env is None else env
    override = env.get(ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    if _writable_dir(appliance_dir):
        return appliance_dir
    xdg = env.get("XDG_DATA_HOME", "").strip()
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "tactibox"
    home = env.get("HOME", "").strip() or os.path.expanduser("~")
    return Path(home) / ".local" / "share" / "tactibox"


def _prepare(root: Path) -> None:
    for sub in (root, root / REPLAYS_DIR, root / RULESETS_DIR):
        sub.mkdir(parents=True, exist_ok=True)
    if not os.access(root, os.W_OK | os.X_OK):
        raise PermissionError(f"{root}: not writable")
    # A real write: a read-only mount passes os.access for root.
    probe = tempfile.NamedTemporaryFile(dir=root, prefix=".write-test-", delete=True)
    probe.close()


def look_in(root: Path) -> None:
    """Rulesets and Xconq modules are looked up in `root` too (the command line, which does not
    create the data folder, calls this with `choose_data_dir()`)."""
    use_data_dir(root)
    use_module_dir(root)


def open_data_dir(env: Mapping[str, str] | None = None, *, appliance_dir: Path = APPLIANCE_DIR) -> DataDir:
    """Pick the data folder, create it and its subfolders; never raises."""
    root = choose_data_dir(env, appliance_dir=appliance_dir)
    try:
        _prepare(root)
        look_in(root)               # rulesets and modules the owner added are found from now on
        return DataDir(root)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        fallback = Path(tempfile.gettempdir()) / f"tactibox-data-{os.getuid()}"
        msg = (f"{root}: cannot use it as the data folder ({reason}); using {fallback} for now, "
               "settings, stats and replays will not be kept after a restart")
        log.warning(msg)
        try:
            _prepare(fallback)
        except OSError as exc2:
            msg2 = f"{fallback}: cannot use it either ({exc2.strerror or exc2})"
            log.warning(msg2)
            return DataDir(fallback, persistent=False, messages=(msg, msg2))
        look_in(fallback)
        return DataDir(fallback, persistent=False, messages=(msg,))
