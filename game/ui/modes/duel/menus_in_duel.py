"""Menus the duel screen opens: the bag (from the action bar), chat (phrases, typed line), the
shared pause menu (Start) and the info page (Select)."""

from __future__ import annotations

from game.modes.duel import actions as A
from game.modes.duel.messages import CHAT_MAX_CHARS, CHAT_PHRASES
from game.modes.duel.spells import SPELLS
from game.ui import onboarding
from game.ui.modes.duel.panels import SPELL_KEYS, potion_label
from game.ui.modes.duel.texts import KEYPAD_HELP, PAD_HELP, SPELL_HELP, options_line
from hw.input.buttons import EventKind


class DuelMenus:
    """The menus `scene` (a DuelScene) opens, and its typed chat line."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def bag_menu(self) -> None:
        v = self.scene.game.view(self.scene.match.viewer())
        items = [(f"{i + 1} {potion_label(app, v.known_types)}", lambda i=i: self.scene.act(A.drink(i)))
                 for i, app in enumerate(v.inventory)]
        self.scene.app.open("choice", title="Drink which potion?", options=items)

    def pause_menu(self) -> None:
        """The shared pause menu (START): resume, the log and keys, end turn, how to play, the
        words, bot speed, leave (with a question)."""
        m = self.scene.match
        extras = [("Duel info and log", self.info)]
        if m.human_to_move() and not self.scene.busy():
            extras.append(("End turn", lambda: self.scene.act(A.end_turn())))
        if m.can_chat:
            extras.append(("Chat…", lambda: self.open_chat(typed=False)))
        q = ("Leave this duel? The other unit is told." if m.mode == "link"
             else "Leave this duel? It is kept as a replay, with no win or loss.")
        onboarding.open_pause(self.scene.app, "duel", extras=extras, leave_label="Leave the duel",
                              leave_question=q, on_leave=self.scene.app.goto_menu, tick=self.scene.tick,
                              bots=m.mode == "local" and not m.hotseat)

    def info_lines(self) -> list[str]:
        m, g = self.scene.match, self.scene.game
        v = g.view(m.viewer())
        lines = [f"Options: {options_line(g.state.options)}", f"Turn {g.turn + 1}", ""]
        if v.dealt:
            lines.append("Spells this turn:")
            for i, sid in enumerate(v.dealt):
                lines.append(f"  {SPELL_KEYS[i]} {SPELLS[sid].name}: {SPELL_HELP.get(sid, '')}")
            lines.append("")
        lines.append("Your potions:" if v.inventory else "Your bag is empty.")
        for i, app in enumerate(v.inventory):
            lines.append(f"  {i + 1} {potion_label(app, v.known_types)}")
        known = [potion_label(a, v.known_types) for a in sorted(v.known_types)]
        lines.append("Known colours: " + (", ".join(known) if known else "none yet"))
        lines += ["", "Log (this round and the last):"]
        lines += [("  " + ("You: " if e.sender == v.player else "Them: ") if e.chat else "  ") + e.text
                  for e in m.logs[v.player].entries()]
        lines += [""] + list(KEYPAD_HELP) + [""] + list(PAD_HELP)
        return lines

    def info(self) -> None:
        self.scene.app.open("message", title="Duel info and keys", lines=self.info_lines())

    # --- chat ----------------------------------------------------------------------------------------
    def open_chat(self, typed: bool) -> None:
        m = self.scene.match
        if not m.can_chat:
            self.scene.say("chat works between two linked units", True)
            return
        if typed:
            self.scene.chat_line = ""
            self.scene.version += 1
            if self.scene.app.hub is not None:
                self.scene.app.hub.start_text()
            return
        items = [(p, lambda i=i: self.send(phrase=i)) for i, p in enumerate(CHAT_PHRASES)]
        items.append(("Type a message…", lambda: self.scene.app.open(
            "duel_text", title="Chat", on_done=lambda text: self.send(text=text), max_len=CHAT_MAX_CHARS,
            tick=self.scene.tick)))
        self.scene.app.open("choice", title="Say", options=items)

    def send(self, text: str | None = None, phrase: int | None = None) -> None:
        try:
            self.scene.match.send_chat(text=text, phrase=phrase)
        except ValueError as exc:
            self.scene.say(str(exc), True)
        self.scene.version += 1

    def close_chat_line(self) -> None:
        self.scene.chat_line = None
        self.scene.version += 1
        if self.scene.app.hub is not None:
            self.scene.app.hub.stop_text()

    def chat_typing(self, ev) -> None:
        """A keyboard types the chat line: Enter sends, Del / Esc (or `.` on an empty line) closes."""
        if ev.kind is EventKind.TEXT:
            for ch in ev.text:
                if ch == "." and not self.scene.chat_line:
                    self.close_chat_line()
                    return
                if len(self.scene.chat_line) < CHAT_MAX_CHARS and ch.isprintable():
                    self.scene.chat_line += ch
        elif ev.text == "backspace":
            self.scene.chat_line = self.scene.chat_line[:-1]
        elif ev.text == "enter":
            line = self.scene.chat_line.strip()
            self.close_chat_line()
            if line:
                self.send(text=line)
        elif ev.text in ("delete", "cancel"):
            self.close_chat_line()
        self.scene.version += 1
