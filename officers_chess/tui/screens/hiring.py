"""The Hiring and Outfitting screen: browse the classes and items the scenario allows and build an army within the war chest.

Outfitting is the same screen with classes and names locked: only items change.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.rules.basics.words import article
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.models import Side
from officers_chess.session.army_draft import unarmed, unarmed_words
from officers_chess.session.muster_common import MusterCommon
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.army_file_actions import ArmyFileActions
from officers_chess.tui.screens.hiring_keys import HiringKeys
from officers_chess.tui.screens.muster_step import MusterStepScreen, header
from officers_chess.tui.widgets import enter_list
from officers_chess.tui.widgets.army_text import army_rows, class_details, class_row, item_details, item_row
from officers_chess.tui.widgets.scroll_box import ScrollBox


WIDE = 120  # from this width on, the shop shows figures and the details take a column
# The details pane's most rows (borders included) from 24 rows of terminal on: every bundled v0.6 class and item
# whole (rulings L49). Below that it keeps to the CSS's 8, so the lists keep some rows at the smallest size.
TALL_DETAILS, TALL_FROM = 10, 24


class KeepsHighlightInSight:
    """A list that scrolls its highlighted row back into sight when it is made shorter: a taller details pane
    below it shortens it, and the pane would then describe a row the list no longer shows (rulings L40)."""

    def on_resize(self) -> None:
        self.scroll_to_highlight()


class ShopList(KeepsHighlightInSight, enter_list.ShopList):
    pass


class ArmyList(KeepsHighlightInSight, enter_list.ArmyList):
    pass


class HiringScreen(HiringKeys, ArmyFileActions, MusterStepScreen):
    """One side's private Hiring (or Outfitting) step."""

    AUTO_FOCUS = None  # on_mount chooses: the shop when hiring, the army when outfitting

    DEFAULT_CSS = """
    HiringScreen { layout: vertical; }
    HiringScreen #header { height: 1; background: $boost; }
    HiringScreen #main { height: 1fr; min-height: 6; }
    HiringScreen #shop { width: 42; height: 100%; border: round $panel; scrollbar-size-vertical: 1; }
    HiringScreen #army { width: 1fr; height: 100%; border: round $panel; scrollbar-size-vertical: 1; }
    HiringScreen OptionList:focus { border: round $accent; }
    HiringScreen #details { dock: bottom; width: 100%; height: auto; max-height: 8; border: round $panel; padding: 0 1; }
    HiringScreen.-wide #shop { width: 66; }
    /* One line per row, so the shop reads as a table: long tags end in "…" (the details pane has them all). */
    HiringScreen #shop { text-wrap: nowrap; text-overflow: ellipsis; }
    HiringScreen.-wide #details { dock: none; width: 1fr; height: 100%; max-height: 100%; }
    HiringScreen #notes { height: auto; max-height: 3; padding: 0 1; }
    """
    BINDINGS = [
        Binding("tab", "to_army", "Army", priority=True),
        Binding("tab", "to_shop", "Shop", priority=True),
        Binding("i", "show_items", "Items"),
        # From a unit in the army too, as Enter there does (the footer already shows that Enter as Items).
        Binding("i", "shop_items", "Items", show=False),
        Binding("c", "show_classes", "Classes"),
        Binding("a", "toggle_all", "All items", show=False),
        Binding("x,delete", "remove", "Remove"),
        Binding("n", "rename", "Name"),
        Binding("r", "role", "Role"),
        Binding("f", "army_file", "Save/load"),
        Binding("e", "export", show=False),
        Binding("p", "paste", show=False),
        Binding("s", "save", show=False),
        Binding("l", "load", show=False),
        Binding("d", "done", "Done"),
        # The details pane's pages, when a description is taller than the pane (its border says so).
        Binding("right_square_bracket", "details_page(1)", show=False),
        Binding("left_square_bracket", "details_page(-1)", show=False),
    ]

    def __init__(self, session: MusterCommon, side: Side, outfitting: bool = False) -> None:
        super().__init__(session, side)
        self.outfitting = outfitting
        self.draft: Army = session.army(side)
        self.shop_mode = "items" if outfitting else "classes"
        self.all_items = False
        self.unit_index: int | None = 0 if self.draft.units else None
        self.message = Text("")

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            yield ShopList(id="shop")  # Enter: Hire or Give item
            army = ArmyList(id="army")  # Enter: Items
            army.border_title = "Your army"
            yield army
            # Below the lists on a small terminal; a third column on a wide one.
            yield ScrollBox(id="details")  # a long description scrolls ([ and ]) with a sign on its border
        yield Static(id="notes")
        yield compact_footer()

    def on_mount(self) -> None:
        intro = ("Outfitting: change what your units carry; classes and names are fixed." if self.outfitting else
                 "Enter hires the class; i: items for the unit; Tab: shop ↔ army.")  # one line at 80 columns
        self.message = Text(intro, "grey70")
        self._fill_shop()
        self._fill_army()
        self.query_one("#army" if self.outfitting else "#shop", OptionList).focus()
        self._refresh()

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self._fill_shop()
        # None: the CSS's own (8 rows below the lists, the whole column on a wide terminal).
        tall = not wide and event.size.height >= TALL_FROM
        self.query_one("#details").styles.max_height = TALL_DETAILS if tall else None
        after_refresh(self, self._say_overflow)  # the list's room changed with the terminal

    # --- what the screen shows -------------------------------------------------------------

    @property
    def rules(self):
        return self.session.scenario.rules(self.side)

    @property
    def gold_left(self) -> int:
        return self.rules.war_chest - self.session.cost(self.draft)

    @property
    def unit(self) -> Recruit | None:
        if self.unit_index is None or self.unit_index >= len(self.draft.units):
            return None
        return self.draft.units[self.unit_index]

    def _shop_items(self):
        unit = self.unit
        for item, price in self.session.items(self.side):
            usable = unit is None or self.session.can_carry(unit.unit_class, item)
            if usable or self.all_items:
                yield item, price, usable

    def _fill_shop(self) -> None:
        shop = self.query_one("#shop", OptionList)
        before = shop.highlighted_option.id if shop.highlighted_option else None
        left = self.gold_left
        if self.shop_mode == "classes":
            wide = self.has_class("-wide")
            shop.border_title = ("Map · class · gold · weapons · Str Skl Spd Def Res · Move" if wide
                                 else "Map letter · class · gold")
            prices = [price for _, price in self.session.classes(self.side)]
            options = [Option(class_row(c, price, left, wide), id=f"class:{c.name}") for c, price in self.session.classes(self.side)]
        else:
            unit = self.unit
            title = f"Items for {unit.unit_class} {unit.name}" if unit and not self.all_items else "All items"
            # The border names the key that switches, since the footer has no room for it at 80 columns.
            other = "a: all" if unit and not self.all_items else f"a: {unit.unit_class}'s" if unit else ""
            shop.border_title = Text(title + (f" · {other}" if other else ""))  # names as written
            wide = self.has_class("-wide")
            shown = list(self._shop_items())
            prices = [price for _, price, _ in shown]
            options = [Option(item_row(item, price, left, usable, wide), id=f"item:{item.name}")
                       for item, price, usable in shown]
        said = []  # each mark of the rows, said in words once (short: the shop's border is 40 columns at 80)
        if self.shop_mode != "classes" and self.unit is not None and not all(usable for *_, usable in shown):
            said.append(f"–: {self.unit.unit_class} can't")  # (army_text.item_row)
        if any(price > left for price in prices):  # the "!" after a price
            said.append(f"!: over {max(left, 0)} gold")
        self._shop_marks = said
        shop.border_subtitle = " · ".join(said)
        after_refresh(self, self._say_overflow)
        shop.set_options(options)
        ids = [o.id for o in options]
        if before not in ids and self.unit is not None:  # back in the classes: on the selected unit's class
            before = f"class:{self.unit.unit_class}"
        if options:
            shop.highlighted = ids.index(before) if before in ids else 0

    def _say_overflow(self) -> None:
        """A list longer than its pane says so on its border: at 80×24 the classes stopped at the thirteenth of
        twenty-two, and a newcomer never saw the rest (the scroll bar's mark is a cell high)."""
        shop = self.query_one("#shop", OptionList)
        room = shop.scrollable_content_region.height
        more = [f"↑↓ {shop.option_count} in all"] if room and shop.option_count > room else []
        said = list(getattr(self, "_shop_marks", [])) + more  # the marks first: they explain what is on the rows
        while len(said) > 1 and cell_len(" · ".join(said)) > shop.size.width - 6:  # (its corners and padding)
            said.pop()  # whole words or none: a cut one said nothing
        shop.border_subtitle = " · ".join(said)

    def _fill_army(self) -> None:
        army = self.query_one("#army", OptionList)
        costs = [self.session.recruit_cost(r) for r in self.draft.units]
        rows = army_rows(self.draft, costs, self.session.catalogue.items)
        army.set_options([Option(text, id=f"{u}" if i is None else f"{u}.{i}") for u, i, text in rows])
        if rows and self.unit_index is not None:
            army.highlighted = next((n for n, (u, i, _) in enumerate(rows) if u == self.unit_index and i is None), 0)
        limits = self.rules.army
        army.border_title = f"Your army · {len(self.draft.units)} of {limits.min}–{limits.max} units"

    def repaint_colours(self) -> None:
        self._fill_shop()
        self._fill_army()
        self._refresh()

    def _refresh(self) -> None:
        cost, chest = self.session.cost(self.draft), self.rules.war_chest
        left = chest - cost
        gold = Text(f"{cost} of {chest} gold", palette().error if left < 0 else "bold")
        gold.append(f" ({left} left)" if left >= 0 else f" ({-left} over)")
        self.query_one("#header", Static).update(header(self.session, self.side, gold))
        notes = Text()
        notes.append_text(self.message)
        problems = self.session.problems(self.draft, self.side)
        if problems:
            notes.append("\nTo confirm: " + "; ".join(problems), palette().warning)
        else:
            notes.append("\nReady: press d to confirm this army.", palette().good)
            empty = unarmed(self.draft.units, self.session.catalogue)
            if empty:  # allowed, but rarely meant
                notes.append(f" ({unarmed_words(empty)})", palette().warning)
        self.query_one("#notes", Static).update(notes)
        self._show_details()
        self.refresh_bindings()

    def _show_details(self) -> None:
        details = self.query_one("#details", ScrollBox)
        focused = self.focused.id if self.focused else None
        body: RenderableType = Text("")
        if focused == "shop":
            option = self.query_one("#shop", OptionList).highlighted_option
            body = self._describe(option.id if option else None)
        else:
            option = self.query_one("#army", OptionList).highlighted_option
            if option is not None:
                unit_index, _, item_index = (option.id or "").partition(".")
                recruit = self.draft.units[int(unit_index)]
                body = self._describe(f"item:{recruit.items[int(item_index)]}" if item_index else f"class:{recruit.unit_class}")
        details.update(body)

    def _describe(self, option_id: str | None) -> RenderableType:
        if not option_id:
            return Text("")
        kind, _, name = option_id.partition(":")
        catalogue = self.session.catalogue
        if kind == "class":
            unit_class = catalogue.classes[name]
            return class_details(unit_class, dict((c.name, p) for c, p in self.session.classes(self.side)).get(name, 0))
        item = catalogue.items[name]
        price = dict((i.name, p) for i, p in self.session.items(self.side)).get(name, 0)
        unit = self.unit
        note = f"{article(unit.unit_class).capitalize()} {unit.unit_class} cannot use this." if unit and not self.session.can_carry(unit.unit_class, item) else ""
        return item_details(item, price, note)

    def action_details_page(self, direction: int) -> None:
        self.query_one("#details", ScrollBox).page(direction)

    def say(self, text: str, error: bool = False) -> None:
        self.message = Text(text, palette().error if error else "")

    def _changed(self, draft: Army, unit_index: int | None) -> None:
        self.draft = draft
        self.session.keep_draft(self.side, draft)  # a network seat's host keeps it, should the seat drop (N11)
        self.unit_index = unit_index if draft.units else None
        self._fill_army()
        self._fill_shop()
        self._refresh()

    # --- events ----------------------------------------------------------------------

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "army" and event.option.id is not None:
            unit_index = int(event.option.id.partition(".")[0])
            if unit_index != self.unit_index:
                self.unit_index = unit_index
                if self.shop_mode == "items":
                    self._fill_shop()
        self._show_details()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Enter on a row, or a click on it.
        if event.option_list.id == "shop":
            self.action_hire() if self.shop_mode == "classes" else self.action_give()
        elif event.option_list.id == "army" and self.check_action("shop_items", ()):
            self.action_shop_items()

    def enter_does(self, option_list: OptionList, what: str) -> bool:
        """Which label the focused list's Enter shows in the footer (EnterList asks)."""
        return bool(self.check_action(what, ()))

    def on_descendant_focus(self) -> None:
        self._show_details()
        self.refresh_bindings()

    # --- confirming ------------------------------------------------------------------

    def action_done(self) -> None:
        problems = self.session.problems(self.draft, self.side)
        if problems:
            self.say(f"Not yet: {problems[0]}.", error=True)
            self._refresh()
            return
        fixed = "Items are fixed from now on." if self.outfitting else "Classes are fixed from now on; items may still change at Outfitting."
        size = len(self.draft.units)
        question = (f"Confirm this army of {size} unit{'s' if size != 1 else ''} ({self.session.cost(self.draft)} of "
                    f"{self.rules.war_chest} gold)? {fixed}")
        empty = unarmed_words(unarmed(self.draft.units, self.session.catalogue))
        if empty and self.outfitting:  # (before Outfitting the Ready line says it: items may still change)
            question += f" {empty}"

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.session.set_army(self.side, self.draft)
                self.session.finish()
            except MusterError as exc:
                self.say(f"Not yet: {exc}.", error=True)
                self._refresh()
                return
            self.step_done()

        self.app.push_screen(ConfirmDialog(question), answered)
