"""The link games the menus build (game/link/modes.py, chat.py, ruleset_holder.py): the guest
plays the mode START names (no guessing), broken setups and chat bytes are refused clearly, a
broken ruleset blob installs nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.link.chat import ChatInbox, send_chat
from game.link.modes import guest_spec, host_spec, mode_of, split_setup, tag_setup
from game.link.remote import RemoteDriver
from game.link.ruleset_holder import RulesetHolder
from game.match import BotDriver
from game.modes.duel import DuelOptions
from game.modes.duel.link import encode_duel_setup
from game.modes.duel.messages import CHAT_PHRASES


def test_guest_plays_what_the_host_starts(tmp_path):
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    spec = guest_spec(RulesetHolder(rs, tmp_path))
    assert {"duel-rules", "ruleset", "bout-rules"} <= set(spec.content) and spec.options == b""
    duel = spec.make_game(7, tag_setup("duel", encode_duel_setup(DuelOptions(level_size=17), 300)))
    assert mode_of(duel) == "duel" and duel.unit == 1 and duel.match.turn_limit == 300
    assert isinstance(duel.match.driver(0), RemoteDriver) and isinstance(duel.match.driver(1), BotDriver)
    assert duel.game.state.layout.size == 17 and duel.match.link["role"] == "guest"
    host = host_spec("duel", setup=encode_duel_setup(DuelOptions(fov=False), 1000))
    assert split_setup(host.options) == ("duel", encode_duel_setup(DuelOptions(fov=False), 1000))
    h = host.make_game(7, host.options)
    assert h.unit == 0 and isinstance(h.match.driver(1), RemoteDriver) and not h.game.state.options.fov
    with pytest.raises(ValueError, match="options byte"):
        spec.make_game(7, tag_setup("duel", bytes([0xFF, 0, 10])))
    with pytest.raises(ValueError, match="skirmish setup"):
        spec.make_game(7, tag_setup("skirmish", b"\x09\x00\x00\x00\x00\x00\x00\x00"))
    with pytest.raises(ValueError, match="not a mode this version knows"):
        spec.make_game(7, tag_setup("chess", b""))
    for broken in (b"", b"\x00", b"\x05du", b"\x40" + b"x" * 64, b"\x02\xff\xfe"):
        with pytest.raises(ValueError):
            spec.make_game(7, broken)


def test_guest_without_a_ruleset_refuses_a_skirmish_clearly(tmp_path):
    spec = guest_spec(RulesetHolder(None, tmp_path))
    assert "duel-rules" in spec.content and "ruleset" not in spec.content
    with pytest.raises(ValueError, match="no ruleset"):
        spec.make_game(1, tag_setup("skirmish", b"\x01" * 12))


def test_broken_ruleset_blob_installs_nothing(tmp_path):
    holder = RulesetHolder("keep", lambda: tmp_path / "rulesets")
    with pytest.raises(ValueError, match="not a zip"):
        holder.install("ruleset", b"garbage")
    assert holder.rs == "keep" and not (tmp_path / "rulesets" / "link-received").exists()


class FakeSession:
    def __init__(self):
        self.sent = []

    def send_app(self, data):
        self.sent.append(bytes(data))


def test_chat_round_trip_and_garbage():
    s = FakeSession()
    assert send_chat(s, phrase=2) == (CHAT_PHRASES[2], 2)
    assert send_chat(s, text="  hi\tthere  ") == ("hi there", None)
    inbox = ChatInbox()
    for payload in s.sent + [b"", b"\x07x", b"\x02\x05ab", b"\x02\x02\xff\xfe", b"\x01\x63"]:
        inbox.feed(payload)
    assert inbox.take() == [(CHAT_PHRASES[2], 2), ("hi there", None)]
    assert inbox.bad == 5 and inbox.last_error and inbox.take() == []
    with pytest.raises(ValueError):
        send_chat(s, text="   ")


@settings(deadline=None, max_examples=200)
@given(st.binary(max_size=80))
def test_chat_inbox_never_raises(data):
    inbox = ChatInbox()
    inbox.feed(data)
    got = inbox.take()
    assert inbox.bad + len(got) == 1
    for text, _phrase in got:
        assert text and text.isprintable() and len(text) <= 60
