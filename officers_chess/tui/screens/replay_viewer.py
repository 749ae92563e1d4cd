"""The replay viewer: a saved battle shown action by action on the map, forwards and back, a round at a time."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.content.saves import SavedBattle
from officers_chess.session.controller import BattleController
from officers_chess.session.lookout import Marks, walk_legend, walk_marks
from officers_chess.session.map_fit import FRAME, LARGE, WIDE, fits
from officers_chess.session.replay_frames import Frame, frames
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.unit_sheet import UnitSheet

TOLD_MIN = 40  # columns the "What happened" panel keeps beside the map
CHROME_ROWS = 2  # the line above (which action) and the footer
SHEET_ROWS = 9  # the unit sheet under the map, its frame included
LEFT_MIN = 46  # the map's column at its narrowest: the unit sheet's stats line whole
TOLD_LEAST = 30  # columns the "What happened" panel keeps whatever the unit sheet would take


class Trail:
    """The replay's marks on the map, as the computer's turn again (`v`) draws them (`walk_marks`): the way the
    step's move walked, and an attack's tile it came from and the one it struck."""

    def __init__(self) -> None:
        self.now = Marks()

    def show(self, frame: Frame) -> None:
        self.now = walk_marks(frame.path, [frame.struck] if frame.struck is not None else [])

    def marks(self) -> Marks:
        return self.now


class ReplayViewer(Screen):
    """Steps through a saved battle: ← → one action, [ ] one round, Home / End the ends."""

    DEFAULT_CSS = """
    ReplayViewer { layout: vertical; }
    #where { height: 1; background: $boost; }
    #replay-main { height: 1fr; }
    #replay-left { width: 46; }  /* on_resize sets it: the map's width, at least LEFT_MIN */
    ReplayViewer MapView { width: auto; height: auto; max-height: 100%; border: round $primary; }
    #told { width: 1fr; height: 100%; border: round $panel; padding: 0 1; }  /* one place, whatever it says */
    ReplayViewer UnitSheet { height: auto; border: round $panel; padding: 0 1; }
    """
    BINDINGS = [
        Binding("right,l,space", "step(1)", "Next", key_display="→"),
        Binding("left,h", "step(-1)", "Back", key_display="←"),
        Binding("right_square_bracket", "round(1)", "Next round", key_display="]"),
        Binding("left_square_bracket", "round(-1)", "Round back", key_display="["),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("q,escape", "close", "Close"),
    ]

    def __init__(self, saved: SavedBattle, at_end: bool = False) -> None:
        """`at_end`: open on the last action (the final board: from a battle's result), else on the first."""
        super().__init__()
        self.saved = saved
        self.frames = frames(saved)
        self.index = len(self.frames) - 1 if at_end else 0
        self.controller = BattleController(saved.start)
        self.trail = Trail()

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-left"):
                map_view = MapView(self.controller, self.trail)
                map_view.border_title = Text(self.saved.loaded.battle_map.name)  # as the map file spells it
                yield map_view
                yield UnitSheet()
            told = Static(id="told")
            told.border_title = "What happened"
            yield told
        yield compact_footer()

    def on_mount(self) -> None:
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        # With room to spare, the map in large blocks as in battle (rulings L118); else two cells a tile, scrolling
        # where the map is wider or taller than the room, as the viewer always drew it.
        battle_map = self.saved.loaded.battle_map
        room = (event.size.width - TOLD_MIN, event.size.height - CHROME_ROWS - SHEET_ROWS)
        large = fits(LARGE, battle_map.width, battle_map.height, room)
        scale = LARGE if large else WIDE
        self.query_one(MapView).fit(scale, whole=large)
        # The column is as wide as the map (and its scroll bar, where it may scroll), never so wide that a long line
        # of the unit sheet takes the "What happened" panel's room: the sheet wraps instead (a play-test saw the
        # panel vanish on every move step at 80×24, the sheet spread across the screen).
        cells = scale.size(battle_map.width, battle_map.height)[0] + FRAME + (0 if large else 1)
        self.query_one("#replay-left").styles.width = min(max(LEFT_MIN, cells), event.size.width - TOLD_LEAST)

    def _show(self) -> None:
        frame = self.frames[self.index]
        last = self.frames[-1].number
        self.controller = BattleController(frame.known)
        active = frame.known.active_unit
        self.controller.cursor = active.pos if active else self.controller.cursor
        map_view = self.query_one(MapView)
        map_view.controller = self.controller
        self.trail.show(frame)
        map_view.redraw()
        state = frame.known
        where = Text.assemble((f" Replay: {self.saved.record.scenario.title} ", "bold"),
                              f"· action {frame.number} of {last} · round {frame.round}")
        self.query_one("#where", Static).update(where)
        told = Text(frame.words + "\n\n", "bold")
        told.append(frame.told)
        if frame.path or frame.struck:  # what the marks on the map mean, so they read without colour
            told.append("\n\n" + walk_legend(), "grey62")
        if state.result is not None:  # the end, in the panel (the header line must fit 80 columns)
            told.append(f"\n\nThe battle is over: {state.result.reason}.", "bold")
        if frame.problem:
            told.append(f"\n\n{frame.problem}; the replay stops here.", "bold red")
        self.query_one("#told", Static).update(told)
        sheet = self.query_one(UnitSheet)
        sheet.display = active is not None
        if active is not None:
            sheet.show_unit(active, state.map.terrain_at(active.pos))

    def action_step(self, delta: int) -> None:
        self.index = min(max(self.index + delta, 0), len(self.frames) - 1)
        self._show()

    def action_round(self, delta: int) -> None:
        """] to the first action of the next round; [ to the first of this round, or from there of the one before
        (as a player's "back to the start of the chapter")."""
        here = self.frames[self.index].round
        starts = [i for i, f in enumerate(self.frames) if i == 0 or f.round != self.frames[i - 1].round]
        if delta > 0:
            later = [i for i in starts if self.frames[i].round > here]
            self.index = later[0] if later else len(self.frames) - 1
        else:
            earlier = [i for i in starts if i < self.index]
            self.index = earlier[-1] if earlier else 0
        self._show()

    def action_close(self) -> None:
        """Back to the screen it was opened from (the title's Load, a battle's result); from `officers-chess
        replay`, out of the program."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

    def action_jump(self, where: int) -> None:
        self.index = 0 if where == 0 else len(self.frames) - 1
        self._show()
