"""The log's word on a scripted unit's move: which order of its script the computer followed."""

from __future__ import annotations

from dataclasses import replace

from officers_chess.ai.directives import directive
from officers_chess.ai.player import Policy
from officers_chess.rules.battle.actions import Action, Move
from officers_chess.rules.battle.events import Event, Moved
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import player_view


def with_orders(events: list[Event], action: Action, before: GameState, policy: Policy | None) -> list[Event]:
    """The events of the computer's `action`, its Move naming the order that moved the unit ("Oda (order: pursue
    Corvin) moves …"), when the level plays scripts and one of the unit's orders held (judged, as the computer
    judged it, from its side's view of the state `before` the action)."""
    if not isinstance(action, Move) or policy is None or not policy.follows_orders:
        return events
    unit = before.unit(action.unit)
    found = directive(player_view(before, unit.side), unit)
    if found is None:
        return events
    label = found.order.label()
    words = label[0].lower() + label[1:]
    return [replace(e, order=words) if isinstance(e, Moved) and e.unit == unit.name else e for e in events]
