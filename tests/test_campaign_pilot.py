"""Campaigns in the real app, by keyboard: the muster, the hand-over, the chapter's battle, the summary, resuming."""

from __future__ import annotations

from rich.text import Text

import json
import os

from officers_chess.ai.play import make_policy
from officers_chess.content.campaign_saves import is_campaign_file, open_campaign_save
from officers_chess.content.campaigns import load_campaign
from officers_chess.rules.battle.game import apply_action
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.campaign_handover import CampaignHandOver
from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen
from officers_chess.tui.screens.campaign_summary import CampaignEndScreen, CampaignSummaryScreen
from officers_chess.tui.screens.chapter_briefing import ChapterBriefing
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.scouting import ScoutingScreen

from muster_keys import deploy_all, press
from pilot_helpers import computer_mustered, past_the_grace, screen_text

CAMPAIGN = """\
name: Two Yards
briefing: Two drill companies settle a grudge in two bouts.
players:
  p1: {name: The Grey Company, chest: 300}
  p2: {name: The Red Company, chest: 300}
chapters:
  - {id: first, scenario: practice_muster, sides: {p1: attacker, p2: defender}}
  - {id: second, scenario: practice_muster, sides: {p1: defender, p2: attacker}, stipend: {p1: 200, p2: 200}}
"""


def write_campaign(tmp_path):
    path = tmp_path / "two_yards.yaml"
    path.write_text(CAMPAIGN)
    return load_campaign(path)


async def shop_buy(pilot, screen: CampaignMusterScreen, option_id: str) -> None:
    """Highlight an entry of the shop (by its id) and press Enter on it."""
    shop = screen.query_one("#shop")
    shop.focus()
    ids = [shop.get_option_at_index(i).id for i in range(shop.option_count)]
    while shop.highlighted != ids.index(option_id):
        await press(pilot, "down" if (shop.highlighted or 0) < ids.index(option_id) else "up")
    await press(pilot, "enter")


async def to_muster(pilot) -> CampaignMusterScreen:
    """The muster opens under its chapter's briefing: read, and Enter goes on to the muster itself."""
    assert isinstance(pilot.app.screen, ChapterBriefing), type(pilot.app.screen)
    await press(pilot, "enter")
    assert isinstance(pilot.app.screen, CampaignMusterScreen)
    return pilot.app.screen


async def muster_two(pilot, screen: CampaignMusterScreen) -> None:
    """Hire a Fighter and a Mercenary with a weapon each, by keys only (after the briefing, if it is still open)."""
    if isinstance(pilot.app.screen, ChapterBriefing):
        screen = await to_muster(pilot)
    for unit_class, weapon in (("Fighter", "Iron Axe"), ("Mercenary", "Iron Sword")):
        await shop_buy(pilot, screen, f"class:{unit_class}")
        company = screen.query_one("#company")
        company.focus()
        await press(pilot, "end")
        await shop_buy(pilot, screen, f"item:{weapon}")


async def one_person_muster(pilot, app, loaded) -> CampaignMusterScreen:
    """One person against `normal`: the campaign begun, the computer mustered, two units hired by keys."""
    await pilot.pause()
    app.begin_campaign(loaded, {"p1": "human", "p2": "normal"})
    await computer_mustered(pilot)
    await muster_two(pilot, app.screen)
    assert isinstance(app.screen, CampaignMusterScreen)
    return app.screen


def finish_battle(state):
    """Play the rest of a battle headless (the flow after it is what these tests are about)."""
    policies = {side: make_policy("greedy", 3) for side in type(state.to_act)}
    while not state.is_over:
        state = apply_action(state, policies[state.to_act].choose(state)).state
    return state


