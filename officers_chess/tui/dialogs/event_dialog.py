"""The events dialogs: the scenario's events in a list (add, change, remove), and one event: its moment (a round or a
trigger, with the triggers' help), its note, new orders for named units and terrain changes."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.editing.scenario_scripts import (
    ScriptLine, event_line, moment, moment_words, parse_terrain, terrain_text)
from officers_chess.content.editing.script_help import unfilled
from officers_chess.content.editing.unit_fields import UnitFields, cost
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.tui.dialogs.arriving_moves import ArrivingMoves
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field
from officers_chess.tui.dialogs.map_pick import PICK_CSS, PICK_KEYS, MapPicker, MapPicking
from officers_chess.tui.dialogs.script_dialog import HELP_CSS, HelpedFields, OrdersDialog, shown_problem
from officers_chess.tui.dialogs.unit_dialog import UnitDialog

ADD = "add"


class EventRow:
    """An event's row in the events list, one line at any width: its note is cut to fit, its number, moment and what
    it brings kept (a Text's no_wrap is lost on an OptionList, which wrapped each event onto two lines at 80 columns)."""

    def __init__(self, number: int, event: dict[str, Any]) -> None:
        self.number, self.event = number, event

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        number = f"{self.number}. "
        yield Text(number + event_line(self.event, options.max_width - len(number)), no_wrap=True,
                   overflow="ellipsis")


class EventsDialog(Answered, ModalScreen[tuple[str, int | None] | None]):
    """The events in the file's order: Enter answers ("change", i) or ("add", None), x ("remove", i); Esc None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="EventsDialog") + """
    EventsDialog > Vertical { width: 78; }
    EventsDialog OptionList { height: auto; max-height: 16; border: none; padding: 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Close"), Binding("x,delete", "remove", "Remove")]

    def __init__(self, events: list[dict[str, Any]], said: str = "") -> None:
        super().__init__()
        self.events, self.said = events, said

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Events"
            options = [Option(EventRow(i + 1, e)) for i, e in enumerate(self.events)]
            yield OptionList(*options, Option(Text("+ Add an event", "bold")), id="events")
            yield Static(Text(self.said), classes="error")
            yield Static("↑↓ choose · Enter change (or add) · x remove · Esc close", classes="keys")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        self.answer(("change", index) if index < len(self.events) else (ADD, None))

    def action_remove(self) -> None:
        index = self.query_one("#events", OptionList).highlighted
        if index is not None and index < len(self.events):
            self.answer(("remove", index))

    def action_cancel(self) -> None:
        self.answer(None)


class EventDialog(ArrivingMoves, HelpedFields, MapPicking, Answered, ModalScreen[dict | None]):
    """One event; Ctrl+S answers it as scenario_scripts.events() shapes one, Esc None. A moment or a change the rules
    refuse keeps it open with their words. Units arriving are added by naming them, then placing them on the map."""

    DEFAULT_CSS = (DIALOG_CSS.format(name="EventDialog") + HELP_CSS.format(name="EventDialog")
                   + PICK_CSS.format(name="EventDialog") + """
    EventDialog.under { background: transparent; }
    EventDialog.under > Vertical { display: none; }
    EventDialog #orders, EventDialog #arriving { height: auto; max-height: 3; }
    /* One line each, as the events' list: in three lines, an entry wrapped hid the next. */
    EventDialog #orders, EventDialog #arriving { text-wrap: nowrap; text-overflow: ellipsis; }
    EventDialog #help { min-height: 3; }
    """)
    AUTO_FOCUS = "#moment"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done", priority=True),
                # (Ctrl+A and Ctrl+W are the fields' own: the start of the line, delete a word)
                Binding("ctrl+o", "arrive", "Add a unit arriving", priority=True),
                Binding("ctrl+g", "arriving_side", "The other side arrives", priority=True),
                Binding("ctrl+r", "remove", "Remove the one chosen", priority=True),
                Binding("down", "to_help", show=False), *PICK_KEYS]
    help_kinds = {"moment": "trigger", "terrain": "terrain", "unit": "unit"}

    def __init__(self, event: dict[str, Any], names: Sequence[str], areas: Sequence[str], terrains: Mapping[str, str],
                 size: tuple[int, int], picker: MapPicker | None = None, side: str = "defender",
                 unit_check: Callable[[list[str]], str | None] | None = None,
                 side_of: Mapping[str, str] | None = None, catalogue: Catalogue | None = None) -> None:
        """`terrains`: the edition's, id: name; `side`: the side a first arriving unit is for; `unit_check` says what
        is wrong with a unit's name, class and items (None when nothing is); `catalogue`: the edition's, for the
        arriving unit's class and items."""
        super().__init__()
        self.catalogue = catalogue
        self.event = copy.deepcopy(event)
        self.new_orders: list[dict[str, Any]] = list(self.event.get("orders") or [])
        self.arriving: dict[str, Any] = copy.deepcopy(self.event.get("reinforcements") or {"side": side, "units": []})
        self.unit_check, self.side_of = unit_check, side_of
        self.names, self.areas, self.terrains, self.picker = list(names), list(areas), terrains, picker
        self.map_size = size

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Event" if self.event else "New event"
            yield Label("When: round N (2 or later), or a trigger from the list")
            yield Field(moment_words(self.event), id="moment", compact=True, placeholder="round 3")
            yield Label("Note (what the players read in the log)")
            yield Field(str(self.event.get("note") or ""), id="note", compact=True)
            yield Label("Terrain changes: [X, Y] terrain; ... (^T picks the tile, ↓ the terrains)")
            yield Field(terrain_text(self.event.get("terrain") or []), id="terrain", compact=True)
            yield Label("New orders: a unit's name, then Enter (Enter on one below changes it)")
            yield Field(id="unit", compact=True, placeholder="any unit of the scenario (↓ lists them)")
            yield OptionList(id="orders")
            yield Label(id="arriving-label")
            yield OptionList(id="arriving")
            yield OptionList(id="help")
            yield Static("", classes="error")
            yield Static("↓ help · Tab next · ^T pick · ^R remove the one chosen · ^S done · Esc cancel",
                         classes="keys")
        yield Static(id="pick-bar")

    def on_mount(self) -> None:
        self._show_orders()
        self._show_arriving()
        self.refresh_help("moment")

    def _show_arriving(self) -> None:
        units = self.arriving["units"]
        self.query_one("#arriving-label", Label).update(
            f"Arriving ({self.arriving['side']}): ^O adds one, placed on the map (Enter moves it); ^G other side")
        listing = self.query_one("#arriving", OptionList)
        listing.clear_options()
        listing.add_options([Option(Text(" · ".join([str(u.get("name")), str(u.get("class")), *(
            ", ".join(u[key]) for key in ("items", "roles") if u.get(key)), f"at {u['at'][0]},{u['at'][1]}"])))
            for u in units]
                            or [Option(Text("No units arrive.", "dim"), disabled=True)])

    def action_arrive(self) -> None:
        """Ctrl+O: the unit dialog (class and items picked from the catalogue), then the unit placed on the map."""
        if self.picker is None or self.catalogue is None:
            return
        catalogue = self.catalogue

        def named(fields: UnitFields | None) -> None:
            self.remove_class("under")
            if fields is not None:
                self.place_on_map(lambda tile: self._arrived(fields, tile), fields.name)

        def check(fields: UnitFields) -> str | None:
            if fields.name.lower() in (n.lower() for n in [*self.names, *(u["name"] for u in self.arriving["units"])]):
                return f"A unit is called {fields.name} already: each unit's name is its own."
            return (self.unit_check([fields.name, fields.unit_class, ", ".join(fields.items)])
                    if self.unit_check is not None else None)

        def money(fields: UnitFields) -> Text:
            price = cost(catalogue, fields)
            return (Text("Cost: pick a class", "dim") if price is None else
                    Text(f"Worth {price} gold · an arriving unit is not paid from the war chest"))

        self.add_class("under")
        self.app.push_screen(UnitDialog(f"A unit arriving for the {self.arriving['side']} (then place it on the map)",
                                        catalogue, UnitFields("", ""), check, money), named)

    def _arrived(self, fields: UnitFields, tile: tuple[int, int]) -> None:
        unit = {key: value for key, value in fields.values().items() if value is not None}
        self.arriving["units"].append({**unit, "at": list(tile)})
        self._show_arriving()
        self.warn(f"{fields.name} arrives at {tile[0]},{tile[1]}.")

    def action_arriving_side(self) -> None:
        self.arriving["side"] = "attacker" if self.arriving["side"] == "defender" else "defender"
        self._show_arriving()

    def action_remove(self) -> None:
        """Ctrl+R: the arriving unit or the new orders chosen in their list, taken out."""
        focused = self.focused
        listing = focused if isinstance(focused, OptionList) and focused.id in ("arriving", "orders") else None
        index = listing.highlighted if listing is not None else None
        entries = (self.arriving["units"] if listing is not None and listing.id == "arriving" else self.new_orders)
        if index is None or index >= len(entries):
            self.warn("Choose an arriving unit or new orders in their list first (Tab to it, then the arrows).")
            return
        del entries[index]
        self._show_arriving()
        self._show_orders()

    def pickable(self, field: Input) -> bool:
        return field.id in ("moment", "terrain")

    def tile_only(self, field: Input) -> bool:
        return field.id == "terrain"

    def _show_orders(self) -> None:
        listing = self.query_one("#orders", OptionList)
        listing.clear_options()
        listing.add_options([Option(Text(f"{o['unit']}: " + "; ".join(
            ScriptLine(str(line.get("when") or ""), str(line.get("do"))).text() for line in o.get("script") or [])))
            for o in self.new_orders] or [Option(Text("No new orders.", "dim"), disabled=True)])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "unit":
            self._unit_named(event.input)
        else:
            self.action_done()

    def _unit_named(self, field: Input) -> None:
        """The orders dialog for the unit named in `field` (emptied), or a warning naming the units there are."""
        name = field.value.strip()
        known = next((n for n in self.names if n.lower() == name.lower()), None)
        if known is None:
            self.warn(f"No unit called {name!r} in this scenario: {', '.join(self.names)}.")
            return
        field.value = ""
        self._orders_for(known)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "help":
            self.help_chosen(event.option_index)
            if self.help_for == "unit":  # a unit chosen from the list: its orders at once
                self._unit_named(self.query_one("#unit", Input))
        elif event.option_list.id == "orders" and event.option_index < len(self.new_orders):
            self._orders_for(str(self.new_orders[event.option_index]["unit"]))
        elif event.option_list.id == "arriving" and event.option_index < len(self.arriving["units"]):
            self.move_arriving(event.option_index)  # (ruling ED40)

    def _orders_for(self, name: str) -> None:
        """The orders dialog for `name`'s new script in this event (this dialog steps aside so the map shows)."""
        index = next((i for i, o in enumerate(self.new_orders) if o["unit"] == name), None)
        lines = [] if index is None else [ScriptLine(str(line.get("when") or ""), str(line.get("do")))
                                          for line in self.new_orders[index].get("script") or []]

        def done(answer: list[ScriptLine] | None) -> None:
            self.remove_class("under")
            if answer is None:
                return
            entry = {"unit": name, "script": [line.value() for line in answer]}
            if index is None and answer:
                self.new_orders.append(entry)
            elif index is not None and answer:
                self.new_orders[index] = entry
            elif index is not None:
                del self.new_orders[index]
            self._show_orders()

        self.add_class("under")
        side_of = dict(self.side_of or {})
        side_of.update({str(u["name"]): self.arriving["side"] for u in self.arriving["units"]})
        self.app.push_screen(OrdersDialog(f"New orders for {name} when this event happens", lines, self.names,
                                          self.areas, "They replace the unit's script from then on.", self.picker,
                                          side_of, side_of.get(name)), done)

    def wanted(self) -> dict[str, Any]:
        """The event the fields ask for; ValueError in the rules' words."""
        event = {k: v for k, v in self.event.items() if k not in ("round", "when")}
        words = self.query_one("#moment", Input).value
        if unfilled(words):
            raise ValueError(unfilled(words))
        event.update(moment(words))
        event["note"] = self.query_one("#note", Input).value.strip()
        terrain = self.query_one("#terrain", Input).value
        if unfilled(terrain):
            raise ValueError(f"Terrain changes: {unfilled(terrain)}")
        event["terrain"] = parse_terrain(terrain, list(self.terrains), *self.map_size)
        event["orders"] = self.new_orders
        event["reinforcements"] = self.arriving if self.arriving["units"] else None
        if self.query_one("#unit", Input).value.strip():
            raise ValueError("A unit is named for new orders but not given any: Enter opens its orders, or empty it.")
        return event

    def action_done(self) -> None:
        try:
            event = self.wanted()
        except ValueError as exc:
            words = shown_problem(str(exc))
            self.warn(f"{words[0].upper()}{words[1:]}")
            return
        self.answer(event)

    def action_cancel(self) -> None:
        if self.picking:
            self.end_picking()
            return
        self.answer(None)
