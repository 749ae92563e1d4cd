"""A turn's key that can do nothing at this step says why in the side pane, and only then."""

from __future__ import annotations

import io
from contextlib import asynccontextmanager
from pathlib import Path

from rich.console import Console

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.key_hints import KEY_ACTIONS, idle_key_hint
from officers_chess.session.modes import Mode
from officers_chess.tui.palette import palette
from officers_chess.tui.widgets.forecast_pane import ForecastPane

from pilot_helpers import select_and_stay, walk_cursor


def test_every_turn_key_has_a_word_while_browsing_and_none_while_the_computer_plays():
    for key in KEY_ACTIONS:
        if key not in ("tab", "t"):  # Tab and t (the threat inspector) work while browsing
            assert idle_key_hint(key, Mode.BROWSE, None), key
        assert idle_key_hint(key, Mode.COMPUTER, None) is None
        assert idle_key_hint(key, Mode.OVER, None) is None


def test_the_hint_names_the_selected_unit():
    assert "Bram" in idle_key_hint("a", Mode.MOVING, "Bram")
    assert "Bram" in idle_key_hint("a", Mode.ACTING, "Bram")


def pane_text(app) -> str:
    """The side pane as words, a forecast's table included."""
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(app.screen.query_one(ForecastPane).content)
    return " ".join(console.export_text().split())


@asynccontextmanager
async def training_yard():
    """Training Yard at 80×24, the first unit's side to act: the app and its pilot."""
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield app, pilot


async def test_a_key_that_does_nothing_says_why_and_the_next_key_takes_the_word_away():
    async with training_yard() as (app, pilot):
        screen = app.screen
        c = screen.controller
        await pilot.press("w")
        await pilot.pause()
        assert c.mode is Mode.BROWSE
        assert "Select a unit first" in pane_text(app) and "w ends its turn" in pane_text(app)
        await pilot.press("right")
        await pilot.pause()
        assert "Select a unit first" not in pane_text(app)
        unit = c.state.waiting(c.state.to_act)[0]
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter")
        await pilot.press("a")
        await pilot.pause()
        assert c.mode is Mode.MOVING
        assert f"Choose where {unit.name} moves first" in pane_text(app)
        await pilot.press("i")  # it works here: the word about a goes, the free actions open
        await pilot.pause()
        assert c.mode is Mode.PREPARE and "moves first" not in pane_text(app)


async def test_a_key_that_works_says_nothing_of_the_step_it_leaves():
    """The hint is judged before the key acts: w that ends a turn does not then explain w while browsing."""
    async with training_yard() as (app, pilot):
        screen = app.screen
        c = screen.controller
        unit = c.state.waiting(c.state.to_act)[0]
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter", "enter")  # select, stay put
        assert c.mode is Mode.ACTING
        await pilot.press("w")
        await pilot.pause()
        assert c.state.unit(unit.id).activated
        assert c.hint == "" and "Select a unit first" not in pane_text(app)


CONTACT = Path(__file__).resolve().parents[1] / "benchmarks" / "fixtures" / "long_march_contact.yaml"


async def aim_at_niko(pilot) -> None:
    """Aurelie moved beside Niko the Brigand, her attack chosen: the forecast is on screen."""
    screen = pilot.app.screen
    aurelie = next(u for u in screen.controller.state.living(Side.ATTACKER) if u.name == "Aurelie")
    await walk_cursor(pilot, screen, aurelie.pos)
    await pilot.press("enter")
    await walk_cursor(pilot, screen, (14, 10))
    await pilot.press("enter", "a")
    await pilot.pause()
    assert screen.controller.mode is Mode.TARGETING and screen.query_one(ForecastPane).showing_forecast