async def test_hot_seat_campaign_muster_hand_over_battle_summary_and_the_books(tmp_path):
    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.begin_campaign(loaded, {"p1": "human", "p2": "human"})
        await pilot.pause()
        # Two people at one keyboard: each private screen comes after a hand-over that names the company.
        assert isinstance(app.screen, CampaignHandOver)
        assert "The Grey Company (p1)" in screen_text(app)
        await press(pilot, "enter")
        screen = await to_muster(pilot)
        assert screen.player == "p1"
        await press(pilot, "d")
        assert app.screen is screen and "fewer than the 2 required" in screen_text(app)  # refused, said why
        await muster_two(pilot, screen)
        assert "Ready: d confirms" in screen_text(app)
        await press(pilot, "d", "y")
        assert isinstance(app.screen, CampaignHandOver) and "The Red Company (p2)" in screen_text(app)
        assert "Iron Axe" not in screen_text(app)  # nothing of p1's muster shows to the next player
        await press(pilot, "enter")
        await muster_two(pilot, app.screen)
        await press(pilot, "d", "y")
        # The chapter's own army building: Scouting and Deployment, no Outfitting, then the battle.
        phases = []
        for _ in range(12):
            screen = app.screen
            if isinstance(screen, BattleScreen):
                break
            phases.append(type(screen).__name__)
            if isinstance(screen, DeploymentScreen):
                await deploy_all(pilot, screen)
                await press(pilot, "d")
                if not isinstance(app.screen, DeploymentScreen) and hasattr(app.screen, "query"):
                    await press(pilot, "y") if "Confirm" in type(app.screen).__name__ else None
            else:
                await press(pilot, "enter")
        assert isinstance(app.screen, BattleScreen), phases
        assert "HiringScreen" not in phases and all("Outfit" not in p for p in phases)
        state = finish_battle(app.screen.controller.state)
        app.show_result(state, [])
        await past_the_grace(pilot)
        assert isinstance(app.screen, ResultScreen) and "Go on with the campaign" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, CampaignHandOver)
        await press(pilot, "enter")
        assert isinstance(app.screen, CampaignSummaryScreen) and app.screen.player == "p1"
        text = screen_text(app)
        assert "Chapter 1: Practice Muster" in text and "Gold across the chapters" in text
        run = app.campaign
        record = run.data.progress.records[0]
        # The rule of the chests, as the save holds it.
        for p in ("p1", "p2"):
            assert record.chest_before[p] == 300
            assert record.chest_after[p] == 300 - record.spent[p] + sum(x.gold for x in record.payouts[p])
        saved = open_campaign_save(run.folder / "campaign.json")  # the books check out on load
        assert saved.save.battles == ["chapter-01.json"]
        assert (run.folder / "chapter-01.json").is_file()
        # p2 reads its own summary after a hand-over; then the second chapter's musters, its battle, and the end.
        await press(pilot, "enter")
        assert isinstance(app.screen, CampaignHandOver) and "The Red Company (p2)" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, CampaignSummaryScreen) and app.screen.player == "p2"
        await press(pilot, "enter")
        for player in ("p1", "p2"):
            assert isinstance(app.screen, CampaignHandOver)
            await press(pilot, "enter")
            screen = await to_muster(pilot)
            assert screen.player == player
            company = run.data.progress.companies[player]
            assert {m.recruit.name for m in screen.form.members} == {v.name for v in company.veterans}
            while len(screen.form.army().units) < 2:
                await muster_two(pilot, screen)
            await press(pilot, "d", "y")
        for _ in range(12):
            if isinstance(app.screen, BattleScreen):
                break
            if isinstance(app.screen, DeploymentScreen):
                await deploy_all(pilot, app.screen)
                await press(pilot, "d")
                await press(pilot, "y")
            else:
                await press(pilot, "enter")
        assert isinstance(app.screen, BattleScreen)
        app.show_result(finish_battle(app.screen.controller.state), [])
        await past_the_grace(pilot)
        await press(pilot, "enter")
        for player in ("p1", "p2"):  # each reads the last chapter's summary in private
            await press(pilot, "enter")
            assert isinstance(app.screen, CampaignSummaryScreen) and app.screen.player == player
            await press(pilot, "enter")
        assert isinstance(app.screen, CampaignEndScreen)
        assert "Two Yards: the end" in screen_text(app)
        assert open_campaign_save(run.folder / "campaign.json").save.progress.over


async def test_a_campaign_killed_at_the_muster_resumes_where_it_stood(tmp_path):
    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await one_person_muster(pilot, app, loaded)  # one person: no hand-over
        await press(pilot, "d", "y")
        assert isinstance(app.screen, ScoutingScreen)
        folder = app.campaign.folder
        before = json.loads((folder / "campaign.json").read_text())
    assert is_campaign_file(folder / "campaign.json")
    assert set(before["pending"]["armies"]) == {"p1", "p2"}  # both musters are in the save
    resumed = OfficersChessApp(campaign=open_campaign_save(folder / "campaign.json"))
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, ScoutingScreen)  # the chapter's army building, where it stood
        assert resumed.campaign.data == app.campaign.data


async def test_the_campaign_goes_to_its_end_screen_with_the_standings(tmp_path):
    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.begin_campaign(loaded, {"p1": "normal", "p2": "normal"})
        for _ in range(2):
            await computer_mustered(pilot)
            assert isinstance(app.screen, BattleScreen)
            app.show_result(finish_battle(app.screen.controller.state), [])
            await past_the_grace(pilot)
            await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignEndScreen)
        text = screen_text(app)
        assert "Two Yards: the end" in text and ("wins the campaign" in text or "is drawn" in text)


