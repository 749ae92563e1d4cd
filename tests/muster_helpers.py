"""Armies for scenarios whose sides hire: cheap units bought and placed through the muster API, as a player would."""

from __future__ import annotations

import random

from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.army import Army, Recruit, recruit_cost
from officers_chess.rules.models import Side, Weapon, WeaponType
from officers_chess.rules.muster import Muster, MusterError, Phase, battle_armies, current, finish_step, place, set_army
from officers_chess.rules.scenario import UnitSetup, can_equip_class, deploy_zone


def cheap_army(loaded: LoadedScenario, side: Side, rng: random.Random) -> Army:
    """The army's minimum size (one more if the war chest allows) of cheap armed units, with the roles the scenario asks."""
    scenario, catalogue = loaded.scenario, loaded.catalogue
    rules = scenario.rules(side)
    options = []
    for unit_class in catalogue.classes.values():
        if rules.classes is not None and unit_class.name not in rules.classes:
            continue
        weapons = [item for item in catalogue.items.values()
                   if isinstance(item, Weapon) and item.type not in (WeaponType.STAFF, WeaponType.STONE)
                   and can_equip_class(unit_class, item) and (rules.items is None or item.name in rules.items)]
        for weapon in weapons:
            recruit = Recruit(name="x", unit_class=unit_class.name, items=[weapon.name])
            options.append((recruit_cost(recruit, catalogue), unit_class.name, weapon.name))
    options.sort()
    assert options, f"the {side.value} can hire no armed unit"
    units: list[Recruit] = []
    spent = 0
    while len(units) < min(rules.army.max, rules.army.min + 1):
        left = rules.war_chest - spent
        # Keep enough for the units still needed at the cheapest price.
        still = max(0, rules.army.min - len(units) - 1)
        affordable = [o for o in options if o[0] + still * options[0][0] <= left]
        if not affordable:
            break
        cost, class_name, weapon = rng.choice(affordable[:6])
        units.append(Recruit(name=f"{side.value[0].upper()}{len(units) + 1}", unit_class=class_name, items=[weapon]))
        spent += cost
    for rule in rules.roles:
        count = len(units) if rule.count == "all" else rule.count
        for index in range(count):
            units[index] = units[index].model_copy(update={"roles": [*units[index].roles, rule.role]})
    return Army(units=units)


def muster_armies(loaded: LoadedScenario, seed: int = 0) -> dict[Side, list[UnitSetup]]:
    """Run every muster step (hire, scout, outfit unchanged, deploy on the first free tiles) and return the armies."""
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    rng = random.Random(seed)
    muster = Muster()
    while True:
        phase, side = current(muster, scenario)
        if side is None:
            return battle_armies(muster, scenario)
        if phase is Phase.HIRING:
            muster = set_army(muster, scenario, catalogue, side, cheap_army(loaded, side, rng))
        elif phase is Phase.DEPLOYING:
            tiles = sorted(deploy_zone(scenario, side), key=lambda p: (rng.random(), p))
            for recruit in muster.armies[side].units:
                for pos in tiles:
                    try:
                        muster = place(muster, scenario, battle_map, catalogue, side, recruit.name, pos)
                        break
                    except MusterError:
                        continue
        muster = finish_step(muster, scenario, catalogue)


def start(loaded: LoadedScenario, seed: int):
    """Round 1 of any bundled scenario: hired armies mustered cheaply, fixed armies as written."""
    return loaded.new_battle(seed, armies=muster_armies(loaded, seed) or None)
