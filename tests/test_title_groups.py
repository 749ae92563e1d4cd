"""The title that guides: its groups, the guided battle's entry, each battle's newcomer line, the setup kept."""

from __future__ import annotations

import json

import pytest

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import find_scenario, load_scenario, read_scenario
from officers_chess.content.user_settings import settings_path
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.newcomer import easier_side, minutes, newcomer_line
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.title_groups import LEARN, WIDTH
from muster_keys import press
from pilot_helpers import screen_text


def test_a_battle_says_the_side_to_learn_on_and_its_minutes_from_its_file_or_worked_out():
    """The minutes are a person's: their own activations at 20 s and the computer's at 5 s, for the rounds the battle
    likely lasts (rulings L91; Training Yard said 10 where a newcomer played it in 3)."""
    from officers_chess.rules.scenario.newcomer import rounds_guess, units

    yard = load_scenario(find_scenario("training_yard"))
    assert (yard.scenario.easier_side, yard.scenario.minutes) == ("either", None)  # the side set by its author (L11)
    sides = [len(yard.scenario.armies[side]) for side in Side]
    assert sides == [2, 2] and rounds_guess(yard.scenario, 10, 8) == yard.scenario.time_limit.rounds == 7
    assert minutes(yard.scenario, 10, 8) == round(7 * (2 * 20 + 2 * 5) / 60) == 6
    assert newcomer_line(yard.scenario, 10, 8) == "Learn on: either side · about 6 min"
    levy = load_scenario(find_scenario("harrow_levy")).scenario  # nothing set: 6 v 8 and 3 more, 10 rounds
    assert levy.easier_side is None and levy.minutes is None
    assert easier_side(levy) == "defender"  # the larger army forgives more
    own, other = units(levy, Side.DEFENDER), units(levy, Side.ATTACKER)
    assert own > other and minutes(levy, 20, 14) == 5 * round(10 * (own * 20 + other * 5) / 60 / 5)
    set_ = yard.scenario.model_copy(update={"minutes": 12})
    assert newcomer_line(set_, 10, 8) == "Learn on: either side · about 12 min"  # an author's measured minutes win


@pytest.mark.parametrize("field, value", [("easier_side", "both"), ("minutes", 0), ("minutes", "soon")])
def test_a_wrong_newcomer_field_is_refused_at_its_line(tmp_path, field, value):
    text = find_scenario("training_yard").read_text()
    path = tmp_path / "yard.yaml"
    path.write_text(text.replace("easier_side: either\n", f"{field}: {value}\n"))
    with pytest.raises(ContentError) as info:
        read_scenario(path)
    assert field in str(info.value)


async def test_the_groups_fit_80_by_24_and_the_campaigns_are_one_key_away():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        text = " ".join(screen_text(app).split())
        for header in ("Learn to play", "A guided first battle", "▸ Battles (v0.6) · 22", "▸ Campaigns · 2",
                       "▸ Other editions · 4"):
            assert header in text
        assert "⏎ Play" in text  # the guided battle is highlighted first
        await press(pilot, "down", "down")  # past Battles to the Campaigns header
        assert "⏎ Open" in " ".join(screen_text(app).split())
        await press(pilot, "enter")
        text = " ".join(screen_text(app).split())
        assert "▾ Campaigns" in text and "The Salt Road" in text and "The Wool Tithe" in text
        assert "P1" in text  # a campaign highlighted: 1 and 2 choose who leads its companies
        await press(pilot, "left", "up", "right")  # fold, up to Battles, open it
        text = " ".join(screen_text(app).split())
        assert "▾ Battles" in text and "Training Yard" in text and "Learn on: either side · about 6 min" in text
        rows = [line.split("│")[1] for line in screen_text(app).splitlines() if line.startswith("│")]
        assert all(len(row.rstrip()) <= WIDTH + 2 for row in rows)  # no label runs into the border
        await press(pilot, "left")  # folded again: every header in sight
        assert "▸ Battles" in " ".join(screen_text(app).split()) and "▸ Campaigns" in " ".join(screen_text(app).split())


async def test_learn_to_play_calls_the_apps_tutorial_and_a_build_without_it_says_so(monkeypatch):
    app = OfficersChessApp(seed=1)
    started: list[bool] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        told: list[str] = []
        monkeypatch.setattr(app, "notify", lambda message, **kwargs: told.append(message))
        if not hasattr(app, "start_tutorial"):
            await press(pilot, "enter")
            assert told and "not in this build" in told[0]
        monkeypatch.setattr(app, "start_tutorial", lambda: started.append(True), raising=False)
        await press(pilot, "enter")
        assert started == [True]


