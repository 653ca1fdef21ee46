"""The shipped campaign teaches every feature: each level's stored solution is replayed and what
it really uses on the winning path is collected (see quest_teaching.py); every feature of the
engine's tables must be used by some campaign level, and every level is a puzzle of >= 8 turns."""

from __future__ import annotations

import pytest
from quest_teaching import catalogue, trace

from game.core.replay import load_replay
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, load_level, shipped_path, solution_path

MIN_TURNS = 8
CAMP, _PROBS = load_campaign(ASSETS / "campaign.toml")
ORDER = CAMP.order if CAMP else []
_CACHE: dict[str, tuple[set[str], object]] = {}


def used_by(lid: str):
    if lid not in _CACHE:
        level, _, _ = load_level(lid)
        rep = load_replay(solution_path(lid))
        _CACHE[lid] = trace(level, rep.actions)
    return _CACHE[lid]


def test_the_campaign_loads():
    assert CAMP is not None, _PROBS
    assert len([lid for lid in ORDER if lid.startswith("hex/")]) >= 12


@pytest.mark.parametrize("lid", ORDER)
def test_campaign_level_is_a_real_puzzle(lid):
    used, game = used_by(lid)
    assert game.status == "won"
    assert game.turn >= MIN_TURNS, f"{lid}: the stored solution wins in {game.turn} turns"


@pytest.mark.parametrize("lid", ORDER)
def test_campaign_level_has_a_title_and_a_hint(lid):
    text = shipped_path(lid).read_text(encoding="utf-8")
    level, _, _ = load_level(lid)
    assert level.title
    hints = [ln for ln in text.splitlines() if ln.startswith("; Hint: ") and len(ln) > 20]
    assert len(hints) == 1, f"{lid}: needs exactly one '; Hint: ...' comment line"


def test_every_feature_is_taught_by_the_campaign():
    used: set[str] = set()
    for lid in ORDER:
        used |= used_by(lid)[0]
    missing = [f for f in catalogue() if f not in used]
    assert not missing, f"no campaign level uses: {', '.join(missing)}"


def test_the_catalogue_follows_the_engine_tables():
    from game.modes.quest import items, spells, tiles
    cat = catalogue()
    assert all(f"item:{p}" in cat for p in items.PROPERTIES)
    assert all(f"spell:{s}" in cat for s in spells.NAMES)
    assert "object:boulder" in cat and "object:void" not in cat and "property:none" not in cat
    assert len([f for f in cat if f.startswith("property:")]) == len(tiles.PROPERTY_NAMES) - 1


def test_the_tracer_only_counts_what_acts():
    # a Spyked item worn while a weak goblin hits (raw 5 -> reflection 0) is not "reflecting"
    from quest_levels import HEX3_MAP, level
    lv = level(HEX3_MAP + "grant 2,1: item mail=5 spyked=5\nnpc 3,1: name=Imp hp=50 model=chase melee=5\n")
    used, game = trace(lv, [[0, 0], [2], [2]])
    assert "property:grant" in used and "npc intent:attack" in used and "item:mail" in used
    assert "item:spyked" not in used


def test_a_missile_into_nothing_and_healing_at_full_health_teach_nothing():
    from quest_levels import HEX3_MAP, level
    lv = level(HEX3_MAP + "grant 2,1: spell missile 1; item hat=5 healing=5\nnpc 3,7: name=Imp hp=50 model=still\n")
    used, _ = trace(lv, [[0, 0], [1, 0, 0], [2]])
    assert "property:grant" in used
    assert "spell:missile" not in used and "item:healing" not in used and "action:wait" in used
    used, _ = trace(lv, [[0, 0], [0, 3], [0, 3], [1, 0, 3]])      # back down, then shoot the Imp
    assert "spell:missile" in used


def test_a_push_counts_the_rock_only_when_the_crate_comes_to_rest_against_it():
    from quest_levels import level
    free = level("grid: hex\nmap:\n~-.-~\n--$--\n--@--\n-----\n~~-~~\nend\n")
    used, game = trace(free, [[0, 0]])
    assert game.status == "won" and "object:victory object" in used and "object:rock" not in used
    walled = level("grid: hex\nmap:\n~-#-~\n--.--\n--$--\n--@--\n~~-~~\nend\n")
    used, game = trace(walled, [[0, 0]])
    assert game.status == "won" and "object:rock" in used


