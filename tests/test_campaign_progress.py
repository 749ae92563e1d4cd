"""A chapter's aftermath and the campaign's books (rules/campaign/chapters.py, progress.py): who comes through with
what kit, who is lost, the record of the gold, forfeits, the winner; and the pieces a chapter's battle is built
from (ChapterTerms, no Outfitting, worn kit in Recruit/UnitSetup, written only when worn). docs/rulings.md C2-C10."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from officers_chess.ai.muster_ai import muster
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.objectives import Result
from officers_chess.rules.campaign.book import Campaign
from officers_chess.rules.campaign.chapters import ChapterRecord, campaign_winner, come_through, result_of
from officers_chess.rules.campaign.company import Company, Veteran, after_muster, bill
from officers_chess.rules.campaign.payouts import Payout
from officers_chess.rules.campaign.progress import begin, close_chapter, forfeit_chapter, with_stipend
from officers_chess.rules.muster.army import Army, Recruit, recruit_cost
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.muster.phases import Phase, steps
from officers_chess.rules.pieces.inventory import spend_use
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import ScenarioError, UnitSetup, build_unit

A, D = Side.ATTACKER, Side.DEFENDER
PUBLIC_KEYS = ["scenario", "sides", "winner", "tier", "chest_before", "stipend", "payouts", "chest_after", "survivors",
               "lost"]

CAMPAIGN = Campaign.model_validate({
    "name": "Books", "players": {"p1": {"name": "Red", "chest": 500}, "p2": {"name": "Blue", "chest": 400}},
    "chapters": [
        {"id": "one", "scenario": "practice_muster", "sides": {"p1": "attacker", "p2": "defender"},
         "stipend": {"p1": 100, "p2": 30}, "next": {"p1_decisive": "three", "p2_win": "end"}},
        {"id": "two", "scenario": "practice_muster", "sides": {"p1": "defender", "p2": "attacker"}},
        {"id": "three", "scenario": "practice_muster", "sides": {"p1": "defender", "p2": "attacker"}},
    ]})
ONE = CAMPAIGN.chapters[0]


@pytest.fixture(scope="module")
def yard():
    return load_scenario(find_scenario("practice_muster"))


def setups(loaded, side: Side, army: Army) -> list[UnitSetup]:
    x = 1 if side is A else 10
    return [UnitSetup(name=r.name, unit_class=r.unit_class, items=r.items, roles=r.roles, used=r.used, at=(x, i + 1))
            for i, r in enumerate(army.units)]


def unit_named(state, name: str, side: Side):
    return next(u for u in state.units if u.name == name and u.side is side)


# --------------------------------------------------------------------------------- begin and the stipend


def test_begin_gives_each_company_its_starting_chest_and_no_veterans():
    progress = begin(CAMPAIGN)
    assert progress.companies == {"p1": Company(chest=500), "p2": Company(chest=400)}
    assert progress.records == [] and progress.next == "one" and not progress.over


def test_the_stipend_is_added_before_the_muster():
    progress = begin(CAMPAIGN)
    before = with_stipend(progress, ONE)
    assert before["p1"].chest == 600 and before["p2"].chest == 430
    assert with_stipend(progress, CAMPAIGN.chapters[1]) == progress.companies  # no stipend: as it was


# --------------------------------------------------------------------------------- a chapter played out


@pytest.fixture(scope="module")
def chapter_one(yard):
    """Chapter one with its end crafted: p1 (attacker) fields a veteran with a worn Vulnerary and a new hire, and
    keeps one veteran in reserve; p2 (defender) fields two new hires. At the end: the veteran hurt, its Vulnerary
    worn further; the hire's Vulnerary used up; a third unit escaped; one of p2 routed; p1 wins decisively."""
    cat = yard.catalogue
    veteran = Veteran(name="Vet", unit_class="Fighter", items=["Iron Axe", "Vulnerary"], used=[0, 1], battles=2)
    resting = Veteran(name="Rest", unit_class="Archer", items=["Iron Bow"], battles=1)
    progress = begin(CAMPAIGN).model_copy(update={"companies": {"p1": Company(chest=400, veterans=[veteran, resting]),
                                                                "p2": Company(chest=400)}})
    before = with_stipend(progress, ONE)
    armies = {"p1": Army(units=[veteran.recruit(), Recruit(name="Rook", unit_class="Mercenary",
                                                          items=["Iron Sword", "Vulnerary"]),
                                Recruit(name="Runner", unit_class="Thief", items=["Iron Sword"])]),
              "p2": Army(units=[Recruit(name="Foe", unit_class="Soldier", items=["Iron Lance"]),
                                Recruit(name="Boss", unit_class="Knight", items=["Iron Lance"])])}
    mustered = {p: after_muster(before[p], armies[p], set(), bill(before[p], armies[p], set(), cat).chest_after)
                for p in ("p1", "p2")}
    costs = {p: {r.name: recruit_cost(r, cat) for r in armies[p].units} for p in ("p1", "p2")}
    state = yard.new_battle(7, armies={A: setups(yard, A, armies["p1"]), D: setups(yard, D, armies["p2"])})
    vet = unit_named(state, "Vet", A)
    assert vet.inventory[1].used == 1  # the battle began with the worn Vulnerary
    vet.hp = 3
    spend_use(vet, 1)  # used 2 of 3 now
    rook = unit_named(state, "Rook", A)
    for _ in range(3):
        spend_use(rook, 1)  # the Vulnerary used up: gone from its kit
    runner = unit_named(state, "Runner", A)
    runner.escaped = True
    unit_named(state, "Foe", D).hp = 0
    state.result = Result(winner=A, tier="decisive", reason="the attacker did it")
    after = close_chapter(progress, CAMPAIGN, ONE, "Practice Muster", before, mustered, armies, costs, state)
    return dict(progress=progress, before=before, mustered=mustered, armies=armies, costs=costs, state=state,
                after=after, record=after.records[-1])