async def test_a_campaign_killed_in_its_chapters_battle_resumes_that_battle(tmp_path):
    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await one_person_muster(pilot, app, loaded)
        await press(pilot, "d", "y")
        await press(pilot, "enter")  # Scouting
        for _ in range(6):
            if isinstance(app.screen, BattleScreen):
                break
            if isinstance(app.screen, DeploymentScreen):
                await deploy_all(pilot, app.screen)
            await press(pilot, "d") if isinstance(app.screen, DeploymentScreen) else await press(pilot, "y")
        assert isinstance(app.screen, BattleScreen)
        await pilot.pause()
        state = app.screen.controller.state
        folder = app.campaign.folder
    saved = open_campaign_save(folder / "campaign.json")
    assert saved.save.pending.battle == "chapter-01.json"
    resumed = OfficersChessApp(campaign=saved)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, BattleScreen)
        assert resumed.screen.controller.state.units == state.units  # the same battle, the same armies
        assert resumed.campaign is not None  # its end will close the chapter, not lead to the title


async def test_l_on_the_title_lists_every_unfinished_campaign_and_goes_on_with_an_older_one(tmp_path):
    """Continue takes the newest campaign; Load offers each one under way, so an older campaign is not stranded."""
    from officers_chess.tui.dialogs.save_picker import SavePicker

    loaded = write_campaign(tmp_path)
    folders = []
    for seed in (5, 6):  # two campaigns under way, the second begun later
        app = OfficersChessApp(seed=seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await one_person_muster(pilot, app, loaded)
            await press(pilot, "d", "y")
            assert isinstance(app.screen, ScoutingScreen)
            folders.append(app.campaign.folder)
    older, newer = folders
    assert older != newer
    newer_time = (newer / "campaign.json").stat().st_mtime
    os.utime(older / "campaign.json", (newer_time - 60, newer_time - 60))
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "l")
        picker = app.screen
        assert isinstance(picker, SavePicker)
        campaigns = [pick for pick in picker.saves if pick.path.name == "campaign.json"]
        assert [pick.path.parent for pick in campaigns] == [newer, older]  # newest first
        assert all(pick.label.startswith("Campaign Two Yards, chapter 1, saved ") for pick in campaigns)
        for _ in range(picker.saves.index(campaigns[1])):
            await pilot.press("down")
        await press(pilot, "enter")
        assert isinstance(app.screen, ScoutingScreen)  # where the older campaign stood
        assert app.campaign is not None and app.campaign.folder == older


async def test_the_muster_footer_offers_enter_only_while_the_shop_has_focus(tmp_path):
    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await one_person_muster(pilot, app, loaded)  # a company to focus
        footer_keys = lambda: {b.description for _, b, shown, _ in screen.active_bindings.values() if b.show and shown}
        screen.query_one("#shop").focus()
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Buy" in footer_keys() and "Buy" in footer
        assert footer.rstrip().endswith("Rules")  # every key still fits at 80 columns, the last one too
        screen.query_one("#company").focus()
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Buy" not in footer_keys() and "Buy" not in footer and footer.rstrip().endswith("Rules")


async def test_the_muster_reads_the_last_chapters_summary_again_with_l():
    """Quick Enters ran past the chapter's summary into the muster, and its pay and losses were gone for good (a
    newcomer's play-test): l in the muster shows it again, and Esc comes back."""
    from test_snapshots import campaign_after_its_first_chapter

    from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen
    from officers_chess.tui.screens.campaign_summary import LastChapterDialog

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await campaign_after_its_first_chapter(pilot)
        summary = " ".join(screen_text(app).split())
        await pilot.press("enter", "enter")  # past the summary and the next chapter's briefing
        await pilot.pause()
        muster = app.screen
        assert isinstance(muster, CampaignMusterScreen)
        assert "l: last chapter" in screen_text(app)  # on the company's lower border, whole
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastChapterDialog)
        again = " ".join(screen_text(app).split())
        for words in ("Came through:", "Lost for good:", "Pay"):
            assert words in again and words in summary
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is muster


async def second_muster(pilot):
    """The bundled campaign's second chapter's muster for p1, a person, its first chapter played by the computer
    (its summary and the next briefing read past): the muster screen."""
    from test_snapshots import campaign_after_its_first_chapter

    from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen

    await campaign_after_its_first_chapter(pilot)
    await pilot.press("enter", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CampaignMusterScreen)
    return pilot.app.screen


