"""The scenario editor's script keys (mixed into its screen): `O` a unit's orders (or the side's, on an empty tile),
`E` the events; each dialog's save one undo step that rewrites only its own lines."""

from __future__ import annotations

from officers_chess.content.editing.scenario_file import ScenarioDraft
from officers_chess.content.editing.scenario_scripts import (
    area_at, areas_of, events, side_script, unit_names, unit_script, unit_sides, with_event, with_script)
from officers_chess.rules.board.terrain import terrain_table
from officers_chess.tui.dialogs.event_dialog import EventDialog, EventsDialog
from officers_chess.tui.dialogs.map_pick import MapPicker
from officers_chess.tui.dialogs.script_dialog import OrdersDialog


class ScriptKeys:
    """Orders and events, written with help at hand and places picked on the map (rulings ED25-ED29)."""

    def map_picker(self) -> MapPicker:
        """The dialogs' way to the map: the editor's cursor, and the area the draft names there."""

        def here() -> tuple[tuple[int, int], str | None]:
            x, y = self.canvas.cursor
            return (x + 1, y + 1), area_at(areas_of(self.draft.text), (x, y))

        def point(x: int, y: int) -> bool:
            canvas = self.canvas
            region = canvas.content_region
            if not region.contains(x, y):
                return False
            pos = canvas.tile_at(x - region.x, y - region.y)
            if pos is None or not self.map.contains(pos):
                return False
            self._move_cursor(pos)
            return True

        def goto(tile: tuple[int, int]) -> None:
            pos = (tile[0] - 1, tile[1] - 1)
            if self.map.contains(pos):
                self._move_cursor(pos)

        return MapPicker(self.action_cursor, here, point, goto)

    def action_orders(self) -> None:
        if self.carried is not None:
            self.say(f"Put {self.carried.name} down first (Enter), or back (Esc).")
            return
        text = self.draft.text
        unit = self.draft.unit_at(self.canvas.cursor)
        place, lines = unit_script(text, unit) if unit is not None else side_script(text, self.side)
        words = f"changed {place.title[0].lower() + place.title[1:] if place.kind == 'side' else place.title}"

        def done(answer) -> None:
            if answer is not None:
                self.stroke(lambda: ScenarioDraft.read(with_script(text, place, answer)), words)

        self.app.push_screen(OrdersDialog(place.title, lines, unit_names(text), list(areas_of(text)), place.note,
                                          self.map_picker(), unit_sides(text), place.side), done)

    def action_events(self, said: str = "") -> None:
        """The events list; a change, an addition or a removal is one undo step, and the list comes back after it."""
        text = self.draft.text

        def chosen(answer) -> None:
            if answer is None:
                return
            what, index = answer
            if what == "remove":
                self.stroke(lambda: ScenarioDraft.read(with_event(text, index, None)), f"removed event {index + 1}")
                self.action_events(f"Event {index + 1} removed (u in the editor undoes it).")
                return
            self._event(text, index)

        self.app.push_screen(EventsDialog(events(text), said), chosen)

    def _event(self, text: str, index: int | None) -> None:
        found = events(text)
        table = terrain_table(self.file.edition)
        terrains = {terrain.id: terrain.name for terrain in sorted(table.values(), key=lambda t: t.id)}

        def done(event) -> None:
            if event is not None:
                what = "added an event" if index is None else f"changed event {index + 1}"
                self.stroke(lambda: ScenarioDraft.read(with_event(text, index, event)), what)
            self.action_events()

        self.app.push_screen(EventDialog({} if index is None else found[index], unit_names(text),
                                         list(areas_of(text)), terrains, (self.map.width, self.map.height),
                                         self.map_picker(), self.side, self._arriving_check, unit_sides(text),
                                         self.catalogue), done)

    def _arriving_check(self, values: list[str]) -> str | None:
        """What is wrong with an arriving unit's name, class and items (the edition's catalogue), or None."""
        if not values[0].strip():
            return "Give the unit a name."
        classes, edition = self.catalogue.classes, self.file.edition
        if values[1].strip() not in classes:
            return f"No class {values[1].strip()!r} in the {edition} edition: {', '.join(sorted(classes))}."
        items = [item.strip() for item in values[2].split(",") if item.strip()]
        unknown = [item for item in items if item not in self.catalogue.items]
        return f"No item {unknown[0]!r} in the {edition} edition." if unknown else None
