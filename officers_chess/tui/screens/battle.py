"""The battle screen: map, unit sheet, forecast and log, driven through the turn controller."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static
from textual.worker import WorkerCancelled

from officers_chess.ai.player import Policy
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.saves import write_save
from officers_chess.content.user_data import saves_dir
from officers_chess.rules.basics.dice import RollNeeded, seed_fingerprint
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.events import Attacked, Event
from officers_chess.rules.battle.game import GameState, IllegalAction
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.tui.controller import MENU_MODES, BattleController, Mode
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.explain import what_to_explain
from officers_chess.tui.dialogs.recap import RecapScreen
from officers_chess.tui.dialogs.roll_prompt import RollPrompt
from officers_chess.tui.dialogs.trade import TradeDialog
from officers_chess.tui.file_names import file_name_problem
from officers_chess.tui.fog_log import SideLogs, resumed_lines, roll_words
from officers_chess.tui.footer_room import footer_width
from officers_chess.tui.lookout import INSPECTABLE, Lookout
from officers_chess.tui.objectives import time_limit_line, victory_line
from officers_chess.tui.order_notes import with_orders
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.action_preview import preview
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.lookout_text import danger_legend, heat_line, inspector_text, inspector_waiting, intent_text
from officers_chess.tui.widgets.map_view import TILE_WIDTH, MapView
from officers_chess.tui.widgets.status_line import StatusLine
from officers_chess.tui.widgets.unit_sheet import UnitSheet, orders_text, tile_notes

# {move} and {strike} are the palette's names for its tints (capitalised: {Move}, {Strike}).
STEP_HELP = {
    Mode.BROWSE: "Enter on one of your units selects it; Tab jumps to the next. Hover any unit to see where it can move ({move}) and strike ({strike}); n shows whom the enemies are likely to attack.",
    Mode.MOVING: "{Move} tiles: where it can move. {Strike}: what it could strike from there. Enter on a blue tile (or on the unit to stay); i to equip, trade or discard first; o for the heatmap; Esc to choose another unit.",
    Mode.TARGETING: "Arrows choose a target; Enter confirms; Esc goes back.",
    Mode.PLACING: "Choose where the ally lands: a blue tile, then Enter. Esc goes back.",
}



def step_help(mode: Mode) -> str:
    """What to do in this step, naming the tints as the palette in use colours them."""
    words = palette().words
    return STEP_HELP.get(mode, "").format(move=words["move"], strike=words["strike"], Move=words["move"].capitalize(),
                                           Strike=words["strike"].capitalize())


LEFT_MIN, SIDE_MIN, SIDE_MAX = 38, 42, 72
TALL = 40  # rows from which the unit sheet and the forecast pane are shown together

# Seconds per beat of the computer's activations: a normal pace to follow, a fast one to get on with it.
BEAT_SECONDS = {"normal": 0.6, "fast": 0.12}
# Seconds between the lines of a player's exchange as the side pane reveals them: quick enough never to be
# in the way (a 4-swing exchange is over in about a second), and any key shows them all at once.
RESULT_BEAT = 0.25

# Enter means something different at each step; one binding per step keeps the footer honest.
ENTER_ACTIONS = {
    "select": (Mode.BROWSE,),
    "move_here": (Mode.MOVING,),
    "choose": MENU_MODES,
    "strike": (Mode.TARGETING,),
    "place": (Mode.PLACING,),
    "canto": (Mode.CANTO,),
}
# The s key confirms like Enter where that confirms the unit's action, and keeps its turn open afterwards.
STAY_MODES = (Mode.ACTING, Mode.TARGETING, Mode.PLACING, Mode.CANTO)


class BattleScreen(Screen):
    """Where a battle is played, one activation at a time."""

    DEFAULT_CSS = """
    BattleScreen { layout: vertical; }
    #status { height: 1; background: $boost; }
    #main { height: 1fr; }
    #left { width: 38; }
    #map-row { height: auto; max-height: 75%; align-horizontal: center; }
    MapView { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $primary; }
    #log { height: 1fr; min-height: 3; border: round $panel; scrollbar-size: 1 1; overflow-x: hidden; }
    #take-back { height: auto; padding: 0 1; background: $boost; }
    #side { width: 42; }
    UnitSheet { height: auto; border: round $panel; padding: 0 1; }
    ForecastPane { height: 1fr; border: round $accent; padding: 0 1; }
    """

    BINDINGS = [
        Binding("left,h", "cursor(-1, 0)", "Cursor", key_display="←↑↓→"),
        Binding("right,l", "cursor(1, 0)", show=False),
        Binding("up,k", "cursor(0, -1)", show=False),
        Binding("down,j", "cursor(0, 1)", show=False),
        # In a menu the arrows walk its entries; the pane says so, and the footer keeps its room for other keys.
        Binding("up,k,left,h", "menu_step(-1)", show=False),
        Binding("down,j,right,l", "menu_step(1)", show=False),
        Binding("enter,space", "select", "Select"),
        Binding("enter,space", "move_here", "Move"),
        Binding("enter,space", "choose", "Choose"),
        Binding("enter,space", "strike", "Confirm"),
        Binding("enter,space", "place", "Land here"),
        Binding("enter,space", "canto", "Move on"),
        Binding("a", "menu('attack')", "Attack"),
        Binding("s", "stay", "Act, stay"),
        Binding("i", "items", "Items"),
        Binding("w", "wait", "Wait"),
        Binding("r", "recap", "Log", show=False),  # 80 columns: the side pane names it after the computer's turn
        Binding("e", "explain", "Explain"),
        Binding("d", "danger", "Danger"),
        Binding("t", "inspect", "Threats"),
        Binding("o", "heat", "Heat", show=False),  # 80 columns: the move step's help names it
        Binding("n", "intent", "Targets", show=False),  # 80 columns: the browse step's help names it
        Binding("escape", "inspect(True)", "Close"),
        Binding("escape", "back", "Back"),
        Binding("escape", "leave", "Title", show=False),  # 80 columns: Help and F1 matter more (help lists it)
        # The log's keys in the footer only when the log holds more than it shows and the footer has room (its
        # second parameter marks the footer's entry); the two after it keep the keys working when it is hidden.
        Binding("pageup", "log_page(-1, True)", "Log", key_display="PgUp/Dn"),
        Binding("pageup", "log_page(-1)", "Log ↑", show=False),
        Binding("pagedown", "log_page(1)", "Log ↓", show=False),
        Binding("tab", "next_unit", "Next unit"),
        Binding("f", "pace('fast')", "Faster"),
        Binding("f", "pace('normal')", "Slower"),
        Binding("s", "skip('turn')", "Skip turn"),
        Binding("s", "skip('round')", "Skip round"),
        Binding("question_mark", "app.help", "Help"),
        Binding("ctrl+s", "save_copy", "Save", show=False),
        Binding("q", "app.request_quit", "Quit", show=False),
    ]

    def __init__(self, loaded: LoadedScenario, state: GameState, computer: dict[Side, Policy] | None = None,
                 autosaver: Autosaver | None = None, resumed: bool = False, told: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.loaded = loaded
        self.resumed = resumed  # goes on with a saved battle (the log says so instead of "acts first")
        self.told = told  # the log's last lines before the battle was saved
        self.autosaver = autosaver
        self.computer = dict(computer or {})  # the sides the computer plays, with their policies
        self.controller = BattleController(state, humans=frozenset(Side) - set(self.computer))
        if autosaver is not None:
            self.controller.committed = self._autosave
        self.lookout = Lookout(self.controller)  # danger zone, path, heatmap and threat inspector
        self._at_keyboard = state.to_act
        # Under fog one log per person (each reads what their side saw); otherwise one log that tells all.
        humans = self.controller.humans
        self.logs = SideLogs(tuple(side for side in Side if side in humans) if state.fog and humans else (None,))
        self._log_shown: tuple[Side | None, int] | None = None  # whose log the widget shows, and how many lines
        self.pace = "normal"
        self._skip_round: int | None = None  # set by the skip key: the round the computer was asked to hurry through
        self._nudge = asyncio.Event()  # cuts short a pause when the pace changes or a skip is asked
        self._result: list[str] = []  # the lines of the player's last exchange, for the side pane while browsing
        self._result_shown = 0  # how many of them are revealed so far
        self._result_timer: Timer | None = None
        self._log_key = False  # whether the footer shows the log's keys (check_action reads it)

    @property
    def hot_seat(self) -> bool:
        """Two people share the keyboard, so under fog the keyboard is handed over between activations."""
        return not self.computer

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with Horizontal(id="map-row"):  # centres the map over the log
                    map_view = MapView(self.controller, self.lookout)
                    map_view.border_title = Text(self.controller.state.map.name)  # as the map file spells it
                    yield map_view
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                log.border_title = "Battle log"
                log.can_focus = False
                yield log
                yield Static(id="take-back")  # what Esc can still take back of the current unit's steps
            with Vertical(id="side"):
                yield UnitSheet()
                yield ForecastPane()
        yield Footer(compact=True, show_command_palette=False)  # 80 columns: every key shown counts

    def on_resize(self, event: events.Resize) -> None:
        # The side panel takes what the map leaves, between SIDE_MIN (80 columns) and SIDE_MAX (wider
        # forecast lines wrap less, wider still is only blank); the map's column takes the rest, map
        # centred over a log as wide as the column, so combat lines do not wrap on a big terminal.
        width = event.size.width
        wanted = self.controller.state.map.width * TILE_WIDTH + 3
        side = min(max(width - wanted, SIDE_MIN), SIDE_MAX, max(width - LEFT_MIN, 1))
        self.query_one("#side").styles.width = side
        self.query_one("#left").styles.width = max(width - side, 1)
        # The log re-wraps its lines to the new width and loses its place: back to the newest line. Whether it
        # overflows, and what room the footer has, may have changed too.
        log = self.query_one(RichLog)

        def settle() -> None:
            log.scroll_end(animate=False)
            self._refresh_keys()

        self.call_after_refresh(settle)

    def on_mount(self) -> None:
        state = self.controller.state
        logs = self.logs
        if self.resumed:
            for reader, lines in self._told().items():
                for line in lines:
                    logs.note(line, (reader,))
            logs.note(f"{self.loaded.scenario.name} goes on: round {state.round}, the {state.to_act.value} to act. "
                      "Press ? for help.")
        else:
            logs.note(f"{self.loaded.scenario.name}: the {state.to_act.value} acts first. Press ? for help.")
        if self.hot_seat and not state.dice.physical:
            # Both players see it now; the result screen shows the seed behind it (replay --verify checks it).
            logs.note(f"Dice fingerprint {seed_fingerprint(state.dice.seed)}: note it; the seed is shown when the battle ends.")
        self._sync_log()
        self.refresh_view()
        if state.fog and self.hot_seat:
            self.app.push_screen(BattleHandOver(state.to_act, "Fog of war: each side sees only around its own units."))
        if self.controller.mode is Mode.COMPUTER:
            self.computer_plays()

    def _told(self) -> dict[Side | None, list[str]]:
        """Each reader's last lines of what happened before the battle was saved (as many as `told` has). Under
        fog they are played again from the save for each reader; without the save to play (autosave off) there
        are none."""
        if not self.controller.state.fog:
            return {reader: list(self.told) for reader in self.logs.readers}
        if self.autosaver is None or not self.told:
            return {}
        return resumed_lines(self.autosaver.recorder.record(), self.logs.readers, len(self.told))

    # --- drawing -------------------------------------------------------------------

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
                c.menu_index if c.mode is Mode.ACTING else None,  # s applies to some entries only
                acting and any(i.kind == "wait" for i in c.legal()))

    def _refresh_side(self) -> None:
        c = self.controller
        sheet, pane = self.query_one(UnitSheet), self.query_one(ForecastPane)
        terrain = c.state.map.terrain_at(c.cursor)
        unit = c.hovered_unit or (c.selected_unit if c.mode in (*MENU_MODES, Mode.COMPUTER) else None)
        if unit is not None:
            sheet.show_unit(unit, c.state.map.terrain_at(unit.pos), self._orders(unit))
        else:
            sheet.show_terrain(terrain, c.cursor, tile_notes(c.view, c.cursor), c.state.edition)
        fc = c.forecast()
        # The forecast needs the whole side panel on a short terminal; on a tall one both fit, and the
        # target's sheet stays in view (no layout pass either).
        sheet.display = fc is None or self.size.height >= TALL
        inspected = self.lookout.inspected()
        if c.mode is not Mode.BROWSE:
            self._result = []  # someone acts again: the last exchange stays in the log
        if inspected is not None:
            pane.show_text("Threats", inspector_text(c.view, *inspected))
            return
        if self.lookout.inspecting and c.mode in INSPECTABLE:
            pane.show_text("Threats", inspector_waiting(self.lookout.side.value))
            return
        if fc is not None and c.selected_unit and c.hovered_unit:
            # A Qi Adept may take the attack for the unit aimed at: the forecast is of the one who fights.
            pane.show_forecast(fc, c.selected_unit, c.view.defender_for(c.selected_unit, c.hovered_unit),
                               aimed_at=c.hovered_unit, stays=c.stay_after and c.mode is Mode.TARGETING)
            return
        if c.mode is Mode.COMPUTER:
            pane.show_text(f"The {c.state.to_act.value}'s move", self._computer_note())
            return
        if self._result and inspected is None and c.mode is Mode.BROWSE:
            pane.show_text("Result", self._result_text())
            return
        if c.mode is Mode.TARGETING and c.chosen is not None:
            body = preview(c)
            if c.hint:
                body.append(f"\n\n{c.hint}", palette().hint)
            pane.show_text(c.chosen.label, body)
            return
        if c.mode is Mode.CANTO and c.selected_unit and c.state.active:
            tiles = c.state.rules.canto_tiles
            left = c.selected_unit.movement - c.state.active.spent if tiles is None else tiles
            body = Text(f"Canto: {c.selected_unit.name} may still move up to {left} (blue tiles). Enter moves there "
                        f"(s: and stays to equip, trade or discard); w ends the turn here; i for those free actions now.")
            if c.hint:
                body.append(f"\n\n{c.hint}", palette().hint)
            pane.show_text("Canto", body)
            return
        if c.mode in MENU_MODES:
            menu = Text()
            for i, item in enumerate(c.menu()):
                marker = "▶ " if i == c.menu_index else "  "
                menu.append(f"{marker}{item.label}\n", style="bold reverse" if i == c.menu_index else "")
            # One line each, so a long menu still shows them at 80×24.
            keys, step = {
                Mode.ACTING: ("↑↓ Enter choose · w wait · Esc undo", "action"),
                Mode.PREPARE: ("↑↓ Enter choose · Esc back to the map", "before moving"),
                Mode.AFTER: ("↑↓ Enter choose · w ends the turn", "after acting"),
            }[c.mode]
            menu.append(keys + "\n", "grey62")
            if c.mode is Mode.ACTING and self._stay_applies():
                menu.append("s: act, then stay for free actions\n", "grey62")
            if c.state.active is not None and c.state.active.traded:
                menu.append("Traded: one trade a turn\n", "grey62")
            if c.hint:
                menu.append(f"\n\n{c.hint}", palette().hint)
            pane.show_text(f"{c.selected_unit.name if c.selected_unit else ''}: {step}", menu)
            return
        body = Text()
        if c.mode is Mode.MOVING and c.path_cost() is not None:
            # First, so it shows at 80×24 whatever follows.
            body.append(f"Path cost {c.path_cost()} of {c.selected_unit.movement if c.selected_unit else '?'}.", "bold")
            body.append(heat_line(c.view, self.lookout.heat().get(c.cursor)))
            body.append("\n\n")
        if self.lookout.intent_on:  # asked for: before the step's help, which the player has read before
            body.append_text(intent_text(c.view, self.lookout.intents()))
            body.append("\n")
        words = step_help(c.mode)
        if c.mode is Mode.MOVING and c.state.active is not None:  # it took free actions before moving
            words = words.replace("Esc to choose another unit.", "Esc takes its free actions back." if c.undoable
                                  else "it has begun its turn and must move.")
        body.append(words)
        if c.mode is Mode.BROWSE:
            body.append_text(self._objectives())
        body.append(danger_legend(self.lookout))
        if c.mode is Mode.MOVING:
            foes = c.reachable_enemies()
            if foes:
                body.append("\nIn reach this turn: " + ", ".join(f.name for f in foes), palette().threat)
        if c.hint:
            body.append(f"\n\n{c.hint}", palette().hint)
        title = {Mode.BROWSE: "Your move", Mode.MOVING: "Move", Mode.TARGETING: "Target", Mode.PLACING: "Where to"}.get(c.mode, "")
        pane.show_text(title, body)

    def _objectives(self) -> Text:
        """Both sides' winning conditions and the time limit, under the step's help while browsing."""
        scenario = self.loaded.scenario
        text = Text("\n")
        if (limit := time_limit_line(scenario, with_reason=False)) is not None:
            text.append(f"\n{limit}", "bold")  # first: short, and it decides many battles
        first = self.controller.viewer or self.controller.state.to_act  # the reader's side first
        for side in (first, first.other):
            text.append(f"\n{side.title} wins: ", "bold")
            text.append(victory_line(scenario, side))
        return text

    def _autosave(self, action: Action, after: GameState, rolls: list[int] | None) -> None:
        """Write the action to the battle's save at once. A failing disk never stops the battle: the player is
        told once when saving fails and once when it works again; each action tries again (Autosaver.save)."""
        if self.autosaver is None:
            return
        told = self.autosaver.add(action, after, rolls)
        if told is not None:
            failing = self.autosaver.failing is not None
            self.app.notify(told, severity="error" if failing else "information", timeout=10 if failing else 6)

    def action_save_copy(self) -> None:
        """Ctrl+S: keep the battle as it stands under a name of the player's (the autosave goes on too)."""
        if self.autosaver is None:
            self.app.notify("Saving is off for this battle (see the message when it started).", severity="warning")
            return
        state = self.controller.state
        default = f"{self.loaded.path.stem}-round-{state.round}"

        def check(name: str) -> str | None:
            return file_name_problem(name, 60)

        def write(path: Path) -> None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_save(path, self.autosaver.recorder.record())
            except OSError as exc:
                self.app.notify(f"Could not save to {path}: {exc.strerror or exc}", severity="error", timeout=8)
                return
            self.app.notify(f"Saved to {path}. Load it with l on the title screen, or officers-chess resume \"{path}\".",
                            timeout=8)

        def named(name: str | None) -> None:
            if name is None:
                return
            path = saves_dir() / f"{name.strip()}.json"
            if not path.exists():
                write(path)
                return
            self.app.push_screen(ConfirmDialog(f"A save named \"{name.strip()}\" exists already. Replace it?"),
                                 lambda yes: write(path) if yes else None)

        self.app.push_screen(TextPrompt("Save this battle", f"A name for the save (kept in {saves_dir()}):",
                                        default, check, max_length=60), named)

    def _result_text(self) -> Text:
        body = Text("\n".join(self._result[: self._result_shown]))
        if self._result_shown < len(self._result):
            body.append("\n…  any key shows the rest", "grey62")
        else:
            body.append("\n\n" + step_help(Mode.BROWSE) + " r reads the whole log.", "grey62")
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

    def _orders(self, unit: Unit) -> str | None:
        """A computer unit's current behaviour for its sheet, judged on what the viewer sees; None for a
        person's unit, or one played by a level that ignores scripts (random: greedy and normal follow them)."""
        if unit.side not in self.computer or not self.computer[unit.side].follows_orders:
            return None
        return orders_text(unit, self.controller.view)

    def _computer_note(self) -> Text:
        c = self.controller
        policy = self.computer[c.state.to_act]
        body = Text(c.glimpse.caption if c.glimpse else "Thinking…", "bold")
        body.append(f"\n\nThe computer ({policy.name}) plays the {c.state.to_act.value}. ")
        faster = "f: normal pace" if self.pace == "fast" else "f: faster"
        until = "its turn" if c.humans else "the round"
        body.append(f"{faster} · s: skip to the end of {until} · r: the whole log.", "grey62")
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
        for line in lines[shown:]:
            log.write(line)
        self._log_shown = (reader, len(lines))

    def _log(self, events: list[Event], before: GameState) -> list[str]:
        """Log what the action did, for each reader as far as its side may know it (for the other readers once
        it can no longer be taken back); returns the lines of the reader at the keyboard."""
        c = self.controller
        told = self.logs.add(before, c.state, events, self._reader())
        if not c.undoable:
            self.logs.commit()
        self._sync_log()
        return told[self._reader()]

    # --- actions -------------------------------------------------------------------

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
        if action in ENTER_ACTIONS:
            return mode in ENTER_ACTIONS[action]
        if action == "stay":
            return mode in STAY_MODES and self._stay_applies()
        if action == "items":  # while moving always (a unit with nothing to do is told so)
            return mode is Mode.MOVING or (mode is Mode.CANTO and self.controller.free_actions_open())
        if action == "menu":
            return mode is Mode.ACTING and parameters[0] in {i.key for i in self.controller.menu()}
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
        if action == "inspect":  # t opens and closes it; Esc only closes it
            return mode in INSPECTABLE and (self.lookout.inspecting or not parameters)
        if action in ("back", "leave") and self.lookout.inspecting:
            return False
        if action == "back":  # after the action, Esc only goes back to the Canto map
            if mode is Mode.AFTER:
                return any(i.kind == "canto" for i in self.controller.legal())
            return mode in (Mode.MOVING, Mode.PREPARE, Mode.ACTING, Mode.TARGETING, Mode.PLACING)
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

    def _act(self, step: Callable[[], list[Event]]) -> None:
        """Take a player's step; with physical dice, ask for each d20 the rules need and take it again
        with the rolls so far (the controller changes nothing until the whole action has its rolls)."""
        before = self.controller.state
        try:
            events = step()
        except IllegalAction as refused:  # the screen offered something the rules refuse: say so, change nothing
            self.controller.hint = f"Not possible now: {refused}."
            self.refresh_view()
            return
        except RollNeeded as need:
            def rolled(roll: int | None) -> None:
                if roll is not None:
                    self.controller.rolls.append(roll)
                    self._act(step)

            self.app.push_screen(RollPrompt(roll_words(self.controller.state, self._reader(), need.why), need.faces), rolled)
            return
        self._after(events, before)

    async def _computer_applies(self, action: Action) -> list[Event]:
        """Apply the computer's action, asking the table for its d20s too when the players roll their own."""
        while True:
            try:
                return self.controller.play_computer(action)
            except RollNeeded as need:
                answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
                self.app.push_screen(RollPrompt(roll_words(self.controller.state, self._reader(), need.why), need.faces),
                                     answer.set_result)
                self.controller.rolls.append(await answer)

    action_select = action_move_here = action_choose = action_strike = action_place = action_canto = _confirm

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
        self.app.explain_choices(*what_to_explain(self.controller, self.loaded.catalogue))  # type: ignore[attr-defined]

    def _ask_trade(self) -> None:
        c = self.controller
        me, partner = c.selected_unit, c.state.unit(c.trade_partner) if c.trade_partner else None
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
        note = self.controller.cancel()
        if note:  # a move taken back: the other side never learns of it
            self.logs.discard()
            self.logs.note(note, (self._reader(),))
            self._sync_log()
        self.refresh_view()

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.show_title()  # type: ignore[attr-defined]

        # Fix: an autosaved battle is not lost; say how to come back, as quitting does.
        kept = getattr(self, "autosaver", None) is not None and getattr(self.app, "autosave", False)
        question = ("Leave this battle for the title screen? It is autosaved: c Continue brings it back." if kept
                    else "Leave this battle and return to the title screen? It will be lost.")
        self.app.push_screen(ConfirmDialog(question), answered)

    def action_recap(self) -> None:
        """r: the whole battle log on one screen (the reader's own, under fog)."""
        self.app.push_screen(RecapScreen(list(self.logs.lines(self._reader()))))

    def action_log_page(self, direction: int, _footer: bool = False) -> None:
        log = self.query_one(RichLog)
        log.scroll_page_down() if direction > 0 else log.scroll_page_up()

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

    def _after(self, events: list[Event], state_before: GameState) -> None:
        before = self._at_keyboard
        lines = self._log(events, state_before)
        exchange = any(isinstance(event, Attacked) for event in events)
        if exchange:
            self._reveal_result(lines)
        self.refresh_view()
        self._at_keyboard = self.controller.state.to_act
        if self.controller.mode is Mode.COMPUTER:
            self.computer_plays()
            return
        if self.hot_seat and self.controller.state.fog and self._at_keyboard is not before and self.controller.mode is not Mode.OVER:
            self._hand_over(exchange)
        if self.controller.trade_partner:
            self._ask_trade()
        if self.controller.mode is Mode.OVER:
            self.app.show_result(self.controller.state, events)  # type: ignore[attr-defined]

    def _hand_over(self, exchange: bool) -> None:
        """Under fog the map shows only what one side sees: the other player must look away. Everything the
        next player will see is theirs before the hand-over is dismissed: their log, their view of the last
        exchange (if they saw it), their first unit under the cursor, no hint left from the other's turn."""
        c = self.controller
        c.hint = ""
        c.jump_to_next_unit(from_start=True)
        self._sync_log()
        self._reveal_result(self.logs.last.get(self._at_keyboard, []) if exchange else [], at_once=True)
        self.refresh_view()
        self.app.push_screen(BattleHandOver(self._at_keyboard, f"Round {c.state.round}: the {self._at_keyboard.value}'s activation."))

    # --- the computer's turn -----------------------------------------------------------

    def action_pace(self, pace: str) -> None:
        self.pace = pace
        self._nudge.set()
        self.refresh_view(full=False)

    def action_skip(self, _until: str) -> None:
        self._skip_round = self.controller.state.round
        self._nudge.set()
        self.refresh_view(full=False)

    def _skipping(self) -> bool:
        """Against a person, a skip lasts until the person is to act; between two computers, to the end of the round."""
        if self._skip_round is None:
            return False
        return bool(self.controller.humans) or self.controller.state.round == self._skip_round

    async def _linger(self, beats: float) -> None:
        """Leave what is on screen for a while at the chosen pace; a skip ends it at once, a pace change re-times it."""
        start = time.monotonic()
        while not self._skipping():
            left = beats * BEAT_SECONDS[self.pace] - (time.monotonic() - start)
            if left <= 0:
                return
            self._nudge.clear()
            try:
                await asyncio.wait_for(self._nudge.wait(), left)
            except TimeoutError:
                return

    async def _on_top(self) -> None:
        """Hold the computer while a dialog (help, quit, leave) covers the battle."""
        while not self.is_active:
            await asyncio.sleep(0.05)

    @work(exclusive=True, group="computer")
    async def computer_plays(self) -> None:
        """Play the computer's activations one action at a time: think in a thread, show the action, apply it."""
        c = self.controller
        events: list[Event] = []
        last_exchange: list[str] = []  # the log lines of the computer's last attack this turn
        while c.mode is Mode.COMPUTER:
            state = c.state
            policy = self.computer[state.to_act]
            self.refresh_view(full=False)
            # A copy, so a policy that scribbles on its state cannot touch the one on screen.
            thinker = self.run_worker(partial(policy.choose, state.model_copy(deep=True)), thread=True,
                                      group="computer-thinks", description=f"{policy.name} chooses")
            try:
                action = await thinker.wait()
            except WorkerCancelled:  # the screen is going (a quit, the title) while it thought: nothing to play
                return
            await self._on_top()
            if not self._skipping():
                for glimpse in c.glimpses(action):
                    c.show(action, glimpse)
                    self.refresh_view()
                    await self._linger(glimpse.beats)
                    await self._on_top()
            events = with_orders(await self._computer_applies(action), action, state, policy)
            lines = self._log(events, state)  # an activation wholly out of sight is logged as such
            if any(isinstance(event, Attacked) for event in events):
                last_exchange = lines
            if not self._skipping():
                self.refresh_view()
                if not lines and action.kind == "move":
                    await self._linger(0.5)
            if self._skip_round is not None and not self._skipping():
                self._skip_round = None  # the round a demo skipped through is over
        self._skip_round = None
        self._at_keyboard = c.state.to_act
        if last_exchange:  # the person's turn opens on the computer's last exchange (already paced out)
            self._reveal_result(last_exchange, at_once=True)
        self.refresh_view()
        if c.mode is Mode.OVER:
            await self._on_top()  # the result replaces the battle, never a dialog open over it
            self.app.show_result(c.state, events)  # type: ignore[attr-defined]
