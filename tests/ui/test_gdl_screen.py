"""The Xconq module screens, by logical buttons only: the picker lists Tactibox's own module and
the data folder's, a game of Outpost with the cursor, picking, odds and attacks, bots to the
end, hot-seat curtain, and an unplayable module refused with its reason."""

import pathlib

import pygame
from ui_harness import B, menu_open, press, run_until, stack

from game.modes.gdl.actions import Attack, Move
from game.ui.modes.gdl.hexmap import side_colour, terrain_colour


def open_picker(app, howto_seen=True):
    if howto_seen:
        app.update_settings(howto_seen=("gdl",))
    press(app, B.A)
    menu_open(app, "Xconq modules")
    assert stack(app)[-1] == "gdl_menu"
    return app.top


def test_picker_lists_own_and_data_folder_modules_and_refuses_unplayable(make_app, tmp_path):
    app = make_app()
    folder = pathlib.Path(app.data.root) / "gdl"
    folder.mkdir()
    (folder / "broken.g").write_text('(game-module "b" (title "Broken one")) (unit-type a) (terrain-type t)')
    sc = open_picker(app)
    labels = [lab for lab, _ in sc.modules]
    assert labels[0] == "Outpost" and "Broken one" in labels
    press(app, B.DOWN)
    press(app, *[B.RIGHT] * labels.index("Broken one"))
    press(app, B.UP, B.A)
    assert stack(app)[-1] == "gdl_menu" and "fewer than two sides" in sc.problem    # no map: generated, but no units


def test_a_game_of_outpost_by_buttons(make_app, tmp_path):
    app = make_app()
    open_picker(app)
    press(app, B.A)                       # Play: Outpost, you against bots
    assert stack(app)[-1] == "gdl_game"
    sc = app.top
    g = sc.game
    app.run_frames(2)
    surf = app.surface
    pygame.image.save(surf, str(tmp_path / "gdl.png"))
    view = sc.view
    plain = terrain_colour("plain")
    seen = {surf.get_at((x, y))[:3] for x in range(view.x, view.right, 3) for y in range(view.y, view.bottom, 3)}
    assert plain in seen and side_colour(1) in seen and side_colour(2) in seen
    # R jumps to a unit of yours and picks it; the cursor sits on it
    press(app, B.R)
    assert sc.selected is not None and g.units[sc.selected].side == 1
    assert sc.cursor == g.cell_of(g.units[sc.selected])
    # walk the picked unit one step with the d-pad and A
    uid = sc.selected
    start = g.cell_of(g.units[uid])
    moves = [a for a in g.unit_actions(g.units[uid]) if isinstance(a, Move)]
    target = moves[0].cell
    for b in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
        sc.cursor = start
        press(app, b)
        if sc.cursor == target:
            break
    else:
        sc.cursor = target
    press(app, B.A)
    assert g.cell_of(g.units[uid]) == target and sc.actions[-1] == Move(uid, target).encode()


def test_odds_are_shown_before_an_attack(make_app):
    app = make_app()
    open_picker(app)
    press(app, B.A)
    sc = app.top
    g = sc.game
    spear = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "spearman" and u.cell >= 0)
    foe = next(u for u in g.units if u.side == 2 and g.w.m.utypes[u.type] == "spearman")
    g.detach(foe)
    g.place(foe, g.w.grid.neighbours[spear.cell][0])
    sc.cursor = spear.cell
    press(app, B.A)
    assert sc.selected == spear.id
    sc.cursor = foe.cell
    app.run_frames(1)
    acts = sc.unit_actions_at(spear.id, foe.cell)
    assert acts and isinstance(acts[0], Attack)
    hp_before = foe.hp
    press(app, B.A)
    assert sc.actions[-1] == Attack(spear.id, foe.id).encode()
    assert any("hits" in line or "misses" in line or "withdraws" in line for line in sc.log) or foe.hp < hp_before


def test_bots_only_plays_to_the_end_and_a_goes_back(make_app):
    app = make_app()
    sc = open_picker(app)
    press(app, B.DOWN, B.DOWN, B.RIGHT, B.RIGHT)   # Players: bots only
    assert sc.players == "bots"
    press(app, B.UP, B.UP, B.A)
    game = app.top
    run_until(app, lambda: game.game.over, 6000, "the bots' game to end")
    app.run_frames(1)
    press(app, B.A)
    assert stack(app)[-1] == "results"
    assert "Play again" in [it.label for it in app.top.menu.items] and app.top.menu.current.label == "Play again"
    press(app, B.DOWN, B.A)
    assert stack(app) == ["menu"]


def test_hot_seat_shows_a_curtain_and_the_pause_menu_ends_the_turn(make_app):
    app = make_app()
    open_picker(app)
    press(app, B.DOWN, B.DOWN, B.RIGHT)            # hot-seat
    press(app, B.UP, B.UP, B.A)
    game = app.top
    app.run_frames(2)
    assert game.curtain == 1
    press(app, B.A)
    assert game.curtain is None
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    app.top.choose_label("End turn")
    assert stack(app)[-1] == "confirm"          # units can still act: asked, "Not yet" chosen
    press(app, B.DOWN, B.A)
    app.run_frames(2)
    assert game.game.side == 2 and game.curtain == 2


def test_a_module_without_a_map_plays_on_its_generated_world(make_app):
    """A module of my own without a map: the picker starts it; the screen draws the world the
    game generated from its seed (the one the game plays on)."""
    app = make_app()
    folder = pathlib.Path(app.data.root) / "gdl"
    folder.mkdir()
    (folder / "gen.g").write_text('(game-module "g" (title "Generated one")) (unit-type town (acp-per-turn 1)) '
                                  '(terrain-type grass) (add grass alt-percentile-max 100) '
                                  '(add grass wet-percentile-max 100) (add town start-with 2) (area 20 12)')
    sc = open_picker(app)
    labels = [lab for lab, _ in sc.modules]
    press(app, B.DOWN)
    press(app, *[B.RIGHT] * labels.index("Generated one"))
    press(app, B.UP, B.A)
    assert stack(app)[-1] == "gdl_game"
    game_scene = app.top
    assert game_scene.world is game_scene.game.w and game_scene.world.m.generated_seed == game_scene.seed
    assert sum(1 for u in game_scene.game.units if u.alive) == 4
    app.run_frames(2)
