"""What a finished chapter pays (rules/campaign/payouts.py, docs/rulings.md C3), on battles set up from bundled
scenarios where both sides hire, their end crafted: routs at the unit's cost, the enemy Leader at twice it,
the objective only for a win by an objective, the tier's purse, nothing for a draw's purse or reinforcements."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.objectives import Condition, Result
from officers_chess.rules.battle.victory import conditions
from officers_chess.rules.campaign.book import Chapter, Payouts, Tiers
from officers_chess.rules.campaign.chapters import fielded_id
from officers_chess.rules.campaign.payouts import chapter_payouts, won_by_objective
from officers_chess.rules.muster.army import Recruit, recruit_cost
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import UnitSetup, deploy_zone

A, D = Side.ATTACKER, Side.DEFENDER
RULES = Payouts()  # the defaults: rout 1, Leader 2, objective 250, decisive 200, victory 100
P1_ATTACKS = Chapter(id="c", scenario="x", sides={"p1": A, "p2": D})
P1_DEFENDS = Chapter(id="c", scenario="x", sides={"p1": D, "p2": A})

ATTACKERS = [Recruit(name="Axe", unit_class="Fighter", items=["Iron Axe"]),
             Recruit(name="Blade", unit_class="Swordmaster", items=["Killing Edge", "Vulnerary"]),
             Recruit(name="Chief", unit_class="Cavalier", items=["Steel Lance"], roles=["Leader"])]
DEFENDERS = [Recruit(name="Pike", unit_class="Soldier", items=["Iron Lance"]),
             Recruit(name="Wall", unit_class="Knight", items=["Steel Lance"]),
             Recruit(name="Boss", unit_class="General", items=["Iron Axe"], roles=["Leader"])]


@pytest.fixture(scope="module")
def yard():
    return load_scenario(find_scenario("practice_muster"))


@pytest.fixture(scope="module")
def storm():
    return load_scenario(find_scenario("storm_the_saltmarsh"))  # attacker: seize or rout; defender: time


@pytest.fixture(scope="module")
def millbrook():
    return load_scenario(find_scenario("millbrook_crossing"))  # control the bridges (victory) or rout


def _plain_tiles(loaded, side: Side) -> list[tuple[int, int]]:
    """The zone's tiles any unit can stand on (1-based, as a file gives them)."""
    def open_ground(terrain) -> bool:
        return None not in (terrain.foot, terrain.armored, terrain.cavalry) and terrain.hp is None
    return sorted((x + 1, y + 1) for x, y in deploy_zone(loaded.scenario, side)
                  if open_ground(loaded.battle_map.terrain_at((x, y))))


def battle(loaded, attackers=ATTACKERS, defenders=DEFENDERS, seed=3):
    """Round 1 of the scenario with these armies in their zones, and each side's costs as they took the field."""
    armies = {}
    for side, recruits in ((A, attackers), (D, defenders)):
        tiles = _plain_tiles(loaded, side)
        armies[side] = [UnitSetup(name=r.name, unit_class=r.unit_class, items=r.items, roles=r.roles, used=r.used,
                                  at=tiles[i]) for i, r in enumerate(recruits)]
    state = loaded.new_battle(seed, armies=armies)
    # Payouts read them by the id the battle gives a mustered army's units (`fielded_id`: reinforcements come after,
    # whatever their names); the tests read them by name. Ids ("a1") and these names never meet.
    costs = {side: {key: recruit_cost(r, loaded.catalogue) for i, r in enumerate(recruits)
                    for key in (fielded_id(side, i), r.name)}
             for side, recruits in ((A, attackers), (D, defenders))}
    return state, costs


def rout(state, *names: str, side: Side | None = None) -> None:
    for unit in state.units:
        if unit.name in names and (side is None or unit.side is side):
            unit.hp = 0


def gold(pay, player: str) -> int:
    return sum(line.gold for line in pay[player])


def test_a_battle_still_running_pays_only_its_routs(yard):
    state, costs = battle(yard)
    assert chapter_payouts(state, P1_ATTACKS, RULES, costs) == {"p1": [], "p2": []}
    rout(state, "Pike")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert [(line.gold) for line in pay["p1"]] == [costs[D]["Pike"]] and pay["p2"] == []
    assert "Pike" in pay["p1"][0].reason and str(costs[D]["Pike"]) in pay["p1"][0].reason


