"""The campaign muster's form (session/campaign_form.py): items moved between any units of the company, benched
and dismissed ones too, worn as they were and priced by the campaign's own books (docs/rulings.md L20-L22)."""

from __future__ import annotations

import pytest

from officers_chess.content.campaigns import load_campaign
from officers_chess.rules.campaign.company import Company, Veteran, after_muster, sale_price, uses_left
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.session.campaign_form import DISMISS, FIELD, RESERVE, MusterForm
from officers_chess.session.campaign_run import CampaignRun

CAMPAIGN = """\
name: Two Yards
briefing: Two drill companies settle a grudge.
players:
  p1: {name: The Grey Company, chest: 300}
  p2: {name: The Red Company, chest: 300}
chapters:
  - {id: first, scenario: practice_muster, sides: {p1: attacker, p2: defender}}
"""


@pytest.fixture
def run(tmp_path):
    path = tmp_path / "two_yards.yaml"
    path.write_text(CAMPAIGN)
    run = CampaignRun.new(load_campaign(path), {"p1": "human", "p2": "human"}, autosave=False, seed=1)
    run.open_chapter()
    return run


def with_company(run: CampaignRun, company: Company) -> MusterForm:
    pending = run.data.pending
    run.data = run.data.model_copy(update={"pending": pending.model_copy(update={"before": {**pending.before,
                                                                                             "p1": company}})})
    return MusterForm(run, "p1")


def member(form: MusterForm, name: str):
    return next(m for m in form.members if m.recruit.name == name)


def index(form: MusterForm, name: str) -> int:
    return next(i for i, m in enumerate(form.members) if m.recruit.name == name)


VETERANS = [Veteran(name="Dear", unit_class="Swordmaster", items=["Killing Edge"]),
            Veteran(name="Mid", unit_class="Knight", items=["Steel Lance"]),
            Veteran(name="Fair", unit_class="Mercenary", items=["Steel Sword"]),
            Veteran(name="Cleric", unit_class="Cleric", items=["Mend Staff", "Vulnerary"], used=[2, 1]),
            Veteran(name="Benched", unit_class="Fighter", items=["Iron Axe", "Vulnerary"], used=[0, 2])]


def test_an_item_moves_from_a_benched_unit_to_a_fielded_one_for_no_gold_worn_as_it_was(run):
    form = with_company(run, Company(chest=50, veterans=VETERANS))  # practice_muster fields at most 4
    for m in form.members:
        m.status = RESERVE if m.recruit.name in ("Benched", "Cleric") else FIELD
    choices = form.move_choices(index(form, "Benched"))
    assert (1, index(form, "Fair"), None) in choices  # the Vulnerary to the Mercenary
    told = form.move(index(form, "Benched"), 1, index(form, "Fair"))
    left = uses_left(form.catalogue, "Vulnerary", 2)
    assert told == f"Vulnerary ({left} use{'' if left == 1 else 's'} left) goes from Benched to Fair."
    assert member(form, "Fair").recruit.items == ["Steel Sword", "Vulnerary"] and member(form, "Fair").recruit.used == [0, 2]
    assert member(form, "Benched").recruit.items == ["Iron Axe"]
    bill = form.bill()
    assert bill.lines == (("Vulnerary moved from Benched to Fair", 0),) and bill.chest_after == 50
    assert form.problems() == []
    run.confirm("p1", form.army(), form.dismissed(), form.reserve())
    # The company while the army is away: the benched unit without its Vulnerary (saved with the chapter).
    pending = run.data.pending
    home = after_muster(pending.before["p1"], pending.armies["p1"], set(), bill.chest_after, pending.kits("p1"))
    assert [(v.name, v.items) for v in home.veterans] == [("Cleric", ["Mend Staff", "Vulnerary"]), ("Benched", ["Iron Axe"])]


def test_a_dismissed_units_item_goes_to_another_before_the_rest_is_sold(run):
    form = with_company(run, Company(chest=0, veterans=VETERANS[:2] + VETERANS[4:]))
    benched = index(form, "Benched")
    form.members[benched].status = RESERVE
    assert form.cycle(benched) == "Benched is dismissed: Iron Axe, Vulnerary will be sold (m moves an item to another unit first)."
    assert form.members[benched].status == DISMISS
    assert form.buy(benched, "Iron Axe").endswith("takes nothing new with it.")
    form.move(benched, 1, index(form, "Mid"))
    bill = form.bill()
    assert sorted(bill.lines) == sorted([("Vulnerary moved from Benched to Mid", 0),
                                         ("Benched leaves the company: Iron Axe sold",
                                          sale_price("Iron Axe", 0, form.catalogue))])
    assert member(form, "Mid").recruit.used == [0, 2]


def test_a_move_the_receiver_cannot_take_is_refused_with_the_reason(run):
    form = with_company(run, Company(chest=0, veterans=VETERANS))
    told = form.move(index(form, "Dear"), 0, index(form, "Mid"))  # a Knight and a sword
    assert told == "Mid cannot take Killing Edge: a Knight cannot use it." and member(form, "Dear").recruit.items == ["Killing Edge"]
    full = index(form, "Cleric")
    form.buy(full, "Vulnerary")
    assert form.move(index(form, "Benched"), 1, full) == "Cleric cannot take Vulnerary: carries 3 already."


def test_a_new_hire_taken_off_the_form_gives_back_what_it_was_handed(run):
    form = with_company(run, Company(chest=300, veterans=VETERANS[4:]))
    form.hire("Fighter")
    hired = len(form.members) - 1
    form.move(index(form, "Benched"), 0, hired)
    name = form.members[hired].recruit.name
    assert (f"Iron Axe moved from Benched to {name}", 0) in form.bill().lines
    told = form.cycle(hired)
    assert told.endswith("Iron Axe goes back to Benched.")
    assert member(form, "Benched").recruit.items == ["Vulnerary", "Iron Axe"] and form.bill().lines == ()


def test_a_veteran_that_sells_its_own_item_and_buys_one_alike_takes_its_own_back(run):
    form = with_company(run, Company(chest=300, veterans=VETERANS[3:4]))
    cleric = index(form, "Cleric")
    form.sell(cleric, 1)
    told = form.buy(cleric, "Vulnerary")
    left = uses_left(form.catalogue, "Vulnerary", 1)
    assert told == f"Cleric takes its own Vulnerary back ({left} use{'' if left == 1 else 's'} left)."
    assert form.bill().lines == () and member(form, "Cleric").recruit.used == [2, 1]


def test_a_new_hire_is_told_to_take_what_its_class_can_use(run):
    """A Cleric wields staves alone: "give it a weapon" sent a newcomer to the weapons it could never carry."""
    form = with_company(run, Company(chest=600, veterans=VETERANS[4:]))
    assert form.hire("Cleric").endswith("is hired: give it a staff from the shop.")
    assert form.hire("Fighter").endswith("is hired: give it a weapon from the shop.")
    assert form.kit_word("Cleric") == "a staff" and form.kit_word("Archer") == "a weapon"
