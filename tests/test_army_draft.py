"""Draft edits on the Hiring screen, without a terminal: what each does, and the reasons it refuses."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import SideRules
from officers_chess.session import army_draft as draft
from officers_chess.session.army_draft import DraftRefused
from officers_chess.session.muster_session import MusterSession

D = Side.DEFENDER


@pytest.fixture
def session() -> MusterSession:
    return MusterSession(load_scenario(find_scenario("practice_muster")))


def test_hiring_names_units_from_our_list_and_stops_at_the_size_limit(session):
    army = Army()
    for _ in range(4):
        army = draft.hire(army, "Soldier", session, D).army
    assert [r.name for r in army.units] == ["Rowan", "Sabine", "Torvald", "Ulla"]
    with pytest.raises(DraftRefused, match="at most 4 units"):
        draft.hire(army, "Soldier", session, D)


def test_giving_needs_a_unit_a_free_slot_and_a_usable_item(session):
    army = draft.hire(Army(), "Soldier", session, D).army
    with pytest.raises(DraftRefused, match="Hire a unit first"):
        draft.give(Army(), None, "Iron Lance", session)
    with pytest.raises(DraftRefused, match="A Soldier cannot use Iron Sword"):
        draft.give(army, 0, "Iron Sword", session)
    archer = draft.hire(Army(), "Archer", session, D).army
    with pytest.raises(DraftRefused, match="^An Archer cannot use Iron Sword"):  # "A Archer" read wrong
        draft.give(archer, 0, "Iron Sword", session)
    for item in ("Iron Lance", "Javelin", "Vulnerary"):
        edit = draft.give(army, 0, item, session)
        army = edit.army
    assert edit.note == "Rowan takes Vulnerary (20 gold)."
    with pytest.raises(DraftRefused, match="already carries 3 items"):
        draft.give(army, 0, "Iron Shield", session)
    army = draft.put_down(army, 0, 1).army
    assert army.units[0].items == ["Iron Lance", "Vulnerary"]


def test_dismissing_selects_the_next_unit_and_renaming_refuses_duplicates(session):
    army = Army(units=[Recruit(name=n, unit_class="Soldier") for n in ("A", "B", "C")])
    edit = draft.dismiss(army, 2)
    assert [r.name for r in edit.army.units] == ["A", "B"] and edit.unit == 1
    assert draft.name_problem(army, 0, "  B ") == "Another unit is already named B."
    assert draft.name_problem(army, 0, "   ") == "A unit needs a name."
    assert draft.name_problem(army, 0, "x" * 25) == "A name is at most 24 characters."
    assert draft.rename(army, 0, "  Old   Bastion ").army.units[0].name == "Old Bastion"


def test_roles_cycle_through_those_the_scenario_asks_for(session):
    rules = SideRules.model_validate({"roles": [{"role": "Leader"}, {"role": "Saboteur", "count": 2}, {"role": "Fleeing", "count": "all"}]})
    assert draft.role_cycle(rules) == ["Leader", "Saboteur"]
    army = Army(units=[Recruit(name="A", unit_class="Soldier", roles=["Fleeing"])])
    seen = []
    for _ in range(3):
        army = draft.next_role(army, 0, rules).army
        seen.append(army.units[0].roles)
    assert seen == [["Fleeing", "Leader"], ["Fleeing", "Saboteur"], ["Fleeing"]]
    with pytest.raises(DraftRefused, match="asks for no roles"):
        draft.next_role(army, 0, SideRules())


def test_the_roles_a_chapter_asks_for_are_said_in_good_english():
    from officers_chess.rules.scenario.setup import RoleRule
    from officers_chess.session.chapter_brief import army_words

    class Rules:
        army = type("Size", (), {"min": 2, "max": 4})()
        classes = items = None
        roles = [RoleRule(role="Fleeing", count=2), RoleRule(role="Leader", count=1), RoleRule(role="Saboteur", count="all")]

    class Scenario:
        @staticmethod
        def rules(side):
            return Rules

    assert army_words(Scenario, D)[1:] == ["2 units carry the Fleeing role.", "One unit carries the Leader role.",
                                           "Every unit carries the Saboteur role."]


def test_the_article_reads_the_class_names_spelling():
    from officers_chess.rules.basics.words import article

    assert [article(n) for n in ("Archer", "Cleric", "Assassin", "Knight", "")] == ["an", "a", "an", "a", "a"]


def test_empty_handed_units_are_named_in_a_plain_sentence():
    from officers_chess.session.army_draft import unarmed_words

    assert unarmed_words([]) == ""
    assert unarmed_words(["Ada"]) == "Ada carries no weapon or staff."
    assert unarmed_words(["Ada", "Bram"]) == "Ada and Bram carry no weapon or staff."
    assert unarmed_words(["Ada", "Bram", "Cole"]) == "Ada, Bram and Cole carry no weapon or staff."
