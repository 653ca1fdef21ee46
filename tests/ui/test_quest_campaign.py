"""The Hex quest campaign from the main menu, by logical buttons: the hub, the campaign map (graph,
won/open/locked colours), a campaign level won from its stored solution, progress kept on disk and
across a restart, the replay policy, locked levels refused, the shop, broken files."""

import dataclasses
import json

import pygame
import pytest
from ui_harness import B, menu_open, press, stack

from game.core.replay import load_replay
from game.modes.quest.campaign import Progress
from game.modes.quest.catalog import load_level, solution_path
from game.modes.quest.textformat import parse_item
from game.store.quest_progress import QuestStore
from game.ui.modes.quest import campaign_map as CM
from game.ui.modes.quest import flow
from game.ui.modes.quest.shop import RARITY_COLOURS


def to_hub(app):
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Hex quest")
    assert stack(app)[1] == "quest_hub", stack(app)
    return app.stack[1]


def on_campaign_map(make_app, monkeypatch, campaign):
    """A new app brought to the campaign map, `campaign` standing in for the shipped one."""
    monkeypatch.setattr(flow, "_campaign", lambda: (campaign, ()))
    app = make_app()
    to_hub(app)
    choose(app, "Campaign map")
    return app


def choose(app, label):
    """Move a list (hub, dialog) to the line `label` with DOWN and press A."""
    menu = app.top.menu
    for _ in range(len(menu.items) + 1):
        if menu.current.label == label:
            press(app, B.A)
            return
        press(app, B.DOWN)
    raise AssertionError(f"no line {label!r} in {[it.label for it in menu.items]}")


def play_from_map(app):
    """A on the map's node; the first campaign level's how-to (over the board): A plays."""
    press(app, B.A)
    if stack(app)[-1] == "howto":
        press(app, B.A)


def leave_level(app):
    """The pause menu's "Leave the level", then Yes to its question (the level stays saved)."""
    choose(app, "Leave the level")
    assert stack(app)[-1] == "confirm", stack(app)
    choose(app, "Yes")


def camp():
    return flow.campaign()


def seed_progress(data_root, **carry):
    """A progress file written before the app starts (what an earlier session left)."""
    st = QuestStore(data_root / "quest")
    st.load()
    st.progress.carry.update(carry)
    st.save()
    return st


def win_first_level(app, hub):
    choose(app, "Campaign map")
    m = app.top
    assert stack(app)[-1] == "quest_map" and m.sel == camp().start()
    press(app, B.A)
    if stack(app)[-1] == "howto":                # the first campaign level: the how-to, A plays
        press(app, B.A)
    sc = app.top
    assert stack(app)[-1] == "quest_board" and sc.level_id == camp().start() and sc.run.in_campaign
    assert sc.session.carry == hub.store.progress.start_carry(camp())
    for a in load_replay(solution_path(sc.level_id)).actions:
        sc.act(a)                                # the scene's own action path (A, d-pad)
    assert sc.game.status == "won"
    return m, sc


def node_pixels(surf, m, lid, colour):
    x, y = m.centres[lid]
    r = m.radius
    return sum(1 for dx in range(-r, r + 1) for dy in range(-r, r + 1)
               if dx * dx + dy * dy <= r * r and surf.get_at((x + dx, y + dy))[:3] == colour)


def test_hub_from_the_main_menu(make_app):
    app = make_app()
    hub = to_hub(app)
    imports = ["Imported levels"] if flow.imports_available(app) else []
    assert hub.labels() == ["Continue", "Campaign map", "Square puzzles", *imports, "Back"]
    assert hub.menu.current.label == "Campaign map"           # nothing to continue yet
    assert not hub.menu.items[0].is_enabled()
    if imports:                                              # the dropin engineer's screen opens
        choose(app, "Imported levels")
        assert stack(app)[-1] == "quest_imports"
        press(app, B.B)
        assert stack(app)[-1] == "quest_hub"
        choose(app, "Campaign map")
        press(app, B.B)
    press(app, B.UP)                                         # Continue is skipped, the list wraps
    assert hub.menu.current.label == "Back"
    press(app, B.A)
    assert stack(app) == ["menu"]