def test_a_routed_unit_pays_its_cost_times_the_rout_factor(yard):
    state, costs = battle(yard)
    rout(state, "Pike", "Wall", side=D)
    assert gold(chapter_payouts(state, P1_ATTACKS, RULES, costs), "p1") == costs[D]["Pike"] + costs[D]["Wall"]
    half = chapter_payouts(state, P1_ATTACKS, Payouts(rout=0.5), costs)
    assert [line.gold for line in half["p1"]] == [round(costs[D]["Pike"] * 0.5), round(costs[D]["Wall"] * 0.5)]
    assert chapter_payouts(state, P1_ATTACKS, Payouts(rout=0), costs)["p1"] == []  # nothing to pay: no line


def test_the_cost_is_the_units_as_it_took_the_field_kit_included(yard):
    state, costs = battle(yard)
    rout(state, "Blade")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    blade = recruit_cost(ATTACKERS[1], yard.catalogue)
    assert blade > recruit_cost(Recruit(name="x", unit_class="Swordmaster"), yard.catalogue)
    assert [line.gold for line in pay["p2"]] == [blade]


def test_the_enemy_leader_pays_twice_its_cost(yard):
    state, costs = battle(yard)
    rout(state, "Boss", "Pike")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    by_name = {line.reason.split(",")[0]: line for line in pay["p1"]}
    assert by_name["routed Boss"].gold == 2 * costs[D]["Boss"] and "the enemy Leader" in by_name["routed Boss"].reason
    assert by_name["routed Pike"].gold == costs[D]["Pike"] and "Leader" not in by_name["routed Pike"].reason
    thrice = chapter_payouts(state, P1_ATTACKS, Payouts(leader=3, rout=1), costs)
    assert gold(thrice, "p1") == 3 * costs[D]["Boss"] + costs[D]["Pike"]


def test_each_player_is_paid_for_the_other_sides_routs_only(yard):
    state, costs = battle(yard)
    rout(state, "Chief", "Pike")
    pay = chapter_payouts(state, P1_DEFENDS, RULES, costs)  # p1 holds the defender's side here
    assert gold(pay, "p1") == 2 * costs[A]["Chief"]  # the attacker's Leader
    assert gold(pay, "p2") == costs[D]["Pike"]


def test_units_of_one_name_on_both_sides_pay_by_side(yard):
    twin = [Recruit(name="Twin", unit_class="Fighter", items=["Iron Axe"])]
    state, costs = battle(yard, twin + ATTACKERS[:1], [Recruit(name="Twin", unit_class="Knight", items=["Iron Lance"])]
                          + DEFENDERS[:1])
    rout(state, "Twin", side=D)
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert gold(pay, "p1") == costs[D]["Twin"] and pay["p2"] == []


def test_reinforcements_pay_nothing(yard):
    state, costs = battle(yard)
    arrived = state.units[-1].model_copy(update={"id": "d9", "name": "Sent In", "hp": 0})  # the scenario's unit
    state.units.append(arrived)
    assert arrived.routed and arrived.side is D
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert pay == {"p1": [], "p2": []}
    state.result = Result(winner=A, tier="decisive", reason="every defender unit was routed")
    assert [line.gold for line in chapter_payouts(state, P1_ATTACKS, RULES, costs)["p1"]] == [200]


@pytest.mark.parametrize("tier, purse", [("decisive", 200), ("victory", 100)])
def test_the_winner_gets_the_purse_of_its_tier(yard, tier, purse):
    state, costs = battle(yard)
    state.result = Result(winner=D, tier=tier, reason="time ran out")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert pay["p1"] == [] and [(line.reason, line.gold) for line in pay["p2"]] == [("a decisive win" if tier == "decisive" else "a win", purse)]
    custom = Payouts(tiers=Tiers(decisive=7, victory=3))
    assert gold(chapter_payouts(state, P1_ATTACKS, custom, costs), "p2") == {"decisive": 7, "victory": 3}[tier]


