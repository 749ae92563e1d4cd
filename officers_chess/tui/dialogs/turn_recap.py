"""The other side's last turn again, on the map: each activation's path and blows, stepped through with the arrows."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Unit
from officers_chess.session.board_view import Overlays
from officers_chess.session.lookout import Marks, walk_legend, walk_marks
from officers_chess.session.map_fit import LARGE, WIDE, fits
from officers_chess.session.turn_recap import RecapStep
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.map_view import MapView

KEYS = "←→ step · Home/End first/last · Esc closes"
MAP_SHARE = 0.7  # the most of the width the map takes (its max-width below)
SIDE_MIN = 24  # columns the account beside the map keeps (its min-width below)
CHROME_ROWS = 2  # the line above (whose turn, which step) and the keys' line below


class RecapBoard:
    """One step of the recap in the shape MapView draws from (its `controller`) and marks (its `lookout`)."""

    focus_unit: Unit | None = None  # no strike tints: the marks say what happened

    def __init__(self, steps: list[RecapStep], cursor: Pos) -> None:
        self.steps = steps
        self.index = len(steps) - 1  # opens on the last activation: the one that just ended
        self.cursor = cursor
        self.selected: str | None = None
        self.follow()

    @property
    def step(self) -> RecapStep:
        return self.steps[self.index]

    @property
    def view(self) -> Known:
        return self.step.known

    def visible(self) -> frozenset[Pos] | None:
        return self.step.sight

    def overlays(self) -> Overlays:
        return Overlays(targets=frozenset(b.target for b in self.step.blows if b.target is not None))

    def marks(self) -> Marks:
        return walk_marks(self.step.path, [(blow.origin, blow.target) for blow in self.step.blows])

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, index))
        self.follow()

    def follow(self) -> None:
        """The cursor on what the step is about; the acting unit marked where the reader still sees it."""
        focus = self.step.focus
        if focus is not None:
            self.cursor = focus
        shown = {u.id for u in self.view.living()}
        self.selected = self.step.unit_id if self.step.actor and self.step.unit_id in shown else None


class TurnRecapScreen(ModalScreen[None]):
    """The map as the reader knew it after each of the other side's activations, with what that activation did."""

    DEFAULT_CSS = """
    TurnRecapScreen { align: center middle; }
    TurnRecapScreen > Vertical { width: 100%; height: 100%; background: $surface; }
    TurnRecapScreen #recap-head { height: 1; background: $boost; padding: 0 1; }
    TurnRecapScreen #recap-main { height: 1fr; }
    TurnRecapScreen MapView { width: auto; max-width: 70%; height: auto; max-height: 100%; border: round $accent; }
    TurnRecapScreen #recap-side { width: 1fr; min-width: 24; height: 100%; border: round $panel; padding: 0 1;
                                  overflow-y: auto; }
    TurnRecapScreen #recap-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("left,h,comma", "step(-1)", "Back", show=False),
        Binding("right,l,period,space,enter", "step(1)", "Next", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("escape,v,q", "close", "Close", show=False),
    ]

    def __init__(self, steps: list[RecapStep], cursor: Pos, whose: str) -> None:
        super().__init__()
        if not steps:
            raise ValueError("a recap needs at least one step")
        self.board = RecapBoard(list(steps), cursor)
        self.whose = whose  # "The defender's turn"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="recap-head")
            with Horizontal(id="recap-main"):
                map_view = MapView(self.board, self.board)  # type: ignore[arg-type]  # RecapBoard has what both read
                map_view.border_title = "after it"
                yield map_view
                yield Static(id="recap-side")
            yield Static(KEYS, id="recap-keys")

    def on_mount(self) -> None:
        self._show()

    def on_resize(self, event: events.Resize) -> None:
        # With room to spare, the map in large blocks as in battle (rulings L118); else two cells a tile, scrolling
        # where the map is wider or taller than the room, as the recap always drew it.
        battle_map = self.board.view.map
        room = (min(int(event.size.width * MAP_SHARE), event.size.width - SIDE_MIN), event.size.height - CHROME_ROWS)
        large = fits(LARGE, battle_map.width, battle_map.height, room)
        self.query_one(MapView).fit(LARGE if large else WIDE, whole=large)

    def _show(self) -> None:
        board, step = self.board, self.board.step
        head = Text.assemble((f" {self.whose} ", "bold reverse"),
                             f" step {board.index + 1} of {len(board.steps)} · round {step.round}")
        self.query_one("#recap-head", Static).update(head)
        body = Text(step.caption() + "\n", "bold")
        for line in step.lines:
            body.append(line + "\n")
        if not step.path and not step.blows:
            body.append("\nNothing of it was in your sight on the map.\n", "grey62")
        else:
            body.append("\n" + walk_legend() + "\n", palette().note)
        self.query_one("#recap-side", Static).update(body)
        map_view = self.query_one(MapView)
        map_view.redraw()

    def action_step(self, delta: int) -> None:
        self.board.go(self.board.index + delta)
        self._show()

    def action_jump(self, index: int) -> None:
        self.board.go(index if index >= 0 else len(self.board.steps) - 1)
        self._show()

    def action_close(self) -> None:
        self.dismiss(None)
