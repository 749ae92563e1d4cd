"""A whole campaign played computer against computer (campaign_report.play_campaign): the chest rule chapter by
chapter (docs/rulings.md C2), payouts and losses that agree with the battles, veterans carried from chapter to
chapter, the JSON the headless interface promises, the same campaign from the same seed, forfeits (C9), and
each chapter's battle saved so that `replay --verify` checks it."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from officers_chess.commands import campaign_report
from officers_chess.commands.campaign_report import campaign_json, campaign_table, play_campaign
from officers_chess.commands.console import main
from officers_chess.content.campaigns import load_campaign
from officers_chess.content.errors import ContentError
from officers_chess.content.save_replay import validate_save
from officers_chess.content.saves import open_save
from officers_chess.rules.muster.army import Army, army_cost, recruit_cost
from officers_chess.rules.pieces.models import Side

SEED = 4
LEVELS = {"p1": "greedy", "p2": "greedy"}
PLAYERS = ("p1", "p2")
CHAPTER_KEYS = ["scenario", "sides", "winner", "tier", "chest_before", "stipend", "payouts", "chest_after", "survivors",
                "lost"]

THREE_YARDS = """\
name: Three Yards
players:
  p1: {name: Red Company, chest: 350}
  p2: {name: Blue Company, chest: 300}
chapters:
  - id: first
    scenario: practice_muster
    sides: {p1: attacker, p2: defender}
    stipend: {p1: 50, p2: 100}
  - id: second
    scenario: practice_muster
    sides: {p1: defender, p2: attacker}
    stipend: {p1: 250, p2: 250}
  - id: third
    scenario: practice_muster
    sides: {p1: attacker, p2: defender}
    stipend: {p1: 250, p2: 250}
"""


def campaign_file(folder: Path, text: str = THREE_YARDS) -> Path:
    path = folder / "campaign.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The campaign played once with its saves, every chapter's close seen on the way (its muster and battle)."""
    folder = tmp_path_factory.mktemp("three_yards")
    lc = load_campaign(campaign_file(folder))
    saves = folder / "saves"
    saves.mkdir()
    closes: list[dict] = []
    real = campaign_report.close_chapter

    def spy(progress, campaign, chapter, name, before, mustered, armies, costs, state):
        closes.append(dict(chapter=chapter, before=before, mustered=mustered, armies=armies, costs=costs, state=state))
        return real(progress, campaign, chapter, name, before, mustered, armies, costs, state)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(campaign_report, "close_chapter", spy)
        progress = play_campaign(lc, SEED, LEVELS, save_dir=saves)
    return SimpleNamespace(lc=lc, progress=progress, saves=saves, closes=closes, records=progress.records,
                           json=campaign_json(lc, progress), folder=folder)


def test_the_campaign_is_played_to_its_end_with_a_battle_each_chapter(played):
    assert [r.id for r in played.records] == ["first", "second", "third"]
    assert played.progress.over and len(played.closes) == 3  # no forfeit: a battle each chapter
    assert all(c["state"].is_over for c in played.closes)


def test_each_chest_before_is_the_last_chest_after_plus_the_stipend(played):
    start = {p: played.lc.campaign.players[p].chest for p in PLAYERS}
    previous = start
    for record, chapter in zip(played.records, played.lc.campaign.chapters):
        for p in PLAYERS:
            assert record.stipend[p] == chapter.stipend.get(p, 0)
            assert record.chest_before[p] == previous[p] + record.stipend[p], (record.id, p)
        previous = record.chest_after
    assert played.records[0].chest_before == {"p1": 400, "p2": 400}
    assert {p: c.chest for p, c in played.progress.companies.items()} == played.records[-1].chest_after


def test_each_chest_after_is_the_chest_before_less_the_muster_plus_the_payouts(played):
    for record in played.records:
        for p in PLAYERS:
            earned = sum(line.gold for line in record.payouts[p])
            assert record.chest_after[p] == record.chest_before[p] - record.spent[p] + earned, (record.id, p)
            assert 0 <= record.chest_before[p] - record.spent[p] <= record.chest_before[p]  # the computer never sells


