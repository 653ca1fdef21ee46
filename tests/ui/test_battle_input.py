"""Input as the tcod tutorial does it (issue 23, item 3): the cursor control RETURNS the actions
(a walk and its attack together), the play screen submits them in one place to the person's
HumanDriver, which hands them to the Match one by one - at once on one device, on the link's
polls over a cable. Sub-steps are a stack (control) or pushed scenes (curtain, book), and play,
replay and attract are three screens over one board view."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from ui_harness import B, cursor_to, press, run_until, settle, stack

from game.match import BotDriver, Match
from game.modes.base import ActionError
from game.modes.skirmish import actions as A
from game.modes.skirmish.bot import SkirmishBot
from game.modes.skirmish.match import new_header
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui.human import HumanDriver, offer_and_step
from game.ui.modes.skirmish.control import HumanControl
from game.ui.modes.skirmish.session import battle_match
from game.ui.modes.skirmish.steps import Attacking, Browse, PieceChosen, WalkPreview

SKIRMISH_UI = Path(__file__).resolve().parents[2] / "game" / "ui" / "modes" / "skirmish"


def _ruleset():
    from game.rules.skirmish import catalog
    rs, problems = catalog.find_ruleset("default")
    assert rs is not None, problems
    return rs


def _walk_with_target(g):
    """(piece, cell, target) for the seat to act: a walk after which an enemy is in reach."""
    for p in g.movable_pieces():
        for c in sorted(g.reach(p).cells()):
            ts = g.targets_from(p, c)
            if ts and c != p.cell:
                return p, c, ts[0]
    return None


def _duel_until_contact(rs, seed=5):
    """A human (seat of the first participant) against a bot; the human ends turns until one of
    their pieces can walk to an enemy and attack it (the bot walks towards them meanwhile)."""
    parts = [Participant("You", "human"), Participant("", "bot:hard")]
    human = HumanDriver()
    m = Match.start("skirmish", rs, new_header(rs, rs.map("01_meadow"), parts, seed, Options()), record=False)
    you = next(s for s, p in m.players.items() if not p.is_bot)
    m.drivers = {s: (human if s == you else BotDriver(SkirmishBot("hard"))) for s in m.players}
    for _ in range(400):
        g = m.game
        if m.to_act() == you:
            found = _walk_with_target(g)
            if found:
                return m, human, found
            offer_and_step(m, human, A.EndTurn())
        else:
            m.step()
    raise AssertionError("no contact")


# --- the HumanDriver's queue ----------------------------------------------------------------------
def test_a_walk_and_its_attack_go_together_through_one_offer():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    heard = []
    m.listen(lambda match, applied: heard.append(applied.action))
    events = offer_and_step(m, human, A.Walk(p.id, cell), A.Attack(target.id))
    assert heard == [A.Walk(p.id, cell), A.Attack(target.id)]
    assert [e.kind for e in events][:1] == ["walk"] and any(e.kind == "attack" for e in events)
    assert human.queue == [] and m.game.phase == "select"


def test_only_the_first_is_checked_at_once_and_a_refused_one_drops_the_rest():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    with pytest.raises(ActionError):
        human.offer(m, A.Attack(target.id), A.EndTurn())       # no piece is attacking yet
    assert human.queue == []
    offer_and_step(m, human, A.Walk(p.id, cell), A.SkipAttack(), A.SkipAttack())
    assert human.queue == [] and "attack phase" in human.refusal      # the second skip had nothing to skip
    assert any("attack phase" in n for n in m.take_notices())


def test_a_queue_offered_for_an_ended_turn_is_never_played_later():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    you, turn = m.to_act(), m.game.turn
    human.offer(m, A.EndTurn(), A.SkipAttack())
    m.step()                                                    # the end of the turn
    assert m.game.turn != turn and human.queue == [A.SkipAttack()]
    for _ in range(50):                                         # the bot plays; then it is yours again
        if m.to_act() == you:
            break
        m.step()
    assert m.to_act() == you and human.next_action(m, you) is None and human.queue == []


class LinkLike:
    """A conductor as the link is one: each poll takes one action from this unit's driver."""

    def __init__(self) -> None:
        self.polls = 0

    def poll(self, match) -> None:
        self.polls += 1
        seat = match.to_act()
        action = match.drivers[seat].next_action(match, seat)
        if action is not None:
            match.apply(action)


def test_over_a_link_the_queue_goes_one_action_per_poll():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    m.conductor = LinkLike()
    assert offer_and_step(m, human, A.Walk(p.id, cell), A.Attack(target.id)) is None
    assert m.conductor.polls == 1 and human.queue == [A.Attack(target.id)] and m.game.phase == "attack"
    m.step()
    assert human.queue == [] and m.game.phase == "select"


