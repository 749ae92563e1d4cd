"""Breaking in: when what a unit is after lies behind a locked door or a wall, picking that door or striking that wall."""

from __future__ import annotations

from officers_chess.ai.goals import UNREACHABLE, Fields
from officers_chess.rules.battle.actions import Special, Strike
from officers_chess.rules.battle.specials import special_actions
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.pieces.models import Unit

BREACH_POINTS = 10.0  # opening the way to what the unit is after (a door picked, a wall broken down)


def breaches(view: GameState, fields: Fields, unit: Unit, pos: Pos, goals: frozenset[Pos]) -> list[tuple[float, Special | Strike]]:
    """The door picks and wall blows open to the unit on `pos` that open its way to `goals`, each with its worth.

    Only when `goals` cannot be walked to from `pos` as the map stands, and only a door or wall nearer to them
    than the unit (one in the way, not one behind it). A wall is worth its share of `BREACH_POINTS` by the part
    of its HP one blow takes.
    """
    if not goals or fields.gap(view, unit, goals, pos) < UNREACHABLE:
        return []
    here = fields.gap(view, unit, goals, pos, through=True)
    if here >= UNREACHABLE:
        return []
    found: list[tuple[float, Special | Strike]] = []

    def in_the_way(tile: Pos) -> bool:
        return fields.gap(view, unit, goals, tile, through=True) < here

    for action in special_actions(view, unit):
        if action.name == "pick" and action.at is not None and action.at != pos and in_the_way(action.at):
            found.append((BREACH_POINTS, action))
    weapon = usable_weapon(unit)
    if weapon is not None:
        for tile in view.strikable_from(unit, pos):
            left = view.terrain_hp(tile)
            if left and in_the_way(tile):
                blow = (2 if unit.has("Brave") else 1) * view.rules.structure_damage(unit, weapon)
                found.append((BREACH_POINTS * min(1.0, blow / left), Strike(at=tile)))
    return found
