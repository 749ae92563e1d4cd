"""The words of a special action or a strike being aimed, worked out on the seat's view: what it will do to the
unit or tile it is aimed at, and the roll it needs (the preview pane's lines, and the explain dialog's tags)."""

from __future__ import annotations

from officers_chess.forecast_words import percent
from officers_chess.rules.battle.actions import Special, SpecialName, Strike
from officers_chess.rules.battle.events import tile_name
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.battle.specials import action_tags, heal_amount, staff_hit_chance, staff_roll, vein_terrain
from officers_chess.rules.battle.upkeep import fresh_status
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import tag_args

# What each special action does to the unit or tile it is aimed at (tests/test_action_catalogue.py checks every
# SpecialName has its words; those used at once, as Torch or Seize, are named in the menu and never aimed).
WHAT: dict[SpecialName, str] = {
    "heal": "will be healed",
    "restore": "every status will be lifted",
    "status": "will gain the staff's status",
    "rescue": "will be brought to a free tile beside the user",
    "warp": "will be sent to a free tile in reach",
    "torch": "a torch lights the tiles around the user",
    "dance": "may act again at once",
    "escape": "the unit leaves the battlefield",
    "pick": "the lock gives way",
    "raze": "this tile is burnt to ruins",
    "seize": "this tile is taken",
    "entrap": "will be dragged to a free tile beside it",
    "freeze": "cannot move during its next turn",
    "rewarp": "the user warps itself here",
    "vein": "this tile changes until the end of the round",
}

def aimed_words(state: Known, unit: Unit, action: Special | Strike, placing: bool) -> str:
    """The line for one aimed action; `placing`: its tile is the one under the cursor."""
    if isinstance(action, Strike):
        hp = state.terrain_hp(action.at)
        blow = state.rules.structure_damage(unit, unit.equipped_weapon) if unit.equipped_weapon else 0
        swings = 2 if unit.has("Brave") else 1
        return f"Strike the {state.map.terrain_at(action.at).name.lower()} ({hp} HP): {swings}×{blow} damage, no roll."
    assert isinstance(action, Special)
    target = state.unit(action.target) if action.target else None
    tags = action_tags(unit, action)
    at = tile_name(action.at) if action.at is not None else ""
    if action.name == "pick":
        return ("Opens the chest here; its item goes into a free slot." if action.at == unit.pos
                else f"Opens the door at {at} for good: it becomes floor.")
    if action.name == "rewarp" and action.at is not None:
        return f"{unit.name} warps itself to {at} ({state.map.terrain_at(action.at).name.lower()})."
    if action.name == "vein" and action.at is not None:
        made = vein_terrain(state, str(tag_args(tags, "Vein")[0]))
        called = made.name.lower() if made is not None else str(tag_args(tags, "Vein")[0]).lower()
        return (f"{at} ({state.map.terrain_at(action.at).name.lower()}) turns to {called} until the end of the "
                "round, then comes back.")
    if target is None:  # the rules offer none of the rest without a unit to aim at
        return f"{WHAT[action.name].capitalize()}."
    name = target.name
    if action.name == "heal":
        after = min(target.max_hp, target.hp + heal_amount(state, unit, action))
        return f"{name}: {target.hp} → {after} HP (+{after - target.hp})."
    if action.name == "status":
        effect = str(tag_args(tags, "Status")[0])
        again = _second_dose(state, target, effect)
        if target.side is unit.side or effect == "Barrier":
            return f"{name} gains {effect}; no roll against an ally.{again}"
        return f"{name}: {effect} lands {_odds(state, unit, action, target)}.{again}"
    if action.name == "entrap" and placing and action.at is not None:
        return f"{name} is dragged to {at} if it lands {_odds(state, unit, action, target)}."
    if action.name in ("rescue", "warp") and placing and action.at is not None:
        return f"{name} will stand at {at} ({state.map.terrain_at(action.at).name.lower()})."
    if action.name in ("entrap", "freeze"):
        return f"{name}: {WHAT[action.name]}; it lands {_odds(state, unit, action, target)}."
    return f"{name}: {WHAT[action.name]}."


def _second_dose(state: Known, target: Unit, effect: str) -> str:
    """What a dose of a status the target already has would do: doses never add up, a fresh one only starts a
    timed status over (`upkeep.fresh_status`). Empty when it does not have it."""
    had = next((s for s in target.statuses if s.name.value == effect), None)
    if had is None:
        return ""
    fresh = fresh_status(state, target, StatusName(effect))
    if fresh == had:
        return f" It has {effect} already: another dose changes nothing."
    if fresh.left is not None and (had.left is None or fresh.left < had.left):  # (no edition doses so; a scenario may)
        return f" It has {effect} already: this dose replaces it, and ends sooner (doses do not add up)."
    return f" It has {effect} already: this starts it over, as if new (doses do not add up)."


def _odds(state: Known, unit: Unit, action: Special, target: Unit) -> str:
    """'on a d20 at or under 11 (55%)': the roll an action on an enemy needs."""
    faces, needed, _ = staff_roll(state, unit, action.source, target)
    return f"on a d{faces} at or under {max(0, needed)} ({percent(staff_hit_chance(state, unit, action.source, target))})"


def tags_of(unit: Unit, action: Special) -> list[str]:
    """The tags a special action works by, as they work for this unit (the explain dialog lists them)."""
    return action_tags(unit, action)
