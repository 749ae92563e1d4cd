"""The hiring screen's keys (mixed into HiringScreen)."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList

from officers_chess.session import army_draft as draft
from officers_chess.session.army_draft import DraftRefused
from officers_chess.tui.dialogs.army_file import TextPrompt


# The screen's letter keys and the actions they run (hiring.py's bindings), for a word when none can run now.
KEY_ACTIONS: dict[str, tuple[str, ...]] = {
    "x": ("remove",), "delete": ("remove",), "n": ("rename",), "r": ("role",), "i": ("show_items", "shop_items"),
    "c": ("show_classes",), "a": ("toggle_all",),
}


def idle_hiring_hint(key: str, focus: str | None, outfitting: bool, shop_mode: str, on_unit: bool,
                     on_item: bool, roles: bool) -> str | None:
    """Why `key` does nothing on the hiring (or outfitting) screen now, and what makes it work (rulings L48);
    None when there is nothing worth saying (the shop already shows what the key asks for)."""
    to_army = "Tab to your army first"
    if key in ("x", "delete"):
        if not on_unit:
            return "Nothing to remove yet: hire a unit first (Enter on a class)."
        if focus != "army":
            return f"x removes what your army list highlights: {to_army}."
        if outfitting and not on_item:
            return "At Outfitting every unit stays: x puts down an item (highlight one of its items)."
    if key == "n":
        if outfitting:
            return "Names are fixed at Outfitting; only items change."
        if not on_unit:
            return "Hire a unit first; n then names it."
        return f"n names the unit your army list highlights: {to_army}."
    if key == "r":
        if outfitting:
            return "Roles are fixed at Outfitting; only items change."
        if not roles:
            return "This battle gives no roles (Leader, Fleeing, Saboteur) to hand out."
        if not on_unit:
            return "Hire a unit first; r then gives it a role."
        return f"r gives a role to the unit your army list highlights: {to_army}."
    if key == "i" and not on_unit:
        return "Hire a unit first: items are given to a unit (Enter on a class)."
    if key == "c":
        if outfitting:
            return "Classes are fixed at Outfitting; only items change."
        if focus == "army":
            return "c shows the classes in the shop: Tab to the shop first."
    if key == "a" and shop_mode == "classes":
        return "a lists every item once the shop shows items (i)."
    return None


class HiringKeys:
    """What each key of the hiring screen does: moving between the shop and the army, hiring, giving items, removing,
    renaming, roles."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        focus = self.focused.id if self.focused else None
        hiring = not self.outfitting
        on_unit = self.unit is not None
        allowed = {
            "hire": focus == "shop" and self.shop_mode == "classes",
            "give": focus == "shop" and self.shop_mode == "items",
            "shop_items": focus == "army" and on_unit,
            "to_army": focus != "army",
            "to_shop": focus == "army",
            "show_items": focus == "shop" and self.shop_mode == "classes",
            "show_classes": focus == "shop" and hiring and self.shop_mode == "items",
            "toggle_all": self.shop_mode == "items",
            "remove": focus == "army" and on_unit and (hiring or self._highlighted_item() is not None),
            "rename": focus == "army" and on_unit and hiring,
            "role": focus == "army" and on_unit and hiring and bool(draft.role_cycle(self.rules)),
        }
        return allowed.get(action, True)

    def on_key(self, event: events.Key) -> None:
        # A key that can do nothing now says why, rather than nothing (this runs before its binding).
        actions = KEY_ACTIONS.get(event.key)
        if actions is None or any(self.check_action(action, ()) for action in actions):
            return
        hint = idle_hiring_hint(event.key, self.focused.id if self.focused else None, self.outfitting, self.shop_mode,
                                self.unit is not None, self._highlighted_item() is not None,
                                bool(draft.role_cycle(self.rules)))
        if hint:
            self.say(hint, error=True)
            self._refresh()

    def _highlighted_item(self) -> int | None:
        option = self.query_one("#army", OptionList).highlighted_option
        if option is None or "." not in (option.id or ""):
            return None
        return int((option.id or "").partition(".")[2])

    def action_to_army(self) -> None:
        self.query_one("#army", OptionList).focus()

    def action_to_shop(self) -> None:
        self.query_one("#shop", OptionList).focus()

    def action_show_items(self) -> None:
        self.shop_mode = "items"
        self._fill_shop()
        self.action_to_shop()
        self._refresh()

    action_shop_items = action_show_items

    def action_show_classes(self) -> None:
        self.shop_mode = "classes"
        self._fill_shop()
        self.action_to_shop()
        self._refresh()

    def action_toggle_all(self) -> None:
        self.all_items = not self.all_items
        self._fill_shop()
        self._refresh()

    def _shop_choice(self) -> str:
        option = self.query_one("#shop", OptionList).highlighted_option
        return (option.id or "").partition(":")[2] if option else ""

    def _apply(self, edit) -> None:
        """Run one draft edit (a callable returning an Edit); a refusal is said, not raised."""
        try:
            result = edit()
        except DraftRefused as exc:
            self.say(str(exc), error=True)
            self._refresh()
            return
        self.say(result.note)
        self._changed(result.army, result.unit)

    def action_hire(self) -> None:
        name = self._shop_choice()
        if name:
            self._apply(lambda: draft.hire(self.draft, name, self.session, self.side))

    def action_give(self) -> None:
        name = self._shop_choice()
        if name:
            self._apply(lambda: draft.give(self.draft, self.unit_index, name, self.session))

    def action_remove(self) -> None:
        index, item_index = self.unit_index, self._highlighted_item()
        if self.unit is None:
            return
        if item_index is not None:
            self._apply(lambda: draft.put_down(self.draft, index, item_index))
        elif not self.outfitting:
            self._apply(lambda: draft.dismiss(self.draft, index))

    def action_rename(self) -> None:
        index, unit = self.unit_index, self.unit
        if unit is None:
            return

        def check(text: str) -> str | None:
            return draft.name_problem(self.draft, index, text)

        def named(text: str | None) -> None:
            if text is not None:
                self._apply(lambda: draft.rename(self.draft, index, text))

        self.app.push_screen(TextPrompt("Name", f"A name for this {unit.unit_class}:", unit.name, check, draft.NAME_LIMIT), named)

    def action_role(self) -> None:
        if self.unit is not None:
            index = self.unit_index
            self._apply(lambda: draft.next_role(self.draft, index, self.rules))
