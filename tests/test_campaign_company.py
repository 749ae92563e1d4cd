"""A company between chapters (rules/campaign/company.py) and the computer's muster (ai/campaign_muster.py):
selling prices, the muster's bill line by line, what it refuses, and the army the computer fields
(docs/rulings.md C6, C7)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from officers_chess.ai.campaign_muster import company_army
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_catalogue, load_scenario
from officers_chess.rules.campaign.company import (
    Company, MusterRefused, Veteran, after_muster, bill, kit, kit_sold, sale_price,
)
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.muster.phases import MusterError
from officers_chess.rules.pieces.models import Side, Weapon, WeaponType
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.scenario.deploy_room import hire_options

CAT = load_catalogue("v0.6")


def price(name: str) -> int:
    return item_price(CAT.items[name])


def uses(name: str) -> int:
    return int(tag_args(CAT.items[name].tags, "Consumable")[0])


def cost(recruit: Recruit) -> int:
    return recruit_cost(recruit, CAT)


def vet(name: str, unit_class: str, items: list[str], used: list[int] | None = None, battles: int = 1) -> Veteran:
    return Veteran(name=name, unit_class=unit_class, items=items, used=used or [], battles=battles)


def army(*recruits: Recruit) -> Army:
    return Army(units=list(recruits))


def hire(name: str, unit_class: str, items: list[str], used: list[int] | None = None) -> Recruit:
    return Recruit(name=name, unit_class=unit_class, items=items, used=used or [])


def test_the_catalogue_items_these_tests_lean_on():
    assert uses("Vulnerary") == 3 and uses("Mend Staff") == 5 and not tag_args(CAT.items["Iron Sword"].tags, "Consumable")
    assert price("Vulnerary") % 2 == 0 and price("Iron Axe") > 0  # so the figures below are exact


# ------------------------------------------------------------------------------------------- sale_price


def test_an_item_without_uses_sells_for_half_its_price_rounded_down():
    assert sale_price("Iron Sword", 0, CAT) == price("Iron Sword") // 2
    odd = next(n for n, i in CAT.items.items() if item_price(i) % 2 and not tag_args(i.tags, "Consumable"))
    assert sale_price(odd, 0, CAT) == (price(odd) - 1) // 2  # rounded down
    assert sale_price("Iron Sword", 2, CAT) == price("Iron Sword") // 2  # `spent` means nothing without uses


@pytest.mark.parametrize("spent", [0, 1, 2, 3])
def test_a_consumable_sells_for_half_the_share_of_its_uses_left(spent):
    full = price("Vulnerary")  # Consumable(3)
    assert sale_price("Vulnerary", spent, CAT) == full * (3 - spent) // 6


def test_consumable_sale_figures():
    assert sale_price("Vulnerary", 0, CAT) == price("Vulnerary") // 2
    assert sale_price("Vulnerary", 3, CAT) == 0  # used up: worth nothing
    assert sale_price("Mend Staff", 2, CAT) == price("Mend Staff") * 3 // 10  # a staff with uses: 3 of 5 left
    assert sale_price("Vulnerary", 1, CAT) < sale_price("Vulnerary", 0, CAT)


# ----------------------------------------------------------------------------------------------- bill


def test_hiring_costs_each_unit_at_its_full_price():
    a, b = hire("Ana", "Fighter", ["Iron Axe"]), hire("Bo", "Mercenary", ["Iron Sword", "Vulnerary"])
    result = bill(Company(chest=1000), army(a, b), set(), CAT)
    assert sorted(gold for _, gold in result.lines) == sorted([-cost(a), -cost(b)])
    assert result.net == -(cost(a) + cost(b))
    assert result.chest_after == 1000 - cost(a) - cost(b)
    assert any("hired Ana (Fighter)" in line for line, _ in result.lines)


def test_a_veteran_comes_paid_for():
    company = Company(chest=40, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    result = bill(company, army(hire("Old", "Fighter", ["Iron Axe"])), set(), CAT)
    assert result.lines == () and result.chest_after == 40


def test_an_item_bought_for_a_veteran_costs_its_full_price():
    company = Company(chest=100, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    result = bill(company, army(hire("Old", "Fighter", ["Iron Axe", "Vulnerary"])), set(), CAT)
    assert result.lines == (("Vulnerary bought for Old", -price("Vulnerary")),)
    assert result.chest_after == 100 - price("Vulnerary")


def test_an_item_a_veteran_lays_down_is_sold_with_its_wear():
    company = Company(chest=0, veterans=[vet("Old", "Fighter", ["Iron Axe", "Vulnerary"], [0, 1])])
    result = bill(company, army(hire("Old", "Fighter", ["Iron Axe"])), set(), CAT)
    assert result.lines == (("Vulnerary of Old sold", sale_price("Vulnerary", 1, CAT)),)
    assert result.chest_after == price("Vulnerary") * 2 // 6


def test_what_is_sold_pays_for_what_is_bought_in_the_same_muster():
    company = Company(chest=price("Iron Axe") - price("Steel Axe") // 2,
                      veterans=[vet("Old", "Fighter", ["Steel Axe"])])
    result = bill(company, army(hire("Old", "Fighter", ["Iron Axe"])), set(), CAT)
    assert sorted(result.lines) == sorted([("Iron Axe bought for Old", -price("Iron Axe")),
                                           ("Steel Axe of Old sold", price("Steel Axe") // 2)])
    assert result.chest_after == 0


def test_a_dismissed_veteran_carries_its_kit_off_sold_and_nothing_for_its_class():
    leaving = vet("Gone", "Knight", ["Iron Lance", "Vulnerary"], [0, 2])
    company = Company(chest=5, veterans=[leaving, vet("Stay", "Fighter", ["Iron Axe"])])
    result = bill(company, army(hire("Stay", "Fighter", ["Iron Axe"])), {"Gone"}, CAT)
    assert sorted(result.lines) == sorted([("Gone leaves the company: Iron Lance sold", price("Iron Lance") // 2),
                                           ("Gone leaves the company: Vulnerary sold", price("Vulnerary") // 6)])
    assert result.chest_after == 5 + price("Iron Lance") // 2 + price("Vulnerary") * 1 // 6
    home = after_muster(company, army(hire("Stay", "Fighter", ["Iron Axe"])), {"Gone"}, result.chest_after)
    assert home.veterans == [] and home.chest == result.chest_after


def test_a_veteran_neither_fielded_nor_dismissed_waits_in_reserve_unchanged():
    resting = vet("Rest", "Archer", ["Iron Bow", "Vulnerary"], [0, 2], battles=3)
    company = Company(chest=200, veterans=[resting, vet("Out", "Fighter", ["Iron Axe"])])
    fielded = army(hire("Out", "Fighter", ["Iron Axe"]), hire("New", "Mercenary", ["Iron Sword"]))
    result = bill(company, fielded, set(), CAT)
    assert all("Rest" not in line for line, _ in result.lines)  # nothing bought or sold for the reserve
    home = after_muster(company, fielded, set(), result.chest_after)
    assert home.veterans == [resting] and home.chest == 200 - cost(hire("New", "Mercenary", ["Iron Sword"]))


def test_spending_more_than_the_chest_is_refused():
    dear = hire("Ana", "Swordmaster", ["Killing Edge"])
    with pytest.raises(MusterRefused, match=f"costs {cost(dear)} gold, more than the {cost(dear) - 1} in the chest"):
        bill(Company(chest=cost(dear) - 1), army(dear), set(), CAT)
    assert bill(Company(chest=cost(dear)), army(dear), set(), CAT).chest_after == 0  # every last coin is fine


def test_buying_for_a_veteran_beyond_the_chest_is_refused():
    company = Company(chest=price("Vulnerary") - 1, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    with pytest.raises(MusterRefused):
        bill(company, army(hire("Old", "Fighter", ["Iron Axe", "Vulnerary"])), set(), CAT)


def test_a_veteran_keeps_its_class():
    company = Company(chest=1000, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    with pytest.raises(MusterRefused, match="keeps its class"):
        bill(company, army(hire("Old", "Brigand", ["Iron Axe"])), set(), CAT)


def test_worn_items_must_be_worn_as_the_books_say():
    company = Company(chest=1000, veterans=[vet("Old", "Fighter", ["Iron Axe", "Vulnerary"], [0, 2])])
    for claimed in ([], [0, 0], [0, 1]):  # a fresh Vulnerary, or less worn than it is
        with pytest.raises(MusterRefused, match="worn"):
            bill(company, army(hire("Old", "Fighter", ["Iron Axe", "Vulnerary"], claimed)), set(), CAT)
    assert bill(company, army(hire("Old", "Fighter", ["Iron Axe", "Vulnerary"], [0, 2])), set(), CAT).lines == ()


def test_a_new_hire_cannot_bring_worn_items():
    with pytest.raises(MusterRefused, match="new hire"):
        bill(Company(chest=1000), army(hire("Ana", "Fighter", ["Iron Axe", "Vulnerary"], [0, 1])), set(), CAT)


def test_two_units_with_one_name_are_refused():
    with pytest.raises(MusterRefused, match="same name"):
        bill(Company(chest=1000), army(hire("Ana", "Fighter", ["Iron Axe"]), hire("Ana", "Soldier", ["Iron Lance"])),
             set(), CAT)


def test_a_fielded_unit_cannot_be_dismissed():
    company = Company(chest=1000, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    with pytest.raises(MusterRefused, match="both take the field and be dismissed"):
        bill(company, army(hire("Old", "Fighter", ["Iron Axe"])), {"Old"}, CAT)


def test_a_new_hire_cannot_take_a_dismissed_veterans_name():
    company = Company(chest=1000, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    with pytest.raises(MusterRefused):
        bill(company, army(hire("Old", "Fighter", [])), {"Old"}, CAT)


def test_only_a_veteran_can_be_dismissed():
    with pytest.raises(MusterRefused, match="no veteran named Ghost"):
        bill(Company(chest=10), army(), {"Ghost"}, CAT)


@pytest.mark.parametrize("used", [[2, 0], [0, 2]])
def test_of_two_alike_items_the_freshest_is_kept_and_the_most_worn_sold(used):
    company = Company(chest=0, veterans=[vet("Old", "Fighter", ["Vulnerary", "Vulnerary"], used)])
    assert kit(company.veterans[0], ["Vulnerary"]).used == []  # the fresh one stays
    assert kit_sold(company.veterans[0], ["Vulnerary"]) == [("Vulnerary", 2)]
    result = bill(company, army(hire("Old", "Fighter", ["Vulnerary"])), set(), CAT)
    assert result.lines == (("Vulnerary of Old sold", sale_price("Vulnerary", 2, CAT)),)
    # Keeping the worn one is a choice the muster may make (ruling L21): the fresh one is sold, at its own price.
    kept_worn = bill(company, army(hire("Old", "Fighter", ["Vulnerary"], [2])), set(), CAT)
    assert kept_worn.lines == (("Vulnerary of Old sold", sale_price("Vulnerary", 0, CAT)),)
    with pytest.raises(MusterRefused, match="worn"):  # but a wear the books never saw is refused
        bill(company, army(hire("Old", "Fighter", ["Vulnerary"], [1])), set(), CAT)


def test_kit_keeps_each_owned_items_wear_and_new_items_fresh():
    old = vet("Old", "Fighter", ["Iron Axe", "Vulnerary", "Vulnerary"], [0, 1, 2])
    assert kit(old, ["Vulnerary", "Hand Axe", "Vulnerary"]).used == [1, 0, 2]
    assert kit(old, ["Iron Axe"]).used == []  # no wear: written as none
    assert kit(old, ["Vulnerary", "Vulnerary", "Vulnerary"]).used == [1, 2, 0]  # the third is bought new
    assert kit_sold(old, ["Vulnerary"]) == [("Iron Axe", 0), ("Vulnerary", 2)]


def test_a_bought_second_copy_of_an_item_is_charged():
    company = Company(chest=100, veterans=[vet("Old", "Fighter", ["Vulnerary"], [1])])
    result = bill(company, army(hire("Old", "Fighter", ["Vulnerary", "Vulnerary"], [1, 0])), set(), CAT)
    assert result.lines == (("Vulnerary bought for Old", -price("Vulnerary")),)


# --------------------------------------------------------------------------------------------- Veteran


def test_a_veteran_has_no_hp_and_takes_the_field_with_its_worn_kit():
    with pytest.raises(ValidationError):
        Veteran.model_validate({"name": "Old", "class": "Fighter", "hp": 7})
    old = vet("Old", "Fighter", ["Iron Axe", "Vulnerary"], [0, 2], battles=4)
    assert old.recruit() == Recruit(name="Old", unit_class="Fighter", items=["Iron Axe", "Vulnerary"], used=[0, 2])
    assert vet("Old", "Fighter", ["Iron Axe", "Vulnerary"], [1]).recruit().used == [1, 0]  # padded to its items
    assert vet("Old", "Fighter", ["Iron Axe"], [0]).recruit().used == []
    assert old.spent(1) == 2 and old.spent(2) == 0


def test_a_veteran_cannot_have_negative_wear_or_wear_for_items_it_lacks():
    with pytest.raises(ValidationError):
        Veteran.model_validate({"name": "X", "class": "Fighter", "items": ["Vulnerary"], "used": [-30]})
    with pytest.raises(ValidationError):
        Veteran.model_validate({"name": "X", "class": "Fighter", "items": [], "used": [1, 2]})


# ---------------------------------------------------------------------------------- the computer's muster


@pytest.fixture(scope="module")
def yard():
    return load_scenario(find_scenario("practice_muster"))  # army 2 to 4, no class or item limits


def field(loaded, company: Company, side: Side = Side.ATTACKER, level: str = "greedy", seed: int = 5) -> Army:
    return company_army(loaded.scenario, loaded.catalogue, loaded.battle_map, side, company, make_policy(level, seed))


def legal(loaded, fielded: Army, side: Side = Side.ATTACKER) -> list[str]:
    rules = loaded.scenario.rules(side).model_copy(update={"war_chest": 10**9})
    scenario = loaded.scenario.model_copy(update={"sides": {**loaded.scenario.sides, side: rules}})
    return army_problems(fielded, side, scenario, loaded.catalogue, battle_map=loaded.battle_map)


def test_the_computer_fields_its_dearest_veterans_up_to_the_army_maximum(yard):
    veterans = [vet("Cheap", "Fighter", ["Hand Axe"]), vet("Dear", "Swordmaster", ["Killing Edge"]),
                vet("Mid", "Knight", ["Steel Lance"]), vet("Worn", "Cleric", ["Mend Staff"], [3]),
                vet("Fair", "Mercenary", ["Steel Sword"])]
    company = Company(chest=0, veterans=veterans)
    fielded = field(yard, company)
    dearest = sorted(veterans, key=lambda v: -cost(v.recruit()))[:4]
    assert [r.name for r in fielded.units] == [v.name for v in dearest]
    assert "Cheap" not in {r.name for r in fielded.units}  # waits in reserve
    worn = next(r for r in fielded.units if r.name == "Worn")
    assert worn.items == ["Mend Staff"] and worn.used == [3]  # its kit as the books say
    assert bill(company, fielded, set(), CAT).chest_after == 0 and legal(yard, fielded) == []


def test_the_computer_rearms_a_veteran_whose_last_weapon_is_gone(yard):
    company = Company(chest=500, veterans=[vet("Bare", "Fighter", ["Vulnerary"], [1]),
                                           vet("Armed", "Mercenary", ["Iron Sword"])])
    fielded = field(yard, company)
    bare = next(r for r in fielded.units if r.name == "Bare")
    weapons = [n for n in bare.items if isinstance(CAT.items[n], Weapon)]
    armed, _ = hire_options(yard.scenario, yard.catalogue, Side.ATTACKER)
    cheapest = next(o[2][0] for o in armed if o[1] == "Fighter")
    assert weapons == [cheapest] and bare.items[0] == "Vulnerary" and bare.used == [1, 0]
    result = bill(company, fielded, set(), CAT)
    assert (f"{cheapest} bought for Bare", -price(cheapest)) in result.lines
    assert result.chest_after >= 0


def test_without_the_gold_a_disarmed_veteran_goes_as_it_is(yard):
    company = Company(chest=0, veterans=[vet("Bare", "Fighter", ["Vulnerary"]),
                                         vet("Armed", "Mercenary", ["Iron Sword"])])
    fielded = field(yard, company)
    assert next(r for r in fielded.units if r.name == "Bare").items == ["Vulnerary"]
    assert bill(company, fielded, set(), CAT).chest_after == 0


def test_the_computer_hires_with_the_gold_left(yard):
    company = Company(chest=600, veterans=[vet("Old", "Fighter", ["Iron Axe"])])
    fielded = field(yard, company)
    hires = [r for r in fielded.units if r.name != "Old"]
    assert [r.name for r in fielded.units][0] == "Old" and hires  # the veteran first, then hires
    result = bill(company, fielded, set(), CAT)
    assert result.net == -sum(cost(r) for r in hires) and 0 <= result.chest_after < 600
    assert legal(yard, fielded) == []


def test_hires_never_take_a_reserve_veterans_name(yard):
    # Only Swordmasters and Fighters may fight here: the company's Pegasus Knight, named as the computer names
    # its first hired Swordmaster, waits at home, and the hires must leave its name alone.
    rules = yard.scenario.rules(Side.ATTACKER).model_copy(update={"classes": ["Swordmaster", "Fighter"]})
    scenario = yard.scenario.model_copy(update={"sides": {**yard.scenario.sides, Side.ATTACKER: rules}})
    company = Company(chest=800, veterans=[vet("Swordmaster 1", "Pegasus Knight", ["Iron Lance"]),
                                           vet("Fighter 1", "Fighter", ["Iron Axe"])])
    fielded = company_army(scenario, yard.catalogue, yard.battle_map, Side.ATTACKER, company, make_policy("greedy", 2))
    names = [r.name for r in fielded.units]
    assert len(names) == len(set(names)) and len(names) >= 3
    assert "Swordmaster 1" not in names  # a reserve veteran's name
    assert [r.unit_class for r in fielded.units if r.name == "Fighter 1"] == ["Fighter"]  # the veteran itself
    assert any(r.unit_class == "Swordmaster" for r in fielded.units)  # (so a hire was renamed)
    home = bill(company, fielded, set(), CAT)
    assert home.chest_after >= 0


def test_hired_names_are_apart_from_every_veteran(yard):
    for seed in range(4):
        company = Company(chest=700, veterans=[vet("Swordmaster 1", "Fighter", ["Iron Axe"]),
                                               vet("Thief 1", "Fighter", ["Iron Axe"])])
        fielded = field(yard, company, seed=seed)
        hires = [r for r in fielded.units if company.veteran(r.name) is None]
        assert hires, seed
        names = [r.name for r in fielded.units]
        assert len(names) == len(set(names))
        for recruit in fielded.units:  # a veteran's name on a unit is that veteran (its class), never a new hire
            veteran = company.veteran(recruit.name)
            assert veteran is None or veteran.unit_class == recruit.unit_class
        bill(company, fielded, set(), CAT)  # the books accept it


def test_the_computer_gives_the_leader_role_to_its_dearest_unit():
    storm = load_scenario(find_scenario("storm_the_saltmarsh"))  # the attacker names one Leader
    company = Company(chest=300, veterans=[vet("Cheap", "Fighter", ["Hand Axe"]),
                                           vet("Dear", "Swordmaster", ["Killing Edge"])])
    fielded = field(storm, company)
    leaders = [r for r in fielded.units if "Leader" in r.roles]
    assert len(leaders) == 1
    assert cost(leaders[0]) == max(cost(r) for r in fielded.units)
    assert legal(storm, fielded) == []


def test_a_company_with_nothing_to_field_is_a_muster_error(yard):
    with pytest.raises(MusterError):
        field(yard, Company(chest=0))
    with pytest.raises(MusterError):  # one veteran, no gold: below the army's two
        field(yard, Company(chest=0, veterans=[vet("Alone", "Fighter", ["Iron Axe"])]))


def test_a_company_that_can_afford_the_smallest_army_is_not_made_to_forfeit(yard):
    cheap = army(hire("A", "Dark Mage", ["Ruin"]), hire("B", "Dancer", ["Wooden Sword"]))
    company = Company(chest=150)
    assert bill(company, cheap, set(), CAT).chest_after >= 0 and legal(yard, cheap) == []  # it could
    fielded = field(yard, company)
    assert len(fielded.units) >= 2


def test_a_veteran_of_a_class_the_chapter_refuses_waits_in_reserve(yard):
    rules = yard.scenario.rules(Side.ATTACKER).model_copy(update={"classes": ["Fighter", "Mercenary"]})
    scenario = yard.scenario.model_copy(update={"sides": {**yard.scenario.sides, Side.ATTACKER: rules}})
    company = Company(chest=0, veterans=[vet("Sky", "Pegasus Knight", ["Iron Lance"]),
                                         vet("Axe", "Fighter", ["Iron Axe"]), vet("Sword", "Mercenary", ["Iron Sword"])])
    fielded = company_army(scenario, yard.catalogue, yard.battle_map, Side.ATTACKER, company, make_policy("greedy", 1))
    assert {r.name for r in fielded.units} == {"Axe", "Sword"}
    assert all(isinstance(CAT.items[i], Weapon) and CAT.items[i].type is not WeaponType.STONE
               for r in fielded.units for i in r.items)


def test_new_hires_take_the_companys_own_names_and_never_one_of_its_dead(yard):
    from officers_chess.ai.campaign_muster import NAME_POOLS

    dead = list(NAME_POOLS["p2"][:3])
    company = Company(chest=300, fallen=dead)
    army = company_army(yard.scenario, yard.catalogue, yard.battle_map, Side.DEFENDER, company,
                        make_policy("greedy", 4), "p2")
    names = [r.name for r in army.units]
    assert names and all(n in NAME_POOLS["p2"] for n in names)
    assert not set(names) & set(dead)  # a new Ash would read as the Ash who fell
    assert not set(names) & set(NAME_POOLS["p1"])  # p1's company never meets a namesake across the field


def test_the_dismissed_are_remembered_as_gone(yard):
    veteran = Veteran(name="Alder", unit_class="Fighter", items=["Iron Axe"])
    company = Company(chest=100, veterans=[veteran])
    after = after_muster(company, Army(), {"Alder"}, bill(company, Army(), {"Alder"}, yard.catalogue).chest_after)
    assert after.veterans == [] and after.fallen == ["Alder"]


def test_the_computer_never_hires_a_relic_its_units_bear_no_crest_for(yard):
    # A rich chest reaches the dearest weapons, relics among them: without the crest a relic only hurts its bearer.
    rich = yard.scenario.model_copy(update={"sides": {side: yard.scenario.rules(side).model_copy(
        update={"war_chest": 3000, "army": yard.scenario.rules(side).army.model_copy(update={"max": 4})})
        for side in Side}})
    for seed in range(12):
        for level in ("greedy", "normal"):
            policy = make_policy(level, seed)
            army = policy.hire(rich, yard.catalogue, Side.ATTACKER, policy.rng, yard.battle_map)
            carried = {item for recruit in army.units for item in recruit.items}
            assert not any(tag_args(yard.catalogue.items[i].tags, "Relic") for i in carried), (seed, level, carried)


# ------------------------------------------------------------------------------ items moved within the company


def test_an_item_moved_from_a_reserve_veteran_to_a_fielded_one_costs_nothing_and_keeps_its_wear():
    resting = vet("Rest", "Fighter", ["Iron Axe", "Vulnerary"], [0, 2])
    company = Company(chest=0, veterans=[resting, vet("Out", "Fighter", ["Iron Axe"])])
    fielded = army(hire("Out", "Fighter", ["Iron Axe", "Vulnerary"], [0, 2]))
    stays = [hire("Rest", "Fighter", ["Iron Axe"])]
    result = bill(company, fielded, set(), CAT, stays)
    assert result.lines == (("Vulnerary moved from Rest to Out", 0),) and result.chest_after == 0
    home = after_muster(company, fielded, set(), result.chest_after, stays)
    assert home.veterans == [vet("Rest", "Fighter", ["Iron Axe"])]  # the reserve keeps its new kit
    # Without the reserve's new kit the same army would take a Vulnerary the company does not have to spare.
    with pytest.raises(MusterRefused, match="worn"):
        bill(company, fielded, set(), CAT)


def test_a_dismissed_veterans_item_can_go_to_a_new_hire_worn_as_it_was():
    company = Company(chest=1000, veterans=[vet("Gone", "Fighter", ["Iron Axe", "Vulnerary"], [0, 1])])
    new = hire("Ana", "Fighter", ["Vulnerary"], [1])
    result = bill(company, army(new), {"Gone"}, CAT)
    hired = cost(hire("Ana", "Fighter", []))  # the class alone: the Vulnerary is the company's already
    assert sorted(result.lines) == sorted([("hired Ana (Fighter)", -hired), ("Vulnerary moved from Gone to Ana", 0),
                                           ("Gone leaves the company: Iron Axe sold", price("Iron Axe") // 2)])
    assert result.chest_after == 1000 - hired + price("Iron Axe") // 2


def test_a_fresh_item_laid_down_by_one_veteran_and_taken_by_another_is_moved_not_sold_and_bought():
    company = Company(chest=0, veterans=[vet("A", "Fighter", ["Iron Axe", "Hand Axe"]), vet("B", "Fighter", [])])
    result = bill(company, army(hire("A", "Fighter", ["Iron Axe"]), hire("B", "Fighter", ["Hand Axe"])), set(), CAT)
    assert result.lines == (("Hand Axe moved from A to B", 0),) and result.chest_after == 0


def test_the_reserve_cannot_hold_a_stranger_nor_change_class():
    company = Company(chest=100, veterans=[vet("Rest", "Fighter", ["Iron Axe"])])
    with pytest.raises(MusterRefused, match="not a veteran waiting in reserve"):
        bill(company, army(), set(), CAT, [hire("Ghost", "Fighter", [])])
    with pytest.raises(MusterRefused, match="keeps its class"):
        bill(company, army(), set(), CAT, [hire("Rest", "Brigand", ["Iron Axe"])])
