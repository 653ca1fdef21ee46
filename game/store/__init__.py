"""What the appliance keeps on its card: settings, stats, replays (never imports pygame).

Typical start-up::

    from game.store import open_data_dir, SettingsStore, StatsStore, ReplayStore
    data = open_data_dir()                      # TACTIBOX_DATA, /var/lib/tactibox or XDG
    settings = SettingsStore(data.settings_file); settings.load()
    stats = StatsStore(data.stats_file); stats.open()
    replays = ReplayStore(data.replays)
    problems = [*data.messages, *settings.messages, *stats.messages]   # show them, keep going

Every loader repairs what it can and reports the rest in ``messages``; nothing here raises on
bad files. See docs/data.md.
"""

from game.store.datadir import DataDir, choose_data_dir, open_data_dir
from game.store.replays import ReplayError, ReplayInfo, ReplayStore
from game.store.settings import Settings, SettingsStore
from game.store.stats import GameRecord, SeatRecord, StatsLine, StatsStore

__all__ = [
    "DataDir", "choose_data_dir", "open_data_dir",
    "Settings", "SettingsStore",
    "GameRecord", "SeatRecord", "StatsLine", "StatsStore",
    "ReplayError", "ReplayInfo", "ReplayStore",
]
