"""Campaign files (rules/campaign/book.py, content/campaigns.py): what a campaign file may say, the file:line
of each mistake, where each chapter's result leads (docs/rulings.md C1, C8), and finding campaigns by name."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from officers_chess.content import campaigns as campaign_files
from officers_chess.content.campaigns import chapter_loaded, find_campaign, load_campaign, read_campaign
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import find_scenario
from officers_chess.rules.campaign.book import Campaign, Chapter, Payouts, other
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.pieces.models import Side

HEAD = """\
name: Probe Campaign
players:
  p1:
    name: Red
    chest: 300
  p2:
    name: Blue
    chest: 300
chapters:
"""


def chapter(cid: str, scenario: str = "practice_muster", p1: str = "attacker", p2: str = "defender",
            extra: str = "") -> str:
    """One chapter in block style (each key on a line of its own), `extra` lines added at its end."""
    text = f"  - id: {cid}\n    scenario: {scenario}\n    sides:\n      p1: {p1}\n      p2: {p2}\n"
    return text + "".join(f"    {line}\n" for line in extra.splitlines())


def write(folder: Path, text: str, name: str = "campaign.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, fragment: str, nth: int = 1) -> int:
    """The 1-based line of the `nth` line of `text` that contains `fragment`."""
    found = [number for number, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(found) >= nth, (fragment, found)
    return found[nth - 1]


def refused(path: Path) -> ContentError:
    with pytest.raises(ContentError) as caught:
        load_campaign(path)
    return caught.value


def assert_at(error: ContentError, path: Path, line: int, *words: str) -> None:
    text = str(error)
    assert error.path == path and error.line == line, text
    assert text.startswith(f"{path}:{line}: "), text
    assert "\n" not in text
    for word in words:
        assert word in text, text


# ---------------------------------------------------------------------------------------------- a good file


def test_a_good_campaign_loads_every_chapter_scenario(tmp_path):
    text = HEAD + chapter("one") + chapter("two", "millbrook_crossing", "defender", "attacker", "stipend:\n  p1: 75")
    loaded = load_campaign(write(tmp_path, text))
    assert loaded.campaign.name == "Probe Campaign"
    assert [c.id for c in loaded.campaign.chapters] == ["one", "two"]
    assert set(loaded.scenarios) == {"one", "two"}
    assert loaded.scenarios["one"].scenario.name == "Practice Muster"
    assert loaded.scenarios["two"].scenario.name == "Millbrook Crossing"
    assert loaded.campaign.chapters[1].sides == {"p1": Side.DEFENDER, "p2": Side.ATTACKER}
    assert loaded.campaign.chapters[1].stipend == {"p1": 75}
    assert len(loaded.sha256) == 64
    # the payouts the rules author's own campaign uses, when the file gives none (C3)
    rules = loaded.campaign.payouts
    assert (rules.rout, rules.leader, rules.objective, rules.tiers.decisive, rules.tiers.victory) == (1.0, 2.0, 250, 200, 100)


def test_a_scenario_file_beside_the_campaign_is_found(tmp_path):
    shutil.copy(find_scenario("practice_muster"), tmp_path / "yard.yaml")
    (tmp_path / "more").mkdir()
    shutil.copy(find_scenario("practice_muster"), tmp_path / "more" / "yard2.yaml")
    text = HEAD + chapter("one", "yard.yaml") + chapter("two", "more/yard2.yaml")
    loaded = load_campaign(write(tmp_path, text))
    assert loaded.scenarios["one"].path.resolve() == (tmp_path / "yard.yaml").resolve()
    assert loaded.scenarios["two"].path.resolve() == (tmp_path / "more" / "yard2.yaml").resolve()
    assert loaded.scenarios["two"].scenario.name == "Practice Muster"


def test_read_campaign_does_not_load_the_scenarios(tmp_path):
    text = HEAD + chapter("one", "nowhere_at_all")
    campaign, source = read_campaign(write(tmp_path, text))  # enough to list it: the scenario is not looked for
    assert campaign.chapters[0].scenario == "nowhere_at_all" and source.path == tmp_path / "campaign.yaml"


# ------------------------------------------------------------------------------------- mistakes, file:line


@pytest.mark.parametrize("where, extra_line", [("top", "colour: red"), ("chapter", "colour: red")])
def test_an_unknown_key_is_named_at_its_line(tmp_path, where, extra_line):
    if where == "top":
        text = HEAD.replace("chapters:\n", f"{extra_line}\nchapters:\n") + chapter("one")
    else:
        text = HEAD + chapter("one") + chapter("two", extra=extra_line)
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "colour: red"), "unknown key")


def test_an_unknown_payouts_key_is_named_at_its_line(tmp_path):
    text = HEAD.replace("chapters:\n", "payouts:\n  rout: 1.5\n  bonus: 9\nchapters:\n") + chapter("one")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "bonus: 9"), "unknown key")


@pytest.mark.parametrize("p1, p2", [("defender", "defender"), ("attacker", "attacker")])
def test_sides_that_are_not_one_each_are_refused(tmp_path, p1, p2):
    text = HEAD + chapter("one") + chapter("two", p1=p1, p2=p2)
    path = write(tmp_path, text)
    error = refused(path)
    assert str(error).startswith(f"{path}:") and "one side each" in str(error)
    # somewhere in the second chapter, not the first
    assert line_of(text, "id: two") <= error.line <= len(text.splitlines())


def test_sides_naming_one_player_only_are_refused(tmp_path):
    text = HEAD + chapter("one").replace("      p2: defender\n", "")
    path = write(tmp_path, text)
    assert "one side each" in str(refused(path))


# A mapping's line is where its first entry is (yaml_source.value_lines), as for every content file: these point
# into the second chapter's `sides:` and into `players:`, not at the chapter's `- id:` or the file's top.
def test_sides_not_one_each_point_at_the_sides_mapping(tmp_path):
    text = HEAD + chapter("one") + chapter("two", p1="defender", p2="defender")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "sides:", 2), "one side each")


def test_players_without_p2_point_at_the_players_mapping(tmp_path):
    text = HEAD.replace("  p2:\n    name: Blue\n    chest: 300\n", "") + chapter("one")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "players:"), "p1 and p2")


def test_a_next_leading_backward_is_refused_at_its_line(tmp_path):
    text = HEAD + chapter("one") + chapter("two", extra="next:\n  p1_win: three\n  draw: one") + chapter("three")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "draw: one"), "chapter 'two'", "draw", "later chapter", "'one'")


def test_a_next_leading_to_its_own_chapter_is_refused(tmp_path):
    text = HEAD + chapter("one", extra="next:\n  p2_decisive: one") + chapter("two")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "p2_decisive: one"), "p2_decisive", "later chapter")


def test_a_next_naming_no_chapter_is_refused_at_its_line(tmp_path):
    text = HEAD + chapter("one", extra="next:\n  p1_win: two\n  p2_win: nowhere") + chapter("two")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "p2_win: nowhere"), "p2_win", "'nowhere'",
              "no chapter has that id")
    assert "later chapter" not in str(refused(path))  # it is no chapter at all, not one too early


def test_an_unknown_outcome_in_next_is_refused_at_its_line(tmp_path):
    text = HEAD + chapter("one", extra="next:\n  p1_rout: two") + chapter("two")
    path = write(tmp_path, text)
    error = refused(path)
    assert error.line == line_of(text, "p1_rout: two") and "next" in str(error)


def test_next_end_and_forward_links_are_accepted(tmp_path):
    text = (HEAD + chapter("one", extra="next:\n  p1_decisive: three\n  p2_win: end\n  draw: two")
            + chapter("two") + chapter("three"))
    loaded = load_campaign(write(tmp_path, text))
    assert loaded.campaign.chapters[0].next == {"p1_decisive": "three", "p2_win": "end", "draw": "two"}


def test_two_chapters_with_one_id_are_refused_at_the_second_id(tmp_path):
    text = HEAD + chapter("one") + chapter("two") + chapter("one", "millbrook_crossing")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "id: one", 2), "two chapters have the id 'one'")


def test_a_scenario_that_places_an_army_is_refused_at_the_chapters_scenario_line(tmp_path):
    text = HEAD + chapter("one") + chapter("two", "training_yard")  # training_yard's `armies:` are fixed
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "scenario: training_yard"), "chapter 'two'", "Training Yard",
              "places the", "army itself")


def test_a_path_outside_the_campaign_folder_is_refused(tmp_path):
    shutil.copy(find_scenario("practice_muster"), tmp_path / "outside.yaml")  # it exists, one folder up
    text = HEAD + chapter("one") + chapter("two", "../outside.yaml")
    path = write(tmp_path / "camp", text)
    assert_at(refused(path), path, line_of(text, "../outside.yaml"), "chapter 'two'",
              "leads outside the campaign's folder", "must be a file inside it")


def test_an_absolute_path_is_refused(tmp_path):
    target = tmp_path / "camp" / "yard.yaml"
    (tmp_path / "camp").mkdir()
    shutil.copy(find_scenario("practice_muster"), target)
    text = HEAD + chapter("one", str(target))
    path = write(tmp_path / "camp", text)
    assert_at(refused(path), path, line_of(text, str(target)), "is an absolute path",
              "inside the campaign's folder")


def test_a_symlink_leading_out_of_the_folder_is_refused(tmp_path):
    shutil.copy(find_scenario("practice_muster"), tmp_path / "outside.yaml")
    (tmp_path / "camp").mkdir()
    (tmp_path / "camp" / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    text = HEAD + chapter("one", "link.yaml")
    path = write(tmp_path / "camp", text)
    assert_at(refused(path), path, line_of(text, "link.yaml"), "leads outside the campaign's folder")


@pytest.mark.parametrize("name", ["no_such_scenario", "missing.yaml", "scenarios/practice_muster"])
def test_a_missing_scenario_is_refused_at_its_line(tmp_path, name):
    text = HEAD + chapter("one") + chapter("two", name)
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, f"scenario: {name}"), "chapter 'two'", "no scenario", name)


def test_a_scenario_that_does_not_load_is_refused_at_the_chapters_line(tmp_path):
    (tmp_path / "broken.yaml").write_text("name: Broken\nmap: no_such_map\n", encoding="utf-8")
    text = HEAD + chapter("one", "broken.yaml")
    path = write(tmp_path, text)
    assert_at(refused(path), path, line_of(text, "broken.yaml"), "chapter 'one'", "does not load")


def test_a_missing_campaign_file_is_a_content_error(tmp_path):
    with pytest.raises(ContentError):
        load_campaign(tmp_path / "gone.yaml")


# --------------------------------------------------------------------------------------- the model itself


def _campaign(*chapters: dict) -> Campaign:
    return Campaign.model_validate({
        "name": "Branches", "players": {"p1": {"name": "A", "chest": 0}, "p2": {"name": "B", "chest": 0}},
        "chapters": [{"scenario": "practice_muster", "sides": {"p1": "attacker", "p2": "defender"}, **c}
                     for c in chapters]})


def test_link_problem_names_the_place_in_the_file():
    assert _campaign({"id": "a", "next": {"draw": "b"}}, {"id": "b"}).link_problem() is None
    message, where = _campaign({"id": "a"}, {"id": "b", "next": {"p1_win": "a"}}).link_problem()
    assert where == ("chapters", 1, "next", "p1_win") and "'a'" in message
    message, where = _campaign({"id": "a"}, {"id": "a"}).link_problem()
    assert where == ("chapters", 1, "id") and "'a'" in message


def test_a_stipend_below_zero_is_refused():
    with pytest.raises(ValidationError):
        Chapter.model_validate({"id": "a", "scenario": "x", "sides": {"p1": "attacker", "p2": "defender"},
                                "stipend": {"p1": -5}})


def test_player_of_and_other():
    c = _campaign({"id": "a"}).chapters[0]
    assert c.player_of(Side.ATTACKER) == "p1" and c.player_of(Side.DEFENDER) == "p2"
    assert other("p1") == "p2" and other("p2") == "p1"


# ------------------------------------------------------------------------------ where a result leads (C8)

BRANCHES = _campaign(
    {"id": "start", "next": {"p1_decisive": "p1_crushed", "p1_win": "p1_won", "p2_win": "p2_won", "draw": "end"}},
    {"id": "p1_won"},
    {"id": "p1_crushed"},
    {"id": "p2_won", "next": {"p2_decisive": "p2_crushed"}},
    {"id": "p2_crushed", "next": {"p1_win": "last"}},
    {"id": "last"},
)


def _after(chapter_id: str, winner, tier: str) -> str | None:
    found = BRANCHES.following(BRANCHES.chapter(chapter_id), winner, tier)
    return None if found is None else found.id


@pytest.mark.parametrize("winner, tier, expected", [
    ("p1", "decisive", "p1_crushed"),  # p1_decisive
    ("p1", "victory", "p1_won"),  # p1_win
    ("p2", "decisive", "p2_won"),  # no p2_decisive: a decisive win follows p2_win
    ("p2", "victory", "p2_won"),  # p2_win
    (None, "draw", None),  # draw: end
])
def test_each_outcome_key_of_a_chapter(winner, tier, expected):
    assert _after("start", winner, tier) == expected


def test_a_decisive_key_does_not_catch_a_lesser_win():
    assert _after("p2_won", "p2", "decisive") == "p2_crushed"
    campaign = _campaign({"id": "a", "next": {"p2_decisive": "c"}}, {"id": "b"}, {"id": "c"})
    assert campaign.following(campaign.chapter("a"), "p2", "decisive").id == "c"
    assert campaign.following(campaign.chapter("a"), "p2", "victory").id == "b"
    assert campaign.following(campaign.chapter("a"), "p1", "decisive").id == "b"


def test_missing_keys_lead_to_the_next_chapter_in_the_file():
    assert _after("p1_won", "p1", "decisive") == "p1_crushed"
    assert _after("p1_won", None, "draw") == "p1_crushed"
    assert _after("p2_crushed", "p2", "decisive") == "last"
    assert _after("p2_crushed", None, "draw") == "last"


def test_a_win_key_of_one_player_does_not_catch_the_other_players_win():
    campaign = _campaign({"id": "a", "next": {"p1_win": "c", "p1_decisive": "c"}}, {"id": "b"}, {"id": "c"})
    assert campaign.following(campaign.chapter("a"), "p2", "decisive").id == "b"
    assert campaign.following(campaign.chapter("a"), None, "draw").id == "b"


def test_after_the_last_chapter_the_campaign_is_over():
    for winner, tier in (("p1", "decisive"), ("p2", "victory"), (None, "draw")):
        assert _after("last", winner, tier) is None


def test_end_ends_the_campaign_whatever_chapters_follow():
    campaign = _campaign({"id": "a", "next": {"p1_win": "end"}}, {"id": "b"})
    assert campaign.following(campaign.chapter("a"), "p1", "decisive") is None
    assert campaign.following(campaign.chapter("a"), "p2", "decisive").id == "b"


# ------------------------------------------------------------------------------- chapter terms in a file


def test_chapter_loaded_has_the_war_chests_and_no_outfitting(tmp_path):
    loaded = load_campaign(write(tmp_path, HEAD + chapter("one")))
    original = loaded.scenarios["one"]
    played = chapter_loaded(original, ChapterTerms(war_chests={Side.ATTACKER: 410, Side.DEFENDER: 95}))
    assert played.scenario.rules(Side.ATTACKER).war_chest == 410
    assert played.scenario.rules(Side.DEFENDER).war_chest == 95
    assert not played.scenario.rules(Side.ATTACKER).outfit and not played.scenario.rules(Side.DEFENDER).outfit
    assert played.catalogue is original.catalogue and played.battle_map is original.battle_map
    assert original.scenario.rules(Side.ATTACKER).war_chest == 300 and original.scenario.rules(Side.ATTACKER).outfit


# ------------------------------------------------------------------------------------ finding campaigns


def test_find_campaign_takes_paths_as_they_are(tmp_path):
    assert find_campaign(str(tmp_path / "x.yaml")) == tmp_path / "x.yaml"
    assert find_campaign("somewhere.yml") == Path("somewhere.yml")


def test_find_campaign_finds_a_bundled_one_by_name_in_any_case(tmp_path, monkeypatch):
    path = write(tmp_path, HEAD + chapter("one"), "salt_and_iron.yaml")
    monkeypatch.setattr(campaign_files, "bundled_campaigns", lambda: [path])
    assert find_campaign("Salt_And_Iron") == path
    with pytest.raises(ContentError) as caught:
        find_campaign("no_such_campaign")
    assert "no such campaign" in str(caught.value) and "salt_and_iron" in str(caught.value)


def test_payouts_may_be_changed_by_the_file(tmp_path):
    text = HEAD.replace("chapters:\n", "payouts:\n  rout: 0.5\n  leader: 3\n  objective: 0\n  tiers:\n"
                                       "    decisive: 50\n    victory: 10\nchapters:\n") + chapter("one")
    rules = load_campaign(write(tmp_path, text)).campaign.payouts
    assert rules == Payouts(rout=0.5, leader=3, objective=0, tiers={"decisive": 50, "victory": 10})
