"""Army building for the computer: hire a sensible army within the war chest, and deploy it inside the zone."""

from __future__ import annotations

import random

from officers_chess.ai.matchups import Matchups
from officers_chess.ai.player import Policy
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.muster.deploy_sight import placed_in_sight
from officers_chess.rules.muster.phases import (
    Muster,
    MusterError,
    Phase,
    battle_armies,
    current,
    finish_step,
    place,
    scouting_report,
    set_army,
)
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, Weapon, WeaponType
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.scenario.deploy_room import (
    NOWHERE,
    Option,
    Room,
    cheapest_army,
    cheapest_by_glyph,
    complete,
    hire_options,
    room_problem,
    smallest_army,
)
from officers_chess.rules.scenario.setup import Scenario, ScenarioError, UnitSetup, build_unit, deploy_zone

DEAREST = 8  # the dearest fair options a measured pick chooses among: gold spent is still strength
NEAR_BEST = 1.0  # options this close to the best are as good: the pick varies among them


def _options(scenario: Scenario, catalogue: Catalogue, side: Side) -> tuple[list[Option], list[Option]]:
    """Armed units (one class, one fighting weapon) and healers (a Heal staff, plus a weapon when it can wield one),
    none with a relic: a hired unit bears no crest, and a relic without its crest only hurts its bearer."""
    armed, healers = hire_options(scenario, catalogue, side)
    return without_relics(armed, catalogue), without_relics(healers, catalogue)


def without_relics(options: list[Option], catalogue: Catalogue) -> list[Option]:
    return [o for o in options if not any(tag_args(catalogue.items[name].tags, "Relic") for name in o[2])]


class _Slots:
    """The zone tiles the army hired so far has spoken for, by glyph, and what the open slots would still cost.

    Each pick takes a tile of the dearest ground it can stand on (the ground cheap units need least), so
    the slots still open can always be filled when the chosen size could be. Without a map every unit
    stands anywhere and only the army's size limits it.
    """

    def __init__(self, room: Room | None, armed: list[Option]) -> None:
        self.room = room
        self.taken: dict[str, int] = {}
        self.cheapest = cheapest_by_glyph(room, armed) if room is not None else {}
        self.first = armed[0][0]

    def rest(self, count: int, taken: dict[str, int] | None = None) -> float:
        """The least gold `count` more armed units cost, each on a tile still free (NOWHERE if they do not fit)."""
        if self.room is None:
            return count * self.first
        return cheapest_army(self.room, self.cheapest, count, self.taken if taken is None else taken)

    def ground(self, option: Option) -> str | None:
        """The glyph the option would take a tile of, or None when no tile it can stand on is left."""
        if self.room is None:
            return "*"
        room = self.room
        free = [g for g in room.glyphs(option[1], option[2]) if room.count(g) > self.taken.get(g, 0)]
        return max(free, key=lambda g: (self.cheapest.get(g, NOWHERE), g), default=None)

    def leaves_room(self, option: Option, open_after: int, left: int) -> bool:
        """True when the option has a tile and leaves gold and tiles enough for the slots still open."""
        glyph = self.ground(option)
        if glyph is None:
            return False
        taken = dict(self.taken)
        taken[glyph] = taken.get(glyph, 0) + 1
        return option[0] + self.rest(open_after, taken) <= left

    def take(self, option: Option) -> None:
        glyph = self.ground(option)
        if glyph is not None:
            self.taken[glyph] = self.taken.get(glyph, 0) + 1


