"""A unit sheet's item line that wraps goes on indented under its item, so no wrapped part reads as an item (L112)."""

from __future__ import annotations

import re

from rich.console import Console
from test_tutorial_lessons import fresh_guide, named

from officers_chess.tui.widgets.deploy_sheet import own_sheet
from officers_chess.tui.widgets.unit_sheet import ITEM_INDENT, unit_sheet

ITEM_START = re.compile(r"^(▸ |  )\S")  # an item's first line: the equipped mark or two spaces, then its name


def _lines(renderable, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text().splitlines()


def test_only_an_items_first_line_sits_at_the_names_column_at_every_pane_width():
    _, c, _ = fresh_guide()
    for name in ("Hesk", "Corin"):
        unit = named(c, name)
        names = [item.name for item in unit.inventory]
        for width in range(24, 61, 4):  # the unit pane at 80 columns and wider screens
            terrain = c.state.map.terrain_at(unit.pos)
            for sheet in (unit_sheet(unit, terrain), own_sheet(unit, terrain)):  # the battle's and deployment's
                lines = _lines(sheet, width)
                starts = [line[2:] for line in lines if ITEM_START.match(line)]
                assert len(starts) == len(names) and all(s.startswith(n) for s, n in zip(starts, names)), (width, lines)
                assert all(len(line) <= width for line in lines)
    # The tester's case: the Javelin's tag, wrapped, goes on under the Javelin.
    hesk = named(c, "Hesk")
    lines = _lines(unit_sheet(hesk, c.state.map.terrain_at(hesk.pos)), 40)
    after = lines[next(i for i, line in enumerate(lines) if line.startswith("  Javelin")) + 1]
    assert after == " " * ITEM_INDENT + "Inaccurate(1)"