def test_survivors_come_home_as_veterans_with_their_worn_kit(chapter_one):
    p1 = chapter_one["after"].companies["p1"]
    vet = p1.veteran("Vet")
    assert vet.items == ["Iron Axe", "Vulnerary"] and vet.used == [0, 2] and vet.unit_class == "Fighter"
    assert vet.battles == 3  # one more chapter come through


def test_an_item_used_up_is_gone_and_a_new_hire_becomes_a_veteran(chapter_one):
    rook = chapter_one["after"].companies["p1"].veteran("Rook")
    assert rook.items == ["Iron Sword"] and rook.used == [] and rook.battles == 1


def test_an_item_left_with_no_uses_is_dropped_even_if_still_carried(yard):
    army = Army(units=[Recruit(name="Kit", unit_class="Fighter", items=["Vulnerary", "Iron Axe", "Vulnerary"])])
    state = yard.new_battle(1, armies={A: setups(yard, A, army), D: setups(yard, D, Army(units=[
        Recruit(name="Foe", unit_class="Soldier", items=["Iron Lance"])]))})
    kit = unit_named(state, "Kit", A)
    kit.inventory[0] = kit.inventory[0].model_copy(update={"used": 3})  # no use left, not yet thrown away
    kit.inventory[2] = kit.inventory[2].model_copy(update={"used": 1})
    survivors, lost = come_through(state, A, army.units, Company(chest=0))
    assert lost == [] and [(v.items, v.used) for v in survivors] == [(["Iron Axe", "Vulnerary"], [0, 1])]


def test_an_escaped_unit_comes_through(chapter_one):
    runner = chapter_one["after"].companies["p1"].veteran("Runner")
    assert runner is not None and runner.items == ["Iron Sword"]
    assert "Runner" in chapter_one["record"].survivors["p1"]


