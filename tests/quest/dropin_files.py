"""Level files of every drop-in format, good and broken, written into a folder for the tests."""

from __future__ import annotations

import os
from pathlib import Path

from test_quest_importers import BASIC, HSB, MICRO1, sp_tiles

from game.modes.quest.importers.supaplex import encode_record

GOOD_QUEST = "title: Tiny\ngrid: square\nmap:\n#####\n#@$.#\n#####\nend\n"
OPEN_XSB = "#####\n#@$. \n#####\n"


def supaplex_two_records() -> bytes:
    """Record 1 has no Murphy (an error); record 2 plays, with a terminal (a warning)."""
    return encode_record(sp_tiles({(5, 5): 7}), title="broken") + \
        encode_record(sp_tiles({**BASIC, (7, 5): 13}), title="second")


def fill(folder: Path) -> Path:
    """A folder with one good and one broken file of each format, plus things to ignore."""
    folder.mkdir(parents=True, exist_ok=True)
    w = lambda name, data: (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))  # noqa: E731
    w("micro.xsb", MICRO1 + "Title: Micro One\nSolution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n\n" + OPEN_XSB
      + "\n" + MICRO1.replace("#*@  #", "#* @ #") + "Title: Micro Two\n")
    w("open.sok", OPEN_XSB)
    w("latin.txt", MICRO1.encode() + "Title: Fran\u00e7ois\n".encode("latin-1"))
    w("notes.txt", "these are my notes, not a level\n")
    w("hex.hsb", HSB + "Title: Hexa\n")
    w("bad.hsb", "  # # #\n # @$. #\n  # # #\n")
    w("tiny.quest", GOOD_QUEST)
    w("broken.quest", "grid: hex\nmap:\n~-@-~\n-----\nend\nnpc 9,9: name=X\n")
    w("LEVELS.DAT", supaplex_two_records())
    w("short.dat", b"\0" * 1535)
    w("readme.md", "ignored")
    w("README.txt", "about this pack")
    w("License.txt", "CC-BY")
    w(".hidden.xsb", OPEN_XSB)
    w("tiny.replay.json", "{}")
    return folder


def many_files(folder: Path, n: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        os.close(os.open(folder / f"l{i:05d}.xsb", os.O_CREAT | os.O_WRONLY, 0o644))
