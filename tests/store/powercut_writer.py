"""Writer process for test_powercut: saves settings, a battle and a replay in a loop, printing the
counter of each fully finished round, until it is killed. Usage: powercut_writer.py DATA_DIR START"""

import sys
from datetime import UTC, datetime

from game.store import GameRecord, ReplayStore, SeatRecord, SettingsStore, StatsStore

root, start = sys.argv[1], int(sys.argv[2])
settings = SettingsStore(f"{root}/settings.toml")
settings.load()
stats = StatsStore(f"{root}/stats.sqlite3")
stats.open()
replays = ReplayStore(f"{root}/replays")
print("ready", flush=True)
i = start
while True:
    i += 1
    settings.update(last_map=f"map-{i}", fps_cap=10 + i % 200,
                    default_armies={f"P{i % 7}": [f"piece{i}"] * 9})
    stats.record_game(GameRecord("skirmish", f"map-{i}", "hash", i, [
        SeatRecord(1, "Ann", False, 1 + i % 2, 3, 10), SeatRecord(2, "Bob", False, 2 - i % 2, 0, 0),
        SeatRecord(3, "Bot", True, 3, 1, 1)], played_at=datetime(2026, 1, 1, tzinfo=UTC)))
    replays.save({"i": i, "actions": list(range(i % 500))}, mode="skirmish", map=f"map-{i}", seed=i,
                 when=datetime(2026, 1, 1, tzinfo=UTC))
    print(i, flush=True)
