"""Keyboard key names used in key map files: pygame's ``K_*`` constant names, lower-case, without
the ``K_`` (``z``, ``return``, ``space``, ``up``, ``kp_5``, ``kp_enter``, ``delete``...).

Numeric-keypad keys are recognised by *scancode* first, so they keep their keypad name whether
Num Lock is on or off (with Num Lock off some systems report KP 8 as the Up arrow).
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

_PREFERRED = {f"kp_{d}" for d in range(10)} | {
    "pause", "euro", "lsuper", "rsuper", "numlock", "printscreen", "scrolllock"}

CODE_BY_NAME: dict[str, int] = {}
NAME_BY_CODE: dict[int, str] = {}
for _attr in dir(pygame):
    if _attr.startswith("K_"):
        _name, _code = _attr[2:].lower(), getattr(pygame, _attr)
        CODE_BY_NAME[_name] = _code
        if _code not in NAME_BY_CODE or _name in _PREFERRED:
            NAME_BY_CODE[_code] = _name

KEYPAD_BY_SCANCODE: dict[int, str] = {
    getattr(pygame, f"KSCAN_KP_{d}"): f"kp_{d}" for d in range(10)}
KEYPAD_BY_SCANCODE.update({
    pygame.KSCAN_KP_DIVIDE: "kp_divide", pygame.KSCAN_KP_MULTIPLY: "kp_multiply",
    pygame.KSCAN_KP_MINUS: "kp_minus", pygame.KSCAN_KP_PLUS: "kp_plus",
    pygame.KSCAN_KP_ENTER: "kp_enter", pygame.KSCAN_KP_PERIOD: "kp_period",
})


def key_name(key: int, scancode: int | None = None) -> str:
    """The key map name of a pygame key event's ``key`` (and ``scancode``, if known)."""
    if scancode is not None and scancode in KEYPAD_BY_SCANCODE:
        return KEYPAD_BY_SCANCODE[scancode]
    return NAME_BY_CODE.get(key, f"key_{key}")


def canonical(name: str) -> str | None:
    """The canonical spelling of a key name (``kp5`` -> ``kp_5``), or None if unknown."""
    n = name.strip().lower()
    if n in CODE_BY_NAME:
        return NAME_BY_CODE[CODE_BY_NAME[n]]
    if n.startswith("key_") and n[4:].isdigit():
        return NAME_BY_CODE.get(int(n[4:]), n)
    return None


def describe_key(name: str) -> str:
    """A label for the Settings scene (``Keypad 5``, ``Return``, ``Z``)."""
    code = CODE_BY_NAME.get(name)
    if code is not None and pygame.display.get_init():
        try:
            label = pygame.key.name(code, use_compat=False)
            if label:
                return label
        except (pygame.error, TypeError):
            pass
    if name.startswith("kp_"):
        return "Keypad " + {"divide": "/", "multiply": "*", "minus": "-", "plus": "+", "period": ".",
                            "enter": "Enter"}.get(name[3:], name[3:])
    return name.upper() if len(name) == 1 else name.replace("_", " ").title()
