"""One level played from the hub: what happens at its start, its win, its loss and when it is left.

    run = LevelRun(app, "hex/03_dig", "campaign")
    why = run.refusal()                 # "locked: ...", "won; no replays" or ""
    session, note = run.begin(resume=True)
    ... run.won(session.game) -> lines for the player; run.leave(session)

Campaign levels start with `Progress.start_carry` (health refilled when the campaign says so); a
win goes through `Progress.finish` (the replay policy), offers the result to the level's bests,
remembers which levels it opened (the map highlights them) and saves the progress file. Leaving a
level that is not won saves the session (the action list; a lost game too, so it can be undone);
a win removes the save. A campaign save whose carry no longer matches (a level won or an item
bought since) is replayed move by move under the current carry: the moves that still apply are
kept, and the player is told.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from game.modes.base import ActionError
from game.modes.quest.campaign import load_campaign_level
from game.modes.quest.catalog import LevelError, load_level
from game.ui.modes.quest.flow import campaign, level_title, quest_store

if TYPE_CHECKING:
    from game.modes.quest.session import Session

# The quest engine (Session, creatures) is imported where a level is played, not here: the
# title's Continue asks `interrupted` at start-up, before the first frame.

REPLAY_REFUSAL = "won already; this campaign does not allow replays"


class LevelRun:
    def __init__(self, app, lid: str, context: str = "free") -> None:
        self.app = app
        self.lid = lid
        self.store = quest_store(app)
        self.camp = campaign()
        self.context = "campaign" if (context == "campaign" and self.camp is not None
                                      and lid in self.camp.order) else "free"
        self.opened: list[str] = []
        self.done = False           # won once: undoing and winning again only offers a best

    @property
    def in_campaign(self) -> bool:
        return self.context == "campaign"

    def refusal(self) -> str:
        """Why this campaign level cannot be played now ('' when it can)."""
        if not self.in_campaign or self.store.progress.can_play(self.camp, self.lid):
            return ""
        if self.lid in self.store.progress.won:
            return REPLAY_REFUSAL
        prev = [a for a in self.camp.order if self.lid in self.camp.next.get(a, [])]
        return "locked: win " + " or ".join(level_title(p) for p in prev) + " first"

    def load(self):
        """The level as this run plays it: through the campaign (its defaults, e.g. gravity, applied
        to a level that does not set them) or as shipped. LevelError names the problem."""
        if not self.in_campaign:
            return load_level(self.lid)[0]
        try:
            return load_campaign_level(self.camp, self.lid)[0]
        except LevelError:
            raise
        except ValueError as exc:           # a campaign default the level cannot take
            raise LevelError(str(exc)) from None

    def carry(self) -> dict | None:
        return copy.deepcopy(self.store.progress.start_carry(self.camp)) if self.in_campaign else None

    def begin(self, resume: bool = True) -> tuple[Session, str]:
        """The session to play and a note for the player ('' when nothing to say)."""
        level = self.load()
        carry = self.carry()
        note, s = "", None
        if resume:
            s, ctx, note = self.store.load_session(self.lid, level)
            if note in self.store.messages:        # told on the board now, not again in the hub
                self.store.messages.remove(note)
            if s is not None and ctx != self.context:
                note, s = f"the saved game was {ctx} play; the level starts over", None
            elif s is not None and s.carry != carry:
                s, note = self._replay_under(level, carry, s)
            elif s is not None:
                note = f"resumed at move {s.pos}" if s.pos else ""
        if s is None:
            from game.modes.quest.session import Session
            s = Session(level, carry)
        self.store.last = {"level": self.lid, "context": self.context}
        self.store.save()
        return s, note

    @staticmethod
    def _replay_under(level, carry, old: Session) -> tuple[Session, str]:
        from game.modes.quest.session import Session
        s = Session(level, carry)
        for a in old.actions[:old.pos]:
            try:
                s.act(a)
            except ActionError:
                break
        kept = f"all {old.pos}" if s.pos == old.pos else f"{s.pos} of {old.pos}"
        return s, f"your carry changed since this game was saved; replayed {kept} moves with it"

    def leave(self, session: Session) -> None:
        """Save the game in progress (or drop the save of a won or untouched level)."""
        if self.done or session.game.status == "won" or not session.actions:
            self.store.drop_session(self.lid)
        else:
            self.store.save_session(self.lid, self.context, session)

    def won(self, game) -> list[str]:
        """Fold the win into the progress and bests, save; the lines to show."""
        old = self.store.bests.data.get(self.lid)
        lines = []
        if self.store.bests.offer(self.lid, game.moves, game.pushes):
            lines.append("New best!" + (f" (was {old['moves']}/{old['pushes']})" if old else ""))
        else:
            lines.append(f"Best stays {old['moves']}/{old['pushes']}")
        if self.in_campaign and self.done:
            lines.append("already counted in the campaign")
        elif self.in_campaign:
            from game.modes.quest.creatures import player_level
            p = self.store.progress
            before = set(self.camp.open_levels(set(p.won)))
            xp0, coins0, lv0 = p.carry["xp"], p.carry["coins"], player_level(p.carry["xp"])
            p.finish(self.camp, self.lid, game)
            p.carry = copy.deepcopy(p.carry)           # never share lists with the finished game
            self.opened = [x for x in self.camp.open_levels(set(p.won)) if x not in before and x not in p.won]
            self.store.just_opened = list(self.opened)
            lines.append(f"+{p.carry['xp'] - xp0} XP, {p.carry['coins'] - coins0:+d} coins"
                         + (f", level {player_level(p.carry['xp'])}!" if player_level(p.carry["xp"]) > lv0 else ""))
            if self.opened:
                lines.append("Opens " + ", ".join(level_title(x) for x in self.opened))
        self.done = True
        self.store.drop_session(self.lid)
        self.store.save()
        return lines


class LevelKeeper:
    """The keeper of a level's Match (`game.match`): the level's mid-level save after every action,
    undo and redo (a power cut loses nothing); the win is kept by `LevelRun.won`."""

    def __init__(self, run: LevelRun, session: Session) -> None:
        self.run, self.session = run, session

    def progress(self, match) -> None:
        self.run.leave(self.session)

    def keep(self, match, result) -> None:
        self.run.leave(self.session)


def interrupted(app) -> list:
    """The `interrupted` hook of the quest's UI part: the last level played, when it has a save."""
    from datetime import UTC, datetime

    from game.ui.resume import Interrupted
    store = quest_store(app)
    last = store.last
    if not last or not store.has_session(last["level"]):
        return []
    lid = last["level"]
    try:
        when = datetime.fromtimestamp(store.save_path(lid).stat().st_mtime, UTC)
    except OSError:
        return []

    def reopen(app) -> None:
        app.open("quest_hub")
        app.top.resume()
    return [Interrupted("quest", level_title(lid), when, reopen)]


def open_level(app, lid: str, context: str, resume: bool = True) -> bool:
    """Play `lid` on the board: in the campaign (carry, progress) or free play (bests only).
    A level the campaign refuses now (locked, or won under `replay = "no"`) or that cannot be
    read is not opened: a toast says why and the result is False."""
    why = LevelRun(app, lid, context).refusal()
    if not why:
        try:
            load_level(lid)
        except LevelError as exc:          # a campaign naming a level that is missing or broken
            why = str(exc).splitlines()[0]
    if why:
        app.toast(why)
        return False
    app.open("quest_board", level=lid, context=context, resume=resume)
    return True
