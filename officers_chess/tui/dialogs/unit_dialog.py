"""The scenario editor's unit dialog: a placed unit's name, class and items picked from the catalogue, roles, crests and
uses spent, with its cost; the same dialog adds a unit and changes one."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

from officers_chess.content.editing.unit_fields import ROLES, UnitFields, equipped
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.models import Weapon
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field, TickBox
from officers_chess.tui.widgets.army_text import class_details, class_row, item_details, item_row
from officers_chess.tui.widgets.pick_list import PickList
from officers_chess.rules.basics.words import article


class KeptFigures:
    """A line of figures ("Str 5  Skl 4", "30 gold · sword") that wraps only at its ` · ` and double spaces, so a figure
    never parts from its name in the narrow details pane ("Res" at a line's end, "1" below); a line with a stretch
    wider than the pane (a tag's sentence) wraps as any text does."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.chunks = text.divide(found.end() for found in re.finditer(r" · | {2,}", text.plain))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if any(len(chunk.plain.rstrip()) > options.max_width for chunk in self.chunks):
            yield self.text
            return
        line = Text()
        for chunk in self.chunks:
            if line.plain and len(line.plain) + len(chunk.plain.rstrip()) > options.max_width:
                line.rstrip()
                yield line
                line = Text()
            line.append_text(chunk)
        line.rstrip()
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(max(len(chunk.plain.rstrip()) for chunk in self.chunks), len(self.text.plain))


def kept(details: Group) -> Group:
    """The hiring screen's details with each line of figures kept whole where it wraps."""
    return Group(*(KeptFigures(part) if isinstance(part, Text) else part for part in details.renderables))


class UnitDialog(Answered, ModalScreen[UnitFields | None]):
    """Ctrl+S (or Enter on the name, crests or uses line) answers the unit's fields once `refused` finds nothing
    wrong (else its words stay on the dialog); Esc answers None. `money(fields)` is the cost line."""

    DEFAULT_CSS = DIALOG_CSS.format(name="UnitDialog").replace("> Vertical", "> VerticalScroll") + """
    UnitDialog > VerticalScroll { width: 78; }
    UnitDialog #lists { height: auto; }
    UnitDialog #pickers { width: 40; height: auto; }
    UnitDialog #details { width: 1fr; height: 12; padding-left: 1; }
    UnitDialog PickList > OptionList { height: 4; }
    UnitDialog Horizontal { height: auto; }
    UnitDialog Label { color: $text-muted; }
    UnitDialog #name { width: 1fr; }
    UnitDialog Checkbox { margin-right: 2; }
    UnitDialog #crests, UnitDialog #used { width: 1fr; margin-right: 1; }
    """
    AUTO_FOCUS = "#name"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done", priority=True)]

    def __init__(self, title: str, catalogue: Catalogue, now: UnitFields,
                 refused: Callable[[UnitFields], str | None], money: Callable[[UnitFields], Text]) -> None:
        super().__init__()
        self.title_text, self.catalogue, self.now, self.refused, self.money = title, catalogue, now, refused, money
        self.unit_class = now.unit_class if now.unit_class in catalogue.classes else ""
        self.items = list(now.items)

    def compose(self) -> ComposeResult:
        classes = sorted(self.catalogue.classes.values(), key=lambda c: (class_price(c), c.name))
        with VerticalScroll(can_focus=False) as box:
            box.border_title = self.title_text
            with Horizontal():
                yield Label("Name ")
                yield Field(self.now.name, id="name", compact=True, max_length=24)
            with Horizontal(id="lists"):
                with Vertical(id="pickers"):
                    yield Label("Class (type to narrow, Enter picks)")
                    yield PickList([(c.name, class_row(c, class_price(c), None)) for c in classes],
                                   [self.unit_class] if self.unit_class else [], id="classes")
                    yield Label(f"Items, {INVENTORY_SLOTS} at most (Enter: in or out)")
                    yield PickList(self._item_entries(), self.items, many=True, limit=INVENTORY_SLOTS, id="items")
                yield Static(id="details")
            yield Static(id="chosen")
            with Horizontal():
                yield Label("Roles ")
                for role in ROLES:
                    yield TickBox(role, role in self.now.roles, id=f"role-{role}", compact=True)
            with Horizontal():
                yield Label("Crests ")
                yield Field(", ".join(self.now.crests), id="crests", compact=True, placeholder="commas between")
                yield Label("Uses spent ")
                yield Field(", ".join(str(u) for u in self.now.used), id="used", compact=True,
                            placeholder="per item: veterans")
            yield Static(id="cost")
            yield Static("", classes="error")
            yield Static("Tab next · Enter picks · Ctrl+S done · Esc cancel", classes="keys")

    def on_mount(self) -> None:
        self._show_choice()
        self._details(self._describe_class(self.unit_class) if self.unit_class else
                      Text("Pick a class: its figures show here, then each item's, and whether the class can wield it.",
                           "dim"))

    def _item_entries(self) -> list[tuple[str, Text]]:
        """Every item, those the picked class can use first (in the catalogue's order), then the weapons it cannot
        wield, marked: Enter on the list's first entry never gives a Knight a sword by accident."""
        unit_class = self.catalogue.classes.get(self.unit_class)

        def usable(item) -> bool:
            return unit_class is None or not isinstance(item, Weapon) or can_equip_class(unit_class, item)

        items = sorted(self.catalogue.items.values(), key=lambda item: not usable(item))
        return [(item.name, item_row(item, item_price(item), None, usable(item))) for item in items]

    def _describe_class(self, name: str) -> RenderableType:
        unit_class = self.catalogue.classes[name]
        return kept(class_details(unit_class, class_price(unit_class)))

    def _describe_item(self, name: str) -> RenderableType:
        item = self.catalogue.items[name]
        unit_class = self.catalogue.classes.get(self.unit_class)
        note = (f"{article(unit_class.name).capitalize()} {unit_class.name} cannot wield this." if unit_class is not None and isinstance(item, Weapon)
                and not can_equip_class(unit_class, item) else "")
        return kept(item_details(item, item_price(item), note))

    def _details(self, body: RenderableType) -> None:
        self.query_one("#details", Static).update(body)

    def fields(self) -> UnitFields:
        """The unit the dialog shows now; ValueError in the author's words for a line that cannot be read."""
        crests = tuple(c.strip() for c in self.query_one("#crests", Input).value.split(",") if c.strip())
        used_text = [u.strip() for u in self.query_one("#used", Input).value.split(",") if u.strip()]
        if not all(u.isdigit() for u in used_text):
            raise ValueError("Uses spent: whole numbers, one for each item in order (commas between).")
        roles = tuple(role for role in ROLES if self.query_one(f"#role-{role}", Checkbox).value)
        return UnitFields(self.query_one("#name", Input).value.strip(), self.unit_class, tuple(self.items), roles,
                          crests, tuple(int(u) for u in used_text))

    def _show_choice(self) -> None:
        chosen = Text.assemble(("Picked: ", "bold"), self.unit_class or "no class yet")
        if self.items:
            wielded = equipped(self.catalogue, UnitFields("", self.unit_class, tuple(self.items)))
            chosen.append(" · " + ", ".join(self.items))
            chosen.append(f" · takes the field wielding {wielded} (the first weapon it can wield)" if wielded else
                          " · wields nothing", "dim")
        roles = [role for role in ROLES if self.query_one(f"#role-{role}", Checkbox).value]
        chosen.append(" · " + (", ".join(roles) if roles else "no role"))  # the whole unit on one line
        self.query_one("#chosen", Static).update(chosen)
        try:
            self.query_one("#cost", Static).update(self.money(self.fields()))
        except ValueError:
            pass

    @on(PickList.Shown)
    def _shown(self, event: PickList.Shown) -> None:
        """The details follow the list the author is in: as the dialog opened, a unit's first item took the place of
        its class there."""
        if not event.pick_list.has_focus_within:
            return
        self._details(self._describe_class(event.name) if event.pick_list.id == "classes"
                      else self._describe_item(event.name))

    @on(PickList.Picked)
    def _picked(self, event: PickList.Picked) -> None:
        self.query_one(".error", Static).update(Text(event.refused))
        if event.pick_list.id == "classes":
            self.unit_class = event.picks[0]
            items = self.query_one("#items", PickList)
            items.entries = self._item_entries()  # a weapon this class cannot wield marked, as the hiring shop marks it
            items._fill()
            items.query_one(Input).focus()
        else:
            self.items = event.picks
            event.pick_list.query_one(Input).value = ""
        self._show_choice()

    @on(Input.Changed, "#crests, #used, #name")
    @on(Checkbox.Changed)
    def _edited(self) -> None:
        self._show_choice()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def action_done(self) -> None:
        try:
            fields = self.fields()
        except ValueError as exc:
            self._say(str(exc))
            return
        if not fields.name:
            self._say("Give the unit a name.")
            return
        if not fields.unit_class:
            self._say("Pick the unit's class from the list (type to narrow it, Enter picks).")
            return
        problem = self.refused(fields)
        if problem:
            self._say(problem)
            return
        self.answer(fields)

    def _say(self, words: str) -> None:
        self.query_one(".error", Static).update(Text(words))

    def action_cancel(self) -> None:
        self.answer(None)