# --- the control returns actions, a stack of steps ----------------------------------------------
def test_the_control_returns_a_walk_and_its_attack_and_never_submits():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    g = m.game
    asked = []
    ctl = HumanControl(g, lambda seat: m.driver(seat) is human, ask=lambda q, acts, *a: asked.append((q, acts)))
    ctl.turn_began()
    assert isinstance(ctl.steps[0], Browse) and isinstance(ctl.top, PieceChosen)    # a piece chosen for you
    ctl.choose(p)
    ctl.cursor.put(cell)
    assert ctl.confirm() == [] and isinstance(ctl.top, WalkPreview) and ctl.pending == cell
    assert g.pieces[p.id].cell == p.cell                              # only previewed
    ctl.back()
    assert isinstance(ctl.top, PieceChosen) and ctl.hint == "walk taken back" and ctl.cursor.cell == p.cell
    ctl.cursor.put(cell)
    ctl.confirm()
    assert ctl.skip() == [] and asked and asked[-1][1] == [A.Walk(p.id, cell), A.SkipAttack()]
    ctl.cursor.put(target.cell)
    assert ctl.confirm() == [A.Walk(p.id, cell), A.Attack(target.id)]


def test_a_walk_with_nobody_in_reach_is_sent_alone():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    g = m.game
    ctl = HumanControl(g, lambda seat: m.driver(seat) is human)
    lonely = next((c for c in g.reach(p).cells() if not g.targets_from(p, c)), None)
    if lonely is None:
        pytest.skip("every cell of this reach has an enemy in range")
    ctl.choose(p)
    ctl.cursor.put(lonely)
    ctl.confirm()
    assert ctl.confirm() == [A.Walk(p.id, lonely)]            # the engine ends the move by itself


def test_a_game_restored_between_a_walk_and_its_attack_waits_for_the_attack():
    m, human, (p, cell, target) = _duel_until_contact(_ruleset())
    m.apply(A.Walk(p.id, cell))                                      # e.g. saved right after the walk
    ctl = HumanControl(m.game, lambda seat: m.driver(seat) is human)
    ctl.turn_began()
    assert isinstance(ctl.top, Attacking) and ctl.selected == p.id
    ctl.back()
    assert isinstance(ctl.top, Attacking) and "skip" in ctl.hint       # B cannot take back what was sent
    ctl.cursor.put(target.cell)
    assert ctl.confirm() == [A.Attack(target.id)]


# --- the screens ----------------------------------------------------------------------------------
def test_the_screen_submits_in_one_place(make_app, monkeypatch):
    app = make_app((480, 320))
    rs = app.content.ruleset()
    parts = [Participant("You", "human"), Participant("", "bot:hard")]
    app.replace("skirmish_battle", match=battle_match(app, rs, rs.map("01_meadow"), parts, 5, Options()))
    sc = app.top
    offers = []
    real = HumanDriver.offer
    monkeypatch.setattr(HumanDriver, "offer", lambda self, m, *acts: (offers.append(acts), real(self, m, *acts))[1])
    for _ in range(40):
        run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy and sc.time > sc.banner_until, 4000,
                  "the human's turn")
        settle(app)
        found = _walk_with_target(sc.game)
        if found:
            break
        press(app, B.Y)
        press(app, B.DOWN) if app.top.menu.current.label != "Yes" else None
        press(app, B.A)
    else:
        pytest.skip("no contact")
    p, cell, target = found
    sc.control.choose(p)
    cursor_to(app, cell)
    press(app, B.A)
    cursor_to(app, target.cell)
    offers.clear()
    press(app, B.A)
    assert offers == [(A.Walk(p.id, cell), A.Attack(target.id))]      # one submit, both actions
    assert sc.match.replay.actions[-2:] == [sc.game.encode_action(A.Walk(p.id, cell)),
                                            sc.game.encode_action(A.Attack(target.id))]


def test_the_book_is_an_overlay_scene_over_the_waiting_board(make_app):
    app = make_app((480, 320))
    rs = app.content.ruleset()
    parts = [Participant("You", "human"), Participant("", "bot:hard")]
    app.replace("skirmish_battle", match=battle_match(app, rs, rs.map("01_meadow"), parts, 5, Options()))
    sc = app.top
    press(app, B.SELECT)
    assert stack(app)[-2:] == ["skirmish_battle", "skirmish_book"] and app.top.overlay
    t = sc.time
    app.run_frames(5)
    assert sc.time == t                                               # the battle waits under the book
    press(app, B.SELECT)
    assert app.top is sc


def test_no_screen_asks_which_screen_it_is():
    """The play / replay / attract split left no `mode` switch behind, and no scene submits
    from inside the control."""
    for f in SKIRMISH_UI.glob("*.py"):
        text = f.read_text()
        assert not re.search(r"self\.mode\s*[=!]=", text), f.name
    control = (SKIRMISH_UI / "control.py").read_text() + (SKIRMISH_UI / "steps.py").read_text()
    assert "submit(" not in control and "offer(" not in control
