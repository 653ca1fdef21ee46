"""Each mode's guide for a new player: its goal, what the buttons do on its board, its words.

A guide is data, one TOML file per mode in ``assets/guides/<mode>.toml`` (the mode's engineers
own their file); the shared screens show it: the how-to over the board at a mode's first game
and from the pause menu (``game.ui.scenes.howto``), the glossary on SELECT, the goal line in the
HUD (``widgets.goal_line``) and the "which level suits a first game" note of set-up screens.

    [guide]
    name = "Skirmish"                         # the mode's one name, as the main menu says it
    goal = "Beat every enemy army."           # the HUD's goal line
    first_game = "The normal bot suits a first game."
    howto = '''A few short lines: what you are trying to do and how a turn goes.'''

    [buttons]                                 # in the order shown; keys are button names
    DPAD = "move the cursor"
    A = "select, walk, attack"

    [glossary]                                # term = meaning, in the order shown
    HP = "hit points: at 0 the piece leaves the battle"

Problems read ``guides/duel.toml:12: glossary.TN: ...``; a guide with problems still shows what
is good in it, and a mode with no guide file gets one made of its registry title and blurb.
The schema below is the only place the keys are declared (docs/ui.md's table comes from it).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from game.core.datafile import ASSETS, DataFileError, Limits, read_toml
from game.core.fields import Field, ProblemList, Section, check_value, suggest
from game.core.toml_lines import key_lines, line_of

GUIDES = ASSETS / "guides"
LIMITS = Limits(max_bytes=64 * 1024, max_depth=4, max_keys=400)
MAX_TERMS = 60
MAX_BUTTON_LINES = 12

# the buttons a guide may explain (DPAD = all four directions, UPDOWN, LR = L and R together)
BUTTON_KEYS = ("DPAD", "UPDOWN", "LEFTRIGHT", "A", "B", "X", "Y", "L", "R", "LR", "START", "SELECT")

GUIDE = Section("guide", "guides/<mode>.toml", "What a new player reads about one mode.", fields=(
    Field("name", "str", doc="The mode's one name, as the main menu and every screen of it say it.", max_len=32),
    Field("goal", "str", doc="The goal in one line: shown in the HUD's goal line.", max_len=90),
    Field("howto", "text", doc="A few short lines: what you are trying to do, how a turn goes."),
    Field("first_game", "str", default="", doc="Which level or bot suits a first game (set-up screens).",
          max_len=120),
))
BUTTONS_DOC = ("`[buttons]`: one line per button, in the order shown: a button name "
               f"({', '.join(BUTTON_KEYS)}) = what it does on this mode's board (at most "
               f"{MAX_BUTTON_LINES} lines of at most 60 characters).")
GLOSSARY_DOC = (f"`[glossary]`: term = meaning, in the order shown (at most {MAX_TERMS} terms; a term at most "
                "24 characters, a meaning at most 240).")


@dataclass(frozen=True)
class Guide:
    mode: str
    name: str
    goal: str
    howto: str
    first_game: str = ""
    buttons: tuple[tuple[str, str], ...] = ()
    glossary: tuple[tuple[str, str], ...] = ()
    problems: tuple[str, ...] = field(default=(), compare=False)

    @property
    def howto_lines(self) -> list[str]:
        """The how-to's paragraphs (blank lines in the file separate them; lines are joined)."""
        paras, cur = [], []
        for line in self.howto.splitlines():
            if line.strip():
                cur.append(line.strip())
            elif cur:
                paras.append(" ".join(cur))
                cur = []
        if cur:
            paras.append(" ".join(cur))
        return paras


def _fallback(mode: str) -> Guide:
    """A mode without a guide file: its registry title and blurb."""
    try:
        from game.modes.registry import get_mode
        entry = get_mode(mode)
        name, blurb = entry.title, entry.blurb
    except Exception:  # noqa: BLE001 - an unknown mode still gets a guide
        name, blurb = mode.replace("_", " ").capitalize(), ""
    return Guide(mode, name, blurb, blurb, buttons=(("DPAD", "move"), ("A", "confirm, act"), ("B", "back, cancel"),
                                                    ("START", "pause menu")))


