"""The rules reference covers every tag, status, terrain and every rule a forecast can cite."""

from __future__ import annotations

import itertools

from factories import plan, unit, weapon
from officers_chess.rules.rulebook import RULES, STATUS_TEXT, TAG_TEXT, rule_id
from officers_chess.rules.statuses import Status, StatusName
from officers_chess.rules.tags import KNOWN_TAGS
from officers_chess.rules.terrain import TERRAIN

COMBAT_TAGS = [
    "Brave", "Complex", "Piercing", "Guarded", "Inverted", "DistantCounter", "Lucky(2)", "Inaccurate(2)",
    "Effective(Armored)", "Devil", "Drain", "Decimate", "Devastate", "Assassinate", "Ineffective(Armored)",
    "Bonus(Str+1)", "Countermeasure(Armored)", "Magic(Dark)",
]


def test_every_known_tag_and_status_has_text_and_an_entry():
    assert set(TAG_TEXT) == set(KNOWN_TAGS)
    assert set(STATUS_TEXT) == {s.value for s in StatusName}
    for name in KNOWN_TAGS:
        entry = RULES[rule_id(name)]
        assert entry.text.strip() and entry.title
    for name in STATUS_TEXT:
        assert RULES[f"status-{rule_id(name)}"].kind == "status"
    for terrain in TERRAIN.values():
        assert RULES[f"terrain-{terrain.id.replace('_', '-')}"].title == terrain.name


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
