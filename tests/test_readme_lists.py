"""The README's lists of bundled scenarios and campaigns: every one named, in the title screen's groups and order."""

from __future__ import annotations

import re
from pathlib import Path

from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.campaigns import bundled_campaigns
from officers_chess.rules.combat.editions import DEFAULT_EDITION
from officers_chess.tui.screens.title_shelf import shelve

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
ENTRY = re.compile(r"^- \*\*[^*]+\*\* \(`([a-z0-9_]+)`", re.MULTILINE)
LATER = "In the later editions"


def test_the_readme_lists_every_bundled_scenario_as_the_title_screen_does():
    # The README says its lists are "as the title screen lists them": a newcomer looking for one finds it in order,
    # the standard battles (the title's Battles group) first, then the later editions' (its Other editions group).
    stems = {p.stem for p in bundled_scenarios()}
    standard, _, later = README.partition(LATER)
    shelf = shelve(bundled_scenarios())
    assert [s for s in ENTRY.findall(standard) if s in stems] == [
        e.path.stem for e in shelf if e.edition == DEFAULT_EDITION]
    assert [s for s in ENTRY.findall(later) if s in stems] == [
        e.path.stem for e in shelf if e.edition != DEFAULT_EDITION]


def test_the_readme_names_every_bundled_campaign():
    named = set(ENTRY.findall(README))
    assert {path.stem for path in bundled_campaigns()} <= named
