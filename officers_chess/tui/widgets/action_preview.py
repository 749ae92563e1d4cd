"""What a chosen staff, item or special action will do to the unit or tile under the cursor, before committing."""

from __future__ import annotations

from rich.text import Text

from officers_chess.forecast_words import percent
from officers_chess.rules.battle.actions import Special, Strike
from officers_chess.rules.battle.specials import action_tags, heal_amount, staff_hit_chance, staff_roll
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.session.controller import BattleController

WHAT = {
    "restore": "every status will be lifted",
    "rescue": "will be brought to a tile beside the user (choose it next)",
    "warp": "will be sent to a tile within the user's Strength in tiles (choose it next)",
    "dance": "may act again at once",
    "entrap": "will be dragged one tile (choose it next)",
    "freeze": "cannot move during its next turn",
}


def preview(c: BattleController) -> Text:
    """A few lines for the side pane while targeting a special action or a strike."""
    unit, aimed = c.selected_unit, c.aimed_actions()
    if unit is None or not aimed:
        return Text("Arrows choose a target; Enter confirms; Esc goes back.")
    action = aimed[0]
    state: GameState = c.view  # under fog, what the player sees (an aimed unit is always in sight)
    if isinstance(action, Strike):
        hp = state.terrain_hp(action.at)
        blow = state.rules.structure_damage(unit, unit.equipped_weapon) if unit.equipped_weapon else 0
        swings = 2 if unit.has("Brave") else 1
        return Text(f"Strike the {state.map.terrain_at(action.at).name.lower()} ({hp} HP): {swings}×{blow} damage, no roll.")
    assert isinstance(action, Special)
    target = state.unit(action.target) if action.target else None
    tags = action_tags(unit, action)
    if action.name == "pick":
        return Text("Opens the chest here; its item goes into a free slot." if action.at == unit.pos
                    else "Opens the door for good: it becomes floor.")
    name = target.name if target else ""
    if action.name == "heal" and target is not None:
        after = min(target.max_hp, target.hp + heal_amount(state, unit, action))
        return Text(f"{name}: {target.hp} → {after} HP (+{after - target.hp}).")
    if action.name == "status" and target is not None:
        effect = tag_args(tags, "Status")[0]
        if target.side is unit.side or effect == "Barrier":
            return Text(f"{name} gains {effect}; no roll against an ally.")
        return Text(f"{name}: {effect} lands {_odds(state, unit, action, target)}.")
    if action.name in ("entrap", "freeze") and target is not None:
        return Text(f"{name}: {WHAT[action.name]}; it lands {_odds(state, unit, action, target)}.")
    if action.name == "rewarp":
        return Text("The user warps itself to the tile under the cursor.")
    if action.name == "vein":
        return Text(f"This tile turns to {str(tag_args(tags, 'Vein')[0]).lower()} until the end of the round.")
    return Text(f"{name}: {WHAT.get(action.name, action.name)}.")


def _odds(state, unit, action, target) -> str:  # type: ignore[no-untyped-def]
    """'on a d20 at or under 11 (55%)': the roll an action on an enemy needs."""
    faces, needed, _ = staff_roll(state, unit, action.source, target)
    return f"on a d{faces} at or under {max(0, needed)} ({percent(staff_hit_chance(state, unit, action.source, target))})"
