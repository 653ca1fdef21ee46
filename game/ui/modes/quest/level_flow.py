"""The board screen's flow around a level (mixed into `QuestScene`): start, win, death, pause, leave.

- start: a campaign level starts with the campaign's carry (`LevelRun.begin`), resuming the
  level's mid-level save; a level the campaign refuses (locked, or won under `replay = "no"`) is
  not started and the reason is shown.
- win: the progress and bests are updated and saved; a box says how it went (new best? levels
  opened?) and offers the way back (to the map, or the next puzzle in free play).
- death: a box offers to undo the last step, restart the level, or leave (B = undo): the session
  is a replay prefix, so undo is exact.
- the first campaign level ever started shows the mode's how-to over the board (remembered).
- pause (START, or B with nothing left to undo): the shared pause menu - resume, wait a turn,
  restart, how to play, words, leave (after a question; the level is saved). Every accepted action
  saves the game in progress (an appliance may lose power at any moment), and so do leaving and
  closing the screen any other way (back to the main menu); Continue in the hub resumes it.
"""

from __future__ import annotations

from game.modes.quest.game import WAIT
from game.ui import onboarding
from game.ui.modes.quest.run import LevelKeeper, LevelRun
from game.ui.scenes.dialog import DISABLED


class LevelFlow:
    run: LevelRun | None = None
    standalone = False          # opened for one level (hub, map): leaving closes the screen

    def start_level(self, lid: str, context: str = "free", resume: bool = True) -> bool:
        run = LevelRun(self.app, lid, context)
        why = run.refusal()
        if why:
            self.message = why
            self.app.toast(why)
            return False
        self.run = run
        session, note = run.begin(resume)
        session.match.keeper = LevelKeeper(run, session)   # saved after every action, undo and redo
        self.session = session
        self.level_id = lid
        self.aim, self.mode = 1, 0
        self.message = note or session.level.title or lid
        self.dirty = True
        self.howto_pending = run.in_campaign      # a first-time player's way in: the campaign
        self.show_howto()
        return True

    def show_howto(self) -> None:
        """The first-game how-to over the board, once this screen is on top (a level started
        while the screen is being built waits for its `enter`)."""
        if getattr(self, "howto_pending", False) and self.app.top is self:
            self.howto_pending = False
            onboarding.first_game_howto(self.app, "quest")

    def after_turn(self) -> None:
        """Called after every accepted action (the Match's keeper has saved it: a power cut loses
        nothing): the win and death boxes."""
        g = self.game
        if g.status == "won":
            lines = self.run.won(g) if self.run else []
            self.message = f"Solved in {g.moves} moves, {g.pushes} pushes! " + " ".join(lines)
            self.app.sound.play("victory")
            self.app.open("choice", title=f"Solved: {g.moves} moves, {g.pushes} pushes",
                          options=[(line, DISABLED) for line in lines] + self._won_options())
        elif g.status == "lost":
            self.message = "You died. B undoes."
            self.app.open("choice", title="You died", on_cancel=self.undo_step, options=[
                ("Undo the last step", self.undo_step), ("Restart the level", self.restart_level),
                ("Leave the level", self.leave_level)])

    def _won_options(self) -> list:
        again = ("Play again (beat your best)", self.restart_level)
        if self.run and self.run.in_campaign:
            return [("Back to the map", self.leave_level), again, ("Look at the board", None)]
        out = []
        ids = getattr(self.app.stack[-2] if len(self.app.stack) > 1 else None, "ids", None) if self.standalone else self.ids
        if ids and self.level_id in ids and ids.index(self.level_id) + 1 < len(ids):
            out.append(("Next level", lambda: self.next_level(ids[ids.index(self.level_id) + 1])))
        return out + [("Back to the list", self.leave_level), again, ("Look at the board", None)]

    def next_level(self, lid: str) -> None:
        self.run.leave(self.session)
        self.start_level(lid, "free")

    def undo_step(self) -> None:
        self.session.undo()
        self.dirty = True

    def restart_level(self) -> None:
        self.session.restart()
        self.message = "restarted (X redoes the moves)"
        self.dirty = True

    def pause(self) -> None:
        """The shared pause menu: wait a turn (one-handed: it is no button of the board's), restart,
        how to play, words; leaving asks first and keeps the level saved."""
        onboarding.open_pause(self.app, "quest", title=self.session.level.title or self.level_id, bots=False,
                              extras=[("Wait a turn", lambda: self.act([WAIT])),
                                      ("Restart the level", self.restart_level)],
                              leave_label="Leave the level",
                              leave_question="Leave this level? It is saved: Continue brings it back.",
                              on_leave=self.leave_level)

    def leave_level(self) -> None:
        if self.run is not None and self.session is not None:
            self.run.leave(self.session)
        self.session = None
        self.dirty = True
        if self.standalone and self.app.top is self:
            self.app.back()

    def close(self) -> None:
        if self.run is not None and self.session is not None:
            self.run.leave(self.session)
            self.session = None
        super().close()