def test_routed_units_are_lost_for_good(chapter_one):
    record, p2 = chapter_one["record"], chapter_one["after"].companies["p2"]
    assert record.lost == {"p1": [], "p2": ["Foe"]}
    assert p2.veteran("Foe") is None and [v.name for v in p2.veterans] == ["Boss"]
    assert record.survivors == {"p1": ["Vet", "Rook", "Runner"], "p2": ["Boss"]}


def test_a_veteran_in_reserve_waits_unchanged(chapter_one):
    p1 = chapter_one["after"].companies["p1"]
    assert p1.veteran("Rest") == Veteran(name="Rest", unit_class="Archer", items=["Iron Bow"], battles=1)
    assert sorted(v.name for v in p1.veterans) == ["Rest", "Rook", "Runner", "Vet"]
    assert "Rest" not in chapter_one["record"].survivors["p1"] + chapter_one["record"].lost["p1"]


def test_hp_is_not_carried_a_veteran_takes_the_field_again_whole(yard, chapter_one):
    vet = chapter_one["after"].companies["p1"].veteran("Vet")
    assert unit_named(chapter_one["state"], "Vet", A).hp == 3
    assert "hp" not in vet.model_dump() and not hasattr(vet, "hp")
    setup = setups(yard, A, Army(units=[vet.recruit()]))[0]
    unit = build_unit(setup, A, "a1", yard.catalogue, yard.battle_map, ())
    assert unit.hp == unit.max_hp and unit.statuses == []
    assert [(i.name, i.used) for i in unit.inventory] == [("Iron Axe", 0), ("Vulnerary", 2)]


def test_the_chapters_gold_is_recorded_and_paid(chapter_one):
    record, before, mustered = chapter_one["record"], chapter_one["before"], chapter_one["mustered"]
    costs = chapter_one["costs"]
    assert record.chest_before == {"p1": 500, "p2": 430}  # the chest plus the stipend
    assert record.stipend == {"p1": 100, "p2": 30}
    new_p1 = costs["p1"]["Rook"] + costs["p1"]["Runner"]  # the veteran came paid for
    assert record.spent == {"p1": new_p1, "p2": costs["p2"]["Foe"] + costs["p2"]["Boss"]}
    assert mustered["p1"].chest == 500 - new_p1
    assert record.payouts["p1"] == [Payout(reason=record.payouts["p1"][0].reason, gold=costs["p2"]["Foe"]),
                                    Payout(reason="a decisive win", gold=200)]
    assert record.payouts["p2"] == []
    for p in ("p1", "p2"):
        assert record.chest_after[p] == record.chest_before[p] - record.spent[p] + sum(x.gold for x in record.payouts[p])
        assert chapter_one["after"].companies[p].chest == record.chest_after[p]
    assert (record.winner, record.tier, record.id, record.scenario) == ("p1", "decisive", "one", "Practice Muster")
    assert before["p1"].chest == 500


def test_the_result_leads_where_the_chapter_says(chapter_one):
    assert chapter_one["after"].next == "three"  # p1_decisive


def test_the_public_record_has_exactly_the_promised_keys(chapter_one):
    public = chapter_one["record"].public()
    assert list(public) == PUBLIC_KEYS
    assert public["winner"] == "p1" and public["sides"] == {"p1": "attacker", "p2": "defender"}
    assert public["payouts"]["p1"][-1] == {"reason": "a decisive win", "gold": 200}
    json.dumps(public)  # plain JSON
    drawn = chapter_one["record"].model_copy(update={"winner": None, "tier": "draw"}).public()
    assert drawn["winner"] == "draw" and list(drawn) == PUBLIC_KEYS


def test_reinforcements_do_not_join_the_company(yard, chapter_one):
    state = chapter_one["state"].model_copy(deep=True)
    state.units.append(unit_named(state, "Boss", D).model_copy(update={"id": "d9", "name": "Sent In"}))
    survivors, lost = come_through(state, D, chapter_one["armies"]["p2"].units, Company(chest=0))
    assert [v.name for v in survivors] == ["Boss"] and lost == ["Foe"]


