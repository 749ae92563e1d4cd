"""An arriving unit moved on the map again (mixed into the event dialog): Enter on it in the list, then placed."""

from __future__ import annotations

from typing import Any


class ArrivingMoves:
    """Enter on an arriving unit picks it up again: the map's cursor starts on its tile, Enter puts it down."""

    arriving: dict[str, Any]

    def move_arriving(self, index: int) -> None:
        unit = self.arriving["units"][index]
        start = (int(unit["at"][0]), int(unit["at"][1])) if unit.get("at") else None

        def placed(tile: tuple[int, int]) -> None:
            unit["at"] = list(tile)
            self._show_arriving()  # type: ignore[attr-defined]
            self.warn(f"{unit['name']} now arrives at {tile[0]},{tile[1]}.")  # type: ignore[attr-defined]

        self.place_on_map(placed, str(unit["name"]), start)  # type: ignore[attr-defined]