def test_imported_levels_line_only_when_the_scene_is_registered(make_app):
    from game.ui.registry import register_ui, ui_of
    entry = ui_of("quest")
    without = {k: v for k, v in entry.scenes.items() if k != flow.IMPORTS_SCENE}
    try:
        register_ui(dataclasses.replace(entry, scenes=without), replace=True)
        app = make_app()
        assert "Imported levels" not in to_hub(app).labels()
        register_ui(dataclasses.replace(entry, scenes={**without, flow.IMPORTS_SCENE: "x:Y"}), replace=True)
        app.back()
        menu_open(app, "Hex quest")
        assert app.top.labels() == ["Continue", "Campaign map", "Square puzzles", "Imported levels", "Back"]
    finally:
        register_ui(entry, replace=True)


def test_campaign_level_won_opens_the_next_levels_on_the_map_and_on_disk(make_app, tmp_path, artifacts):
    app = make_app()
    hub = to_hub(app)
    m, sc = win_first_level(app, hub)
    assert sc.session.carry == Progress().start_carry(camp())      # a fresh campaign's carry
    moves, pushes = sc.game.moves, sc.game.pushes
    start, nxt = camp().start(), camp().next[camp().start()]
    assert stack(app)[-1] == "choice"
    labels = app.top.labels
    assert labels[0] == "New best!" and any(lab.startswith("Opens ") for lab in labels)
    choose(app, "Back to the map")
    assert stack(app) == ["menu", "quest_hub", "quest_map"]
    assert m.sel == nxt[0] and m.store.just_opened == [x for x in camp().order if x in nxt]
    assert m.state(start) == "won" and all(m.state(x) == "open" for x in nxt)
    assert all(m.state(x) == "locked" for x in camp().order if x != start and x not in nxt)
    # on disk, now
    doc = json.loads((tmp_path / "data" / "quest" / "progress.json").read_text())
    assert set(doc["progress"]["won"]) == {start}
    assert doc["bests"][start] == {"moves": moves, "pushes": pushes}
    assert not (tmp_path / "data" / "quest" / "saves").exists() or not any((tmp_path / "data" / "quest" / "saves").iterdir())
    # the map draws each state in its colour; the newly opened ones get the purple ring
    app.run_frames(2)
    surf = app.surface
    pygame.image.save(surf, str(artifacts / "quest_campaign_map.png"))
    area = 3.14 * m.radius ** 2
    assert node_pixels(surf, m, start, CM.WON) > area * 0.5
    for x in nxt:
        assert node_pixels(surf, m, x, CM.OPEN) > area * 0.4
        cx, cy = m.centres[x]
        assert surf.get_at((cx, cy - m.radius - 2))[:3] in (CM.NEW, pygame.Color("white")[:3])
    locked = [x for x in camp().order if m.state(x) == "locked"]
    assert locked and all(node_pixels(surf, m, x, CM.LOCKED) > area * 0.4 for x in locked)
    assert all(node_pixels(surf, m, x, CM.OPEN) == 0 for x in locked)
    # a new App on the same data folder: the progress is kept
    app2 = make_app()
    hub2 = to_hub(app2)
    choose(app2, "Campaign map")
    m2 = app2.top
    assert m2.state(start) == "won" and all(m2.state(x) == "open" for x in nxt)
    assert m2.store.bests.data[start]["moves"] == moves
    assert hub2.store.last == {"level": start, "context": "campaign"}


def test_locked_level_is_refused_and_says_why(make_app):
    app = make_app()
    to_hub(app)
    choose(app, "Campaign map")
    m = app.top
    press(app, B.RIGHT)                               # along an edge to a level the start leads to
    assert m.sel in camp().next[camp().start()] and m.state(m.sel) == "locked"
    press(app, B.A)
    assert stack(app)[-1] == "quest_map"
    title = flow.level_title(camp().start())
    assert m.message == f"locked: win {title} first"


def test_replay_policy_no_refuses_a_won_level_delta_allows_it(make_app, tmp_path, monkeypatch):
    st = seed_progress(tmp_path / "data")
    st.progress.won[camp().start()] = {"xp": 0, "coins": 0}
    st.save()
    no = dataclasses.replace(camp(), replay="no")
    app = on_campaign_map(make_app, monkeypatch, no)
    m = app.top
    while m.sel != camp().start():
        press(app, B.LEFT)
    press(app, B.A)
    assert stack(app)[-1] == "quest_map" and "does not allow replays" in m.message
    monkeypatch.setattr(flow, "_campaign", lambda: (dataclasses.replace(no, replay="delta"), ()))
    m.camp = flow.campaign()
    play_from_map(app)
    assert stack(app)[-1] == "quest_board" and app.top.level_id == camp().start()


