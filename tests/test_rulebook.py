"""The rules reference covers every tag, status, terrain and every rule a forecast can cite."""

from __future__ import annotations

import itertools

from factories import plan, unit, weapon
import pytest

from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.combat.editions import EDITIONS, rules_for
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.rules.pieces.tags import KNOWN_TAGS
from officers_chess.rules.reference.rulebook import RULES, STATUS_TEXT, TAG_TEXT, edition_rules, rule_id

COMBAT_TAGS = [
    "Brave", "Complex", "Piercing", "Guarded", "Inverted", "DistantCounter", "Lucky(2)", "Inaccurate(2)",
    "Effective(Armored)", "Devil", "Drain", "Decimate", "Devastate", "Assassinate", "Ineffective(Armored)",
    "Bonus(Str+1)", "Countermeasure(Armored)", "Magic(Dark)",
]


def test_every_known_tag_and_status_has_text_and_an_entry():
    v06 = rules_for("v0.6")
    assert set(TAG_TEXT) == set(v06.tags)
    assert set(STATUS_TEXT) == {s.value for s in v06.statuses}
    assert set(KNOWN_TAGS) == set().union(*(e.tags for e in EDITIONS.values()))
    for name in KNOWN_TAGS:
        entry = RULES[rule_id(name)]
        assert entry.text.strip() and entry.title
    for name in STATUS_TEXT:
        assert RULES[f"status-{rule_id(name)}"].kind == "status"
    for terrain in TERRAIN.values():
        assert RULES[f"terrain-{terrain.id.replace('_', '-')}"].title == terrain.name


@pytest.mark.parametrize("name", list(EDITIONS))
def test_each_edition_has_its_own_text_for_its_tags_statuses_and_terrain(name):
    rules, book = EDITIONS[name], edition_rules(name)
    for tag in rules.tags:
        assert book[rule_id(tag)].text.strip(), tag
    for status in rules.statuses:
        assert book[f"status-{rule_id(status.value)}"].kind == "status"
    assert {e.title for e in book.values() if e.kind == "status"} == {s.value for s in rules.statuses}
    for terrain in rules.terrain.values():
        assert book[f"terrain-{terrain.id.replace('_', '-')}"].title == terrain.name
    # Nothing of another draft leaks in: v0.6's Devil and the later drafts' Broken stay in their own books.
    assert ("devil" in book) == ("Devil" in rules.tags)
    assert ("status-broken" in book) == (StatusName.BROKEN in rules.statuses)


def test_the_later_editions_say_their_own_rules():
    assert "d100" in edition_rules("d100")["hit-roll"].text and "d20" in edition_rules("v0.6")["hit-roll"].text
    assert "tripl" in edition_rules("ratings")["critical"].text.lower()
    assert "doubl" in edition_rules("d100")["critical"].text.lower()


def test_every_rule_a_forecast_cites_is_in_the_reference():
    cited = set()
    for mine, theirs in itertools.product(COMBAT_TAGS, repeat=2):
        a = unit(id="a1", tags=[mine], spd=9, weapon=weapon("sword", tags=[]))
        d = unit(id="d1", pos=(1, 0), tags=[theirs, "Armored"], weapon=weapon("axe"),
                 statuses=[Status(name=StatusName.PETRIFIED)] if theirs == "Guarded" else [])
        cited |= {m.rule for m in plan(a, d).modifiers}
    assert cited, "the sweep produced no modifiers"
    assert cited <= set(RULES), sorted(cited - set(RULES))


def test_ids_are_kebab_case():
    assert rule_id("DistantCounter") == "distant-counter"
    assert rule_id("AoE") == "aoe"
    assert all(rid == rid.lower() and " " not in rid for rid in RULES)


@pytest.mark.parametrize("edition", ["v0.6", "d100", "ratings"])
def test_no_terrain_entry_opens_by_saying_its_own_name_again(edition):
    """The help prints "Woods: " and then the entry: it read "Woods: Woods. Move 2" (a play-test)."""
    from officers_chess.rules.combat.editions import rules_for
    from officers_chess.rules.reference.rulebook import edition_rules, terrain_rule_id

    book = edition_rules(edition)
    for terrain in rules_for(edition).terrain.values():
        text = book[terrain_rule_id(terrain)].text
        assert not text.lower().startswith(terrain.name.lower().split(" (")[0]), (edition, terrain.name, text)