async def test_the_player_setup_is_kept_for_the_next_launch():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "2", "3")  # the defender to the default level, and the players' own dice
    assert json.loads(settings_path().read_text()) == {"players": {"attacker": None, "defender": "easy"},
                                                       "own_dice": True}
    again = OfficersChessApp(seed=1)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.screen.players == {Side.ATTACKER: None, Side.DEFENDER: "easy"} and again.own_dice
        shown = " ".join(screen_text(again).split())
        assert "CPU (easy)" in shown and "Dice: yours" in shown


@pytest.mark.first_launch
async def test_a_first_launch_sets_a_newcomer_against_the_computer_at_the_default_level():
    from officers_chess.session.players import default_level

    assert not settings_path().exists()
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.players == {Side.ATTACKER: None, Side.DEFENDER: default_level()}
        assert f"CPU ({default_level()})" in " ".join(screen_text(app).split())


@pytest.mark.parametrize("text, said", [("{broken", "not JSON"),
                                        ('{"players": {"attacker": "genius", "defender": null}}', "genius")])
async def test_a_broken_setup_is_ignored_with_one_line_and_the_title_starts_afresh(monkeypatch, text, said):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text)
    app = OfficersChessApp(seed=1)
    told: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **kwargs: told.append(message))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.players == {Side.ATTACKER: None, Side.DEFENDER: None} and not app.own_dice
    assert len(told) == 1 and said in told[0] and "\n" not in told[0]


async def test_back_from_a_campaign_the_title_shows_the_setup_it_began_with():
    # A chapter hands p1 and p2 to the sides they play there (p1 may defend); the title keeps its own setup.
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.title_players = {Side.ATTACKER: "hard", Side.DEFENDER: None}  # as _start_campaign keeps it
        app.switch_screen(TitleScreen({Side.DEFENDER: "hard"}))  # the last chapter's sides, p1 defending
        await pilot.pause()
        assert app.screen.players == {Side.ATTACKER: "hard", Side.DEFENDER: None}
        assert "Attacker CPU (hard)" in " ".join(screen_text(app).split())


async def test_the_players_line_fits_80_columns_with_the_longest_level_on_both_sides():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "1", "1", "1", "2", "2", "2", "3")  # "CPU (normal)" on each side, the players' dice
        assert app.screen.players == {Side.ATTACKER: "normal", Side.DEFENDER: "normal"}
        dice = app.screen.query_one("#dice")
        assert dice.region.right <= 80 and "Dice: yours" in " ".join(screen_text(app).split())


async def test_other_editions_show_whole_names_and_up_at_the_top_stays_there():
    """At 80×24 each entry of Other editions shows its whole name (a long one on two lines, L70), and Up on the
    first row leaves the highlight there rather than wrapping to the last group (L71)."""
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        first = title.query_one("#scenarios").highlighted
        await press(pilot, "up", "up")
        assert title.query_one("#scenarios").highlighted == first and title.rows[first].kind == "learn"
        await press(pilot, "down", "down", "down", "enter")  # Battles, Campaigns, Other editions: open it
        listed = " ".join(" ".join(line.split("│")[1].split()) for line in screen_text(app).splitlines()
                          if line.strip().startswith("│"))
        names = [title.scenarios[i][1].scenario.name for i in title.editions]
        assert names and all(name in listed for name in names), (names, listed)
        assert "…" not in listed
        await press(pilot, *["down"] * (len(names) + 2))
        assert title.rows[title.query_one("#scenarios").highlighted].index == title.editions[-1]  # the end stops it


async def test_after_the_guided_battle_is_won_the_title_highlights_the_battle_it_suggested():
    """Won, then back to the title straight from the result's box, or from Training Yard's briefing: the highlight
    sits on Training Yard with its group open, not on Learn to play again; a later visit starts as ever (rulings
    L77)."""
    from types import SimpleNamespace

    from pilot_helpers import wait_until

    from officers_chess.tui.app_tutorial import NEXT_BATTLE
    from officers_chess.tui.screens.title_groups import BATTLES
    from officers_chess.tui.screens.tutorial_box import TutorialBox
    from officers_chess.content.user_settings import read_setup
    from officers_chess.session.players import default_level
    from officers_chess.session.tutorial import PLAYER

    def highlighted(app):
        screen = app.screen
        row = screen.rows[screen.query_one("#scenarios").highlighted]
        return row.kind, screen.scenarios[row.index][0].stem if row.kind == "battle" else row.group, screen.open_group

    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for keys in (["escape"], ["enter", "escape"]):  # the result's box; Training Yard's briefing
            app.tutorial_over(SimpleNamespace(winner=PLAYER))
            await wait_until(pilot, lambda: isinstance(app.screen, TutorialBox))
            for key in keys:
                shown = app.screen
                await pilot.press(key)
                await wait_until(pilot, lambda: app.screen is not shown)
            await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen) and app.screen.rows)
            await pilot.pause()
            assert highlighted(app) == ("battle", NEXT_BATTLE, BATTLES), keys
            assert "Training Yard" in screen_text(app)
            # Enter here plays the computer, never two people at one keyboard, and the next launch remembers it
            # (rulings L98; the fresh data folder's players line may say anything before).
            flat = " ".join(screen_text(app).split())
            assert "Attacker Human" in flat and f"Defender CPU ({default_level()})" in flat, flat
            assert app.screen.computer == {PLAYER.other: default_level()}
            assert read_setup()[0].players == {PLAYER.value: None, PLAYER.other.value: default_level()}
        app.show_title()
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.pause()
        assert highlighted(app) == ("learn", "learn", None)  # the wish is read once


