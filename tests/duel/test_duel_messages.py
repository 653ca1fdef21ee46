"""Message ids and texts (the plan's exactly), the two-round log, chat mixed in."""

from __future__ import annotations

import pytest

from game.modes.duel import messages as m
from game.modes.duel.events import Message
from game.modes.duel.messagelog import MessageLog, render

PLAN = [
    "Thunder echoes all around the dungeon!",
    "You sense your surroundings are different.",
    "You feel like you're being watched.",
    "You feel like your soul is being taken away.",
    "You feel unaware of your surroundings.",
    "You hear rock being destroyed.",
    "You are teleported!",
    "A loud magical scream can be heard",
    "A loud magical scream can be heard in the distance",
    "You can hear rain.",
]


def test_the_plans_messages_exactly():
    assert list(m.PLAN_TEXTS.values()) == PLAN
    assert sorted(m.PLAN_TEXTS) == list(range(1, 11))


def test_ids_fit_a_byte_and_texts_render():
    assert all(0 < i < 256 for i in m.TEXTS)
    assert render(m.CAST, (0,)) == "You cast Rays of Cold."
    assert render(m.PICKED_UP, (4,)) == "You pick up the orange potion."
    assert render(m.IT_WAS, (0,)) == "It was a potion of Healing."
    assert render(m.POTIONS_CREATED, (3,)) == "3 potions appear in the dungeon."
    with pytest.raises(ValueError, match="parameter"):
        render(m.CAST, ())
    with pytest.raises(ValueError, match="unknown message"):
        render(250, ())


def test_log_keeps_only_the_previous_and_current_round():
    log = MessageLog(0)
    log.add_events([Message(0, m.THUNDER), Message(1, m.RAIN)])
    log.start_round(1)
    log.add_events([Message(0, m.WATCHED)])
    assert [e.msg for e in log.entries()] == [m.THUNDER, m.WATCHED]
    log.start_round(2)
    assert [e.msg for e in log.entries()] == [m.WATCHED]
    with pytest.raises(ValueError):
        log.start_round(1)


def test_chat_never_pushes_game_messages_out_of_view():
    log = MessageLog(0)
    log.add_events([Message(0, m.THUNDER), Message(0, m.WATCHED), Message(0, m.SOUL)])
    for i in range(6):
        log.add_chat(1, phrase=i)
    lines = log.lines(width=40, height=5)
    texts = [t for t, _ in lines]
    assert len(lines) == 5
    assert "Thunder echoes all around the dungeon!" in texts
    assert any("watched" in t for t in texts)
    # the three game messages take 4 lines (the third wraps); chat gets the last one
    assert [is_chat for _, is_chat in lines] == [False, False, False, False, True]
    assert texts[-1] == "Them: " + m.CHAT_PHRASES[5]     # the newest chat is shown


def test_chat_interleaves_chronologically_when_there_is_room():
    log = MessageLog(0)
    log.add_chat(0, "hi there")
    log.add_events([Message(0, m.RAIN)])
    log.add_chat(1, phrase=2)
    assert log.lines(60, 10) == [("You: hi there", True), ("You can hear rain.", False),
                                 ("Them: Good game!", True)]


def test_long_lines_wrap_and_game_lines_win_when_crowded():
    log = MessageLog(1)
    log.add_events([Message(1, m.SCREAM_FAR), Message(1, m.SURROUNDINGS)])
    log.add_chat(0, "x" * 50)
    lines = log.lines(width=20, height=3)
    assert all(len(t) <= 20 for t, _ in lines) and not any(c for _, c in lines)


def test_chat_text_is_cleaned_and_phrases_checked():
    assert m.clean_chat("  hello\x00\nworld \t ") == "hello world"
    assert len(m.clean_chat("a" * 500)) == m.CHAT_MAX_CHARS
    log = MessageLog(0)
    log.add_chat(1, "\x01\x02")
    assert log.entries() == []
    with pytest.raises(ValueError):
        log.add_chat(1, phrase=len(m.CHAT_PHRASES))
