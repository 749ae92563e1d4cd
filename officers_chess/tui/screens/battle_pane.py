"""What the battle screen shows beside and below the map: the side pane, the revealed result, the footer's keys and
the log (mixed into BattleScreen)."""

from __future__ import annotations

from rich.text import Text
from textual import events, work
from textual.widgets import RichLog, Static
from textual.worker import WorkerCancelled

from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.flight import fled_line
from officers_chess.rules.battle.morale import standing
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.scenario.script_checks import steered
from officers_chess.session.action_menu import menu_window
from officers_chess.tui.closing import drawing_unless_going
from officers_chess.tui.footer_room import footer_width
from officers_chess.session.key_hints import KEY_ACTIONS, idle_key_hint
from officers_chess.session.lookout import INSPECTABLE
from officers_chess.session.map_areas import areas_at
from officers_chess.session.modes import MENU_MODES, Mode
from officers_chess.session.objectives import time_limit_line, victory_line
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.action_preview import preview
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.lookout_text import (
    danger_legend, heat_legend, heat_line, inspector_text, inspector_waiting, intent_text, intent_waiting_text,
)
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.status_line import StatusLine
from officers_chess.tui.widgets.unit_sheet import UnitSheet, orders_text, tile_notes


# {move} and {strike} are the palette's names for its tints (capitalised: {Move}, {Strike}).
STEP_HELP = {
    Mode.BROWSE: "Enter on one of your units selects it; Tab jumps to the next. Hover any unit to see where it can move ({move}) and strike ({strike}); n shows whom the enemies are likely to attack.",
    Mode.MOVING: "{Move} tiles: where it can move. {Strike}: what it could strike from there. Enter on a blue tile (or on the unit to stay); i to equip, trade or discard first; o for the heatmap; Esc to choose another unit.",
    Mode.TARGETING: "Arrows choose a target; Enter confirms; Esc goes back.",
    Mode.PLACING: "Choose a blue tile, then Enter. Esc goes back.",
}


def step_help(mode: Mode) -> str:
    """What to do in this step, naming the tints as the palette in use colours them."""
    words = palette().words
    return STEP_HELP.get(mode, "").format(move=words["move"], strike=words["strike"], Move=words["move"].capitalize(),
                                           Strike=words["strike"].capitalize())


LOG_SCROLLBAR = 1  # the battle log's scrollbar-size (battle.py's CSS)

TALL = 40  # rows from which the unit sheet and the forecast pane are shown together


# Seconds between the lines of a player's exchange as the side pane reveals them: quick enough never to be
# in the way (a 4-swing exchange is over in about a second), and any key shows them all at once.
RESULT_BEAT = 0.25


