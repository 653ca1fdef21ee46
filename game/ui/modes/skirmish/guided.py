"""A guided first Skirmish battle (issue 20, Build item 1): a small map, three pieces a side, and
a prompt line over the board for each step of the person's turn (scene `skirmish_guided`).

    start_guided(app)        # the set-up's "First battle (guided)" line

The battle is the ordinary play screen (battle.py) on the ruleset's guided map (`GUIDED_MAP`,
8x8) with a fixed army of three (`GUIDED_ARMY`) against the easy bot, whose army is cut to
three too (``Options.army_limit``). The prompt is read from the cursor control's top step
(``HumanControl``: Browse, PieceChosen, WalkPreview, Attacking) and the game each frame, so it
follows what the person did, never a timer. It lives in a strip of its own at the top of the
board (the board view is made shorter by it), in the shared goal-line style. When the battle is
played to its end (won or lost; not abandoned) the settings remember it
(``onboarding.guided_battle_done``) and the set-up stops pre-selecting the guided line.
"""

from __future__ import annotations

import pygame

from game.modes.base import ActionError
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui import theme as T
from game.ui.camera import Camera
from game.ui.modes.skirmish.battle import PlayScreen
from game.ui.modes.skirmish.session import battle_match
from game.ui.modes.skirmish.steps import Attacking, PieceChosen, WalkPreview
from game.ui.widgets import goal_line

GUIDED_MAP = "09_first_battle"
GUIDED_ARMY = ("knight", "archer", "knight")        # front row: two knights and an archer
GUIDED_BOT = "bot:easy"
GUIDED_LABEL = "First battle (guided)"


def guided_map(rs):
    """The ruleset's guided map; None when the ruleset has none (a custom ruleset)."""
    return next((m for m in rs.maps if m.id == GUIDED_MAP), None)


def start_guided(app) -> bool:
    """Open the guided battle; a message (and False) when it cannot start."""
    rs = app.content.ruleset()
    gmap = guided_map(rs) if rs is not None else None
    if gmap is None:
        app.open("message", title="No guided battle", lines=[f"this ruleset has no map {GUIDED_MAP!r}"])
        return False
    me = Participant(app.player_name(0), "human", GUIDED_ARMY)
    try:
        match = battle_match(app, rs, gmap, [me, Participant("", GUIDED_BOT)], app.seed_source(),
                             Options(army_limit=len(GUIDED_ARMY)))
    except ActionError as exc:
        app.open("message", title="This battle cannot start", lines=[str(exc)])
        return False
    app.sound.play("select")
    app.open("skirmish_guided", match=match, label="guided")
    return True


def prompts(control) -> list[str]:
    """The prompt for the step the person is at (read from the control and the game), longest
    wording first: the strip shows the first that fits its width."""
    g = control.game
    if g.over:
        return ["The battle is over"]
    if not control.my_turn():
        who = g.seat_name(g.current).title()
        return [f"{who} moves now: watch (hold A to hurry)", f"{who} moves (hold A: faster)", f"{who} moves"]
    top = control.top
    moved = any(not g.can_act(p) for p in control.own_pieces())
    if isinstance(top, Attacking):
        return ["Attack: A on a red enemy (A on your piece: skip)", "A on a red enemy: attack"]
    if isinstance(top, WalkPreview):
        if top.targets(control):
            return ["Step 3: A on a red enemy attacks, A on your piece waits, B takes back",
                    "Step 3: A on a red enemy: attack", "3: A on red: attack"]
        if top.dest == top.piece.cell:
            return ["Step 3: nobody in reach: A again to stay, B takes back", "Step 3: A again: stay",
                    "3: A again: stay"]
        return ["Step 3: nobody in reach: A again to go there, B takes back", "Step 3: A again: go there",
                "3: A again: go"]
    if isinstance(top, PieceChosen):
        out = ["Step 2: d-pad to a purple cell, A to walk there (A on the piece: stay)",
               "Step 2: d-pad to a purple cell, A: walk", "2: purple cell, A: walk"]
    else:
        out = ["Step 1: d-pad to one of your pieces, A to select it", "Step 1: d-pad to your piece, A",
               "1: your piece, A"]
    if moved:       # the turn ends by itself when every piece has acted; START ends it early
        out = [t + " · START: end turn" for t in out[:2]] + out
    return out


def prompt(control) -> str:
    return prompts(control)[0]


class GuidedBattle(PlayScreen):
    """The play screen with a prompt strip over the board."""

    first_game_howto = False            # the prompts teach this battle; the how-to waits for the next
    hot_seat_curtain = False

    def __init__(self, app, match, label: str = "guided", tally=None) -> None:
        super().__init__(app, match, label=label, tally=tally)
        th, lay = self.theme, self.layout
        self.prompt_rect = pygame.Rect(lay.view.x, lay.view.y, lay.view.w, th.line_height("tiny") + th.pad + 2)
        lay.view = pygame.Rect(lay.view.x, self.prompt_rect.bottom, lay.view.w, lay.view.bottom - self.prompt_rect.bottom)
        self.camera = Camera(lay.view.size, self.board.geom.size)
        ww, wh = self.board.geom.size
        self.show_minimap = ww > lay.view.w or wh > lay.view.h
        self.announce()
        self.camera.snap()
        self.prompts_seen: list[str] = []            # every prompt shown, in order (tests read it)

    def prompt(self) -> str:
        """The prompt that fits the strip ("" while an animation plays)."""
        if self.anim.busy:
            return ""
        th = self.theme
        room = self.prompt_rect.w - 2 * th.pad - th.line_height("tiny")
        texts = prompts(self.control)
        return next((t for t in texts if th.text_width(t, "tiny") <= room), texts[-1])

    def extra_key(self) -> tuple:
        return super().extra_key() + (self.prompt(),)

    def draw(self, surf) -> None:
        super().draw(surf)
        text = self.prompt() or (self.prompts_seen[-1] if self.prompts_seen else "")
        if text and (not self.prompts_seen or self.prompts_seen[-1] != text):
            self.prompts_seen.append(text)
        pygame.draw.rect(surf, T.PANEL_DARK, self.prompt_rect)
        pygame.draw.line(surf, T.PANEL_EDGE, self.prompt_rect.bottomleft, self.prompt_rect.bottomright)
        th = self.theme
        inner = self.prompt_rect.inflate(-2 * th.pad, 0)
        goal_line(surf, th, inner, text)

    def _to_results(self, result) -> None:
        super()._to_results(result)
        if self.app.top.scene_name == "skirmish_results":
            self.app.top.rematch_scene = "skirmish_guided"      # Play again: guided again

    def finished(self) -> None:
        self.app.update_settings(guided_battle_done=True)
        super().finished()
