"""Options: odd sizes only, host-only changes between games, one byte on the wire."""

import pytest

from game.modes.duel.options import DuelOptions, HostOptions, OptionsLocked


def test_defaults_are_the_plans():
    o = DuelOptions()
    assert (o.fov, o.level_size, o.potions) == (True, 25, True)


@pytest.mark.parametrize("size", [24, 11, 33, 0, "25", 25.0, True])
def test_sizes_must_be_odd_and_in_range(size):
    with pytest.raises(ValueError):
        DuelOptions(level_size=size)


def test_byte_round_trip_and_garbage():
    for fov in (False, True):
        for pot in (False, True):
            for size in range(13, 32, 2):
                o = DuelOptions(fov, size, pot)
                assert DuelOptions.from_byte(o.to_byte()) == o
    for bad in (0x40, 0x80, 0x2C, 256, -1, "x"):
        with pytest.raises(ValueError):
            DuelOptions.from_byte(bad)


def test_only_between_games():
    host = HostOptions()
    host.change(fov=False, level_size=21)
    assert host.options == DuelOptions(False, 21, True)
    host.begin_game()
    with pytest.raises(OptionsLocked):
        host.change(potions=False)
    host.end_game()
    assert host.change(potions=False).potions is False
    with pytest.raises(ValueError, match="unknown"):
        host.change(colour="red")
    assert HostOptions().options == DuelOptions(), "options are not saved between sessions"
