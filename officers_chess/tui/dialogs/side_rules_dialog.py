"""The scenario editor's dialogs for one side's hiring rules (classes and items allowed, army size, roles required)
and for the scenario's morale."""

from __future__ import annotations

import copy
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from officers_chess.content.editing.side_rules import MORALE_KEYS, morale_refused, rules_refused
from officers_chess.content.editing.unit_fields import ROLES
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field
from officers_chess.tui.widgets.army_text import class_row, item_row
from officers_chess.tui.widgets.pick_list import PickList


class _Fields(Answered):
    """Ctrl+S or Enter on a one-line field answers `wanted()` unless it raises ValueError (its words stay shown)."""

    def wanted(self) -> Any:
        raise NotImplementedError

    def _value(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value.strip()  # type: ignore[attr-defined]

    def action_done(self) -> None:
        try:
            wanted = self.wanted()
        except ValueError as exc:
            self.query_one(".error", Static).update(Text(str(exc)))  # type: ignore[attr-defined]
            return
        self.answer(wanted)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def action_cancel(self) -> None:
        self.answer(None)


class SideRulesDialog(_Fields, ModalScreen[dict | None]):
    """One side's rules for hiring, shaped as side_rules.side_rules() returns them; Esc answers None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SideRulesDialog").replace("> Vertical", "> VerticalScroll") + """
    SideRulesDialog > VerticalScroll { width: 78; }
    SideRulesDialog Horizontal { height: auto; }
    SideRulesDialog #pickers > Vertical { width: 1fr; height: auto; margin-right: 1; }
    SideRulesDialog PickList > OptionList { height: 7; }
    SideRulesDialog Label { color: $text-muted; }
    SideRulesDialog Input.number { width: 8; margin-right: 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done", priority=True)]

    def __init__(self, side: str, catalogue: Catalogue, now: dict[str, Any], fixed: bool = False) -> None:
        """`fixed`: the side has units placed in the file, so it does not hire and these rules wait unused."""
        super().__init__()
        self.side, self.catalogue, self.now, self.fixed = side, catalogue, now, fixed

    def compose(self) -> ComposeResult:
        now, catalogue = self.now, self.catalogue
        classes = sorted(catalogue.classes.values(), key=lambda c: (class_price(c), c.name))
        with VerticalScroll(can_focus=False) as box:
            box.border_title = f"The {self.side}'s army, when it hires one"
            yield Static(id="picked")
            note = Text("Enter on a row picks it or takes it out; none picked: all of them.", "dim")
            if self.fixed:
                note.append(f"\nThe {self.side} has units placed, so it does not hire: these rules count only once "
                            "its units are all removed.", "bold")
            yield Static(note)
            with Horizontal(id="pickers"):
                with Vertical():
                    yield Label("Classes it may hire")
                    yield PickList([(c.name, class_row(c, class_price(c), None)) for c in classes],
                                   [c for c in now["classes"] if c in catalogue.classes], many=True, id="classes")
                with Vertical():
                    yield Label("Items it may buy")
                    yield PickList([(i.name, item_row(i, item_price(i), None)) for i in catalogue.items.values()],
                                   [i for i in now["items"] if i in catalogue.items], many=True, id="items")
            with Horizontal():
                yield Label("Army size: at least ")
                yield Field(str(now["army"]["min"]), id="min", compact=True, classes="number")
                yield Label("at most ")
                yield Field(str(now["army"]["max"]), id="max", compact=True, classes="number")
            yield Label("Roles its hired army must give (a number, `all`, or empty for none):")
            counts = {r["role"]: r.get("count", 1) for r in now["roles"]}
            with Horizontal():
                for role in ROLES:
                    yield Label(f"{role} ")
                    yield Field(str(counts.get(role, "")), id=f"role-{role}", compact=True, classes="number",
                                placeholder="0")  # empty is none required, read as 0 (ED33)
            yield Static("", classes="error")
            yield Static("Tab next · Enter on a size or role, or Ctrl+S: done · Esc cancel", classes="keys")

    def on_mount(self) -> None:
        self._show_picked()

    @on(PickList.Picked)
    def _show_picked(self) -> None:
        """What is picked now, or that none is (and so every one may be bought)."""
        line = Text("Picked: ", "bold")
        for what, plural, verb, picks in (("class", "classes", "hired", self.query_one("#classes", PickList).picks),
                                          ("item", "items", "bought", self.query_one("#items", PickList).picks)):
            line.append(f"{len(picks)} {what if len(picks) == 1 else plural} ({', '.join(picks)})" if picks else
                        f"no {what}, so every {what} of the catalogue may be {verb}")
            line.append("; " if what == "class" else ".")
        self.query_one("#picked", Static).update(line)

    def wanted(self) -> dict[str, Any]:
        wanted = copy.deepcopy(self.now)
        wanted["classes"] = self.query_one("#classes", PickList).picks
        wanted["items"] = self.query_one("#items", PickList).picks
        size = {}
        for key in ("min", "max"):
            typed = self._value(key)
            if not typed.isdigit():
                raise ValueError(f"Army size: a whole number of units {'at least' if key == 'min' else 'at most'}.")
            size[key] = int(typed)
        wanted["army"] = size
        roles = []
        for role in ROLES:
            typed = self._value(f"role-{role}").lower()
            if typed == "all":
                roles.append({"role": role, "count": "all"})
            elif typed.isdigit() and int(typed) > 0:
                roles.append({"role": role, "count": int(typed)})
            elif typed not in ("", "0"):
                raise ValueError(f"{role}: how many hired units must be one (a number), `all`, or empty for none.")
        wanted["roles"] = roles
        problem = rules_refused(wanted)
        if problem:
            raise ValueError(problem)
        return wanted


class MoraleDialog(_Fields, ModalScreen[dict | None]):
    """The `morale:` block's four numbers; every field empty answers {} (the scenario plays without morale), Esc
    answers None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="MoraleDialog") + """
    MoraleDialog Horizontal { height: auto; }
    MoraleDialog Label { width: 30; color: $text-muted; }
    MoraleDialog Input { width: 8; }
    """
    AUTO_FOCUS = "#start"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done", priority=True)]
    WORDS = {"start": "Each side starts at", "waver": "Wavers at or below",
             "broken": "Breaks at or below", "rally": "Holds within tiles of a Leader"}

    def __init__(self, now: dict[str, int] | None) -> None:
        super().__init__()
        self.now = now

    def compose(self) -> ComposeResult:
        defaults = MoraleRules()
        with Vertical() as box:
            box.border_title = "Morale"
            yield Static(Text("A side loses morale as its units are routed and gains as the enemy's are. Every field "
                              "empty: the battle is played without morale. One empty: the rules' own number (shown "
                              "greyed).", "dim"))
            for key in MORALE_KEYS:
                with Horizontal():
                    yield Label(self.WORDS[key])
                    value = (self.now or {}).get(key)
                    yield Field("" if value is None else str(value), id=key, compact=True,
                                placeholder=str(getattr(defaults, key)))
            yield Static("", classes="error")
            yield Static("Tab next field · Enter or Ctrl+S done · Esc cancel", classes="keys")

    def wanted(self) -> dict[str, int]:
        wanted = {}
        for key in MORALE_KEYS:
            typed = self._value(key)
            if typed and not typed.isdigit():
                raise ValueError(f"{self.WORDS[key]}: a whole number, or empty.")
            if typed:
                wanted[key] = int(typed)
        problem = morale_refused(wanted) if wanted else None
        if problem:
            raise ValueError(problem)
        return wanted
