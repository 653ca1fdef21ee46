"""Lockstep: desync detection and resync, the host's rule check, and a fuzzer on the receiving side."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from linkkit import FakeClock, pump, session_pair

from firmware_bridge.counters import Counters
from firmware_bridge.lockstep import Lockstep, chain_next, chain_start
from firmware_bridge.messages import MSG_DESYNC, MSG_SYNCED, Fin, Synced
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.wire import KIND_SESSION


def play(h, g, clock, seconds=120.0):
    pump([h, g], clock, seconds, until=lambda: (h.finished and g.finished) or h.failed or g.failed)


class Glitchy(SelfTestGame):
    """Applies one action wrongly (a planted bug / cosmic ray) at a given turn."""

    def __init__(self, *a, glitch_at=None, **kw):
        super().__init__(*a, **kw)
        self.glitch_at = glitch_at

    def apply(self, action):
        super().apply(action)
        if self.turn == self.glitch_at:
            self.counter ^= 0x40


@pytest.mark.parametrize("who", ["guest", "host"])
@pytest.mark.parametrize("hash_len", [1, 2, 8])
def test_planted_desync_is_detected_and_resynced(who, hash_len):
    clock = FakeClock()
    mk = {"host": lambda s, o: SelfTestGame(s, 0, 120), "guest": lambda s, o: SelfTestGame(s, 1, 120)}
    seat = 0 if who == "host" else 1
    mk[who] = lambda s, o: Glitchy(s, seat, 120, glitch_at=37)
    h, g, _ = session_pair(clock, host_kw=dict(hash_len=hash_len), host_game=mk["host"], guest_game=mk["guest"])
    play(h, g, clock)
    assert h.finished and g.finished
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert h.counters.desyncs + g.counters.desyncs >= 1
    assert h.counters.resyncs >= 1 and g.counters.resyncs >= 1
    assert any("resync" in line for line in h.log_lines) and any("resync" in line for line in g.log_lines)
    # detection is immediate with the chained hash: within a couple of turns of the glitch
    resync_turns = [int(line.split("turn ")[1].split("]")[0]) for line in g.log_lines if "restored" in line]
    assert resync_turns and resync_turns[0] <= 40


def test_desync_on_the_very_last_turn_is_caught_by_the_final_comparison():
    clock = FakeClock()
    h, g, _ = session_pair(clock, length=60, guest_game=lambda s, o: Glitchy(s, 1, 60, glitch_at=60))
    play(h, g, clock)
    assert h.finished and g.finished
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert g.counters.resyncs == 1


class Cheater(SelfTestGame):
    """A guest whose UI lets anything through and who repeats the host's number at turn 21."""

    def is_legal(self, action):          # the base apply() asks this too: the illegal move goes through
        return True

    def next_local_action(self):
        if self.turn == 21:
            return self.last if self.last else 3
        return super().next_local_action()



def test_host_rejects_an_illegal_guest_action_and_tells_which_one_it_applied():
    clock = FakeClock()
    rejected = []

    def guest_game(s, o):
        return Cheater(s, 1, 60)
    h, g, _ = session_pair(clock, length=60, guest_game=guest_game)

    def watch():
        if g.lockstep is not None:
            rejected.extend(e for e in g.lockstep.drain_events() if e[0] == "rejected")
        return h.finished and g.finished
    pump([h, g], clock, 120.0, until=watch)
    assert h.finished and g.finished
    assert h.counters.rejected_actions >= 1
    assert rejected and rejected[0][1] == SelfTestGame.PASS
    assert h.game.applied[21] == SelfTestGame.PASS          # the host's version of turn 22 is "pass"
    assert h.result()["state_hash"] == g.result()["state_hash"]


class Garbler(SelfTestGame):
    """A guest whose 14th action reaches the host as something undecodable."""

    def encode_action(self, action):
        if self.turn == 13 and not getattr(self, "_done", False):
            self._done = True
            return b"\xee\xee"
        return super().encode_action(action)


