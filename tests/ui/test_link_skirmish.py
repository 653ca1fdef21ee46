"""Skirmish over the link from the menus: this unit hosts (setup with "this unit" / "other unit"
seats, its own army, the link), a bot unit joins over a memory cable; the local person's actions
come from the battle screen's control (buttons for the first, the control's submit after that)
and reach the other unit through the lockstep; both end with the same state; the results offer
the next battle."""

from __future__ import annotations

import time

import pytest
from test_link_duel import Cable
from ui_harness import B, answer, menu_pick, press, stack

from game.link.modes import guest_spec, host_spec
from game.link.remote import RemoteDriver
from game.link.ruleset_holder import RulesetHolder
from game.link.run import spec_session

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


def bot_guest(app, tmp_path):
    """A `tactibox link --join --seat bot:easy` unit holding the app's ruleset."""
    spec = guest_spec(RulesetHolder(app.content.ruleset(), tmp_path / "bot-rulesets"), level="easy")
    return lambda link: spec_session(link, role="guest", spec=spec, unit_name="Bot unit", app_version="bot-1")


def test_linked_skirmish_from_the_menus(make_app, monkeypatch, artifacts, tmp_path):
    from game.modes.skirmish.bot import SkirmishBot
    app = make_app((480, 320))
    app.content.ruleset()
    cable = Cable(app, monkeypatch, bot_guest(app, tmp_path))
    app.open("link_setup", role="host", mode="skirmish")
    menu_pick(app, "Connect")
    setup = app.top
    assert setup.scene_name == "skirmish_link_setup"
    assert setup.seats[:2] == ["human", "remote"]
    press(app, B.DOWN, B.DOWN, B.DOWN)              # from the Fight line: Map, ..., Army size
    for _ in range(7):
        press(app, B.LEFT)
    press(app, B.DOWN, B.RIGHT)                     # Turn limit 10
    app.screenshot(artifacts / "link_skirmish_setup_480x320.png")
    press(app, B.START)
    assert stack(app)[-1] == "skirmish_formation"
    press(app, B.START)
    assert stack(app)[-1] == "link_wait"
    for _ in range(300):
        if stack(app)[-1] == "skirmish_link_battle":
            break
        cable.step()
    battle = app.top
    assert battle.scene_name == "skirmish_link_battle", stack(app)
    remote = {s for s, d in battle.match.drivers.items() if isinstance(d, RemoteDriver)}
    assert remote and set(battle.match.drivers) - remote           # seats on both units
    bot = SkirmishBot("hard")
    by_buttons = False
    for _ in range(20000):
        if stack(app)[-1] != "skirmish_link_battle":
            break
        ok = (battle.control.my_turn() and not battle.anim.busy and battle.human.pending is None
              and not battle.feed and battle.game.phase == "select")
        if ok and not by_buttons:
            by_buttons = True
            press(app, B.L)                         # select one of your pieces
            pid, turn = battle.control.selected, battle.game.turn
            assert pid >= 0
            press(app, B.X)                         # skip its move: stay there (previewed) ...
            assert battle.control.pending == battle.game.pieces[pid].cell
            press(app, B.X)                         # ... and skip the attack: Stay + SkipAttack
            if stack(app)[-1] == "confirm":         # an enemy was in reach
                answer(app, "Yes")
            for _ in range(200):
                if battle.game.turn != turn or not battle.game.can_act(battle.game.pieces[pid]):
                    break
                app.run_frames(1)
            g = battle.game
            assert g.turn != turn or not g.can_act(g.pieces[pid])          # applied through the link
        elif ok or (battle.control.my_turn() and not battle.anim.busy and battle.human.pending is None
                    and not battle.feed):
            battle.submit([bot.choose(battle.game)])
        if not battle.control.my_turn():
            assert battle.game.current not in remote or battle.control.selected == -1   # nothing of yours chosen then
        cable.step()
        if battle.anim.busy:
            time.sleep(0)
    assert stack(app)[-1] == "skirmish_link_results", stack(app)
    res = app.top
    for _ in range(60):
        cable.step()
    assert res.run.session.game.game.state_hash() == cable.peer.game.game.state_hash()
    assert res.run.session.state == "finished"
    # the linked battle is kept like any other: a replay that verifies, and a stats record
    from skirmish_play import verify_battle

    from game.core.replay import parse_replay
    saved = [r for r in app.replays.list() if r.ok and r.mode == "skirmish"]
    assert saved, "the linked battle's replay was not saved"
    _, doc = app.replays.load(saved[0].name)
    check = verify_battle(parse_replay(doc), res.run.session.game.game.rs)
    assert check.ok and check.state_hash == res.run.session.game.game.state_hash(), check.problems
    assert app.stats.recent_games(1)
    app.screenshot(artifacts / "link_skirmish_results_480x320.png")
    press(app, B.Y)                                 # the host starts the next battle on both units
    for _ in range(120):
        if stack(app)[-1] == "skirmish_link_battle":
            break
        cable.step()
    assert stack(app)[-1] == "skirmish_link_battle" and cable.peer.game_no == 2
    app.goto_menu()
    assert res.run.closed


