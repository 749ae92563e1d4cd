"""The Deployment screen: place every unit on a tile of the side's zone, rearrange freely, then confirm."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import battle_victory, deploy_zone
from officers_chess.session.deploy_lookout import DeployLookout
from officers_chess.session.map_areas import area_tiles, areas_at, marked_areas
from officers_chess.session.map_fit import FRAME, best_scale, fits
from officers_chess.session.muster_common import MusterCommon
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.deploy_lookout_keys import DeployLookoutKeys
from officers_chess.tui.screens.muster_step import MusterStepScreen, header
from officers_chess.tui.widgets.deploy_map import ZONE_MARK, ChestSpot, DeployBoard, DeployController, DeployMapView
from officers_chess.tui.widgets.deploy_sheet import fog_line, own_sheet, sentence
from officers_chess.tui.widgets.map_view import MapView
from officers_chess.tui.widgets.unit_sheet import terrain_sheet, tile_notes

LEFT_MIN, SIDE_MIN = 24, 40


class DeploymentScreen(DeployLookoutKeys, MusterStepScreen):
    """One side's private Deployment step."""

    DEFAULT_CSS = """
    DeploymentScreen { layout: vertical; }
    DeploymentScreen #header { height: 1; background: $boost; }
    DeploymentScreen #main { height: 1fr; align-horizontal: center; }
    DeploymentScreen #left { width: 24; }
    DeploymentScreen MapView { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $primary; }
    DeploymentScreen #legend { height: auto; padding: 0 1; color: $text-muted; }
    DeploymentScreen #side { width: 1fr; max-width: 64; }
    DeploymentScreen #units { height: auto; max-height: 40%; border: round $accent; padding: 0 1; overflow-y: auto; }
    DeploymentScreen #fog { height: auto; padding: 0 1; }
    DeploymentScreen #help { height: auto; min-height: 2; padding: 0 1; }
    DeploymentScreen #sheet { height: 1fr; border: round $panel; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left,h", "cursor(-1, 0)", "Cursor", key_display="←↑↓→"),
        Binding("right,l", "cursor(1, 0)", show=False),
        Binding("up,k", "cursor(0, -1)", show=False),
        Binding("down,j", "cursor(0, 1)", show=False),
        Binding("enter,space", "place", "Place"),
        Binding("enter,space", "pick_up", "Pick up"),
        Binding("enter,space", "swap", "Swap"),
        Binding("tab", "next_unit", "Next unit", priority=True),
        Binding("x,delete,backspace", "take_off", "Take off"),
        # Out of the footer: at 80 columns they pushed Done off it. The legend under the map names them.
        Binding("z", "danger", "Danger", show=False),  # d is Done at every army-building step
        Binding("t", "inspect", "Threats", show=False),
        Binding("d", "done", "Done"),
    ]

    def __init__(self, session: MusterCommon, side: Side) -> None:
        super().__init__(session, side)
        scenario = session.scenario
        board = DeployBoard(
            session.battle_map,
            chests=[ChestSpot((c.at[0] - 1, c.at[1] - 1)) for c in scenario.chests],
            seize_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.seize],
            escape_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.escape],
            raze_tiles=[(x - 1, y - 1) for x, y in scenario.tiles.raze],
            victory=battle_victory(scenario),
        )
        self.controller = DeployController(board, deploy_zone(scenario, side))
        self.areas = marked_areas(scenario)
        self.lookout = DeployLookout(session, side)
        self.names = [r.name for r in session.army(side).units]
        self.held: str | None = None  # the unit in hand, placed or not
        self.message = Text("")
        self._sync()
        self.held = self._next_unplaced()

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                map_view = DeployMapView(self.controller, self.lookout)
                map_view.areas = area_tiles(self.areas)  # the scenario's areas the players are told of (L30)
                map_view.border_title = Text(self.session.battle_map.name)  # as the map file spells it
                yield map_view
                yield Static(self._legend(), id="legend")
            with Vertical(id="side"):
                units = Static(id="units")
                units.border_title = "Your units"
                yield units
                fog = Static(id="fog")
                fog.display = self.session.fog_rule(self.side) is not None  # no fog: no line, the layout as it was
                yield fog
                yield Static(id="help")
                yield Static(id="sheet")
        yield compact_footer()

    def on_resize(self, event: events.Resize) -> None:
        # The map whole at the largest scale that fits beside the side pane, above its two-line legend.
        battle_map = self.session.battle_map
        room = (event.size.width - SIDE_MIN, event.size.height - 4)
        scale = best_scale(battle_map.width, battle_map.height, room)
        self.query_one(MapView).fit(scale, whole=fits(scale, battle_map.width, battle_map.height, room))
        wanted = scale.size(battle_map.width, battle_map.height)[0] + FRAME
        self.query_one("#left").styles.width = max(LEFT_MIN, min(wanted, event.size.width - SIDE_MIN))

    def on_mount(self) -> None:
        self.message = Text(f"Place every unit on a marked tile ({ZONE_MARK}) of your zone.", "grey70")
        problem = self.session.deploy_problem(self.side)
        if problem:  # a scenario that skipped validate: say so now rather than let the player search
            self.say(f"{sentence(ValueError(problem))} This battle cannot start as the scenario stands "
                     "(its author must widen the zone); Esc leaves army building.", error=True)
        self._refresh()

    def _legend(self) -> str:
        case = "capitals" if self.side is Side.ATTACKER else "small letters"
        return f"{ZONE_MARK} your zone\nYour units: {case}\nz danger · t threats"

    # --- state -----------------------------------------------------------------------

    @property
    def placed(self) -> dict[str, Pos]:
        return self.session.placements(self.side)

    def _sync(self) -> None:
        """Rebuild the units on the board from the session (own placements, and what the other side shows)."""
        self.controller.board.units = [f.unit for f in self.session.field(self.side)]
        self.controller.selected = f"own:{self.held}" if self.held in self.placed else None

    def _next_unplaced(self, after: str | None = None) -> str | None:
        waiting = [n for n in self.names if n not in self.placed]
        if not waiting:
            return None
        if after in self.names:
            later = [n for n in self.names[self.names.index(after) + 1:] if n in waiting]
            return (later or waiting)[0]
        return waiting[0]

    def _own_at(self, pos: Pos) -> str | None:
        return next((name for name, at in self.placed.items() if at == pos), None)

    # --- drawing ---------------------------------------------------------------------

    def repaint_colours(self) -> None:
        self._refresh()

    def _refresh(self, full: bool = True, rows: tuple[int, ...] = ()) -> None:
        self._sync()
        placed = self.placed
        count = Text(f"{len(placed)} of {len(self.names)} placed", "bold" if len(placed) == len(self.names) else "")
        self.query_one("#header", Static).update(header(self.session, self.side, count))
        map_view = self.query_one(MapView)
        map_view.redraw() if full else map_view.redraw_rows(*rows)
        self.query_one("#units", Static).update(self._unit_list())
        self.query_one("#fog", Static).update(fog_line(self.session.fog_rule(self.side), self.side))
        self.query_one("#sheet", Static).update(self._sheet())
        help_text = Text()
        help_text.append_text(self.danger_legend())
        help_text.append_text(self.message)
        if len(placed) == len(self.names):
            help_text.append("\nAll placed: d confirms; Enter on a unit picks it up to move it.", palette().good)
        self.query_one("#help", Static).update(help_text)
        self.refresh_bindings()

    def _unit_list(self) -> Group:
        lines = []
        for name in self.names:
            recruit = next(r for r in self.session.army(self.side).units if r.name == name)
            at = self.placed.get(name)
            mark = "▶ " if name == self.held else "  "
            where = f"{at[0] + 1},{at[1] + 1}" if at else "to place"
            unit_class = self.session.catalogue.classes[recruit.unit_class]
            letter = unit_class.letter if self.side is Side.ATTACKER else unit_class.letter.lower()
            lines.append(Text.assemble(mark, (f"{letter} ", "bold"), (name, "bold" if name == self.held else ""),
                                       f" {recruit.unit_class}", (f"  {where}", "grey70" if at else palette().warning)))
        return Group(*lines)

    def _sheet(self) -> RenderableType:
        c = self.controller
        inspected = self.inspector_sheet(self._own_at(c.cursor) or self.held)
        if inspected is not None:
            return inspected
        board = c.board
        terrain = board.map.terrain_at(c.cursor)
        unit = board.unit_at(c.cursor)
        if unit is not None and unit.side is self.side:
            return own_sheet(unit, terrain)
        if unit is not None:  # the other side's unit: only what the field shows, never its items
            side = Text(f" {unit.side.title} ", style=palette().side_banner(unit.side))
            return Group(Text.assemble((unit.name, "bold"), f" · {unit.unit_class.name} ", side),
                         Text("Already on the field. Its items are hidden until the battle.", "grey70"))
        notes = tile_notes(board, c.cursor) + areas_at(self.areas, c.cursor)  # type: ignore[arg-type]
        notes.insert(0, "In your deployment zone." if c.cursor in c.zone else "Outside your deployment zone.")
        return terrain_sheet(terrain, c.cursor, notes, board.map.edition)

    # --- keys ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        here = self._own_at(self.controller.cursor)
        if action == "place":
            return self.held is not None and here is None
        if action == "pick_up":
            return here is not None and self.held is None
        if action == "swap":
            return here is not None and self.held is not None and here != self.held
        if action == "take_off":
            return here is not None
        if action == "next_unit":
            return len(self.names) > 1 or self.held is None
        return True

    def say(self, text: str, error: bool = False) -> None:
        self.message = Text(text, palette().error if error else "")

    def action_cursor(self, dx: int, dy: int) -> None:
        before = self.controller.cursor[1]
        self.controller.move_cursor(dx, dy)
        self._refresh(full=False, rows=(before, self.controller.cursor[1]))

    def action_place(self) -> None:
        name, pos = self.held, self.controller.cursor
        if name is None:
            return
        try:
            self.session.place(self.side, name, pos)
        except MusterError as exc:
            self.say(sentence(exc), error=True)
        else:
            self.say(f"{name} stands at {pos[0] + 1},{pos[1] + 1}.")
            self.held = self._next_unplaced(name)
        self._refresh()

    def action_pick_up(self) -> None:
        here = self._own_at(self.controller.cursor)
        if here is not None:
            self.held = here
            self.say(f"{here} is in hand: move the cursor and press Enter to put it down.")
            self._refresh()

    def action_swap(self) -> None:
        here, held, pos = self._own_at(self.controller.cursor), self.held, self.controller.cursor
        if here is None or held is None:
            return
        old = self.placed.get(held)
        moves = [(here, None), (held, pos)] + ([(here, old)] if old is not None else [])
        try:
            self.session.place_all(self.side, moves)  # all or nothing
        except MusterError as exc:
            self.say(f"Cannot swap: {exc}.", error=True)
        else:
            self.say(f"{held} and {here} swap places." if old else f"{held} takes {here}'s place; {here} is in hand.")
            self.held = None if old else here
            if self.held is None:
                self.held = self._next_unplaced()
        self._refresh()

    def action_take_off(self) -> None:
        here = self._own_at(self.controller.cursor)
        if here is None:
            return
        try:
            self.session.place(self.side, here, None)
        except MusterError as exc:  # a network seat's host may refuse (a view since replaced)
            self.say(sentence(exc), error=True)
        else:
            self.held = here
            self.say(f"{here} is off the field and in hand.")
        self._refresh()

    def action_next_unit(self) -> None:
        if not self.names:
            return
        index = self.names.index(self.held) + 1 if self.held in self.names else 0
        self.held = self.names[index % len(self.names)]
        at = self.placed.get(self.held)
        if at is not None:
            self.controller.cursor = at
        self.say(f"{self.held} is in hand.")
        self._refresh()

    def on_map_view_tile_clicked(self, message: MapView.TileClicked) -> None:
        if self.controller.cursor == message.pos:
            for action in ("place", "swap", "pick_up"):
                if self.check_action(action, ()):
                    getattr(self, f"action_{action}")()
                    return
        self.controller.cursor = message.pos
        self._refresh()

    def action_done(self) -> None:
        missing = [n for n in self.names if n not in self.placed]
        if missing:
            self.say(f"Not yet: still to place {', '.join(missing)}.", error=True)
            self._refresh()
            return
        after = "the battle begins" if self.side is not self.session.scenario.first_deployer or not self.session.hires(
            self.side.other) else f"the {self.side.other.title} deploys"

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.session.finish()
            except MusterError as exc:
                self.say(sentence(exc), error=True)
                self._refresh()
                return
            self.step_done()

        self.app.push_screen(ConfirmDialog(f"Confirm this deployment? Your units cannot move again before the battle; then {after}."), answered)
