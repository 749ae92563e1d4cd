"""Army building by the computer's judgement: normal and hard hire by matchups, hard re-outfits after Scouting,
and a side that must control landmarks claims the ones it does not own yet."""

from __future__ import annotations

import random

from factories import A, D, game, plains, unit
from test_ai_habits import activation

from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.matchups import Matchups
from officers_chess.ai.muster_ai import hire_pick, muster, outfit_army
from officers_chess.ai.normal import NormalPolicy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.objectives import Condition
from officers_chess.rules.battle.state import Claim
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.pieces.tags import tag_args


def _loaded(name: str):
    loaded = load_scenario(find_scenario(name))
    return loaded, Matchups(loaded.scenario, loaded.catalogue, loaded.battle_map)


def _army_worth(matchups: Matchups, side: Side, army: Army, catalogue) -> float:
    foes = matchups.likely_foes(side)
    return sum(matchups.worth(side, (recruit_cost(r, catalogue), r.unit_class, tuple(r.items)), foes) for r in army.units)


def test_a_sword_that_is_effective_against_armour_is_worth_more_against_generals():
    loaded, matchups = _loaded("practice_muster")
    generals = [matchups.unit(D, "General", ["Iron Lance"]), matchups.unit(D, "Knight", ["Iron Lance"])]
    fair = [(0, "Mercenary", ("Iron Sword",)), (0, "Mercenary", ("Armorslayer",))]
    assert hire_pick(matchups, A, fair, [], 2, generals, random.Random(0)) == (0, "Mercenary", ("Armorslayer",))


def test_normal_hires_a_stronger_army_than_greedy_against_the_enemy_it_expects():
    loaded, matchups = _loaded("practice_muster")
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    assert NormalPolicy.measures_hires and HardPolicy.measures_hires and not GreedyPolicy.measures_hires
    measured = [_army_worth(matchups, A, NormalPolicy(s).hire(scenario, catalogue, A, random.Random(s), battle_map),
                            catalogue) for s in range(6)]
    chance = [_army_worth(matchups, A, GreedyPolicy(s).hire(scenario, catalogue, A, random.Random(s), battle_map),
                          catalogue) for s in range(6)]
    assert min(measured) > sum(chance) / len(chance)


def test_no_class_is_more_than_a_third_of_a_measured_army():
    loaded, _ = _loaded("millbrook_crossing")
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    for seed in range(3):
        army = NormalPolicy(seed).hire(scenario, catalogue, A, random.Random(seed), battle_map)
        assert army_problems(army, A, scenario, catalogue, battle_map=battle_map) == []
        cap = -(-len(army.units) // 3)
        classes = [r.unit_class for r in army.units]
        assert max(classes.count(c) for c in classes) <= cap, classes


def test_hard_takes_up_weapons_that_answer_the_classes_scouting_showed():
    loaded, matchups = _loaded("practice_muster")
    scenario, catalogue = loaded.scenario, loaded.catalogue
    army = Army(units=[Recruit(name="Blade", unit_class="Mercenary", items=["Iron Sword"]),
                       Recruit(name="Axe", unit_class="Fighter", items=["Iron Axe"])])
    def kit_against(scouted):
        kit = outfit_army(scenario, catalogue, A, army, scouted, matchups, loaded.battle_map)
        assert [r.unit_class for r in kit.units] == ["Mercenary", "Fighter"]
        assert army_problems(kit, A, scenario, catalogue) == []
        return [catalogue.items[r.items[0]] for r in kit.units]

    _, axe = kit_against(["General", "General"])
    assert "Armored" in tag_args(axe.tags, "Effective"), axe.name
    sword, _ = kit_against(["Pegasus Knight"])
    assert "Flying" in tag_args(sword.tags, "Effective"), sword.name
    # A level that does not outfit keeps the army it hired.
    assert NormalPolicy(0).outfit(scenario, catalogue, A, army, ["General"], loaded.battle_map) is None


def test_hard_outfits_through_the_muster_steps_and_builds_legal_armies():
    loaded, _ = _loaded("practice_muster")
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    armies = muster(scenario, catalogue, battle_map, {A: HardPolicy(1), D: GreedyPolicy(2)})
    assert {s: len(units) for s, units in armies.items()} and all(armies.values())
    assert loaded.new_battle(1, armies=armies).living()


def _landmarks(claimed_by_us: bool):
    """A unit standing on one landmark of two it must control (the far enemy cannot reach either soon)."""
    units = [unit("a1", A, (2, 0)), unit("d1", D, (23, 0))]
    state = game(plains(24, 1), units)
    return state.model_copy(update={
        "claims": [Claim(at=(2, 0), side=A)] if claimed_by_us else [],
        "victory": {A: [Condition(kind="control", tiles=[(2, 0), (6, 0)], count=2)], D: [Condition(kind="rout")]},
    })


def test_a_unit_leaves_a_landmark_it_owns_to_claim_one_it_does_not():
    _, after = activation(_landmarks(claimed_by_us=True))
    assert after.unit("a1").pos == (6, 0)
    assert {tuple(c.at): c.side for c in after.claims}.get((2, 0)) is A  # the first stays the side's


def test_the_enemy_expected_is_read_from_its_classes_never_its_inventories():
    """A placed enemy army is known by its classes, as Scouting shows it: what it carries stays secret."""
    loaded, matchups = _loaded("training_yard")
    scenario = loaded.scenario
    rearmed = [u.model_copy(update={"items": ["Steel Axe"]}) if u.unit_class == "Fighter" else u
               for u in scenario.armies[D]]
    secret = Matchups(scenario.model_copy(update={"armies": {**scenario.armies, D: rearmed}}), loaded.catalogue,
                      loaded.battle_map)
    seen = [u.id for u in matchups.likely_foes(A)]
    assert seen and seen == [u.id for u in secret.likely_foes(A)]
    assert {u.unit_class.name for u in matchups.likely_foes(A)} <= {u.unit_class for u in scenario.armies[D]}
