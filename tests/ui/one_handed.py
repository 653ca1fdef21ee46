"""Scripts that play each of the five modes from the title screen to its result the way a new
player holding the unit in one hand would: the d-pad, A and B (issue 20, done-when). Each script
counts the presses it makes; a press of another button (START, SELECT, X, Y, L, R) is counted
apart: it means the mode cannot yet be played one-handed there.

`python tests/ui/one_handed.py` (from the repo root) prints the presses per mode; docs/ui.md keeps
the figures measured before and after issue 20 with these same scripts. The scripts read only
the screens' public state (the game, the cursor, the chooser) and pick moves with the modes' own
bots, so a screen's rework does not change what is played, only how many presses it takes.
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ui_harness import walk_cursor

from game.ui import scripted_input
from hw.input.buttons import Button as B
from hw.input.buttons import EventKind

ONE_HAND = {B.UP, B.DOWN, B.LEFT, B.RIGHT, B.A, B.B}
MODES = ("skirmish", "duel", "bout", "quest", "gdl")


@dataclass
class Played:
    mode: str
    presses: Counter = field(default_factory=Counter)
    result: str = ""                     # the scene (or state) the game ended on

    @property
    def total(self) -> int:
        return sum(self.presses.values())

    @property
    def other_buttons(self) -> dict[str, int]:
        return {b.name: n for b, n in self.presses.items() if b not in ONE_HAND}


class Player:
    """Presses buttons on an App through its scripted input source (the real input path) and
    counts every press that reaches a scene (a chord counts each of its buttons)."""

    def __init__(self, app, mode: str) -> None:
        self.app = app
        self.played = Played(mode)
        real = app.dispatch

        def counted(ev):
            if ev.kind is EventKind.PRESS and ev.button is not None:
                self.played.presses[ev.button] += 1
            return real(ev)
        app.dispatch = counted
        self.quit_by = ""                        # who stopped the app, if anything did (a failure says)
        real_quit = app.quit

        def quit_logged(code: int = 0):
            import traceback
            self.quit_by = "".join(traceback.format_stack(limit=6))
            return real_quit(code)
        app.quit = quit_logged

    def press(self, *buttons, frames: int = 1) -> None:
        if not self.app.running:
            raise AssertionError(f"{self.played.mode}: the app stopped; scenes {self.stack()}; by {self.quit_by}")
        scripted_input.press(self.app, *buttons, frames=frames)

    def chord(self, *buttons) -> None:
        """Hold the buttons together, then let them go (a diagonal on the d-pad)."""
        scripted_input.hold(self.app, *buttons)
        scripted_input.release(self.app, *buttons)
        self.app.run_frames(1)

    @property
    def top(self):
        return self.app.top

    def stack(self) -> list[str]:
        return [s.scene_name for s in self.app.stack]

    def wait(self, pred, what: str, frames: int = 20000) -> None:
        for _ in range(frames):
            if pred():
                return
            self.app.step()
            time.sleep(0)
        raise AssertionError(f"{self.played.mode}: waited in vain for {what}; scenes {self.stack()}")

    def to_line(self, label: str) -> None:
        """Down the top scene's list to the line starting with `label`."""
        menu = self.top.menu
        for _ in range(len(menu.items) + 1):
            if menu.current is not None and menu.current.label.startswith(label):
                return
            self.press(B.DOWN)
        raise AssertionError(f"no line {label!r} in {self.stack()[-1]}")

    def from_title(self, label: str) -> None:
        """The title screen, A, then the main menu's line `label`, A."""
        self.press(B.A)
        if self.stack()[-1] == "message":
            self.press(B.A)
        assert self.stack() == ["menu"], self.stack()
        self.to_line(label)
        self.press(B.A)

    def skip_howto(self) -> None:
        """A first game's how-to over the board: A plays (read, then go)."""
        if self.stack()[-1] == "howto":
            self.press(B.A)


