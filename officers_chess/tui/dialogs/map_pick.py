"""Picking a place on the editor's map from a dialog: the dialog steps aside, the map's cursor moves, Enter writes
the area's name (or the tile) into the dialog's input, Esc comes back without (mixed into a ModalScreen)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Input, Static

from officers_chess.content.editing.script_help import with_place

PICK_CSS = """
{name}.picking {{ background: transparent; align: center bottom; }}
{name}.picking > Vertical {{ display: none; }}
{name} #pick-bar {{ display: none; dock: bottom; height: 2; width: 100%; background: $boost; padding: 0 1; }}
{name}.picking #pick-bar {{ display: block; }}
"""
PICK_KEYS = [
    Binding("ctrl+t", "pick", "Pick on the map", show=False, priority=True),
    Binding("left,h", "pick_move(-1, 0)", show=False, priority=True),
    Binding("right,l", "pick_move(1, 0)", show=False, priority=True),
    Binding("up,k", "pick_move(0, -1)", show=False, priority=True),
    Binding("down,j", "pick_move(0, 1)", show=False, priority=True),
    Binding("enter", "pick_here", show=False, priority=True),
]
_WHILE_PICKING = ("pick_move", "pick_here")


@dataclass(frozen=True)
class MapPicker:
    """The editor's side of a pick: move its cursor by a step; the tile under it (from 1) and the area holding it;
    the cursor onto the tile at a point of the screen (False when the point is off the map); the cursor put on a
    tile (from 1), so a pick ends where the editor's cursor was before it (ruling ED41)."""

    move: Callable[[int, int], None]
    here: Callable[[], tuple[tuple[int, int], str | None]]
    point: Callable[[int, int], bool] | None = None
    goto: Callable[[tuple[int, int]], None] | None = None


class MapPicking:
    """Ctrl+T in an input of the dialog picks a place for it on the map (`picker` None: there is no map to pick on)."""

    picker: MapPicker | None = None
    picking_into: Input | None = None
    placing_what = ""
    placing: Callable[[tuple[int, int]], None] | None = None  # a unit being placed: what to do with its tile
    _home: tuple[int, int] | None = None  # the editor's cursor (from 1) when the pick began: it goes back there

    @property
    def picking(self) -> bool:
        return self.picking_into is not None or self.placing is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _WHILE_PICKING:
            return self.picking
        if self.picking and action not in ("cancel", "pick"):
            return False
        return super().check_action(action, parameters)  # type: ignore[misc]

    def place_on_map(self, then: Callable[[tuple[int, int]], None], what: str,
                     start: tuple[int, int] | None = None) -> None:
        """Step aside for the author to choose a tile (from 1) for `what`, from `start` if given (a unit placed
        before, moved); `then` gets it on Enter. It works as a Ctrl+T pick does: arrows, hjkl, a click, Enter, Esc."""
        if self.picker is None:
            return
        self.placing, self.placing_what = then, what
        self._begin_picking()
        if start is not None and self.picker.goto is not None:
            self.picker.goto(start)
            self._pick_bar()

    def _begin_picking(self) -> None:
        """No field keeps the focus while picking: an input takes h j k l as letters before any key binding sees
        them. Nor does one get it back when a dialog on top closes (the arriving unit's name, then its placing):
        the screen coming back gives its AUTO_FOCUS field the focus, so that is off until the pick ends."""
        assert self.picker is not None
        self._home = self.picker.here()[0]
        self.AUTO_FOCUS = ""
        self.add_class("picking")  # type: ignore[attr-defined]
        self.set_focus(None)  # type: ignore[attr-defined]
        self._pick_bar()

    def action_pick(self) -> None:
        focused = self.focused  # type: ignore[attr-defined]
        if self.picker is None or self.picking:
            return
        if not isinstance(focused, Input) or not self.pickable(focused):
            self.warn("Ctrl+T picks a tile or an area for the field you are writing in: go to it first.")
            return
        self.picking_into = focused
        self._begin_picking()

    def pickable(self, field: Input) -> bool:
        """Whether a place may be picked for this field (a dialog says which of its fields take one)."""
        return True

    def tile_only(self, field: Input) -> bool:
        """Whether the field takes a tile and never an area's name."""
        return False

    def _pick_bar(self, trouble: str = "") -> None:
        assert self.picker is not None
        tile, area = self.picker.here()
        where = f"{tile[0]},{tile[1]}" + (f" in the area {area}" if area else "")
        if self.placing is not None:
            bar = Text.assemble((f"Placing {self.placing_what}: ", "bold"), f"{where}. Move with the arrows; Enter "
                                "puts it here, Esc comes back without.")
        else:
            bar = Text.assemble(("Picking: ", "bold"), f"{where}. Move with the arrows; Enter writes it, Esc comes "
                                "back without.")
        if trouble:
            bar.append(f"\n{trouble}", "bold red")
        self.query_one("#pick-bar", Static).update(bar)  # type: ignore[attr-defined]

    def action_pick_move(self, dx: int, dy: int) -> None:
        assert self.picker is not None
        self.picker.move(dx, dy)
        self._pick_bar()

    def action_pick_here(self) -> None:
        assert self.picker is not None
        tile, area = self.picker.here()
        if self.placing is not None:
            then = self.placing
            self.end_picking()
            then(tile)
            return
        field = self.picking_into
        assert field is not None
        try:
            field.value = with_place(field.value, None if self.tile_only(field) else area, tile)
        except ValueError as exc:
            self._pick_bar(f"{str(exc)[0].upper()}{str(exc)[1:]}.")
            return
        self.end_picking()

    def on_click(self, event) -> None:
        """While picking, a click on the map picks that tile, as the arrows and Enter would."""
        if not self.picking or self.picker is None or self.picker.point is None:
            return
        event.stop()
        if self.picker.point(event.screen_x, event.screen_y):
            self.action_pick_here()

    def end_picking(self) -> None:
        """Back to the dialog, in the field picked for; the editor's cursor back where it was before the pick, so the
        keys used after the dialog (O, c, x) act on the tile they did before it (ruling ED41)."""
        field, self.picking_into, self.placing = self.picking_into, None, None
        home, self._home = self._home, None
        vars(self).pop("AUTO_FOCUS", None)  # the class's own again
        if home is not None and self.picker is not None and self.picker.goto is not None:
            self.picker.goto(home)
        self.remove_class("picking")  # type: ignore[attr-defined]
        if field is not None:
            field.focus()
            field.cursor_position = len(field.value)

    def warn(self, words: str) -> None:
        self.query_one(".error", Static).update(Text(words))  # type: ignore[attr-defined]
