"""The battle screen: map, unit sheet, forecast and log, driven through the turn controller."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import RichLog, Static

from officers_chess.ai.player import Policy
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session import dice_words
from officers_chess.session.battle_start import Battle
from officers_chess.session.controller import BattleController
from officers_chess.session.lookout import Lookout
from officers_chess.session.map_areas import area_tiles, marked_areas
from officers_chess.session.map_fit import FRAME, best_scale, fits
from officers_chess.session.modes import Mode
from officers_chess.session.seat_requests import Told
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.screens.battle_computer import ComputerTurn
from officers_chess.tui.screens.battle_keys import BattleKeys
from officers_chess.tui.screens.battle_pane import BattlePane
from officers_chess.tui.screens.battle_saves import BattleSaves
from officers_chess.tui.widgets.forecast_pane import ForecastPane
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.status_line import StatusLine
from officers_chess.tui.widgets.unit_sheet import UnitSheet





LEFT_MIN, SIDE_MIN, SIDE_MAX = 38, 42, 72
CHROME_ROWS = 2  # the status line and the footer
LOG_ROWS = 4  # the log's frame and one line of it, and the take-back line under it
LARGE_LOG_SPARE = 8  # lines more of log the large map must leave (it is for room to spare, not at the log's cost)

# Seconds per beat of the computer's activations: a normal pace to follow, a fast one to get on with it.
BEAT_SECONDS = {"normal": 0.6, "fast": 0.12}


class BattleScreen(ComputerTurn, BattleSaves, BattleKeys, BattlePane, Screen):
    """Where a battle is played, one activation at a time."""

    DEFAULT_CSS = """
    BattleScreen { layout: vertical; }
    #status { height: 1; background: $boost; }
    #main { height: 1fr; }
    #left { width: 38; }
    #map-row { height: auto; align-horizontal: center; }
    MapView { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $primary; }
    #log { height: 1fr; min-height: 3; border: round $panel; scrollbar-size: 1 1; overflow-x: hidden; }
    #take-back { height: auto; padding: 0 1; background: $boost; }
    #side { width: 42; }
    UnitSheet { height: auto; max-height: 60%; border: round $panel; padding: 0 1; }
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
        Binding("enter,space", "aim", "Use here"),  # a Rewarp, Vein or Pick: the tile itself (rulings I6)
        Binding("enter,space", "canto", "Move on"),
        Binding("a", "menu('attack')", "Attack"),
        Binding("s", "stay", "Act, stay"),
        Binding("i", "items", "Items"),
        Binding("w", "wait", "Wait"),
        Binding("r", "recap", "Log", show=False),  # 80 columns: the side pane names it after the computer's turn
        Binding("v", "turn_recap", "Enemy turn", show=False),  # the side pane names it after the computer's turn
        Binding("e", "explain", "Explain"),
        Binding("d,z", "danger", "Danger"),  # z as well: the danger key of the deployment, where d is Done
        Binding("t", "inspect", "Threats"),
        # While the inspector is open t still closes it, unnamed: "esc Close" takes its room (80 columns, rulings L69).
        Binding("t", "inspect(False)", show=False),
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
        # The side pane's text, where it is taller than the pane (its border says so): the forecast, else the sheet.
        Binding("right_square_bracket", "side_page(1)", "Side ↓", show=False),
        Binding("left_square_bracket", "side_page(-1)", "Side ↑", show=False),
        Binding("tab", "next_unit", "Next unit"),
        Binding("f", "pace('fast')", "Faster"),
        Binding("f", "pace('normal')", "Slower"),
        Binding("s", "skip('turn')", "Skip turn"),
        Binding("s", "skip('round')", "Skip round"),
        Binding("question_mark", "app.help", "Help"),
        Binding("ctrl+s", "save_copy", "Save", show=False),
        Binding("q", "quit_key", "Quit", show=False),
    ]

    def __init__(self, loaded: LoadedScenario, state: Battle | None, computer: dict[Side, Policy] | None = None,
                 autosaver: Autosaver | None = None, resumed: bool = False, told: tuple[str, ...] = (),
                 controller: BattleController | None = None) -> None:
        super().__init__()
        self.loaded = loaded
        self.resumed = resumed  # goes on with a saved battle (the log says so instead of "acts first")
        self.told = told  # the log's last lines before the battle was saved
        self.autosaver = autosaver
        self.computer = dict(computer or {})  # the sides the computer plays, with their policies
        # A seat at another machine's table brings its own controller, made from its view (battle_remote.py).
        self.controller = controller or BattleController(state, humans=frozenset(Side) - set(self.computer))
        if autosaver is not None:
            self.controller.record_with(autosaver, self._save_notice)
        self.lookout = Lookout(self.controller)  # danger zone, path, heatmap and threat inspector
        self.lookout.scripted = frozenset(side for side, policy in self.computer.items() if policy.follows_orders)
        self.lookout.levels = {side: policy.name for side, policy in self.computer.items()}
        self.areas = marked_areas(loaded.scenario)  # drawn on the map, named in the tile panel
        self._at_keyboard = self.controller.view.to_act
        self.logs = self.controller.logs  # one per person under fog (the controller keeps them)
        self._log_shown: tuple[Side | None, int] | None = None  # whose log the widget shows, and how many lines
        self.pace = "normal"
        self._skip_round: int | None = None  # set by the skip key: the round the computer was asked to hurry through
        self._nudge = asyncio.Event()  # cuts short a pause when the pace changes or a skip is asked
        self._result: list[str] = []  # the lines of the player's last exchange, for the side pane while browsing
        # The person's own exchange just before the computer's turn: the turn's Result shows it above the reply
        # (rulings L68), else the reply pushed it out and the player had to read the log to learn their own blow.
        self._own_exchange: list[str] = []
        self._result_shown = 0  # how many of them are revealed so far
        self._result_timer: Timer | None = None
        self._log_key = False  # whether the footer shows the log's keys (check_action reads it)

    def replay_path(self) -> Path | None:
        """The scenario file `officers-chess play` starts this battle again from (the result names it)."""
        return self.loaded.path

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
                    map_view.areas = area_tiles(self.areas)
                    map_view.border_title = Text(self.controller.view.map.name)  # as the map file spells it
                    yield map_view
                log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
                log.border_title = "Battle log"
                log.can_focus = False
                yield log
                yield Static(id="take-back")  # what Esc can still take back of the current unit's steps
            with Vertical(id="side"):
                yield UnitSheet()
                yield ForecastPane()
        yield compact_footer()

    def on_resize(self, event: events.Resize) -> None:
        # The side panel takes what the map leaves, between SIDE_MIN (80 columns) and SIDE_MAX (wider
        # forecast lines wrap less, wider still is only blank); the map's column takes the rest, map
        # centred over a log as wide as the column, so combat lines do not wrap on a big terminal.
        # The map is drawn at the largest scale that shows it whole beside the narrowest side pane, above a
        # log of one line and the take-back line (session/map_fit.py); its row is as tall as it needs. The large
        # block scale is taken only where the log keeps LARGE_LOG_SPARE lines more beside it.
        width = event.size.width
        battle_map = self.controller.view.map
        room = (width - SIDE_MIN, event.size.height - CHROME_ROWS - LOG_ROWS)
        scale = best_scale(battle_map.width, battle_map.height, room, spare=LARGE_LOG_SPARE)
        self.query_one(MapView).fit(scale, whole=fits(scale, battle_map.width, battle_map.height, room))
        self.query_one("#map-row").styles.max_height = max(room[1], 3)
        wanted = scale.size(battle_map.width, battle_map.height)[0] + FRAME
        side = min(max(width - wanted, SIDE_MIN), SIDE_MAX, max(width - LEFT_MIN, 1))
        self.query_one("#side").styles.width = side
        self.query_one("#left").styles.width = max(width - side, 1)
        # A RichLog keeps its lines as wrapped when written: once the new width is laid out, the log is written
        # again from the reader's own lines, wrapped to it, and shows the newest line. Whether it overflows, and
        # what room the footer has, may have changed too.
        log = self.query_one(RichLog)

        def settle() -> None:
            self._log_shown = None
            self._sync_log()
            log.scroll_end(animate=False, immediate=True)
            self._refresh_keys()

        after_refresh(self, settle)

    def on_mount(self) -> None:
        state = self.controller.view
        logs = self.logs
        if self.resumed:
            for reader, lines in self._told().items():
                for line in lines:
                    logs.note(line, (reader,))
            logs.note(f"{self.loaded.scenario.name} goes on: round {state.round}, the {state.to_act.value} to act. "
                      "Press ? for help.")
        else:
            logs.note(f"{self.loaded.scenario.name}: the {state.to_act.value} acts first. Press ? for help.")
        # Both players see the fingerprint now; the result screen shows the seed behind it (replay --verify checks
        # it). Where the rolls come from is said once, with it: a run of 1s felt rigged (rulings L83).
        fingerprint, whose = self.shown_fingerprint()
        if not self.resumed and not state.dice.physical:
            logs.note(dice_words.start_line(fingerprint, whose))
        elif fingerprint is not None:
            logs.note(dice_words.fingerprint_line(fingerprint, whose))
        self._sync_log()
        self.refresh_view()
        if state.fog and self.hot_seat:
            self.app.push_screen(BattleHandOver(state.to_act, "Fog of war: each side sees only around its own units."))
        if self.controller.mode is Mode.COMPUTER:
            self.computer_plays()

    def shown_fingerprint(self) -> tuple[str | None, str]:
        """The dice seed's fingerprint the players are shown as the battle starts (two people at one keyboard), and
        whose dice they are ("" for this table's own)."""
        return (self.controller.fingerprint if self.hot_seat else None), ""

    def _told(self) -> dict[Side | None, list[str]]:
        """Each reader's last lines of what happened before the battle was saved (as many as `told` has). Under
        fog they are played again from the save for each reader; without the save to play (autosave off) there
        are none."""
        if not self.controller.view.fog:
            return {reader: list(self.told) for reader in self.logs.readers}
        if self.autosaver is None or not self.told:
            return {}
        return self.controller.told_before(self.autosaver, len(self.told))

    # --- after each step (drawing: battle_pane.py; keys: battle_keys.py) ---------------

    def _after(self, told: Told) -> None:
        before = self._at_keyboard
        self._sync_log()
        exchange = told.exchange
        self._own_exchange = list(told.lines) if exchange else []
        if exchange:
            self._reveal_result(told.lines)
        self.refresh_view()
        self._at_keyboard = self.controller.view.to_act
        if self.controller.mode is Mode.COMPUTER:
            self.computer_plays()
            return
        if self.hot_seat and self.controller.view.fog and self._at_keyboard is not before and self.controller.mode is not Mode.OVER:
            self._hand_over(exchange)
        if self.controller.trade_partner:
            self._ask_trade()
        if self.controller.discard_asked:
            self._ask_discard()
        if self.controller.mode is Mode.OVER:
            self.show_result()

    def show_result(self, own: list[str] = ()) -> None:
        """The result screen; `own`: the person's own last exchange, when someone else's action ended the battle."""
        humans = [side for side in Side if side not in self.computer]
        player = humans[0] if len(humans) == 1 else None  # against the computer, the result says who "you" are
        saver = self.autosaver  # the result's way to the replay: only a save that holds the whole battle
        saved = saver.path if saver is not None and saver.failing is None and not saver.too_long else None
        self.app.show_result(*self.controller.final(), scenario=self.replay_path(),  # type: ignore[attr-defined]
                             own=list(own) if player is not None else [], player=player, save=saved)

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
        self.app.push_screen(BattleHandOver(self._at_keyboard, f"Round {c.view.round}: the {self._at_keyboard.value}'s activation."))

    # --- the computer's turn -----------------------------------------------------------

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


