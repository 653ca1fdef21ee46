"""Dungeon generation: the plan's invariants as property tests over seeds and sizes."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.prng import Pcg32
from game.modes.duel.dungeon import (
    POTION_DIVISOR,
    generate_layout,
    max_rooms,
    place_potions,
    potion_count,
    room_sides,
    start_cells,
)
from game.modes.duel.layout import ROOM, WALL, Layout, edge_mask, room_cells
from game.modes.duel.maze import node_mask, perfect_maze

sizes = st.sampled_from(range(13, 32, 2))
seeds = st.integers(0, 2**64 - 1)


def open_neighbours4(layout, c):
    n = layout.size
    x, y = c % n, c // n
    return [y2 * n + x2 for x2, y2 in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
            if 0 <= x2 < n and 0 <= y2 < n and layout.is_open(y2 * n + x2)]


def components4(layout):
    cells = set(layout.open_cells())
    seen, comps = set(), 0
    for c in cells:
        if c in seen:
            continue
        comps += 1
        q = deque([c])
        seen.add(c)
        while q:
            cur = q.popleft()
            for nb in open_neighbours4(layout, cur):
                if nb not in seen:
                    seen.add(nb)
                    q.append(nb)
    return comps


@settings(max_examples=60, deadline=None)
@given(seeds, sizes)
def test_generated_dungeon_invariants(seed, size):
    layout = generate_layout(Pcg32(seed, 1), size)
    n = layout.size
    assert n == size and n % 2 == 1
    assert layout.problem() is None
    assert layout.open & edge_mask(n) == 0, "outer edge must be rock"
    assert components4(layout) == 1, "all floor is connected (even without diagonal steps)"
    for c in layout.open_cells():
        assert len(open_neighbours4(layout, c)) >= 2, f"dead end at {layout.xy(c)}"
    rooms = layout.rooms
    assert 2 <= len(rooms) <= max_rooms(n) <= 6
    for i, (x, y, s) in enumerate(rooms):
        assert s in room_sides(n) and x % 2 == 1 and y % 2 == 1
        for j in range(i + 1, len(rooms)):
            x2, y2, s2 = rooms[j]
            gap = max(x2 - (x + s - 1), x - (x2 + s2 - 1), y2 - (y + s - 1), y - (y2 + s2 - 1))
            assert gap >= 4, f"rooms {rooms[i]} and {rooms[j]} are directly connected"
    # no single corridor cell touches two different rooms
    masks = [room_cells(n, r) for r in rooms]
    for c in layout.open_cells():
        if layout.kind(c) == ROOM:
            continue
        touching = {i for i, m in enumerate(masks)
                    for nb in layout.grid.neighbours[c] if (m >> nb) & 1}
        assert len(touching) <= 1
    assert {layout.kind(c) for c in range(n * n)} == {0, 1, 2}


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_generation_is_deterministic(seed, size):
    a = generate_layout(Pcg32(seed, 1), size)
    b = generate_layout(Pcg32(seed, 1), size)
    assert a == b and a.to_ascii() == b.to_ascii()


def test_different_seeds_give_different_dungeons():
    layouts = {generate_layout(Pcg32(s, 1), 25).to_ascii() for s in range(20)}
    assert len(layouts) == 20


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_the_maze_before_rooms_is_perfect(seed, size):
    opened = perfect_maze(Pcg32(seed, 2), size)
    layout = Layout(size, opened)
    nodes = node_mask(size).bit_count()
    assert opened & node_mask(size) == node_mask(size)
    assert opened.bit_count() == nodes + nodes - 1, "a spanning tree has nodes - 1 passages"
    assert components4(layout) == 1
    # posts (even, even) stay rock
    for c in layout.open_cells():
        x, y = layout.xy(c)
        assert x % 2 == 1 or y % 2 == 1


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_start_cells_and_potions(seed, size):
    rng = Pcg32(seed, 3)
    layout = generate_layout(rng, size)
    a, b = start_cells(rng, layout)
    assert layout.room_index(a) >= 0 and layout.room_index(b) >= 0
    assert layout.room_index(a) != layout.room_index(b)
    k = potion_count(layout)
    assert k == layout.open.bit_count() // POTION_DIVISOR
    pots = place_potions(rng, layout, [i % 5 for i in range(k)], 1 << a | 1 << b)
    assert len(pots) == k and a not in pots and b not in pots
    assert all(layout.is_open(c) for c in pots)


def test_room_counts_follow_the_level_size():
    assert [max_rooms(s) for s in (13, 17, 21, 25, 29, 31)] == [3, 4, 5, 6, 6, 6]
    assert room_sides(13) == (3, 5) and room_sides(25) == (3, 5, 7)
    counts = {len(generate_layout(Pcg32(s, 9), 25).rooms) for s in range(200)}
    assert min(counts) == 2 and max(counts) >= 5


def test_default_dungeon_has_plausible_potions():
    ks = [potion_count(generate_layout(Pcg32(s, 4), 25)) for s in range(30)]
    assert all(8 <= k <= 13 for k in ks), ks


def test_layout_ascii_round_trip_and_errors():
    layout = generate_layout(Pcg32(5, 5), 15)
    again = Layout.from_ascii(layout.to_ascii())
    assert again == layout
    text = layout.to_ascii().splitlines()
    broken = "\n".join(text[:-1])
    with pytest.raises(ValueError, match="expected 15|odd"):
        Layout.from_ascii(broken + "\n" + text[-1][:-1])
    bad_edge = "\n".join(["." + text[0][1:]] + text[1:])
    with pytest.raises(ValueError, match="outer edge"):
        Layout.from_ascii(bad_edge)
    with pytest.raises(ValueError, match="unknown cell"):
        Layout.from_ascii("\n".join(text[:3] + ["#x" + text[3][2:]] + text[4:]))
    assert layout.kind(0) == WALL


def test_mirroring_keeps_rooms_on_room_cells():
    layout = generate_layout(Pcg32(8, 8), 25)
    for axis in (0, 1, 2):
        m = layout.mirrored(axis)
        assert m.problem() is None
        assert m.open.bit_count() == layout.open.bit_count()
        assert m.room_mask & ~m.open == 0
        assert m.mirrored(axis) == layout
    flipped = layout.mirrored(0).to_ascii().splitlines()
    assert flipped == [row[::-1] for row in layout.to_ascii().splitlines()]
