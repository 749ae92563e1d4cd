"""The map editor: paint a map's terrain with the keyboard or the mouse, see costs and sight, and save the file."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.content.editing.autosave import EditorAutosave
from officers_chess.content.editing.checks import Problem, check
from officers_chess.content.editing.draft import MapDraft, rectangle
from officers_chess.content.editing.ground import costs, sight
from officers_chess.content.editing.history import History
from officers_chess.content.editing.roundtrip import MapFile
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.board.terrain import MoveType, Terrain, terrain_table
from officers_chess.session.map_start import parse_size
from officers_chess.tui.dialogs.editor_dialogs import FieldsDialog
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.map_editor_file import (CURSOR_KEYS, EDITOR_CSS, MapEditorFile, corner_words,
                                                        editor_folder)
from officers_chess.tui.widgets.editor_canvas import EditorCanvas, cost_mark

OVERLAYS: tuple[MoveType | None, ...] = (MoveType.FOOT, MoveType.ARMORED, MoveType.CAVALRY, MoveType.FLYING, None)
MOVERS = {MoveType.FOOT: "units on foot", MoveType.ARMORED: "armored units", MoveType.CAVALRY: "cavalry",
          MoveType.FLYING: "fliers"}
NAME_ROOM = 12  # letters of a terrain's name shown in the side pane's table
WIDE_FOOTER = 140  # the columns from which the footer shows every key
TOOLS = {"brush": "brush", "rectangle": "rectangle", "flood": "flood fill"}

# The keys the footer has no room for at 80 columns are listed here, in the side pane.
KEYS = (
    ("←↑↓→ hjkl", "cursor"), ("Space/Enter", "use the tool"), ("b r f", "brush, rectangle, flood"),
    ("[ ] 1-9", "brush terrain"), ("u ^z", "undo"), ("U ^y", "redo"), ("m", "costs: foot → off"),
    ("v", "sight from the cursor"), ("e", "next problem"), ("z", "resize"), ("n", "name"),
    ("w ^s", "save"), ("q Esc", "leave"), ("PgUp PgDn", "scroll this pane"), ("mouse", "click: tool, drag: brush"),
)


class MapEditorScreen(MapEditorFile, Screen):
    """Edits one map file (or a new map) through undo history; every stroke is checked and autosaved."""

    DEFAULT_CSS = EDITOR_CSS.replace("SCREEN", "MapEditorScreen")
    BINDINGS = [
        *CURSOR_KEYS,
        Binding("space,enter", "use", "Paint", key_display="␣"),
        # A wide terminal's footer has room for every key: these twins show there (check_action), and the keys
        # below them, hidden, do the same at 80 columns, where the side pane lists them.
        Binding("b", "wide('tool', 'brush')", "Brush"),
        Binding("U", "wide('redo')", "Redo"),
        Binding("m", "wide('overlay')", "Costs"),
        Binding("v", "wide('sight')", "Sight"),
        Binding("e", "wide('next_problem')", "Problem"),
        Binding("z", "wide('resize')", "Resize"),
        Binding("n", "wide('rename')", "Name"),
        Binding("b", "tool('brush')", "Brush", show=False),
        Binding("r", "tool('rectangle')", "Rect"),
        Binding("f", "tool('flood')", "Flood"),
        Binding("right_square_bracket", "brush(1)", "Terrain", key_display="[]"),
        Binding("left_square_bracket", "brush(-1)", show=False),
        *[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)],
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("U,ctrl+y", "redo", "Redo", show=False),
        Binding("m", "overlay", "Costs", show=False),
        Binding("v", "sight", "Sight", show=False),
        Binding("e", "next_problem", "Problem", show=False),
        Binding("z", "resize", "Resize", show=False),
        Binding("n", "rename", "Name", show=False),
        Binding("ctrl+s,w", "save", "Save", key_display="^s"),
        Binding("pageup", "side_page(-1)", show=False),
        Binding("pagedown", "side_page(1)", show=False),
        Binding("escape,q", "leave", "Leave", key_display="q"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "wide":
            return self.app.size.width >= WIDE_FOOTER
        return True

    def action_wide(self, action: str, *parameters: object) -> None:
        getattr(self, f"action_{action}")(*parameters)

    def on_resize(self) -> None:
        self.refresh_bindings()

    def __init__(self, file: MapFile, draft: MapDraft, as_copy: bool = False) -> None:
        """`as_copy`: the file is one of the game's own maps, opened from the title: it is saved under a new name,
        so playing the bundled battles never meets a map changed by accident."""
        super().__init__()
        self.file = file
        self.history = History(draft, saved=draft if file.path is not None and file.path.exists() else None)
        self.autosave = EditorAutosave(editor_folder(), file.path)
        self.copy_of = file.path if as_copy else None
        if as_copy:
            file.path = None  # the first save asks for a name
        self.terrains: list[Terrain] = list(terrain_table(draft.edition).values())
        self.brush = 0
        self.tool = "brush"
        self.overlay = len(OVERLAYS) - 1  # off
        self.problems: list[Problem] = []
        self._problem_at = -1  # the problem `e` jumped to last
        self._drag: tuple[MapDraft, list[Pos]] | None = None  # a brush drag: the draft before it, the tiles so far

    # --- the screen ---------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="work"):
            yield EditorCanvas(self.draft, id="canvas")
            with VerticalScroll(id="side", can_focus=False):  # the arrows are the cursor's
                yield Static(id="brush-line")
                yield Static(id="checks")  # above the terrain, so its count shows at 80×24 without scrolling
                yield Static(id="terrains")
                yield Static(self._keys_text(), id="keys")
        yield Static(id="status")
        yield compact_footer()

    @property
    def draft(self) -> MapDraft:
        return self.history.present

    def on_mount(self) -> None:
        self.query_one("#side").border_title = "Checks · terrain · keys"
        self._changed()
        self.say("Paint with Space or the mouse; the side pane lists every key.")
        self.offer_autosave("The editor closed without saving this map last time: its autosave differs from "
                            f"{'the file' if self.file.path is not None else 'a new map'}. Restore the autosave?")

    def _changed(self, words: str | None = None) -> None:
        """After any change of the draft: draw it, run the checks, keep the autosave, say what happened."""
        draft = self.draft
        canvas = self.canvas
        self.problems = check(draft)
        canvas.problems = {}
        for problem in self.problems:
            if problem.tile is not None:
                canvas.problems[problem.tile] = canvas.problems.get(problem.tile, False) or problem.error
        canvas.cursor = (min(canvas.cursor[0], draft.width - 1), min(canvas.cursor[1], draft.height - 1))
        self._overlays()
        canvas.show(draft)
        self.fit_side()  # a map of another width (resized, or another map named)
        self._side()
        if words is not None:
            trouble = None
            if self.history.unsaved:
                trouble = self.autosave.write(draft)
            else:  # undone back to the file as it is: nothing to offer back after a crash
                self.autosave.clear()
            self.say(trouble or words, palette().warning if trouble else "")

    def _overlays(self) -> None:
        canvas = self.canvas
        move = OVERLAYS[self.overlay]
        canvas.costs = costs(self.draft, move) if move is not None else None
        if canvas.seen is not None:
            canvas.seen = sight(self.draft, canvas.cursor)

    def _title(self) -> str:
        x, y = self.canvas.cursor
        unsaved = " · not saved" if self.history.unsaved else ""
        return f"{self.draft.name or '(no name)'} · {self.draft.width}×{self.draft.height} · {x + 1},{y + 1}{unsaved}"

    def _side(self) -> None:
        colours = palette()
        self.canvas.border_title = self._title()
        move = OVERLAYS[self.overlay]
        brush = self.terrains[self.brush]
        line = Text.assemble("Tool: ", (TOOLS[self.tool], "bold"), "\nBrush: ", (brush.glyph, colours.tile(brush.id)),
                             f" {brush.name}\nCosts (m): {move.value if move else 'off'}"
                             f"{' · sight (v)' if self.canvas.seen is not None else ''}")
        self.query_one("#brush-line", Static).update(line)
        # The longest terrain name is 12 letters ("Village gate"): the side pane is wide enough for it whole.
        table = Text("  g " + f"{'name':<{NAME_ROOM}}" + "".join(f"{m:>3}" for m in ("ft", "ar", "cv", "fl", "df")), "bold")
        for i, terrain in enumerate(self.terrains):
            chosen = i == self.brush
            table.append("\n" + ("▶" if chosen else f"{i + 1}" if i < 9 else " "), "bold" if chosen else "dim")
            table.append(f" {terrain.glyph}", colours.tile(terrain.id))
            table.append(f" {terrain.name[:NAME_ROOM]:<{NAME_ROOM}}" + "".join(f"{cost_mark(terrain.cost(m)):>3}" for m in MoveType)
                         + f"{terrain.defense:>+3}", "bold" if chosen else "")
        self.query_one("#terrains", Static).update(table)
        errors = sum(p.error for p in self.problems)
        warnings = len(self.problems) - errors
        checks = Text(f"Checks: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}", "bold")
        if not self.problems:
            checks.append("\nnothing to fix", colours.good)
        for problem in self.problems:
            checks.append("\n" + problem.line(), colours.error if problem.error else colours.warning)
        if any(p.tile is not None for p in self.problems):
            checks.append("\ne: go to the next one", "dim")
        self.query_one("#checks", Static).update(checks)

    def _keys_text(self) -> Text:
        text = Text("Keys", "bold")
        for keys, words in KEYS:
            text.append(f"\n{keys:<11} ", "bold")
            text.append(words)
        return text

    # --- strokes --------------------------------------------------------------------------------------------------

    def stroke(self, draft: MapDraft, words: str) -> None:
        """Make `draft` the map, one undo step named `words` (nothing happens when it changes nothing)."""
        if self.history.do(draft, words):
            self._changed(f"{words[0].upper()}{words[1:]}.")
        else:
            self.say("That changes nothing.")

    @property
    def glyph(self) -> str:
        return self.terrains[self.brush].glyph

    def _where(self, pos: Pos) -> str:
        return f"{pos[0] + 1},{pos[1] + 1}"

    def apply(self, pos: Pos, again: bool = False) -> None:
        """The tool on tile `pos`: the brush paints it, the rectangle marks a corner or fills, the flood fills. Space,
        Enter or a click on the rectangle's own first corner keeps it waiting (the author had just marked it with r);
        `again`, r pressed there once more, fills that one tile (ruling ED42)."""
        canvas = self.canvas
        name = self.terrains[self.brush].name
        if self.tool == "brush":
            self.stroke(self.draft.painted([pos], self.glyph), f"painted {name} at {self._where(pos)}")
        elif self.tool == "flood":
            tiles = self.draft.flood(pos)
            self.stroke(self.draft.painted(tiles, self.glyph), f"flood-filled {len(tiles)} tiles with {name}")
        elif canvas.anchor is None or (pos == canvas.anchor and not again):
            canvas.anchor = pos
            canvas.refresh()
            self.say(corner_words(pos, pos, "r", "Rectangle").replace("or Enter", "or Space"))
        else:
            corner, canvas.anchor = canvas.anchor, None
            tiles = rectangle(corner, pos)
            self.stroke(self.draft.painted(tiles, self.glyph),
                        f"filled {self._where(corner)} to {self._where(pos)} with {name}")
            canvas.refresh()

    def action_use(self) -> None:
        self.apply(self.canvas.cursor)

    def action_tool(self, tool: str) -> None:
        """b, r and f choose the tool; r and f also use it at once on the cursor's tile."""
        if tool != "rectangle":
            self.canvas.anchor = None
        self.tool = tool
        self._side()
        if tool == "brush":
            self.say("Brush: Space or a click paints a tile, a drag paints along it.")
        else:
            self.apply(self.canvas.cursor, again=True)

    def action_brush(self, step: int) -> None:
        self.action_pick((self.brush + step) % len(self.terrains))

    def action_pick(self, index: int) -> None:
        if index < len(self.terrains):
            self.brush = index
            self._side()
            self.say(f"Brush terrain: {self.terrains[index].name} ({self.terrains[index].glyph}).")

    def action_cursor(self, dx: int, dy: int) -> None:
        canvas = self.canvas
        x, y = canvas.cursor
        target = (x + dx, y + dy)
        if self.draft.contains(target):
            self._move_cursor(target)

    def _move_cursor(self, pos: Pos) -> None:
        canvas = self.canvas
        canvas.cursor = pos
        if canvas.seen is not None:
            canvas.seen = sight(self.draft, pos)
        canvas.refresh()
        canvas.follow_cursor()
        canvas.border_title = self._title()
        if self.tool == "rectangle" and canvas.anchor is not None:
            self.say(corner_words(canvas.anchor, pos, "r", "Rectangle").replace("or Enter", "or Space"))

    # --- the mouse: a press uses the tool; a brush drag paints along, one stroke ---------------------------------

    def on_editor_canvas_pressed(self, message: EditorCanvas.Pressed) -> None:
        self._move_cursor(message.pos)
        if self.tool == "brush":
            self._drag = (self.draft, [message.pos])
            self.canvas.show(self.draft.painted([message.pos], self.glyph))
        else:
            self.apply(message.pos)

    def on_editor_canvas_dragged(self, message: EditorCanvas.Dragged) -> None:
        if self._drag is None:
            return
        before, tiles = self._drag
        tiles.append(message.pos)
        self._move_cursor(message.pos)
        self.canvas.show(before.painted(tiles, self.glyph))

    def on_editor_canvas_released(self, message: EditorCanvas.Released) -> None:
        if self._drag is None:
            return
        before, tiles = self._drag
        self._drag = None
        name = self.terrains[self.brush].name
        words = f"painted {name} at {self._where(tiles[0])}" if len(tiles) == 1 else \
            f"painted {len(set(tiles))} tiles with {name} along the drag"
        self.stroke(before.painted(tiles, self.glyph), words)

    def action_side_page(self, direction: int) -> None:
        side = self.query_one("#side", VerticalScroll)
        side.scroll_page_down(animate=False) if direction > 0 else side.scroll_page_up(animate=False)

    # --- undo, overlays, problems ---------------------------------------------------------------------------------

    def action_undo(self) -> None:
        words = self.history.undo()
        if words is None:
            self.say("Nothing to undo.")
        else:
            self._changed(f"Undone: {words} (U or Ctrl+Y redoes it).")

    def action_redo(self) -> None:
        words = self.history.redo()
        if words is None:
            self.say("Nothing to redo.")
        else:
            self._changed(f"Redone: {words}.")

    def action_overlay(self) -> None:
        self.overlay = (self.overlay + 1) % len(OVERLAYS)
        move = OVERLAYS[self.overlay]
        self._overlays()
        self.canvas.refresh()
        self._side()
        self.say(f"Each tile's cost for {MOVERS[move]} (x: they cannot go there); m for the next."
                 if move else "Costs off.")

    def action_sight(self) -> None:
        canvas = self.canvas
        canvas.seen = None if canvas.seen is not None else sight(self.draft, canvas.cursor)
        canvas.refresh()
        self._side()
        self.say("Sight: what a unit on the cursor's tile sees under fog (it follows the cursor; v hides it)."
                 if canvas.seen is not None else "Sight off.")

    def action_next_problem(self) -> None:
        pointed = [p for p in self.problems if p.tile is not None]
        if not pointed:
            self.say("No problem points at a tile." if self.problems else "Nothing to fix.")
            return
        self._problem_at = (self._problem_at + 1) % len(pointed)
        problem = pointed[self._problem_at]
        self._move_cursor(problem.tile)  # type: ignore[arg-type]
        self.say(problem.line(), palette().error if problem.error else palette().warning)

    # --- resize, rename -------------------------------------------------------------------------------------------

    def action_resize(self) -> None:
        def check_size(values: list[str]) -> str | None:
            try:
                parse_size(f"{values[0]}x{values[1]}")
            except ValueError as exc:
                return str(exc)
            return None

        def done(values: list[str] | None) -> None:
            if values is not None:
                width, height = parse_size(f"{values[0]}x{values[1]}")
                self.stroke(self.draft.resized(width, height, self.glyph), f"resized to {width}×{height}")

        self.app.push_screen(FieldsDialog(
            "Resize", [("Width (tiles)", str(self.draft.width)), ("Height (tiles)", str(self.draft.height))],
            check_size, f"Cut or grown from the top-left corner; new ground is {self.terrains[self.brush].name}."), done)

    def action_rename(self) -> None:
        def done(values: list[str] | None) -> None:
            if values is not None:
                name, description = values[0].strip(), values[1].strip()
                self.stroke(MapDraft(name, description, self.draft.rows, self.draft.edition), f"named {name!r}")

        self.app.push_screen(FieldsDialog(
            "Name", [("Name", self.draft.name), ("Description", self.draft.description)]), done)
