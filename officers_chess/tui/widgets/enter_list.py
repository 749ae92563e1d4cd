"""Option lists whose Enter the footer names (Play, Hire, Give item, Items), handled in the order keys were typed."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList

# Why not a priority binding on the screen: those run the moment the app reads the key, while the
# arrows typed just before it are still on their way to the list (a widget's own keys are bound when
# they come back up to the app), so a quick "down down enter" chose the row the highlight had left.
# Enter here is the list's own binding: it runs after those arrows, and the list's OptionSelected,
# handled by the screen (as for a click), does the rest.


class EnterList(OptionList):
    """An OptionList whose Enter is labelled by `ENTER` in the footer; subclasses name it."""

    ENTER: tuple[tuple[str, str], ...] = (("select", "Choose"),)  # (action, footer label), first allowed wins

    def __init_subclass__(cls, **kwargs) -> None:
        # Before Textual's own hook, which merges the class's bindings.
        cls.BINDINGS = [Binding("enter", f"enter('{action}')", label) for action, label in cls.ENTER]
        super().__init_subclass__(**kwargs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter":
            return self.enter_allowed(str(parameters[0]))
        if action == "select":
            return False  # the labelled Enter above does it
        return super().check_action(action, parameters)

    def enter_allowed(self, what: str) -> bool:
        """Whether Enter does `what` now (one label shows at a time); the screen may decide."""
        decide = getattr(self.screen, "enter_does", None)
        return decide(self, what) if decide is not None else True

    def action_enter(self, _what: str) -> None:
        self.action_select()


class ScenarioList(EnterList):
    ENTER = (("play", "Play"), ("open", "Open"))  # Open on a group's header (the title decides)

    # Its ends stop the highlight, as every list's do (`list_habits.py`, rulings L71 and L149).

    def action_enter(self, what: str) -> None:
        if what == "open":  # at once, as the key is handled: the next key typed finds the group open
            self.screen.action_open_group()  # type: ignore[attr-defined]
            return
        super().action_enter(what)


class ShopList(EnterList):
    ENTER = (("hire", "Hire"), ("give", "Give item"))


class ArmyList(EnterList):
    ENTER = (("shop_items", "Items"),)
