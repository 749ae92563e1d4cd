"""The computer's campaign muster restocks its veterans (ai/campaign_restock.py, docs/rulings.md C12, C13): a healer
whose staff ran out gets one, worn items get fresh ones, within the chest, and never an item a unit cannot use."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.ai.campaign_muster import company_army
from officers_chess.ai.campaign_restock import missing_tools, running_low, shop
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_catalogue, load_scenario
from officers_chess.rules.campaign.company import Company, Veteran, bill
from officers_chess.rules.muster.army import Army, Recruit, army_problems
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.models import Side, Weapon, WeaponType
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.scenario.setup import can_equip_class

CAMPAIGNS = Path(__file__).resolve().parent.parent / "campaigns"


@pytest.fixture(scope="module")
def wend():
    return load_scenario(CAMPAIGNS / "salt_road" / "three_bridges.yaml")  # The Salt Road's last chapter


@pytest.fixture(scope="module")
def yard():
    return load_scenario(find_scenario("practice_muster"))  # army 2 to 4, every class and item allowed


@pytest.fixture(scope="module")
def tithe():
    return load_scenario(find_scenario("ratings_harrow_tithe"))  # ratings: Priests wield faith and staves


def vet(name: str, unit_class: str, items: list[str], used: list[int] | None = None) -> Veteran:
    return Veteran(name=name, unit_class=unit_class, items=items, used=used or [], battles=1)


def field(loaded, company: Company, seed: int = 3, level: str = "greedy", player: str = "p2") -> Army:
    return company_army(loaded.scenario, loaded.catalogue, loaded.battle_map, Side.ATTACKER, company,
                        make_policy(level, seed), player)


def unit(army: Army, name: str) -> Recruit:
    return next(r for r in army.units if r.name == name)


def bought(loaded, company: Company, army: Army) -> list[tuple[str, int]]:
    return [line for line in bill(company, army, set(), loaded.catalogue).lines if " bought for " in line[0]]


def heals(loaded, name: str) -> bool:
    item = loaded.catalogue.items[name]
    return isinstance(item, Weapon) and item.type is WeaponType.STAFF and bool(tag_args(item.tags, "Heal"))


def test_a_healer_whose_staff_ran_out_rebuys_one_before_anything_else(wend):
    # The Salt Road at seed 1: the Pikes' Troubadour Nyle spends its Mend Staff at the Tollhouse and came to the
    # Wend with nothing in hand, its company holding 2330 gold; the old muster re-bought only weapons.
    company = Company(chest=900, veterans=[vet("Nyle", "Troubadour", []), vet("Mott", "Cavalier", ["Killing Edge"])])
    for seed, level in ((1, "normal"), (2, "greedy")):  # the level the campaign was simulated at, and the quick one
        fielded = field(wend, company, seed, level)
        nyle = unit(fielded, "Nyle")
        assert len(nyle.items) == 1 and heals(wend, nyle.items[0]), (seed, nyle.items)
        staff = nyle.items[0]
        assert staff == "Heal Staff"  # one that never runs out, where the chapter sells one
        result = bill(company, fielded, set(), wend.catalogue)
        assert result.lines[0] == (f"{staff} bought for Nyle", -item_price(wend.catalogue.items[staff]))
        assert result.chest_after >= 0
        assert unit(fielded, "Mott").items == ["Killing Edge"]  # nothing it lacks, nothing running low


def test_the_staff_comes_first_when_the_chest_pays_for_only_it(yard):
    # 40 gold is a Heal Staff and nothing more: the staff is bought, and no hire takes the gold before it.
    company = Company(chest=40, veterans=[vet("Elsa", "Cleric", []), vet("Odo", "Fighter", ["Iron Axe"])])
    fielded = field(yard, company)
    assert unit(fielded, "Elsa").items == ["Heal Staff"] and len(fielded.units) == 2
    assert bill(company, fielded, set(), yard.catalogue).chest_after == 0


def test_a_chest_short_of_the_staff_buys_none(yard):
    company = Company(chest=39, veterans=[vet("Elsa", "Cleric", []), vet("Odo", "Fighter", ["Iron Axe"])])
    fielded = field(yard, company)
    assert unit(fielded, "Elsa").items == [] and bought(yard, company, fielded) == []
    assert bill(company, fielded, set(), yard.catalogue).chest_after == 39  # nothing else fits in 39 either


def test_every_units_staff_before_any_units_spare_weapon(tithe):
    # Ratings Sages and Priests wield staves and a tome or faith: the staff is their main tool. 60 gold buys two
    # Heal Staves (25 each): the Sage (the dearer, first in line) does not spend 35 on Fire before the Priest's staff.
    company = Company(chest=60, veterans=[vet("Sela", "Sage", []), vet("Pia", "Priest", []),
                                          vet("Rolf", "Hero", ["Brave Sword"]), vet("Sten", "Hero", ["Brave Sword"])])
    fielded = field(tithe, company)
    assert unit(fielded, "Sela").items == ["Heal Staff"] and unit(fielded, "Pia").items == ["Heal Staff"]
    assert bill(company, fielded, set(), tithe.catalogue).chest_after == 10
    # 25 + 25 + 35 + 35: the spares too. Since issue 35 the ratings Lightning has no Homing (rulings E33) and
    # costs 35, not more than Shine's 40, so the Priest's spare is the Lightning and 5 gold is left.
    richer = Company(chest=125, veterans=company.veterans)
    fielded = field(tithe, richer)
    assert unit(fielded, "Sela").items == ["Heal Staff", "Fire"] and unit(fielded, "Pia").items == ["Heal Staff", "Lightning"]
    assert bill(richer, fielded, set(), tithe.catalogue).chest_after == 5


def test_the_staff_bought_is_the_cheapest_a_use(tithe):
    # In ratings every staff runs out: Heal Staff 25 gold for 6 heals beats Physic Staff 20 for 3.
    wares = shop(tithe.scenario, Side.ATTACKER, tithe.catalogue)
    assert missing_tools(Recruit(name="Pia", unit_class="Priest", items=[]), tithe.catalogue, wares) == \
        ["Heal Staff", "Lightning"]  # the cheapest light tome: 35 since it lost Homing (E33)


def test_a_staff_running_low_gets_a_fresh_one_from_the_gold_the_hires_leave(wend):
    # A Mend Staff has five uses: two left is running low, four left is not.
    low = Company(chest=2000, veterans=[vet("Nyle", "Troubadour", ["Mend Staff"], [3])])
    fielded = field(wend, low)
    assert unit(fielded, "Nyle").items == ["Mend Staff", "Mend Staff"] and unit(fielded, "Nyle").used == [3, 0]
    assert ("Mend Staff bought for Nyle", -item_price(wend.catalogue.items["Mend Staff"])) in bought(wend, low, fielded)
    fresh = Company(chest=2000, veterans=[vet("Nyle", "Troubadour", ["Mend Staff"], [1])])
    assert unit(field(wend, fresh), "Nyle").items == ["Mend Staff"]


def test_a_worn_vulnerary_is_restocked(wend):
    company = Company(chest=2000, veterans=[vet("Mott", "Cavalier", ["Killing Edge", "Vulnerary"], [0, 2])])
    fielded = field(wend, company)
    mott = unit(fielded, "Mott")
    assert mott.items == ["Killing Edge", "Vulnerary", "Vulnerary"] and mott.used == [0, 2, 0]
    assert bought(wend, company, fielded) == [("Vulnerary bought for Mott", -item_price(wend.catalogue.items["Vulnerary"]))]
    assert bill(company, fielded, set(), wend.catalogue).chest_after >= 0


def test_a_vulnerary_with_most_of_its_uses_is_kept_as_it_is(wend):
    company = Company(chest=2000, veterans=[vet("Mott", "Cavalier", ["Killing Edge", "Vulnerary"], [0, 1])])
    assert unit(field(wend, company), "Mott").items == ["Killing Edge", "Vulnerary"]


def test_the_hires_come_before_a_fresh_vulnerary(wend):
    # 130 gold: a Myrmidon with a Killing Edge, or a vulnerary. The army's open place is filled first.
    company = Company(chest=130, veterans=[vet("Mott", "Cavalier", ["Killing Edge", "Vulnerary"], [0, 2]),
                                           vet("Kell", "Thief", ["Killing Edge"]), vet("Lark", "Cavalier", ["Iron Sword"])])
    fielded = field(wend, company)
    assert len(fielded.units) == 4 and unit(fielded, "Mott").items == ["Killing Edge", "Vulnerary"]
    result = bill(company, fielded, set(), wend.catalogue)
    assert bought(wend, company, fielded) == [] and 0 <= result.chest_after < 20


def test_a_unit_with_no_free_slot_buys_nothing(wend):
    company = Company(chest=2000, veterans=[vet("Mott", "Cavalier", ["Killing Edge", "Vulnerary", "Vulnerary"],
                                                [0, 2, 2])])
    fielded = field(wend, company)
    assert unit(fielded, "Mott").items == ["Killing Edge", "Vulnerary", "Vulnerary"]
    assert bought(wend, company, fielded) == []


def test_nothing_is_bought_that_the_chapter_does_not_sell(wend):
    # The Wend sells no Physic Staff: a worn one is carried as it is, never topped up from outside the shop.
    assert "Physic Staff" not in shop(wend.scenario, Side.ATTACKER, wend.catalogue)
    recruit = Recruit(name="Nyle", unit_class="Troubadour", items=["Physic Staff"], used=[3])
    assert running_low(recruit, wend.catalogue, shop(wend.scenario, Side.ATTACKER, wend.catalogue)) == ([], [])


def test_a_class_that_wields_no_staff_is_never_sold_one(yard):
    wares = shop(yard.scenario, Side.ATTACKER, yard.catalogue)
    tools = missing_tools(Recruit(name="M", unit_class="Mage", items=[]), yard.catalogue, wares)
    assert len(tools) == 1 and yard.catalogue.items[tools[0]].type is WeaponType.REASON  # a tome, no staff
    assert missing_tools(Recruit(name="C", unit_class="Cleric", items=[]), yard.catalogue, wares) == ["Heal Staff"]
    # a stone is no tool the muster re-buys: the computer never hires a unit to carry one (hire_options)
    assert missing_tools(Recruit(name="T", unit_class="Taguel", items=[]), yard.catalogue, wares) == []


@pytest.mark.parametrize("edition_scenario", ["practice_muster", "ratings_harrow_tithe"])
def test_every_class_bare_or_worn_gets_only_what_it_can_use_within_the_chest(edition_scenario):
    # Every class of the edition, in threes, bare and then with worn kit, at a rich chest and at a poor one: each
    # item fielded is one the chapter allows and the class can wield, and the books balance at zero or more.
    loaded = load_scenario(find_scenario(edition_scenario))
    catalogue = loaded.catalogue
    classes = sorted(catalogue.classes)
    wares = shop(loaded.scenario, Side.ATTACKER, catalogue)
    worn = [n for n in wares if tag_args(catalogue.items[n].tags, "Consumable")]
    checked = 0
    for start in range(0, len(classes), 3):
        group = classes[start:start + 3]
        for chest in (0, 60, 5000):
            for bare in (True, False):
                veterans = []
                for i, name in enumerate(group):
                    unit_class = catalogue.classes[name]
                    kit = [] if bare else [n for n in worn if not isinstance(catalogue.items[n], Weapon)
                                           or can_equip_class(unit_class, catalogue.items[n])][:1]
                    used = [int(tag_args(catalogue.items[n].tags, "Consumable")[0]) - 1 for n in kit]
                    veterans.append(vet(f"V{start + i}", name, kit, used))
                company = Company(chest=chest, veterans=veterans)
                try:
                    fielded = company_army(loaded.scenario, catalogue, loaded.battle_map, Side.ATTACKER, company,
                                           make_policy("greedy", start))
                except MusterError as exc:  # a company too poor for the smallest army forfeits: that is all
                    assert chest < 5000 and "cannot field" in str(exc), exc
                    continue
                for recruit in fielded.units:
                    unit_class = catalogue.classes[recruit.unit_class]
                    for item in recruit.items:
                        assert item in wares, (recruit, item)
                        if isinstance(catalogue.items[item], Weapon):
                            assert can_equip_class(unit_class, catalogue.items[item]), (recruit, item)
                rules = loaded.scenario.rules(Side.ATTACKER).model_copy(update={"war_chest": 10**9})
                scenario = loaded.scenario.model_copy(update={"sides": {**loaded.scenario.sides, Side.ATTACKER: rules}})
                assert army_problems(fielded, Side.ATTACKER, scenario, catalogue, battle_map=loaded.battle_map) == []
                assert bill(company, fielded, set(), catalogue).chest_after >= 0
                checked += 1
    assert checked >= 2 * len(range(0, len(classes), 3))  # every rich company took the field: real musters


def test_the_catalogue_facts_these_tests_lean_on():
    v06, ratings = load_catalogue("v0.6"), load_catalogue("ratings")
    assert v06.classes["Troubadour"].wields == [WeaponType.STAFF]
    assert not tag_args(v06.items["Heal Staff"].tags, "Consumable")  # lasts
    assert tag_args(v06.items["Mend Staff"].tags, "Consumable") == [5]
    assert tag_args(v06.items["Vulnerary"].tags, "Consumable") == [3]
    assert set(ratings.classes["Priest"].wields) == {WeaponType.FAITH, WeaponType.STAFF}
    assert (item_price(ratings.items["Heal Staff"]), item_price(ratings.items["Physic Staff"])) == (25, 20)
    assert tag_args(ratings.items["Heal Staff"].tags, "Consumable") == [6]
    assert tag_args(ratings.items["Physic Staff"].tags, "Consumable") == [3]
