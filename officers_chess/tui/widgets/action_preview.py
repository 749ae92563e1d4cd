"""What a chosen staff, item or special action will do to the unit or tile under the cursor, before committing."""

from __future__ import annotations

from rich.text import Text

from officers_chess.rules.actions import Special, Strike
from officers_chess.rules.specials import action_tags, heal_amount, staff_hit_chance, staff_skill
from officers_chess.rules.state import GameState
from officers_chess.rules.tags import tag_args
from officers_chess.tui.controller import BattleController
from officers_chess.forecast_words import percent

WHAT = {
    "restore": "every status will be lifted",
    "rescue": "will be brought to a tile beside the user (choose it next)",
    "warp": "will be sent to a tile within the user's Strength in tiles (choose it next)",
    "dance": "may act again at once",
}


def preview(c: BattleController) -> Text:
    """A few lines for the side pane while targeting a special action or a strike."""
    unit, aimed = c.selected_unit, c.aimed_actions()
    if unit is None or not aimed:
        return Text("Arrows choose a target; Enter confirms; Esc goes back.")
    action = aimed[0]
    state: GameState = c.state
    if isinstance(action, Strike):
        hp = state.terrain_hp(action.at)
        blow = unit.stat("strength") + (unit.equipped_weapon.might if unit.equipped_weapon else 0)
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
        after = min(target.max_hp, target.hp + heal_amount(unit, action))
        return Text(f"{name}: {target.hp} → {after} HP (+{after - target.hp}).")
    if action.name == "status" and target is not None:
        effect = tag_args(tags, "Status")[0]
        if target.side is unit.side or effect == "Barrier":
            return Text(f"{name} gains {effect}; no roll against an ally.")
        return Text(f"{name}: {effect} lands on a d20 at or under {staff_skill(unit, action.source)} "
                    f"({percent(staff_hit_chance(unit, action.source))}).")
    return Text(f"{name}: {WHAT.get(action.name, action.name)}.")
