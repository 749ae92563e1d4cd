"""The side pane's script at a glance: a unit's roles and where its orders come from, each event in one line."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.editing.script_summary import event_summary, unit_marks
from officers_chess.tui.widgets.editor_canvas import OBJECTIVE_MARKS

ROOT = Path(__file__).resolve().parents[1]


def test_roles_and_orders_per_unit_and_one_line_per_event() -> None:
    ashby = (ROOT / "scenarios" / "ashby_raid.yaml").read_text(encoding="utf-8")
    assert unit_marks(ashby)[("attacker", 0)].startswith("Saboteur")
    lantern = (ROOT / "scenarios" / "lantern_patrol.yaml").read_text(encoding="utf-8")
    marks = unit_marks(lantern)
    assert marks[("defender", 0)] == "group orders: 1 line" and marks[("defender", 4)] == "group orders: 2 lines"
    assert event_summary(lantern) == ("attacker enters riverbank → note, orders for Sabra, Holt, Ivo, Gerd",)
    own = lantern.replace("  - {name: Rask, class: Brigand, items: [Iron Axe], at: [3, 6]}",
                          "  - {name: Rask, class: Brigand, items: [Iron Axe], at: [3, 6], roles: [Leader], "
                          "orders: [{do: hold}, {do: flee}]}")
    assert own != lantern and unit_marks(own)[("attacker", 0)] == "Leader · orders: 2 lines"


def test_objective_marks_cannot_be_read_as_unit_letters() -> None:
    assert not any(mark.isalpha() for mark in OBJECTIVE_MARKS.values())
    assert len(set(OBJECTIVE_MARKS.values())) == len(OBJECTIVE_MARKS)
