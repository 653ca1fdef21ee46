"""Drawing the duel screen: board, panels, key hints, and what goes over them (the hot-seat
curtain, the chat line, "cable unplugged — waiting", the end-of-duel banner)."""

from __future__ import annotations

import pygame

from game.modes.duel.potions import APPEARANCES
from game.modes.duel.spells import SPELLS
from game.ui import theme as T
from game.ui.modes.duel import colours as C
from game.ui.modes.duel.action_bar import draw_bar
from game.ui.modes.duel.panels import SPELL_KEYS, PanelData
from game.ui.modes.duel.texts import SPELL_HELP
from game.ui.widgets import hint_bar

KEYPAD_HINTS = [("/*-", "cast"), ("1-9", "step"), ("5", "drink"), ("0", "take"), ("+", "bag"), (".", "end"),
                ("Ent", "chat")]
PAD_HINTS = [("DPAD", "cursor"), ("A", "walk / act"), ("B", "cancel"), ("START", "pause"), ("SELECT", "info")]
BAR_HINTS = [("LEFTRIGHT", "choose"), ("A", "do it"), ("B", "back to the board"), ("START", "pause")]
REPLAY_HINTS = [("SELECT", "info"), ("START", "menu: stop watching")]


def shown_hints(match, keypad: bool, bar_open: bool = False) -> list:
    """The keys that do something here: no play keys in a replay, no chat without a link."""
    if match.mode == "replay":
        return REPLAY_HINTS
    hints = KEYPAD_HINTS if keypad else BAR_HINTS if bar_open else PAD_HINTS
    return hints if match.can_chat else [h for h in hints if h[1] != "chat"]


