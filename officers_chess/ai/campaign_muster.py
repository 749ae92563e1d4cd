"""The computer's muster between chapters: field its veterans (dearest first), restock their kit, hire to fill."""

from __future__ import annotations

from officers_chess.ai.campaign_restock import buy, shop, tool_rounds, top_up_rounds
from officers_chess.ai.muster_ai import with_roles
from officers_chess.ai.player import Policy
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.campaign.company import Company, MusterRefused, bill, kit
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import ArmyLimits, Scenario


# Each company's own names, so no battle sets two units of one name against each other, whichever side each
# company takes in a chapter (ours, and apart from the single battles' names).
NAME_POOLS: dict[str, tuple[str, ...]] = {
    "p1": ("Alder", "Bryn", "Cass", "Dunstan", "Elsa", "Fitch", "Gwen", "Hollis", "Isen", "Jory", "Kit", "Lisle",
           "Merrow", "Nell", "Odo", "Pell", "Quill", "Rue", "Sorrel", "Tansy", "Udo", "Vale", "Wynn", "Yarrow"),
    "p2": ("Ash", "Bram", "Cobb", "Dara", "Ewan", "Fern", "Gilly", "Hask", "Ivo", "Jessop", "Kell", "Lark",
           "Mott", "Nyle", "Orla", "Pike", "Roan", "Sedge", "Tull", "Ulric", "Vesna", "Wade", "Yew", "Zell"),
}


def new_name(player: str, taken: set[str]) -> str:
    """The first of the company's names not yet taken (then "Recruit N")."""
    for name in NAME_POOLS[player]:
        if name not in taken:
            return name
    number = 1
    while f"Recruit {number}" in taken:
        number += 1
    return f"Recruit {number}"


def _allowed(scenario: Scenario, side: Side, recruit: Recruit) -> Recruit | None:
    """The veteran as this chapter allows it: None when its class may not take the field here; items the
    scenario does not allow are laid down (and sold)."""
    rules = scenario.rules(side)
    if rules.classes is not None and recruit.unit_class not in rules.classes:
        return None
    if rules.items is None:
        return recruit
    return recruit.model_copy(update={"items": [i for i in recruit.items if i in rules.items], "used": []})


def company_army(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap | None, side: Side,
                 company: Company, policy: Policy, player: str = "p1") -> Army:
    """The army the computer fields from its company for a chapter. Its veterans go first, dearest first, up to
    the scenario's largest army, and buy the tools their classes work with that they lack (a healer's staff
    first, then a weapon: `campaign_restock.tool_rounds`); the gold left hires new units for the open places, as the
    computer hires for a single battle (`Policy.hire`), and what the hires leave buys fresh ones of the items running
    low (`campaign_restock.top_up_rounds`). Nothing is bought that the chest cannot pay or the unit cannot use.
    No veteran is dismissed: those left out wait in reserve. MusterError when no army the scenario allows can be
    fielded from the company."""
    rules = scenario.rules(side)
    # The campaign's own books settle the gold (`bill`): the scenario's war chest does not limit the army.
    scenario = scenario.model_copy(update={"sides": {**scenario.sides, side: rules.model_copy(update={"war_chest": 10**9})}})
    veterans = []
    for veteran in sorted(company.veterans, key=lambda v: -recruit_cost(v.recruit(), catalogue)):
        fit = _allowed(scenario, side, veteran.recruit())
        if fit is not None and len(veterans) < rules.army.max:
            veterans.append(kit(veteran, list(fit.items)))
    wares = shop(scenario, side, catalogue)
    # The tools the veterans lack come before any hire: a healer without a staff is no healer.
    veterans, gold = buy(company, veterans, tool_rounds(veterans, catalogue, wares), catalogue, company.chest)
    names = {v.name for v in company.veterans} | set(company.fallen)  # the dead keep their names
    hires = _hire(scenario, catalogue, battle_map, side, policy, gold, rules.army.max - len(veterans),
                  rules.army.min - len(veterans), names, player)
    # Fresh ones for what is running low only with the gold the hires leave: a unit more counts for more.
    gold -= sum(recruit_cost(h, catalogue) for h in hires)
    veterans, gold = buy(company, veterans, top_up_rounds(veterans, catalogue, wares), catalogue, gold)
    while True:
        units = with_roles(scenario, side, [u.model_copy(update={"roles": []}) for u in veterans + hires],
                            [recruit_cost(u, catalogue) for u in veterans + hires])
        army = Army(units=units)
        problems = army_problems(army, side, scenario, catalogue, battle_map=battle_map)
        if not problems:
            break
        if hires:  # too many for the zone, say: the last hired stays home
            hires.pop()
        elif len(veterans) > 1:
            veterans.pop()
        else:
            raise MusterError(f"the computer cannot field the {side.value}'s company here: {problems[0]}")
    try:
        bill(company, army, set(), catalogue)
    except MusterRefused as exc:  # a muster the campaign's books refuse would be a bug here: say so plainly
        raise MusterError(f"the computer's muster for the {side.value} does not add up: {exc}") from None
    return army


def _hire(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap | None, side: Side, policy: Policy,
          gold: int, places: int, needed: int, taken: set[str], player: str) -> list[Recruit]:
    """New units for up to `places` open places within `gold`, at least `needed` of them when the chest allows (the
    scenario's smallest army, less the veterans), named apart from the company's veterans."""
    if places <= 0:
        return []
    army = None
    for least in dict.fromkeys((min(max(1, needed), places), 1)):  # enough for the smallest army, else what it can
        rules = scenario.rules(side).model_copy(update={"war_chest": gold, "army": ArmyLimits(min=least, max=places),
                                                        "roles": []})
        shop = scenario.model_copy(update={"sides": {**scenario.sides, side: rules}})
        try:
            army = policy.hire(shop, catalogue, side, policy.rng, battle_map)
            break
        except MusterError:
            continue
    if army is None:
        return []  # not even one unit is affordable: the veterans go alone
    hires = []
    for recruit in army.units:
        name = new_name(player, taken)
        taken.add(name)
        hires.append(recruit.model_copy(update={"name": name}))
    return hires