def test_a_draw_pays_no_purse_but_routs_still_pay(yard):
    state, costs = battle(yard)
    rout(state, "Pike", "Axe")
    state.result = Result(winner=None, tier="draw", reason="time ran out after round 10")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert [line.gold for line in pay["p1"]] == [costs[D]["Pike"]]
    assert [line.gold for line in pay["p2"]] == [costs[A]["Axe"]]


def test_a_rout_win_pays_no_objective(yard):
    state, costs = battle(yard)
    rout(state, "Pike", "Wall", "Boss")
    state.result = Result(winner=A, tier="decisive", reason=conditions(state, A)[0].achieved(A))
    assert not won_by_objective(state, A)
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert gold(pay, "p1") == costs[D]["Pike"] + costs[D]["Wall"] + 2 * costs[D]["Boss"] + 200
    assert not any("objective" in line.reason for line in pay["p1"])


def test_a_seize_win_pays_the_objective(storm):
    state, costs = battle(storm)
    seize = next(c for c in conditions(state, A) if c.kind == "seize")
    state.result = Result(winner=A, tier="decisive", reason=seize.achieved(A))
    assert won_by_objective(state, A) and not won_by_objective(state, D)
    pay = chapter_payouts(state, P1_DEFENDS, RULES, costs)  # p2 is the attacker
    assert [(line.reason, line.gold) for line in pay["p2"]] == [
        (f"the objective: {seize.achieved(A)}", 250), ("a decisive win", 200)]
    assert pay["p1"] == []  # the loser gets no objective and no purse
    assert gold(chapter_payouts(state, P1_DEFENDS, Payouts(objective=40), costs), "p2") == 240
    assert gold(chapter_payouts(state, P1_DEFENDS, Payouts(objective=0), costs), "p2") == 200


def test_a_rout_win_where_an_objective_was_possible_pays_no_objective(storm):
    state, costs = battle(storm)
    rout(state, "Pike", "Wall", "Boss")
    state.result = Result(winner=A, tier="decisive", reason="every defender unit was routed")
    assert not won_by_objective(state, A)
    assert [line.gold for line in chapter_payouts(state, P1_ATTACKS, RULES, costs)["p1"]][-1] == 200
    assert not any("objective" in line.reason for line in chapter_payouts(state, P1_ATTACKS, RULES, costs)["p1"])


def test_a_win_on_time_pays_the_purse_and_no_objective(storm):
    state, costs = battle(storm)
    limit = storm.scenario.time_limit
    state.result = Result(winner=D, tier=limit.tier, reason=f"time ran out after round {limit.rounds}: {limit.reason}")
    pay = chapter_payouts(state, P1_ATTACKS, RULES, costs)
    assert [(line.reason, line.gold) for line in pay["p2"]] == [("a win", 100)]


def test_a_control_win_pays_the_objective_and_the_victory_purse(millbrook):
    state, costs = battle(millbrook)
    control = next(c for c in conditions(state, D) if c.kind == "control")
    state.result = Result(winner=D, tier=control.tier, reason=control.achieved(D))
    pay = chapter_payouts(state, P1_DEFENDS, RULES, costs)
    assert [line.gold for line in pay["p1"]] == [250, 100]


def test_an_objective_is_the_winners_own_condition_named_by_the_result(millbrook):
    state, costs = battle(millbrook)
    control = Condition(kind="control", tiles=[(0, 0)], count=2, tier="victory")
    state.result = Result(winner=D, tier="victory", reason=control.achieved(A))  # the attacker's words, not its own
    assert not won_by_objective(state, D)
    assert [line.gold for line in chapter_payouts(state, P1_DEFENDS, RULES, costs)["p1"]] == [100]


def test_a_reinforcement_sharing_a_hired_units_name_pays_nothing(yard):
    state, costs = battle(yard)
    namesake = next(u for u in state.units if u.name == "Pike").model_copy(update={"id": "d9", "hp": 0})
    state.units.append(namesake)  # the scenario's own "Pike" arrives and is routed; the hired Pike stands
    assert chapter_payouts(state, P1_ATTACKS, RULES, costs) == {"p1": [], "p2": []}