class DuelPainter:
    """Draws the duel screen of `scene` (a DuelScene): ``DuelPainter(scene).draw(surf)``."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def names(self) -> tuple[str, str]:
        m = self.scene.match
        v = m.viewer()
        me, opp = m.seats[v].name, m.seats[1 - v].name
        return ("You" if not m.hotseat and m.mode != "replay" else me), opp

    def status(self, players_v=None) -> tuple[str, tuple]:
        m, g = self.scene.match, self.scene.game
        v = m.viewer()
        if m.shown_over() and self.scene.seq is None:
            w = g.winner
            if w is None:
                return "The duel is a draw", T.ACCENT
            if m.hotseat or m.mode == "replay":
                return f"{m.seats[w].name} wins!", T.ACCENT
            return ("You win!", T.GOOD) if w == v else ("You lose!", T.TEXT_BAD)
        pv = players_v if players_v is not None else m.view(v)
        if pv.my_turn and m.local_human(v):
            left = pv.steps_left
            return f"Your move · {left} step{'s' if left != 1 else ''}", T.ACCENT
        who = m.seats[1 - v].name
        extra = m.status()
        if extra:
            return extra, T.TEXT_DIM
        return (f"{who} is thinking…" if m.thinking else f"{who}'s move"), T.TEXT_DIM

    def here_text(self, v) -> str:
        if not v.my_turn or v.pos not in v.potions:
            return ""
        colour = APPEARANCES[v.potions[v.pos]]
        if self.scene.input_kind == "keypad":
            return f"a {colour} potion here: 5 drink, 0 pick up"
        return f"a {colour} potion here (on the bar: drink or take)"

    def panel_data(self, hp_v, items_v, players_v) -> PanelData:
        me, opp = self.names()
        text, colour = self.status(players_v)
        hint = self.scene.hint if self.scene.time < self.scene.hint_until else ""
        keys = self.scene.keys
        spells = [(SPELLS[s].name, SPELL_HELP.get(s, "")) for s in players_v.dealt] if players_v.my_turn else []
        item = keys.focused()
        focus = int(item.key[5:]) if item is not None and item.key.startswith("spell") else None
        if item is not None and focus is None:
            hint = item.help
        caps = SPELL_KEYS if self.scene.input_kind == "keypad" else ("1", "2", "3")
        return PanelData(status=text, status_colour=colour, me=me, opp=opp, hp=hp_v.hp, opp_hp=hp_v.opp_hp,
                         spells=spells, spell_keys=caps, focus=focus, inventory=items_v.inventory,
                         known_types=items_v.known_types,
                         here=self.here_text(players_v), hint=hint, hint_bad=self.scene.hint_bad,
                         bag_open=self.scene.reader.pending_inventory, log=self.scene.match.logs[self.scene.match.viewer()])

    def draw(self, surf: pygame.Surface) -> None:
        th, lay = self.scene.theme, self.scene.layout
        surf.fill(C.BG)
        if self.scene.curtain is not None:
            self.draw_curtain(surf)
            return
        layout_v, items_v, players_v, hp_v, effects = self.scene.views()
        keys = self.scene.keys
        mine = self.scene.seq is None and self.scene.match.human_to_move() and self.scene.input_kind != "keypad"
        cursor, path = keys.preview() if mine and not keys.bar_open else (None, None)
        self.scene.board.draw(surf, lay, self.scene.size, layout_v, items_v, players_v, effects, cursor, path)
        self.scene.panels.draw(surf, lay.panel, self.panel_data(hp_v, items_v, players_v))
        draw_bar(surf, th, lay.bar, keys.items() if mine else [], keys.focus if keys.bar_open else None)
        hints = shown_hints(self.scene.match, self.scene.input_kind == "keypad", keys.bar_open)
        hint_bar(surf, th, lay.bottom, hints)
        if self.scene.chat_line is not None:
            self.draw_chat_line(surf)
        down = self.scene.match.link_down()
        if down:
            self.draw_notice(surf, down)
        elif self.scene.over_at is not None:
            text, colour = self.status()
            self.draw_notice(surf, text, colour, "big")

    def draw_notice(self, surf, text: str, colour=T.TEXT_BAD, size: str = "normal") -> pygame.Rect:
        th = self.scene.theme
        img = th.render(text, colour, size)
        box = img.get_rect().inflate(th.pad * 6, th.pad * 4)
        box.center = self.scene.layout.board.center
        box.clamp_ip(surf.get_rect())
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, colour, box, 1)
        th.put(surf, img, img.get_rect(center=box.center).topleft, text, size)
        return box

    def draw_chat_line(self, surf) -> None:
        th = self.scene.theme
        r = self.scene.panels.log_rect
        h = th.line_height("small") + th.pad * 2
        box = pygame.Rect(r.x - 2, r.bottom - h, r.w + 2, h)
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, T.ACCENT, box, 1)
        text = th.fit("say: " + self.scene.chat_line + "_", box.w - 2 * th.pad, "small")
        if th.text_width("say: " + self.scene.chat_line + "_", "small") > box.w - 2 * th.pad:
            tail = self.scene.chat_line
            while tail and th.text_width("…" + tail + "_", "small") > box.w - 2 * th.pad:
                tail = tail[1:]
            text = "…" + tail + "_"
        th.text(surf, text, (box.x + th.pad, box.y + th.pad), T.TEXT, "small")

    def draw_curtain(self, surf) -> None:
        th = self.scene.theme
        w, h = surf.get_size()
        name = self.scene.match.seats[self.scene.curtain].name
        lines = [("Pass the device to", T.TEXT_DIM, "normal"), (name, T.ACCENT, "big"),
                 ("the board stays hidden until they are ready", T.TEXT_DIM, "tiny")]
        y = h // 3
        for text, colour, size in lines:
            th.text(surf, th.fit(text, w - 4 * th.pad, size), (w // 2, y), colour, size, align="centre")
            y += th.line_height(size) + th.pad
        hint_bar(surf, th, self.scene.layout.bottom, [("A", "I am ready"), ("5", "ready (keypad)")])
