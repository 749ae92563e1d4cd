"""A list to pick from, with a line above it to type in that narrows it: one entry (a class) or several in order."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option


class PickList(Vertical):
    """`entries` are (name, row); Enter on the typing line or the list picks the highlighted entry: for `many`, Enter
    on a picked one takes it out again, and the picked keep the order they were picked in, `limit` at most."""

    DEFAULT_CSS = """
    PickList { height: auto; }
    PickList > OptionList { height: 6; }
    """

    @dataclass
    class Picked(Message):
        """An entry was picked (or taken out): `picks` is every pick now; `refused` says why nothing changed."""

        pick_list: PickList
        picks: list[str]
        refused: str = ""

    @dataclass
    class Shown(Message):
        """The highlighted entry changed, or the author entered the list (its details may be shown beside)."""

        pick_list: PickList
        name: str

    def __init__(self, entries: list[tuple[str, Text]], picks: list[str], many: bool = False,
                 limit: int | None = None, hint: str = "type to narrow the list", id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries, self.picks, self.many, self.limit, self.hint = entries, list(picks), many, limit, hint

    def compose(self) -> ComposeResult:
        yield Input(placeholder=self.hint, compact=True, classes="filter", select_on_focus=False)
        yield OptionList(compact=True)

    def on_mount(self) -> None:
        self._fill()

    @property
    def options(self) -> OptionList:
        return self.query_one(OptionList)

    @property
    def shown(self) -> list[str]:
        """The names the list shows now, in order."""
        return [str(self.options.get_option_at_index(i).id) for i in range(self.options.option_count)]

    def _fill(self) -> None:
        typed = self.query_one(Input).value.strip().lower()
        options = self.options
        before = options.highlighted_option.id if options.highlighted_option else None
        rows = []
        for name, row in self.entries:
            if typed and typed not in name.lower():
                continue
            if name in self.picks:
                mark = Text(f"{self.picks.index(name) + 1} " if self.many else "▶ ", "bold")
            else:
                mark = Text("  ")
            rows.append(Option(Text.assemble(mark, row), id=name))
        options.set_options(rows)
        ids = [row.id for row in rows]
        # With nothing picked, a highlighted first row read as picked in a list the author was not in: the first row
        # is highlighted only once the author is in the list (Enter then picks it).
        first = ids[0] if ids and self.has_focus_within else None
        wanted = before if before in ids else next((p for p in self.picks if p in ids), first)
        if wanted is not None:
            options.highlighted = ids.index(wanted)

    @on(events.DescendantFocus)
    def _entered(self) -> None:
        """The author is in the list: the row Enter would pick is highlighted, and shown beside."""
        options = self.options
        if options.highlighted is None and options.option_count:
            options.highlighted = 0  # posts Shown
        elif options.highlighted_option is not None:
            self.post_message(self.Shown(self, str(options.highlighted_option.id)))

    @on(Input.Changed, ".filter")
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill()

    @on(Input.Submitted, ".filter")
    def _enter_on_the_line(self, event: Input.Submitted) -> None:
        event.stop()
        option = self.options.highlighted_option
        if option is not None:
            self.pick(str(option.id))

    @on(OptionList.OptionSelected)
    def _enter_on_the_list(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(str(event.option.id))

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Shown(self, str(event.option.id)))

    def on_key(self, event) -> None:
        """Up and down on the typing line move the list's highlight, so a pick needs no Tab."""
        if isinstance(self.screen.focused, Input) and self.screen.focused.parent is self and event.key in ("up", "down"):
            event.stop()
            event.prevent_default()
            if event.key == "down":
                self.options.action_cursor_down()
            else:
                self.options.action_cursor_up()

    def pick(self, name: str) -> None:
        refused = ""
        if not self.many:
            self.picks = [name]
        elif name in self.picks:
            self.picks.remove(name)
        elif self.limit is not None and len(self.picks) >= self.limit:
            refused = f"{self.limit} at most: Enter on a picked one takes it out."
        else:
            self.picks.append(name)
        self._fill()
        self.post_message(self.Picked(self, list(self.picks), refused))

