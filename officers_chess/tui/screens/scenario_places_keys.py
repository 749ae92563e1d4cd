"""The scenario editor's places (mixed into its screen): areas `r` `n` `R`, objective tiles `o`, chests `C`, and the
map's terrain `m` in the map editor, the scenario's map reloaded and checked again when it is left."""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.editing.draft import MapDraft, rectangle
from officers_chess.content.editing.scenario_file import ScenarioDraft
from officers_chess.content.editing.yaml_lines import _load
from officers_chess.content.editing.scenario_places import (AREA_LIMIT, ABOUT_LIMIT, AreaEntry, Places,
                                                            area_name_refusal, area_users, next_kind, with_area,
                                                            with_chest, with_objective, without_area, without_chest)
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import MapRefused, _map_path, load_map
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.editor_canvas import OBJECTIVE_MARKS

KEYS = (("r", "area: corner, corner, then its name"), ("n", "the area here: name, words"), ("R", "remove the area here"),
        ("o", "objective here: seize, escape, raze, none"), ("C", "chest here: put one, or take it away"),
        ("m", "edit the map's terrain"))


def map_reference(scenario: Path, map_file: Path) -> str | None:
    """How `scenario`'s `map:` names `map_file` so the game finds that very file (ruling K3): a bare name for one in
    the maps/ beside the scenario's folder, a file name for one in or under its folder; None when neither reaches it."""
    wanted = Path(os.path.realpath(map_file))
    candidates = []
    if wanted.parent == Path(os.path.realpath(scenario.parent.parent / "maps")):
        candidates.append(wanted.stem)
    if wanted.is_relative_to(Path(os.path.realpath(scenario.parent))):
        candidates.append(wanted.relative_to(Path(os.path.realpath(scenario.parent))).as_posix())
    for reference in candidates:
        try:
            if _map_path(scenario, reference) == wanted:
                return reference
        except MapRefused:
            continue
    return None


def game_owned(map_file: Path) -> bool:
    """One of the game's own maps (or one the player cannot write): edited as the player's copy (ruling ED7)."""
    try:
        if Path(os.path.realpath(map_file)).is_relative_to(Path(os.path.realpath(bundled_dir("maps")))):
            return True
    except FileNotFoundError:
        pass
    return not os.access(map_file, os.W_OK)


