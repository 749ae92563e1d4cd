"""Fog of war: which tiles a side can see, and the battle as a side may know it.

`known_battle(state, side)` is what a player of that side is allowed to know: its own units whole, enemies only
where seen (and without their scripts), the ground as it last saw it, its own morale, no dice seed and none of
the scenario's hidden events. The rules offer each side its actions from it, the computer players decide from
it, and `seat_view.view` hands it to screens (docs/rulings.md F30-F33).
"""

from __future__ import annotations

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.ground import known_damage, known_map
from officers_chess.rules.battle.state import VISION, GameState, diamond
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side, Unit

__all__ = ["VISION", "acting_side", "diamond", "known_battle", "player_view", "visible_tiles"]

# A unit's script and what its script remembers: the enemy's orders are never known to the other side.
_SCRIPT_FIELDS = {"orders": [], "team": None, "post": None, "struck": None, "leg": 0}


def visible_tiles(state: GameState, side: Side) -> set[Pos]:
    """Tiles `side` sees: within VISION of any of its units on the field, and every torch-lit tile."""
    return state.seen_by(side)


def acting_side(state: GameState) -> Side:
    """The side whose turn it is: the unit mid-turn's, else the side to act."""
    unit = state.active_unit
    return unit.side if unit is not None else state.to_act


def _public(unit: Unit) -> Unit:
    """An enemy as the other side knows it: everything on the table, nothing of its script."""
    if all(getattr(unit, name) == empty for name, empty in _SCRIPT_FIELDS.items()):
        return unit
    return unit.model_copy(update=_SCRIPT_FIELDS)


def known_battle(state: GameState, side: Side) -> GameState:
    """The battle as `side` may know it. Without fog every unit is seen; with fog only those in its sight.
    Either way the enemy's scripts, the scenario's events still to come and the dice seed are left out; under
    fog the enemy's morale too, and the ground is the one it remembers."""
    if state.known_to is side:
        return state
    seen = state.seen_by(side) if state.fog else None
    units = [
        unit if unit.side is side else _public(unit)
        for unit in state.units
        if unit.side is side or seen is None or (unit.on_field and unit.pos in seen)
    ]
    ids = {unit.id for unit in units}
    teams = {unit.team for unit in units if unit.side is side and unit.team}
    own = {unit.id for unit in units if unit.side is side}
    active = state.active if state.active is None or state.active.unit in ids else None
    update: dict[str, object] = {
        "units": units,
        "dice": Dice(physical=state.dice.physical),  # no seed: what the dice will say is nobody's to know
        "arrivals": [],  # the scenario's events still to come are the author's secret
        "woken": [mark for mark in state.woken if mark.split(":")[0] in own | teams],
        "active": active,
        "reactivate": state.reactivate if state.reactivate in ids else None,
        "remembered": {},
    }
    if seen is not None:
        update |= {
            "map": known_map(state, side),
            "terrain_damage": known_damage(state, side),
            "chests": [c for c in state.chests if c.at in seen],
            "claims": [c for c in state.claims if c.at in seen],
            # Without fog every rout is seen, so both morales are known; under fog only one's own.
            "morale": {s: value for s, value in state.morale.items() if s is side},
        }
    known = state.model_copy(update=update)
    known._known_to = side
    return known


def player_view(state: GameState, side: Side) -> GameState:
    """The battle as `side` may know it (`known_battle`)."""
    return known_battle(state, side)
