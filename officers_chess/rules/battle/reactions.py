"""What follows every action for the scenario's scripts and events: the round a unit was attacked, a patrol's next
tile, the events whose trigger the action set off, and the `once` lines that have fired."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.battle.events import Attacked, Event, Routed
from officers_chess.rules.battle.morale import after_routs
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.triggers import fire_triggers
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.order_now import holds, latch_key
from officers_chess.rules.pieces.orders import tile


@dataclass
class Answered:
    """How many of one action's events the scenario has answered (`answer`), so that each rout moves morale once
    however often the action stops to judge victory."""

    upto: int = 0


def answer(state: GameState, events: list[Event], answered: Answered) -> None:
    """Morale for the units routed since the last answer, then the scenario events set off now. Called before
    every victory check an action makes, so that a reinforcement arriving on a fall, or morale breaking with it,
    comes before the battle is judged (docs/rulings.md P11); nothing more happens once it is over."""
    if not state.is_over:
        if state.morale_rules is not None:
            fresh = events[answered.upto:]
            routed = [u for e in fresh if isinstance(e, Routed) for u in state.units if u.id == e.unit_id and u.routed]
            events += after_routs(state.morale, state.morale_rules, routed)
        if any(arrival.trigger is not None for arrival in state.arrivals):
            fire_triggers(state, events)
    answered.upto = len(events)


def react(state: GameState, events: list[Event], answered: Answered | None = None) -> None:
    """After an action: morale for the units it routed and the scenario events it set off (those not answered
    yet), and what the scripts remember (`wake`)."""
    answer(state, events, answered or Answered())
    wake(state, events)


def wake(state: GameState, events: list[Event]) -> None:
    """Note the round on each unit the action attacked (`struck`; only when a script asks `attacked`, so a battle
    saved before these conditions replays to the same hashes), move each patrol that has reached its next tile on
    to the one after, then note in `state.woken` each `once` line that has not fired and whose condition holds
    now for a unit on the field, judged from its side's view of the board (under fog, what that side sees). A
    team's line fires for all."""
    if not any(unit.orders for unit in state.units):
        return
    struck = {event.defender_id for event in events if isinstance(event, Attacked)}
    if struck and any(c.kind in ("attacked", "ally_attacked") for u in state.units for o in u.orders for c in o.clauses):
        for unit in state.units:
            if unit.id in struck:
                unit.struck = state.round
    for unit in state.units:  # a patrol that has reached its next tile heads for the one after
        route = next((order.route for order in unit.orders if order.behaviour == "patrol"), ())
        if route and unit.on_field and unit.pos == tile(route[unit.leg % len(route)]):
            unit.leg += 1
    views: dict[Side, list[Unit]] = {}
    for unit in state.units:
        if not unit.on_field:
            continue
        for index, order in enumerate(unit.orders):
            if not order.latched or latch_key(unit, index) in state.woken:
                continue
            if unit.side not in views:
                views[unit.side] = player_view(state, unit.side).units
            if holds(order, unit, views[unit.side], state.round, areas=state.areas, morale=state.morale):
                state.woken.append(latch_key(unit, index))
