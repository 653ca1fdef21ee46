"""Parts of the front end on their own: camera, animations, recolouring, sounds, the bot worker,
the battle session's records, replays in the Replays scene (damaged ones too)."""

from __future__ import annotations

import threading

import pygame
import pytest
from ui_harness import B, menu_open, press, stack

from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.rules.skirmish.catalog import find_ruleset
from game.ui.camera import Camera


@pytest.fixture(scope="module")
def rs():
    r, _ = find_ruleset("default")
    return r


def new_session(rs, stats=None, replays=None):
    """A battle's Match kept in these stores (as the app keeps one)."""
    from game.match import Match
    from game.modes.skirmish.match import new_header
    from game.store.keeper import MatchKeeper
    parts = [Participant("Ann", "human"), Participant("", "bot:easy")]
    return Match.start("skirmish", rs, new_header(rs, rs.maps[0], parts, 11, Options(army_limit=2)),
                       keeper=MatchKeeper(stats=stats, replays=replays))


def test_camera_clamps_glides_and_stops():
    cam = Camera((100, 80), (400, 300))
    cam.centre_on((1000, 1000))
    assert (cam.tx, cam.ty) == (300, 220)              # clamped to the board
    for _ in range(200):
        if not cam.update(1 / 30):
            break
    assert cam.offset == (300, 220) and not cam.moving
    small = Camera((100, 80), (40, 30))
    small.centre_on((0, 0))
    assert (small.tx, small.ty) == (-30, -25)          # a small board sits in the middle
    cam.keep_visible(pygame.Rect(10, 10, 16, 16), 8)
    assert cam.tx == 2 and cam.ty == 2


def test_animations_follow_the_events(rs):
    from game.modes.skirmish import actions as A
    from game.ui.hexdraw import BoardGeometry
    from game.ui.modes.skirmish.anim import HOP_TIME, Animator
    s = new_session(rs)
    g = s.game
    geo = BoardGeometry(g.grid, g.gmap.elevation, 1)
    anim = Animator(g)
    p = g.movable_pieces()[0]
    dest = max(g.reach(p).cells(), key=lambda c: g.reach(p).cost_to(c))
    start = p.cell
    events = s.apply(A.Walk(p.id, dest))
    anim.add_events(events)
    assert anim.busy
    assert anim.hop_position(p.id, geo) == geo.centre(start)      # not started: at the start cell
    walk = next(e for e in events if e.kind == "walk")
    anim.update(HOP_TIME * len(walk.path) / 2)
    x, y = anim.hop_position(p.id, geo)
    assert (x, y) != geo.centre(start) and (x, y) != geo.centre(dest)
    for _ in range(100):
        anim.update(0.05)
    assert not anim.busy and anim.hop_position(p.id, geo) is None


def test_strike_shows_a_number_then_clears(rs):
    from game.ui.modes.skirmish.anim import Animator
    s = new_session(rs)
    anim = Animator(s.game)
    from game.modes.skirmish.events import Attacked
    anim.add_events([Attacked(0, 2, "crit", 7, 3)])
    assert anim.flash(0) is False
    anim.update(0.01)
    assert anim.flash(0) in (True, False) and anim.busy
    anim.update(1.0)
    assert not anim.busy and [f.text for f in anim.floats] == ["-7 crit!"]
    anim.update(2.0)
    assert not anim.floats


def test_recolour_swaps_only_the_team_range():
    from game.ui.art.pieces import KINDS, TEAM_RANGE, sprite_surface
    from game.ui.art.recolour import recolour
    from game.ui.theme import team_ramp
    base = sprite_surface("soldier")
    red = recolour(base, team_ramp(0))
    pal0, pal1 = base.get_palette(), red.get_palette()
    for i in range(256):
        if i in TEAM_RANGE:
            assert tuple(pal1[i])[:3] == team_ramp(0)[i - TEAM_RANGE.start]
        else:
            assert pal1[i] == pal0[i]
    assert len(KINDS) == 10
    assert sprite_surface("no-such-kind").get_size() == (16, 16)   # an unknown sprite kind still draws


def test_every_sprite_kind_has_team_pixels():
    from game.ui.art.pieces import KINDS, SPRITES
    for kind in KINDS:
        text = "".join(SPRITES[kind])
        assert sum(text.count(ch) for ch in "Ttch") >= 6, kind


