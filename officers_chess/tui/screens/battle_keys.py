"""The battle screen's keys: cursor, menu, confirm and stay, the lookout toggles, items and trade, back, leave, recap
(mixed into BattleScreen)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.widgets import RichLog

from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.pieces.models import Weapon, WeaponType
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.explain import what_to_explain, worked_for
from officers_chess.tui.dialogs.recap import RecapScreen
from officers_chess.tui.dialogs.roll_prompt import RollPrompt
from officers_chess.tui.dialogs.trade import TradeDialog
from officers_chess.session.lookout import INSPECTABLE
from officers_chess.session.modes import MENU_MODES, Mode
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.unit_sheet import UnitSheet


# Enter means something different at each step; one binding per step keeps the footer honest.
ENTER_ACTIONS = {
    "select": (Mode.BROWSE,),
    "move_here": (Mode.MOVING,),
    "choose": MENU_MODES,
    "strike": (Mode.TARGETING,),
    "place": (Mode.PLACING,),  # where a unit lands (Rescue, Warp, Entrap)
    "aim": (Mode.PLACING,),  # the tile a Rewarp, Vein or Pick is used on
    "canto": (Mode.CANTO,),
}


# The s key confirms like Enter where that confirms the unit's action, and keeps its turn open afterwards.
STAY_MODES = (Mode.ACTING, Mode.TARGETING, Mode.PLACING, Mode.CANTO)


class BattleKeys:
    """What each key of the battle screen does, and which keys the footer offers in each step (check_action)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.controller.mode
        if action == "pace":
            return mode is Mode.COMPUTER and parameters[0] != self.pace
        if action == "skip":
            return mode is Mode.COMPUTER and parameters[0] == ("turn" if self.controller.humans else "round")
        if action == "cursor":
            return mode is not Mode.COMPUTER and mode not in MENU_MODES
        if action == "menu_step":
            return mode in MENU_MODES
        if action in ("place", "aim"):
            return mode is Mode.PLACING and (action == "aim") == self.controller.aiming_tiles
        if action in ENTER_ACTIONS:
            return mode in ENTER_ACTIONS[action]
        if action == "stay":
            return mode in STAY_MODES and self._stay_applies()
        if action == "items":  # while moving always (a unit with nothing to do is told so)
            return mode is Mode.MOVING or (mode is Mode.CANTO and self.controller.free_actions_open())
        if action == "menu":
            return mode is Mode.ACTING and self.controller.offers(str(parameters[0]))
        if action == "wait":
            return mode in (Mode.ACTING, Mode.CANTO, Mode.AFTER) and any(i.kind == "wait" for i in self.controller.legal())
        if action == "danger":
            return mode is not Mode.OVER
        if action == "heat":
            return mode is Mode.MOVING
        if action == "intent":  # while the computer plays, its real moves are on screen instead
            return mode not in (Mode.OVER, Mode.COMPUTER)
        if action == "log_page":  # the footer's entry only when it fits; the keys themselves always work
            return len(parameters) == 1 or self._log_key
        if action == "inspect":  # t opens and closes it (shown only to open); Esc only closes it
            return mode in INSPECTABLE and (self.lookout.inspecting if parameters else not self.lookout.inspecting)
        if action in ("back", "leave") and self.lookout.inspecting:
            return False
        if action == "back":  # after the action, Esc only goes back to the Canto map
            if mode is Mode.AFTER:
                return any(i.kind == "canto" for i in self.controller.legal())
            if mode is Mode.ACTING:  # a move that showed something new stands (F35): Esc has nothing to take back
                return self.controller.undoable
            return mode in (Mode.MOVING, Mode.PREPARE, Mode.TARGETING, Mode.PLACING)
        if action == "leave":
            return mode in (Mode.BROWSE, Mode.COMPUTER)
        if action == "next_unit":
            return mode is Mode.BROWSE
        return True

    def action_cursor(self, dx: int, dy: int) -> None:
        c = self.controller
        before, path, zone = c.cursor[1], self.lookout.path(), self.lookout.danger_tiles()
        hovered = c.hovered_unit.id if c.hovered_unit else None
        c.move_cursor(dx, dy)
        self.lookout.follow_cursor()
        after = c.cursor[1]
        # While moving, the tints stay put and only the cursor's rows and the path's change; browsing
        # shows the hovered unit's ranges, so the whole map changes only when another unit is under the
        # cursor; a danger zone that follows the hovered enemy may change too.
        same_hover = c.mode is Mode.BROWSE and (c.hovered_unit.id if c.hovered_unit else None) == hovered
        stays = (c.mode in (Mode.MOVING, Mode.PLACING, Mode.CANTO) or same_hover) and self.lookout.danger_tiles() is zone
        rows = {before, after} | {y for _, y in path ^ self.lookout.path()}
        self.refresh_view(full=not stays, rows=tuple(sorted(rows)))

    def action_menu_step(self, step: int) -> None:
        self.controller.move_cursor(0, step)
        self.refresh_view(full=False)

    def action_danger(self) -> None:
        self.lookout.cycle_danger()
        self.refresh_view()

    def action_heat(self) -> None:
        self.lookout.toggle_heat()
        self.refresh_view()

    def action_intent(self) -> None:
        """n: each enemy's likely target on the map and in the side pane (the last exchange stays in the log)."""
        self.lookout.toggle_intent()
        self._result = []
        self.refresh_view()

    def action_inspect(self, close: bool = False) -> None:
        """t opens the threat inspector on the cursor's tile (or closes it); Esc closes it."""
        self.lookout.follow_cursor()
        self.lookout.inspecting = not close and not self.lookout.inspecting
        self.refresh_view(full=False)

    def _confirm(self) -> None:
        self._act(self.controller.confirm)

    def _act(self, step: Callable[[], object]) -> None:
        """Take a player's step; with physical dice, ask for each d20 the rules need and take it again
        with the rolls so far (the controller changes nothing until the whole action has its rolls)."""
        try:
            told = self.controller.take(step, self._reader())
        except RollNeeded as need:
            def rolled(roll: int | None) -> None:
                if roll is not None:
                    self.controller.rolls.append(roll)
                    self._act(step)

            self.app.push_screen(RollPrompt(self.controller.roll_words(need, self._reader()), need.faces), rolled)
            return
        if told is None:  # the screen offered something the rules refuse: the hint says so, nothing changed
            self.refresh_view()
            return
        self._after(told)

    action_select = action_move_here = action_choose = action_strike = action_place = action_aim = action_canto = _confirm

    def _stay_applies(self) -> bool:
        """Whether s would lead to the unit's action now (not to a free action or Wait), and its turn may stay open
        after it (a berserk unit takes no free action)."""
        c = self.controller
        unit = c.selected_unit
        if unit is None or unit.has_status(StatusName.BERSERK):
            return False
        if c.mode is Mode.ACTING:
            items = c.menu()
            return bool(items) and items[c.menu_index].key.split(":")[0] in ("attack", "art", "arm", "special", "strike")
        return True

    def action_stay(self) -> None:
        """s: confirm like Enter; the unit's turn then stays open for free actions (equip, trade, discard) until w."""
        self._act(partial(self.controller.confirm, True))

    def action_items(self) -> None:
        """i: the free actions the selected unit may take before it moves (or, after its action, the menu of them)."""
        self.controller.prepare()
        self.refresh_view()

    def action_menu(self, key: str) -> None:
        self._act(partial(self.controller.choose, key))

    def action_wait(self) -> None:
        self._act(self.controller.wait)

    def action_explain(self) -> None:
        """The rule card of a modifier of the forecast, or of a tag, status or item on the unit sheet."""
        self.app.explain_choices(*what_to_explain(self.controller, self.loaded.catalogue),  # type: ignore[attr-defined]
                                 worked=worked_for(self.controller))

    def _ask_discard(self) -> None:
        """Discard throws an item away for the rest of the battle: asked first, whatever key chose it (rulings L46)."""
        c = self.controller
        unit, key = c.selected_unit, c.discard_asked or ""
        index = int(key.partition(":")[2] or -1)
        if unit is None or not 0 <= index < len(unit.inventory):
            c.discard_asked = None
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._act(c.discard_confirmed)
            else:
                c.discard_asked = None
                self.refresh_view()

        item = unit.inventory[index]
        question = f"Throw {item.name} away? {unit.name} will not have it again in this battle."
        def arms(thing) -> bool:  # a staff heals or hinders: no attack rests on it
            return isinstance(thing, Weapon) and thing.type is not WeaponType.STAFF

        if arms(item) and not any(arms(other) for n, other in enumerate(unit.inventory) if n != index):
            question += f" It is {unit.name}'s only weapon: without it, no attack and no counter."
        self.app.push_screen(ConfirmDialog(question), answered)

    def _ask_trade(self) -> None:
        c = self.controller
        me, partner = c.selected_unit, c.view.unit(c.trade_partner) if c.trade_partner else None
        if me is None or partner is None:
            return

        def traded(choice: tuple[tuple[int, ...], tuple[int, ...]] | None) -> None:
            c.trade_partner = None
            if choice is None:
                self.refresh_view()
                return
            action = c.trade_action(partner.id, choice[0], choice[1])
            if action is None:
                c.hint = "That trade is not possible: nothing chosen, or someone would carry more than three items."
                self.refresh_view()
                return
            self._act(partial(c.perform, action))

        self.app.push_screen(TradeDialog(me, partner), traded)

    def action_back(self) -> None:
        stay = self.controller.takes_back_a_stay()
        note = self.controller.cancel()
        if note:  # a move taken back: the other side never learns of it
            if stay:  # nothing moved: "stays at" and "taken back" would both be noise, so neither is left
                self.logs.withdraw(self._reader())
                self._log_shown = None  # lines went: the widget is written again
            else:
                self.logs.note(note, (self._reader(),))
            self.logs.discard()
            self._sync_log()
        self.refresh_view()

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.show_title()  # type: ignore[attr-defined]

        # What is kept and what is not, in the words quitting uses (ruling L23).
        self.app.push_screen(ConfirmDialog(self.app.leaving_words(quitting=False)), answered)  # type: ignore[attr-defined]

    def action_quit_key(self) -> None:
        """q quits the game, but in a play-test it leaves for the editor (Ctrl+Q still quits): an author trying a
        scenario means to go back to it, and q is the editor's own key for leaving (rulings ED14)."""
        if getattr(self.app, "trying_from", None) is not None:
            self.action_leave()
        else:
            self.app.action_request_quit()  # type: ignore[attr-defined]

    def action_recap(self) -> None:
        """r: the whole battle log on one screen (the reader's own, under fog)."""
        self.app.push_screen(RecapScreen(list(self.logs.lines(self._reader()))))

    def action_log_page(self, direction: int, _footer: bool = False) -> None:
        log = self.query_one(RichLog)
        log.scroll_page_down() if direction > 0 else log.scroll_page_up()

    def action_side_page(self, direction: int) -> None:
        # The box whose text runs past its border: the forecast pane first (the one the player reads while aiming).
        boxes = [box for box in (self.query_one(ForecastPane), self.query_one(UnitSheet)) if box.display]
        for box in boxes:
            if box.max_scroll_y > 0:
                box.page(direction)
                return

    def action_next_unit(self) -> None:
        self.controller.jump_to_next_unit()
        self.refresh_view()

    def on_map_view_tile_clicked(self, message: MapView.TileClicked) -> None:
        c = self.controller
        if c.mode is Mode.COMPUTER:  # the player watches; a click is not kept for later
            return
        if c.cursor == message.pos and c.mode not in MENU_MODES:  # a click on the map never picks a menu entry
            self._confirm()
            return
        c.point_at(message.pos)
        self.refresh_view()
