"""Taking back a person's step on the battle screen, as far as the rules allow (mixed into BattleController)."""

from __future__ import annotations

from officers_chess.rules.battle.actions import FREE_ACTIONS
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.game import CantoMove
from officers_chess.session.action_menu import target_of
from officers_chess.session.modes import Mode


class TakeBack:
    """Esc: what can still be taken back (a step, a move, free actions before the move) and taking it back."""

    @property
    def undoable(self) -> bool:
        """Whether the selected unit's move can still be taken back (so what it did is not yet for the record)."""
        return self._before_move is not None

    def take_back_line(self) -> str | None:
        """What the selected unit's Esc can still take back, for the line under the log; None while browsing.

        Only the move: once an action has rolled a die (or changed anything), nothing goes back.
        """
        unit = self.selected_unit
        if unit is None or self.mode in (Mode.BROWSE, Mode.COMPUTER):
            return None
        if self.mode in (Mode.MOVING, Mode.PREPARE):
            if self.state.active is None:
                return None
            if self._before_move is not None:
                return "↶ Esc (map) undoes the free actions"
            return f"✓ {unit.name} has begun its turn: it must move"
        # Short: it must fit one line of the map's column at 80 columns (the unit is named in the side pane).
        if self._before_move is not None:
            start = self._before_move.unit(unit.id).pos
            if self._took_free_actions():  # they go back with the move
                return "↶ Esc undoes move and free actions"
            if start == unit.pos:
                return f"↶ Esc undoes staying at {tile_name(start)}"
            return f"↶ Esc undoes the move {tile_name(start)}→{tile_name(unit.pos)}"
        if self.move_stands:
            return "✓ Saw something new: no undo now"  # rulings F35 (the unit is named in the side pane)
        return f"✓ {unit.name} acted: no undo now"

    def takes_back_a_stay(self) -> bool:
        """Whether Esc now takes back a stay and nothing more (no free action, the unit on its own tile): a step
        that changed nothing on the map, so nothing of it need stay in the log."""
        unit = self.selected_unit
        return (self.mode is Mode.ACTING and unit is not None and self._before_move is not None
                and not self._took_free_actions() and self._before_move.unit(unit.id).pos == unit.pos)

    def _took_free_actions(self) -> bool:
        """Whether free actions wait with the move to be taken back (before it, or between it and the action)."""
        return any(isinstance(action, FREE_ACTIONS) for action, _, _ in self._pending)

    def cancel(self) -> str | None:
        """Escape: step back. A move can be taken back until the unit acts; returns a line for the log."""
        self.hint = ""
        if self.mode is Mode.PREPARE:
            self.mode = Mode.MOVING
        elif self.mode is Mode.MOVING and self.state.active is not None:
            unit = self.selected_unit
            assert unit is not None
            if self._before_move is None:  # resumed after its free actions: they are for the record now
                self.hint = f"{unit.name} took a free action before moving: choose where it moves."
                return None
            self.state, self._before_move = self._before_move, None
            self._pending.clear()  # the free actions never happened
            return f"{unit.name}'s free actions are taken back."
        elif self.mode is Mode.MOVING:
            self._deselect()
        elif self.mode is Mode.ACTING and self._before_move is not None:
            unit = self.selected_unit
            assert unit is not None
            undone = "move and free actions are" if self._took_free_actions() else "move is"
            self.state = self._before_move
            self._before_move = None
            self._pending.clear()  # the move and any free action with it never happened
            self.mode = Mode.MOVING
            self.cursor = self.state.unit(unit.id).pos
            return f"{unit.name}'s {undone} taken back."
        elif self.mode is Mode.TARGETING:
            self.mode, self.chosen, self.stay_after = Mode.ACTING, None, False
            unit = self.selected_unit
            if unit:
                self.cursor = unit.pos
        elif self.mode is Mode.PLACING and self.chosen is not None and self.chosen.aims_at_tiles:
            self.mode, self.chosen, self.aimed, self.stay_after = Mode.ACTING, None, [], False  # no unit step
            unit = self.selected_unit
            if unit:
                self.cursor = unit.pos
        elif self.mode is Mode.PLACING:
            target = next((target_of(a) for a in self.aimed), None)
            self.mode, self.aimed = Mode.TARGETING, []
            if isinstance(target, str):
                self.cursor = self.state.unit(target).pos
        elif self.mode is Mode.CANTO:
            self.hint = "The action is done and cannot be taken back; move on, or press w to stay."
        elif self.mode is Mode.AFTER:
            if any(isinstance(a, CantoMove) for a in self.legal()):
                self.mode = Mode.CANTO
            else:
                self.hint = "The action is done and cannot be taken back; take a free action, or w to end the turn."
        return None
