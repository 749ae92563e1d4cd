"""The scenario editor's dialogs at 80×24 where a play-tester tripped: empty fields that could not be seen, an item
shown before a class was picked, a briefing wrapped at its hard line breaks, events that took two lines each, the
comment after a war chest lost when the chest changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rich.console import Console
from textual.widgets import Input, OptionList, TextArea

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.editing.scenario_scripts import NOTE_LEAST, ScriptLine, event_line, events
from officers_chess.content.editing.scenario_settings import settings
from officers_chess.session.objectives import reflow
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.event_dialog import EventDialog, EventsDialog
from officers_chess.tui.dialogs.scenario_settings import SettingsDialog, briefing_kept
from officers_chess.tui.dialogs.script_dialog import OrdersDialog
from officers_chess.tui.dialogs.side_rules_dialog import MoraleDialog, SideRulesDialog
from officers_chess.tui.dialogs.unit_dialog import UnitDialog
from officers_chess.tui.widgets.pick_list import PickList

ROOT = Path(__file__).resolve().parents[1]


def _copy(tmp_path: Path, name: str = "lantern_patrol") -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


def _shown(field: Input) -> str:
    """What the field's line shows: its text, or its placeholder when empty."""
    return field.render_line(0).text


def _words(static) -> str:
    """A Static's words as a plain console prints them, wrapped to its width."""
    console = Console(width=static.size.width or 80, color_system=None)
    with console.capture() as shown:
        console.print(static.content)
    return shown.get()


def _stands_out(screen, field: Input) -> bool:
    """An empty field is seen when its cells' background differs from the dialog's just left of it."""
    region = field.region
    inside = screen.get_style_at(region.right - 1, region.y).bgcolor
    return inside is not None and inside != screen.get_style_at(region.x - 1, region.y).bgcolor


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


async def test_before_a_class_is_picked_the_unit_dialog_shows_no_item_as_chosen(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, UnitDialog)
        details = _words(dialog.query_one("#details"))
        assert "Iron Sword" not in details and details.startswith("Pick a class")  # what the pane will hold
        assert [dialog.query_one(f"#{name}", PickList).options.highlighted for name in ("classes", "items")] == [
            None, None]  # no row stands out as if picked
        await pilot.press("tab")  # into the class list: the row Enter would pick is shown, and described
        assert dialog.query_one("#classes", PickList).options.highlighted == 0
        assert _words(dialog.query_one("#details")).startswith("Cleric")
        await pilot.press("enter")  # picked: on to the items, where the first row is now the one Enter takes
        assert dialog.unit_class == "Cleric" and dialog.query_one("#items", PickList).options.highlighted == 0
        # The items a Cleric can use come first: Enter there never hands it a sword it cannot wield (a newcomer's
        # Knight got an Iron Sword that way, the catalogue's first item).
        assert _words(dialog.query_one("#details")).startswith("Heal Staff")
        await pilot.press("enter")
        assert dialog.items == ["Heal Staff"] and "wields nothing" not in _words(dialog.query_one("#chosen"))
        await pilot.press("escape", "g")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, SideRulesDialog)  # the same lists: the one it opens in is highlighted, not the other
        assert [rules.query_one(f"#{name}", PickList).options.highlighted for name in ("classes", "items")] == [
            0, None]


async def test_a_unit_changed_with_c_shows_its_class_not_its_first_item(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path, "saltmarsh_keep")))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        unit = next(u for u in editor.draft.units if u.items and u.at is not None)
        editor._move_cursor(unit.at)
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, UnitDialog)
        assert _words(dialog.query_one("#details")).startswith(dialog.unit_class)


BRIEFINGS = sorted(path.name for path in (ROOT / "scenarios").glob("*.yaml")
                   if "\n\n" in settings(path.read_text())["briefing"])


async def test_the_briefing_is_shown_reflowed_and_saved_untouched_as_written(tmp_path):
    path = _copy(tmp_path, "saltmarsh_keep")
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        before = editor.draft.text
        await pilot.press("s")
        await pilot.pause()
        box = app.screen.query_one("#briefing", TextArea)
        written = settings(before)["briefing"]
        assert box.text == reflow(written) and "\n" not in box.text  # one paragraph: the box wraps it, not the file
        await pilot.press("ctrl+s")
        assert editor.draft.text == before  # nothing edited, nothing written: the file's own line breaks stay
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#briefing", TextArea).insert("\n\nThe tide turns at dusk.", (0, len(box.text)))
        await pilot.press("ctrl+s")
        after = settings(editor.draft.text)["briefing"]
        assert after == written + "\n\nThe tide turns at dusk."  # the paragraph left alone keeps its lines


def test_a_briefing_untouched_is_kept_byte_for_byte_and_an_edited_one_loses_no_word():
    written = "A first line that the author\nbroke by hand.\n\nA well-known second paragraph, its\nown lines."
    assert briefing_kept(written, reflow(written)) == written
    assert briefing_kept(written, reflow(written) + "\n") == written  # a stray newline is no edit
    edited = reflow(written).replace("second", "2nd") + " " + "word " * 30 + "https://example.org/" + "x" * 90
    kept = briefing_kept(written, edited)
    assert kept.startswith("A first line that the author\nbroke by hand.\n\n")  # the untouched paragraph as written
    assert reflow(kept) == reflow(edited)  # no hyphen parted, no long word cut: the game reads what was typed
    assert all(len(line) <= 78 or " " not in line for line in kept.splitlines())


