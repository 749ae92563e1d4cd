"""A bordered box of text that scrolls when its text is taller than the box, and says so on its border."""

from __future__ import annotations

from rich.console import RenderableType
from textual.containers import VerticalScroll
from textual.widgets import Static

# Named on the border while part of the text is out of sight (the battle screen binds these keys).
MORE_BELOW = "↓ more · ] scrolls"
MORE_ABOVE = "↑ more · [ scrolls"
MORE_BOTH = "↑↓ more · [ ] scroll"


class ScrollBox(VerticalScroll, can_focus=False):
    """Holds one text (`content`, `update` as a Static has): at 80×24 nothing it holds is cut without a sign."""

    DEFAULT_CSS = """
    ScrollBox { scrollbar-size-vertical: 1; overflow-x: hidden; }
    ScrollBox > .scroll-box-body { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.body = Static(classes="scroll-box-body")

    def compose(self):
        yield self.body

    @property
    def content(self) -> RenderableType:
        return self.body.content

    def update(self, renderable: RenderableType) -> None:
        # A new text starts at its top. A layout pass on every cursor step costs more than the step itself: only
        # when the text's height (measured as the layout measures it) is not the one laid out; and then whether it
        # overflows may have changed, and the sign on the border is measured again once it is laid out.
        body = self.body
        body.update(renderable, layout=False)
        width = body.size.width
        if not width or body.get_content_height(self.size, self.app.size, width) != body.size.height:
            body.refresh(layout=True)
            self.call_after_refresh(self.show_more_sign)
        if self.scroll_y:
            self.scroll_home(animate=False, immediate=True)

    def page(self, direction: int) -> None:
        self.scroll_to(y=self.scroll_y + direction * max(self.scrollable_content_region.height - 1, 1),
                       animate=False, immediate=True)
        self.show_more_sign()

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.show_more_sign()

    def show_more_sign(self) -> None:
        above, below = self.scroll_y > 0, self.scroll_y < self.max_scroll_y
        sign = MORE_BOTH if above and below else MORE_BELOW if below else MORE_ABOVE if above else ""
        if sign != self.border_subtitle:
            self.border_subtitle = sign

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_more_sign)
