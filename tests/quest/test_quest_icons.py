"""A campaign's map icons (game/modes/quest/icons.py, docs/rules/quest.md rule 64): what a key
names, what a value is, the loader's errors (file and key), the bounds, and that icons are
pictures only (every campaign level's content hash and stored solution stay as they were)."""

import copy

import pytest

from game.core.replay import load_replay
from game.modes.quest import tiles as TL
from game.modes.quest.campaign import load_campaign, load_campaign_level, parse_campaign
from game.modes.quest.catalog import ASSETS, solution_path
from game.modes.quest.icons import MAX_ICONS, NO_ICONS, OBJECT_KEYS, parse_icons
from game.modes.quest.session import verify_replay

LEVELS = {"level": [{"id": "hex/01_first_push"}]}


def _camp(icons):
    return parse_campaign({**LEVELS, "icons": icons}, "campaign.toml")


def test_good_icons_parse_into_objects_player_and_npcs():
    camp, probs = _camp({"rock": "#", "victory_object": {"glyph": "$", "colour": "#FFd040"},
                         "player": "@", "npc": {"Goblin": "g", "Imp": {"glyph": "i", "colour": "#00ff00"}}})
    assert probs == [] and camp is not None
    ic = camp.icons
    assert ic.of_object(TL.ROCK) == ("#", None)
    assert ic.of_object(TL.VICTORY_OBJ) == ("$", (255, 208, 64))       # ff d0 40 -> 255, 208, 64
    assert ic.of_object(TL.GEM) is None
    assert ic.player == ("@", None)
    assert ic.of_npc("Goblin") == ("g", None) and ic.of_npc("Imp") == ("i", (0, 255, 0))
    assert ic.of_npc("goblin") is None                                  # names match exactly
    assert hash(ic) == hash(_camp({"player": "@", "rock": "#", "victory_object": {"glyph": "$", "colour": "#ffd040"},
                                   "npc": {"Imp": {"glyph": "i", "colour": "#00FF00"}, "Goblin": "g"}})[0].icons)


def test_no_icons_table_means_no_icons():
    camp, probs = parse_campaign(dict(LEVELS), "campaign.toml")
    assert probs == [] and camp.icons == NO_ICONS and not camp.icons


def test_every_object_kind_but_none_and_void_is_a_key():
    assert set(OBJECT_KEYS) == {"rock", "trap", "destructable", "victory_blocker", "movable", "victory_object",
                                "boulder", "gem", "orange_disk", "yellow_disk", "terminal", "red_disk",
                                "lit_red_disk", "bug"}


@pytest.mark.parametrize("icons, key, words", [
    ({"rock": 5}, "icons.rock", "expected one character in quotes"),          # wrong type
    ({"rock": ["#"]}, "icons.rock", "got list"),
    ({"rock": "##"}, "icons.rock", "one visible ASCII character"),           # two characters
    ({"rock": ""}, "icons.rock", "one visible ASCII character"),
    ({"rock": " "}, "icons.rock", "one visible ASCII character"),            # a space shows nothing
    ({"rock": "\u00e9"}, "icons.rock", "one visible ASCII character"),       # the font may lack it
    ({"rok": "#"}, "icons.rok", "unknown icon key (allowed: player, npc, rock"),   # unknown key policy
    ({"void": "~"}, "icons.void", "unknown icon key"),
    ({"gem": {"colour": "#ffffff"}}, "icons.gem.glyph", "missing"),
    ({"gem": {"glyph": "*", "colour": "blue"}}, "icons.gem.colour", "#rrggbb"),
    ({"gem": {"glyph": "*", "colour": "#12345g"}}, "icons.gem.colour", "#rrggbb"),
    ({"gem": {"glyph": "*", "size": 3}}, "icons.gem", "unknown field 'size'"),
    ({"gem": {"glyph": "**"}}, "icons.gem.glyph", "one visible ASCII character"),
    ({"player": 1}, "icons.player", "expected one character"),
    ({"npc": "g"}, "icons.npc", "a table of NPC names"),
    ({"npc": {"Goblin": "gg"}}, "icons.npc.Goblin", "one visible ASCII character"),
    ({"npc": {"Big Goblin": "g"}}, "icons.npc.Big Goblin", "an NPC name is 1..32"),
    ({"npc": {"x" * 40: "g"}}, "icons.npc." + "x" * 32, "an NPC name is 1..32"),
    ({"npc": {f"N{i}": "n" for i in range(MAX_ICONS)}, "rock": "#"}, "icons", f"{MAX_ICONS + 1} icons; at most {MAX_ICONS}"),
    ("#", "icons", "expected a table"),
])
def test_broken_icons_are_a_clear_error_naming_file_and_key(icons, key, words):
    camp, probs = _camp(icons)
    assert camp is None
    text = str(probs[0])
    assert text.startswith(f"campaign.toml: {key}: "), text
    assert words in text


def test_every_problem_is_reported_not_only_the_first():
    _, probs = parse_icons({"rock": "##", "gem": 3, "player": "@"}, "campaign.toml")
    assert [p.path for p in probs] == ["icons.rock", "icons.gem"]


def test_exactly_max_icons_is_accepted():
    icons, probs = parse_icons({"npc": {f"N{i}": "n" for i in range(MAX_ICONS - 1)}, "rock": "#"}, "c.toml")
    assert probs == [] and len(icons.npcs) == MAX_ICONS - 1


def test_a_campaign_file_with_broken_icons_names_the_file(tmp_path):
    p = tmp_path / "campaign.toml"
    p.write_text('title = "x"\nicons = {rock = "ab"}\n[[level]]\nid = "hex/01_first_push"\n')
    camp, probs = load_campaign(p)
    assert camp is None and str(probs[0]).startswith(f"{p}: icons.rock: ")


def _shipped():
    camp, probs = load_campaign(ASSETS / "campaign.toml")
    assert camp is not None, probs
    return camp


def test_the_shipped_campaign_has_icons_and_every_npc_key_names_an_npc_of_its_levels():
    camp = _shipped()
    assert camp.icons.player is not None and camp.icons.objects and camp.icons.npcs
    names = {n.name for lid in camp.order for n in load_campaign_level(camp, lid)[0].npcs}
    assert {name for name, _ in camp.icons.npcs} <= names      # no icon for an NPC no level has
    assert names <= {name for name, _ in camp.icons.npcs}       # and every NPC of the campaign has one


def test_icons_change_no_level_hash_and_every_stored_solution_still_verifies():
    """Icons are pictures: the same campaign without them loads every level with the same content
    hash and text, and each level's stored solution replays (turn hashes) to a win."""
    camp = _shipped()
    bare = copy.copy(camp)
    bare.icons = NO_ICONS
    for lid in camp.order:
        level, _, text = load_campaign_level(camp, lid)
        plain, _, plain_text = load_campaign_level(bare, lid)
        assert level.content_hash() == plain.content_hash() and text == plain_text, lid
        ok, problems, _ = verify_replay(level, load_replay(solution_path(lid)))
        assert ok, (lid, problems)