# --- Skirmish ---------------------------------------------------------------------------------------
def skirmish(p: Player) -> None:
    """Set-up: army size down to 2 (a quick battle), Form armies and fight, Done; then each piece
    walks as far towards the enemy as it may and attacks what is in reach."""
    p.from_title("Skirmish")
    p.to_line("Army size")
    for _ in range(7):
        p.press(B.LEFT)
    p.to_line("Form armies")
    p.press(B.A)
    assert p.stack()[-1] == "skirmish_formation", p.stack()
    p.press(B.A)                                  # Done
    p.skip_howto()                                # the first battle's how-to over the board
    sc = p.top
    assert sc.scene_name == "skirmish_battle", p.stack()
    g = sc.game

    def my_turn():
        return p.stack()[-1] != "skirmish_battle" or (
            sc.control.my_turn() and g.phase == "select" and not sc.anim.busy and p.app.top is sc)

    def cursor(cell):
        if not walk_cursor(sc, cell, p.press, 80):
            raise AssertionError("the cursor did not get there")

    for _ in range(400):
        p.skip_howto()
        p.wait(my_turn, "the human's turn")
        if p.stack()[-1] != "skirmish_battle":
            break
        if sc.control.selected < 0 or not g.can_act(g.pieces[sc.control.selected]):
            cursor(g.movable_pieces()[0].cell)
            p.press(B.A)
        piece = g.pieces[sc.control.selected]
        enemies = [e for e in g.pieces if e.alive and e.seat != piece.seat]
        dest = max([piece.cell] + g.reach(piece).cells(),
                   key=lambda c: (bool(g.targets_from(piece, c)),
                                  -min(g.grid.distance(c, e.cell) for e in enemies), -c))
        cursor(dest)
        p.press(B.A)                              # walk there (or stay)
        targets = g.targets_from(piece, dest)
        cursor(targets[0].cell if targets else dest)
        p.press(B.A)                              # attack, or wait
        p.wait(lambda: not sc.anim.busy and not sc.camera.moving, "the animations")
    p.played.result = p.stack()[-1]


# --- Wizard duel -----------------------------------------------------------------------------------
def _choice(p: Player, startswith: str) -> None:
    sc = p.top
    assert sc.scene_name == "choice", p.stack()
    for _ in range(len(sc.menu.items) + 1):
        if sc.menu.current.label.startswith(startswith):
            p.press(B.A)
            return
        p.press(B.DOWN)
    raise AssertionError(f"no line {startswith!r}")


def _bot_turn(game, seat: int, policy):
    """The bot's whole turn for `seat` on a copy of `game`: (the cells it steps on, its final action)."""
    from game.modes.duel import DuelGame
    sim = DuelGame.restore(None, game.snapshot())
    cells = []
    for _ in range(8):
        a = policy.choose(sim.view(seat))
        if a.kind != "step":
            return cells, a
        sim.apply(a)
        cells.append(sim.state.wizards[seat].pos)
    raise AssertionError("the bot stepped more than five times")


def _cursor_presses(sc, dest: int) -> list:
    """The fewest d-pad presses that bring the duel's cursor to `dest` (a search over the screen's
    own cursor rule)."""
    from game.ui.modes.duel.board_keys import cursor_step
    start, reach, n = sc.keys.cursor_cell(), sc.keys.reach(), sc.size
    back, todo = {start: None}, [start]
    for c in todo:
        if c == dest:
            break
        for b in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
            nxt = cursor_step(n, c, b, reach)
            if nxt not in back:
                back[nxt] = (c, b)
                todo.append(nxt)
    out, c = [], dest
    while back[c] is not None:
        c, b = back[c]
        out.append(b)
    return out[::-1]


def _walk(p: Player, sc, cells: list[int]) -> None:
    """Walk where the bot's steps lead: the cursor to the furthest of its cells the screen can walk
    to now (the bot may see more after its first steps) and A; again until there (B leaves the
    bar a walk opens early). Then the action bar is open."""
    from game.ui.modes.duel.board_keys import walk_path
    for _ in range(5):
        v = sc.match.view(sc.match.viewer())
        if not cells or v.pos == cells[-1]:
            break
        dest = next((c for c in reversed(cells) if c != v.pos and walk_path(v, c) is not None), None)
        if dest is None:
            break
        presses = _cursor_presses(sc, dest)
        if sc.keys.bar_open and presses[0] not in (B.UP, B.DOWN):
            p.press(B.B)                              # (Up / Down leave the bar by themselves)
        for button in presses:
            p.press(button)
        assert sc.keys.cursor_cell() == dest, (sc.keys.cursor_cell(), dest)
        p.press(B.A)                                  # walk there: the action bar opens
    if not sc.keys.bar_open:
        if sc.keys.cursor_cell() != sc.match.view(sc.match.viewer()).pos:
            p.press(B.B)                              # the cursor back on the wizard
        p.press(B.A)                                  # A on your wizard: the bar


