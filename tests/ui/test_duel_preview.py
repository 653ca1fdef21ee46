"""The other unit's steps as they are made (issue 20, Build item 4 / done-when): a linked duel
sends each of the person's steps at once as a PEEK preview (the turn itself still crosses as one
compact TURN frame), and the screen shows the other unit's previewed wizard while its turn is
still being walked; stale, out-of-order and malformed previews are ignored and counted.
Against a `tactibox link`-style bot unit on a memory cable (test_link_duel.py's kit)."""

from __future__ import annotations

import pytest
from test_link_duel import DUEL_RULES, Cable, connect, open_link_menu, play_frame
from ui_harness import stack

from firmware_bridge.session import Session
from game.link.modes import bot_game, split_setup
from game.modes.duel.bot import DuelBot
from game.modes.duel.peek import decode_peek, encode_peek, peek_cell

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


@pytest.fixture(autouse=True)
def _setup(monkeypatch, fresh_options):
    from game.ui import onboarding
    due = onboarding.howto_due
    monkeypatch.setattr(onboarding, "howto_due", lambda app, mode: mode != "duel" and due(app, mode))
    fresh_options.change(level_size=13, fov=False)       # the whole level in view: every step shows


class Stalling:
    """A bot unit's game that holds its turn while `hold` is set (a person still walking)."""

    def __init__(self, game) -> None:
        self._game, self.hold = game, True

    def next_local_action(self):
        return None if self.hold else self._game.next_local_action()

    def __getattr__(self, name):
        return getattr(self._game, name)


def stalling_guest(games: list):
    def make(seed, o):
        g = Stalling(bot_game("duel", seed, split_setup(o)[1], 1, "hard"))
        games.append(g)
        return g
    return lambda link: Session(link, role="guest", app_version="bot-1", unit_name="Bot unit", content=DUEL_RULES,
                                make_game=make)


def _movers(m):
    """The seat of each action of the duel so far (replayed from its start)."""
    from game.modes.duel import DuelGame
    g = DuelGame.new(m.game.state.seed, m.game.state.options)
    out = []
    for raw in m.match.replay.actions:
        a = g.decode_action(raw)
        out.append((a, g.current))
        g.apply(a)
    return out


def hosted(make_app, monkeypatch):
    """A duel hosted from the menus against a stalling bot unit: (app, cable, the bot's games)."""
    app = make_app((480, 320))
    games = []
    cable = Cable(app, monkeypatch, stalling_guest(games))
    open_link_menu(app, "Link: host")
    connect(app, cable)
    return app, cable, games


def test_the_persons_steps_go_out_as_previews_and_the_turn_as_one_frame(make_app, monkeypatch):
    app, cable, games = hosted(make_app, monkeypatch)
    games[0].hold = False                                  # the bot unit plays at once
    m = app.top.match
    policy = DuelBot("hard")
    seen = []
    for _ in range(8000):
        if m.game.turn >= 8 or m.game.is_over():
            break
        turn = m.game.turn
        play_frame(app, cable, policy)
        seen += [decode_peek(p) + (turn,) for p in cable.peer.drain_peeks()]
    steps = [a for a, seat in _movers(m) if a.is_step and seat == 0]
    assert steps, "the person walked at least once"
    assert seen and all(d is not None for d in seen)
    for turn_byte, number, direction, turn in seen:
        assert turn_byte == turn & 0xFF and 1 <= number <= 5 and 0 <= direction < 8
    assert len(seen) == len(steps)                          # one preview per step, none lost on a clean cable
    assert cable.peer.counters.peeks_received == len(seen)


def test_the_other_units_previewed_steps_show_on_this_board(make_app, monkeypatch):
    app, cable, games = hosted(make_app, monkeypatch)
    sc = app.top
    m = sc.match
    policy = DuelBot("hard")
    for _ in range(4000):
        if m.game.current == 1 and not m.heard and not sc.busy():
            break
        play_frame(app, cable, policy)
    g = m.game
    assert g.current == 1 and stack(app)[-1] == "duel_game"
    start = g.state.wizards[1].pos
    first = DuelBot("hard").choose(g.view(1))              # what the bot unit will do first (same bot)
    d = first.arg if first.is_step else next(d for d in range(8) if peek_cell(g.state, 1, start, d) is not None)
    cell = peek_cell(g.state, 1, start, d)
    before = m.peek_version
    cable.peer.send_peek(encode_peek(g.turn, 1, d))
    cable.step(3)
    assert m.peek_cells == [cell] and m.peek_version == before + 1
    assert m.view(0).opponent == cell                       # drawn where the other unit walks now
    ignored = m.peeks_ignored
    cable.peer.send_peek(encode_peek(g.turn + 1, 2, d))    # another turn: stale
    cable.peer.send_peek(encode_peek(g.turn, 3, d))        # step 2 missing: out of order
    cable.peer.send_peek(b"\xff\x01")                      # malformed
    cable.step(3)
    assert m.peeks_ignored == ignored + 3 and m.peek_cells == [cell]
    games[0].hold = False                                   # the bot unit ends its turn: the real one wins
    for _ in range(400):
        if g.current == 0 or m.game.is_over():
            break
        cable.step()
    for _ in range(400):
        if not m.heard and not sc.busy():
            break
        cable.step()
    assert m.view(0).opponent in (None, g.state.wizards[1].pos)
    if first.is_step:                                       # its real first step was the previewed one:
        assert m.previewed_shown >= 1                       # shown without the bot's pause


@pytest.mark.parametrize("data", [b"", b"\x00", b"\x00\x00\x00\x00", b"\x01\x00\x00", b"\x01\x06\x00",
                                  b"\x01\x01\x08", "abc", None])
def test_decode_peek_refuses_what_is_not_a_step(data):
    assert decode_peek(data) is None


def test_peek_round_trip_and_where_it_leads():
    """encode(turn 300, step 2, SE=5) = 300 & 0xFF = 44, 2, 5. On the 13x13 test level a wizard
    at (1,3) = 40 stepping E (1) reaches (2,3) = 41, N (0) reaches (1,2) = 27 (row 2 '#.###.#...'),
    S (2) is rock (1,4) (row 4 '###.#####.###'): None, W (3) is rock (0,3): None."""
    assert encode_peek(300, 2, 5) == bytes((44, 2, 5)) and decode_peek(bytes((44, 2, 5))) == (44, 2, 5)
    from test_duel_screen import LEVEL, ME, N

    from game.modes.duel import DuelOptions
    from game.modes.duel.layout import Layout
    from game.modes.duel.setup import custom_state
    st = custom_state(Layout.from_ascii(LEVEL), (ME, 11 * N + 11), options=DuelOptions(level_size=N))
    assert peek_cell(st, 0, ME, 1) == 3 * N + 2 and peek_cell(st, 0, ME, 0) == 2 * N + 1
    assert peek_cell(st, 0, ME, 2) is None and peek_cell(st, 0, ME, 3) is None
    with pytest.raises(ValueError):
        encode_peek(1, 6, 0)
