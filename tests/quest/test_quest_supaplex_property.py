"""Property test: a random Supaplex-size level (60x24) full of the Supaplex objects, exploding and
casting NPCs keeps its invariants under random play; the same actions give the same states."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.grid import Grid
from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.quest import tiles as T
from game.modes.quest.game import QuestGame
from game.modes.quest.level import Level, NpcSpec

OBJS = (T.NONE,) * 12 + (T.BOULDER, T.GEM, T.DESTRUCT, T.ORANGE_DISK, T.YELLOW_DISK, T.TERMINAL, T.RED_DISK,
                        T.BUG, T.ROCK, T.MOVABLE, T.TRAP)


def random_level(seed: int, pgrav: bool, freeze: bool) -> Level:
    rng = Pcg32(seed, 7)
    g = Grid.square(60, 24)
    obj, prop = bytearray(g.n), bytearray(g.n)
    for c in g.cells:
        x, y = g.coords(c)
        obj[c] = T.ROCK if x in (0, 59) or y in (0, 23) else OBJS[rng.below(len(OBJS))]
    inner = [c for c in g.cells if obj[c] != T.ROCK]
    rng.shuffle(inner)
    start, exit_ = inner[0], inner[1]
    obj[start] = obj[exit_] = T.NONE
    prop[exit_] = T.P_EXIT
    ports, specials = {}, {}
    for c in inner[2:8]:
        obj[c], prop[c] = T.NONE, T.P_PORT
        ports[c] = 1 + rng.below(15)
        if rng.below(2):
            specials[c] = [rng.below(2), rng.below(2), rng.below(2)]
    npcs = []
    models = ("wall_left", "wall_right", "caster", "chase", "turret", "wander")
    far = [c for c in inner[8:] if g.distance(c, start) >= 8][:30]
    for c in g.cells_in_range(start, 1, 1):
        if obj[c] != T.ROCK and prop[c] == T.P_NONE:
            obj[c] = T.NONE
    for i, c in enumerate(far):
        obj[c] = T.NONE
        m = models[i % len(models)]
        spells = {} if m.startswith("wall") else {s: 1 + rng.below(3) for s in ("missile", "fireball", "lightning", "ice",
                                                                                  "jump", "teleport") if rng.below(2)}
        npcs.append(NpcSpec(name=f"n{i}", cell=c, hp=1 + rng.below(20), model=m, spells=spells,
                            blast=("plain", "gems")[rng.below(2)] if m.startswith("wall") else "", speed=1 + rng.below(2)))
    gems = sum(1 for c in g.cells if obj[c] == T.GEM)
    return Level(name="p", grid=g, obj=obj, prop=prop, start=start, gravity=2, player_gravity=pgrav,
                 quota=min(gems, 3), npcs=npcs, ports=ports, specials=specials, freeze_zonks=freeze, seed=seed,
                 hp=300)


def check_invariants(game: QuestGame) -> None:
    alive = [cr for cr in game.creatures() if cr["hp"] > 0]
    cells = [cr["cell"] for cr in alive]
    assert len(cells) == len(set(cells)), "two creatures on a cell"
    for cr in alive:
        assert game.obj[cr["cell"]] in (T.NONE, T.TRAP), f"{cr['name']} stands on {T.OBJECT_NAMES[game.obj[cr['cell']]]}"
        assert game.occ[cr["cell"]] is cr
    assert len(game.occ) == len(cells) and not game.blasts
    assert all(o < len(T.OBJECT_NAMES) for o in game.obj)
    assert set(game.fuses) == {c for c in game.g.cells if game.obj[c] == T.RED_LIT}
    assert set(game.bugs) == {c for c in game.g.cells if game.obj[c] == T.BUG}


def play(level, picks, red):
    game = QuestGame(level)
    game.red = red
    hashes, actions = [], []
    for p in picks:
        if game.is_over():
            break
        legal = game.legal_actions()
        if p % 7 == 0:      # an arbitrary action: legal or not, only ActionError may come out
            a = [p % 8, (p // 8) % 5, (p // 40) % 5][:1 + (p // 200) % 3]
        else:
            a = legal[p % len(legal)]
        try:
            game.apply(a)
        except ActionError:
            assert game.problem(a) is not None
            continue
        actions.append(a)
        check_invariants(game)
        hashes.append(game.state_hash())
    return game, actions, hashes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), pgrav=st.booleans(), freeze=st.booleans(), red=st.integers(0, 2),
       picks=st.lists(st.integers(0, 999), min_size=1, max_size=40))
def test_random_supaplex_levels_keep_invariants_and_replay(seed, pgrav, freeze, red, picks):
    level = random_level(seed, pgrav, freeze)
    game, actions, hashes = play(level, picks, red)
    again = QuestGame(level)
    again.red = red
    replayed = []
    for a in actions:
        again.apply(a)
        replayed.append(again.state_hash())
    assert replayed == hashes
    # a restored snapshot is the same state
    if actions:
        fresh = QuestGame(level)
        fresh.load(game.snapshot_copy())
        assert fresh.state_hash() == game.state_hash()
