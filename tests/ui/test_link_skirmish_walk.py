"""Issue 23's defect: on a linked unit a walk the person previewed hopped along its path a second
time once the link applied it (`hop=False` was lost between the screen and the link). The linked
battle is a Match like any other, so the screen hears the walk from the Match and knows it was
the one it previewed: the piece moves once."""

from __future__ import annotations

import pytest
from test_link_duel import Cable
from test_link_skirmish import bot_guest
from ui_harness import B, answer, cursor_to, press, stack

from game.link.modes import host_spec
from game.link.ruleset_holder import RulesetHolder
from game.modes.skirmish import actions as A
from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, encode_setup
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui.scenes.link.setup import open_run

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


def _linked_battle(app, monkeypatch, tmp_path):
    rs = app.content.ruleset()
    cable = Cable(app, monkeypatch, bot_guest(app, tmp_path))
    seats = [LinkedSeat(HOST, Participant("You", "human")), LinkedSeat(GUEST, Participant("", "bot:easy"))]
    setup = encode_setup(rs, "01_meadow", Options(turn_limit=30), seats)
    spec = host_spec("skirmish", setup=setup, holder=RulesetHolder(rs, app.data.rulesets))
    open_run(app, port="/dev/ttyUSB0", role="host", baud=115200, spec=spec)
    for _ in range(400):
        if stack(app)[-1] == "skirmish_link_battle":
            break
        cable.step()
    assert stack(app)[-1] == "skirmish_link_battle", stack(app)
    return cable, app.top


def _hops(sc, pid) -> list:
    return [a for a in sc.anim.queue if a.kind == "hop" and a.piece == pid]


def test_a_previewed_walk_on_a_linked_unit_moves_the_piece_once(make_app, monkeypatch, tmp_path):
    app = make_app((480, 320))
    app.content.ruleset()
    cable, sc = _linked_battle(app, monkeypatch, tmp_path)
    match = sc.match
    for _ in range(3000):
        g = sc.game
        if sc.control.my_turn() and g.phase == "select" and not sc.anim.busy and sc.time >= sc.banner_until:
            break
        cable.step()
    g = sc.game
    assert sc.control.my_turn() and sc._mine(g.current), "the person's turn never came"
    press(app, B.L)                              # select one of your pieces
    pid = sc.control.selected
    p = g.pieces[pid]
    start = p.cell
    dest = max(g.reach(p).cells(), key=lambda c: g.grid.distance(c, start))
    assert dest != start
    cursor_to(app, dest)
    press(app, B.A)                              # the walk, previewed where it ends
    assert sc.control.pending == dest and g.pieces[pid].cell == start
    walks_before = sum(1 for a in match.replay.actions if a[:2] == [0, pid])
    press(app, B.X)                              # and no attack: the walk is committed (hop=False)
    if stack(app)[-1] == "confirm":
        answer(app, "Yes")
    drawn = []
    for _ in range(200):                         # the link applies it on a later poll
        drawn.append(sc.anim.hop_position(pid, sc.board.geom))
        assert not _hops(sc, pid), "the previewed walk hopped again"
        if sc.game.pieces[pid].cell == dest and not sc.feed:
            break
        cable.step()
    assert sc.game.pieces[pid].cell == dest                      # applied, through the link
    walks = [a for a in match.replay.actions if a[:2] == [0, pid]]
    assert len(walks) == walks_before + 1 and walks[-1] == A.encode_action(A.Walk(pid, dest))
    assert set(drawn) == {None}                                  # drawn where it ends, never along the path
    peer = cable.peer.game.match
    for _ in range(100):
        if len(peer.replay.actions) >= len(match.replay.actions):
            break
        cable.step()
    assert peer.replay.actions[:len(match.replay.actions)] == match.replay.actions   # the other unit has it too
    # a walk nobody previewed (the other unit's) does hop: the check above could see a hop
    sc.submit([A.EndTurn()])
    remote_hops = []
    for _ in range(3000):
        remote_hops += [a for a in sc.anim.queue if a.kind == "hop" and not sc._mine(sc.game.pieces[a.piece].seat)]
        if remote_hops:
            break
        cable.step()
    assert remote_hops