async def test_on_the_forecast_a_key_that_does_nothing_says_why_above_the_figures():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await aim_at_niko(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert "Esc back to the menu first" in pane_text(app) and "Likely HP after" in pane_text(app)
        await pilot.press("tab")
        await pilot.pause()
        assert "Esc steps back one step at a time" in pane_text(app)
        assert "Esc back to the menu first" not in pane_text(app)


async def test_after_an_exchange_the_hint_leads_the_result_and_leaves_its_lines_as_they_were():
    app = OfficersChessApp(scenario=load_scenario(CONTACT), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await aim_at_niko(pilot)
        await pilot.press("enter")  # strike
        await pilot.pause()
        while app.screen.controller.mode is not Mode.BROWSE:  # the computer's answer, if it plays the other side
            await pilot.pause(0.1)
        await pilot.press("w")
        await pilot.pause()
        assert "Select a unit first" in pane_text(app) and "Aurelie" in pane_text(app)
        assert app.screen.query_one(ForecastPane).content.style != palette().hint  # only the hint in its colour


async def test_t_from_the_action_menu_says_where_the_inspector_works():
    async with training_yard() as (app, pilot):
        c = app.screen.controller
        await pilot.press("tab", "enter", "enter")  # a unit selected and kept where it stands: its action menu
        await pilot.pause()
        assert c.mode is Mode.ACTING
        await pilot.press("t")
        await pilot.pause()
        assert not app.screen.lookout.inspecting
        assert "t inspects the threats while browsing or choosing where to move" in pane_text(app)


async def test_a_attacks_with_a_spare_weapon_when_only_that_one_reaches(tmp_path):
    """The menu offered "Attack with Hand Axe" and the footer dropped `a`: the screen asked for the plain Attack
    entry alone, so a said "no attack from here". It equips the spare and aims, as the README says."""
    text = (Path(__file__).resolve().parents[1] / "scenarios" / "training_yard.yaml").read_text(encoding="utf-8")
    text = text.replace("{name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 4]}",
                        "{name: Pell, class: Fighter, items: [Iron Axe, Hand Axe], at: [6, 3]}")
    (tmp_path / "spare.yaml").write_text(text.replace("first_deployer: defender", "first_deployer: defender\n"
                                                      "first_to_act: attacker"), encoding="utf-8")
    app = OfficersChessApp(scenario=load_scenario(tmp_path / "spare.yaml"), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        pell = await select_and_stay(pilot, screen, "Pell")  # Bram stands two tiles off, in the Hand Axe's reach only
        assert c.mode is Mode.ACTING and "attack" not in [i.key for i in c.menu()]
        assert any(i.key.startswith("arm:") for i in c.menu())
        assert screen.check_action("menu", ("attack",))  # the footer offers a
        await pilot.press("a")
        await pilot.pause()
        assert c.mode is Mode.TARGETING and screen.query_one(ForecastPane).showing_forecast
        assert c.state.unit(pell.id).equipped_weapon.name == "Hand Axe" and "no attack" not in pane_text(app)


def test_once_the_move_stands_no_hint_offers_to_take_it_back():
    """A play-test read "Esc steps back to the map (the move is taken back)" from t after a move that had brought
    an enemy into sight, and could take nothing back (rulings F35). Every key at every step after a move: a hint
    that promises Esc moves the unit again only while it can."""
    promises = ("the move is taken back", "Esc to move again")
    after_move = (Mode.ACTING, Mode.TARGETING, Mode.PLACING)
    for key in KEY_ACTIONS:
        for mode in after_move:
            for shown in (True, False):
                standing = idle_key_hint(key, mode, "Tarn", undoable=False, shown=shown)
                assert standing is None or not any(p in standing for p in promises), (key, mode, standing)
    for key, mode in (("t", Mode.ACTING), ("tab", Mode.ACTING), ("a", Mode.ACTING)):
        assert any(p in idle_key_hint(key, mode, "Tarn") for p in promises), key  # while it can, they say so
        assert "Tarn's move stands (it showed something new)" in idle_key_hint(key, mode, "Tarn", False, True), key
        # No undo for another reason (free actions already on the record): the reason is not claimed.
        told = idle_key_hint(key, mode, "Tarn", undoable=False)
        assert "Tarn's move can no longer be taken back" in told and "something new" not in told, key