def test_a_reinforcement_sharing_a_name_does_not_decide_the_hired_units_fate(chapter_one):
    state = chapter_one["state"].model_copy(deep=True)
    state.units.append(unit_named(state, "Boss", D).model_copy(update={"id": "d9", "hp": 0}))  # routed namesake
    survivors, lost = come_through(state, D, chapter_one["armies"]["p2"].units, Company(chest=0))
    assert [v.name for v in survivors] == ["Boss"] and lost == ["Foe"]


def test_an_unfinished_battle_is_a_draw_and_takes_the_draw_branch(yard):
    state = yard.new_battle(1, armies={A: setups(yard, A, Army(units=[Recruit(name="X", unit_class="Fighter",
                                                                              items=["Iron Axe"])])),
                                       D: setups(yard, D, Army(units=[Recruit(name="Y", unit_class="Soldier",
                                                                              items=["Iron Lance"])]))})
    assert result_of(state, ONE) == (None, "draw")
    state.result = Result(winner=D, tier="victory", reason="r")
    assert result_of(state, ONE) == ("p2", "victory")
    assert result_of(state, CAMPAIGN.chapters[1]) == ("p1", "victory")
    state.result = Result(winner=None, tier="draw", reason="r")
    assert result_of(state, ONE) == (None, "draw")


def test_a_draw_closes_with_no_purse(yard):
    armies = {"p1": Army(units=[Recruit(name="X", unit_class="Fighter", items=["Iron Axe"])]),
              "p2": Army(units=[Recruit(name="Y", unit_class="Soldier", items=["Iron Lance"])])}
    state = yard.new_battle(1, armies={A: setups(yard, A, armies["p1"]), D: setups(yard, D, armies["p2"])})
    progress = begin(CAMPAIGN)
    before = with_stipend(progress, ONE)
    mustered = {p: after_muster(before[p], armies[p], set(), bill(before[p], armies[p], set(), yard.catalogue).chest_after)
                for p in ("p1", "p2")}
    costs = {p: {r.name: recruit_cost(r, yard.catalogue) for r in armies[p].units} for p in ("p1", "p2")}
    after = close_chapter(progress, CAMPAIGN, ONE, "Practice Muster", before, mustered, armies, costs, state)
    record = after.records[0]
    assert (record.winner, record.tier, record.payouts) == (None, "draw", {"p1": [], "p2": []})
    assert record.chest_after == {p: mustered[p].chest for p in ("p1", "p2")}
    assert after.next == "two"  # no draw key: the next chapter in the file
    assert [v.name for v in after.companies["p1"].veterans] == ["X"]


# ---------------------------------------------------------------------------------------------- forfeit


def test_a_forfeited_chapter_is_the_others_decisive_win_and_nothing_else_moves():
    p1_vets = [Veteran(name="Vet", unit_class="Fighter", items=["Iron Axe"], battles=1)]
    progress = begin(CAMPAIGN).model_copy(update={"companies": {"p1": Company(chest=20, veterans=p1_vets),
                                                                "p2": Company(chest=90)}})
    before = with_stipend(progress, ONE)
    after = forfeit_chapter(progress, CAMPAIGN, ONE, "Practice Muster", before, ["p1"])
    record = after.records[-1]
    assert (record.winner, record.tier) == ("p2", "decisive")
    assert record.payouts["p1"] == [] and [x.gold for x in record.payouts["p2"]] == [200]
    assert "could not take the field" in record.payouts["p2"][0].reason
    assert record.chest_before == {"p1": 120, "p2": 120} and record.spent == {"p1": 0, "p2": 0}
    assert record.chest_after == {"p1": 120, "p2": 320}
    assert record.survivors == {"p1": [], "p2": []} and record.lost == {"p1": [], "p2": []}
    assert after.companies["p1"] == Company(chest=120, veterans=p1_vets)  # the veterans stay, unharmed
    assert after.companies["p2"].chest == 320
    assert after.next is None  # p2_win: end


