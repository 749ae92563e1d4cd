"""Drawing from a screen's background work, which may still be running while the screen is taken down."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from typing import Iterator

from textual.css.query import NoMatches
from textual.screen import Screen


def going(screen: Screen) -> bool:
    """True while the screen (or the whole app) is being taken down: its widgets may already be gone."""
    return not screen.app.is_running or not screen.is_attached or screen._closing or screen._pruning


@contextmanager
def drawing_unless_going(screen: Screen) -> Iterator[None]:
    """A widget missing while the screen is taken down ends the work quietly (there is nothing left to draw on);
    missing from a screen that is up, it is a fault, and is raised."""
    try:
        yield
    except NoMatches:
        if not going(screen):
            raise


def after_refresh(screen: Screen, callback: Callable[[], object]) -> None:
    """`callback` once the screen's next frame is laid out, unless the screen was taken down meanwhile: a resize
    followed at once by leaving the battle ran a callback on a screen whose widgets were gone (random keys found it)."""
    def run() -> None:
        if going(screen):
            return
        with drawing_unless_going(screen):
            callback()

    screen.call_after_refresh(run)