def test_an_undecodable_action_rolls_the_guest_back_and_it_plays_again():
    clock = FakeClock()
    h, g, _ = session_pair(clock, length=40, guest_game=lambda s, o: Garbler(s, 1, 40))
    play(h, g, clock)
    assert h.finished and g.finished
    assert h.counters.bad_actions == 1 and g.counters.resyncs == 1
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert len(h.game.applied) == 40


class Swallow:
    """A channel that loses chosen control messages (as only a forged-CRC frame could)."""

    def __init__(self, session, lose: set[int]):
        self.s, self.lose = session, set(lose)

    def send_turn(self, p):
        self.s.send_turn(p)

    def send_control(self, p):
        if p[0] in self.lose:
            self.lose.discard(p[0])
            return
        self.s.send_control(p)

    def send_snapshot(self, m, d):
        self.s.send_snapshot(m, d)

    def idle(self):
        return self.s.idle()


@pytest.mark.parametrize("lost", [MSG_SYNCED, MSG_DESYNC])
def test_a_lost_resync_message_is_asked_for_again(lost):
    clock = FakeClock()
    # the glitch hits the guest while it applies a host turn: the guest detects it and sends DESYNC
    h, g, _ = session_pair(clock, length=80, guest_game=lambda s, o: Glitchy(s, 1, 80, glitch_at=31))
    pump([h, g], clock, 30.0, until=lambda: g.lockstep is not None)
    g.lockstep.channel = Swallow(g, {lost})
    play(h, g, clock, 120.0)
    assert h.finished and g.finished
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert h.lockstep.retries + g.lockstep.retries >= 1
    assert not g.lockstep.channel.lose          # the message really was swallowed once


def test_a_lost_fin_is_sent_again():
    clock = FakeClock()
    h, g, _ = session_pair(clock, length=20)
    pump([h, g], clock, 30.0, until=lambda: g.lockstep is not None)
    g.lockstep.channel = Swallow(g, {Fin(0, bytes(8)).encode()[0]})
    play(h, g, clock, 60.0)
    # the guest finished on the host's FIN; the host, never hearing the guest's, asked again
    assert h.finished and g.finished and h.lockstep.retries >= 1
    assert not g.lockstep.channel.lose
    assert h.result()["chain"] == g.result()["chain"]


def test_chain_hash_makes_a_divergence_visible_on_every_later_turn():
    a = chain_start(5, b"state0")
    b = chain_start(5, b"state0")
    a, b = chain_next(a, b"s1"), chain_next(b, b"s1-different")
    for i in range(20):               # even if the states agree again afterwards
        a, b = chain_next(a, b"s%d" % i), chain_next(b, b"s%d" % i)
        assert a != b


# --------------------------------------------------------------------------- fuzzing

class Recorder:
    def __init__(self):
        self.turns, self.controls, self.snapshots = [], [], []

    def send_turn(self, p):
        self.turns.append(p)

    def send_control(self, p):
        self.controls.append(p)

    def send_snapshot(self, m, d):
        self.snapshots.append((m, d))

    def idle(self):
        return True


def _guest_waiting_for_host(seed=3):
    game = SelfTestGame(seed, 1, 50)           # seat 1: the host (seat 0) moves first
    ls = Lockstep(game, Recorder(), role="guest", seed=seed, hash_len=1, counters=Counters())
    return game, ls


