"""Campaign saves are checked, not trusted (docs/rulings.md C11): the books, the veterans, the file they name."""

from __future__ import annotations

import json

import pytest

from officers_chess.commands.campaign_report import play_campaign
from officers_chess.content.campaign_saves import CampaignSave, campaign_ref, open_campaign_save, write_campaign
from officers_chess.content.campaigns import load_campaign
from officers_chess.content.errors import ContentError
from officers_chess.content.validate import validate_any

CAMPAIGN = """\
name: Two Yards
players:
  p1: {name: The Grey Company, chest: 300}
  p2: {name: The Red Company, chest: 300}
chapters:
  - {id: first, scenario: practice_muster, sides: {p1: attacker, p2: defender}}
  - {id: second, scenario: practice_muster, sides: {p1: defender, p2: attacker}, stipend: {p1: 200, p2: 200}}
"""


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A campaign saved after its first chapter, with veterans on at least one side (seed chosen so)."""
    folder = tmp_path_factory.mktemp("campaign")
    (folder / "two_yards.yaml").write_text(CAMPAIGN)
    loaded = load_campaign(folder / "two_yards.yaml")
    for seed in range(1, 20):
        progress = play_campaign(loaded, seed, {"p1": "greedy", "p2": "greedy"})
        first = progress.records[0]
        if first.survivors["p1"] or first.survivors["p2"]:
            break
    after_first = progress.model_copy(update={"records": progress.records[:1], "next": "second",
                                              "companies": _companies_after_first(loaded, seed)})
    save = CampaignSave(campaign=campaign_ref(loaded), players={"p1": "human", "p2": "normal"}, seed=seed,
                        progress=after_first)
    path = write_campaign(folder / "run", save)
    return path, json.loads(path.read_text())


def _companies_after_first(loaded, seed):
    one = loaded.campaign.model_copy(update={"chapters": loaded.campaign.chapters[:1]})
    return play_campaign(loaded.__class__(loaded.path, one, loaded.scenarios, loaded.source, loaded.sha256), seed,
                         {"p1": "greedy", "p2": "greedy"}).companies


def edited(path, data, change):
    copy = json.loads(json.dumps(data))
    change(copy)
    target = path.parent / "edited" / "campaign.json"
    target.parent.mkdir(exist_ok=True)
    target.write_text(json.dumps(copy))
    return target


def test_a_true_save_opens_and_validates(played):
    path, _ = played
    assert open_campaign_save(path).save.progress.next == "second"
    assert validate_any(path) == []


def test_a_chest_raised_by_hand_is_refused(played):
    path, data = played
    target = edited(path, data, lambda d: d["progress"]["companies"]["p1"].__setitem__("chest", 9999))
    with pytest.raises(ContentError, match="chest"):
        open_campaign_save(target)


def test_a_record_whose_payouts_do_not_add_up_is_refused(played):
    path, data = played
    def pay_more(d):
        d["progress"]["records"][0]["payouts"]["p2"].append({"reason": "a gift", "gold": 500})
    with pytest.raises(ContentError, match="does not add up"):
        open_campaign_save(edited(path, data, pay_more))


def test_a_veteran_who_came_through_no_chapter_is_refused(played):
    path, data = played
    def invent(d):
        d["progress"]["companies"]["p1"]["veterans"].append({"name": "Ghost", "class": "Hero", "items": ["Silver Sword"]})
    with pytest.raises(ContentError, match="came through no chapter"):
        open_campaign_save(edited(path, data, invent))


def test_a_veterans_wear_beyond_its_items_uses_is_refused(played):
    path, data = played
    player = "p1" if data["progress"]["companies"]["p1"]["veterans"] else "p2"

    def wear_out(d):
        veteran = d["progress"]["companies"][player]["veterans"][0]
        veteran["used"] = [60] + [0] * (len(veteran["items"]) - 1)
    with pytest.raises(ContentError, match="uses spent"):
        open_campaign_save(edited(path, data, wear_out))


def test_a_negative_wear_is_refused(played):
    path, data = played
    player = "p1" if data["progress"]["companies"]["p1"]["veterans"] else "p2"

    def mint(d):
        veteran = d["progress"]["companies"][player]["veterans"][0]
        veteran["used"] = [-30] + [0] * (len(veteran["items"]) - 1)
    with pytest.raises(ContentError):
        open_campaign_save(edited(path, data, mint))


def test_a_changed_campaign_file_is_refused(played, tmp_path):
    path, data = played
    def other_hash(d):
        d["campaign"]["sha256"] = "0" * 64
    with pytest.raises(ContentError, match="has changed"):
        open_campaign_save(edited(path, data, other_hash))


def test_continue_passes_over_a_campaign_that_would_not_load(played):
    from officers_chess.content.campaign_saves import campaign_hint

    path, data = played
    folder = path.parent.parent
    hint = campaign_hint(folder, None)
    assert hint is not None and hint[0] == path and "chapter 2" in hint[1]
    assert campaign_hint(folder, None, frozenset({path})) is None  # refused once: not offered again


def test_a_campaign_begun_with_a_seed_gives_each_chapter_the_same_seed_again(tmp_path):
    from officers_chess.session.campaign_run import CampaignRun

    (tmp_path / "two_yards.yaml").write_text(CAMPAIGN)
    loaded = load_campaign(tmp_path / "two_yards.yaml")

    def chapter_seed(seed: int) -> int:
        run = CampaignRun.new(loaded, {"p1": "human", "p2": "greedy"}, autosave=False, seed=seed)
        run.open_chapter()
        return run.data.pending.seed

    assert chapter_seed(7) == chapter_seed(7)
    assert chapter_seed(7) != chapter_seed(8)


def test_a_muster_under_way_must_start_from_the_company_the_last_chapter_left(tmp_path):
    from officers_chess.session.campaign_run import CampaignRun

    (tmp_path / "two_yards.yaml").write_text(CAMPAIGN)
    loaded = load_campaign(tmp_path / "two_yards.yaml")
    run = CampaignRun.new(loaded, {"p1": "human", "p2": "greedy"}, autosave=False, seed=3)
    run.open_chapter()
    path = write_campaign(tmp_path / "run", run.data)
    assert open_campaign_save(path).save.pending is not None  # as written, it holds
    data = json.loads(path.read_text())
    data["pending"]["before"]["p1"]["chest"] += 1000  # a richer muster than the books allow
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="company at the muster"):
        open_campaign_save(path)


def test_a_chapter_battle_that_did_not_hold_goes_on_in_a_file_of_its_own_and_nothing_is_pruned(tmp_path):
    from pathlib import Path

    from officers_chess.commands.campaign_report import play_campaign
    from officers_chess.content.autosave import Autosaver
    from officers_chess.content.saves import open_save
    from officers_chess.session.campaign_run import CampaignRun

    (tmp_path / "two_yards.yaml").write_text(CAMPAIGN)
    loaded = load_campaign(tmp_path / "two_yards.yaml")
    folder = tmp_path / "run"
    folder.mkdir()
    play_campaign(loaded, 1, {"p1": "greedy", "p2": "greedy"}, save_dir=folder)  # chapter-01.json, chapter-02.json
    for n in range(12):  # more saves than an autosave folder keeps: a prune there would take some
        (folder / f"old-{n:02d}.json").write_text("{}")
    saved = open_save(folder / "chapter-01.json")
    elsewhere = folder / "chapter-01-2.json"
    # Gone on from its fifth action, as when the rest did not check: the battle is not over there.
    saver = Autosaver.carry_on(saved, upto=5, folder=folder, elsewhere=elsewhere)
    assert saver.path == elsewhere and elsewhere.is_file()
    assert (folder / "chapter-01.json").is_file()  # the save that did not hold is kept as it was
    assert len(list(folder.glob("old-*.json"))) == 12  # and the campaign's folder is never pruned

    run = CampaignRun.new(loaded, {"p1": "human", "p2": "greedy"}, autosave=False, seed=3)
    run.folder = folder
    run.open_chapter()
    run.battle_path()  # the chapter's battle is named chapter-01.json
    assert run.next_battle_path() == elsewhere.with_name("chapter-01-3.json")  # -2 is taken now
    run.battle_moved(Path(folder / "chapter-01-3.json"))
    assert run.data.pending.battle == "chapter-01-3.json"
    assert open_campaign_save(folder / "campaign.json").save.pending.battle == "chapter-01-3.json"


def test_a_reserve_kit_the_books_cannot_account_for_is_refused(tmp_path):
    """The benched veterans' kits a muster changed are saved with the chapter (ruling L20), and checked like its
    armies: a kit for a unit the company does not have is refused."""
    from officers_chess.session.campaign_run import CampaignRun

    (tmp_path / "two_yards.yaml").write_text(CAMPAIGN)
    run = CampaignRun.new(load_campaign(tmp_path / "two_yards.yaml"), {"p1": "human", "p2": "greedy"},
                          autosave=False, seed=3)
    run.open_chapter()
    path = write_campaign(tmp_path / "run", run.data)
    data = json.loads(path.read_text())
    assert "reserve" not in data["pending"]  # nothing benched changed: written as before
    data["pending"]["reserve"] = {"p2": [{"name": "Ghost", "unit_class": "Fighter", "items": ["Iron Axe"]}]}
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="Ghost is not a veteran waiting in reserve"):
        open_campaign_save(path)
