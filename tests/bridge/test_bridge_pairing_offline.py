"""Issue 21 item 1: a recorded pairing gives nothing a guessed code can be checked against.

How protocol 2 leaked: the host answered a guest's HELLO with
AUTH = HMAC-SHA256(SHA-256("tactibox pairing code v2:" ‖ digits), "TBX-AUTH" ‖ "host" ‖ H(HELLOs))
before the guest proved anything, so one connection gave a check for every guess: 10^6 HMACs
offline and the stranger had the code. Protocol 3 runs SPAKE2 (pairing.py): the host's only
message that depends on the code is its SPAKE2 element y·G + w·N, which is a uniformly random
group element for every code w (for each candidate code there is a host scalar y giving those
bytes), and its confirmation is sent only after the guest's checked out.

The tests record the bytes on the wire (both directions, framed, as a man in the middle sees
them) of a stranger's failed pairing and of a good pairing, and
- run the cheap offline search over all 10^6 codes against them: none confirms. The same
  search finds the code at once in a transcript carrying the old AUTH (a control showing the
  search can fail) and in one whose confirmation were keyed by the code instead of by SPAKE2;
- show what the host sends a stranger: HELLO, PAKE, ERROR only, and with the same randomness
  the bytes for two different codes differ only in the SPAKE2 element.
"""

from __future__ import annotations

import hashlib
import hmac

import pytest
from linkkit import FakeClock, pump, session_pair

from firmware_bridge import pairing
from firmware_bridge.framing import FrameDecoder
from firmware_bridge.messages import MSG_CONFIRM, MSG_ERROR, MSG_HELLO, MSG_PAKE
from firmware_bridge.wire import KIND_SESSION, unpack_header

CODE = "402913"             # the host's code in every recording
STRANGER = "777777"


def _tap(wire, log: list, direction: str):
    decoder = FrameDecoder()

    def carry(data: bytes) -> None:
        for body in decoder.feed(data):
            kind, _, _ = unpack_header(body[0])
            if kind == KIND_SESSION and len(body) > 1:
                log.append((direction, bytes(body[1:])))
        wire(data)
    return carry


def record(host_code: str, guest_code: str) -> list[tuple[str, bytes]]:
    """Session messages on the wire of one pairing attempt: [(direction, payload)]."""
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_kw={"pairing_key": pairing.key_from_code(host_code)},
                           guest_kw={"pairing_key": pairing.key_from_code(guest_code)})
    log: list[tuple[str, bytes]] = []
    th, tg = h.link.transport, g.link.transport
    th.wire, tg.wire = _tap(th.wire, log, "host→guest"), _tap(tg.wire, log, "guest→host")
    pump([h, g], clock, 10.0, until=lambda: g.failed or (h.paired and g.paired and h.lockstep is not None))
    assert g.failed == (host_code != guest_code)
    return log


def _hellos(log):
    host = next(p for d, p in log if d == "host→guest" and p[0] == MSG_HELLO)
    guest = next(p for d, p in log if d == "guest→host" and p[0] == MSG_HELLO)
    return host, guest


def _pakes(log):
    guest = next(p for d, p in log if d == "guest→host" and p[0] == MSG_PAKE)
    host = next(p for d, p in log if d == "host→guest" and p[0] == MSG_PAKE)
    return guest, host


def _windows(log, n: int = 32) -> set[bytes]:
    """Every n-byte run of every message: whatever field a MAC might sit in."""
    return {p[i:i + n] for _, p in log for i in range(len(p) - n + 1)}


def v2_check(log):
    """The old leak: AUTH = HMAC(key(code), "TBX-AUTH" ‖ "host" ‖ H(len ‖ host HELLO ‖ guest HELLO))."""
    hh, gh = _hellos(log)
    msg = b"TBX-AUTH" + b"host" + hashlib.sha256(len(hh).to_bytes(4, "big") + hh + gh).digest()
    prefix = hashlib.sha256(b"tactibox pairing code v2:")
    return msg, prefix


