"""The text dialog (the duel's "info and keys", problems found in files) never covers the
screen's bottom bar: its box (with its own keys inside) ends above it."""

import pytest
from test_duel_screen import FAR, duel_scene

from game.ui import theme as T
from game.ui.widgets import bottom_rect
from hw.display import SUPPORTED_SIZES

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


@pytest.mark.parametrize("size", SUPPORTED_SIZES)
def test_duel_info_leaves_the_bottom_bar_free(make_app, size):
    app = make_app(size)
    sc = duel_scene(app, FAR)
    sc.menus.info()
    app.run_frames(2)
    dlg = app.top
    assert dlg.scene_name == "message"
    bar = bottom_rect(app.surface, dlg.theme)
    assert dlg.box.bottom <= bar.y
    s = app.surface
    edge = tuple(T.TEXT_BAD)[:3]
    assert not any(tuple(s.get_at((x, y)))[:3] == edge for x in range(bar.x, bar.right) for y in range(bar.y, bar.bottom))
    assert any(tuple(s.get_at((x, y)))[:3] == edge for x in range(dlg.box.x, dlg.box.right) for y in (dlg.box.y, dlg.box.y + 1))
