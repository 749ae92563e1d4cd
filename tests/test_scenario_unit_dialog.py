"""The scenario editor's unit dialog, morale and side rules by keys: a unit added with its class and items picked from
the lists (a class that cannot wield them refused in the loader's words), changed with `c`, the morale set with `M`,
the side's hiring rules with `g`."""

from __future__ import annotations

import shutil
from pathlib import Path

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.side_rules_dialog import MoraleDialog, SideRulesDialog
from officers_chess.tui.dialogs.unit_dialog import UnitDialog
from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

ROOT = Path(__file__).resolve().parents[1]


def error(app) -> str:
    return str(app.screen.query_one(".error").render())


async def test_a_unit_picked_from_the_lists_refused_then_added_changed_and_morale_set(tmp_path):
    path = tmp_path / "yard.yaml"
    shutil.copy(ROOT / "scenarios" / "training_yard.yaml", path)
    before = path.read_text()
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert str(screen.canvas.border_title).startswith("Training Yard · ")  # the scenario's name, its file below
        assert str(screen.canvas.border_subtitle) == "yard.yaml"
        screen._move_cursor((1, 2))
        await pilot.press("a")
        dialog = app.screen
        assert isinstance(dialog, UnitDialog)
        # The class typed to narrow its list and picked; the items list: Down to a row, Enter adds it, in order.
        await pilot.press(*"Ned", "tab", *"cle", "enter")
        assert dialog.unit_class == "Cleric" and dialog.query_one("#items").query_one("Input").has_focus
        await pilot.press(*"sw", "enter", *"vu", "enter")  # the first sword of the list, then the Vulnerary
        assert dialog.items == ["Iron Sword", "Vulnerary"]
        await pilot.press("ctrl+s")
        assert app.screen is dialog and error(app) == "a Cleric cannot wield Iron Sword (sword)"
        dialog.query_one("#classes").query_one("Input").focus()  # back to the class: a Mercenary
        await pilot.press("ctrl+u", *"me", "enter")
        assert dialog.unit_class == "Mercenary"
        assert "wielding Iron Sword" in str(dialog.query_one("#chosen").render())
        dialog.query_one("#role-Leader").value = True
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ScenarioEditorScreen)
        line = "    - {name: Ned, class: Mercenary, items: [Iron Sword, Vulnerary], roles: [Leader], at: [2, 3]}"
        assert screen.draft.text == before.replace("  defender:\n", line + "\n  defender:\n")
        assert screen.problems == []
        await pilot.press("c")  # the same dialog, filled in with the unit as written
        dialog = app.screen
        assert (dialog.query_one("#name").value, dialog.unit_class, dialog.items) == (
            "Ned", "Mercenary", ["Iron Sword", "Vulnerary"])
        dialog.query_one("#crests").focus()
        await pilot.press(*"Owl", "enter")
        assert screen.draft.unit_at((1, 2)).line == 22
        assert screen.draft.text.splitlines()[21] == line.replace("roles: [Leader]", "roles: [Leader], crests: [Owl]")
        await pilot.press("M")
        dialog = app.screen
        assert isinstance(dialog, MoraleDialog)
        # The focused field is framed (the shared dialog CSS), the others not.
        assert dialog.query_one("#start").styles.border_left[0] == "thick"
        assert dialog.query_one("#waver").styles.border_left[0] != "thick"
        await pilot.press(*"5", "tab", *"7", "enter")
        assert app.screen is dialog and "broken <= waver <= start" in error(app)
        await pilot.press("backspace", "4", "enter")
        assert "morale: {start: 5, waver: 4}\n" in screen.draft.text
        await pilot.press("g")  # the side's hiring rules: a class picked, the army's size
        dialog = app.screen
        assert isinstance(dialog, SideRulesDialog)
        dialog.query_one("#classes").query_one("Input").focus()
        await pilot.press(*"arc", "enter")
        dialog.query_one("#max").focus()
        await pilot.press("ctrl+u", "6", "enter")
        assert screen.draft.text.endswith("sides:\n  attacker:\n    classes: [Archer]\n    army: {max: 6}\n")
        await pilot.press("u", "u", "u", "u")
        assert screen.draft.text == before
