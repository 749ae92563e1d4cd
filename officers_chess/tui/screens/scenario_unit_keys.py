"""The scenario editor's unit and side keys (mixed into its screen): `a` adds a unit and `c` changes one through the
unit dialog, `g` sets the side's hiring rules, `M` the morale; each answer is one undo step."""

from __future__ import annotations

from rich.text import Text

from officers_chess.content.editing.scenario_file import ScenarioDraft, UnitEntry
from officers_chess.content.editing.side_rules import morale, side_rules, with_morale, with_side_rules
from officers_chess.content.editing.unit_fields import (UnitFields, added_with, chest_left, cost, refused,
                                                        unit_fields, with_fields)
from officers_chess.tui.dialogs.side_rules_dialog import MoraleDialog, SideRulesDialog
from officers_chess.tui.dialogs.unit_dialog import UnitDialog
from officers_chess.tui.palette import palette


class UnitKeys:
    """The unit dialog for `a` and `c`, the side's rules for `g`, morale for `M` (rulings ED30-ED34)."""

    def action_add(self) -> None:
        pos = self.canvas.cursor
        if self.draft.unit_at(pos) is not None:
            self.say(f"{self.draft.unit_at(pos).name} stands here: add a unit on a free tile.")
            return
        side, draft = self.side, self.draft
        index = sum(1 for u in draft.units if u.side == side)

        def made(fields: UnitFields) -> ScenarioDraft:
            return added_with(draft, side, fields, pos)

        self._unit_dialog(f"Add a unit for the {side} at {self._where(pos)}", UnitFields("", ""), None, made, index,
                          lambda fields: f"added {fields.name} at {self._where(pos)}")

    def action_change(self) -> None:
        unit = self.draft.unit_at(self.canvas.cursor)
        if unit is None:
            self.say("No unit here to change.")
            return
        draft = self.draft
        try:
            now = unit_fields(draft, unit)
        except (KeyError, IndexError, TypeError) as exc:
            self.say(f"The editor cannot read this unit's line: {exc}", palette().error)
            return
        self._unit_dialog(f"Change {unit.name} ({unit.side})", now, unit,
                          lambda fields: with_fields(draft, unit, fields), unit.index,
                          lambda fields: f"changed {fields.name}")

    def _unit_dialog(self, title: str, now: UnitFields, unit: UnitEntry | None, made, index: int, words) -> None:
        side, catalogue = unit.side if unit is not None else self.side, self.catalogue

        def check(fields: UnitFields) -> str | None:
            try:
                after = made(fields)
            except ValueError as exc:  # a line laid out so the editor cannot splice it
                return f"The editor cannot make that edit in this file: {exc}"
            return refused(self.file, after, side, index, fields.name)

        def money(fields: UnitFields) -> Text:
            price = cost(catalogue, fields)
            if price is None:
                return Text("Cost: pick a class", "dim")
            line = Text(f"Cost {price} gold")
            left = chest_left(self.draft, catalogue, side, fields, unit)
            chest = dict(self.draft.war_chests).get(side)
            if left is not None:
                line.append(f" · the {side}'s war chest of {chest}: " + (f"{left} left" if left >= 0 else
                                                                         f"{-left} over"),
                            "" if left >= 0 else palette().error)
            return line

        def done(fields: UnitFields | None) -> None:
            if fields is not None:
                self.stroke(lambda: made(fields), words(fields))

        self.app.push_screen(UnitDialog(title, catalogue, now, check, money), done)

    def action_side_rules(self) -> None:
        side, text = self.side, self.draft.text

        def done(wanted: dict | None) -> None:
            if wanted is not None:
                self.stroke(lambda: ScenarioDraft.read(with_side_rules(text, side, wanted)),
                            f"changed the {side}'s hiring rules")

        fixed = any(unit.side == side for unit in self.draft.units)
        self.app.push_screen(SideRulesDialog(side, self.catalogue, side_rules(text, side), fixed), done)

    def action_morale(self) -> None:
        text = self.draft.text

        def done(wanted: dict | None) -> None:
            if wanted is not None:
                self.stroke(lambda: ScenarioDraft.read(with_morale(text, wanted or None)),
                            "set the morale" if wanted else "took the morale out")

        self.app.push_screen(MoraleDialog(morale(text)), done)
