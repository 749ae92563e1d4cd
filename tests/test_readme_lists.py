"""The README's lists of bundled scenarios and campaigns: every one named, in the title screen's order."""

from __future__ import annotations

import re
from pathlib import Path

from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.campaigns import bundled_campaigns
from officers_chess.tui.screens.title_shelf import shelve

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
ENTRY = re.compile(r"^- \*\*[^*]+\*\* \(`([a-z0-9_]+)`", re.MULTILINE)


def test_the_readme_lists_every_bundled_scenario_as_the_title_screen_does():
    # The README says its list is "as the title screen lists them": a newcomer looking for one finds it in order.
    listed = [stem for stem in ENTRY.findall(README) if stem in {p.stem for p in bundled_scenarios()}]
    assert listed == [entry.path.stem for entry in shelve(bundled_scenarios())]


def test_the_readme_names_every_bundled_campaign():
    named = set(ENTRY.findall(README))
    assert {path.stem for path in bundled_campaigns()} <= named
