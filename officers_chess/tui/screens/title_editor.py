"""The title's "Edit a map": choose a map or a scenario (bundled, or the player's own), or a new map, and edit it."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.editing.folders import free_path, own_scenarios_folder
from officers_chess.content.errors import ContentError
from officers_chess.content.yaml_source import read_yaml
from officers_chess.rules.combat.editions import DEFAULT_EDITION
from officers_chess.session.map_start import (DEFAULT_SIZE, DEFAULT_TERRAIN, map_name, own_maps_folder, parse_size,
                                              terrain_glyph)
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, FieldsDialog

NEW = "new"
NEW_SCENARIO = "new-scenario"


def map_files() -> list[Path]:
    """The maps offered: the player's own (newest first), then the bundled ones by name."""
    own = own_maps_folder()
    try:
        mine = sorted(own.glob("*.yaml"), key=lambda p: p.stat().st_mtime, reverse=True) if own.is_dir() else []
    except OSError:
        mine = []
    try:
        bundled = sorted(bundled_dir("maps").glob("*.yaml"))
    except FileNotFoundError:
        bundled = []
    return mine + bundled


def scenario_files() -> list[Path]:
    """The scenarios offered after the maps: the player's own (newest first), then the bundled ones by file name."""
    own = own_scenarios_folder()
    try:
        mine = sorted(own.glob("*.yaml"), key=lambda p: p.stat().st_mtime, reverse=True) if own.is_dir() else []
    except OSError:
        mine = []
    try:
        bundled = sorted(bundled_dir("scenarios").glob("*.yaml"))
    except FileNotFoundError:
        bundled = []
    return mine + bundled


def _entry(path: Path, yours: bool) -> Text:
    """A map's own name, then its file's (dim), and whether it is the player's own."""
    try:
        data = read_yaml(path).data
        name = str(data.get("name") or path.stem) if isinstance(data, dict) else path.stem
    except ContentError:
        name = f"{path.stem} (the game cannot read it: open it to see why)"
    entry = Text(name)
    entry.append(f"  {path.name}{'  (yours)' if yours else ''}", "dim")
    return entry


class MapChooser(Answered, ModalScreen[str | None]):
    """A new map first, then the maps there are; Enter answers NEW or the chosen file's path."""

    DEFAULT_CSS = DIALOG_CSS.format(name="MapChooser") + "MapChooser OptionList { height: auto; max-height: 16; }"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, files: list[Path], scenarios: list[Path] | None = None) -> None:
        super().__init__()
        self.files = files + (scenarios or [])
        self.maps = len(files)  # the files after these are scenarios

    def compose(self) -> ComposeResult:
        mine = (own_maps_folder(), own_scenarios_folder())
        with Vertical() as box:
            box.border_title = "Edit a map or a scenario"
            options: list[Option | None] = [Option(Text("A new map…", "bold"), id=NEW),
                                            Option(Text("A new scenario…", "bold"), id=NEW_SCENARIO)]
            for i, path in enumerate(self.files):
                if i == self.maps:
                    options += [None, Option(Text("Scenarios: units and deploy zones", "bold"), disabled=True)]
                options.append(Option(_entry(path, path.parent in mine), id=str(i)))
            yield OptionList(*options)
            yield Static("↑↓ Enter edit · Esc cancel", classes="keys")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or NEW
        self.answer(chosen if chosen in (NEW, NEW_SCENARIO) else str(self.files[int(chosen)]))

    def action_cancel(self) -> None:
        self.answer(None)


class TitleEditor:
    """e on the title screen (mixed into TitleScreen)."""

    def action_edit_map(self) -> None:
        self.app.push_screen(MapChooser(map_files(), scenario_files()), self._map_chosen)

    def _scenario_chosen(self, path: Path) -> None:
        from officers_chess.content.editing.scenario_file import ScenarioFile
        from officers_chess.tui.screens.scenario_editor import ScenarioEditorScreen

        try:
            file, draft = ScenarioFile.open(path)
        except ContentError as exc:
            self.app.notify(str(exc), severity="error", timeout=10)
            return
        self.app.push_screen(ScenarioEditorScreen(file, draft, as_copy=path.parent != own_scenarios_folder()))

    def _new_scenario(self) -> None:
        """A name and a map (the player's own, then the bundled ones, by name), then a new scenario in the data
        folder's scenarios/, so a map in its maps/ is found beside it as the game finds maps (ruling K3)."""
        from officers_chess.content.editing.scenario_settings import new_scenario_file

        maps = [path.stem for path in map_files()]

        def target(name: str) -> Path:
            stem = "".join(ch if ch.isalnum() else "_" for ch in name.strip().lower()).strip("_") or "scenario"
            return free_path(own_scenarios_folder(), stem)

        def check(values: list[str]) -> str | None:
            if not values[0].strip():
                return "Give the scenario a name."
            if values[1].strip() not in maps:
                return f"No map {values[1].strip()!r}: one of {', '.join(dict.fromkeys(maps))}."
            return None

        def made(values: list[str] | None) -> None:
            if values is None:
                return
            try:
                path = new_scenario_file(target(values[0]), values[1].strip(), values[0].strip())
            except (ValueError, OSError) as exc:
                self.app.notify(str(exc), severity="error", timeout=10)
                return
            self._scenario_chosen(path)

        self.app.push_screen(FieldsDialog("A new scenario", [("Name", ""), ("Map (its file name, no .yaml)",
                                                                           maps[0] if maps else "")],
                                          check, f"Maps: {', '.join(dict.fromkeys(maps))}. Saved in "
                                                 f"{own_scenarios_folder()}."), made)

    def _map_chosen(self, chosen: str | None) -> None:
        # The editor and its YAML library load when a map is chosen, not with the title.
        from officers_chess.content.editing.draft import MapDraft
        from officers_chess.content.editing.roundtrip import MapFile
        from officers_chess.tui.screens.map_editor import MapEditorScreen

        if chosen is None:
            return
        if chosen == NEW_SCENARIO:
            self._new_scenario()
            return
        if chosen != NEW and Path(chosen) in scenario_files():
            self._scenario_chosen(Path(chosen))
            return
        if chosen != NEW:
            try:
                file, draft = MapFile.open(Path(chosen))
            except ContentError as exc:
                self.app.notify(str(exc), severity="error", timeout=10)
                return
            self.app.push_screen(MapEditorScreen(file, draft, as_copy=Path(chosen).parent != own_maps_folder()))
            return

        def check(values: list[str]) -> str | None:
            try:
                parse_size(values[0])
                terrain_glyph(values[1], DEFAULT_EDITION)
            except ValueError as exc:
                return str(exc)
            return None

        def made(values: list[str] | None) -> None:
            if values is not None:
                draft = MapDraft.blank(map_name(None), *parse_size(values[0]),
                                       terrain_glyph(values[1], DEFAULT_EDITION), DEFAULT_EDITION)
                self.app.push_screen(MapEditorScreen(MapFile(None, None), draft))

        width, height = DEFAULT_SIZE
        self.app.push_screen(FieldsDialog("A new map", [("Size (width x height, up to 64x64)", f"{width}x{height}"),
                                                        ("Ground (a terrain's name or glyph)", DEFAULT_TERRAIN)],
                                          check, "Saved where you choose when you first save it (w)."), made)
