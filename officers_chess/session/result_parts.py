"""The side pane's Result once the computer's turn is over: the person's own exchange and the enemy's turn, each headed."""

from __future__ import annotations

# "Dunn attacks Hesk" just under the person's own attack read as Dunn's counter to it (rulings L104).
OWN_HEADING = "Your attack:"
THEIR_HEADING = "Their turn:"


def result_lines(own: list[str], theirs: list[str]) -> list[str]:
    """The person's own last exchange and what the enemy did since, each under its heading (either may be empty)."""
    lines = [OWN_HEADING, *own] if own else []
    if theirs:
        lines += ([""] if lines else []) + [THEIR_HEADING, *theirs]
    return lines
