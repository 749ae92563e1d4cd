"""The screens' footer, and how many columns it takes, so a key of lesser use is shown only where it fits."""

from __future__ import annotations

from rich.cells import cell_len
from textual.screen import Screen
from textual.widgets import Footer


def compact_footer() -> Footer:
    """The footer every screen shows: compact and without the palette's key, so that the keys shown fit 80 columns
    (rulings L159; Ctrl+P still searches)."""
    return Footer(compact=True, show_command_palette=False)


def footer_width(screen: Screen) -> int:
    """The columns the compact footer (`Footer(compact=True)`) needs for the keys shown on `screen` now.

    Each entry is its key, a space and its description, then one column of margin (Textual 8's compact
    footer); bindings of one action make one entry. It asks `check_action` of every binding, so it is for
    when the keys shown change, not for every cursor step.
    """
    entries: dict[str, int] = {}
    for _namespace, binding, _enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in entries:
            words = cell_len(screen.app.get_key_display(binding))
            entries[binding.action] = words + (1 + cell_len(binding.description) if binding.description else 0) + 1
    return max(0, sum(entries.values()) - 1)  # the last entry's margin may fall off the edge
