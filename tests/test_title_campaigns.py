"""The title's campaign briefing lists its chapters as the road they make: numbered by the battle each is fought
as, alternatives sharing a number and named by the results that lead to them, so the count matches the battles."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from officers_chess.tui.screens.title_campaigns import (
    ShelvedCampaign, battle_numbers, campaign_briefing, played, reached_by, shelve_campaigns,
)

SHELF = shelve_campaigns()


def _text(entry: ShelvedCampaign) -> str:
    console = Console(width=200, file=io.StringIO())
    console.print(campaign_briefing(entry))
    return console.file.getvalue()


@pytest.mark.parametrize("entry", SHELF, ids=[e.path.stem for e in SHELF])
def test_every_bundled_campaign_numbers_its_chapters_by_the_battle_they_are_fought_as(entry):
    campaign = entry.outcome
    text = _text(entry)
    listed = [(int(m.group(1)), m.group(2)) for m in re.finditer(r"^(\d+)\. (.*)$", text, re.M)]
    assert len(listed) == len(campaign.chapters)  # each chapter once
    most = int(played(campaign).split(" to ")[-1])
    assert max(n for n, _ in listed) == most, "the last number is the most battles a road plays"
    assert [n for n, _ in listed] == sorted(n for n, _ in listed)
    for number in {n for n, _ in listed}:
        here = [line for n, line in listed if n == number]
        if len(here) > 1:  # alternatives: each says which results lead to it
            assert all(line.startswith("after a ") for line in here), here
        else:
            assert not here[0].startswith("after ")


def test_the_salt_road_reads_as_five_battles_with_the_fourth_one_of_two():
    entry = next(e for e in SHELF if e.path.stem == "salt_road")
    campaign = entry.outcome
    numbers = battle_numbers(campaign)
    assert sorted(numbers.values()) == [1, 2, 3, 4, 4, 5] and numbers["tollhouse"] == numbers["saltmarsh"] == 4
    text = _text(entry)
    assert "A campaign of 5 battles" in text
    assert re.search(r"^4\. after a p1 win or a draw: The Tollhouse in the Teeth", text, re.M)
    assert re.search(r"^4\. after a p2 win: The Keep on the Pans", text, re.M)
    assert re.search(r"^5\. The Three Bridges of the Wend", text, re.M)
    assert not re.search(r"^6\.", text, re.M)


def test_a_road_that_parts_by_the_tier_of_a_win_names_the_tier():
    entry = next(e for e in SHELF if e.path.stem == "salt_road")
    campaign = entry.outcome
    harrowdale = next(c for c in campaign.chapters if c.next and "p2_win" in c.next)
    parted = harrowdale.model_copy(update={"next": {**harrowdale.next, "p1_decisive": harrowdale.next["p2_win"]}})
    changed = campaign.model_copy(update={"chapters": [parted if c is harrowdale else c for c in campaign.chapters]})
    to_keep = changed.chapter(harrowdale.next["p2_win"])
    to_toll = changed.chapter(harrowdale.next["p1_win"])
    assert reached_by(changed, to_keep) == "a p1 decisive victory or a p2 win"
    assert reached_by(changed, to_toll) == "a p1 victory short of decisive or a draw"


def test_a_chapter_no_result_leads_to_is_listed_last_unnumbered_and_the_rest_close_up():
    entry = next(e for e in SHELF if e.path.stem == "salt_road")
    campaign = entry.outcome
    first, second = campaign.chapters[0], campaign.chapters[1]
    past = {"p1_win": campaign.chapters[2].id, "p2_win": campaign.chapters[2].id, "draw": campaign.chapters[2].id}
    skipping = campaign.model_copy(update={"chapters": [first.model_copy(update={"next": past}), *campaign.chapters[1:]]})
    text = _text(ShelvedCampaign(entry.path, skipping))
    assert "A campaign of 4 battles" in text
    listed = re.findall(r"^(\d+|–)\.? +(.*)$", text, re.M)
    assert listed[-1][0] == "–" and "no result leads to it, so it is never fought" in listed[-1][1]
    assert [n for n, _ in listed[:-1]] == ["1", "2", "3", "3", "4"]
    assert second.id not in battle_numbers(skipping)


def test_the_road_is_said_to_branch_only_where_a_result_changes_the_next_battle():
    entry = next(e for e in SHELF if e.path.stem == "salt_road")
    campaign = entry.outcome
    # Every `next:` made one place for all results: the file still has `next:` lines, and no branch at all.
    straight = [c.model_copy(update={"next": dict.fromkeys(("p1_win", "p2_win", "draw"), c.next["draw"])})
                if c.next else c for c in campaign.chapters]
    text = _text(ShelvedCampaign(entry.path, campaign.model_copy(update={"chapters": straight})))
    assert "The road branches" not in text and "branches after it" not in text
    assert "The road branches" in _text(entry)
