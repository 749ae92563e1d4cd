"""The log's word on a scripted unit's move: which order of its script the computer followed (the app's log and `replay`'s text)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from officers_chess.ai.directives import directive
from officers_chess.ai.player import Policy
from officers_chess.rules.battle.actions import Action, Move
from officers_chess.rules.battle.events import Event, Moved
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.orders import Order


def with_orders(events: list[Event], action: Action, before: GameState, policy: Policy | None) -> list[Event]:
    """The events of the computer's `action`, its Move naming the script lines the unit followed and why ("Oda
    moves … (its order: pursue Corvin when an enemy is within 3 tiles)", "Tam holds position … (its orders: hold,
    and support allies)"), when the level plays scripts and a line held (judged, as the computer judged it, from its
    side's view of the state `before` the action)."""
    if not isinstance(action, Move) or policy is None or not policy.follows_orders:
        return events
    unit = before.unit(action.unit)
    found = directive(player_view(before, unit.side), unit)
    if found is None:
        return events
    words = "; ".join(_line_words(order) for order in found.orders)
    held = found.move_line is not None and found.move_line.behaviour == "hold"
    return [replace(e, order=words, held=held) if isinstance(e, Moved) and e.unit_id == unit.id else e for e in events]


def recorded_players(players: dict[Side, str], levels: dict[str, Callable[[int], Policy]]) -> dict[Side, Policy]:
    """The computer players a record names (`players`: a level's name, or "human"), to tell the script lines their
    units followed when the battle is replayed: each level decides its moves from the state alone, so the lines
    are worked out again as the computer worked them out (its random source plays no part in them)."""
    return {side: levels[level](0) for side, level in players.items() if level in levels}


def _line_words(order: Order) -> str:
    """A line followed, and why when it has a condition, in plain words: "pursue Corvin when an enemy is within 3
    tiles", "hold in round 1" (a round's words already say when; no bracketed jargon, rulings L67)."""
    label = order.label()
    words = label[0].lower() + label[1:]
    if order.condition == "always":
        return words
    when = order.condition_text()
    return f"{words} {when}" if when.startswith(("in round", "from round", "from when")) else f"{words} when {when}"