class BattlePane:
    """Drawing the battle screen: the map's rows, the side pane (unit sheet, forecast, objectives, the computer's
    note), the footer's keys, and the log for the reader at the keyboard."""

    _idle_hint = ""  # the word last said for a key that did nothing (the next key takes it away)
    _intent_busy = False  # the likely targets are being worked out in a thread (one view at a time)

    def repaint_colours(self) -> None:
        self.refresh_view(full=True)

    def refresh_view(self, full: bool = True, rows: tuple[int, ...] = ()) -> None:
        c = self.controller
        if c.mode not in INSPECTABLE:
            self.lookout.inspecting = False
        self.query_one(StatusLine).show(c.view, frozenset(self.computer), c.viewer)
        map_view = self.query_one(MapView)
        if full:
            map_view.redraw()
        else:
            map_view.redraw_rows(*rows)
        self._refresh_side()
        self._show_take_back(c.take_back_line())
        self._refresh_keys()
        self._ask_intents()

    def _ask_intents(self) -> None:
        """Start working out the likely targets when they are shown and not ready for the battle as it stands."""
        if not self._intent_busy and self.lookout.intent_job() is not None:
            self._intent_busy = True
            self._work_out_intents()

    @work(group="intent")
    async def _work_out_intents(self) -> None:
        """The likely targets worked out in a thread (against `hard` they take up to a second on a big map), so the
        keys stay live meanwhile; an answer for a battle that moved on while it was worked out is dropped, and the
        battle as it now stands asked instead. One thread at a time: a burst of moves never piles them up."""
        try:
            while (job := self.lookout.intent_job()) is not None:
                thinker = self.run_worker(job, thread=True, group="intent-thinks", description="likely targets")
                try:
                    found = await thinker.wait()
                except WorkerCancelled:  # the screen is going: nobody to show them to
                    return
                if self.lookout.store_intents(job, found):
                    with drawing_unless_going(self):  # the answer may come as the screen is taken down
                        self.refresh_view()
        finally:
            self._intent_busy = False

    def _refresh_keys(self) -> None:
        # The footer is rebuilt only when the keys that work change (check_action reads just these):
        # rebuilding it on every cursor step cost more than the step itself.
        log = self.query_one(RichLog)
        overflows = len(log.lines) > log.scrollable_content_region.height
        keys = (self._bindings_key(), overflows, self.size.width)
        if keys == getattr(self, "_shown_keys", None):
            return
        self._shown_keys = keys
        # PgUp/Dn Log is worth its room only when there is more log than shows, and never at the cost of a key
        # that matters more: it is shown only if the footer has room for it after all the others.
        self._log_key = overflows  # measured with the entry in: it stays only if the whole footer then fits
        self._log_key = overflows and footer_width(self) <= self.size.width
        # Where the footer has no room (browsing at 80 columns), the log's own border names the keys.
        log.border_subtitle = "PgUp/PgDn: scroll" if overflows else ""
        self.refresh_bindings()

    def _show_take_back(self, line: str | None) -> None:
        if line == getattr(self, "_take_back", ""):
            return  # unchanged (as on most cursor steps): no layout pass
        self._take_back = line
        widget = self.query_one("#take-back", Static)
        widget.display = line is not None
        if line is not None:
            widget.update(Text(line, palette().good if line.startswith("↶") else "grey70"))

    def _bindings_key(self) -> tuple:
        c = self.controller
        acting = c.mode in (Mode.ACTING, Mode.CANTO, Mode.AFTER)
        return (c.mode, self.lookout.inspecting, self.pace, bool(c.humans),
                tuple(i.key for i in c.menu()) if c.mode in MENU_MODES else (),
                self._stay_applies() if c.mode is Mode.ACTING else None,  # s applies to some entries only
                acting and any(i.kind == "wait" for i in c.legal()))

    def _refresh_side(self) -> None:
        c = self.controller
        sheet, pane = self.query_one(UnitSheet), self.query_one(ForecastPane)
        view = c.view  # the ground as the viewer remembers it (rulings F31)
        terrain = view.map.terrain_at(c.cursor)
        unit = c.hovered_unit or (c.selected_unit if c.mode in (*MENU_MODES, Mode.COMPUTER) else None)
        if unit is not None:
            sheet.show_unit(unit, view.map.terrain_at(unit.pos), self._orders(unit))
        else:
            notes = tile_notes(view, c.cursor, c.visible()) + areas_at(self.areas, c.cursor)
            sheet.show_terrain(terrain, c.cursor, notes, view.edition)
        fc = c.forecast()
        # The forecast needs the whole side panel on a short terminal; on a tall one both fit, and the
        # target's sheet stays in view (no layout pass either).
        sheet.display = fc is None or self.size.height >= TALL
        inspected = self.lookout.inspected()
        if c.mode is not Mode.BROWSE:
            self._result = []  # someone acts again: the last exchange stays in the log
        if inspected is not None:
            pane.show_text("Threats", inspector_text(c.view, *inspected, self.lookout.holders()))
            return
        if self.lookout.inspecting and c.mode in INSPECTABLE:
            pane.show_text("Threats", inspector_waiting(self.lookout.side.value))
            return
        if fc is not None and c.selected_unit and c.hovered_unit:
            # A Qi Adept may take the attack for the unit aimed at: the forecast is of the one who fights.
            pane.show_forecast(fc, c.selected_unit, c.view.defender_for(c.selected_unit, c.hovered_unit),
                               aimed_at=c.hovered_unit, stays=c.stay_after and c.mode is Mode.TARGETING,
                               hint=c.hint if c.hint == self._idle_hint else "")
            return
        if c.mode is Mode.COMPUTER:
            pane.show_text(f"The {c.view.to_act.value}'s move", self._computer_note())
            return
        if self._result and inspected is None and c.mode is Mode.BROWSE:
            pane.show_text("Result", self._result_text())
            return
        if c.mode in (Mode.TARGETING, Mode.PLACING) and c.chosen is not None:  # what it does there (rulings I6)
            body = preview(c)
            if c.hint:
                body.append(f"\n\n{c.hint}", palette().hint)
            pane.show_text(c.chosen.label, body)
            return
        if c.mode is Mode.CANTO and c.selected_unit and c.view.active:
            tiles = c.view.rules.canto_tiles
            left = c.selected_unit.movement - c.view.active.spent if tiles is None else tiles
            body = Text(f"Canto: {c.selected_unit.name} may still move up to {left} (blue tiles). Enter moves there "
                        f"(s: and stays to equip, trade or discard); w ends the turn here; i for those free actions now.")
            if c.hint:
                body.append(f"\n\n{c.hint}", palette().hint)
            pane.show_text("Canto", body)
            return
        if c.mode in MENU_MODES:
            # One line each; at 80×24 a long menu shows a run around the highlighted entry, marked where it goes on.
            keys, step = {
                Mode.ACTING: ("↑↓ Enter choose · w wait" + (" · Esc undo" if c.undoable else ""), "action"),
                Mode.PREPARE: ("↑↓ Enter choose · Esc back to the map", "before moving"),
                Mode.AFTER: ("↑↓ Enter choose · w ends the turn", "after acting"),
            }[c.mode]
            tail = Text(keys + "\n", "grey62")
            if c.mode is Mode.ACTING and self._stay_applies():
                tail.append("s: act, then stay for free actions\n", "grey62")
            if c.view.active is not None and c.view.active.traded:
                tail.append("Traded: one trade a turn\n", "grey62")
            if c.hint:
                tail.append(f"\n\n{c.hint}", palette().hint)
            items = c.menu()
            height, width = pane.content_region.height, pane.content_region.width
            room = height - len(tail.wrap(self.app.console, width)) if height and width else len(items)
            start, stop = menu_window(len(items), c.menu_index, room)
            menu = Text(f"  ↑ {start} more\n" if start else "", "grey62")
            for i, item in enumerate(items[start:stop], start):
                marker = "▶ " if i == c.menu_index else "  "
                menu.append(f"{marker}{item.label}\n", style="bold reverse" if i == c.menu_index else "")
            if stop < len(items):
                menu.append(f"  ↓ {len(items) - stop} more\n", "grey62")
            menu.append_text(tail)
            pane.show_text(f"{c.selected_unit.name if c.selected_unit else ''}: {step}", menu)
            return
        body = Text()
        if c.hint:  # the answer to what the player just tried, first: the pane's end is cut at 80×24
            body.append(f"{c.hint}\n\n", palette().hint)
        if c.mode is Mode.MOVING and c.path_cost() is not None:
            # First, so it shows at 80×24 whatever follows.
            body.append(f"Path cost {c.path_cost()} of {c.selected_unit.movement if c.selected_unit else '?'}.", "bold")
            body.append(heat_line(c.view, self.lookout.heat().get(c.cursor)))
            body.append("\n\n")
        elif c.mode is Mode.MOVING and c.selected_unit is not None:
            # Said, not left out: a play-test read the missing cost line as the pane having lost track.
            body.append(f"{tile_name(c.cursor)} is out of {c.selected_unit.name}'s reach this turn.\n\n", "bold")
        if self.lookout.intent_waiting:  # worked out in a thread (_work_out_intents): said in one line meanwhile
            body.append_text(intent_waiting_text())
            body.append("\n")
        elif self.lookout.intent_on:  # asked for: before the step's help, which the player has read before
            enemy = self.lookout.side.other  # (the scenario says whether it scripts them; the view hides the scripts)
            body.append_text(intent_text(c.view, self.lookout.intents(), self.lookout.intent_level,
                                         steered(self.loaded.scenario, enemy)))
            body.append("\n")
        words = step_help(c.mode)
        if c.mode is Mode.MOVING and c.view.active is not None:  # it took free actions before moving
            words = words.replace("Esc to choose another unit.", "Esc takes its free actions back." if c.undoable
                                  else "it has begun its turn and must move.")
        if c.mode is Mode.BROWSE:
            # How to win first: at 80×24 the pane's end is cut, and the keys are in the footer and under ?.
            body.append_text(self._objectives())
            body.append("\n\n")
        legend = danger_legend(self.lookout)
        if c.mode is Mode.MOVING and self.lookout.heat_on:  # the heatmap is drawn only while moving
            legend = Text("\n").join(part for part in (legend, heat_legend(self.lookout)) if part.plain)
        if legend.plain:  # what the marks on the map mean while they are on it: before the help too
            body.append_text(legend)
            body.append("\n\n")
        body.append(words)
        if c.mode is Mode.MOVING:
            foes = c.reachable_enemies()
            if foes:
                body.append("\nIn reach this turn: " + ", ".join(f.name for f in foes), palette().threat)
        title = {Mode.BROWSE: "Your move", Mode.MOVING: "Move", Mode.TARGETING: "Target", Mode.PLACING: "Where to"}.get(c.mode, "")
        pane.show_text(title, body)

    def _objectives(self) -> Text:
        """Both sides' winning conditions and the time limit, above the step's help while browsing."""
        scenario = self.loaded.scenario
        lines: list[Text] = []
        if (limit := time_limit_line(scenario, with_reason=False)) is not None:
            lines.append(Text(limit, "bold"))  # first: short, and it decides many battles
        first = self.controller.viewer or self.controller.view.to_act  # the reader's side first
        view = self.controller.view  # under fog the enemy's morale is not in it; early, so 80×24 shows it
        if view.morale_rules is not None:
            lines.append(Text.assemble(("Morale: ", "bold"), ", ".join(
                f"{side.value} {view.morale[side]} ({standing(view.morale[side], view.morale_rules)})"
                if side in view.morale else f"{side.value} unknown" for side in (first, first.other))))
            if (fled := fled_line(view)) is not None:
                lines.append(Text(fled))
        for side in (first, first.other):
            lines.append(Text.assemble((f"{side.title} wins: ", "bold"), victory_line(scenario, side)))
        return Text("\n").join(lines)

    def _result_text(self) -> Text:
        body = Text()
        if self.controller.hint:
            body.append(f"{self.controller.hint}\n\n", palette().hint)
        body.append("\n".join(self._result[: self._result_shown]))
        if self._result_shown < len(self._result):
            body.append("\n…  any key shows the rest", "grey62")
        else:
            body.append("\n\n" + step_help(Mode.BROWSE) + " r reads the whole log"
                        + ("; v shows the enemy's turn on the map." if self.computer else "."), "grey62")
        return body

    def _reveal_result(self, lines: list[str], at_once: bool = False) -> None:
        """Show an exchange's lines in the side pane one beat apart (its first line at once), or all at once."""
        self._result = [line for text in lines for line in text.splitlines()]
        self._result_shown = len(self._result) if at_once else 1
        if self._result_timer is not None:
            self._result_timer.stop()
            self._result_timer = None
        if not at_once:
            self._result_timer = self.set_interval(RESULT_BEAT, self._next_result_line)

    def _next_result_line(self) -> None:
        self._result_shown += 1
        if self._result_shown >= len(self._result) and self._result_timer is not None:
            self._result_timer.stop()
            self._result_timer = None
        if self.controller.mode is Mode.BROWSE:
            self._refresh_side()

    def on_key(self, event: events.Key) -> None:
        # Any key skips the rest of the reveal; the key itself still does what it does.
        if self._result_shown < len(self._result):
            self._result_shown = len(self._result)
            if self._result_timer is not None:
                self._result_timer.stop()
                self._result_timer = None
            self._refresh_side()
        # A turn's key that can do nothing at this step says why, rather than nothing (this runs before its binding);
        # the next key takes that word away again, whatever it does.
        c = self.controller
        said, self._idle_hint = self._idle_hint, ""
        if said and c.hint == said:
            c.hint = ""
            self._refresh_side()
        bound = KEY_ACTIONS.get(event.key)
        if bound is not None and not self.lookout.inspecting and not self.check_action(*bound):
            hint = idle_key_hint(event.key, c.mode, c.selected_unit.name if c.selected_unit else None, c.undoable,
                                 c.move_stands)
            if hint:
                c.hint = self._idle_hint = hint
                self._refresh_side()

    def _orders(self, unit: Unit) -> str | None:
        """A computer unit's current behaviour for its sheet, judged on what the viewer sees; None for a
        person's unit, for one played by a level that ignores scripts (random: greedy and normal follow them),
        and for an enemy's: its script is the other side's secret (rulings F34), so only a spectator of the
        computer playing both sides reads it."""
        if unit.side not in self.computer or not self.computer[unit.side].follows_orders:
            return None
        if self.controller.viewer is not None and unit.side is not self.controller.viewer:
            return None
        return orders_text(unit, self.controller.view)

    def _computer_note(self) -> Text:
        c = self.controller
        policy = self.computer[c.view.to_act]
        body = Text(c.glimpse.caption if c.glimpse else "Thinking…", "bold")
        body.append(f"\n\nThe computer ({policy.name}) plays the {c.view.to_act.value}. ")
        faster = "f: normal pace" if self.pace == "fast" else "f: faster"
        until = "its turn" if c.humans else "the round"
        body.append(f"{faster} · s: skip to the end of {until} · r: the whole log · v, once over: its turn on the map.",
                    "grey62")
        if self._skip_round is not None:
            body.append("\nSkipping…", palette().hint)
        return body

    def _reader(self) -> Side | None:
        """Whose log is on screen: under fog the person at the keyboard's; otherwise the one log that tells all."""
        if self.logs.readers == (None,):
            return None
        return self._at_keyboard if self.hot_seat else self.controller.viewer

    def _sync_log(self) -> None:
        """Bring the log widget up to date with its reader's log; a new reader (a hand-over) gets it rebuilt."""
        log = self.query_one(RichLog)
        reader = self._reader()
        lines = self.logs.lines(reader)
        shown = self._log_shown[1] if self._log_shown is not None and self._log_shown[0] == reader else None
        if shown is None:
            log.clear()
            shown = 0
        # Wrapped to the room beside the scrollbar, whether or not it shows yet: a line never runs under it.
        room = log.content_region.width - LOG_SCROLLBAR
        for line in lines[shown:]:
            log.write(line, width=max(room, log.min_width) if room > 0 else None)
        self._log_shown = (reader, len(lines))
