"""Army building and deployment: budgets, rules, privacy of inventories, army codes, placing units."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import load_catalogue, load_map
from officers_chess.rules.muster.army import Army, ArmyCodeError, Recruit, army_cost, army_problems, decode_army, encode_army
from officers_chess.rules.muster.phases import Muster, MusterError, Phase, battle_armies, current, finish_step, place, scouting_report, set_army, steps
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, new_battle

A, D = Side.ATTACKER, Side.DEFENDER
CATALOGUE = load_catalogue()
MAP = load_map("maps/training_yard.yaml")


def scenario(**over) -> Scenario:
    data = {
        "name": "Test Muster",
        "map": "training_yard",
        "first_deployer": "defender",
        "sides": {
            "attacker": {"war_chest": 400, "army": {"min": 2, "max": 3}, "deploy": [{"from": [1, 1], "to": [3, 8]}]},
            "defender": {"war_chest": 400, "army": {"min": 2, "max": 3}, "deploy": [{"from": [8, 1], "to": [10, 8]}],
                         "roles": [{"role": "Leader", "count": 1}]},
        },
    }
    data.update(over)
    return Scenario.model_validate(data)


def army(*units) -> Army:
    return Army(units=[Recruit(name=n, unit_class=c, items=list(i), roles=list(r)) for n, c, i, r in units])


ATTACKERS = army(("Ada", "Mercenary", ["Iron Sword"], []), ("Bo", "Archer", ["Iron Bow"], []))
DEFENDERS = army(("Cy", "Fighter", ["Iron Axe"], ["Leader"]), ("Di", "Soldier", ["Iron Lance", "Vulnerary"], []))


def test_the_steps_go_hiring_scouting_outfitting_deploying_first_deployer_first():
    assert steps(scenario()) == [
        (Phase.HIRING, D), (Phase.HIRING, A), (Phase.SCOUTING, D), (Phase.SCOUTING, A),
        (Phase.OUTFITTING, D), (Phase.OUTFITTING, A), (Phase.DEPLOYING, D), (Phase.DEPLOYING, A),
    ]


def full_muster() -> tuple[Scenario, Muster]:
    sc = scenario()
    m = Muster()
    m = finish_step(set_army(m, sc, CATALOGUE, D, DEFENDERS), sc, CATALOGUE)
    m = finish_step(set_army(m, sc, CATALOGUE, A, ATTACKERS), sc, CATALOGUE)
    m = finish_step(finish_step(m, sc, CATALOGUE), sc, CATALOGUE)  # both scout
    m = finish_step(finish_step(m, sc, CATALOGUE), sc, CATALOGUE)  # both outfit (unchanged)
    m = place(m, sc, MAP, CATALOGUE, D, "Cy", (8, 0))
    m = place(m, sc, MAP, CATALOGUE, D, "Di", (9, 5))
    m = finish_step(m, sc, CATALOGUE)
    m = place(m, sc, MAP, CATALOGUE, A, "Ada", (1, 3))
    m = place(m, sc, MAP, CATALOGUE, A, "Bo", (1, 5))
    return sc, finish_step(m, sc, CATALOGUE)


def test_a_whole_muster_ends_ready_and_starts_a_battle():
    sc, m = full_muster()
    assert current(m, sc) == (Phase.READY, None)
    state = new_battle(sc, CATALOGUE, MAP, seed=1, armies=battle_armies(m, sc))
    assert {u.name: u.pos for u in state.units} == {"Cy": (8, 0), "Di": (9, 5), "Ada": (1, 3), "Bo": (1, 5)}
    assert state.unit_at((8, 0)).scenario_tags == ["Leader"]
    assert state.to_act is D


def test_scouting_shows_the_opponents_classes_and_never_its_items():
    sc = scenario()
    m = finish_step(set_army(Muster(), sc, CATALOGUE, D, DEFENDERS), sc, CATALOGUE)
    m = finish_step(set_army(m, sc, CATALOGUE, A, ATTACKERS), sc, CATALOGUE)
    report = scouting_report(m, sc, A)
    assert report == ["Fighter", "Soldier"]
    assert not any(item in " ".join(report) for r in DEFENDERS.units for item in r.items)


def test_outfitting_may_change_items_but_not_classes():
    sc = scenario()
    m = Muster()
    m = finish_step(set_army(m, sc, CATALOGUE, D, DEFENDERS), sc, CATALOGUE)
    m = finish_step(set_army(m, sc, CATALOGUE, A, ATTACKERS), sc, CATALOGUE)
    m = finish_step(finish_step(m, sc, CATALOGUE), sc, CATALOGUE)
    regeared = army(("Cy", "Fighter", ["Steel Axe"], ["Leader"]), ("Di", "Soldier", ["Javelin"], []))
    assert set_army(m, sc, CATALOGUE, D, regeared).armies[D] == regeared
    reclassed = army(("Cy", "Brigand", ["Iron Axe"], ["Leader"]), ("Di", "Soldier", ["Iron Lance"], []))
    with pytest.raises(MusterError, match="classes were fixed"):
        set_army(m, sc, CATALOGUE, D, reclassed)


def test_an_army_over_the_war_chest_or_the_size_limits_is_refused():
    sc = scenario(sides={"attacker": {"war_chest": 100, "army": {"min": 2, "max": 2}, "deploy": [{"from": [1, 1], "to": [2, 2]}]},
                         "defender": {"war_chest": 100, "deploy": [{"from": [9, 1], "to": [10, 2]}]}})
    rich = army(("A", "General", ["Steel Lance"], []), ("B", "Swordmaster", ["Steel Sword"], []), ("C", "Soldier", [], []))
    problems = army_problems(rich, A, sc, CATALOGUE)
    assert any("more than the war chest of 100" in p for p in problems)
    assert any("3 units, more than the 2 allowed" in p for p in problems)
    assert army_cost(rich, CATALOGUE) > 100
    with pytest.raises(MusterError, match="war chest"):
        set_army(Muster(step=1), sc, CATALOGUE, A, rich)


def test_hiring_cannot_end_without_the_roles_the_scenario_asks_for():
    sc = scenario()
    leaderless = army(("Cy", "Fighter", ["Iron Axe"], []), ("Di", "Soldier", ["Iron Lance"], []))
    m = set_army(Muster(), sc, CATALOGUE, D, leaderless)
    with pytest.raises(MusterError, match="must be Leader"):
        finish_step(m, sc, CATALOGUE)


def test_classes_and_items_the_scenario_does_not_allow_are_refused():
    sc = scenario(sides={"attacker": {"war_chest": 900, "classes": ["Soldier"], "items": ["Iron Lance"],
                                      "deploy": [{"from": [1, 1], "to": [2, 2]}]},
                         "defender": {"war_chest": 900, "deploy": [{"from": [9, 1], "to": [10, 2]}]}})
    problems = army_problems(army(("A", "Fighter", ["Iron Axe"], [])), A, sc, CATALOGUE)
    assert any("does not allow Fighters" in p for p in problems)
    assert any("does not allow Iron Axe" in p for p in problems)


def test_deployment_stays_in_the_zone_on_free_standable_tiles():
    sc = scenario()
    m = Muster()
    m = finish_step(set_army(m, sc, CATALOGUE, D, DEFENDERS), sc, CATALOGUE)
    m = finish_step(set_army(m, sc, CATALOGUE, A, ATTACKERS), sc, CATALOGUE)
    for _ in range(4):
        m = finish_step(m, sc, CATALOGUE)
    with pytest.raises(MusterError, match="outside the deployment zone"):
        place(m, sc, MAP, CATALOGUE, D, "Cy", (0, 0))
    with pytest.raises(MusterError, match="^Cy cannot stand on sea or lake at 9,2$"):
        place(m, sc, MAP, CATALOGUE, D, "Cy", (8, 1))  # the pond, in the deployment screen's words (1-based tile)
    m = place(m, sc, MAP, CATALOGUE, D, "Cy", (9, 0))
    with pytest.raises(MusterError, match="Cy already stands there"):
        place(m, sc, MAP, CATALOGUE, D, "Di", (9, 0))
    with pytest.raises(MusterError, match="still to place: Di"):
        finish_step(m, sc, CATALOGUE)
    with pytest.raises(MusterError, match="not deploying now"):
        place(m, sc, MAP, CATALOGUE, A, "Ada", (0, 0))


def test_army_codes_round_trip_and_refuse_damaged_text():
    code = encode_army(DEFENDERS)
    assert code.startswith("OC1-") and "\n" not in code and len(code) < 200
    assert decode_army(code) == DEFENDERS
    for bad in ("hello", "OC1-!!!!", "OC1-" + code[4:-6], "OC1-" + "A" * 5000):
        with pytest.raises(ArmyCodeError):
            decode_army(bad)
