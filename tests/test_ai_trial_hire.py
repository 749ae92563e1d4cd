"""Hard's army building: armies of three sizes tried in practice fights, the one that did best hired."""

from __future__ import annotations

import random

import pytest
from factories import A, D, game, plains, unit

import officers_chess.ai.trial_hire as trial
from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.matchups import Matchups
from officers_chess.ai.muster_ai import hire_army
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.muster.army import Army, Recruit, army_problems
from officers_chess.rules.scenario.deploy_room import hire_options
from officers_chess.rules.scenario.setup import UnitSetup


@pytest.fixture(scope="module")
def storm():
    loaded = load_scenario(find_scenario("storm_the_saltmarsh"))
    return loaded, Matchups(loaded.scenario, loaded.catalogue, loaded.battle_map)


def _hire(storm, seed: int = 4) -> Army:
    loaded, matchups = storm
    return trial.trial_hire(loaded.scenario, loaded.catalogue, A, random.Random(seed), loaded.battle_map, matchups)


def test_the_army_hired_is_the_one_its_practice_fights_rated_best(storm, monkeypatch):
    """Sizes differ by one unit either side of the typical army; whichever the fights favour is hired."""
    monkeypatch.setattr(trial, "_practice", lambda *args: len(args[4].units))
    largest = _hire(storm)
    monkeypatch.setattr(trial, "_practice", lambda *args: -len(args[4].units))
    smallest = _hire(storm)
    monkeypatch.setattr(trial, "_practice", lambda *args: 0.0)
    tied = _hire(storm)
    assert len(smallest.units) < len(tied.units) < len(largest.units)
    loaded, matchups = storm
    # A tie keeps the typical army: the one hire_army builds from the first of the level's draws.
    typical = hire_army(loaded.scenario, loaded.catalogue, A, random.Random(random.Random(4).getrandbits(64)),
                        loaded.battle_map, matchups)
    assert tied == typical


def test_an_enemy_whose_army_is_placed_is_never_fought_in_practice(storm, monkeypatch):
    """Its classes are known, its kit is not: a practice fight against it would read its inventories."""
    loaded, matchups = storm
    placed = UnitSetup(name="Garrison", unit_class="Fighter", items=["Steel Axe"], at=(1, 1))
    scenario = loaded.scenario.model_copy(update={"armies": {D: [placed]}})
    assert not scenario.hires(D)

    def fought(*args):
        raise AssertionError("a practice fight against a placed army")

    monkeypatch.setattr(trial, "_practice", fought)
    hired = trial.trial_hire(scenario, loaded.catalogue, A, random.Random(4), loaded.battle_map, matchups)
    assert hired == hire_army(scenario, loaded.catalogue, A, random.Random(random.Random(4).getrandbits(64)),
                              loaded.battle_map, matchups)


def test_the_hard_level_hires_by_trial(storm, monkeypatch):
    import officers_chess.ai.hard as hard

    loaded, _ = storm
    asked = []
    monkeypatch.setattr(hard, "trial_hire", lambda *args: asked.append(args) or Army())
    assert HardPolicy(7).hire(loaded.scenario, loaded.catalogue, A, random.Random(11), loaded.battle_map) == Army()
    assert asked and asked[0][:3] == (loaded.scenario, loaded.catalogue, A)


def test_the_same_seed_hires_the_same_legal_army_whatever_the_level_s_own_seed():
    loaded = load_scenario(find_scenario("practice_muster"))
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    first = HardPolicy(7).hire(scenario, catalogue, D, random.Random(11), battle_map)
    assert first == HardPolicy(8).hire(scenario, catalogue, D, random.Random(11), battle_map)
    assert army_problems(first, D, scenario, catalogue, final=True, battle_map=battle_map) == []


def test_practice_fights_tell_a_strong_army_from_a_weak_one():
    """The cheapest armed pair against the enemy's usual hire does worse than the dearest pair the chest allows."""
    loaded = load_scenario(find_scenario("practice_muster"))
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    matchups = Matchups(scenario, catalogue, battle_map)
    armed, _ = hire_options(scenario, catalogue, A)
    chest = scenario.rules(A).war_chest
    dear = max(((a, b) for a in armed for b in armed if a[0] + b[0] <= chest), key=lambda pair: pair[0][0] + pair[1][0])

    def army(pair) -> Army:
        return Army(units=[Recruit(name=f"Probe {i}", unit_class=c, items=list(items)) for i, (_, c, items) in enumerate(pair)])

    rng = random.Random(3)
    seeds = [(rng.getrandbits(64), rng.getrandbits(64), rng.getrandbits(32)) for _ in range(trial.FIGHTS)]
    rivals = [hire_army(scenario, catalogue, D, random.Random(hire), battle_map, matchups) for hire, _, _ in seeds]
    weak = trial._practice(scenario, catalogue, battle_map, A, army(armed[:2]), rivals, seeds)
    strong = trial._practice(scenario, catalogue, battle_map, A, army(dear), rivals, seeds)
    assert strong > weak
    assert weak < -trial.FIGHTS / 2  # the cheapest pair loses nearly every fight, and badly


def test_a_routed_unit_keeps_none_of_its_hp_in_the_practice_score():
    hurt = unit("a1", A, (0, 0)).model_copy(update={"hp": 10})
    routed = unit("a2", A, (1, 0)).model_copy(update={"hp": 0})
    fresh = unit("d1", D, (3, 0))
    state = game(plains(4), [hurt, routed, fresh])
    assert trial._kept(state, A) == pytest.approx(10 / (hurt.max_hp + routed.max_hp))
    assert trial._kept(state, D) == 1.0
