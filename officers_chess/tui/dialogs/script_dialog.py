"""The orders dialog: a script's lines `when -> do`, each written in two fields beside a help list of every condition
and behaviour (filtered as the author types), and places picked on the map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.actions import SkipAction
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.editing.scenario_scripts import MAX_LINES, ScriptLine, line_problem
from officers_chess.content.editing.script_help import Hint, Kind, chosen, hints, unfilled
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field
from officers_chess.tui.dialogs.map_pick import PICK_CSS, PICK_KEYS, MapPicker, MapPicking

HELP_CSS = """
{name} > Vertical {{ width: 78; height: 100%; }}
{name} OptionList {{ height: auto; max-height: 5; border: none; padding: 0; scrollbar-size-vertical: 1; }}
{name} #help {{ height: 1fr; min-height: 4; max-height: 100%; background: $boost; }}
{name} Label {{ color: $text-muted; }}
{name} .keys {{ margin-top: 0; }}
"""


def shown_problem(problem: str) -> str:
    """The parser's message as the dialog shows it: the list of forms it ends with is the help list below."""
    head, cut, _ = problem.partition("; write one of:")
    return f"{head}: every form is in the list below." if cut else problem


def help_options(found: list[Hint]) -> list[Option]:
    options = []
    for hint in found:
        line = Text(hint.fill, "bold")
        line.append(f"  {hint.words}")
        if hint.example and hint.example != hint.fill:
            line.append(f" (e.g. {hint.example})", "dim")
        options.append(Option(line))
    return options


class HelpedFields:
    """Inputs whose help list (`#help`) follows the one last focused: its forms filtered by the text typed, a choice
    writing it in (mixed into a dialog; `help_kinds` maps an input's id to its kind of help)."""

    help_kinds: dict[str, Kind] = {}
    names: Sequence[str] = ()
    side_of: Mapping[str, str] | None = None  # each unit's side, and the script's side: names offered by the rules
    side: str | None = None
    areas: Sequence[str] = ()
    terrains: Mapping[str, str] = {}  # the edition's terrains, id: name, for a terrain change
    help_for: str = ""
    shown: list[Hint] = []

    def refresh_help(self, field_id: str) -> None:
        kind = self.help_kinds.get(field_id)
        if kind is None:
            return
        self.help_for = field_id
        typed = self.query_one(f"#{field_id}", Input).value  # type: ignore[attr-defined]
        self.shown = hints(kind, typed, self.names, self.areas, self.side_of, self.side, self.terrains)
        listing = self.query_one("#help", OptionList)  # type: ignore[attr-defined]
        listing.clear_options()
        listing.add_options(help_options(self.shown))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in self.help_kinds:
            self.refresh_help(event.input.id)
            if event.input.has_focus:  # the author's typing: what was said of the line before is stale now
                self.query_one(".error", Static).update("")  # type: ignore[attr-defined]

    def on_descendant_focus(self, event) -> None:
        if isinstance(event.widget, OptionList) and event.widget.id != "help" and event.widget.highlighted is None:
            event.widget.action_first()  # a list reached by Tab shows at once which entry the keys act on
        if isinstance(event.widget, Input) and event.widget.id in self.help_kinds and event.widget.id != self.help_for:
            self.refresh_help(event.widget.id)

    def action_to_help(self) -> None:
        """↓ in a field with help goes down into its list."""
        focused = self.focused  # type: ignore[attr-defined]
        if not isinstance(focused, Input) or focused.id not in self.help_kinds or not self.shown:
            raise SkipAction()
        if focused.id != self.help_for:
            self.refresh_help(focused.id)
        listing = self.query_one("#help", OptionList)  # type: ignore[attr-defined]
        listing.focus()
        listing.highlighted = 0

    def help_chosen(self, index: int) -> None:
        """A help entry chosen: written into its field, which takes the focus back."""
        if not self.help_for or not 0 <= index < len(self.shown):
            return
        field = self.query_one(f"#{self.help_for}", Input)  # type: ignore[attr-defined]
        field.value = chosen(self.help_kinds[self.help_for], field.value, self.shown[index])
        field.focus()
        field.cursor_position = len(field.value)


