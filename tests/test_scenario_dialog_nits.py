"""The scenario editor's dialogs at 80×24 where a play-tester tripped: empty fields that could not be seen, an item
shown before a class was picked, a briefing wrapped at its hard line breaks, events that took two lines each."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Input

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.event_dialog import EventDialog
from officers_chess.tui.dialogs.scenario_settings import SettingsDialog
from officers_chess.tui.dialogs.side_rules_dialog import MoraleDialog, SideRulesDialog

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path, name: str = "lantern_patrol") -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


def _shown(field: Input) -> str:
    """What the field's line shows: its text, or its placeholder when empty."""
    return field.render_line(0).text


def _stands_out(screen, field: Input) -> bool:
    """An empty field is seen when its cells' background differs from the box's around it."""
    region, box = field.region, field.parent.region
    inside = screen.get_style_at(region.right - 1, region.y).bgcolor
    around = screen.get_style_at(box.right - 1, box.y).bgcolor if box.right > region.right else None
    return inside is not None and inside != around


async def test_an_empty_count_or_field_of_an_editor_dialog_is_seen_as_a_field(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        for key, dialog_type in (("g", SideRulesDialog), ("M", MoraleDialog), ("s", SettingsDialog)):
            await pilot.press(key)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, dialog_type)
            empty = [f for f in dialog.query(Input) if not f.value and f.region.height and not f.has_focus]
            assert empty, key
            for field in empty:
                assert _stands_out(dialog, field), (key, field.id)
            if key == "g":
                for role in ("Leader", "Fleeing", "Saboteur"):
                    field = dialog.query_one(f"#role-{role}", Input)
                    assert _shown(field).strip() == "0", role  # none required, and it says so
            await pilot.press("escape")