def test_the_muster_spends_the_price_of_the_army_less_the_veterans_it_already_had(played):
    """Worked out apart from the bill: the army's list price, less each fielded veteran's own kit at list price
    (what it brings paid for); the computer never sells (practice_muster refuses no item), only buys."""
    catalogue = played.lc.scenarios["first"].catalogue
    for close, record in zip(played.closes, played.records):
        for p in PLAYERS:
            army, home = close["armies"][p], close["before"][p]
            paid_for = sum(recruit_cost(v.recruit(), catalogue) for v in home.veterans
                           if v.name in {r.name for r in army.units})
            assert record.spent[p] == army_cost(army, catalogue) - paid_for, (record.id, p)
            assert close["mustered"][p].chest == record.chest_before[p] - record.spent[p]
    fielded_again = [r.name for c in played.closes[1:] for p in PLAYERS for r in c["armies"][p].units
                     if c["before"][p].veteran(r.name) is not None]
    assert fielded_again  # this seed does bring veterans back (else the test above says little)


def test_routs_are_paid_at_the_cost_they_took_the_field_with_and_the_winner_gets_its_purse(played):
    tiers = played.lc.campaign.payouts.tiers
    for close, record in zip(played.closes, played.records):
        for p in PLAYERS:
            foe = "p2" if p == "p1" else "p1"
            costs = {r.name: recruit_cost(r, played.lc.scenarios[record.id].catalogue) for r in close["armies"][foe].units}
            routs = [line for line in record.payouts[p] if line.reason.startswith("routed ")]
            assert sorted(line.reason.split(",")[0].removeprefix("routed ") for line in routs) == sorted(record.lost[foe])
            for line in routs:
                assert line.gold == costs[line.reason.split(",")[0].removeprefix("routed ")]  # no Leaders here
            purse = [line.gold for line in record.payouts[p] if not line.reason.startswith("routed ")]
            expected = [getattr(tiers, record.tier)] if record.winner == p else []
            assert purse == expected, (record.id, p)


def test_survivors_and_the_lost_are_the_army_that_took_the_field(played):
    for close, record in zip(played.closes, played.records):
        for p in PLAYERS:
            fielded = {r.name for r in close["armies"][p].units}
            assert set(record.survivors[p]) | set(record.lost[p]) == fielded
            assert not set(record.survivors[p]) & set(record.lost[p])
            side = record.sides[p]
            for name in record.lost[p]:
                assert next(u for u in close["state"].units if u.name == name and u.side is side).routed


def test_veterans_come_to_the_next_chapter_and_the_lost_never_do(played):
    for earlier, later, record in zip(played.closes, played.closes[1:], played.records):
        for p in PLAYERS:
            home = later["before"][p]
            reserve = [v.name for v in earlier["mustered"][p].veterans]
            assert sorted(v.name for v in home.veterans) == sorted(reserve + record.survivors[p])
            for name in record.survivors[p]:
                veteran = home.veteran(name)
                fought = next(r for r in earlier["armies"][p].units if r.name == name)
                assert veteran.unit_class == fought.unit_class
                assert veteran.battles == (earlier["before"][p].veteran(name).battles + 1
                                           if earlier["before"][p].veteran(name) else 1)
            for name in record.lost[p]:
                assert home.veteran(name) is None
    final = played.progress.companies
    for p in PLAYERS:
        assert sorted(v.name for v in final[p].veterans) == sorted(
            [v.name for v in played.closes[-1]["mustered"][p].veterans] + played.records[-1].survivors[p])


def test_the_json_has_exactly_the_promised_keys_and_types(played):
    data = json.loads(json.dumps(played.json))
    assert list(data) == ["campaign", "winner", "chapters"]
    assert data["campaign"] == "Three Yards" and data["winner"] in ("p1", "p2", "draw")
    wins = {p: sum(c["winner"] == p for c in data["chapters"]) for p in PLAYERS}
    assert data["winner"] == ("draw" if wins["p1"] == wins["p2"] else max(wins, key=wins.get))
    assert len(data["chapters"]) == 3
    for chapter in data["chapters"]:
        assert list(chapter) == CHAPTER_KEYS
        assert chapter["scenario"] == "Practice Muster"
        assert set(chapter["sides"]) == set(PLAYERS) and sorted(chapter["sides"].values()) == ["attacker", "defender"]
        assert chapter["winner"] in ("p1", "p2", "draw") and chapter["tier"] in ("decisive", "victory", "draw")
        assert (chapter["winner"] == "draw") == (chapter["tier"] == "draw")
        for key in ("chest_before", "stipend", "chest_after"):
            assert set(chapter[key]) == set(PLAYERS)
            assert all(type(v) is int and v >= 0 for v in chapter[key].values())
        for key in ("survivors", "lost"):
            assert set(chapter[key]) == set(PLAYERS)
            assert all(isinstance(n, str) for names in chapter[key].values() for n in names)
        assert set(chapter["payouts"]) == set(PLAYERS)
        for lines in chapter["payouts"].values():
            for line in lines:
                assert list(line) == ["reason", "gold"] and isinstance(line["reason"], str) and type(line["gold"]) is int
    assert [c["sides"]["p1"] for c in data["chapters"]] == ["attacker", "defender", "attacker"]


