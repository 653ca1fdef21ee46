"""A seeded, bounded fuzz pass over every reader of Hex quest data: Sokoban/SOK text, Hexoban text,
Supaplex LEVELS.DAT, native .quest text, progress.json and mid-level saves.

Each input is a mutation of a valid sample (bytes flipped, cut, repeated, spliced, digits blown
up to thousands, random junk), drawn from the project's PCG32 with a fixed seed. An input is
*clean* when the reader returns levels or named problems (and every level it accepts builds,
passes the validator and plays a few moves); a *crash* is any other exception. The peak memory
of each input is measured with tracemalloc.

    python tests/quest/quest_fuzz.py [N per category]     # the report's numbers (N = 2000)
"""

from __future__ import annotations

import json
import logging
import sys
import tempfile
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from hostile_files import sp_record, sp_tiles  # noqa: E402

from game.core.prng import Pcg32  # noqa: E402

XSB = ["####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\nTitle: One\nSolution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n",
       "Title: sok\n#######\n#p b.B#\n#######\n\n5#|#@$.#|5#\n", "#######\n#@$.#*#\n#######\n\nComment:\nx\nComment-End\n"]
HSB = ["  # # # # #\n # @   $ . #\n  # # # # #\nTitle: A\nSolution: rR\n",
       "    # # # #\n   # - - - #\n  # - $ . - #\n # @ - $ . - #\n  # - - - - #\n   # # # # #\n"]
QUEST = ["title: x\ngrid: square\nmelee: 3\nmap:\n######\n#@ $.#\n######\nend\ngrant 3,2: xp 5; coins 2\n"
         "npc 5,2: name=G hp=5 model=chase spells=missile:1 items=axe:10+spyked:5\n",
         "title: h\ngrid: hex\ngravity: S\nmap:\n~-#-~\n-@$.-\n-----\nend\nteleport 2,1 -> 2,4\n"]


def _sp() -> list[bytes]:
    base = sp_tiles({(2, 2): 3, (3, 2): 2, (4, 2): 4, (5, 2): 7, (10, 2): 1, (10, 4): 24, (12, 5): 17,
                     (7, 5): 13, (8, 5): 8, (9, 5): 19, (11, 5): 20, (13, 5): 25, (14, 5): 18, (20, 9): 5})
    return [sp_record(bytes(base), title="fuzz", needed=3, ports=[(7, 5, 1, 2, 1)]) * 2]


def mutate(data: bytes, rng: Pcg32) -> bytes:
    out = bytearray(data)
    for _ in range(1 + rng.below(4)):
        op = rng.below(7)
        n = len(out)
        at = rng.below(n + 1)
        if op == 0 and n:                                  # flip bytes
            for _ in range(1 + rng.below(8)):
                out[rng.below(n)] = rng.below(256)
        elif op == 1:                                      # cut
            out = out[:at]
        elif op == 2 and n:                                # repeat a slice many times
            a = rng.below(n)
            piece = out[a:a + 1 + rng.below(64)]
            out[at:at] = piece * (1 + rng.below(2000))
        elif op == 3:                                      # a huge number
            out[at:at] = b"9" * (1 + rng.below(6000))
        elif op == 4:                                      # junk
            out[at:at] = bytes(rng.below(256) for _ in range(1 + rng.below(200)))
        elif op == 5 and n:                                # delete a slice
            del out[at:at + 1 + rng.below(50)]
        else:                                              # board characters
            out[at:at] = bytes(rng.choice(list(b"#@+$*. -_pPbB|123\n")) for _ in range(1 + rng.below(300)))
        if len(out) > 4 << 20:
            out = out[:4 << 20]
    return bytes(out)


def _play(level) -> None:
    from game.modes.quest.game import QuestGame
    g = QuestGame(level)
    for d in range(len(g.g.dirs)):
        if g.status == "play" and g.problem([0, d]) is None:
            g.apply([0, d])
    if g.status == "play":
        g.apply([2])
    g.state_hash()


def _levels(got) -> int:
    for imp in got:
        _play(imp.level)                                   # BuildError here would be a crash
    return len(got)


def check_xsb(data: bytes) -> int:
    from game.modes.quest.importers.xsb import read_collection
    got, probs = read_collection(data.decode("latin-1"), "f.xsb")
    assert all(str(p).startswith("f.xsb: ") for p in probs)
    return _levels(got)


