"""What a chosen staff, item or special action will do to the unit or tile under the cursor, before committing."""

from __future__ import annotations

from rich.text import Text

from officers_chess.rules.battle.actions import Special
from officers_chess.rules.battle.events import tile_name
from officers_chess.session.action_words import aimed_words
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode

STEPS = {
    Mode.TARGETING: "Arrows choose a target; Enter confirms; Esc goes back.",
    Mode.PLACING: "Arrows move the cursor to a blue tile; Enter confirms there; Esc goes back.",
}


def preview(c: BattleController) -> Text:
    """A few lines for the side pane while aiming a special action or a strike (a unit, then maybe a tile), or
    choosing the tile a Rewarp, Vein or Pick is used on."""
    unit, aimed = c.selected_unit, c.aimed_actions()
    if unit is None or not aimed:  # the cursor is on nothing it can be used on: what to do instead
        return Text(STEPS.get(c.mode, STEPS[Mode.TARGETING]))
    # Under fog, from what the player sees (a unit aimed at is always in sight).
    body = Text(aimed_words(c.view, unit, aimed[0], c.mode is Mode.PLACING))
    landings = sorted({a.at for a in aimed if isinstance(a, Special) and a.target is not None and a.at is not None})
    if c.mode is Mode.TARGETING and landings:  # Rescue, Warp, Entrap: where it lands comes next, or is the only one
        body.append(f"\nThe tile: {tile_name(landings[0])}, the only one free." if len(landings) == 1
                    else f"\nEnter, then choose the tile it lands on ({len(landings)} free tiles).")
    return body
