"""The `ui_cursor_32x24` benchmark: a cursor key on the battle screen of The Long March (32×24) to the repainted screen.

The real app (`OfficersChessApp(scenario=The Long March, seed=1)`, two players at the keyboard, no
fog) runs headless in `App.run_test(size=...)`. One sample is one arrow key, sent as a terminal
sends it, to the first frame in which the map was repainted (see ui_frames.py: the frame's
escape sequences built, only the write to the terminal missing). That frame also carries the
status line, the unit sheet and the side pane, which the same key updated. The footer is redrawn
a frame or two later (the screen refreshes its key bindings after every key); that "until quiet"
time is in the notes, not in the median.

The cursor walks one lap of a 12×12 square from the first attacker (48 keys, scrolling the map
at 80×24), twice: browsing (nothing selected: every move redraws the whole map, since hovering
a unit shows its ranges) and moving (a Cavalier selected: the blue tiles stay put and only the
two rows the cursor left and entered are redrawn). Ours is both laps as the app does them.
Baseline: the same laps with the map's row cache bypassed, every move a full-map redraw.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from benchmarks.timing import Timing
from benchmarks.ui_frames import Frame, FrameProbe

from officers_chess.content.loaders import load_scenario
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.widgets.map_view import CURSOR_COLOUR, MapView

SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "long_march.yaml"
SIZES = {"80x24": (80, 24), "200x60": (200, 60)}
SIDE = 12  # the lap's square, in tiles: from the first attacker, far enough down to scroll the map at 80×24


def lap(side: int) -> tuple[str, ...]:
    return ("right",) * side + ("down",) * side + ("left",) * side + ("up",) * side

STEP = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
MODES = ("browse", "moving")


@dataclass
class Laps:
    """Samples of one run of the app: (first frame, until quiet) per key, by mode."""

    first: dict[str, list[int]]
    settled: dict[str, list[int]]
    problems: list[str]

    def timing(self, modes=MODES) -> Timing:
        return Timing(tuple(ns for mode in modes for ns in self.first[mode]))

    def settled_timing(self) -> Timing:
        return Timing(tuple(ns for mode in MODES for ns in self.settled[mode]))


def map_repainted(frame: Frame) -> bool:
    return "MapView" in frame.dirty


def full_redraws(map_view: MapView) -> None:
    """The baseline: every partial repaint becomes a full one (row cache dropped, every row rendered again)."""
    map_view.redraw_rows = lambda *rows: map_view.redraw()  # type: ignore[method-assign]


async def laps(size: tuple[int, int], side: int = SIDE, baseline: bool = False) -> Laps:
    """One lap of the square per mode, browsing then moving, each key timed."""
    app = OfficersChessApp(scenario=load_scenario(SCENARIO), seed=1, autosave=False)  # no save files from a benchmark
    app.collect_quietly()  # the garbage collector's schedule of the `officers-chess` command (tui/collector.py)
    result = Laps({m: [] for m in MODES}, {m: [] for m in MODES}, [])
    async with app.run_test(size=size):
        probe = FrameProbe(app)
        await probe.quiet()
        screen = app.screen
        c = screen.controller
        map_view = screen.query_one(MapView)
        if baseline:
            full_redraws(map_view)
        home = c.cursor  # the first attacker still to act (the controller puts the cursor there)
        await probe.key_to_frame("right", map_repainted)  # untimed warm-up of the key path
        await probe.press("left")
        for mode in MODES:
            if mode == "moving":
                await probe.press("enter")
                if c.mode is not Mode.MOVING:
                    result.problems.append(f"enter on {home} did not select a unit ({c.mode.value})")
                    return result
            for key in lap(side):
                x, y = c.cursor
                dx, dy = STEP[key]
                first, settled = await probe.key_to_frame(key, map_repainted)
                result.first[mode].append(first)
                result.settled[mode].append(settled)
                if c.cursor != (x + dx, y + dy):
                    result.problems.append(f"{key} from {(x, y)} left the cursor on {c.cursor}")
                elif not cursor_drawn(map_view, c.cursor):
                    result.problems.append(f"the map does not show the cursor on {c.cursor} after {key}")
        if c.cursor != home:
            result.problems.append(f"a lap ended on {c.cursor}, not where it started ({home})")
    return result


def cursor_drawn(map_view: MapView, pos: tuple[int, int]) -> bool:
    """Whether the map's painted line shows the cursor's tile (Textual's line API, read back): in reverse video at
    one or two cells a tile, in the cursor's white (or a unit's reversed letter) in the overview's half-blocks."""
    scroll_x, scroll_y = map_view.scroll_offset
    scale = map_view.scale  # the screen fits the map: two cells a tile, one, or two map rows a line
    line = map_view.render_line(pos[1] // scale.rows_per_line - scroll_y)
    cell, x = pos[0] * scale.across - scroll_x, 0
    for segment in line:
        if x <= cell < x + segment.cell_length:
            style = segment.style
            if style is None:
                return False
            if scale.rows_per_line == 1 or style.reverse:
                return bool(style.reverse)
            half = style.color if pos[1] % 2 == 0 else style.bgcolor  # upper tile: the glyph's colour; lower: back
            return half is not None and half.name == CURSOR_COLOUR
        x += segment.cell_length
    return False