def duel(p: Player) -> None:
    """Against a bot on the smallest level (Options: level size), each turn the hard bot's choice
    for you: the cursor to the square it walks to and A (the walk; the action bar opens), then
    Left/Right along the bar to its final action (a spell, the potion here, the bag, End turn), A."""
    from game.modes.duel.bot import DuelBot
    from game.ui.modes.duel.setup_menu import host_options
    p.from_title("Wizard duel")
    p.to_line("Options")
    p.press(B.A)
    assert p.stack()[-1] == "duel_options", p.stack()
    p.press(B.DOWN)
    for _ in range(40):
        if host_options().options.level_size <= 13:
            break
        p.press(B.LEFT)
    p.press(B.B)
    while p.top.menu.current.label != "Against a bot":
        p.press(B.UP)
    p.press(B.A)
    policy = DuelBot("hard")
    for _ in range(1000):
        p.skip_howto()
        sc = p.top
        if sc.scene_name != "duel_game":
            break
        p.wait(lambda sc=sc: p.top is not sc or (sc.curtain is None and sc.match.human_to_move() and not sc.busy()
                                                and sc.over_at is None) or sc.game.is_over(), "your turn")
        if p.top is not sc or sc.game.is_over():
            p.wait(lambda: p.stack()[-1] != "duel_game", "the results")
            continue
        cells, final = _bot_turn(sc.game, sc.match.viewer(), policy)
        _walk(p, sc, cells)
        if p.top is not sc or sc.game.is_over() or not sc.keys.bar_open:
            continue
        want = {"end": "end", "cast": f"spell{final.arg}", "drink_ground": "drink", "pick_up": "pick",
                "drink": "bag"}[final.kind]
        items = [it.key for it in sc.keys.items()]
        if want not in items:                       # the walk went another way than the bot's
            want = "end"
        target, k = items.index(want), len(items)
        right = (target - sc.keys.focus) % k
        for _ in range(min(right, k - right)):
            p.press(B.RIGHT if right <= k - right else B.LEFT)
        p.press(B.A)
        if final.kind == "drink" and want == "bag":
            _choice(p, f"{final.arg + 1} ")
    else:
        sc = p.top
        raise AssertionError(f"duel: no end after 1000 turns; scenes {p.stack()}, over "
                             f"{getattr(getattr(sc, 'game', None), 'is_over', lambda: '?')()}, {p.played.presses}")
    p.played.result = p.stack()[-1]


# --- Steel bout ------------------------------------------------------------------------------------
def bout(p: Player) -> None:
    """Fight (the set-up's defaults); each declaration is what the screen offers first (A), or
    Done (B) when that cannot be declared."""
    p.from_title("Steel bout")
    p.press(B.A)                                  # Fight
    p.skip_howto()
    sc = p.top
    for _ in range(5000):
        p.skip_howto()
        if sc.game.is_over() or p.top is not sc:
            break
        p.wait(lambda: sc.game.is_over() or (sc.chooser is not None and p.top is sc) or p.top is not sc,
               "your declaration")
        if sc.game.is_over() or p.top is not sc:
            break
        if getattr(sc, "curtain", None) is not None:
            p.press(B.A)
            continue
        p.press(B.A if sc.chooser.check() else B.B)
    assert sc.game.is_over(), p.stack()
    p.app.run_frames(2)
    p.played.result = f"{p.stack()[-1]} (over)"


# --- Hex quest -------------------------------------------------------------------------------------
def quest(p: Player) -> None:
    """The campaign's first level, walked by its shipped solution, one press a step: N and S on
    UP/DOWN, LEFT/RIGHT the hex beside the player in its row, the d-pad's corners (two arrows held
    together, counted as two presses here) the other diagonals (quest_keys.py)."""
    from quest_keys import step_buttons

    from game.core.replay import load_replay
    from game.modes.quest.catalog import solution_path
    p.from_title("Hex quest")
    for _ in range(6):                            # the hub, the campaign map: A on what is offered first
        if p.stack()[-1] == "quest_board":
            break
        p.press(B.A)
    sc = p.top
    assert sc.scene_name == "quest_board", p.stack()
    p.skip_howto()
    for a in load_replay(solution_path(sc.level_id)).actions:
        if sc.game.status != "play" or p.top is not sc:
            break
        buttons = step_buttons(sc, list(a)[1])
        if len(buttons) == 1:
            p.press(buttons[0])
        else:
            p.chord(*buttons)
    p.app.run_frames(3)
    p.played.result = f"{p.stack()[-1]} ({sc.game.status})"