def _pairs(doc: dict, table: str, label: str, lines: dict, problems: list[str], *, keys=None,
           key_len: int, text_len: int, most: int) -> tuple[tuple[str, str], ...]:
    raw = doc.get(table, {})

    def bad(path: str, what: str) -> None:
        line = line_of(lines, path)
        problems.append(f"{label}:{line}: {path}: {what}" if line else f"{label}: {path}: {what}")

    if not isinstance(raw, dict):
        bad(table, f"expected a table [{table}] of name = text")
        return ()
    out = []
    for k, v in raw.items():
        path = f"{table}.{k}"
        if keys is not None and k not in keys:
            bad(path, f"unknown button, expected one of {', '.join(keys)}")
        elif not k.strip() or len(k) > key_len or not k.isprintable():
            bad(path, f"a name of 1 to {key_len} printable characters")
        elif not isinstance(v, str) or not v.strip() or len(v) > text_len or not v.isprintable():
            bad(path, f"expected one line of text of at most {text_len} characters")
        elif len(out) >= most:
            bad(path, f"more than {most} entries; the rest are left out")
            break
        else:
            out.append((k, v.strip()))
    return tuple(out)


def read_guide(path: Path, mode: str, label: str | None = None) -> Guide:
    """The guide in `path` (problems in ``guide.problems``; never raises for bad content)."""
    label = label or f"guides/{path.name}"
    try:
        doc = read_toml(path, limits=LIMITS, label=label)
        text = path.read_text(encoding="utf-8")
    except DataFileError as exc:
        fb = _fallback(mode)
        return Guide(**{**fb.__dict__, "problems": (str(exc),)})
    lines = key_lines(text)
    problems: list[str] = []
    found = ProblemList()
    raw = doc.get("guide")
    head: dict = {}
    if not isinstance(raw, dict):
        found.add(label, "guide", "missing [guide] table" if raw is None else "expected a table [guide]")
        raw = {}
    names = [f.name for f in GUIDE.fields]
    for key in raw:
        if key not in names:
            found.add(label, f"guide.{key}", f"unknown key{suggest(key, names)}, allowed keys: {', '.join(names)}")
    for f in GUIDE.fields:
        if f.name in raw:
            v = check_value(f, raw[f.name], label, f"guide.{f.name}", found)
            if v is not None:
                head[f.name] = v
        elif f.required:
            found.add(label, f"guide.{f.name}", f"missing, expected {f.allowed()}")
    for p in found:
        line = line_of(lines, p.path)
        problems.append(f"{label}:{line}: {p.path}: {p.message}" if line else str(p))
    for k in doc:
        if k not in ("guide", "buttons", "glossary"):
            problems.append(f"{label}:{line_of(lines, k)}: {k}: unknown table, expected guide, buttons or glossary")
    buttons = _pairs(doc, "buttons", label, lines, problems, keys=BUTTON_KEYS, key_len=10, text_len=60,
                     most=MAX_BUTTON_LINES)
    glossary = _pairs(doc, "glossary", label, lines, problems, key_len=24, text_len=240, most=MAX_TERMS)
    fb = _fallback(mode)
    return Guide(mode, head.get("name") or fb.name, head.get("goal") or fb.goal,
                 (head.get("howto") or fb.howto).strip(), head.get("first_game") or "",
                 buttons or fb.buttons, glossary, tuple(problems))


@functools.lru_cache(maxsize=32)
def guide_for(mode: str, folder: Path = GUIDES) -> Guide:
    """The mode's guide (read once per program); a mode without a file gets a plain one."""
    path = Path(folder) / f"{mode}.toml"
    if not path.exists():
        return _fallback(mode)
    return read_guide(path, mode)


def reference_markdown() -> str:
    """The guide file's keys (docs/ui.md), from the declarations above."""
    from game.core.fields import section_markdown
    return section_markdown(GUIDE) + "\n" + BUTTONS_DOC + "\n\n" + GLOSSARY_DOC + "\n"
