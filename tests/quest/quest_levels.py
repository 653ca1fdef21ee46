"""Small levels for the quest tests, written in the native text."""

from __future__ import annotations

from game.modes.quest.game import QuestGame
from game.modes.quest.textformat import parse_level


def level(text: str, **head):
    extra = "".join(f"{k}: {v}\n" for k, v in head.items())
    lv, probs = parse_level(extra + text, "<test>")
    assert lv is not None, [str(p) for p in probs]
    return lv


def game(text: str, **head) -> QuestGame:
    return QuestGame(level(text, **head))


# a 3-ring hexagon, centre (1,1) is the player; rows are the odd-q offset rectangle
HEX3_MAP = """grid: hex
map:
~---~
-----
--@--
-----
~~-~~
end
"""
HEX3 = HEX3_MAP + "npc 3,7: name=Imp hp=5 model=still\n"

# a 1-row square corridor: @ at x=2
def corridor(row: str, extra: str = "") -> str:
    w = len(row) + 2
    return f"grid: square\nmap:\n{'#' * w}\n#{row}#\n{'#' * w}\nend\n{extra}"
