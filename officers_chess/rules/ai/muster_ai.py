"""Army building for the computer: hire a sensible army within the war chest, and deploy it inside the zone."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from officers_chess.rules.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.catalogue import Catalogue
from officers_chess.rules.models import BattleMap, Pos, Side, UnitClass, Weapon, WeaponType
from officers_chess.rules.muster import Muster, Phase, battle_armies, current, finish_step, place, set_army
from officers_chess.rules.scenario import Scenario, ScenarioError, UnitSetup, build_unit, can_equip_class, deploy_zone
from officers_chess.rules.tags import tag_args

if TYPE_CHECKING:
    from officers_chess.rules.ai.policy import Policy

# One (cost, class, items) way to fill a slot of the army.
Option = tuple[int, str, tuple[str, ...]]


def _allowed(rules_list: list[str] | None, name: str) -> bool:
    return rules_list is None or name in rules_list


def _options(scenario: Scenario, catalogue: Catalogue, side: Side) -> tuple[list[Option], list[Option]]:
    """Armed units (one class, one fighting weapon) and healers (a Heal staff, plus a weapon when it can wield one)."""
    rules = scenario.rules(side)
    armed: list[Option] = []
    healers: list[Option] = []
    for unit_class in catalogue.classes.values():
        if not _allowed(rules.classes, unit_class.name):
            continue
        usable = [item for item in catalogue.items.values()
                  if isinstance(item, Weapon) and can_equip_class(unit_class, item) and _allowed(rules.items, item.name)]
        weapons = [w for w in usable if w.type not in (WeaponType.STAFF, WeaponType.STONE)]
        staves = [w for w in usable if w.type is WeaponType.STAFF and tag_args(w.tags, "Heal")]
        for weapon in weapons:
            armed.append(_option(catalogue, unit_class, (weapon.name,)))
        for staff in staves:
            healers.append(_option(catalogue, unit_class, (staff.name,)))
            for weapon in weapons:
                healers.append(_option(catalogue, unit_class, (weapon.name, staff.name)))
    return sorted(armed), sorted(healers)


def _option(catalogue: Catalogue, unit_class: UnitClass, items: tuple[str, ...]) -> Option:
    recruit = Recruit(name="x", unit_class=unit_class.name, items=list(items))
    return recruit_cost(recruit, catalogue), unit_class.name, items


def hire_army(scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random) -> Army:
    """A full army within the war chest: a fighting weapon per unit, a healer when staves are allowed and the
    army has four units or more, and the roles the scenario asks (Leader on the dearest unit).

    The size aims at the typical price of an armed unit; each slot then buys among the dearest options
    that leave enough gold to fill the slots still open at the cheapest price.
    """
    rules = scenario.rules(side)
    armed, healers = _options(scenario, catalogue, side)
    if not armed:
        raise ValueError(f"the {side.value} can hire no armed unit in {scenario.name}")
    cheapest = armed[0][0]
    typical = armed[len(armed) // 2][0]
    size = max(rules.army.min, min(rules.army.max, rules.war_chest // max(1, typical)))
    while size > rules.army.min and size * cheapest > rules.war_chest:
        size -= 1
    picks: list[Option] = []
    left = rules.war_chest
    for slot in range(size):
        open_after = size - slot - 1
        cap = left - open_after * cheapest
        share = left / (size - slot)
        pool = healers if (slot == size - 1 and size >= 4 and healers) else armed
        affordable = [o for o in pool if o[0] <= cap] or [o for o in armed if o[0] <= cap]
        if not affordable:
            break
        fair = [o for o in affordable if o[0] <= share * 1.25] or affordable[:1]
        pick = rng.choice(fair[-4:])  # among the dearest fair options: spend the chest, vary the army
        picks.append(pick)
        left -= pick[0]
    names = _names(picks, side)
    units = [Recruit(name=n, unit_class=c, items=list(items)) for n, (_, c, items) in zip(names, picks)]
    units = _with_roles(scenario, side, units, [p[0] for p in picks])
    army = Army(units=units)
    problems = army_problems(army, side, scenario, catalogue)
    if problems:
        raise ValueError(f"the muster AI built an army the scenario refuses: {problems[0]}")
    return army


def _names(picks: list[Option], side: Side) -> list[str]:
    """Unit names from their class, numbered when a class repeats (always under the 24-character limit)."""
    counts: dict[str, int] = {}
    names = []
    for _, class_name, _ in picks:
        counts[class_name] = counts.get(class_name, 0) + 1
        names.append(f"{class_name[:18]} {counts[class_name]}")
    return names


def _with_roles(scenario: Scenario, side: Side, units: list[Recruit], costs: list[int]) -> list[Recruit]:
    """Give each role rule its count of units: a Leader is the dearest unit, other roles go to the cheapest."""
    units = list(units)
    for rule in scenario.rules(side).roles:
        count = len(units) if rule.count == "all" else rule.count
        order = sorted(range(len(units)), key=lambda i: costs[i], reverse=rule.role == "Leader")
        chosen = [i for i in order if rule.role not in units[i].roles][:count]
        for index in chosen:
            units[index] = units[index].model_copy(update={"roles": [*units[index].roles, rule.role]})
    return units


def _is_melee(recruit: Recruit, catalogue: Catalogue) -> bool:
    weapons = [catalogue.items[n] for n in recruit.items if isinstance(catalogue.items[n], Weapon)]
    fighting = [w for w in weapons if w.type is not WeaponType.STAFF]
    return bool(fighting) and any(w.range[0] == 1 for w in fighting)


def _enemy_centre(scenario: Scenario, battle_map: BattleMap, side: Side) -> tuple[float, float]:
    """Where the enemy is expected: its deployment zone, else its placed army, else the middle of the map."""
    tiles = list(deploy_zone(scenario, side.other))
    if not tiles:
        tiles = [(u.at[0] - 1, u.at[1] - 1) for u in scenario.armies.get(side.other, [])]
    if not tiles:
        return battle_map.width / 2, battle_map.height / 2
    return sum(x for x, _ in tiles) / len(tiles), sum(y for _, y in tiles) / len(tiles)


def deploy_army(
    scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, army: Army, rng: random.Random
) -> dict[str, Pos]:
    """A tile of the zone for each unit: melee units on the tiles nearest the enemy, ranged units and healers behind.

    Tiles a unit cannot stand on, and tiles a placed unit holds, are skipped.
    """
    cx, cy = _enemy_centre(scenario, battle_map, side)
    fixed = {(u.at[0] - 1, u.at[1] - 1) for army in scenario.armies.values() for u in army}
    front_first = sorted(deploy_zone(scenario, side) - fixed,
                         key=lambda p: (abs(p[0] - cx) + abs(p[1] - cy), rng.random()))
    taken: set[Pos] = set()
    spots: dict[str, Pos] = {}
    melee = [r for r in army.units if _is_melee(r, catalogue)]
    rest = [r for r in army.units if not _is_melee(r, catalogue)]
    for recruits, tiles in ((melee, front_first), (rest, front_first[::-1])):
        for recruit in recruits:
            for pos in tiles:
                if pos not in taken and _can_stand(recruit, pos, side, catalogue, battle_map):
                    spots[recruit.name] = pos
                    taken.add(pos)
                    break
    return spots


def _can_stand(recruit: Recruit, pos: Pos, side: Side, catalogue: Catalogue, battle_map: BattleMap) -> bool:
    setup = UnitSetup(name=recruit.name, unit_class=recruit.unit_class, items=list(recruit.items),
                      roles=list(recruit.roles), at=(pos[0] + 1, pos[1] + 1))
    try:
        build_unit(setup, side, "deploy", catalogue, battle_map, ())
    except ScenarioError:
        return False
    return True


def take_step(
    state: Muster, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, policy: Policy
) -> Muster:
    """The current army-building step, taken by `policy` for the side whose step it is, through the
    muster API (set_army, place, finish_step) as the screens use it: it hires and deploys with its
    own random source; Scouting and Outfitting are confirmed unchanged."""
    phase, side = current(state, scenario)
    if side is None:
        raise ValueError("army building is over: there is no step to take")
    if phase is Phase.HIRING:
        state = set_army(state, scenario, catalogue, side, policy.hire(scenario, catalogue, side, policy.rng))
    elif phase is Phase.DEPLOYING:
        spots = policy.deploy(scenario, catalogue, battle_map, side, state.armies[side], policy.rng)
        for name, pos in spots.items():
            state = place(state, scenario, battle_map, catalogue, side, name, pos)
    return finish_step(state, scenario, catalogue)


def muster(
    scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, policies: dict[Side, Policy]
) -> dict[Side, list[UnitSetup]]:
    """Every army-building step, each taken by the policy of the side whose step it is (`take_step`).
    Returns the deployed armies for `new_battle` (empty when no side hires)."""
    state = Muster()
    while True:
        _, side = current(state, scenario)
        if side is None:
            return battle_armies(state, scenario)
        state = take_step(state, scenario, catalogue, battle_map, policies[side])