def hire_army(
    scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random, battle_map: BattleMap | None = None,
    matchups: Matchups | None = None, size_shift: int = 0,
) -> Army:
    """A full army within the war chest: a fighting weapon per unit, a healer when staves are allowed and the
    army has four units or more, and the roles the scenario asks (Leader on the dearest unit).

    The size aims at the typical price of an armed unit; each slot then buys among the dearest options
    that leave enough gold to fill the slots still open at the cheapest price: at random, or given `matchups`, the
    one worth most against the enemy the side expects (`hire_pick`). Given the map, the army
    also fits the deployment zone: only as many units as its free tiles hold, each of a class that has
    a tile left to stand on (MusterError, saying why, when the zone cannot hold the smallest army).
    `size_shift` asks for that many units more (or fewer) than the typical price suggests, within the
    scenario's limits: the hard level tries its neighbours (trial_hire.py).
    """
    rules = scenario.rules(side)
    armed, healers = _options(scenario, catalogue, side)
    room = Room(scenario, catalogue, battle_map, side) if battle_map is not None else None
    if battle_map is not None:
        problem = room_problem(scenario, catalogue, battle_map, side, room=room, options=armed)
        if problem is not None:
            raise MusterError(f"the computer cannot build the {side.value}'s army: {problem}")
    if not armed:
        raise MusterError(f"the {side.value} can hire no armed unit in {scenario.name}")
    slots = _Slots(room, armed)
    typical = armed[len(armed) // 2][0]
    floor = min(smallest_army(rules), rules.army.max)
    size = max(floor, min(rules.army.max, rules.war_chest // max(1, typical) + size_shift))
    while size > floor and slots.rest(size) > rules.war_chest:
        size -= 1
    picks: list[Option] = []
    left = rules.war_chest
    foes = matchups.likely_foes(side) if matchups is not None else []
    for slot in range(size):
        open_after = size - slot - 1
        share = left / (size - slot)
        pool = healers if (slot == size - 1 and size >= 4 and healers) else armed
        affordable = ([o for o in pool if slots.leaves_room(o, open_after, left)]
                      or [o for o in armed if slots.leaves_room(o, open_after, left)])
        if not affordable:
            break
        fair = [o for o in affordable if o[0] <= share * 1.25] or affordable[:1]
        if matchups is None:
            pick = rng.choice(fair[-4:])  # among the dearest fair options: spend the chest, vary the army
        else:
            pick = hire_pick(matchups, side, fair, picks, size, foes, rng)
        picks.append(pick)
        slots.take(pick)
        left -= pick[0]
    names = _names(picks, side)
    units = [Recruit(name=n, unit_class=c, items=list(items)) for n, (_, c, items) in zip(names, picks)]
    units = with_roles(scenario, side, units, [p[0] for p in picks])
    army = Army(units=units)
    problems = army_problems(army, side, scenario, catalogue, battle_map=battle_map)
    if problems:
        raise MusterError(f"the computer built an army the scenario refuses for the {side.value}: {problems[0]}")
    return army


def hire_pick(matchups: Matchups, side: Side, fair: list[Option], picks: list[Option], size: int, foes: list,
              rng: random.Random) -> Option:
    """Of the dearest `DEAREST` fair options, the one worth most against the expected `foes`, at random among those
    within `NEAR_BEST` of the best. No class more than a third of the army: one counter must not beat it all."""
    cap = max(1, -(-size // 3))
    dear = fair[-DEAREST:]
    open_ = [o for o in dear if sum(p[1] == o[1] for p in picks) < cap] or dear
    worth = {o: matchups.worth(side, o, foes) for o in open_}
    best = max(worth.values())
    return rng.choice([o for o in open_ if worth[o] >= best - NEAR_BEST])


def outfit_army(scenario: Scenario, catalogue: Catalogue, side: Side, army: Army, scouted: list[str],
                matchups: Matchups, battle_map: BattleMap | None = None) -> Army:
    """Outfitting after Scouting: each unit in turn takes the kit of its class worth most against the classes the
    enemy showed (a fighter stays a fighter, a healer keeps a staff), within the gold the rest of the army leaves.
    The army returned passes `army_problems`; when no change is worth making it is the army as it was."""
    rules = scenario.rules(side)
    armed, healers = _options(scenario, catalogue, side)
    foes = matchups.likely_foes(side, scouted)
    staves = {option[2][-1] for option in healers}  # a healer's option ends with its staff
    units = list(army.units)
    for index, recruit in enumerate(units):
        spare = rules.war_chest - sum(recruit_cost(r, catalogue) for i, r in enumerate(units) if i != index)
        heals = any(item in staves for item in recruit.items)
        kinds = [o for o in (healers if heals else armed) if o[1] == recruit.unit_class and o[0] <= spare]
        if not kinds:
            continue
        worth = {o: matchups.worth(side, o, foes) for o in kinds}
        best = max(kinds, key=lambda o: (worth[o], o[0]))
        now = (recruit_cost(recruit, catalogue), recruit.unit_class, tuple(recruit.items))
        if worth[best] > matchups.worth(side, now, foes) + NEAR_BEST:
            changed = units[:index] + [recruit.model_copy(update={"items": list(best[2])})] + units[index + 1:]
            if not army_problems(Army(units=changed), side, scenario, catalogue, battle_map=battle_map):
                units = changed
    return Army(units=units)


def _names(picks: list[Option], side: Side) -> list[str]:
    """Unit names from their class, numbered when a class repeats (always under the 24-character limit)."""
    counts: dict[str, int] = {}
    names = []
    for _, class_name, _ in picks:
        counts[class_name] = counts.get(class_name, 0) + 1
        names.append(f"{class_name[:18]} {counts[class_name]}")
    return names


def with_roles(scenario: Scenario, side: Side, units: list[Recruit], costs: list[int]) -> list[Recruit]:
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
    """Where the enemy is expected: its deployment zone (the scenario's, known to both sides), else the units of its
    placed army this side may see while deploying (under fog, F22), else the middle of the map. Where the other
    player deployed is never read: it was not there when the computer deployed first, and is hidden under fog."""
    tiles = list(deploy_zone(scenario, side.other))
    if not tiles:
        tiles = [(u.at[0] - 1, u.at[1] - 1) for u in placed_in_sight(scenario, side)]
    if not tiles:
        return battle_map.width / 2, battle_map.height / 2
    return sum(x for x, _ in tiles) / len(tiles), sum(y for _, y in tiles) / len(tiles)


def deploy_army(
    scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, army: Army, rng: random.Random
) -> dict[str, Pos]:
    """A tile of the zone for each unit: melee units on the tiles nearest the enemy, ranged units and healers behind.

    Tiles a unit cannot stand on, and tiles a placed unit holds, are skipped. When that leaves a unit
    without a tile, units move to other tiles of theirs to make room; if the army still does not fit,
    MusterError says so.
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
    if len(spots) < len(army.units):  # the first come took tiles the others needed: make room
        order = {r.name: front_first if r in melee else front_first[::-1] for r in army.units}
        wishes = {r.name: [p for p in order[r.name] if _can_stand(r, p, side, catalogue, battle_map)] for r in army.units}
        spots = complete(wishes, spots)
    if len(spots) < len(army.units):
        missing = [r.name for r in army.units if r.name not in spots]
        raise MusterError(f"the {side.value}'s deployment zone has room for only {len(spots)} of its {len(army.units)} "
                          f"units: no free tile of the zone is left where {', '.join(missing)} can stand")
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
    own random source; Scouting is read, and Outfitting changes the kit only for a level that outfits (`outfit`)."""
    phase, side = current(state, scenario)
    if side is None:
        raise ValueError("army building is over: there is no step to take")
    if phase is Phase.HIRING:
        army = policy.hire(scenario, catalogue, side, policy.rng, battle_map)
        state = set_army(state, scenario, catalogue, side, army, battle_map=battle_map)
    elif phase is Phase.OUTFITTING:
        kit = policy.outfit(scenario, catalogue, side, state.armies[side], scouting_report(state, scenario, side),
                            battle_map)
        if kit is not None:
            state = set_army(state, scenario, catalogue, side, kit, battle_map=battle_map)
    elif phase is Phase.DEPLOYING:
        spots = policy.deploy(scenario, catalogue, battle_map, side, state.armies[side], policy.rng)
        for name, pos in spots.items():
            state = place(state, scenario, battle_map, catalogue, side, name, pos)
    return finish_step(state, scenario, catalogue, battle_map=battle_map)


def muster(
    scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, policies: dict[Side, Policy],
    hired: dict[Side, Army] | None = None,
) -> dict[Side, list[UnitSetup]]:
    """Every army-building step, each taken by the policy of the side whose step it is (`take_step`); a side
    in `hired` (a campaign's muster chose its army) brings that army to its Hiring step instead.
    Returns the deployed armies for `new_battle` (empty when no side hires)."""
    state = Muster()
    while True:
        phase, side = current(state, scenario)
        if side is None:
            return battle_armies(state, scenario)
        if phase is Phase.HIRING and hired is not None and side in hired:
            state = set_army(state, scenario, catalogue, side, hired[side], battle_map=battle_map)
            state = finish_step(state, scenario, catalogue, battle_map=battle_map)
        else:
            state = take_step(state, scenario, catalogue, battle_map, policies[side])
