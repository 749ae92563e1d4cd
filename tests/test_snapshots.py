"""Pictures of every screen (pytest-textual-snapshot): a change in what the player sees shows up as a failed test.

After an intended change of the look, redraw them with `pytest tests/test_snapshots.py --snapshot-update`
and look at the new SVGs (docs/snapshots.md says how to turn them into PNGs).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from muster_keys import confirm_step, hire, press, walk
from pilot_helpers import computer_mustered, screen_text, walk_cursor

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import palette
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.scouting import ScoutingScreen

CONTACT = Path(__file__).resolve().parents[1] / "benchmarks" / "fixtures" / "long_march_contact.yaml"
SMALL, LARGE, HUGE = (80, 24), (120, 36), (160, 45)


@pytest.fixture(autouse=True)
def _classic_colours():
    yield
    palette.use(palette.CLASSIC.name)


def battle_app(colours: str = "classic") -> OfficersChessApp:
    return OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1, colours=colours)


def contact_app() -> OfficersChessApp:
    """The Long March with a Cavalier and a Brigand in the woods face to face: a forecast with seven modifiers."""
    return OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)


async def aim_at_niko(pilot) -> None:
    screen = pilot.app.screen
    c = screen.controller
    aurelie = next(u for u in c.state.living(Side.ATTACKER) if u.name == "Aurelie")
    await walk_cursor(pilot, screen, aurelie.pos)
    await pilot.press("enter")
    await walk_cursor(pilot, screen, (14, 10))
    await pilot.press("enter", "a")
    await pilot.pause()
    assert c.mode is Mode.TARGETING and c.forecast() is not None


def muster_app() -> OfficersChessApp:
    return OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=1,
                            computer={Side.DEFENDER: "greedy"})


async def hire_two(pilot) -> None:
    await computer_mustered(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HiringScreen)
    await hire(pilot, screen, "Fighter", ["Iron Axe"])
    await hire(pilot, screen, "Archer", ["Iron Bow"])


async def to_deployment(pilot) -> None:
    await hire_two(pilot)
    await confirm_step(pilot)
    assert isinstance(pilot.app.screen, ScoutingScreen)
    await press(pilot, "enter")
    await computer_mustered(pilot)
    assert isinstance(pilot.app.screen, HiringScreen)  # outfitting: keep the kit
    await confirm_step(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, DeploymentScreen)
    first = sorted(screen.controller.zone, key=lambda p: (p[1], p[0]))[0]
    await walk(pilot, screen, first)
    await press(pilot, "enter")


def test_title_screen(snap_compare):
    assert snap_compare(OfficersChessApp(seed=1), terminal_size=SMALL)


def test_title_screen_with_a_scenario_briefing_and_a_computer_side(snap_compare):
    # Battles opened, three scenarios down the group, the defender played by the computer.
    assert snap_compare(OfficersChessApp(seed=1), press=["down", "enter", "down", "down", "down", "2"],
                        terminal_size=LARGE)


def test_hiring_screen(snap_compare):
    assert snap_compare(muster_app(), run_before=hire_two, terminal_size=LARGE)


def test_deployment_screen(snap_compare):
    assert snap_compare(muster_app(), run_before=to_deployment, terminal_size=LARGE)


def test_battle_screen_small_terminal(snap_compare):
    assert snap_compare(battle_app(), press=["tab"], terminal_size=SMALL)


def test_battle_screen_colour_blind_scheme_with_moves_shown(snap_compare):
    async def select(pilot) -> None:
        await pilot.press("tab", "enter", "d")

    assert snap_compare(battle_app("colour-blind"), run_before=select, terminal_size=LARGE)


def test_battle_screen_on_a_big_terminal_draws_the_map_in_large_blocks(snap_compare):
    async def select(pilot) -> None:
        await pilot.press("tab", "enter")

    app = OfficersChessApp(scenario=load_scenario(find_scenario("ford_skirmish")), seed=1)
    assert snap_compare(app, run_before=select, terminal_size=HUGE)


def test_forecast_pane_with_its_modifiers(snap_compare):
    assert snap_compare(contact_app(), run_before=aim_at_niko, terminal_size=LARGE)


def test_forecast_pane_at_80_columns(snap_compare):
    assert snap_compare(contact_app(), run_before=aim_at_niko, terminal_size=SMALL)


def test_rules_browser(snap_compare):
    assert snap_compare(battle_app(), press=["f1"], terminal_size=LARGE)


def test_rule_card_from_a_forecast_modifier(snap_compare):
    async def explain(pilot) -> None:
        await aim_at_niko(pilot)
        plan = pilot.app.screen.controller.forecast().plan
        await pilot.press("e", "1")
        await pilot.pause()
        # This attack's sums on the card end on the forecast's own damage (rulings L45).
        text = screen_text(pilot.app)
        for name, profile in (("Aurelie", plan.attacker), ("Niko", plan.defender)):
            found = re.search(rf"{name}'s damage: [^=]+= (\d+)", text)
            assert found and int(found.group(1)) == profile.damage, text

    assert snap_compare(contact_app(), run_before=explain, terminal_size=LARGE)


def test_help_screen(snap_compare):
    assert snap_compare(battle_app(), press=["question_mark"], terminal_size=LARGE)


async def campaign_after_its_first_chapter(pilot) -> None:
    """The bundled campaign after its first chapter, played by the computer on both sides (seeded), now led by a
    person as p1: the summary of that chapter is on screen. p1's computer outclasses p2's, so p1 wins with
    veterans to muster whatever the `normal` level's judgement becomes (a loss would leave nobody to show)."""
    from dataclasses import replace

    from officers_chess.commands.campaign_report import play_campaign
    from officers_chess.content.campaigns import bundled_campaigns, load_campaign
    from officers_chess.session.campaign_run import CampaignRun

    loaded = load_campaign(bundled_campaigns()[0])
    first = replace(loaded, campaign=loaded.campaign.model_copy(update={"chapters": loaded.campaign.chapters[:1]}))
    progress = play_campaign(first, 2, {"p1": "normal", "p2": "random"})
    assert progress.records[0].winner == "p1" and progress.records[0].survivors["p1"], progress.records[0]
    run = CampaignRun.new(loaded, {"p1": "human", "p2": "normal"}, autosave=False, seed=2)
    run.data = run.data.model_copy(update={"progress": progress.model_copy(
        update={"next": loaded.campaign.following(loaded.campaign.chapters[0], progress.records[0].winner,
                                                  progress.records[0].tier).id})})
    app = pilot.app
    app.campaign, app._to_read = run, ["p1"]
    app.campaign_step()
    await pilot.pause()


