"""Link counters shared by every layer of the cable link.

One `Counters` object is normally created by the session and handed down to the transport,
the framing decoder, the reliable link and the lockstep driver; each layer bumps the fields it
owns, so the UI and `tactibox link --json` read one place. Every layer also works with its own
private `Counters` when used alone (tests, benchmarks).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields


@dataclass
class Counters:
    # transport
    bytes_sent: int = 0
    bytes_received: int = 0
    transport_errors: int = 0     # SerialException / OSError caught (unplugged adapter, closed socket)
    reopens: int = 0              # successful re-opens of a transport after an error
    overruns: int = 0             # bytes an in-memory line dropped because its inbox was full
    dropped_connections: int = 0  # network connections closed for sending only junk
    # framing
    frames_sent: int = 0
    frames_received: int = 0      # frames that passed COBS and CRC
    crc_errors: int = 0           # CRC mismatch
    malformed_frames: int = 0     # undecodable COBS, too short, unknown header/control frame
    oversize_frames: int = 0      # longer than the maximum frame, discarded up to the next 0x00
    # reliable delivery
    messages_sent: int = 0        # reliable messages handed to the link (not counting retransmits)
    messages_delivered: int = 0   # reliable messages delivered in order to the layer above
    retransmits: int = 0
    fast_retransmits: int = 0     # of those, sent early on duplicate acks (a gap seen by the receiver)
    duplicates: int = 0           # data frames received again (already delivered or buffered)
    out_of_window: int = 0        # data frames whose sequence number is outside the window
    acks_sent: int = 0            # stand-alone ack frames (acks riding on data frames are free)
    heartbeats_sent: int = 0      # idle keep-alive frames (an ack frame sent because the line was quiet)
    syns_sent: int = 0            # link handshake frames
    peeks_sent: int = 0           # preview frames (CTRL_PEEK: unacknowledged, never resent)
    peeks_received: int = 0       # preview frames kept for the layer above (the newest PEEK_INBOX)
    link_downs: int = 0           # transitions up -> down
    peer_resets: int = 0          # the other unit restarted (new link nonce)
    send_overflows: int = 0       # the other unit acknowledged nothing while too much waited: link restarted
    # lockstep
    turns_sent: int = 0
    turns_received: int = 0
    resyncs: int = 0              # snapshots restored (guest) / sent (host)
    desyncs: int = 0              # hash mismatches detected
    rejected_actions: int = 0     # guest actions the host found illegal and replaced
    bad_actions: int = 0          # turn frames whose action did not decode
    stale_actions: int = 0        # turns dropped while a resync was in flight
    ignored_requests: int = 0     # DESYNC / FIN repeats answered by nothing (an answer is still on its way)

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    def reset(self) -> None:
        for f in fields(self):
            setattr(self, f.name, 0)

    def __sub__(self, other: Counters) -> Counters:
        return Counters(**{f.name: getattr(self, f.name) - getattr(other, f.name) for f in fields(self)})

    def copy(self) -> Counters:
        return Counters(**asdict(self))