@pytest.fixture
def shop_camp(monkeypatch):
    """The shipped campaign with a known shop (its own shop may change)."""
    c = dataclasses.replace(camp(), shop=[{"item": parse_item("staff=20+healing=10"), "price": 15},
                                          {"item": parse_item("helmet=30"), "price": 10}])
    monkeypatch.setattr(flow, "_campaign", lambda: (c, ()))
    return c


def test_shop_buys_persists_and_refuses_with_the_reason(make_app, tmp_path, shop_camp):
    offers = shop_camp.shop
    price = 15
    seed_progress(tmp_path / "data", coins=price + 1)
    app = make_app()
    to_hub(app)
    choose(app, "Campaign map")
    m = app.top
    for _ in range(10):                               # one-handed: DOWN past the map's bottom row
        if m.sel == CM.SHOP:
            break
        press(app, B.DOWN)
    assert m.sel == CM.SHOP
    press(app, B.A)
    shop = app.top
    assert stack(app)[-1] == "quest_shop" and shop.heading_right() == f"{price + 1} coins"
    app.run_frames(1)
    # rarity by the slot property's charges: staff 20 -> common (1-20), helmet 30 -> rare (21-40)
    assert app.surface.get_at(shop.swatches[0].center)[:3] == RARITY_COLOURS["common"]
    assert app.surface.get_at(shop.swatches[1].center)[:3] == RARITY_COLOURS["rare"]
    assert shop.notes()[0][0] == "staff 20 (common)  healing 10 (common)"
    assert [it.label for it in shop.menu.items] == ["Staff of Healing", "Helmet", "Done"]
    assert [it.value_text() for it in shop.menu.items[:2]] == ["15 coins", "10 coins"]
    press(app, B.A)                                   # buy the first offer
    carry = shop.store.progress.carry
    assert carry["coins"] == 1 and carry["items"][-1][1] == [list(p) for p in offers[0]["item"][1]]
    assert shop.note[0].startswith("Bought")
    press(app, B.A)                                   # again: one coin left
    assert carry["coins"] == 1 and len(carry["items"]) == 1
    assert shop.note[0].endswith(f"costs {price} coins, you have 1")
    app.run_frames(1)
    disk = QuestStore(tmp_path / "data" / "quest")
    disk.load()
    assert disk.progress.carry["coins"] == 1 and len(disk.progress.carry["items"]) == 1
    press(app, B.B)
    assert stack(app)[-1] == "quest_map"


def test_corrupt_progress_file_is_reported_and_the_game_goes_on(make_app, tmp_path):
    root = tmp_path / "data" / "quest"
    root.mkdir(parents=True)
    (root / "progress.json").write_text('{"format": "tactibox-quest-progress", "version": 1, "progr')
    app = make_app()
    to_hub(app)
    assert stack(app) == ["menu", "quest_hub", "message"]
    text = " ".join(app.top.lines)
    assert str(root / "progress.json") in text and "corrupt-1" in text and "cut short" in text
    press(app, B.A)
    choose(app, "Campaign map")
    assert app.top.state(camp().start()) == "open"
    assert (root / "progress.json.corrupt-1").exists()


SQUARE_KEYS = {0: B.UP, 1: B.RIGHT, 2: B.DOWN, 3: B.LEFT}