def test_the_same_seed_gives_the_same_campaign_saved_or_not(played):
    again = play_campaign(played.lc, SEED, LEVELS)
    assert campaign_json(played.lc, again) == played.json
    assert again.companies == played.progress.companies


def test_the_table_tells_each_chapter(played):
    table = campaign_table(played.lc, played.progress)
    lines = table.splitlines()
    assert lines[0] == "Three Yards: Red Company (p1) against Blue Company (p2)"
    assert sum(line[:3] in ("1. ", "2. ", "3. ") for line in lines) == 3
    for record in played.records:
        assert f"chest {record.chest_before['p1']} → spent {record.spent['p1']}" in table
    assert lines[-1].endswith("wins the campaign.") or lines[-1] == "The campaign is drawn."


# ------------------------------------------------------------------------------------------ the saves


def test_each_chapters_battle_is_saved_and_verifies(played, capsys):
    files = sorted(played.saves.iterdir())
    assert [f.name for f in files] == ["chapter-01.json", "chapter-02.json", "chapter-03.json"]
    for path in files:
        validate_save(path)
        assert main(["replay", "--verify", str(path)]) == 0
    assert capsys.readouterr().out.count("replay to the recorded states") == 3


def test_a_chapter_save_carries_the_chapters_war_chests(played):
    for index, close in enumerate(played.closes, 1):
        data = json.loads((played.saves / f"chapter-{index:02d}.json").read_text(encoding="utf-8"))
        catalogue = played.lc.scenarios[close["chapter"].id].catalogue
        chests = {close["chapter"].sides[p].value: army_cost(close["armies"][p], catalogue) for p in PLAYERS}
        assert data["chapter"] == {"war_chests": chests}
        for side, units in data["armies"].items():
            player = close["chapter"].player_of(Side(side))
            assert sorted(u["name"] for u in units) == sorted(r.name for r in close["armies"][player].units)
            for unit in units:  # no wear in these armies: no `used` written (older saves keep their hashes)
                assert "used" not in unit or any(unit["used"])


