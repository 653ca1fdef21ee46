"""One damaged file never costs the others: a data folder with broken settings and a broken
database still starts, keeps the replays, and every store is usable afterwards."""

from datetime import UTC, datetime

from game.store import GameRecord, ReplayStore, SeatRecord, SettingsStore, StatsStore, open_data_dir


def test_broken_settings_and_stats_leave_replays_and_each_other_alone(tmp_path):
    data = open_data_dir({"TACTIBOX_DATA": str(tmp_path / "data")})
    s = SettingsStore(data.settings_file)
    s.load()
    s.update(fps_cap=50, player_names=["Ann", "Bob", "Cid", "Dee"])
    s.update(volume=10)  # the save before this one is now settings.toml.bak
    st = StatsStore(data.stats_file)
    st.record_game(GameRecord("skirmish", "m", "h", 1, [SeatRecord(1, "Ann", False, 1, 2, 3),
                                                         SeatRecord(2, "Bob", False, 2, 0, 0)]))
    st.close()
    r = ReplayStore(data.replays)
    info = r.save({"actions": [1, 2, 3]}, mode="skirmish", map="m", seed=1,
                  when=datetime(2026, 5, 22, tzinfo=UTC))
    replay_bytes = info.path.read_bytes()

    data.settings_file.write_bytes(b"\x00\x01 garbage [[[")
    data.stats_file.write_bytes(b"nope" * 1000)

    s2 = SettingsStore(data.settings_file)
    back = s2.load()  # from settings.toml.bak: the save before the last one
    assert (back.fps_cap, back.player_names[0], back.volume) == (50, "Ann", 80)
    st2 = StatsStore(data.stats_file)
    assert st2.open() and st2.totals("Ann").games == 0
    assert st2.record_game(GameRecord("skirmish", "m", "h", 2, [SeatRecord(1, "Ann", False, 1, 2, 3),
                                                               SeatRecord(2, "Bob", False, 2, 0, 0)]))
    assert info.path.read_bytes() == replay_bytes
    assert [i.name for i in ReplayStore(data.replays).list()] == [info.name]
    kept = sorted(p.name for p in data.root.iterdir() if "corrupt" in p.name)
    assert kept == ["settings.toml.corrupt-1", "stats.sqlite3.corrupt-1"]
    st2.close()
