"""The unit sheet's Def counts an equipped shield as the forecast does, in every edition (rulings L41)."""

from __future__ import annotations

import re

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.combat.armament import attack_type, usable_weapon
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.pieces.models import DamageKind
from officers_chess.tui.widgets.unit_sheet import unit_sheet


def shielded_exchange(scenario: str):
    """A battle where a defender carries an Iron Shield, equipped, and an attacker with a physical weapon."""
    loaded = load_scenario(find_scenario(scenario))
    state = loaded.new_battle(1)
    shield = loaded.catalogue.items["Iron Shield"]
    attacker = next(u for u in state.units if u.side.value == "attacker" and usable_weapon(u) is not None
                    and attack_type(u)[1] is not DamageKind.MAGIC)
    target = next(u for u in state.units if u.side.value == "defender")
    target = target.model_copy(update={"inventory": [*target.inventory, shield], "accessory": len(target.inventory)})
    state = state.model_copy(update={"units": [target if u.id == target.id else u for u in state.units]})
    return state, state.unit(attacker.id), state.unit(target.id), shield


@pytest.mark.parametrize("scenario", ["saltmarsh_keep", "d100_low_water", "ratings_letter_drill"])
def test_the_sheets_def_names_the_shield_the_forecast_counts(scenario):
    state, attacker, target, shield = shielded_exchange(scenario)
    plan = state.plan(attacker, target)
    counted = [m.value for m in plan.modifiers if m.rule == "accessory"]
    # The forecast counts the shield (as Defense, rating steps or reduction, by edition) ...
    assert counted and abs(counted[0]) == shield.defense
    sheet = unit_sheet(target, state.map.terrain_at(target.pos))
    line = next(r.plain for r in sheet.renderables if hasattr(r, "plain") and "Def " in r.plain)
    # ... and the sheet shows that same figure beside Def, the unit's own Def before it.
    found = re.search(r"Def (\S+?)\+(\d+)", line)
    assert found, line
    assert int(found.group(2)) == abs(counted[0])
    own = rules_for(state.edition).stat_line(target.model_copy(update={"accessory": None}))
    assert f"Def {found.group(1)}" in own.replace("Def  ", "Def ")
    assert len(line) <= 38  # the side pane at 80 columns


def test_a_shielded_line_fits_the_side_pane_with_every_figure_at_two_digits():
    state, _attacker, target, shield = shielded_exchange("saltmarsh_keep")
    stats = target.unit_class.stats.model_copy(
        update={"strength": 19, "skill": 19, "speed": 19, "defense": 19, "resistance": 19})
    strong = target.model_copy(update={"unit_class": target.unit_class.model_copy(update={"stats": stats})})
    line = rules_for(state.edition).stat_line(strong)
    assert f"Str 19 " in line and f"Def 19+{shield.defense} " in line and len(line) <= 38, line


def test_no_shield_no_plus():
    state, _attacker, target, _shield = shielded_exchange("saltmarsh_keep")
    line = rules_for(state.edition).stat_line(target.model_copy(update={"accessory": None}))
    assert "+" not in line