def test_campaign_summary_after_a_chapter(snap_compare):
    assert snap_compare(OfficersChessApp(seed=1), run_before=campaign_after_its_first_chapter, terminal_size=SMALL)


def test_campaign_muster_with_veterans(snap_compare):
    async def to_muster(pilot) -> None:
        await campaign_after_its_first_chapter(pilot)
        await pilot.press("enter")  # the summary read: the chapter's briefing opens over the muster
        await pilot.pause()
        await pilot.press("enter")  # and on to the muster
        await pilot.pause()

    assert snap_compare(OfficersChessApp(seed=1), run_before=to_muster, terminal_size=SMALL)


def test_campaign_chapter_briefing_before_the_muster(snap_compare):
    """The bundled campaign's first chapter as its muster opens: its briefing beside the map, at 80×24."""

    async def briefing(pilot) -> None:
        from officers_chess.content.campaigns import bundled_campaigns, load_campaign
        from officers_chess.tui.screens.chapter_briefing import ChapterBriefing

        loaded = load_campaign(bundled_campaigns()[0])
        first = loaded.campaign.chapters[0]
        await pilot.app.push_screen(ChapterBriefing(loaded.scenarios[first.id], first.sides["p1"], 1,
                                                    f"{loaded.campaign.players['p1'].name} (p1)"))
        await pilot.pause()

    assert snap_compare(OfficersChessApp(seed=1), run_before=briefing, terminal_size=SMALL)


def test_map_editor_at_80_columns_with_the_foot_costs(snap_compare):
    from officers_chess.content.editing.roundtrip import MapFile

    editor = MapFile.open(Path(__file__).resolve().parents[1] / "maps" / "ashby.yaml")
    assert snap_compare(OfficersChessApp(editor=editor), press=["down", "right", "m"], terminal_size=SMALL)


def test_scenario_editor_at_80_columns_with_a_unit_picked_up(snap_compare):
    from officers_chess.content.editing.scenario_file import ScenarioFile

    editor = ScenarioFile.open(Path(__file__).resolve().parents[1] / "scenarios" / "ashby_raid.yaml")
    assert snap_compare(OfficersChessApp(editor=editor), press=["down", "down", "down", "right", "right", "enter"],
                        terminal_size=SMALL)


def test_scenario_editor_on_a_big_terminal_draws_the_map_in_large_blocks(snap_compare):
    from officers_chess.content.editing.scenario_file import ScenarioFile

    editor = ScenarioFile.open(Path(__file__).resolve().parents[1] / "scenarios" / "ashby_raid.yaml")
    assert snap_compare(OfficersChessApp(editor=editor), press=["down", "down", "down", "right", "right"],
                        terminal_size=LARGE)
