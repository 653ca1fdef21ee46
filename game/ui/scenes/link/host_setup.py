"""The host's set-up screen before a linked game of a mode that has choices to make (the `link_host`
of its UI part): a menu of the mode's options and "Link", which starts waiting for the other
unit with the spec `make_spec()` builds; a spec that cannot be built, or a link that fails to
open, shows its reason in red and keeps the choices.
"""

from __future__ import annotations

from game.ui import theme as T
from game.ui.menu_scene import MenuScene
from game.ui.scenes.link.setup import open_run


class LinkHostSetup(MenuScene):
    link_title = "Linking"

    def __init__(self, app, port: str, baud: int) -> None:
        super().__init__(app)
        self.port, self.baud = port, baud
        self.error = ""

    def make_spec(self):
        """The LinkGameSpec for the choices made; ValueError/KeyError with the reason."""
        raise NotImplementedError

    def error_notes(self) -> list[tuple]:
        return [(self.error, T.TEXT_BAD)] if self.error else []

    def go(self) -> None:
        try:
            spec = self.make_spec()
        except (ValueError, KeyError) as exc:
            self.error = str(exc)
            self.dirty = True
            return
        open_run(self.app, port=self.port, role="host", baud=self.baud, spec=spec, title=self.link_title,
                 on_error=self._failed)

    def _failed(self, text: str) -> None:
        self.error = text
        self.dirty = True
