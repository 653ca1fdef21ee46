"""Menus the duel screen opens: actions (A), the bag, chat (phrases, typed line), pause (Start)
and the info page (Select)."""

from __future__ import annotations

from game.modes.duel import actions as A
from game.modes.duel.messages import CHAT_MAX_CHARS, CHAT_PHRASES
from game.modes.duel.potions import APPEARANCES
from game.modes.duel.spells import SPELLS
from game.modes.duel.state import INVENTORY_SIZE
from game.ui.scenes.duel.panels import SPELL_KEYS, potion_label
from game.ui.scenes.duel.texts import KEYPAD_HELP, PAD_HELP, SPELL_HELP, options_line
from hw.input.buttons import EventKind


def action_menu(scene) -> None:
    m, g = scene.match, scene.game
    items = []
    if m.human_to_move() and not scene.busy():
        v = g.view(m.viewer())
        for i, sid in enumerate(v.dealt):
            items.append((f"{SPELL_KEYS[i]} Cast {SPELLS[sid].name}", lambda i=i: scene.act(A.cast(i))))
        if v.pos in v.potions:
            colour = APPEARANCES[v.potions[v.pos]]
            items.append((f"5 Drink the {colour} potion here", lambda: scene.act(A.drink_ground())))
            if len(v.inventory) < INVENTORY_SIZE:
                items.append((f"0 Pick up the {colour} potion", lambda: scene.act(A.pick_up())))
        if v.inventory:
            items.append(("+ Drink from the bag…", lambda: bag_menu(scene)))
        items.append((". End turn", lambda: scene.act(A.end_turn())))
    if m.can_chat:
        items.append(("Chat…", lambda: open_chat(scene, typed=False)))
    items.append(("Duel info and keys", lambda: info(scene)))
    title = "Actions" if m.human_to_move() else "Not your turn"
    scene.app.open("choice", title=title, options=items)


def bag_menu(scene) -> None:
    v = scene.game.view(scene.match.viewer())
    items = [(f"{i + 1} {potion_label(app, v.known_types)}", lambda i=i: scene.act(A.drink(i)))
             for i, app in enumerate(v.inventory)]
    scene.app.open("choice", title="Drink which potion?", options=items)


def pause_menu(scene) -> None:
    items = [("Resume", None), ("Duel info and keys", lambda: info(scene)),
             ("Leave the duel", lambda: ask_leave(scene))]
    scene.app.open("choice", title="Paused", options=items)


def ask_leave(scene) -> None:
    q = ("Leave this duel? The other unit is told." if scene.match.mode == "link"
         else "Leave this duel? It is not kept.")
    scene.app.open("confirm", question=q, on_yes=scene.app.goto_menu)


def info_lines(scene) -> list[str]:
    m, g = scene.match, scene.game
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


def info(scene) -> None:
    scene.app.open("message", title="Duel info and keys", lines=info_lines(scene))


# --- chat ----------------------------------------------------------------------------------------
def open_chat(scene, typed: bool) -> None:
    m = scene.match
    if not m.can_chat:
        scene.say("chat works between two linked units", True)
        return
    if typed:
        scene.chat_line = ""
        scene.version += 1
        if scene.app.hub is not None:
            scene.app.hub.start_text()
        return
    items = [(p, lambda i=i: send(scene, phrase=i)) for i, p in enumerate(CHAT_PHRASES)]
    items.append(("Type a message…", lambda: scene.app.open(
        "duel_text", title="Chat", on_done=lambda text: send(scene, text=text), max_len=CHAT_MAX_CHARS,
        tick=scene.tick)))
    scene.app.open("choice", title="Say", options=items)


def send(scene, text: str | None = None, phrase: int | None = None) -> None:
    try:
        scene.match.send_chat(text=text, phrase=phrase)
    except ValueError as exc:
        scene.say(str(exc), True)
    scene.version += 1


def close_chat_line(scene) -> None:
    scene.chat_line = None
    scene.version += 1
    if scene.app.hub is not None:
        scene.app.hub.stop_text()


def chat_typing(scene, ev) -> None:
    """A keyboard types the chat line: Enter sends, Del / Esc (or `.` on an empty line) closes."""
    if ev.kind is EventKind.TEXT:
        for ch in ev.text:
            if ch == "." and not scene.chat_line:
                close_chat_line(scene)
                return
            if len(scene.chat_line) < CHAT_MAX_CHARS and ch.isprintable():
                scene.chat_line += ch
    elif ev.text == "backspace":
        scene.chat_line = scene.chat_line[:-1]
    elif ev.text == "enter":
        line = scene.chat_line.strip()
        close_chat_line(scene)
        if line:
            send(scene, text=line)
    elif ev.text in ("delete", "cancel"):
        close_chat_line(scene)
    scene.version += 1
