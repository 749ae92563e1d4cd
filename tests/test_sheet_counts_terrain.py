"""The unit sheet shows the tile's cover beside Def and Res (and its Avoid on the tile line) as the forecast counts it, for
every terrain of every edition (rulings L79)."""

from __future__ import annotations

import re

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.combat.armament import attack_type, usable_weapon
from officers_chess.rules.combat.exchange import Fighter
from officers_chess.rules.pieces.models import DamageKind
from officers_chess.tui.widgets.deploy_sheet import own_sheet
from officers_chess.tui.widgets.unit_sheet import unit_sheet


def _pair(scenario: str):
    loaded = load_scenario(find_scenario(scenario))
    state = loaded.new_battle(1)
    attacker = next(u for u in state.units if u.side.value == "attacker" and usable_weapon(u) is not None
                    and attack_type(u)[1] is not DamageKind.MAGIC and not u.has("Mystical"))
    target = next(u for u in state.units if u.side.value == "defender" and not u.has("Flying"))
    return state, attacker, target.model_copy(update={"accessory": None})


def _sheet_lines(target, terrain, sheet=unit_sheet) -> list[str]:
    return [r.plain for r in sheet(target, terrain).renderables if hasattr(r, "plain")]


@pytest.mark.parametrize("sheet", [unit_sheet, own_sheet], ids=["battle", "deployment"])
@pytest.mark.parametrize("scenario", ["saltmarsh_keep", "d100_low_water", "ratings_letter_drill"])
def test_every_tiles_cover_on_the_sheet_is_the_forecasts(scenario, sheet):
    state, attacker, target = _pair(scenario)
    rules = state.rules
    flat = next(t for t in rules.terrain.values() if not t.defense and not t.avoid and t.cost is not None)
    swept = 0
    for terrain in rules.terrain.values():
        plan = rules.plan(Fighter(attacker, flat), Fighter(target, terrain), 1)
        counted = sum(abs(m.value) for m in plan.modifiers if m.rule == "terrain" and "Avoid" not in m.what)
        lines = _sheet_lines(target, terrain, sheet)
        stats = next(line for line in lines if "Def" in line and "Res" in line)
        guard = re.search(r"Def\s*(\S+)", stats).group(1)
        res = re.search(r"Res\s*(\S+)", stats).group(1)
        if counted:
            swept += 1
            assert guard.endswith(f"+{counted}") and res.endswith(f"+{counted}"), (terrain.name, stats)
        else:
            assert "+" not in guard and "+" not in res, (terrain.name, stats)
        assert len(stats) <= 38, stats  # the side pane at 80 columns
        avoid = [m.value for m in plan.modifiers if m.rule == "terrain" and "Avoid" in m.what]
        if avoid and avoid[0]:  # Avoid is not on the sheet's stat line: the tile line names it, as counted
            assert f"Avo {-avoid[0]:+d}" in lines[-1], (terrain.name, lines[-1])
    assert swept  # every edition has a tile that covers


def test_a_flyer_takes_no_cover_and_the_sheet_adds_none():
    state, _attacker, target = _pair("saltmarsh_keep")
    flyer = target.model_copy(update={"scenario_tags": [*target.scenario_tags, "Flying"]})
    forest = next(t for t in state.rules.terrain.values() if t.defense)
    assert flyer.has("Flying") and "+" not in _sheet_lines(flyer, forest)[2]
