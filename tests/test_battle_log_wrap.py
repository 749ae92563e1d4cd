"""The battle log wraps its lines to the width it has after every resize: no line stays wrapped narrow on a wide
terminal, and none written wide is cut when the terminal shrinks (the real app, driven by keys)."""

from __future__ import annotations

from pathlib import Path

from pilot_helpers import wait_until, walk_cursor, widget_rows
from textual.widgets import RichLog

from officers_chess.content.loaders import load_scenario
from officers_chess.tui.app import OfficersChessApp

AXES = Path(__file__).parent / "fixtures" / "ratings_axe_contact.yaml"


def _flat(rows: list[str]) -> str:
    """The words inside a box's rows, without its side borders and its scrollbar's column."""
    return " ".join(" ".join(row[1:-2] for row in rows).split())


async def test_the_log_rewraps_when_the_terminal_grows_and_when_it_shrinks():
    app = OfficersChessApp(scenario=load_scenario(AXES), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(RichLog)
        first = screen.logs.lines(None)[0]  # written at 80 columns: wrapped there
        assert len(first) > 40 and first not in widget_rows(app, log)[1]
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        await pilot.pause()
        assert first in widget_rows(app, log)[1], widget_rows(app, log)  # one row now that it has the room
        # An exchange told at 160 columns: its lines are long.
        await walk_cursor(pilot, screen, (7, 5))
        await pilot.press("enter")
        await walk_cursor(pilot, screen, (8, 5))
        await pilot.press("enter", "a", "enter")
        await pilot.pause()
        told = screen.logs.lines(None)
        long = [line for line in told if len(line) > 50]
        assert long and any(line in row for row in widget_rows(app, log) for line in long)
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: " ".join(told[-1].split()) in _flat(widget_rows(app, log)[1:-1]))
        rows = widget_rows(app, log)
        shown = _flat(rows[1:-1])
        assert " ".join(told[-1].split()) in shown, (told[-1], rows)  # the newest line whole, wrapped to 80×24
        width = log.content_region.width
        assert all(strip.cell_length <= width for strip in log.lines)  # nothing runs past the box to be cut


def shown_words(app, log) -> str:
    return " ".join(" ".join(row[1:-3] for row in widget_rows(app, log)[1:-1]).split())


async def test_the_whole_log_dialog_rewraps_when_the_terminal_grows_and_shrinks():
    from officers_chess.tui.dialogs.recap import RecapScreen

    long = " ".join(f"word{n:02}" for n in range(1, 13))  # 83 characters: more than the dialog holds at 80
    app = OfficersChessApp(scenario=load_scenario(AXES), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RecapScreen([f"Line {n}." for n in range(30)] + [long]))
        await pilot.pause()
        log = app.screen.query_one(RichLog)
        assert not any(long in row for row in widget_rows(app, log))  # wrapped at 80 columns
        await pilot.resize_terminal(200, 40)
        await wait_until(pilot, lambda: any(long in row for row in widget_rows(app, log)))
        assert any(long in row for row in widget_rows(app, log))  # one row at 200
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: long in shown_words(app, log))
        shown = shown_words(app, log)
        assert long in shown  # whole again, wrapped at 80
