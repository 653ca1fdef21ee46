"""`tactibox contact-sheet`: every scene at every supported screen size, one picture per size in
docs/contact-sheet/ (offscreen, no window), and index.json that the tests check for drift."""

from __future__ import annotations

import os
from pathlib import Path

from game.cli.attract import OFFSCREEN_VIDEO


def add_arguments(p) -> None:
    p.add_argument("--out", default=None, metavar="DIR", help="folder (default: docs/contact-sheet in the source tree)")


def run(args) -> int:
    os.environ.update(OFFSCREEN_VIDEO)                 # before pygame opens a display
    from game.ui.contact_sheet import DEFAULT_FOLDER, make_sheets
    make_sheets(Path(args.out) if args.out else DEFAULT_FOLDER)
    return 0