def test_sounds_are_made_with_the_ruleset_names(rs):
    from game.ui.sound import Sound
    snd = Sound(50)
    snd.start()
    snd._thread.join(10)
    needed = {s for ids in rs.sound_sets.values() for s in ids}
    needed |= {"select", "move", "hit", "miss", "crit", "levelup", "victory"}
    assert needed <= set(snd.sounds), needed - set(snd.sounds)
    assert all(0.02 < s.get_length() < 2.0 for s in snd.sounds.values())
    raw = snd.sounds["hit"].get_raw()
    assert max(raw) > 0                                   # not silence
    snd.play("hit")
    snd.play_set(("claw", "hit_high"))
    snd.close()


def test_no_sound_device_means_silence(monkeypatch):
    import pygame.mixer

    from game.ui.sound import Sound

    def broken(*a, **k):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "init", broken)
    snd = Sound(80)
    snd.start()
    assert "no audio device" in snd.problem and snd.sounds == {}
    snd.play("hit")                                       # nothing happens, nothing breaks
    snd.close()


def test_bot_worker_never_blocks_the_frame():
    from types import SimpleNamespace

    from game.match import BotDriver
    gate = threading.Event()

    class SlowBot:
        def choose(self, game):
            gate.wait(5)
            return "the action"

    match = SimpleNamespace(game=SimpleNamespace(check=lambda a: None), version=0)
    d = BotDriver(SlowBot(), threaded=True)
    assert d.next_action(match, 0) is None and d.thinking     # asked: returns at once
    assert d.next_action(match, 0) is None                    # still thinking: the frame goes on
    gate.set()
    d._future.result(5)
    assert d.next_action(match, 0) == "the action" and not d.thinking
    d.close()


def test_session_records_stats_and_replay_once(rs, tmp_path):
    from game.modes.skirmish.bot import SkirmishBot
    from game.store import ReplayStore, StatsStore
    stats, replays = StatsStore(tmp_path / "s.sqlite3"), ReplayStore(tmp_path / "r")
    s = new_session(rs, stats=stats, replays=replays)
    bot = SkirmishBot("hard")
    while not s.over:
        s.apply(bot.choose(s.game))
    res = s.result                                # kept by the Match the moment the battle ended
    assert res.finished and res is s.finish() and res is s.finish(abandoned=True)
    assert stats.game_count() == 1 and len(replays.list()) == 1
    assert [p.place for p in res.placements] == [1, 2]
    _, doc = replays.load(res.replay_name)
    from skirmish_play import verify_battle

    from game.core.replay import parse_replay
    assert verify_battle(parse_replay(doc), rs).ok


def test_a_battle_without_actions_is_not_recorded(rs, tmp_path):
    from game.store import ReplayStore, StatsStore
    stats, replays = StatsStore(tmp_path / "s.sqlite3"), ReplayStore(tmp_path / "r")
    s = new_session(rs, stats=stats, replays=replays)
    s.finish(abandoned=True)
    assert stats.game_count() == 0 and replays.list() == []


def test_damaged_and_foreign_replays_are_listed_not_fatal(make_app):
    app = make_app()
    folder = app.replays.dir
    (folder / "20250101-000000_skirmish_x_s1.replay").write_bytes(b"garbage without a header")
    app.replays.save({"format": "tactibox-replay", "version": 1, "mode": "skirmish", "seed": 1,
                      "ruleset": {"id": "default", "hash": "0" * 16}, "map": {"id": "01_meadow"},
                      "actions": [[4]], "setup": {"participants": [["A", "human", []], ["", "bot:easy", []]]}},
                     mode="skirmish", map="01_meadow", seed=1)
    press(app, B.A)
    menu_open(app, "Replays")
    sc = app.top
    assert len(sc.items) == 2
    problems = {}
    for _ in range(2):
        press(app, B.A)
        assert stack(app)[-1] == "replays" and sc.problem     # a named problem, no crash
        problems[sc.items[sc.index].name] = sc.problem
        press(app, B.DOWN)
    damaged = problems["20250101-000000_skirmish_x_s1.replay"]
    assert "20250101-000000_skirmish_x_s1.replay" in damaged and "header" in damaged
    other = next(v for k, v in problems.items() if not k.startswith("20250101"))
    assert "ruleset default has changed" in other
    app.run_frames(1)
