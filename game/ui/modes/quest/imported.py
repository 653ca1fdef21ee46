"""The "Imported levels" screen: every level in the drop-in folders, grouped by file.

    app.open("quest_imports")

The folders are read again each time the screen comes up (a file dropped in or fixed while the
game runs shows up on return; unchanged files come from the cache). One hand is enough:
UP/DOWN choose a file or a level, LEFT/RIGHT jump to the previous/next file, A plays the chosen
level (on a file line it goes to the file's first level), B or START go back. A file that cannot
be used shows its `file: line: problem` errors in red under its name; what an importer could not
reproduce (Supaplex's "turn-based adaptation" and the named tiles) is shown in orange under the
level. Broken files never hide the others.

A file's first LISTED errors are listed (A on the file's line shows them all, A again hides
them). Reading large files runs in a background thread (dropin.Scan) while the screen shows
how far it got; small and unchanged files are read at once. The wrapped lines are worked out
once per listing and screen width, not every frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.modes.quest.catalog import LevelError
from game.modes.quest.dropin import DropinLevel, Listing, Scan, finish, import_folder, import_folders, plan_dropins
from game.ui import theme as T
from game.ui.scene import Scene
from game.ui.scenes.dialog import wrap
from game.ui.widgets import bottom_rect, hint_bar, title_bar
from hw.input.buttons import Button, EventKind

FORMATS = ".xsb .sok .txt (Sokoban), .hsb (Hexoban), .quest, LEVELS.DAT (Supaplex)"
LISTED = 3                          # errors (and level warnings) listed before "+N more"
INLINE_BYTES = 256 * 1024          # new level files read at once; more are read in the background


@dataclass(frozen=True)
class Line:
    text: str
    colour: tuple
    indent: int = 0
    pick: int = -1                 # index into ImportedScene.picks, -1 = not selectable
    wrap: bool = False


class ImportedScene(Scene):
    title = "Imported levels"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        root = app.data.root
        self.folder = import_folder(root)
        self.folders = import_folders(root)
        self.listing = Listing()
        self.picks: list[tuple[str, object]] = []      # ("file", DropinFile) or ("level", DropinLevel)
        self.pick = 0
        self.first = 0
        self.message = ""
        self.scan: Scan | None = None
        self.expanded = ""             # the path of the file whose errors are all shown
        self._lines: tuple = ((), [])  # (key, lines) of the last lines() worked out
        self.rescan()

    # ------------------------------------------------------------------ data
    def enter(self) -> None:
        super().enter()
        self.rescan()

    def rescan(self) -> None:
        """Read the folders again; keep the cursor on the same file or level when it is still there."""
        keep = self._key_of(self.picks[self.pick]) if self.picks else None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)     # so the owner finds where to put files
        except OSError:
            pass
        if self.scan is None:
            self.scan = Scan.running()                         # started by an earlier visit of this screen
        if self.scan is not None:
            return                                             # still reading: the result comes in update()
        plan = plan_dropins(self.folders)
        if plan.pending_bytes() <= INLINE_BYTES:
            self._show(finish(plan), keep)
        else:
            self.scan = Scan(plan)
            self._show(Listing(files=tuple(sorted(plan.files, key=lambda f: (f.label.lower(), f.label))),
                               errors=tuple(plan.errors), folders=tuple(plan.folders)), keep)

    def update(self, dt: float) -> None:
        if self.scan is None:
            return
        if self.scan.over:
            keep = self._key_of(self.picks[self.pick]) if self.picks else None
            listing, self.scan = self.scan.listing, None
            self._show(listing, keep)
        elif self.scan.done != getattr(self, "_shown_done", -1):
            self._shown_done = self.scan.done
            self.dirty = True

    def _show(self, listing: Listing, keep=None) -> None:
        self.listing = listing
        self._version = getattr(self, "_version", 0) + 1
        self.picks = []
        for f in self.listing.files:
            self.picks.append(("file", f))
            self.picks += [("level", lv) for lv in f.levels]
        keys = [self._key_of(p) for p in self.picks]
        self.pick = keys.index(keep) if keep in keys else (
            next((i for i, p in enumerate(self.picks) if p[0] == "level"), 0))
        self.dirty = True

    @staticmethod
    def _key_of(p) -> tuple:
        return (p[0], p[1].path, getattr(p[1], "number", 0))

    @property
    def levels(self) -> list[DropinLevel]:
        return self.listing.levels

    def selected(self):
        return self.picks[self.pick] if self.picks else None

    # ------------------------------------------------------------------ input
    def handle(self, ev) -> None:
        if ev.kind not in (EventKind.PRESS, EventKind.REPEAT) or ev.button is None:
            return
        b = ev.button
        self.dirty = True
        if b in (Button.B, Button.START):
            self.app.back()
            return
        if not self.picks:
            return
        n = len(self.picks)
        if b == Button.UP:
            self.pick = (self.pick - 1) % n
        elif b == Button.DOWN:
            self.pick = (self.pick + 1) % n
        elif b in (Button.LEFT, Button.RIGHT):
            heads = [i for i, p in enumerate(self.picks) if p[0] == "file"]
            if b == Button.RIGHT:
                self.pick = next((i for i in heads if i > self.pick), heads[0])
            else:
                cur = max(i for i in heads if i <= self.pick)
                self.pick = max((i for i in heads if i < cur), default=heads[-1])
        elif b == Button.A:
            kind, what = self.picks[self.pick]
            if kind == "file":
                if len(what.errors) > LISTED:
                    self.expanded = "" if self.expanded == what.path else what.path
                elif what.levels:
                    self.pick += 1
                else:
                    self.message = f"{what.label}: no level to play (see the errors)"
                return
            self.play(what)
            return
        self.message = ""

    def play(self, lv: DropinLevel) -> None:
        try:
            self.app.open("quest_board", level=lv.ref)
            self.message = ""
        except (LevelError, OSError) as exc:        # the file changed or went away since the list was read
            self.message = str(exc).splitlines()[0]
            self.rescan()

    # ------------------------------------------------------------------ drawing
    def lines(self, width: int) -> list[Line]:
        """The list as screen lines (long messages wrapped), worked out once per listing, width
        and opened file."""
        key = (self._version, width, self.expanded)
        if self._lines[0] != key:
            self._lines = (key, self._make_lines(width))
        return self._lines[1]

    def _make_lines(self, width: int) -> list[Line]:
        th = self.theme
        out = [Line(e, T.TEXT_BAD, 0, wrap=True) for e in self.listing.errors]
        if not self.picks:
            out += [Line("No imported levels yet.", T.TEXT), Line("Put level files in", T.TEXT_DIM),
                    Line(str(self.folder), T.ACCENT, 2, wrap=True),
                    Line(f"Formats: {FORMATS}", T.TEXT_DIM, wrap=True),
                    Line("or run: tactibox import FILE ...", T.TEXT_DIM, wrap=True)]
        for i, (kind, what) in enumerate(self.picks):
            if kind == "file":
                count = f"{len(what.levels)} level{'s' if len(what.levels) != 1 else ''}"
                bad = f", {len(what.errors)} error{'s' if len(what.errors) != 1 else ''}" if what.errors else ""
                out.append(Line(f"{what.label}  ({count}{bad})", T.TEXT_BAD if what.errors and not what.levels
                                else T.TEXT, 0, i))
                shown = what.errors if what.path == self.expanded else what.errors[:LISTED]
                out += [Line(e, T.TEXT_BAD, 2, wrap=True) for e in shown]
                if len(shown) < len(what.errors):
                    out.append(Line(f"+{len(what.errors) - len(shown)} more errors (A: show all)", T.TEXT_DIM, 2))
                out += [Line(w, T.ORANGE, 2, wrap=True) for w in what.warnings]
            else:
                where = f", {what.where}" if what.where else ""
                out.append(Line(f"#{what.number} {what.title}  ({what.kind}{where})", T.TEXT, 2, i))
                notes = ([what.note] if what.note else []) + list(what.warnings)
                out += [Line(w, T.ORANGE, 4, wrap=True) for w in notes[:LISTED + 1]]
                if len(notes) > LISTED + 1:
                    out.append(Line(f"+{len(notes) - LISTED - 1} more notes", T.TEXT_DIM, 4))
        # wrap long messages to the screen
        done: list[Line] = []
        for ln in out:
            if not ln.wrap:
                done.append(ln)
                continue
            room = width - 16 - ln.indent * th.text_width("n", "tiny")
            for k, part in enumerate(wrap(th, [ln.text], max(40, room), "tiny")):
                done.append(Line(part.strip() if k else part, ln.colour, ln.indent + (2 if k else 0), -1))
        return done

    def draw(self, surf) -> None:
        th = self.theme
        surf.fill(T.BG)
        w = surf.get_width()
        n = len(self.levels)
        top = title_bar(surf, th, th.fit("Imported levels", w // 2, "big"), f"{n} level{'s' if n != 1 else ''}").bottom
        bot = bottom_rect(surf, th)
        sel = self.selected()
        a = "play"
        if sel is not None and sel[0] == "file" and len(sel[1].errors) > LISTED:
            a = "fewer errors" if self.expanded == sel[1].path else "all errors"
        hint_bar(surf, th, bot, [("A", a), ("B", "back"), ("DPAD", "file")])
        lh = th.line_height("tiny") + 1
        y0 = top + 4
        if self.message:
            th.text(surf, th.fit(self.message, w - 16, "tiny"), (8, y0), T.TEXT_BAD, "tiny")
            y0 += lh
        if self.scan is not None:
            note = f"Reading level files: {self.scan.done} of {self.scan.total} ({self.scan.bytes // 1024} KB)..."
            th.text(surf, th.fit(note, w - 16, "tiny"), (8, y0), T.ACCENT, "tiny")
            y0 += lh
        lines = self.lines(w)
        rows = max(1, (bot.y - y0 - 2) // lh)
        at = next((k for k, ln in enumerate(lines) if ln.pick == self.pick and self.picks), 0)
        end = at
        while end + 1 < len(lines) and lines[end + 1].pick < 0:
            end += 1                                # the errors and warnings under the chosen line
        if at < self.first:
            self.first = at
        elif end >= self.first + rows:
            self.first = max(0, min(at, end - rows + 1))
        self.first = max(0, min(self.first, len(lines) - rows))
        ind = th.text_width("n", "tiny")
        for k, ln in enumerate(lines[self.first:self.first + rows]):
            chosen = ln.pick == self.pick and ln.pick >= 0
            x = 8 + ln.indent * ind
            text = ("> " if chosen else "") + ln.text
            th.text(surf, th.fit(text, w - x - 4, "tiny"), (x, y0 + k * lh),
                    T.ACCENT if chosen and ln.colour == T.TEXT else ln.colour, "tiny")