def v3_keyed_by_code_check(log):
    """Protocol 3's host confirmation, had its key come from the code and the public transcript
    alone (no SPAKE2): HMAC(key(code), "TBX-confirm host" ‖ transcript)."""
    hh, gh = _hellos(log)
    gp, hp = _pakes(log)
    msg = b"TBX-confirm host" + pairing.transcript_hash(hh, gh, gp, hp)
    prefix = hashlib.sha256(b"tactibox pairing code v3:")
    return msg, prefix


def search(check, fields: set[bytes], codes) -> list[str]:
    """Codes whose cheap check lands on a field of the transcript."""
    msg, prefix = check
    digest = hmac.digest
    found = []
    for c in codes:
        h = prefix.copy()
        h.update(b"%06d" % c)
        if digest(h.digest(), msg, "sha256") in fields:
            found.append(f"{c:06d}")
    return found


@pytest.fixture(scope="module")
def failed_log():
    return record(CODE, STRANGER)


@pytest.fixture(scope="module")
def good_log():
    return record(CODE, CODE)


def test_the_search_finds_the_code_in_a_transcript_that_leaks(failed_log, good_log):
    """Controls: the search is able to fail. Codes 400000-409999 include the right one."""
    for log, check in ((failed_log, v2_check(failed_log)), (good_log, v3_keyed_by_code_check(good_log))):
        msg, prefix = check
        h = prefix.copy()
        h.update(CODE.encode())
        leaky = _windows(log) | {hmac.digest(h.digest(), msg, "sha256")}
        assert search(check, leaky, range(400000, 410000)) == [CODE]


@pytest.mark.slow
def test_no_code_of_a_million_confirms_against_a_recorded_pairing(failed_log, good_log):
    """All 10^6 codes, the failed pairing against the old leak's check and the eavesdropped good
    pairing against the code-keyed confirmation: nothing lands (the real code included)."""
    assert search(v2_check(failed_log), _windows(failed_log), range(10 ** 6)) == []
    assert search(v3_keyed_by_code_check(good_log), _windows(good_log), range(10 ** 6)) == []


def test_a_stranger_gets_hello_pake_and_error_only(failed_log):
    """Nothing keyed by the SPAKE2 result reaches a unit that did not confirm first."""
    sent = [p[0] for d, p in failed_log if d == "host→guest"]
    assert sent == [MSG_HELLO, MSG_PAKE, MSG_ERROR]
    assert MSG_CONFIRM in [p[0] for d, p in failed_log if d == "guest→host"]   # the stranger confirmed, wrongly
    assert b"wrong pairing code" in failed_log[-1][1]


def _fixed_entropy():
    state = {"n": 0}

    def draw(n: int) -> bytes:
        out = b""
        while len(out) < n:
            state["n"] += 1
            out += hashlib.sha256(b"fixed %d" % state["n"]).digest()
        return out[:n]
    return draw


def test_only_the_spake2_element_depends_on_the_code(monkeypatch):
    """Same randomness, two host codes: the host's bytes to a stranger differ only in the 32
    bytes of its SPAKE2 element, and that element is a point of the prime-order group — so for
    every candidate code some host scalar gives exactly these bytes: no code is ruled out."""
    from spake2.ed25519_basic import bytes_to_element
    runs = []
    for code in ("402913", "918273"):
        monkeypatch.setattr(pairing, "_entropy", _fixed_entropy())
        runs.append([p for d, p in record(code, STRANGER) if d == "host→guest"])
    a, b = runs
    assert [p[0] for p in a] == [p[0] for p in b] == [MSG_HELLO, MSG_PAKE, MSG_ERROR]
    assert a[0] == b[0] and a[2] == b[2]                 # HELLO and ERROR: the same bytes
    assert a[1][:3] == b[1][:3] and a[1][3:] != b[1][3:]  # type, kind, side byte | element
    for pake in (a[1], b[1]):
        bytes_to_element(pake[3:])                       # raises unless in the prime-order subgroup