def test_stored_hex_replays_are_made_from_the_moves_files():
    from game.modes.quest.catalog import load_level, shipped_path, solution_path
    from game.modes.quest.stored import moves_path, replay_of, solution_source
    for lid in ORDER:
        assert moves_path(lid).is_file(), f"{lid}: no .moves file"
        level, _, _ = load_level(lid)
        path = shipped_path(lid)
        text, source = solution_source(lid, path.read_text(encoding="utf-8"), str(path))
        assert source == str(moves_path(lid))
        assert solution_path(lid).read_text(encoding="utf-8") == replay_of(level, lid, text, source).dumps(), lid


@pytest.mark.parametrize("text,msg", [
    ("N N\nfly\n", ": 2: unknown move 'fly'"),
    ("; only a comment\nS\n", "not won"),
    ("N N N N N N N N N N N N N\n", ": 1: move "),
])
def test_bad_moves_text_names_the_file_and_line(tmp_path, text, msg):
    from game.modes.quest.catalog import load_level
    from game.modes.quest.solution import SolutionError
    from game.modes.quest.stored import replay_of
    mp = tmp_path / "01_first_push.moves"
    with pytest.raises(SolutionError) as exc:
        replay_of(load_level("hex/01_first_push")[0], "hex/01_first_push", text, str(mp))
    assert str(mp) in str(exc.value) and msg in str(exc.value)


def test_the_rules_doc_lists_every_campaign_level_with_its_turns_and_routes():
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs/rules/quest.md").read_text(encoding="utf-8")
    section = doc.split("## The campaign", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in section.splitlines()
            if ln.startswith("| ") and not ln.startswith("| level")]
    assert [f"hex/{r[0]}" for r in rows] == ORDER
    for name, _title, _teaches, turns, opens in rows:
        lid = f"hex/{name}"
        assert int(turns) == used_by(lid)[1].turn, lid
        want = [n.removeprefix("hex/")[:2] for n in CAMP.next[lid]] or ["(end)"]
        assert opens.split(", ") == want, lid


def test_every_route_is_a_full_course():
    """Alternate routes rejoin: every route from the start to a last level plays >= 10 levels and
    uses at least three quarters of the features (the docs give the poorest route's figure)."""
    routes: list[list[str]] = []

    def walk(lid, path):
        if not CAMP.next[lid]:
            routes.append(path + [lid])
        for nxt in CAMP.next[lid]:
            walk(nxt, path + [lid])

    walk(CAMP.start(), [])
    assert len(routes) >= 8
    cat = catalogue()
    poorest = len(cat)
    for r in routes:
        used = set().union(*(used_by(lid)[0] for lid in r))
        assert len(r) >= 10 and 4 * len(used & set(cat)) >= 3 * len(cat), (r, len(used))
        poorest = min(poorest, len(used & set(cat)))
    from pathlib import Path
    doc = " ".join((Path(__file__).resolve().parents[2] / "docs/rules/quest.md").read_text(encoding="utf-8").split())
    assert f"the poorest route still uses {poorest} of the {len(cat)} features" in doc


def test_solution_text_drops_a_red_disk():
    from game.modes.quest.game import DROP
    from game.modes.quest.solution import SolutionError, parse_solution
    names = ("N", "NE", "SE", "S", "SW", "NW")
    assert [a for a, _, _ in parse_solution("N drop:SW\nwait", names)] == [[0, 0], [DROP, 4], [2]]
    with pytest.raises(SolutionError, match="unknown move 'drop:X'"):
        parse_solution("drop:X", names, "f.moves")


def test_every_route_can_be_played_with_the_campaign_carry():
    """Along every route the stored solutions still win with what the player carries from the levels
    before (items worn first, xp, coins): a stronger player may win a few turns sooner."""
    from game.modes.quest.campaign import Progress
    from game.modes.quest.game import QuestGame

    def walk(lid, path, out):
        if not CAMP.next[lid]:
            out.append(path + [lid])
        for nxt in CAMP.next[lid]:
            walk(nxt, path + [lid], out)
        return out

    actions = {lid: load_replay(solution_path(lid)).actions for lid in ORDER}
    levels = {lid: load_level(lid)[0] for lid in ORDER}
    for route in walk(CAMP.start(), [], []):
        prog = Progress()
        for lid in route:
            game = QuestGame(levels[lid], prog.start_carry(CAMP))
            for a in actions[lid]:
                if game.status != "play":
                    break
                game.apply(a)
            assert game.status == "won", (route, lid, game.status)
            prog.finish(CAMP, lid, game)
