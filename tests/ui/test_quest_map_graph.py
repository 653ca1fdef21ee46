"""The campaign map's layout and d-pad walk (game/ui/modes/quest/map_graph.py): a hand-worked
graph, and random acyclic campaigns (every link goes rightwards, every level is reachable with
the d-pad from the first)."""

from hypothesis import given
from hypothesis import strategies as st

from game.modes.quest.campaign import check_graph
from game.ui.modes.quest.map_graph import MapGraph, layout

# a -> b, c;  b -> d;  c -> d, e;  d -> f;  e -> f
ORDER = ["a", "b", "c", "d", "e", "f"]
NEXT = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"], "f": []}


def test_columns_are_the_longest_route_from_the_start():
    # by hand: a 0; b, c 1; d = max(b, c) + 1 = 2; e = c + 1 = 2; f = max(d, e) + 1 = 3
    assert layout(ORDER, NEXT) == [["a"], ["b", "c"], ["d", "e"], ["f"]]
    # a link that skips a column: a -> c directly and via b; c sits at the longer route's depth
    assert layout(["a", "b", "c"], {"a": ["b", "c"], "b": ["c"]}) == [["a"], ["b"], ["c"]]


def test_dpad_walks_along_the_links():
    g = MapGraph(ORDER, NEXT)
    assert g.step("a", 1, 0) == "b"            # b and c are equally near: campaign order decides
    assert g.step("b", 0, 1) == "c" and g.step("c", 0, -1) == "b"
    # heights (row + 1/2) / rows: b 0.25, c 0.75; d 0.25, e 0.75
    assert g.step("c", 1, 0) == "e"            # c's next levels d and e: e is level with c
    assert g.step("b", 1, 0) == "d"            # b's only next level
    assert g.step("e", -1, 0) == "c"           # e's only previous level
    assert g.step("f", 1, 0) == "f"            # nowhere further right
    assert g.step("a", -1, 0) == "a" and g.step("a", 0, -1) == "a"
    assert g.step("c", 0, 1) is None           # below a column's last level: the shop button


@st.composite
def campaigns(draw):
    n = draw(st.integers(1, 14))
    ids = [f"l{i}" for i in range(n)]
    nxt = {i: [] for i in ids}
    for j in range(1, n):
        parents = {draw(st.integers(0, j - 1))} | set(draw(st.lists(st.integers(0, j - 1), max_size=2)))
        for p in sorted(parents):
            nxt[ids[p]].append(ids[j])
    return ids, nxt


@given(campaigns())
def test_every_link_goes_right_and_every_level_is_reachable_by_dpad(camp):
    order, nxt = camp
    assert check_graph(order, nxt) is None
    g = MapGraph(order, nxt)
    assert sorted(x for col in g.cols for x in col) == sorted(order)
    for a, bs in nxt.items():
        for b in bs:
            assert g.where[a][0] < g.where[b][0]
    for lid in order:
        right = g.step(lid, 1, 0)
        assert right in nxt[lid] if nxt[lid] else True
    seen, todo = {order[0]}, [order[0]]
    while todo:
        cur = todo.pop()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            to = g.step(cur, dx, dy)
            if to is not None and to not in seen:
                seen.add(to)
                todo.append(to)
    assert seen == set(order)