def test_a_forfeit_follows_the_decisive_branch():
    progress = begin(CAMPAIGN)
    after = forfeit_chapter(progress, CAMPAIGN, ONE, "Practice Muster", with_stipend(progress, ONE), ["p2"])
    assert after.next == "three" and after.records[-1].winner == "p1"


def test_a_forfeit_with_no_decisive_purse_pays_nothing():
    campaign = CAMPAIGN.model_copy(update={"payouts": CAMPAIGN.payouts.model_copy(
        update={"tiers": CAMPAIGN.payouts.tiers.model_copy(update={"decisive": 0})})})
    progress = begin(campaign)
    after = forfeit_chapter(progress, campaign, ONE, "Practice Muster", with_stipend(progress, ONE), ["p2"])
    assert after.records[-1].payouts == {"p1": [], "p2": []}


# ------------------------------------------------------------------------------------ the campaign's winner


def _record(winner) -> ChapterRecord:
    zero = {"p1": 0, "p2": 0}
    return ChapterRecord(id="c", scenario="s", sides={"p1": A, "p2": D}, winner=winner,
                         tier="draw" if winner is None else "victory", chest_before=zero, stipend=zero, spent=zero,
                         payouts={"p1": [], "p2": []}, chest_after=zero, survivors={"p1": [], "p2": []},
                         lost={"p1": [], "p2": []})


@pytest.mark.parametrize("winners, expected", [
    (["p1", "p2", "p1"], "p1"), (["p2", None, None], "p2"), (["p1", "p2"], None), ([None, None], None),
    (["p2", "p2", "p1", "p1", "p1"], "p1"),
])
def test_the_campaign_goes_to_who_won_more_chapters(winners, expected):
    assert campaign_winner([_record(w) for w in winners]) == expected


# ------------------------------------------------------------------------ chapter terms and no Outfitting


def test_chapter_terms_replace_the_war_chests_and_drop_outfitting(yard):
    terms = ChapterTerms(war_chests={A: 777})
    played = terms.scenario(yard.scenario)
    assert played.rules(A).war_chest == 777 and played.rules(D).war_chest == 0  # a side not named: nothing
    assert not played.rules(A).outfit and not played.rules(D).outfit
    for side in (A, D):  # everything else as the file says
        assert played.rules(side).army == yard.scenario.rules(side).army
        assert played.rules(side).deploy == yard.scenario.rules(side).deploy
        assert played.rules(side).victory == yard.scenario.rules(side).victory
    assert yard.scenario.rules(A).war_chest == 300 and yard.scenario.rules(A).outfit  # the scenario is untouched


def test_steps_skip_outfitting_for_a_side_whose_rules_say_so(yard):
    assert (Phase.OUTFITTING, A) in steps(yard.scenario) and (Phase.OUTFITTING, D) in steps(yard.scenario)
    one = yard.scenario.model_copy(update={"sides": {**yard.scenario.sides,
                                                     A: yard.scenario.rules(A).model_copy(update={"outfit": False})}})
    assert (Phase.OUTFITTING, A) not in steps(one) and (Phase.OUTFITTING, D) in steps(one)
    chapter = ChapterTerms(war_chests={A: 300, D: 300}).scenario(yard.scenario)
    assert [phase for phase, _ in steps(chapter)] == [Phase.HIRING, Phase.HIRING, Phase.SCOUTING, Phase.SCOUTING,
                                                      Phase.DEPLOYING, Phase.DEPLOYING]