@pytest.mark.parametrize("name", BRIEFINGS)
def test_every_bundled_briefing_opened_and_saved_untouched_stays_as_written(name):
    written = settings((ROOT / "scenarios" / name).read_text())["briefing"]
    assert briefing_kept(written, reflow(written)) == written
    first, *rest = written.split("\n\n")
    assert briefing_kept(written, reflow("\n\n".join(rest))) == "\n\n".join(p.strip("\n") for p in rest)


def test_an_event_cut_to_a_width_keeps_its_moment_and_what_it_brings_and_gives_up_its_note():
    for event in events((ROOT / "scenarios" / "brackwater_gaol.yaml").read_text()):
        whole = event_line(event)
        head, tail = whole.split(": ")[0] + ":", whole[whole.rindex(" ["):] if whole.endswith("]") else ""
        for width in range(len(head) + NOTE_LEAST + 2, len(whole)):
            cut = event_line(event, width)
            assert len(cut) <= width and cut.startswith(head) and "…" in cut, (width, cut)
            if len(head) + 1 + NOTE_LEAST + len(tail) <= width:
                assert cut.endswith(tail), (width, cut)  # the note gave way, what the event brings kept whole
            else:
                note = whole[len(head) + 1:]
                assert cut[len(head) + 1:].startswith(note[:NOTE_LEAST - 1].rstrip()), (width, cut)  # its first words
        assert event_line(event, len(whole)) == whole  # room enough: nothing cut


async def test_each_event_takes_one_line_of_the_list_at_80_columns(tmp_path):
    path = _copy(tmp_path, "brackwater_gaol")
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.screen, EventsDialog)
        listing = app.screen.query_one("#events", OptionList)
        written = events(path.read_text())
        assert listing.virtual_size.height == len(written) + 1  # and "+ Add an event"
        rows = [listing.render_line(y).text.strip(" ▊▎") for y in range(listing.size.height)]
        numbered = [row for row in rows if row[:1].isdigit()]
        assert [row.split(".")[0] for row in numbered] == [str(i + 1) for i in range(len(written))]
        width = listing.scrollable_content_region.width
        for number, (row, event) in enumerate(zip(numbered, written), 1):
            whole = event_line(event)
            head, tail = whole.split(": ")[0] + ":", whole[whole.rindex(" ["):] if whole.endswith("]") else ""
            assert row.startswith(f"{number}. {head}")  # the moment, whole
            if len(f"{number}. {head} ") + NOTE_LEAST + len(tail) <= width:
                assert row.endswith(tail)  # and what it brings: the note gave way
            assert ("…" in row) == (len(f"{number}. {whole}") > width)


LONG = [{"when": "hp <= 6 and not enemy in ford", "do": "retreat to healing"}, {"do": "guard area ford"},
        {"when": "outnumbered in ford", "do": "pursue nearest"}]


async def test_the_event_and_orders_dialogs_lists_give_each_entry_one_line(tmp_path):
    app = OfficersChessApp(editor=ScenarioFile.open(_copy(tmp_path, "brackwater_gaol")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("E", "enter")
        dialog = app.screen
        assert isinstance(dialog, EventDialog)
        dialog.new_orders = [{"unit": name, "script": LONG} for name in ("Hesk", "Bryn", "Prosser")]
        dialog._show_orders()
        dialog.arriving["units"][0]["items"] = ["Iron Lance", "Vulnerary", "Steel Sword"]
        dialog.arriving["units"][0]["roles"] = ["Leader", "Fleeing", "Saboteur"]
        dialog._show_arriving()
        await pilot.pause()
        for name in ("#orders", "#arriving"):
            listing = dialog.query_one(name, OptionList)
            assert listing.virtual_size.height == listing.option_count, name
            assert listing.render_line(0).text.rstrip().endswith("…"), name
        await pilot.press("escape", "escape", "O")
        orders = app.screen
        assert isinstance(orders, OrdersDialog)
        orders.lines = [ScriptLine(line.get("when", ""), line["do"] + " and on to the far gate of the keep")
                        for line in LONG]
        orders._show_lines()
        await pilot.pause()
        listing = orders.query_one("#lines", OptionList)
        assert listing.virtual_size.height == listing.option_count


async def test_a_war_chest_changed_in_the_settings_dialog_keeps_the_comment_after_it(tmp_path):
    """ED50, through the real dialog: the author's note after the number stays on the line the editor writes again."""
    path = _copy(tmp_path, "harrow_levy")
    text = path.read_text()
    path.write_text(text.replace("    war_chest: 700\n", "    war_chest: 700  # six hires and a salve\n", 1))
    app = OfficersChessApp(editor=ScenarioFile.open(path))
    async with app.run_test(size=(80, 24)) as pilot:
        editor = app.screen
        await pilot.press("s")
        await pilot.pause()
        chest = app.screen.query_one("#chest-attacker", Input)
        assert chest.value == "700"
        chest.value = "650"
        await pilot.press("ctrl+s")
        await pilot.pause()
        lines = editor.draft.text.splitlines()
        assert "    war_chest: 650  # six hires and a salve" in lines
        assert "    war_chest: 700" in lines  # the defender's, untouched