# --- Xconq module ------------------------------------------------------------------------------------
def _cursor_path(sc, target: int) -> list:
    """The shortest d-pad path of the hex cursor to `target` (the cursor's own moves, searched)."""
    from collections import deque
    start = (sc.cursor, sc.want_x)
    seen = {start: None}
    todo = deque([start])
    keep = start
    try:
        while todo:
            s = todo.popleft()
            if s[0] == target:
                out = []
                while seen[s] is not None:
                    s, b = seen[s]
                    out.append(b)
                return out[::-1]
            for b in (B.UP, B.DOWN, B.LEFT, B.RIGHT):
                sc.cursor, sc.want_x = s
                sc.move_cursor(b)
                n = (sc.cursor, sc.want_x)
                if n not in seen:
                    seen[n] = (s, b)
                    todo.append(n)
    finally:
        sc.cursor, sc.want_x = keep
    raise AssertionError("the cursor cannot reach the cell")


def gdl(p: Player, max_actions: int = 3000) -> None:
    """Tactibox's own module against bots; each action the module's bot chooses for you: the
    cursor to the unit, A (pick), the cursor to the target, A (a menu with more than one thing to
    do there: its line); the unit's own orders (make, build, board...) are A on the picked unit
    itself. Ending the turn: A where no unit of yours can act ("End the turn?", Yes chosen when
    none can; else the turn menu's "End the turn now")."""
    from game.modes.gdl.match import BotSeat
    from game.ui.modes.gdl import orders
    p.from_title("Xconq modules")
    p.press(B.A)                                  # Tactibox's module, you against bots
    p.skip_howto()
    sc = p.top
    assert sc.scene_name == "gdl_game", p.stack()
    g = sc.game
    me = BotSeat()

    def end_turn():
        if sc.selected is not None:
            p.press(B.B)                          # let go of the unit
        if sc.my_units():                         # a cell without a unit of yours that can act
            free = [c for c in g.w.grid.cells
                    if not any(g.can_act(g.units[i]) and g.units[i].side == g.side for i in sc.ids_at(c))]
            for b in _cursor_path(sc, min(free, key=lambda c: g.w.grid.distance(c, sc.cursor))):
                p.press(b)
            p.press(B.A)
            _choice(p, "End the turn now")
        else:
            p.press(B.A)                          # "All your units have acted. End the turn?"
            assert p.stack()[-1] == "confirm", p.stack()
            p.press(B.A)                          # Yes is chosen

    for _ in range(max_actions):
        p.skip_howto()
        p.wait(lambda: g.over or (sc.human_turn() and p.top is sc and sc.curtain is None), "your turn")
        if g.over:
            break
        action = me.choose(g)
        if not hasattr(action, "unit"):
            end_turn()
            continue
        uid = action.unit
        own = action in orders.own_orders(g, uid)
        for b in _cursor_path(sc, g.cell_of(g.units[uid])):
            p.press(b)
        if sc.selected not in (None, uid):
            p.press(B.B)                          # let go of the unit picked for you
        while sc.selected != uid:
            p.press(B.A)
        if not own:
            target = action.cell if hasattr(action, "cell") else g.cell_of(g.units[action.target])
            for b in _cursor_path(sc, target):
                p.press(b)
        before = len(sc.actions)
        p.press(B.A)
        if p.stack()[-1] == "choice":             # orders, or more than one thing to do there
            _choice(p, orders.label(g, action))
        if len(sc.actions) == before:             # not what A does there: end the turn
            while p.stack()[-1] != "gdl_game":
                p.press(B.B)
            end_turn()
    assert g.over, "the module did not end"
    p.wait(lambda: p.stack()[-1] != "gdl_game" or sc.results_open, "the results", 200)
    if p.stack()[-1] == "gdl_game":
        p.press(B.A)
    p.played.result = f"{p.stack()[-1]} (over)"


SCRIPTS = {"skirmish": skirmish, "duel": duel, "bout": bout, "quest": quest, "gdl": gdl}


def play(app, mode: str) -> Played:
    p = Player(app, mode)
    SCRIPTS[mode](p)
    return p.played


def main() -> None:
    import pathlib
    import tempfile
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from ui_harness import new_app
    for mode in sys.argv[1:] or MODES:
        from game.modes.duel.options import DuelOptions
        from game.ui.modes.duel.setup_menu import host_options
        host_options().end_game()
        host_options().change(**DuelOptions().as_dict())
        with tempfile.TemporaryDirectory() as d:
            app = new_app((480, 320), pathlib.Path(d))
            try:
                t = time.time()
                r = play(app, mode)
                print(f"{mode:9} {r.total:5} presses  other buttons {r.other_buttons or '-'}  "
                      f"ended on {r.result}  ({time.time() - t:.0f} s)", flush=True)
            finally:
                app.close()


if __name__ == "__main__":
    main()
