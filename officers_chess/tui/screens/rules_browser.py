"""The rules browser: the whole rules reference, one section at a time, with the sections listed beside it."""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from textual.content import Content
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.tui.closing import after_refresh
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.reference import SECTIONS, Entry, markdown


class RulesBrowser(Screen[None]):
    """The reference a section at a time, an entry a block of text (a Markdown widget took about a second to lay out
    a section, a block for each heading and paragraph); `show_entry` turns to an entry's section and scrolls to it."""

    DEFAULT_CSS = """
    RulesBrowser { layout: vertical; }
    RulesBrowser > Horizontal { height: 1fr; }
    #sections { width: 18; height: 100%; border: round $primary; }
    #page { width: 1fr; max-width: 100; height: 100%; border: round $accent; padding: 0 1; }
    #page .entry { margin-bottom: 1; }
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
        self._turning = asyncio.Lock()

    def compose(self) -> ComposeResult:
        with Horizontal():
            sections = OptionList(*(Option(f"{n} {SECTIONS[kind]}", id=kind) for n, kind in enumerate(self.kinds, 1)),
                                  id="sections")
            sections.border_title = "Rules"
            yield sections
            with VerticalScroll(id="page") as page:
                page.border_subtitle = "Esc closes · Ctrl+P searches"
        yield compact_footer()

    async def on_mount(self) -> None:
        # Straight to the first section (and the entry asked for): the list's own highlight of its first line, on
        # its way, is let go (see the handler), and the page stays hidden until it shows the entry, so no frame
        # shows the top of another section, or of this one, first.
        sections = self.query_one(OptionList)
        sections.highlighted = self.kinds.index(self._first)
        page = self.query_one("#page", VerticalScroll)
        page.focus()
        if self._pending is not None:
            page.styles.opacity = 0
        await self._turn_to(self._first)

    async def _turn_to(self, kind: str) -> None:
        self.kind = kind
        page = self.query_one("#page", VerticalScroll)
        page.border_title = SECTIONS[kind]
        async with self._turning:  # one section's blocks at a time: quick digits never mix two sections
            if self.kind != kind or self.closing:
                return  # another section was asked for meanwhile: it draws itself
            await page.remove_children()
            await page.mount_all(Static(self._entry_text(key), classes="entry") for key in self._order())
        if self.closing or self.kind != kind:
            return
        page.scroll_home(animate=False, immediate=True)
        if self._pending is not None:
            after_refresh(self, self._scroll_to_pending)

    def _order(self) -> list[str]:
        """The keys of the section on the page, in their order there."""
        return [k for k, e in self.entries.items() if e.kind == self.kind]

    def _entry_text(self, key: str) -> Content:
        # Its title in the theme's colour, as a heading of the Markdown reference looked; title and text as written
        # (the variables keep brackets in them from being read as markup).
        entry = self.entries[key]
        return Content.from_markup("[b $primary]$title[/]\n\n$text", title=entry.title, text=entry.text)

    def section_markdown(self, kind: str) -> str:
        return markdown({k: e for k, e in self.entries.items() if e.kind == kind}, intro=False)

    @property
    def closing(self) -> bool:
        """Esc has closed the browser: a section change or a scroll still on its way finds no page to show."""
        return self not in self.app.screen_stack

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        kind = event.option.id
        # A highlight the list has moved on from since (its first line's, as it mounts) is no page to draw.
        stale = event.option_index != event.option_list.highlighted
        if kind is None or kind == self.kind or self.closing or stale:
            return
        await self._turn_to(kind)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#page").focus()

    def show_entry(self, key: str) -> None:
        """Turn to the section of `key` and scroll its heading to the top of the page."""
        self._pending = key
        kind = self.entries[key].kind
        if kind == self.kind:
            self._scroll_to_pending()
        else:
            self.query_one("#page").styles.opacity = 0  # until it shows the entry, not the section's top
            self.query_one(OptionList).highlighted = self.kinds.index(kind)

    def _scroll_to_pending(self) -> None:
        key, self._pending = self._pending, None
        page = self.query_one("#page", VerticalScroll)
        if key is None or self.entries[key].kind != self.kind or self.closing:
            page.styles.opacity = 1
            return
        order = self._order()
        headings = self._headings()
        if len(headings) == len(order):
            page.scroll_to_widget(headings[order.index(key)], top=True, animate=False, immediate=True)
        page.styles.opacity = 1

    def _headings(self) -> list:
        """The entries' blocks on the page, in order."""
        return list(self.query_one("#page").query(".entry"))

    @property
    def entry_on_top(self) -> str | None:
        """The key of the entry whose heading is nearest the top of the page (for tests and the card)."""
        if self.kind is None:
            return None
        page = self.query_one("#page", VerticalScroll)
        order = self._order()
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
