"""The scenario editor's rectangles (mixed into its screen): a deploy zone `d` and an area `r` are drawn corner to
corner; the first corner waits, said in the status line, for its own key or Enter (ruling ED42)."""

from __future__ import annotations

from officers_chess.rules.board.battle_map import Pos
from officers_chess.tui.screens.map_editor_file import corner_words

WHAT = {"d": "Deploy zone", "r": "Area"}


class CornerKeys:
    """`d` and `r` share the canvas's anchor; `corner_of` says which key marked it, and only that key (or Enter)
    takes the other corner."""

    corner_of: str | None = None  # "d" or "r" while a first corner waits

    def mark_corner(self, key: str, pos: Pos) -> None:
        canvas = self.canvas  # type: ignore[attr-defined]
        canvas.anchor, self.corner_of = pos, key
        canvas.refresh()
        self.say(corner_words(pos, pos, key, WHAT[key]))  # type: ignore[attr-defined]

    def other_corner(self, key: str) -> bool:
        """Whether a press of `key` takes the other corner now: a corner marked by the other key is refused."""
        corner = self.canvas.anchor  # type: ignore[attr-defined]
        if corner is not None and self.corner_of not in (None, key):
            owner = WHAT[self.corner_of].lower()
            self.say(f"Corner 1 at {corner[0] + 1},{corner[1] + 1} is the {owner}'s: press {self.corner_of} "  # type: ignore[attr-defined]
                     "or Enter for its other corner, or Esc to forget it.")
            return False
        return corner is not None

    def forget_corner(self) -> tuple[Pos, ...]:
        """The waiting corner, taken off the canvas (none when nothing waits)."""
        canvas, corner = self.canvas, self.canvas.anchor  # type: ignore[attr-defined]
        canvas.anchor, self.corner_of = None, None
        canvas.refresh()
        return () if corner is None else (corner,)

    def corner_by_enter(self) -> bool:
        """Enter or Space while a corner waits: the other corner here, as the key that marked it would take it. On
        the very tile of the first it says so and keeps waiting: that key pressed again makes a one-tile rectangle."""
        canvas, key = self.canvas, self.corner_of  # type: ignore[attr-defined]
        if key is None or canvas.anchor is None or self.carried is not None:  # type: ignore[attr-defined]
            return False
        if canvas.cursor == canvas.anchor:
            self.say(corner_words(canvas.anchor, canvas.cursor, key, WHAT[key]))  # type: ignore[attr-defined]
        else:
            (self.action_zone if key == "d" else self.action_area)()  # type: ignore[attr-defined]
        return True

    def corner_moved(self) -> None:
        """The cursor moved: while a corner waits, the status line says where the rectangle would reach."""
        canvas, key = self.canvas, self.corner_of  # type: ignore[attr-defined]
        if key is not None and canvas.anchor is not None and self.carried is None:  # type: ignore[attr-defined]
            self.say(corner_words(canvas.anchor, canvas.cursor, key, WHAT[key]))  # type: ignore[attr-defined]

    def action_zone(self) -> None:
        pos = self.canvas.cursor  # type: ignore[attr-defined]
        if self._busy():  # type: ignore[attr-defined]
            return
        if self.canvas.anchor is None:  # type: ignore[attr-defined]
            self.mark_corner("d", pos)
            return
        if not self.other_corner("d"):
            return
        corner = self.forget_corner()[0]
        side, where = self.side, self._where  # type: ignore[attr-defined]
        self.stroke(lambda: self.draft.zone_added(side, corner, pos),  # type: ignore[attr-defined]
                    f"added a deploy zone {where(corner)} to {where(pos)} for the {side}")

    def action_remove_zone(self) -> None:
        zones = self.draft.zones_at(self.canvas.cursor, self.side)  # type: ignore[attr-defined]
        if not zones:
            self.say(f"No deploy zone of the {self.side} here.")  # type: ignore[attr-defined]
            return
        zone, where = zones[-1], self._where  # type: ignore[attr-defined]
        self.stroke(lambda: self.draft.zone_removed(zone),  # type: ignore[attr-defined]
                    f"removed the deploy zone {where(zone.corner)} to {where(zone.other)}")
