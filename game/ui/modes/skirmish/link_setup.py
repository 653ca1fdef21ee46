"""The host's Skirmish setup for a linked battle: the ordinary setup screen, with seats for
"this unit" (player 1, you), "other unit" (the joining unit's person) and bots (played here).

Only this unit's army is formed here; the other unit's person fights with the ruleset's
default army (the link has no message for the guest to send its army before the start).
"""

from __future__ import annotations

from game.link.modes import host_spec
from game.modes.skirmish.link import GUEST, HOST, LinkedSeat, encode_setup
from game.modes.skirmish.setup import Participant
from game.ui.modes.skirmish.setup import SEAT_CHOICES, SkirmishSetup, seat_text
from game.ui.scenes.link.setup import open_run, ruleset_holder

REMOTE = "remote"


def open_link_host(app, *, port: str, baud: int, on_error=None) -> None:
    """The `link_host` hook of Skirmish's UI part (entry.py): the host picks map, seats and armies first."""
    app.open("skirmish_link_setup", port=port, baud=baud)


class LinkSkirmishSetup(SkirmishSetup):
    title = "Linked Skirmish"

    def __init__(self, app, port: str, baud: int) -> None:
        super().__init__(app)
        self.port, self.baud = port, baud
        if self.rs is None or not self.rs.maps:
            return
        self.seats = ["human", REMOTE, "empty", "empty"]
        rows = self.menu.items[4:8]
        rows[0].choices = ("human",)
        for row in rows[1:]:
            row.choices = (REMOTE,) + SEAT_CHOICES[1:]
        self.menu.items[8].label = "Form your army and link"

    def _seat_label(self, i: int, ctrl: str) -> str:
        if i >= self.seat_count():
            return "(map has fewer seats)"
        if ctrl == REMOTE:
            return "other unit"
        if ctrl == "human":
            return f"{self.app.player_name(0)} (this unit)"
        return seat_text(ctrl)

    def go(self) -> None:
        p = self.pending()
        slots = p.slots()
        if REMOTE not in [p.seats[i] for i in slots]:
            self.error = "give the other unit a seat"
            return
        if len(slots) < 2:
            self.error = "a battle needs at least two players"
            return
        self.error = ""
        self.app.sound.play("select")
        self.app.open("skirmish_formation", pending=p, slot=0, on_done=lambda: self._launch(p))

    def _launch(self, p) -> None:
        self.app.back()                           # the formation
        seats = []
        for i in p.slots():
            ctrl = p.seats[i]
            if ctrl == "human":
                seats.append(LinkedSeat(HOST, Participant(self.app.player_name(0), "human", tuple(p.armies.get(i, ())))))
            elif ctrl == REMOTE:
                seats.append(LinkedSeat(GUEST, Participant("Guest", "human")))
            else:
                seats.append(LinkedSeat(HOST, Participant("", ctrl)))
        holder = ruleset_holder(self.app)
        spec = host_spec("skirmish", setup=encode_setup(holder.rs, p.gmap.id, p.options(), seats), holder=holder)
        open_run(self.app, port=self.port, role="host", baud=self.baud, spec=spec, title="Linking (Skirmish)",
                 on_error=self._failed)

    def _failed(self, text: str) -> None:
        self.error = text
        self.dirty = True
