"""The scenario editor: place, move and change each side's units and draw its deploy zones on the scenario's map."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.content.editing.checks import Problem
from officers_chess.content.editing.draft import MapDraft, rectangle
from officers_chess.content.editing.history import History
from officers_chess.content.editing.scenario_autosave import ScenarioAutosave
from officers_chess.content.editing.folders import own_scenarios_folder
from officers_chess.content.editing.scenario_settings import settings
from officers_chess.content.editing.script_summary import event_summary, unit_marks
from officers_chess.content.editing.side_rules import morale, side_rules
from officers_chess.content.editing.scenario_file import SIDES, ScenarioDraft, ScenarioFile, UnitEntry
from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.scenario_corner_keys import CornerKeys
from officers_chess.tui.screens.scenario_places_keys import KEYS as PLACE_KEYS, PlacesKeys
from officers_chess.tui.screens.scenario_script_keys import ScriptKeys
from officers_chess.tui.screens.scenario_try_keys import TryItKeys
from officers_chess.tui.screens.scenario_unit_keys import UnitKeys
from officers_chess.tui.screens.map_editor_file import (CURSOR_KEYS, EDITOR_CSS, MapEditorFile, WideFooter,
                                                        editor_folder, wide_pair)
from officers_chess.tui.widgets.editor_canvas import EditorCanvas

KEYS = (
    ("←↑↓→ hjkl", "cursor"), ("Tab", "the other side"), ("Enter", "pick up a unit, put it down"),
    ("a", "add a unit here"), ("c", "change the unit here"), ("x", "remove the unit here"),
    ("d", "deploy zone: corner, corner"), ("D", "remove the zone here"), *PLACE_KEYS,
    ("O", "orders: the unit's here, else the side's"), ("E", "events: when, note, new orders"),
    ("u ^z", "undo"), ("U ^y", "redo"), ("g", "the side's hiring rules"), ("M", "morale"),
    ("s", "setup: name, briefing, time limit, victory"), ("e", "next problem of the checks"),
    ("p", "play-test: you the side shown"), ("B", "quick balance"), ("w ^s", "save"), ("q Esc", "leave"),
    ("PgUp PgDn", "scroll this pane"),
)


@lru_cache(maxsize=8)  # the side pane is redrawn on every cursor step; the text changes only with an edit
def rules_summary(text: str, side: str, fixed: bool) -> str:
    """The side's hiring rules and the battle's morale in a line or two, for the side pane (g and M change them)."""
    rules = side_rules(text, side)
    classes = ", ".join(rules["classes"]) if rules["classes"] else "any class"
    items = f"{len(rules['items'])} items" if rules["items"] else "any item"
    roles = "; needs " + ", ".join(f"{r.get('count', 1)} {r['role']}" for r in rules["roles"]) if rules["roles"] else ""
    army = rules["army"]
    level = morale(text)
    defaults = MoraleRules()
    heart = (f"morale {level.get('start', defaults.start)}, wavers at {level.get('waver', defaults.waver)}, "
             f"breaks at {level.get('broken', defaults.broken)}" if level is not None else "no morale")
    wanted = f"{classes}, {items}, {army['min']} to {army['max']} units{roles}"
    # A fixed army's rules are still shown once set: they take effect when its units are removed (a newcomer set
    # them and, seeing "unused" unchanged, thought them lost).
    written = any(rules[key] for key in ("classes", "items", "roles")) or army != side_rules("", side)["army"]
    hires = (f"a fixed army: its hiring rules ({wanted}) apply once its units are removed" if fixed and written
             else "a fixed army: hiring rules unused" if fixed else f"hires {wanted}")
    return f"{hires} (g)\n{heart} (M)"


# The wide footer's groups: one label for the keys of one thing (a group of one shows its key's own label).
_UNIT, _ZONE, _AREA = Binding.Group("Unit"), Binding.Group("Zone"), Binding.Group("Area")
_UNDO, _RULES, _SCRIPT = Binding.Group("Undo"), Binding.Group("Rules"), Binding.Group("Script")
_TRY, _TILE = Binding.Group("Try"), Binding.Group("Tile")


class ScenarioEditorScreen(CornerKeys, UnitKeys, PlacesKeys, ScriptKeys, TryItKeys, WideFooter, MapEditorFile, Screen):
    """Edits one scenario's units and deploy zones through undo history; each edit is checked and autosaved."""

    WHAT = "scenario"
    scenario_name = ""  # its `name:`, read after each change
    DEFAULT_CSS = EDITOR_CSS.replace("SCREEN", "ScenarioEditorScreen") + """
    ScenarioEditorScreen Footer.-compact FooterLabel { margin: 0 1 0 0; }
    ScenarioEditorScreen Footer.-compact FooterKey.-grouped { margin: 0 1 0 0; }
    """  # (a group, "u U Undo", one space between its keys and one after its label, as between the other keys)
    # At 80 columns the footer holds the keys used most and the side pane lists every key (ruling ED8); from
    # WIDE_FOOTER columns on, each hidden key's wide twin shows in the footer too (ruling ED43).
    BINDINGS = [
        *CURSOR_KEYS,
        Binding("tab", "switch_side", "Side", key_display="Tab", priority=True),
        Binding("enter,space", "carry", "Move", key_display="⏎"),
        Binding("a", "add", "Add", group=_UNIT),
        *wide_pair("c", "change", "Change", group=_UNIT), *wide_pair("x", "remove", "Remove", group=_UNIT),
        *wide_pair("d", "zone", "Zone", group=_ZONE), *wide_pair("D", "remove_zone", "Unzone", group=_ZONE),
        *wide_pair("r", "area", "Area", group=_AREA), *wide_pair("n", "area_words", "Name", group=_AREA),
        *wide_pair("R", "remove_area", "Unarea", group=_AREA), *wide_pair("o", "objective", "Goal", group=_TILE),
        *wide_pair("C", "chest", "Chest", group=_TILE), *wide_pair("m", "edit_map", "Map", group=_TILE),
        Binding("u,ctrl+z", "undo", "Undo", group=_UNDO),
        *wide_pair("U,ctrl+y", "redo", "Redo", key_display="U", group=_UNDO),
        *wide_pair("e", "next_problem", "Fix"),
        Binding("s", "settings", "Setup"),
        *wide_pair("g", "side_rules", "Rules", group=_RULES), *wide_pair("M", "morale", "Morale", group=_RULES),
        *wide_pair("O", "orders", "Orders", group=_SCRIPT), *wide_pair("E", "events", "Events", group=_SCRIPT),
        Binding("p", "play_test", "Play", group=_TRY),
        *wide_pair("B", "quick_balance", "Balance", group=_TRY),
        Binding("ctrl+s,w", "save", "Save", key_display="^s"),
        *wide_pair("pageup", "side_page", "Pane", -1, key_display="PgUp/Dn"),  # (its twin below, shown in this one)
        Binding("pagedown", "side_page(1)", show=False),
        Binding("escape,q", "leave", "Leave", key_display="q"),
    ]

    def __init__(self, file: ScenarioFile, draft: ScenarioDraft, as_copy: bool = False) -> None:
        """`as_copy`: one of the game's own scenarios, opened from the title: saved under a new name in the
        player's data folder, so the bundled battles never change by accident."""
        super().__init__()
        self.file = file
        self.history = History(draft, saved=draft)  # type: ignore[arg-type]
        self.autosave = ScenarioAutosave(editor_folder(), file.path)
        self.copy_of = file.path if as_copy else None
        if as_copy:
            file.path = None  # the first save asks for a name
        self.map = MapDraft(file.battle_map.name, "", tuple(file.battle_map.rows), file.edition)
        self.catalogue = load_catalogue(file.edition)
        self.side = SIDES[0]
        self.carried: UnitEntry | None = None  # the unit picked up with Enter, until it is put down
        self.problems: list[Problem] = []
        self._problem_at = -1
        self.quick_games = 16  # the quick balance's games (`balance`'s default); a test plays fewer

    # --- MapEditorFile's hooks --------------------------------------------------------------------------------

    def own_folder(self) -> Path:
        return own_scenarios_folder()

    def file_stem(self) -> str:
        return (self.copy_of or self.file.source).stem

    # --- the screen -------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="work"):
            yield EditorCanvas(self.map, id="canvas")
            with VerticalScroll(id="side", can_focus=False):
                yield Static(id="side-line")
                yield Static(id="here")  # what the cursor's tile holds: an area, an objective, a chest
                yield Static(id="checks")
                yield Static(id="units")
                yield Static(id="places")
                yield Static(self._keys_text(), id="keys")
        yield Static(id="status")
        yield compact_footer()

    @property
    def draft(self) -> ScenarioDraft:
        return self.history.present  # type: ignore[return-value]

    def on_mount(self) -> None:
        self.query_one("#side").border_title = "Side · checks · units · keys"
        self._changed()
        self.say("Enter picks up a unit and puts it down; a adds one; the side pane lists every key.")
        self.offer_autosave("The editor closed without saving this scenario last time: its autosave differs from the "
                            "file. Restore the autosave?")

    def _changed(self, words: str | None = None) -> None:
        """After any change: draw the units and zones, run the checks, keep the autosave, say what happened."""
        self.places_changed()  # the map `map:` names now, and the areas, objectives and chests drawn
        draft, canvas = self.draft, self.canvas
        self.scenario_name = settings(draft.text)["name"]  # the canvas's title names the scenario, then its file
        self.problems = self.file.check(draft)
        canvas.problems = {}
        for problem in self.problems:
            if problem.tile is not None:
                canvas.problems[problem.tile] = canvas.problems.get(problem.tile, False) or problem.error
        canvas.units = {u.at: (self._letter(u), Side(u.side)) for u in draft.units if u.at is not None}
        # Every zone is tinted by its side; the current side's is drawn last, so it shows where the two overlap.
        canvas.zones = {}
        for zone in sorted(draft.zones, key=lambda z: z.side == self.side):
            for pos in rectangle(zone.corner, zone.other):
                if self.map.contains(pos):
                    canvas.zones[pos] = Side(zone.side)
        canvas.show(self.map)
        self.fit_side()  # a map of another width (resized, or another map named)
        self._side()
        if words is not None:
            trouble = None
            if self.history.unsaved:
                trouble = self.autosave.write(draft)
            else:
                self.autosave.clear()
            self.say(trouble or words, palette().warning if trouble else "")

    def _letter(self, unit: UnitEntry) -> str:
        """As the battle map writes it (map_view.unit_letter): attackers in capitals, defenders in small letters."""
        unit_class = self.catalogue.classes.get(unit.unit_class)
        letter = unit_class.letter if unit_class is not None else "?"
        return letter.upper() if unit.side == "attacker" else letter.lower()

    def _where(self, pos: Pos | None) -> str:
        return f"{pos[0] + 1},{pos[1] + 1}" if pos is not None else "off the map"

    def _side(self) -> None:
        colours = palette()
        x, y = self.canvas.cursor
        unsaved = " · not saved" if self.history.unsaved else ""
        tail = f" · {x + 1},{y + 1}{unsaved}"
        room = max(8, self.canvas.size.width - 4 - len(tail)) if self.canvas.size.width else 200
        name = self.scenario_name if len(self.scenario_name) <= room else self.scenario_name[:room - 1] + "…"
        self.canvas.border_title = Text(name + tail)  # the scenario's name (cut, it says so); its file below
        self.canvas.border_subtitle = Text((self.copy_of or self.file.source).name)
        side = Side(self.side)
        chest = dict(self.draft.war_chests).get(self.side)
        line = Text.assemble("Side: ", (f" {self.side} ", colours.side_banner(side)), " (Tab)\n",
                             f"War chest: {chest if chest is not None else 'none'}")
        if self.carried is not None:
            line.append(f"\nCarrying {self.carried.name}: Enter puts it down", "bold")
        line.append(f"\nThe map is {self._map_file()} (press m to paint its terrain)", "dim")
        self.query_one("#side-line", Static).update(line)
        errors = sum(p.error for p in self.problems)
        warnings = len(self.problems) - errors
        checks = Text(f"Checks: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}", "bold")
        if not self.problems:
            checks.append("\nnothing to fix", colours.good)
        for problem in self.problems:
            checks.append("\n" + problem.line(), colours.error if problem.error else colours.warning)
        if any(p.tile is not None for p in self.problems):
            checks.append("\ne: go to the next one", "dim")
        self.query_one("#checks", Static).update(checks)
        units = Text(f"Units ({self.side})", "bold")
        mine = [u for u in self.draft.units if u.side == self.side]
        marks = unit_marks(self.draft.text)
        for unit in mine:
            units.append(f"\n{self._letter(unit)} ", colours.side_text[side])
            units.append(f"{unit.name} · {unit.unit_class} · {self._where(unit.at)}")
            if unit.items:
                units.append(f"\n   {', '.join(unit.items)}", "dim")
            if (unit.side, unit.index) in marks:  # its roles and where its orders come from (O)
                units.append(f"\n   {marks[(unit.side, unit.index)]}", "dim")
        if not mine:
            units.append("\nnone fixed (a adds one)", "dim")
        units.append(f"\nDeploy zones ({self.side})", "bold")
        zones = [z for z in self.draft.zones if z.side == self.side]
        for zone in zones:
            units.append(f"\n{self._where(zone.corner)} to {self._where(zone.other)}")
        if not zones:
            units.append("\nnone (d draws one)", "dim")
        units.append(f"\nRules ({self.side})", "bold")
        units.append("\n" + rules_summary(self.draft.text, self.side, bool(mine)), "dim")
        units.append("\nEvents (E)", "bold")  # both sides': the scenario's script at a glance
        units.append("".join(f"\n{line}" for line in event_summary(self.draft.text)) or "\nnone (E adds one)", "dim")
        self.query_one("#units", Static).update(units)
        self.places_pane()

    def _map_file(self) -> str:
        path = self.file.map_path
        return f"maps/{path.name}" if path is not None else self.file.map_name

    def _keys_text(self) -> Text:
        text = Text("Keys", "bold")
        for keys, words in KEYS:
            text.append(f"\n{keys:<11} ", "bold")
            text.append(words)
        return text

    # --- edits ------------------------------------------------------------------------------------------------

    def stroke(self, make, words: str) -> None:
        """The draft `make()` returns, one undo step named `words` (a file laid out so the editor cannot splice it
        says so, and nothing changes)."""
        try:
            draft = make()
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            self.say(f"The editor cannot make that edit in this file: {exc}", palette().error)
            return
        if self.history.do(draft, words):
            self._changed(f"{words[0].upper()}{words[1:]}.")
        else:
            self.say("That changes nothing.")

    def action_cursor(self, dx: int, dy: int) -> None:
        x, y = self.canvas.cursor
        if self.map.contains((x + dx, y + dy)):
            self._move_cursor((x + dx, y + dy))

    def _move_cursor(self, pos: Pos) -> None:
        canvas = self.canvas
        canvas.cursor = pos
        canvas.refresh()
        canvas.follow_cursor()
        self._side()
        self.corner_moved()

    def on_editor_canvas_pressed(self, message: EditorCanvas.Pressed) -> None:
        self._move_cursor(message.pos)

    def action_switch_side(self) -> None:
        self.side = SIDES[(SIDES.index(self.side) + 1) % len(SIDES)]
        self._changed()
        self.say(f"Editing the {self.side}'s units and zones.")

    def action_carry(self) -> None:
        pos = self.canvas.cursor
        if self.corner_by_enter():  # a zone's or an area's other corner (ruling ED42)
            return
        if self.carried is None:
            unit = self.draft.unit_at(pos)
            if unit is None:
                self.say("No unit here to pick up (a adds one).")
                return
            self.carried = unit
            self.canvas.anchor = pos  # marked, as a rectangle's corner is, until it is put down
            self.canvas.refresh()
            self._side()
            self.say(f"{unit.name} picked up: move to a tile and press Enter to put it down (Esc drops it back).")
            return
        unit, self.carried, self.canvas.anchor = self.carried, None, None
        self.canvas.refresh()
        self.stroke(lambda: self.draft.moved(unit, pos), f"moved {unit.name} to {self._where(pos)}")

    def action_settings(self) -> None:
        """The settings dialog; what it changes is one undo step, each setting splicing only its own lines."""
        from officers_chess.content.editing.scenario_settings import settings, with_settings
        from officers_chess.tui.dialogs.scenario_settings import SettingsDialog

        text = self.draft.text

        def done(wanted: dict | None) -> None:
            if wanted is not None:
                self.stroke(lambda: ScenarioDraft.read(with_settings(text, wanted)), "changed the settings")

        self.app.push_screen(SettingsDialog(settings(text)), done)

    def action_remove(self) -> None:
        unit = self.draft.unit_at(self.canvas.cursor)
        if unit is None:
            self.say("No unit here to remove.")
            return
        self.stroke(lambda: self.draft.removed(unit), f"removed {unit.name}")

    def action_leave(self) -> None:
        if self.carried is not None:  # Esc first puts a carried unit back where it was
            self.carried, self.canvas.anchor = None, None
            self.canvas.refresh()
            self._side()
            self.say("Put back where it was.")
            return
        self.corner_of = None
        super().action_leave()

    # --- undo, problems, the pane -----------------------------------------------------------------------------

    def action_undo(self) -> None:
        words = self.history.undo()
        self.carried = self.canvas.anchor = self.corner_of = None
        self._changed(f"Undone: {words} (U or Ctrl+Y redoes it).") if words else self.say("Nothing to undo.")

    def action_redo(self) -> None:
        words = self.history.redo()
        self.carried = self.canvas.anchor = self.corner_of = None
        self._changed(f"Redone: {words}.") if words else self.say("Nothing to redo.")

    def action_next_problem(self) -> None:
        pointed = [p for p in self.problems if p.tile is not None]
        if not pointed:
            self.say(self.problems[0].line() if self.problems else "Nothing to fix.")
            return
        self._problem_at = (self._problem_at + 1) % len(pointed)
        problem = pointed[self._problem_at]
        self._move_cursor(problem.tile)  # type: ignore[arg-type]
        self.say(problem.line(), palette().error if problem.error else palette().warning)

    def action_side_page(self, direction: int) -> None:
        side = self.query_one("#side", VerticalScroll)
        side.scroll_page_down(animate=False) if direction > 0 else side.scroll_page_up(animate=False)
