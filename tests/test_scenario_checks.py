"""Scenario checks that need the whole scenario: conditions the time limit would never let happen."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import load_catalogue, load_map
from officers_chess.rules.scenario.checks import check_scenario
from officers_chess.rules.scenario.setup import Scenario, ScenarioError

CATALOGUE = load_catalogue()
MAP = load_map("maps/training_yard.yaml")


def scenario(victory, time_limit=None) -> Scenario:
    side = {"war_chest": 300, "deploy": [{"from": [1, 1], "to": [2, 8]}], "victory": victory}
    other = {"war_chest": 300, "deploy": [{"from": [9, 1], "to": [10, 8]}]}
    data = {"name": "t", "map": "training_yard", "sides": {"attacker": side, "defender": other}}
    if time_limit:
        data["time_limit"] = {"rounds": time_limit, "reason": "dusk"}
    return Scenario.model_validate(data)


def test_a_control_condition_needs_a_time_limit():
    control = [{"kind": "control", "tiles": [[5, 4]], "count": 1}]
    with pytest.raises(ScenarioError, match="give the scenario a `time_limit`") as info:
        check_scenario(scenario(control), CATALOGUE, MAP)
    assert info.value.where == ("sides", "attacker", "victory", 0)
    check_scenario(scenario(control, time_limit=8), CATALOGUE, MAP)


@pytest.mark.parametrize("kind, extra", [("survive", {}), ("hold", {"tiles": [[5, 4]]})])
def test_a_round_after_the_time_limit_never_comes(kind, extra):
    late = [{"kind": kind, "rounds": 9, **extra}]
    with pytest.raises(ScenarioError, match="round 9 never comes: the battle ends after round 8"):
        check_scenario(scenario(late, time_limit=8), CATALOGUE, MAP)
    check_scenario(scenario([{"kind": kind, "rounds": 8, **extra}], time_limit=8), CATALOGUE, MAP)
