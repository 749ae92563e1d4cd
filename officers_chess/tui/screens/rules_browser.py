"""The rules browser: the whole rules reference as Markdown, one section at a time, with the sections listed beside it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList
from textual.widgets.option_list import Option

from officers_chess.tui.reference import SECTIONS, Entry, markdown


class RulesBrowser(Screen[None]):
    """The reference a section at a time (the whole of it in one Markdown widget takes about a second to
    lay out, a section a fraction of that); `show_entry` turns to an entry's section and scrolls to it."""

    DEFAULT_CSS = """
    RulesBrowser { layout: vertical; }
    RulesBrowser > Horizontal { height: 1fr; }
    #sections { width: 18; height: 100%; border: round $primary; }
    #page { width: 1fr; max-width: 100; height: 100%; border: round $accent; padding: 0 1; }
    #page Markdown { margin: 0; padding: 0; }
    """
    BINDINGS = [
        Binding("escape,f1", "close", "Close"),
        *(Binding(str(n), f"section({n - 1})", show=False) for n in range(1, len(SECTIONS) + 1)),
        Binding("pageup", "page(-1)", "Page ↑", show=False),
        Binding("pagedown", "page(1)", "Page ↓", show=False),
    ]

    def __init__(self, entries: dict[str, Entry], key: str | None = None) -> None:
        super().__init__()
        self.entries = entries
        self.kinds = [kind for kind in SECTIONS if any(e.kind == kind for e in entries.values())]
        self.kind: str | None = None  # the section on the page
        self._first = entries[key].kind if key in entries else self.kinds[0]
        self._pending = key

    def compose(self) -> ComposeResult:
        with Horizontal():
            sections = OptionList(*(Option(f"{n} {SECTIONS[kind]}", id=kind) for n, kind in enumerate(self.kinds, 1)),
                                  id="sections")
            sections.border_title = "Rules"
            yield sections
            with VerticalScroll(id="page") as page:
                page.border_subtitle = "Esc closes · Ctrl+P searches"
                yield Markdown()
        yield Footer()

    def on_mount(self) -> None:
        sections = self.query_one(OptionList)
        sections.highlighted = self.kinds.index(self._first)
        self.query_one("#page").focus()

    def section_markdown(self, kind: str) -> str:
        return markdown({k: e for k, e in self.entries.items() if e.kind == kind}, intro=False)

    @property
    def closing(self) -> bool:
        """Esc has closed the browser: a section change or a scroll still on its way finds no page to show."""
        return self not in self.app.screen_stack

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        kind = event.option.id
        if kind is None or kind == self.kind or self.closing:
            return
        self.kind = kind
        page = self.query_one("#page", VerticalScroll)
        page.border_title = SECTIONS[kind]
        await self.query_one(Markdown).update(self.section_markdown(kind))
        if self.closing:
            return
        page.scroll_home(animate=False)
        if self._pending is not None:
            self.call_after_refresh(self._scroll_to_pending)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#page").focus()

    def show_entry(self, key: str) -> None:
        """Turn to the section of `key` and scroll its heading to the top of the page."""
        self._pending = key
        kind = self.entries[key].kind
        if kind == self.kind:
            self._scroll_to_pending()
        else:
            self.query_one(OptionList).highlighted = self.kinds.index(kind)

    def _scroll_to_pending(self) -> None:
        key, self._pending = self._pending, None
        if key is None or self.entries[key].kind != self.kind or self.closing:
            return
        order = [k for k, e in self.entries.items() if e.kind == self.kind]
        headings = self._headings()
        if len(headings) == len(order):
            self.query_one("#page", VerticalScroll).scroll_to_widget(headings[order.index(key)], top=True, animate=False)

    def _headings(self) -> list:
        """The entries' headings on the page, in order (level 3; sections are level 1 and 2)."""
        document = self.query_one(Markdown)
        return [document.query_one(f"#{header_id}") for level, _, header_id in document.table_of_contents if level == 3]

    @property
    def entry_on_top(self) -> str | None:
        """The key of the entry whose heading is nearest the top of the page (for tests and the card)."""
        if self.kind is None:
            return None
        page = self.query_one("#page", VerticalScroll)
        order = [k for k, e in self.entries.items() if e.kind == self.kind]
        headings = self._headings()
        top = page.content_region.y
        above = [i for i, h in enumerate(headings) if h.region.y - h.styles.margin.top <= top]
        return order[above[-1]] if above and len(headings) == len(order) else None

    def action_section(self, index: int) -> None:
        if index < len(self.kinds):
            self.query_one(OptionList).highlighted = index

    def action_page(self, direction: int) -> None:
        page = self.query_one("#page", VerticalScroll)
        page.scroll_page_down() if direction > 0 else page.scroll_page_up()

    def action_close(self) -> None:
        self.dismiss(None)