async def test_question_mark_lists_every_key_of_a_screen_without_a_help_of_its_own():
    """? did nothing in the campaign muster (a newcomer's play-test), whose footer has room for half its keys."""
    from officers_chess.tui.dialogs.keys_help import KeysHelp

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        muster = await second_muster(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysHelp)
        listed = dict((words, key) for key, words in app.screen.rows)
        for words in ("Field/rest", "Move", "Briefing", "Last chapter", "Done", "Forfeit", "Title", "Rules"):
            assert words in listed, words  # the footer's keys and the ones it has no room for
        assert "Page Up" not in listed  # a list's own paging is no key of the muster's
        assert listed["Sell"] == "1-3" and not {"Sell 2", "Sell 3"} & set(listed)  # 1-3 stands for its group
        muster.query_one("#shop").focus()
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        listed = dict((words, key) for key, words in app.screen.rows)
        assert listed.get("Buy") == "⏎", listed  # the shop's own Enter, a key of the game's too
        assert not {"Focus Next", "Copy selected text", "Keys"} & set(listed)  # Textual's own, and this list's
        assert "Last chapter" in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is muster


async def test_space_says_let_go_on_a_new_hire_and_field_or_rest_on_a_veteran():
    """space rests or dismisses a veteran, and takes a new hire off the form: the footer said "Field/rest" for both,
    and a newcomer learnt what it did to a new hire only after (a play-test)."""
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        muster = await second_muster(pilot)
        footer = lambda: screen_text(app).splitlines()[-1]  # noqa: E731
        assert "Field/rest" in footer() and "Let go" not in footer()  # a veteran highlighted
        members = len(muster.form.members)
        await pilot.press("tab", "enter")  # the shop: the first class hired, and highlighted
        await pilot.pause()
        assert len(muster.form.members) == members + 1 and not muster.form.members[-1].veteran
        await pilot.press("tab")
        await pilot.pause()
        assert "Let go" in footer() and "Field/rest" not in footer()
        await pilot.press("space")
        await pilot.pause()
        assert len(muster.form.members) == members and "not hired after all" in screen_text(app)
        assert "Field/rest" in footer()


async def test_the_muster_says_before_sealing_which_units_carry_no_weapon(tmp_path):
    """A unit hired and never given a weapon goes to the field empty-handed: allowed, rarely meant. The muster's
    Ready line and d's question name it, as the hiring screen does (a newcomer sealed two such units unwarned)."""
    from officers_chess.tui.dialogs.confirm import ConfirmDialog

    loaded = write_campaign(tmp_path)
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await one_person_muster(pilot, app, loaded)
        assert "no weapon" not in " ".join(screen_text(app).split())
        await shop_buy(pilot, screen, "class:Fighter")  # a third unit, with nothing bought for it
        newest = screen.form.members[-1].recruit.name
        assert f"Ready: d confirms this muster. {newest} carries no weapon or staff." in " ".join(screen_text(app).split())
        await press(pilot, "d")
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question.endswith(f"final. {newest} carries no weapon or staff.")
        await press(pilot, "n")
        assert app.screen is screen


async def test_after_a_hire_the_shops_cursor_goes_to_the_new_units_kit():
    """A new hire carries nothing, and the cursor stayed on the hire line: a newcomer going for a weapon pressed
    Enter and hired a second unit. It now moves to the first item the new unit can carry, and says so."""
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        muster = await second_muster(pilot)
        members = len(muster.form.members)
        await pilot.press("tab", "enter")  # the shop: the first class hired
        await pilot.pause()
        assert len(muster.form.members) == members + 1
        hired = muster.form.members[-1].recruit
        shop = muster.query_one("#shop")
        assert str(shop.get_option_at_index(shop.highlighted).id).startswith("item:")
        kit = muster.form.kit_word(hired.unit_class)
        assert f"{hired.name} the {hired.unit_class} is hired: give it {kit} (the shop's cursor is on its kit)." in (
            " ".join(screen_text(app).split()))
        # A longer name takes the words past one line at 80 columns: every line of them shows (one was cut off).
        long_words = muster.form.hired_words("Wilhelmina of the Saltings", "Troubadour",
                                             "(the shop's cursor is on its kit)")
        muster._tell(long_words)
        await pilot.pause()
        told = muster.query_one("#told")
        said = Text(str(told.render())).wrap(app.console, told.content_region.width)
        assert len(said) > 1 and told.content_region.height >= len(said)
        await pilot.press("enter")  # the next Enter arms it, and hires nobody
        await pilot.pause()
        assert len(muster.form.members) == members + 1 and muster.form.members[-1].recruit.items
