"""Every tag the core accepts has player-facing text, and every rule id the combat code cites has a title."""

from __future__ import annotations

import re
from pathlib import Path

from officers_chess.rules.rulebook import RULE_TITLES, TAG_TEXT
from officers_chess.rules.tags import KNOWN_TAGS

COMBAT = Path(__file__).resolve().parent.parent / "officers_chess" / "rules" / "combat.py"


def test_every_known_tag_has_help_text():
    assert set(TAG_TEXT) == set(KNOWN_TAGS)
    assert all(text.strip() for text in TAG_TEXT.values())


def test_every_rule_cited_by_the_combat_code_has_a_title():
    cited = set(re.findall(r'"([a-z-]+)"\)', COMBAT.read_text(encoding="utf-8")))
    cited = {rule for rule in cited if "-" in rule or rule in RULE_TITLES}
    assert cited <= set(RULE_TITLES), cited - set(RULE_TITLES)