def test_a_chapters_muster_brings_the_campaigns_army_with_its_wear(yard):
    worn = Army(units=[Recruit(name="Vet", unit_class="Fighter", items=["Iron Axe", "Vulnerary"], used=[0, 2]),
                       Recruit(name="New", unit_class="Mercenary", items=["Iron Sword"])])
    foes = Army(units=[Recruit(name="F1", unit_class="Soldier", items=["Iron Lance"]),
                       Recruit(name="F2", unit_class="Fighter", items=["Iron Axe"])])
    cat = yard.catalogue
    terms = ChapterTerms(war_chests={A: sum(recruit_cost(r, cat) for r in worn.units),
                                     D: sum(recruit_cost(r, cat) for r in foes.units)})
    played = terms.scenario(yard.scenario)
    policies = {A: make_policy("greedy", 1), D: make_policy("greedy", 2)}
    armies = muster(played, cat, yard.battle_map, policies, {A: worn, D: foes})
    assert {u.name: u.used for u in armies[A]} == {"Vet": [0, 2], "New": []}
    assert {u.name: u.items for u in armies[D]} == {"F1": ["Iron Lance"], "F2": ["Iron Axe"]}  # no Outfitting
    state = yard.new_battle(1, armies=armies)
    assert [i.used for i in unit_named(state, "Vet", A).inventory] == [0, 2]


# ------------------------------------------------------------------------------------ worn kit, sparse


def test_recruit_and_unit_setup_without_wear_write_no_used_key():
    recruit = Recruit(name="N", unit_class="Fighter", items=["Iron Axe"])
    setup = UnitSetup(name="N", unit_class="Fighter", items=["Iron Axe"], at=(1, 1))
    for model in (recruit, setup):
        assert "used" not in model.model_dump(by_alias=True)
        assert "used" not in json.loads(model.model_dump_json(by_alias=True))
    worn_recruit = recruit.model_copy(update={"used": [1]})
    worn_setup = UnitSetup(name="N", unit_class="Fighter", items=["Vulnerary"], used=[1], at=(1, 1))
    assert worn_recruit.model_dump(by_alias=True)["used"] == [1]
    assert json.loads(worn_setup.model_dump_json(by_alias=True))["used"] == [1]
    assert UnitSetup.model_validate(json.loads(worn_setup.model_dump_json(by_alias=True))) == worn_setup


def test_wear_for_more_items_than_carried_is_refused():
    with pytest.raises(ValidationError):
        Recruit(name="N", unit_class="Fighter", items=["Vulnerary"], used=[1, 0])
    with pytest.raises(ValidationError):
        UnitSetup(name="N", unit_class="Fighter", items=[], used=[1], at=(1, 1))


@pytest.mark.parametrize("items, used", [(["Vulnerary"], [3]), (["Vulnerary"], [4]), (["Iron Axe"], [1]),
                                         (["Iron Axe", "Elixir"], [0, 1])])
def test_build_unit_refuses_wear_an_item_cannot_have(yard, items, used):
    setup = UnitSetup(name="N", unit_class="Fighter", items=items, used=used, at=(1, 1))
    with pytest.raises(ScenarioError, match="uses spent") as caught:
        build_unit(setup, A, "a1", yard.catalogue, yard.battle_map, ("armies", "attacker", 0))
    assert caught.value.where[-1] == "used"


def test_build_unit_applies_wear_item_by_item(yard):
    setup = UnitSetup(name="N", unit_class="Fighter", items=["Iron Axe", "Vulnerary", "Vulnerary"], used=[0, 2],
                      at=(1, 1))
    unit = build_unit(setup, A, "a1", yard.catalogue, yard.battle_map, ())
    assert [(i.name, i.used, i.uses_left) for i in unit.inventory] == [("Iron Axe", 0, None), ("Vulnerary", 2, 1),
                                                                       ("Vulnerary", 0, 3)]


def test_the_campaign_json_says_draw_when_the_players_won_as_many_chapters():
    from types import SimpleNamespace

    from officers_chess.commands.campaign_report import campaign_json

    lc = SimpleNamespace(campaign=CAMPAIGN)
    tied = begin(CAMPAIGN).model_copy(update={"records": [_record("p1"), _record(None), _record("p2")], "next": None})
    data = campaign_json(lc, tied)
    assert data["campaign"] == "Books" and data["winner"] == "draw"
    assert [c["winner"] for c in data["chapters"]] == ["p1", "draw", "p2"]
    won = tied.model_copy(update={"records": [_record("p2"), _record(None)]})
    assert campaign_json(lc, won)["winner"] == "p2"