def test_leaving_saves_the_level_and_continue_resumes_it(make_app):
    app = make_app()
    to_hub(app)
    choose(app, "Square puzzles")
    lst = app.top
    lid = lst.ids[0]
    press(app, B.A)
    sc = app.top
    acts = load_replay(solution_path(lid)).actions
    for a in acts[:2]:
        press(app, SQUARE_KEYS[a[1]])
    press(app, B.START)
    leave_level(app)
    assert stack(app)[-1] == "quest_levels" and lst.status(lid) == "saved"
    press(app, B.B)
    hub = app.top
    assert hub.menu.current.label == "Continue" and hub.menu.current.is_enabled()
    press(app, B.A)
    sc = app.top
    assert stack(app) == ["menu", "quest_hub", "quest_levels", "quest_board"]     # over its list
    assert sc.level_id == lid and sc.session.pos == 2 and sc.message == "resumed at move 2"
    for a in acts[2:]:
        press(app, SQUARE_KEYS[a[1]])
    assert sc.game.status == "won" and stack(app)[-1] == "choice"
    assert app.top.labels[1:] == ["Next level", "Back to the list", "Play again (beat your best)", "Look at the board"]
    choose(app, "Back to the list")
    lst = app.top
    assert stack(app)[-1] == "quest_levels" and lst.status(lid).startswith("best ")
    assert not lst.store.has_session(lid)


def test_death_offers_undo_and_restart(make_app, tmp_path):
    lv = tmp_path / "trap.quest"
    lv.write_text("title: Trap\nhp: 5\ngrid: square\nmap:\n########\n#^@-$-.#\n########\nend\n")
    app = make_app()
    to_hub(app)
    app.open("quest_board", level=str(lv), context="free")
    sc = app.top
    press(app, B.RIGHT)
    press(app, B.LEFT, B.LEFT)                        # back, then into the trap
    assert sc.game.status == "lost" and stack(app)[-1] == "choice"
    assert app.top.labels == ["Undo the last step", "Restart the level", "Leave the level"]
    press(app, B.A)
    assert sc.game.status == "play" and sc.session.pos == 2
    press(app, B.LEFT)
    choose(app, "Restart the level")
    assert sc.session.pos == 0 and sc.game.status == "play" and sc.session.can_redo()


def test_a_save_for_a_changed_level_restarts_it_with_a_message(make_app, tmp_path):
    app = make_app()
    to_hub(app)
    choose(app, "Square puzzles")
    lid = app.top.ids[0]
    st = flow.quest_store(app)
    st.saves.mkdir(parents=True, exist_ok=True)
    st.save_path(lid).write_text(json.dumps({
        "format": "tactibox-quest-save", "version": 1, "context": "free",
        "session": {"level": lid, "level_hash": "0" * 64, "actions": [[0, 1]], "pos": 1, "carry": None}}))
    press(app, B.A)
    sc = app.top
    assert sc.session.pos == 0 and "another version of level" in sc.message and "starts over" in sc.message


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_map_and_shop_fit_small_and_large_screens(make_app, size, artifacts):
    app = make_app(size=size)
    to_hub(app)
    choose(app, "Campaign map")
    m = app.top
    app.run_frames(1)
    w, h = size
    for lid, (x, y) in m.centres.items():
        assert m.radius <= x < w - m.radius and 0 < y - m.radius and y + m.radius < h, lid
    assert m.shop_rect.right <= w and m.shop_rect.bottom <= h
    pygame.image.save(app.surface, str(artifacts / f"quest_map_{w}x{h}.png"))


@pytest.mark.parametrize("refill", [True, False])
def test_hp_refill_decides_the_health_a_campaign_level_starts_with(make_app, tmp_path, monkeypatch, refill):
    seed_progress(tmp_path / "data", hp=40)
    c = dataclasses.replace(camp(), hp_refill=refill)
    app = on_campaign_map(make_app, monkeypatch, c)
    play_from_map(app)
    pl = app.top.game.player
    assert pl["hp"] == (pl["max_hp"] if refill else 40) and pl["max_hp"] > 40


def test_a_win_counts_once_per_run(make_app):
    app = make_app()
    hub = to_hub(app)
    m, sc = win_first_level(app, hub)
    after_win = hub.store.progress.to_dict()
    choose(app, "Look at the board")
    last = sc.session.actions[-1]
    press(app, B.B)                                   # undo the winning step ...
    assert sc.game.status == "play"
    sc.act(last)                                      # ... and win again
    assert stack(app)[-1] == "choice" and "already counted in the campaign" in app.top.labels
    assert hub.store.progress.to_dict() == after_win
    choose(app, "Look at the board")
    press(app, B.B, B.X)                              # undo, redo into the win: the box again
    assert stack(app)[-1] == "choice" and "already counted in the campaign" in app.top.labels
    assert hub.store.progress.to_dict() == after_win


