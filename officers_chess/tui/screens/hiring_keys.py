"""The hiring screen's keys (mixed into HiringScreen)."""

from __future__ import annotations

from textual.widgets import OptionList

from officers_chess.session import army_draft as draft
from officers_chess.session.army_draft import DraftRefused
from officers_chess.tui.dialogs.army_file import TextPrompt


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
