"""The battle log as one player may read it under fog of war: lines about enemies out of sight are left out."""

from __future__ import annotations

import re

from officers_chess.rules.events import Attacked, Event, Moved, tile_name
from officers_chess.rules.models import Side
from officers_chess.rules.state import GameState
from officers_chess.rules.vision import visible_tiles


def log_lines(before: GameState, after: GameState, events: list[Event], viewer: Side | None) -> list[str]:
    """The lines `viewer` may read of what one action did (None, or a battle without fog: all of them).

    An enemy counts as seen when it stood in the viewer's sight before or after the action. A move
    is told as far as it was seen; a fight is told whole when either party is seen (the one struck
    learns who struck); any other line naming an enemy nobody saw is left out.
    """
    if viewer is None or not after.fog:
        return [event.text() for event in events]
    sight_before, sight_after = visible_tiles(before, viewer), visible_tiles(after, viewer)
    seen: set[str] = set()
    unseen: set[str] = set()
    for state, sight in ((before, sight_before), (after, sight_after)):
        for unit in state.units:
            if unit.side is viewer or (unit.on_field and unit.pos in sight):
                seen.add(unit.name)
            else:
                unseen.add(unit.name)
    hidden = unseen - seen
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(hidden, key=len, reverse=True))) + r")\b") if hidden else None
    own = {unit.name for unit in before.units if unit.side is viewer}
    lines: list[str] = []
    for event in events:
        if isinstance(event, Moved) and event.unit not in own:
            lines += _move_line(event, event.start in sight_before, event.end in sight_after)
        elif isinstance(event, Attacked):
            if event.attacker in seen or event.defender in seen:
                lines.append(event.text())
        elif pattern is None or not pattern.search(event.text()):
            lines.append(event.text())
    return lines


def _move_line(event: Moved, from_seen: bool, to_seen: bool) -> list[str]:
    if from_seen and to_seen:
        return [event.text()]
    if to_seen:
        return [f"{event.unit} comes into sight at {tile_name(event.end)}."]
    if from_seen:
        return [f"{event.unit} moves out of sight."]
    return []
