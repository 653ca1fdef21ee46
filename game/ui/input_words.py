"""Inputs in a player's words: "left stick up", "hat down", "pad B", "GPIO pin 17" (never the
SDL names "lefty:-", "hat0:up", "dpdown")."""

from __future__ import annotations

from hw.input import describe
from hw.input.buttons import Physical

PAD = {"a": "pad A", "b": "pad B", "x": "pad X", "y": "pad Y", "back": "pad Back", "guide": "pad Home",
       "start": "pad Start", "leftstick": "left stick press", "rightstick": "right stick press",
       "leftshoulder": "left shoulder", "rightshoulder": "right shoulder", "dpup": "d-pad up",
       "dpdown": "d-pad down", "dpleft": "d-pad left", "dpright": "d-pad right", "misc1": "pad Share"}
AXES = {"leftx": ("left stick", "left", "right"), "lefty": ("left stick", "up", "down"),
        "rightx": ("right stick", "left", "right"), "righty": ("right stick", "up", "down"),
        "triggerleft": ("left trigger", "", ""), "triggerright": ("right trigger", "", "")}
CONTEXT_WORDS = {"keyboard": "keys", "controller": "gamepad", "joystick": "joystick", "gpio": "wired buttons"}


def input_words(phys: Physical) -> str:
    code = phys.code
    if phys.context == "keyboard":
        return describe(phys)
    if phys.context == "gpio":
        return f"pin {code}"
    if isinstance(code, int):
        return f"button {code + 1}"
    text = str(code)
    name, _, sign = text.partition(":")
    if name in PAD:
        return PAD[name]
    if name in AXES:
        stick, minus, plus = AXES[name]
        way = minus if sign == "-" else plus
        return f"{stick} {way}".strip()
    if name.startswith("hat"):
        n = name[3:]
        return f"hat {sign}" if n in ("", "0") else f"hat {int(n) + 1} {sign}"
    if name.startswith("axis"):
        n = int(name[4:]) if name[4:].isdigit() else 0
        return f"stick axis {n + 1} {'−' if sign == '-' else '+'}"
    return text.replace("_", " ")