@given(st.binary(max_size=12))
@settings(max_examples=400, deadline=None)
def test_fuzz_turn_payloads_into_the_guest(payload):
    """Random turn payloads: no exception; the state changes only for a legal, decodable action,
    and a wrong hash then puts the guest in resync instead of playing on."""
    game, ls = _guest_waiting_for_host()
    before = game.snapshot()
    ls.on_turn(payload)
    decodable = len(payload) == 3 and payload[1] == payload[0] ^ 0xA5 and payload[0] <= 9
    if not decodable:
        assert game.snapshot() == before
        assert ls.awaiting_snapshot and ls.counters.desyncs == 1
        assert ls.channel.controls and ls.channel.controls[-1][0] == MSG_DESYNC
    else:
        assert game.turn == 1
        ref = SelfTestGame(3, 0, 50)
        ref.apply(payload[0])
        if payload[2] != chain_next(chain_start(3, SelfTestGame(3, 0, 50).turn_hash()), ref.turn_hash())[0]:
            assert ls.awaiting_snapshot


@given(st.binary(max_size=12))
@settings(max_examples=400, deadline=None)
def test_fuzz_turn_payloads_into_the_host(payload):
    """The host never lets a bad guest frame change its state: undecodable or out-of-turn → snapshot."""
    game = SelfTestGame(3, 0, 50)
    game.apply(5)                              # now it is the guest's (seat 1) turn
    ls = Lockstep(game, Recorder(), role="host", seed=3, hash_len=1, counters=Counters())
    before = game.snapshot()
    ls.on_turn(payload)
    decodable = len(payload) == 3 and payload[1] == payload[0] ^ 0xA5 and payload[0] <= 9
    if not decodable:
        assert game.snapshot() == before
        assert ls.counters.bad_actions == 1 and len(ls.channel.snapshots) == 1
    elif payload[0] == 5:                      # decodable but illegal (repeats the last number)
        assert game.applied[-1] == SelfTestGame.PASS and ls.counters.rejected_actions == 1


@given(st.binary(min_size=1, max_size=40))
@settings(max_examples=400, deadline=None)
def test_fuzz_control_payloads_raise_only_value_error(payload):
    for role in ("host", "guest"):
        game = SelfTestGame(1, 0 if role == "host" else 1, 50)
        ls = Lockstep(game, Recorder(), role=role, seed=1, counters=Counters())
        before = game.snapshot()
        try:
            ls.on_control(payload)
        except ValueError:
            pass
        if role == "guest":
            try:
                ls.on_snapshot(payload, payload)
            except ValueError:
                pass
        assert game.snapshot() == before or ls.counters.resyncs == 1


@given(st.lists(st.tuples(st.sampled_from([1, 2, 3]), st.binary(max_size=30)), max_size=12))
@settings(max_examples=60, deadline=None)
def test_fuzz_messages_into_a_live_session_never_raise_and_the_game_still_ends_in_sync(junk):
    """Random messages reach the guest's session mid-game (as if forged frames passed the CRC)."""
    clock = FakeClock()
    h, g, _ = session_pair(clock, length=40)
    pump([h, g], clock, 30.0, until=lambda: g.state == "playing" and g.lockstep.turns >= 10)
    for kind, payload in junk:
        if kind == KIND_SESSION and payload[:1] in (b"\x01", b"\x06"):
            continue          # a forged HELLO/START restarts the session by design: not junk
        try:
            g._dispatch(kind, payload)
        except ValueError:
            g.counters.malformed_frames += 1
    play(h, g, clock, 120.0)
    assert not h.failed or "reports" in (h.error or "")
    if not (h.failed or g.failed):
        assert h.finished and g.finished
        assert h.result()["state_hash"] == g.result()["state_hash"]


def test_guest_restores_nothing_from_a_broken_snapshot_and_asks_again():
    game = SelfTestGame(1, 1, 50)
    ls = Lockstep(game, Recorder(), role="guest", seed=1, counters=Counters())
    from firmware_bridge.messages import SnapshotMeta
    before = game.snapshot()
    ls.on_snapshot(SnapshotMeta(4, 1, 10, bytes(8)).encode(), b"{not json")
    assert game.snapshot() == before
    assert ls.awaiting_snapshot and ls.channel.controls[-1][0] == MSG_DESYNC
    assert Synced(4).encode() not in ls.channel.controls