def check_hsb(data: bytes) -> int:
    from game.modes.quest.importers.hsb import read_hsb
    got, probs = read_hsb(data.decode("latin-1"), "f.hsb")
    assert all(str(p).startswith("f.hsb: ") for p in probs)
    return _levels(got)


def check_dat(data: bytes) -> int:
    from game.modes.quest.importers.supaplex import read_levels_dat
    got, errs, warns = read_levels_dat(data, "L.DAT")
    assert all(str(p).startswith("L.DAT: ") for p in errs + warns)
    return _levels(got)


def check_quest(data: bytes) -> int:
    from game.modes.quest.textformat import parse_level
    lv, probs = parse_level(data.decode("utf-8", "replace"), "f.quest")
    assert (lv is None) == bool(probs)
    if lv is not None:
        _play(lv)
    return int(lv is not None)


class _Store:
    def __init__(self) -> None:
        from game.modes.quest.catalog import load_level
        from game.modes.quest.session import Session
        from game.store.quest_progress import QuestStore
        self.tmp = Path(tempfile.mkdtemp(prefix="quest-fuzz-"))
        st = QuestStore(self.tmp / "quest")
        st.load()
        st.progress.carry["items"] = [["item", [["axe", 20], ["spyked", 5]]]]
        st.progress.won = {"hex/01_first_push": {"xp": 10, "coins": 2}}
        st.bests.offer("hex/01_first_push", 18, 4)
        st.last = {"level": "hex/01_first_push", "context": "campaign"}
        st.save()
        self.progress = (self.tmp / "quest" / "progress.json").read_bytes()
        self.level, self.lid, _ = load_level("hex/05_goblins")
        s = Session(self.level, {"xp": 0, "coins": 0, "points": 0, "items": [], "spells": {},
                                 "skills": {"bruiser": 0, "wizard": 0, "tough": 0}})
        for a in ([0, 3], [2], [0, 0]):
            if s.game.problem(a) is None:
                s.act(a)
        st.save_session(self.lid, "campaign", s)
        self.save = st.save_path(self.lid).read_bytes()


def check_progress(data: bytes, store: _Store) -> int:
    from game.store.quest_progress import QuestStore
    root = store.tmp / "quest"
    for p in root.glob("progress.json*"):
        p.unlink()
    (root / "progress.json").write_bytes(data)
    st = QuestStore(root)
    st.load()                                               # never raises
    st.progress.to_dict()
    return int(not st.messages)


def check_save(data: bytes, store: _Store) -> int:
    from game.store.quest_progress import QuestStore
    st = QuestStore(store.tmp / "quest")
    path = st.save_path(store.lid)
    for p in path.parent.glob(path.name + "*"):
        p.unlink()
    path.write_bytes(data)
    s, _, msg = st.load_session(store.lid, store.level)
    assert (s is None) == bool(msg)
    return int(s is not None)


def run(n: int, seed: int = 21) -> dict[str, dict]:
    """{category: tried, clean, accepted (levels read / file used), crashes, examples, peak_mib}."""
    logging.disable(logging.WARNING)                       # the store logs every file it sets aside
    store = _Store()
    cats = {
        "Sokoban .xsb/.sok": ([s.encode() for s in XSB], check_xsb),
        "Hexoban .hsb": ([s.encode() for s in HSB], check_hsb),
        "Supaplex LEVELS.DAT": (_sp(), check_dat),
        "native .quest": ([s.encode() for s in QUEST], check_quest),
        "progress.json": ([store.progress], lambda d: check_progress(d, store)),
        "mid-level saves": ([store.save], lambda d: check_save(d, store)),
    }
    report = {}
    for k, (name, (seeds, check)) in enumerate(cats.items()):
        rng = Pcg32(seed, 100 + k)
        tried = clean = accepted = 0
        crashes: list[str] = []
        peak = 0
        for i in range(n):
            data = seeds[i % len(seeds)] if i < len(seeds) else mutate(seeds[rng.below(len(seeds))], rng)
            tried += 1
            tracemalloc.start()
            try:
                accepted += 1 if check(data) else 0
                clean += 1
            except Exception as exc:  # noqa: BLE001 - counting crashes is the point
                crashes.append(f"{type(exc).__name__}: {str(exc)[:160]}")
            finally:
                peak = max(peak, tracemalloc.get_traced_memory()[1])
                tracemalloc.stop()
        report[name] = {"tried": tried, "clean": clean, "accepted": accepted, "crashes": len(crashes),
                        "examples": crashes[:5],
                        "peak_mib": round(peak / 2**20, 1)}
    return report


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(json.dumps(run(n), indent=1))
