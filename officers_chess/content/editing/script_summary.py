"""The scenario's script at a glance for the editor's side pane: each fixed unit's roles and orders, each event."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ruamel.yaml.comments import CommentedMap

from officers_chess.content.editing.scenario_scripts import _document, _seq, events, moment_words


def _lines(count: int) -> str:
    return f"{count} line{'s' * (count != 1)}"


@lru_cache(maxsize=8)  # the side pane is redrawn on every cursor step; the text changes only with an edit
def unit_marks(text: str) -> dict[tuple[str, int], str]:
    """(side, index in its army) → a short note: its roles, and where its orders come from ("orders: 2 lines",
    "group orders: 1 line", "the side's orders"); units with neither are left out."""
    document = _document(text)
    armies = document.get("armies") if isinstance(document, CommentedMap) else None
    groups = [g for g in _seq(document, "orders") or [] if isinstance(g, CommentedMap)]
    marks: dict[tuple[str, int], str] = {}
    for side in ("attacker", "defender"):
        army = _seq(armies, side) if isinstance(armies, CommentedMap) else None
        side_group = next((g for g in groups if g.get("side") == side and not g.get("units")), None)
        for index, node in enumerate(army or []):
            if not isinstance(node, CommentedMap):
                continue
            parts = [str(role) for role in node.get("roles") or []]
            group = next((g for g in groups if node.get("name") in (g.get("units") or [])), None)
            if node.get("orders"):
                parts.append(f"orders: {_lines(len(node['orders']))}")
            elif group is not None:
                parts.append(f"group orders: {_lines(len(group.get('script') or []))}")
            elif side_group is not None:
                parts.append("the side's orders")
            if parts:
                marks[(side, index)] = " · ".join(parts)
    return marks


def _what(event: dict[str, Any]) -> str:
    """What an event brings, in a few words: note, orders, units arriving, terrain."""
    parts = ["note"] if event.get("note") else []
    if event.get("orders"):
        parts.append(f"orders for {', '.join(str(o.get('unit')) for o in event['orders'])}")
    arriving = (event.get("reinforcements") or {}).get("units") or []
    if arriving:
        parts.append(f"{len(arriving)} unit{'s' * (len(arriving) != 1)} arrive")
    if event.get("terrain"):
        parts.append("terrain")
    return ", ".join(parts) or "nothing yet"


@lru_cache(maxsize=8)
def event_summary(text: str) -> tuple[str, ...]:
    """Each event in one short line: when → what (E changes them)."""
    return tuple(f"{moment_words(event)} → {_what(event)}" for event in events(text))
