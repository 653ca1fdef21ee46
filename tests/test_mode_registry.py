"""The mode registry: a tiny dummy mode (Nim, declared here only) registered from a test runs
through `tactibox simulate` -> `tactibox replay --verify` -> a linked game between two sessions
over the in-memory transport, with no per-mode code anywhere else. Plus: the shipped modes are
listed without importing them, and bad entries / tags are refused clearly."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from game.modes.registry import (
    ModeEntry,
    ModeError,
    Option,
    Request,
    get_mode,
    mode_title,
    modes,
    offers,
    register,
    unregister,
)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "bridge"))
from linkkit import FakeClock, lossy_pair, pump
from take_away import Take, TakeAway

# --------------------------------------------------------------------------- the dummy mode: Nim

class Nim(TakeAway):
    """A pile of stones; players take 1-3 in turn; whoever takes the last stone wins."""
    mode = "nim"
    MOST = 3


def new_game(rules, seed: int, options: dict, seats: list[str]) -> Nim:
    return Nim(int(options["stones"]) + seed % 5, seats)


class NimBot:
    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level

    def choose(self, game: Nim) -> Take:
        best = game.pile % 4
        return Take(best if best and self.level == "hard" else 1)


HERE = __name__
NIM = ModeEntry(id="nim", title="Nim", blurb="take 1-3 stones; the last stone wins", order=99,
                options=(Option("stones", 21, "nim: stones on the pile (plus seed % 5)", kind="int"),),
                game=f"{HERE}:new_game", bot=f"{HERE}:NimBot", describe="take_away:describe")


@pytest.fixture
def nim():
    register(NIM, replace=True)
    yield NIM
    unregister("nim")


# --------------------------------------------------------------------------- the tests

def test_shipped_modes_are_listed_without_importing_them():
    code = ("import sys; from game.modes.registry import modes; ids = [m.id for m in modes()]; "
            "heavy = [m for m in sys.modules if m.startswith('game.modes.') and not m.endswith(('.mode', 'registry'))"
            " and m.count('.') > 2]; print(ids, heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    ids, heavy = out.strip().rsplit("] ", 1)
    assert ids.startswith("['skirmish', 'duel', 'bout'") and heavy == "[]"


def test_dummy_mode_simulate_replay_verify_through_the_cli(nim, tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "nim.replay"
    assert main(["simulate", "--mode", "nim", "--stones", "10", "--seed", "3", "--replay-out", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 takes" in out and "winner: seat" in out          # the mode's own log lines
    assert main(["simulate", "--mode", "nim", "--stones", "10", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["mode"] == "nim" and summary["over"] and summary["winner"] in ("seat 0", "seat 1")
    doc = json.loads(path.read_text())
    assert doc["mode"] == "nim" and doc["options"] == {"stones": 10} and len(doc["actions"]) == summary["turns"]
    assert len(doc["turns"]) == summary["turns"]                     # every action ends a Nim turn

    assert main(["replay", "--verify", "--json", str(path)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["ok"] and got["turns_checked"] == summary["turns"] and got["state_hash"] == summary["state_hash"]

    doc["turns"][1][2] = "0" * 32                                    # a tampered hash is found
    path.write_text(json.dumps(doc))
    assert main(["replay", "--verify", "--json", str(path)]) == 1
    got = json.loads(capsys.readouterr().out)
    assert not got["ok"] and "turn 2" in got["problems"][0]

    doc["actions"][0] = [7]                                          # an undecodable action too
    path.write_text(json.dumps(doc))
    assert main(["replay", "--verify", "--quiet", str(path)]) == 1
    assert "actions[0]" in capsys.readouterr().out


def _linked(nim_req: Request, clock: FakeClock, **faults):
    from firmware_bridge.session import Session
    from game.link.modes import guest_spec, host_spec
    a, b, w1, w2 = lossy_pair(clock, 5, **faults)
    lines: list[str] = []
    hs = host_spec("nim", req=nim_req, level="hard", log=lines.append)
    gs = guest_spec(level="normal")
    host = Session(a, role="host", app_version="t", content=hs.content, make_game=hs.make_game,
                   seed=nim_req.seed, options=hs.options)
    guest = Session(b, role="guest", app_version="t", content=gs.content, make_game=gs.make_game)
    pump([host, guest], clock, 120.0, until=lambda: host.finished and guest.finished)
    return host, guest, hs, gs, lines


def test_dummy_mode_plays_a_linked_game_over_the_memory_transport(nim):
    from game.link.modes import mode_of, split_setup
    req = Request(seed=4, options={"stones": 30})
    host, guest, hs, gs, lines = _linked(req, FakeClock())
    assert host.finished and guest.finished, (host.state, host.error, guest.state, guest.error)
    hg, gg = host.game, guest.game
    assert mode_of(hg) == mode_of(gg) == "nim" and split_setup(hs.options)[0] == "nim"
    assert hg.game.state_hash() == gg.game.state_hash() and hg.game.is_over()
    assert hg.game.pile == 0 and sum(hg.game.taken) == 30 + 4 % 5
    assert lines and lines[0].startswith("seat 0 takes")            # host log through describe
    assert hs.summary(hg)["winner"] == gs.summary(gg)["winner"] == hg.game.result()["winner"]


def test_dummy_mode_over_a_noisy_wire_still_ends_identical(nim):
    req = Request(seed=9, options={"stones": 40})
    host, guest, *_ = _linked(req, FakeClock(), p_drop=0.05, p_dup=0.05, p_byte=0.002)
    assert host.finished and guest.finished
    assert host.game.game.state_hash() == guest.game.game.state_hash()


def test_entries_and_tags_are_checked(nim):
    from game.link.modes import split_setup, tag_setup
    with pytest.raises(ModeError, match="registered already"):
        register(ModeEntry(id="nim", title="Other nim"))
    with pytest.raises(ValueError, match="mode id"):
        ModeEntry(id="Bad Mode", title="x")
    with pytest.raises(ValueError, match="declared twice"):
        ModeEntry(id="twice", title="x", options=(Option("a", 1, ""), Option("a", 2, "")))
    with pytest.raises(ModeError, match="not a mode this version knows"):
        get_mode("chess")
    with pytest.raises(ModeError, match="no 'balance' hook"):
        nim.hook("balance")
    assert [m.id for m in modes()][-1] == "nim"
    assert mode_title("nim") == "Nim" and mode_title("chess") == "chess"
    assert split_setup(tag_setup("nim", b"\x01\x02")) == ("nim", b"\x01\x02")
    for broken in (b"", b"\x00", b"\x09nim", b"\x11" + b"a" * 17):
        with pytest.raises(ValueError):
            split_setup(broken)


def test_a_mode_without_game_or_hooks_is_refused_by_the_drivers():
    from game.modes import driver
    bare = ModeEntry(id="bare", title="Bare")
    assert not offers(bare, "simulate")
    with pytest.raises(ModeError, match="no 'simulate' hook"):
        driver.simulate(bare, Request())
    with pytest.raises(ModeError, match="no 'link' hook"):
        driver.link_play(bare)
