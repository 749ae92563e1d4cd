"""The bundled scenarios as a set, and the example in docs/writing-scenarios.md.

Together the bundled scenarios must use every kind of victory condition, both tiers, every
time-limit outcome and both kinds of timed event; each scenario with fixed armies written for
that purpose must have a story, fit its war chests, stand in its own zones and leave its
objectives within reach before time runs out.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from officers_chess.commands.console import main
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.objectives import ConditionKind
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.movement import reachable
from officers_chess.rules.pieces.pricing import unit_cost
from officers_chess.rules.scenario.setup import build_unit, deploy_zone

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "docs" / "examples" / "scenario"
GUIDE = REPO / "docs" / "writing-scenarios.md"

LOADED = {path.stem: load_scenario(path) for path in bundled_scenarios()}

# Scenarios with fixed armies on both sides, written around their victory conditions.
STORY_SCENARIOS = ["ashby_raid", "grey_teeth_crossing", "grey_teeth_keep", "harrowdale_border", "greyhollow_heist",
                   "ravens_cut", "brackwater_gaol", "harrow_levy"]


# --- the guide's example ----------------------------------------------------------------------


def test_the_guides_example_scenario_and_map_validate(capsys):
    files = [EXAMPLE / "copper_ford_map.yaml", EXAMPLE / "copper_ford.yaml"]
    assert main(["validate", *map(str, files)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"ok {f}" for f in files]


def test_the_guide_shows_the_example_files_exactly_as_they_are():
    text = GUIDE.read_text(encoding="utf-8")
    shown = re.findall(r"<!-- file: (\S+) -->\n```yaml\n(.*?)```", text, flags=re.S)
    assert {name for name, _ in shown} == {"docs/examples/scenario/copper_ford_map.yaml", "docs/examples/scenario/copper_ford.yaml"}
    for name, body in shown:
        assert body == (REPO / name).read_text(encoding="utf-8"), name


def test_the_guide_lists_every_victory_kind_and_every_scenario_key():
    text = GUIDE.read_text(encoding="utf-8")
    for kind in typing.get_args(ConditionKind):
        assert f"| `{kind}` |" in text, kind
    for key in ("name", "map", "edition", "purpose", "briefing", "first_deployer", "first_to_act", "fog", "fog_deployment",
                "time_limit", "sides", "armies", "tiles", "chests", "events", "war_chest", "army", "classes",
                "items", "deploy", "roles", "victory"):
        assert f"`{key}`" in text, key


# --- the bundled set --------------------------------------------------------------------------


def _conditions():
    for name, loaded in LOADED.items():
        for side in Side:
            for cond in loaded.scenario.rules(side).victory:
                yield name, side, cond


def test_the_bundled_scenarios_use_every_kind_of_victory_condition():
    used = {cond.kind for _, _, cond in _conditions()}
    assert used == set(typing.get_args(ConditionKind))


def test_the_bundled_scenarios_use_both_tiers_and_every_time_limit_outcome():
    assert {cond.tier for _, _, cond in _conditions()} == {"decisive", "victory"}
    limits = [loaded.scenario.time_limit for loaded in LOADED.values() if loaded.scenario.time_limit]
    assert {str(getattr(limit.winner, "value", limit.winner)) for limit in limits} >= {"attacker", "defender", "draw"}
    assert all(limit.reason.strip() for limit in limits)


def test_the_bundled_scenarios_have_reinforcements_and_terrain_changes():
    events = [event for loaded in LOADED.values() for event in loaded.scenario.events]
    assert any(e.reinforcements for e in events)
    assert any(e.terrain for e in events)
    assert all(e.note for e in events), "every event tells the players what happened"


@pytest.mark.parametrize("name", STORY_SCENARIOS)
def test_a_story_scenario_has_a_purpose_a_briefing_and_both_armies(name):
    scenario = LOADED[name].scenario
    assert scenario.purpose.strip() and len(scenario.briefing.split()) >= 60
    assert all(scenario.armies.get(side) for side in Side)
    # More than Training Yard's four, so that it stays first on the title screen.
    assert sum(len(scenario.armies[side]) for side in Side) > 4
    assert all(scenario.rules(side).victory for side in Side)


@pytest.mark.parametrize("name", STORY_SCENARIOS)
def test_a_story_scenarios_armies_fit_war_chests_like_the_rules_authors_and_stand_in_their_zones(name):
    loaded = LOADED[name]
    scenario, catalogue = loaded.scenario, loaded.catalogue
    for side in Side:
        chest = scenario.rules(side).war_chest
        assert 500 <= chest <= 700
        army = scenario.armies[side]
        cost = sum(unit_cost(catalogue.classes[u.unit_class], [catalogue.items[i] for i in u.items]) for u in army)
        assert chest - 150 <= cost <= chest, f"the {side.value} spends {cost} of {chest}"
        zone = deploy_zone(scenario, side)
        assert {(u.at[0] - 1, u.at[1] - 1) for u in army} <= zone


def _opened(battle_map: BattleMap) -> BattleMap:
    """The map with every door picked, wall broken and snag cut: what patience can reach."""
    swap = {TERRAIN["door"].glyph: TERRAIN["floor"].glyph, TERRAIN["wall"].glyph: TERRAIN["floor"].glyph,
            TERRAIN["snag"].glyph: TERRAIN["bridge"].glyph}
    return BattleMap(name=battle_map.name, rows=["".join(swap.get(g, g) for g in row) for row in battle_map.rows])


def _moves_needed(loaded, side: Side, role: str | None, targets: list[tuple[int, int]]) -> int:
    """Fewest turns of movement any unit of `side` (with `role`, if given) needs to reach one of `targets`."""
    scenario, catalogue = loaded.scenario, loaded.catalogue
    opened = _opened(loaded.battle_map)
    goals = {(x - 1, y - 1) for x, y in targets}
    best = None
    for setup in scenario.armies[side]:
        if role and role not in setup.roles:
            continue
        unit = build_unit(setup, side, "probe", catalogue, loaded.battle_map, ())
        costs = reachable(unit, opened, [], budget=999).costs
        for goal in goals & set(costs):
            turns = -(-costs[goal] // unit.movement)
            best = turns if best is None else min(best, turns)
    assert best is not None, f"no {role or 'unit'} of the {side.value} can reach {targets}"
    return best


@pytest.mark.parametrize("name", STORY_SCENARIOS)
def test_a_story_scenarios_objectives_can_be_reached_before_time_runs_out(name):
    loaded = LOADED[name]
    scenario = loaded.scenario
    rounds = scenario.time_limit.rounds if scenario.time_limit else 99
    for _, side, cond in ((n, s, c) for n, s, c in _conditions() if n == name):
        if cond.kind == "seize":
            assert _moves_needed(loaded, side, "Leader", scenario.tiles.seize) < rounds
        elif cond.kind == "escape":
            assert _moves_needed(loaded, side, "Fleeing", scenario.tiles.escape) < rounds
        elif cond.kind == "raze":
            assert _moves_needed(loaded, side, "Saboteur", scenario.tiles.raze) < rounds
        elif cond.kind in ("hold", "control"):
            assert _moves_needed(loaded, side, None, cond.tiles) < rounds
        elif cond.kind == "heist":
            there = _moves_needed(loaded, side, "Fleeing", [c.at for c in scenario.chests])
            assert there * 2 < rounds  # to a chest and back out again
