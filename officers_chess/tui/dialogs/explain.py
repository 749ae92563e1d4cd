"""The explain chooser: the modifiers, tags and terrain on the battle screen, one of which the rule card explains."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from officers_chess.rules.battle.actions import Special
from officers_chess.session.action_words import tags_of
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.session.controller import BattleController
from officers_chess.session.arithmetic import worked_by_rule
from officers_chess.session.modes import Mode
from officers_chess.tui.reference import action_choices, forecast_choices, tile_choices, unit_choices


def what_to_explain(c: BattleController, catalogue: Catalogue) -> tuple[str, list[tuple[str, str]]]:
    """A title and (label, key) choices for what the side panel shows now: the staff or special action being
    aimed, else the forecast's modifiers, else the unit sheet's unit, else the tile under the cursor."""
    aimed = c.aimed_actions() if c.mode is Mode.TARGETING else []
    special = aimed[0] if aimed and isinstance(aimed[0], Special) else None
    if special is not None and c.selected_unit is not None:  # a staff, item or special action being aimed
        unit = c.selected_unit
        item = unit.inventory[special.source] if special.source is not None else None
        title = f"Explain {item.name if item else special.name.capitalize()}"
        return title, action_choices(unit, special.name, tags_of(unit, special), item, catalogue)
    fc = c.forecast()
    if fc is not None and c.selected_unit and c.hovered_unit:
        names = {Role.ATTACKER: c.selected_unit.name, Role.DEFENDER: c.hovered_unit.name}
        return "Explain the forecast", forecast_choices(fc.plan, names, c.view.edition)
    unit = c.hovered_unit or (c.selected_unit if c.mode in (Mode.ACTING, Mode.COMPUTER) else None)
    if unit is not None:
        return f"Explain {unit.name}", unit_choices(unit, c.view.map.terrain_at(unit.pos), catalogue)
    return "Explain this tile", tile_choices(c.view.map.terrain_at(c.cursor))


def worked_for(c: BattleController) -> dict[str, tuple[str, ...]]:
    """This attack's arithmetic, by the rule card it belongs on, when what is explained is the forecast on screen
    (else nothing)."""
    aimed = c.aimed_actions() if c.mode is Mode.TARGETING else []
    if aimed and isinstance(aimed[0], Special):
        return {}
    fc = c.forecast()
    if fc is None or c.selected_unit is None or c.hovered_unit is None:
        return {}
    defender = c.view.defender_for(c.selected_unit, c.hovered_unit)  # a Qi Adept may take the blow
    return worked_by_rule(fc.plan, c.selected_unit, defender, c.view.edition)


class ExplainChooser(ModalScreen[str | None]):
    """Lists what can be explained; ↑↓ and Enter, a digit 1-9, or a click choose; Esc cancels.
    Answers the chosen entry's key."""

    DEFAULT_CSS = """
    ExplainChooser { align: center middle; }
    ExplainChooser > OptionList {
        width: 70; max-width: 95%; height: auto; max-height: 80%;
        border: thick $accent; background: $surface;
    }
    """
    BINDINGS = [
        Binding("escape,e", "cancel", "Close"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        # Ids by position: two lines may explain the same rule (both weapon-triangle modifiers).
        options = OptionList(*(Option(Text(f"{n} {label}" if n <= 9 else f"  {label}"), id=str(n - 1))
                               for n, (label, _key) in enumerate(self.choices, 1)))
        options.border_title = Text(self.title_text)  # it may name a unit
        options.border_subtitle = "↑↓ Enter or 1-9 · Esc"
        yield options

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def action_pick(self, index: int) -> None:
        if index < len(self.choices):
            self.dismiss(self.choices[index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)