def _edit_chest(played, tmp_path: Path, side: str, change) -> Path:
    data = json.loads((played.saves / "chapter-01.json").read_text(encoding="utf-8"))
    data["chapter"]["war_chests"][side] = change(data["chapter"]["war_chests"][side])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_a_save_whose_war_chest_was_lowered_does_not_load(played, tmp_path, capsys):
    path = _edit_chest(played, tmp_path, "attacker", lambda gold: gold - 1)
    with pytest.raises(ContentError):
        open_save(path)
    assert main(["replay", "--verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "Traceback" not in err


def test_a_save_without_its_chapter_terms_does_not_load(played, tmp_path):
    data = json.loads((played.saves / "chapter-01.json").read_text(encoding="utf-8"))
    del data["chapter"]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError):
        validate_save(path)


def test_a_save_whose_war_chest_was_raised_does_not_load(played, tmp_path):
    path = _edit_chest(played, tmp_path, "attacker", lambda gold: gold + 500)
    with pytest.raises(ContentError):
        validate_save(path)


# ------------------------------------------------------------------------------------------- forfeits

SHORT = """\
name: Empty Purse
players:
  p1: {{name: Rich, chest: {p1}}}
  p2: {{name: Poor, chest: {p2}}}
chapters:
  - id: first
    scenario: practice_muster
    sides: {{p1: attacker, p2: defender}}
    next: {{p1_decisive: third, p2_decisive: third}}
  - id: second
    scenario: practice_muster
    sides: {{p1: defender, p2: attacker}}
  - id: third
    scenario: practice_muster
    sides: {{p1: defender, p2: attacker}}
    stipend: {{p2: 20}}
"""


def test_a_company_that_cannot_take_the_field_forfeits(tmp_path):
    lc = load_campaign(campaign_file(tmp_path, SHORT.format(p1=400, p2=0)))
    progress = play_campaign(lc, 1, LEVELS, save_dir=tmp_path)
    first, third = progress.records
    assert [r.id for r in progress.records] == ["first", "third"]  # the decisive branch, twice
    for record in (first, third):
        assert (record.winner, record.tier) == ("p1", "decisive")
        assert [line.gold for line in record.payouts["p1"]] == [200] and record.payouts["p2"] == []
        assert record.spent == {"p1": 0, "p2": 0}  # the winner's muster is not paid for either
        assert record.survivors == {"p1": [], "p2": []} and record.lost == {"p1": [], "p2": []}
    assert first.chest_before == {"p1": 400, "p2": 0} and first.chest_after == {"p1": 600, "p2": 0}
    assert third.chest_before == {"p1": 600, "p2": 20} and third.chest_after == {"p1": 800, "p2": 20}
    assert progress.companies["p1"].veterans == [] and progress.companies["p2"].chest == 20
    assert not list(tmp_path.glob("chapter-*.json"))  # no battle, no save
    assert campaign_json(lc, progress)["winner"] == "p1"


def test_the_first_player_forfeits_as_well(tmp_path):
    lc = load_campaign(campaign_file(tmp_path, SHORT.format(p1=0, p2=400)))
    first = play_campaign(lc, 1, LEVELS).records[0]
    assert (first.winner, first.tier) == ("p2", "decisive")
    assert first.chest_after == {"p1": 0, "p2": 600}


def test_when_neither_company_can_take_the_field_neither_wins(tmp_path):
    lc = load_campaign(campaign_file(tmp_path, SHORT.format(p1=0, p2=0)))
    first = play_campaign(lc, 1, LEVELS).records[0]
    assert first.winner is None and first.payouts == {"p1": [], "p2": []}


MIXED = """\
name: Two Rulebooks
players:
  p1: {name: Red, chest: 400}
  p2: {name: Blue, chest: 400}
chapters:
  - id: first
    scenario: practice_muster
    sides: {p1: attacker, p2: defender}
  - id: second
    scenario: ratings_harrow_tithe
    sides: {p1: defender, p2: attacker}
    stipend: {p1: 600, p2: 600}
"""


def test_a_campaign_mixing_editions_is_refused_at_load_or_plays_through(tmp_path):
    path = campaign_file(tmp_path, MIXED)
    try:
        lc = load_campaign(path)
    except ContentError as exc:  # refused, at the chapter that changes the rules
        assert exc.line == 10
        return
    assert len(play_campaign(lc, 1, LEVELS).records) == 2


# ------------------------------------------------------------------------------------ a worn kit saved


def test_a_chapter_battle_with_worn_kit_saves_and_verifies_and_the_wear_is_sealed(tmp_path, capsys):
    from officers_chess.ai.play import make_policy
    from officers_chess.content.campaigns import chapter_loaded
    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.content.saves import scenario_ref, write_save
    from officers_chess.rules.muster.army import Recruit
    from officers_chess.rules.muster.chapter_terms import ChapterTerms
    from officers_chess.commands.simulate_report import record_battle

    loaded = load_scenario(find_scenario("practice_muster"))
    armies = {Side.ATTACKER: Army(units=[Recruit(name="Vet", unit_class="Fighter", items=["Iron Axe", "Vulnerary"],
                                                 used=[0, 2]),
                                         Recruit(name="New", unit_class="Mercenary", items=["Iron Sword"])]),
              Side.DEFENDER: Army(units=[Recruit(name="F1", unit_class="Soldier", items=["Iron Lance"]),
                                         Recruit(name="F2", unit_class="Fighter", items=["Iron Axe", "Vulnerary"])])}
    terms = ChapterTerms(war_chests={s: army_cost(a, loaded.catalogue) for s, a in armies.items()})
    policies = {Side.ATTACKER: make_policy("greedy", 1), Side.DEFENDER: make_policy("greedy", 2)}
    state, record = record_battle(chapter_loaded(loaded, terms), policies, 5, 60, scenario_ref(loaded),
                                  {s: "greedy" for s in Side}, hired=armies, chapter=terms)
    path = tmp_path / "worn.json"
    write_save(path, record)
    validate_save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    used = {u["name"]: u.get("used") for units in data["armies"].values() for u in units}
    assert used == {"Vet": [0, 2], "New": None, "F1": None, "F2": None}  # written only where worn
    assert main(["replay", "--verify", str(path)]) == 0
    vet = next(u for units in data["armies"].values() for u in units if u["name"] == "Vet")
    vet["used"] = [0, 0]  # as if the Vulnerary were fresh
    edited = tmp_path / "fresh.json"
    edited.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError):
        validate_save(edited)
    capsys.readouterr()