def test_campaign_save_is_replayed_under_a_changed_carry(make_app, tmp_path, shop_camp):
    price = shop_camp.shop[0]["price"]
    seed_progress(tmp_path / "data", coins=price)
    app = make_app()
    hub = to_hub(app)
    m, sc = win_first_level(app, hub)
    choose(app, "Back to the map")
    lid = m.sel
    press(app, B.A)                                   # the first level the win opened
    sc = app.top
    acts = load_replay(solution_path(lid)).actions
    sc.act(acts[0])
    press(app, B.START)
    leave_level(app)
    assert stack(app)[-1] == "quest_map" and hub.store.has_session(lid)
    press(app, B.B)                                   # to the hub: Continue resumes it over the map
    assert hub.menu.current.label == "Continue"
    press(app, B.A)
    assert stack(app) == ["menu", "quest_hub", "quest_map", "quest_board"]
    assert app.top.message == "resumed at move 1" and app.top.session.pos == 1
    press(app, B.START)
    leave_level(app)
    press(app, B.X)                                   # the shop shortcut: buy, so the carry changes
    press(app, B.A)
    left = load_replay(solution_path(camp().start())).result["coins"]     # what the first level paid
    assert hub.store.progress.carry["coins"] == left
    press(app, B.B)
    assert stack(app)[-1] == "quest_map" and app.top.sel == lid
    press(app, B.A)
    sc = app.top
    assert sc.session.pos == 1 and sc.message == "your carry changed since this game was saved; replayed all 1 moves with it"
    assert sc.session.carry["coins"] == left and len(sc.game.player["items"]) == 1


def test_next_level_after_a_square_puzzle(make_app):
    app = make_app()
    to_hub(app)
    choose(app, "Square puzzles")
    ids = app.top.ids
    press(app, B.A)
    sc = app.top
    for a in load_replay(solution_path(ids[0])).actions:
        press(app, SQUARE_KEYS[a[1]])
    choose(app, "Next level")
    assert app.top is sc and sc.level_id == ids[1] and sc.session.pos == 0
    assert sc.bests.data[ids[0]]["moves"] == len(load_replay(solution_path(ids[0])).actions)
    press(app, B.B)                                   # nothing to undo: the pause box
    leave_level(app)
    assert stack(app)[-1] == "quest_levels" and not flow.quest_store(app).has_session(ids[1])   # untouched: no save


def test_a_campaign_level_that_cannot_be_read_is_not_opened(make_app, monkeypatch):
    c = camp()
    broken = dataclasses.replace(c, order=["hex/no_such_level"] + c.order,
                                 next={**c.next, "hex/no_such_level": [c.start()]})
    app = on_campaign_map(make_app, monkeypatch, broken)
    m = app.top
    assert m.sel == "hex/no_such_level"
    press(app, B.A)
    assert stack(app)[-1] == "quest_map"
    assert app._toast and "hex/no_such_level" in app._toast[0]


def test_every_move_is_saved_so_a_power_cut_loses_nothing(make_app, tmp_path):
    app = make_app()
    to_hub(app)
    choose(app, "Square puzzles")
    lid = app.top.ids[0]
    press(app, B.A)
    acts = load_replay(solution_path(lid)).actions
    for a in acts[:3]:
        press(app, SQUARE_KEYS[a[1]])
    # the App is never closed (power cut): a fresh store on the same folder finds all three moves
    st = QuestStore(tmp_path / "data" / "quest")
    st.load()
    got, ctx, msg = st.load_session(lid, load_level(lid)[0])
    assert msg == "" and ctx == "free" and got.pos == 3 and got.actions == [list(a) for a in acts[:3]]
    assert st.last == {"level": lid, "context": "free"}


def test_a_campaign_level_is_played_with_the_campaign_gravity_default(make_app, monkeypatch):
    """Decision 26: the campaign's `gravity` reaches levels that do not set it when they are played
    from the map (not only in the engine's loader); free play keeps the shipped level."""
    start = camp().start()
    assert not load_level(start)[0].gravity_set       # the first level has no gravity line
    c = dataclasses.replace(camp(), gravity="S")
    app = on_campaign_map(make_app, monkeypatch, c)
    play_from_map(app)
    lv = app.top.game.level
    assert app.top.level_id == start and lv.gravity == lv.grid.dir_names.index("S")
