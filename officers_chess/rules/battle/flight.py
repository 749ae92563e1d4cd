"""A broken side's flight: who may leave by the exits because its side broke, and when leaving counts as beaten."""

from __future__ import annotations

from officers_chess.rules.battle.morale import standing
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import conditions
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.tags import has_tag

ESCAPE_ROLES = ("Escape", "Fleeing")  # the tags that let a unit Escape whatever its side's morale
LEAVING_AIMS = ("escape", "heist")  # the conditions that ask a side to get units off the map


def side_broken(state: GameState, side: Side) -> bool:
    """The side plays with morale and is broken now (a side's own morale is in every view of it, so the side's
    player is offered the same actions as the battle itself allows: rulings F30)."""
    rules = state.morale_rules
    return rules is not None and side in state.morale and standing(state.morale[side], rules) == "broken"


def escape_role(tags: list[str]) -> bool:
    """A unit's own tags (class, role, accessory) let it Escape on an exit tile."""
    return any(has_tag(tags, role) for role in ESCAPE_ROLES)


def leaves_for_objective(state: GameState, unit: Unit) -> bool:
    """Its leaving is the work its side was set: it may Escape by its own role, and its side wins by getting units
    (or loot) off the map. Such a unit counts for that objective even when its side is broken (rulings P14)."""
    return escape_role(unit.own_tags) and any(c.kind in LEAVING_AIMS for c in conditions(state, unit.side))


def flees(state: GameState, unit: Unit) -> bool:
    """Escaping now would be a flight: its side is broken, and its leaving is not for its side's objective. A unit
    that flees is beaten (`Unit.beaten`), as a routed one is, for every victory condition (rulings P13-P14)."""
    return side_broken(state, unit.side) and not leaves_for_objective(state, unit)


def fled_line(state: GameState) -> str | None:
    """Who has fled the field with its side broken, by side, as `state` knows it (a side's view under fog holds no
    enemy off the field, so one that left out of sight is not named); None when nobody has."""
    parts = [f"{side.value} " + ", ".join(u.name for u in state.units if u.side is side and u.fled)
             for side in Side if any(u.side is side and u.fled for u in state.units)]
    return f"Fled the field: {'; '.join(parts)}." if parts else None
