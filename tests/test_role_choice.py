"""A player chooses who carries a chapter's role at the campaign muster; the computer's rule gives what is left."""

from __future__ import annotations

import pytest

from officers_chess.ai.muster_ai import with_roles
from officers_chess.content.campaigns import find_campaign, load_campaign
from officers_chess.rules.muster.army import recruit_cost
from officers_chess.rules.pieces.models import Side
from officers_chess.session.campaign_form import FIELD, MusterForm
from officers_chess.session.campaign_run import CampaignRun


@pytest.fixture
def form():
    """Wool Tithe, chapter 1: the attacker must field one Leader. Three hires, the Cavalier the dearest."""
    run = CampaignRun.new(load_campaign(find_campaign("wool_tithe")), {"p1": "human", "p2": "human"},
                          autosave=False, seed=1)
    player = next(p for p in ("p1", "p2") if run.side(p) is Side.ATTACKER)
    form = MusterForm(run, player)
    for unit_class, weapon in (("Fighter", "Iron Axe"), ("Cavalier", "Iron Sword"), ("Archer", "Iron Bow")):
        form.hire(unit_class)
        form.buy(len(form.members) - 1, weapon)
    return form


def roles(form) -> dict[str, list[str]]:
    return {r.name: r.roles for r in form.army().units}


def test_without_a_choice_the_roles_fall_as_the_computer_gives_them(form):
    fielded = [m.recruit.model_copy(update={"roles": []}) for m in form.members if m.status == FIELD]
    computer = with_roles(form.scenario, form.side, fielded, [recruit_cost(r, form.catalogue) for r in fielded])
    assert roles(form) == {r.name: r.roles for r in computer}
    dearest = max(fielded, key=lambda r: recruit_cost(r, form.catalogue)).name
    assert roles(form)[dearest] == ["Leader"] and sum(map(len, roles(form).values())) == 1


def test_r_gives_the_highlighted_unit_the_role_and_takes_it_from_the_computers_pick_then_gives_it_back(form):
    before = roles(form)
    fighter = next(i for i, m in enumerate(form.members) if m.recruit.unit_class == "Fighter")
    name = form.members[fighter].recruit.name
    assert before[name] == []  # not the computer's pick: the choice moves the role
    assert form.choose_role(fighter) == f"{name} is now the Leader."
    now = roles(form)
    assert now[name] == ["Leader"] and sum(map(len, now.values())) == 1  # one Leader, the one chosen
    assert not [p for p in form.problems() if "Leader" in p]
    assert form.run.price(form.player, form.army(), form.dismissed())  # the books take the army as chosen
    told = form.choose_role(fighter)  # the chapter asks only for a Leader: r goes back to no choice
    assert told.startswith(f"{name} carries no role of your choosing") and roles(form) == before


def test_a_unit_not_taking_the_field_cannot_be_given_a_role(form):
    archer = next(i for i, m in enumerate(form.members) if m.recruit.unit_class == "Archer")
    form.cycle(archer)  # a new hire off the form
    assert all(m.recruit.unit_class != "Archer" for m in form.members)
    form.members[0].status = "reserve"
    assert "not taking the field" in form.choose_role(0) and not form.chosen_roles


async def test_r_on_the_muster_screen_marks_the_chosen_unit_in_the_list_and_its_box(form):
    from pilot_helpers import screen_text

    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = CampaignMusterScreen(form.run, form.player)
        screen.form = form
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("enter")  # past the chapter's briefing, which the muster opens on (L24)
        await pilot.pause()
        company = screen.query_one("#company")
        fighter = next(i for i, m in enumerate(form.members) if m.recruit.unit_class == "Fighter")
        company.highlighted = fighter
        await pilot.press("r")
        await pilot.pause()
        name = form.members[fighter].recruit.name
        assert form.chosen_roles == {name: "Leader"}
        line = str(company.get_option_at_index(fighter).prompt).split("\n")[0]  # (its kit is on the next line)
        assert line.endswith("· Leader")
        text = " ".join(screen_text(app).split())
        assert "r: role" in text and "d Done" in text  # named on the list; Done still in the footer at 80 columns
        assert "Fighter · Leader (your choice)" in text and f"{name} is now the Leader." in text


def test_r_on_the_unit_the_computer_already_gave_the_role_says_so_both_ways(form):
    """A play-test pressed r on the unit the computer had made the Fleeing, read "is now the Fleeing", pressed
    again and read "carries no role", while the list showed the role all along: the words now say why."""
    dearest = max(range(len(form.members)), key=lambda i: recruit_cost(form.members[i].recruit, form.catalogue))
    name = form.members[dearest].recruit.name
    assert roles(form)[name] == ["Leader"]  # the computer's pick
    assert form.choose_role(dearest) == f"{name} is now the Leader by your choice (it had been by cost)."
    assert form.choose_role(dearest) == f"{name} is no longer your choice; by cost it still carries the Leader."
    assert roles(form)[name] == ["Leader"] and not form.chosen_roles