async def test_the_title_opens_on_the_battle_begun_last_and_learn_to_play_says_where_it_goes_on():
    """Back from a battle, and at the next launch (settings.json), the highlight is on the battle begun last, its group
    open, not on Learn to play; a guided battle left part-way is named on its entry: "Go on from step 5 of 11"
    (rulings L89)."""
    from officers_chess.session import tutorial_progress as progress
    from officers_chess.session.tutorial import LESSONS
    from officers_chess.tui.screens.title_groups import BATTLES, LEARN_ON_LABEL
    from textual.widgets import OptionList

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"players": {"attacker": None, "defender": "easy"},
                                           "last_battle": "training_yard"}))
    progress.remember(4)
    progress.battle_path().write_text("{}")  # (the label reads only the step; the save is checked when chosen)

    def highlighted(title):
        row = title.rows[title.query_one(OptionList).highlighted]
        return title.scenarios[row.index][0].stem if row.kind == "battle" else row.kind

    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen) and highlighted(title) == "training_yard" and title.open_group == BATTLES
        learn = next(n for n, row in enumerate(title.rows) if row.kind == "learn")
        said = LEARN_ON_LABEL.format(step=5, steps=len(LESSONS))
        prompt = str(title.query_one(OptionList).get_option_at_index(learn).prompt)
        assert said == "Go on from step 5 of 11" and said in prompt
        await pilot.press("down")
        other = highlighted(title)
        await pilot.press("enter")  # the next battle down: begun
        await pilot.pause()
        assert app.screen is not title and other != "training_yard"
        app.show_title()
        await pilot.pause()
        assert highlighted(app.screen) == other  # back from it: on it
        assert json.loads(settings_path().read_text())["last_battle"] == other


def test_learn_to_plays_briefing_and_entry_agree_with_where_it_stands():
    """The list says "Go on from step N" and the briefing beside it says the same, not "Press Enter to begin"; a
    guided battle won once keeps its tick when begun again (rulings L116)."""
    from officers_chess.session import tutorial_progress as progress
    from officers_chess.tui.screens.title import learn_ending, learn_label
    from officers_chess.tui.screens.title_briefing import group_briefing

    def briefing_text() -> str:
        return " ".join(str(part) for part in group_briefing(LEARN, learn_ending()).renderables)

    assert learn_ending() == "Press Enter to begin." and "Press Enter to begin." in briefing_text()
    progress.mark_finished()
    assert "play it again" in briefing_text() and learn_label().startswith("✓")
    progress.remember(3)
    progress.battle_path().write_text("{}")
    assert learn_label() == "✓ Go on from step 4 of 11"
    assert "go on from step 4 of 11" in briefing_text() and "Press Enter to begin" not in briefing_text()


async def test_question_mark_on_the_title_lists_the_titles_own_keys_not_the_battles():
    """The battle's help named h, j, k, l as the cursor; on the title h hosts, j joins and l loads (a newcomer's
    play-test pressed j and found the join box)."""
    from officers_chess.tui.dialogs.help import HelpScreen
    from officers_chess.tui.dialogs.keys_help import KeysHelp

    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        await press(pilot, "question_mark")
        assert isinstance(app.screen, KeysHelp) and not isinstance(app.screen, HelpScreen)
        listed = {words: key for key, words in app.screen.rows}
        assert listed["Host"] == "h" and listed["Join"] == "j" and listed["Load"] == "l"
        assert "Enter" in listed.values() and "Quit" in listed
        assert not any("cursor" in words for words in listed)
        assert "In a battle, ? lists its keys" in " ".join(screen_text(app).split())
        await press(pilot, "escape")
        assert app.screen is title
