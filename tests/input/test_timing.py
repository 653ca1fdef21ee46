"""Auto-repeat and the START+SELECT hold, on a fake clock (no sleeps, no timed assertions)."""

from hw.input import Button
from tests.input.conftest import key, summary


def run(hub, clock, until, step=0.01, start=None):
    """Poll every `step` seconds up to `until`; return everything."""
    out = []
    t = clock.t if start is None else start
    while t <= until + 1e-9:
        clock.at(round(t, 3))
        out += hub.poll()
        t += step
    return out


def press(hub, clock, t, *names, down=True):
    clock.at(t)
    hub.feed([key(n, down) for n in names])
    return hub.poll()


def test_direction_repeats_after_500ms_every_100ms(hub, clock):
    press(hub, clock, 0, "left")
    got = run(hub, clock, 1.0)
    assert summary(got) == [("repeat", "LEFT", t) for t in (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)]
    press(hub, clock, 1.05, "left", down=False)
    assert run(hub, clock, 3.0) == []


def test_non_directions_do_not_repeat(hub, clock):
    press(hub, clock, 0, "z")
    assert run(hub, clock, 2.0) == []


def test_only_the_newest_direction_repeats_then_the_older_resumes(hub, clock):
    press(hub, clock, 0, "up")
    press(hub, clock, 0.3, "right")
    got = run(hub, clock, 0.9)
    assert summary(got) == [("repeat", "RIGHT", 0.8), ("repeat", "RIGHT", 0.9)]
    assert summary(press(hub, clock, 0.95, "right", down=False)) == [("release", "RIGHT", 0.95)]
    got = run(hub, clock, 1.55)
    assert summary(got) == [("repeat", "UP", 1.45), ("repeat", "UP", 1.55)]


def test_a_stalled_frame_gets_one_repeat_not_a_burst(hub, clock):
    press(hub, clock, 0, "down")
    clock.at(1.05)
    assert summary(hub.poll()) == [("repeat", "DOWN", 0.5)]
    clock.at(1.1)
    assert summary(hub.poll()) == [("repeat", "DOWN", 1.1)]


def test_numpad_digits_repeat_as_directions_only_in_menus(hub, clock):
    press(hub, clock, 0, "kp_8")
    assert [e.button for e in run(hub, clock, 0.6)] == [Button.UP, Button.UP]
    press(hub, clock, 0.65, "kp_8", down=False)
    hub.claim_numpad(True)
    press(hub, clock, 1, "kp_8")
    assert run(hub, clock, 3) == []


def test_start_select_held_for_1_5_s_goes_back_to_menu_once(hub, clock):
    press(hub, clock, 0, "tab")
    press(hub, clock, 0.2, "i")
    assert run(hub, clock, 1.69) == []
    got = run(hub, clock, 5)
    assert summary(got) == [("back_to_menu", None, 1.7)]
    # releasing one and pressing again re-arms it
    press(hub, clock, 5.1, "i", down=False)
    press(hub, clock, 5.2, "i")
    assert summary(run(hub, clock, 6.7)) == [("back_to_menu", None, 6.7)]


def test_letting_go_early_cancels_the_combo(hub, clock):
    press(hub, clock, 0, "tab", "i")
    run(hub, clock, 1.4)
    press(hub, clock, 1.45, "tab", down=False)
    assert run(hub, clock, 4) == []


def test_combo_at_exactly_the_hold_time(hub, clock):
    press(hub, clock, 0, "tab", "i")
    got = press(hub, clock, 1.5, "tab", down=False)
    assert summary(got) == [("back_to_menu", None, 1.5), ("release", "START", 1.5)]


def test_combo_from_the_keypad_even_when_the_mode_claims_it(hub, clock):
    hub.claim_numpad(True)
    press(hub, clock, 0, "kp_plus", "kp_minus")
    assert summary(run(hub, clock, 2))[-1] == ("back_to_menu", None, 1.5)


def test_combo_stops_repeat(hub, clock):
    press(hub, clock, 0, "left", "tab", "i")
    got = run(hub, clock, 2.0)
    kinds = [(e.kind.value, round(e.time, 3)) for e in got]
    assert ("back_to_menu", 1.5) in kinds
    assert all(t <= 1.5 for k, t in kinds if k == "repeat")