class PlacesKeys:
    """Areas, objective tiles, chests and the map's terrain from the scenario editor (rulings ED20-ED24)."""

    _places_of: tuple[str, Places] | None = None
    _map_editor = None  # the map editor `m` opened, until it is left
    _map_text: str | None = None  # the text whose `map:` the map shown was read for

    @property
    def places(self) -> Places:
        """The places of the draft shown now (read once for each version of the text)."""
        text = self.draft.text  # type: ignore[attr-defined]
        if self._places_of is None or self._places_of[0] != text:
            self._places_of = (text, Places.read(text))
        return self._places_of[1]

    def places_changed(self) -> None:
        """Before the screen draws a changed draft: the map its `map:` names now, and the places on the canvas."""
        self._follow_map()
        canvas, places = self.canvas, self.places  # type: ignore[attr-defined]
        canvas.areas = {pos for area in places.areas for pos in rectangle(area.corner, area.other)}
        canvas.objectives = dict(places.objectives)
        canvas.chests = {chest.at for chest in places.chests}

    def places_pane(self) -> None:
        """The side pane's lines on places: what the cursor's tile holds, and every area, objective and chest."""
        colours = palette()
        pos, places = self.canvas.cursor, self.places  # type: ignore[attr-defined]
        here = Text()
        for area in places.areas_at(pos):
            here.append(f"\nArea {area.name}", "bold underline")
            here.append(" (hidden)" if not area.shown else "", "dim")
            here.append(f": {area.about}" if area.about else ": no words for the players (n gives some)")
        if pos in places.objectives:
            here.append(f"\nA {places.objectives[pos]} tile (o)", "bold")
        chest = places.chest_at(pos)
        if chest is not None:
            here.append(f"\nA chest: {chest.item} (C takes it away)", colours.note)
        widget = self.query_one("#here", Static)  # type: ignore[attr-defined]
        widget.update(Text("Here", "bold") + here)
        widget.display = bool(here)
        listed = Text(f"Areas ({len(places.areas)})", "bold")
        for area in places.areas:
            listed.append(f"\n{area.name}", "bold" if area.contains(pos) else "")
            listed.append(f" {self._where(area.corner)} to {self._where(area.other)}")  # type: ignore[attr-defined]
            if not area.shown:
                listed.append(" hidden", "dim")
        if not places.areas:
            listed.append("\nnone (r draws one)", "dim")
        listed.append("\nObjective tiles", "bold")
        for kind in ("seize", "escape", "raze"):
            tiles = [p for p, k in places.objectives.items() if k == kind]
            if tiles:
                where = " ".join(self._where(p) for p in tiles)  # type: ignore[attr-defined]
                listed.append(f"\n{OBJECTIVE_MARKS[kind]} {kind}: {where}")
        if not places.objectives:
            listed.append("\nnone (o marks one)", "dim")
        listed.append("\nChests", "bold")
        for chest in places.chests:
            listed.append(f"\n$ {chest.item} at {self._where(chest.at)}")  # type: ignore[attr-defined]
        if not places.chests:
            listed.append("\nnone (C puts one)", "dim")
        self.query_one("#places", Static).update(listed)  # type: ignore[attr-defined]

    # --- areas --------------------------------------------------------------------------------------------------

    def _busy(self) -> bool:
        if self.carried is not None:  # type: ignore[attr-defined]
            self.say(f"Put {self.carried.name} down first (Enter), or back (Esc).")  # type: ignore[attr-defined]
            return True
        return False

    def action_area(self) -> None:
        """`r`: the first corner marked, then the opposite one, then the new area's name, words and hidden flag."""
        canvas, pos = self.canvas, self.canvas.cursor  # type: ignore[attr-defined]
        if self._busy():
            return
        if canvas.anchor is None:
            if len(self.places.areas) >= AREA_LIMIT:
                self.say(f"A scenario has at most {AREA_LIMIT} areas.", palette().error)  # type: ignore[attr-defined]
                return
            self.mark_corner("r", pos)  # type: ignore[attr-defined]
            return
        if not self.other_corner("r"):  # type: ignore[attr-defined]
            return
        (x1, y1), (x2, y2) = self.forget_corner()[0], pos  # type: ignore[attr-defined]
        corner, pos = (min(x1, x2), min(y1, y2)), (max(x1, x2), max(y1, y2))  # written top left first
        taken = [area.name for area in self.places.areas]

        def check(name: str, about: str) -> str | None:
            return area_name_refusal(name, taken) or _about_refusal(about)

        def done(answer: tuple[str, str, bool] | None) -> None:
            if answer is None:
                self.say("No area drawn.")  # type: ignore[attr-defined]
                return
            name, about, hidden = answer
            area = AreaEntry(name, corner, pos, about, not hidden)
            self.stroke(lambda: ScenarioDraft.read(with_area(self.draft.text, area)),  # type: ignore[attr-defined]
                        f"drew the area {name}, {self._where(corner)} to {self._where(pos)}")  # type: ignore[attr-defined]

        from officers_chess.tui.dialogs.place_dialogs import AreaDialog

        self.app.push_screen(AreaDialog(  # type: ignore[attr-defined]
            f"A new area, {self._where(corner)} to {self._where(pos)}", "", "", False, check,  # type: ignore[attr-defined]
            "Scripts name it (guard area NAME, enemy in NAME) and triggers too (attacker enters NAME)."), done)

    def _area_here(self) -> AreaEntry | None:
        areas = self.places.areas_at(self.canvas.cursor)  # type: ignore[attr-defined]
        if not areas:
            self.say("No area here (r draws one).")  # type: ignore[attr-defined]
            return None
        return areas[-1]  # the last written is the one drawn over the others

    def action_area_words(self) -> None:
        """`n`: the name, words and hidden flag of the area under the cursor (a name scripts use stays)."""
        area = self._area_here()
        if area is None or self._busy():
            return
        taken = [a.name for a in self.places.areas if a.name != area.name]
        users = area_users(self.draft.text, area.name)  # type: ignore[attr-defined]

        def check(name: str, about: str) -> str | None:
            if name != area.name and users:
                return f"{area.name} is named by {'; '.join(users)}: keep its name, or change those first."
            return (area_name_refusal(name, taken) if name != area.name else None) or _about_refusal(about)

        def done(answer: tuple[str, str, bool] | None) -> None:
            if answer is not None:
                name, about, hidden = answer
                new = AreaEntry(name, area.corner, area.other, about, not hidden)
                self.stroke(lambda: ScenarioDraft.read(with_area(self.draft.text, new, area.name)),  # type: ignore[attr-defined]
                            f"changed the area {name}")

        from officers_chess.tui.dialogs.place_dialogs import AreaDialog

        self.app.push_screen(AreaDialog(f"The area {area.name}", area.name, area.about, not area.shown, check),  # type: ignore[attr-defined]
                             done)

    def action_remove_area(self) -> None:
        """`R`: the area under the cursor taken out, unless a script or a trigger names it (ruling ED21)."""
        area = self._area_here()
        if area is None or self._busy():
            return
        users = area_users(self.draft.text, area.name)  # type: ignore[attr-defined]
        if users:
            self.say(f"{area.name} stays: it is named by {'; '.join(users)}. Change "  # type: ignore[attr-defined]
                     f"{'that' if len(users) == 1 else 'those'} first.", palette().warning)
            return
        self.stroke(lambda: ScenarioDraft.read(without_area(self.draft.text, area.name)),  # type: ignore[attr-defined]
                    f"removed the area {area.name}")

    # --- objective tiles and chests -----------------------------------------------------------------------------

    def action_objective(self) -> None:
        """`o`: the tile under the cursor made the next of none, seize, escape, raze (one undo step each)."""
        pos = self.canvas.cursor  # type: ignore[attr-defined]
        kind = next_kind(self.places.objectives.get(pos))
        words = f"made {self._where(pos)} a {kind} tile" if kind else f"made {self._where(pos)} no objective"  # type: ignore[attr-defined]
        self.stroke(lambda: ScenarioDraft.read(with_objective(self.draft.text, pos, kind)), words)  # type: ignore[attr-defined]

    def action_chest(self) -> None:
        """`C`: a chest put on the cursor's tile with an item picked from the catalogue, or the chest there taken away."""
        pos = self.canvas.cursor  # type: ignore[attr-defined]
        chest = self.places.chest_at(pos)
        if chest is not None:
            self.stroke(lambda: ScenarioDraft.read(without_chest(self.draft.text, chest)),  # type: ignore[attr-defined]
                        f"took away the chest of {chest.item} at {self._where(pos)}")  # type: ignore[attr-defined]
            return

        def done(item: str | None) -> None:
            if item is not None:
                self.stroke(lambda: ScenarioDraft.read(with_chest(self.draft.text, pos, item)),  # type: ignore[attr-defined]
                            f"put a chest of {item} at {self._where(pos)}")  # type: ignore[attr-defined]

        from officers_chess.tui.dialogs.place_dialogs import ItemPicker

        self.app.push_screen(ItemPicker(f"A chest at {self._where(pos)}: its item", self.catalogue), done)  # type: ignore[attr-defined]

    # --- the map's terrain --------------------------------------------------------------------------------------

    def action_edit_map(self) -> None:
        """`m`: the map editor on the scenario's map file; a scenario not yet saved is saved first (ruling ED23)."""
        if self._busy():
            return
        if self.file.map_path is None:  # type: ignore[attr-defined]
            self.say("This scenario's map has no file to edit.", palette().error)  # type: ignore[attr-defined]
            return
        if self.file.path is None:  # type: ignore[attr-defined]
            self.say("Save this scenario as your own first: its map is then found beside it.")  # type: ignore[attr-defined]
            self.action_save(then=self._open_map)  # type: ignore[attr-defined]
            return
        self._open_map()

    def _open_map(self) -> None:
        from officers_chess.content.editing.roundtrip import MapFile
        from officers_chess.tui.screens.map_editor import MapEditorScreen

        path = self.file.map_path  # type: ignore[attr-defined]
        try:
            map_file, draft = MapFile.open(path, self.file.edition)  # type: ignore[attr-defined]
        except ContentError as exc:
            self.say(str(exc), palette().error)  # type: ignore[attr-defined]
            return
        self._map_editor = MapEditorScreen(map_file, draft, as_copy=game_owned(path))
        self.app.push_screen(self._map_editor)  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        """Back from the map editor: the scenario points at the copy saved (if any), its map is read again, and the
        checks run on it."""
        editor = self._map_editor
        if editor is None or editor in self.app.screen_stack:  # type: ignore[attr-defined]
            return  # (a dialog closed just before the map editor opened: it is still to come back from)
        self._map_editor = None
        saved, scenario = editor.file.path, self.file.path  # type: ignore[attr-defined]
        words = "Back from the map: read again and checked."
        if saved is not None and scenario is not None and Path(os.path.realpath(saved)) != self.file.map_path:  # type: ignore[attr-defined]
            reference = map_reference(scenario, saved)
            if reference is None:
                words = (f"The map was saved as {saved}, where this scenario cannot take its map from (its folder, or "
                         f"the maps folder beside it): it keeps {self.file.map_name}.")  # type: ignore[attr-defined]
            elif reference != self.file.map_name:  # type: ignore[attr-defined]
                self.stroke(lambda: ScenarioDraft.read(_with_map(self.draft.text, reference)),  # type: ignore[attr-defined]
                            f"set the map to {reference}")
                return
        self._follow_map(force=True)
        self._changed(words)  # type: ignore[attr-defined]

    def _follow_map(self, force: bool = False) -> None:
        """The map the draft's `map:` names, read again when that name changed (an undo) or the file may have."""
        file, text = self.file, self.draft.text  # type: ignore[attr-defined]
        if not force and text == self._map_text:
            return  # (read once for each version of the text)
        self._map_text = text
        document = _load(text)
        reference = str(document.get("map", "")) if hasattr(document, "get") else ""
        if not force and reference == file.map_name:
            return
        try:
            path = _map_path(file.path or file.source, reference)
            battle_map = load_map(path) if path is not None else None
        except (MapRefused, ContentError):
            battle_map = None
        if battle_map is None:
            return  # the live check says what is wrong with the map
        file.battle_map, file.map_path, file.map_name = battle_map, path, reference
        self.map = MapDraft(battle_map.name, "", tuple(battle_map.rows), file.edition)
        canvas = self.canvas  # type: ignore[attr-defined]
        if not self.map.contains(canvas.cursor):
            canvas.cursor = (0, 0)


def _with_map(text: str, reference: str) -> str:
    from officers_chess.content.editing.scenario_settings import set_top

    return set_top(text, "map", reference)


def _about_refusal(about: str) -> str | None:
    if len(about) > ABOUT_LIMIT:
        return f"The words are {len(about)} letters long: at most {ABOUT_LIMIT}."
    return None