class OrdersDialog(HelpedFields, MapPicking, Answered, ModalScreen[list[ScriptLine] | None]):
    """Answers the script's lines (Ctrl+S), or None (Esc). A line that does not read keeps the dialog open with the
    parser's words."""

    DEFAULT_CSS = (DIALOG_CSS.format(name="OrdersDialog") + HELP_CSS.format(name="OrdersDialog")
                   + PICK_CSS.format(name="OrdersDialog")
                   # One line per script line, as the events' list: a line wrapped read as two.
                   + "OrdersDialog #lines { text-wrap: nowrap; text-overflow: ellipsis; }")
    AUTO_FOCUS = "#when"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "done", "Done", priority=True),
        Binding("ctrl+n", "new_line", "New line", priority=True),
        Binding("ctrl+r", "remove_line", "Remove line", priority=True),
        Binding("ctrl+up", "move_line(-1)", "Up", priority=True),
        Binding("ctrl+down", "move_line(1)", "Down", priority=True),
        Binding("down", "to_help", show=False),
        *PICK_KEYS,
    ]
    help_kinds = {"when": "when", "do": "do"}

    def __init__(self, title: str, lines: list[ScriptLine], names: Sequence[str] = (), areas: Sequence[str] = (),
                 note: str = "", picker: MapPicker | None = None, side_of: Mapping[str, str] | None = None,
                 side: str | None = None) -> None:
        """`names`: the scenario's units, for the help; with `side_of` (each name's side) and the script's `side`,
        each form offers only the names the rules let it take."""
        super().__init__()
        self.title_text, self.lines, self.note = title, list(lines), note
        self.names, self.areas, self.picker = list(names), list(areas), picker
        self.side_of, self.side = side_of, side
        self.editing: int | None = None  # the line being changed in the fields (None: a new line)

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            if self.note:
                yield Static(Text(self.note, "italic"))
            yield Label(id="lines-label")
            yield OptionList(id="lines")
            yield Label("When (a condition; empty: always)", id="when-label")
            yield Field(id="when", compact=True, placeholder="always")
            yield Label("Do (a behaviour)")
            yield Field(id="do", compact=True, placeholder="hold")
            yield OptionList(id="help")
            yield Static("", classes="error")
            keys = ("Enter puts the line in · ↓ help · Tab next · " + ("^T pick on the map · " if self.picker else "")
                    + "^N new · ^R remove · ^↑^↓ move · ^S done · Esc cancel")
            yield Static(keys, classes="keys")
        yield Static(id="pick-bar")

    def on_mount(self) -> None:
        self._show_lines()
        self.refresh_help("when")

    def _show_lines(self, highlight: int | None = None) -> None:
        listing = self.query_one("#lines", OptionList)
        listing.clear_options()
        listing.add_options([Option(Text(f"{i + 1}. {line.text()}")) for i, line in enumerate(self.lines)]
                            or [Option(Text("No lines yet: write one below.", "dim"), disabled=True)])
        if highlight is not None and self.lines:
            listing.highlighted = highlight
        label = self.query_one("#when-label", Label)
        label.update("When (a condition; empty: always)" if self.editing is None else
                     f"Changing line {self.editing + 1}: when (a condition; empty: always)")
        self.query_one("#lines-label", Label).update(
            f"Lines, read from the top ({len(self.lines)} of {MAX_LINES} at most); Enter on one changes it")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "when" and not self.query_one("#do", Input).value.strip():
            self.query_one("#do", Input).focus()
            return
        self.put_in()

    def put_in(self) -> bool:
        """The fields' line into the script (a new line, or the one being changed); False, with the parser's words
        shown, when it does not read."""
        when, do = self.query_one("#when", Input).value.strip(), self.query_one("#do", Input).value.strip()
        problem = (unfilled(when) or unfilled(do) or line_problem(when, do)) if do else (
            "Say what the unit does (the Do field).")
        if problem is not None:
            self.warn(shown_problem(problem))
            return False
        line = ScriptLine("" if when.lower() == "always" else when, do)
        if self.editing is None:
            if len(self.lines) >= MAX_LINES:
                self.warn(f"A script has {MAX_LINES} lines at most.")
                return False
            self.lines.append(line)
            at = len(self.lines) - 1
        else:
            self.lines[self.editing] = line
            at = self.editing
        self._clear_fields()
        self._show_lines(at)
        return True

    def _clear_fields(self) -> None:
        self.editing = None
        for field in ("when", "do"):
            self.query_one(f"#{field}", Input).value = ""
        self.warn("")
        self.query_one("#when", Input).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "help":
            self.help_chosen(event.option_index)
        elif event.option_list.id == "lines" and event.option_index < len(self.lines):
            line = self.lines[event.option_index]
            self.editing = event.option_index
            self.query_one("#when", Input).value = line.when
            self.query_one("#do", Input).value = line.do
            self._show_lines(event.option_index)
            self.query_one("#when", Input).focus()

    def _chosen_line(self) -> int | None:
        index = self.query_one("#lines", OptionList).highlighted
        return index if index is not None and index < len(self.lines) else self.editing

    def action_new_line(self) -> None:
        self._clear_fields()
        self._show_lines()

    def action_remove_line(self) -> None:
        index = self._chosen_line()
        if index is None:
            self.warn("Choose a line first (Tab to the lines, then the arrows).")
            return
        del self.lines[index]
        self._clear_fields()
        self._show_lines(min(index, len(self.lines) - 1) if self.lines else None)

    def action_move_line(self, step: int) -> None:
        index = self._chosen_line()
        if index is None or not 0 <= index + step < len(self.lines):
            return
        self.lines[index], self.lines[index + step] = self.lines[index + step], self.lines[index]
        if self.editing is not None:
            self.editing = index + step
        self._show_lines(index + step)

    def action_done(self) -> None:
        """Ctrl+S: a line still in the fields is put in first (and nothing is kept while it does not read)."""
        typed = any(self.query_one(f"#{field}", Input).value.strip() for field in ("when", "do"))
        if typed and not self.put_in():
            return
        self.answer(list(self.lines))

    def action_cancel(self) -> None:
        if self.picking:
            self.end_picking()
            return
        self.answer(None)