def test_joining_unit_receives_the_hosts_ruleset_and_plays_its_seat(make_app, monkeypatch, artifacts, tmp_path):
    import shutil
    from pathlib import Path

    from game.modes.skirmish.bot import SkirmishBot
    from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, encode_setup
    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import Participant
    from game.rules.skirmish.loader import load_ruleset
    # the guest installs only a ruleset that passes validation and the playability check: mini
    # with armies of at most 3 (its 17-cell duel map cannot hold two armies of 9)
    folder = shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini", tmp_path / "mini")
    text = (folder / "ruleset.toml").read_text()
    (folder / "ruleset.toml").write_text(text.replace("[rules]\n", "[rules]\narmy_limit = 3\n", 1))
    mini, problems = load_ruleset(folder)
    assert mini is not None, problems
    setup = encode_setup(mini, mini.maps[0].id, Options(pieces_per_turn=0, army_limit=2, turn_limit=10),
                         [LinkedSeat(HOST, Participant("", "bot:easy")), LinkedSeat(GUEST, Participant("Guest", "human"))])

    spec = host_spec("skirmish", setup=setup, holder=RulesetHolder(mini, tmp_path / "host-rulesets"), level="easy")

    def host(link):
        return spec_session(link, role="host", spec=spec, unit_name="Mini host", app_version="bot-1", seed=12)
    app = make_app((480, 320))
    app.content.ruleset()
    cable = Cable(app, monkeypatch, host)
    app.open("link_setup", role="guest")
    menu_pick(app, "Connect")
    wait = app.top
    assert wait.scene_name == "link_wait"
    seen = []
    for _ in range(600):
        if stack(app)[-1] == "skirmish_link_battle":
            break
        p = wait.run.session.progress
        if p is not None and p.what == "ruleset":
            seen.append(p.fraction)
            if len(seen) == 3:
                app.run_frames(1)
                app.screenshot(artifacts / "link_wait_transfer_480x320.png")
        cable.step()
    battle = app.top
    assert battle.scene_name == "skirmish_link_battle", stack(app)
    assert len(set(seen)) >= 3 and seen == sorted(seen)          # the bar moved forward
    assert battle.game.rs.content_hash == mini.content_hash          # playing the host's ruleset
    assert (app.data.rulesets / "link-received" / "ruleset.toml").exists()
    bot = SkirmishBot("normal")
    for _ in range(20000):
        if stack(app)[-1] != "skirmish_link_battle":
            break
        if battle.control.my_turn() and not battle.anim.busy and battle.human.pending is None and not battle.feed:
            battle.submit([bot.choose(battle.game)])
        cable.step()
    assert stack(app)[-1] == "skirmish_link_results"
    for _ in range(60):
        cable.step()
    assert app.top.run.session.game.game.state_hash() == cable.peer.game.game.state_hash()


def test_a_joining_person_offers_the_army_remembered_for_their_name(make_app):
    from game.link.modes import guest_spec
    from game.modes.skirmish.hooks import LINK
    from game.ui.scenes.link.setup import guest_sides, ruleset_holder
    app = make_app((480, 320))
    rs = app.content.ruleset()
    name = app.player_name(0)
    army = tuple([p.id for p in rs.pieces if not p.bot_only][:3] + [""] * 6)
    app.update_settings(default_armies={name: army})
    sides = guest_sides(app)
    assert sides["skirmish"].army[:3] == army[:3] and sides["skirmish"].name == name
    spec = guest_spec(ruleset_holder(app), sides=sides)
    assert spec.content["offer:skirmish"] == LINK.guest_offer(rs, sides["skirmish"])
