"""Drive army building with the keyboard: a whole game from the title to the result, and each screen's own keys."""

from __future__ import annotations

import json

from textual import events
from textual.widgets import Input

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.muster.army import decode_army
from officers_chess.rules.muster.phases import Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.army_file import CodeDialog, RosterPicker, TextPrompt
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.scouting import ScoutingScreen
from officers_chess.tui.screens.title import TitleScreen

from muster_keys import confirm_step, deploy_all, give, hand_over, hire, press, select_unit, walk
from pilot_helpers import past_the_grace, play_activation, screen_text

A, D = Side.ATTACKER, Side.DEFENDER


def practice() -> OfficersChessApp:
    return OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4)


async def test_a_complete_game_by_keyboard_from_scenario_choice_to_the_result(tmp_path, monkeypatch):
    from officers_chess.content.user_settings import PlayerSetup, write_setup

    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    write_setup(PlayerSetup({side.value: None for side in Side}))  # two people at the keyboard (a first launch: L107)
    app = OfficersChessApp(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        titles = [loaded.scenario.name for _, loaded in app.screen.scenarios]
        assert titles[0] == "Training Yard"
        await press(pilot, "down", "enter")  # open Battles: Training Yard is highlighted
        for _ in range(titles.index("Practice Muster")):
            await press(pilot, "down")
        assert "hires 2–4 units, 300 gold" in screen_text(app)
        await press(pilot, "enter")

        # Hiring: the Defender deploys first, so it hires first.
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.side is D
        await hire(pilot, screen, "Fighter", ["Iron Axe"])
        await hire(pilot, screen, "Mercenary", ["Iron Sword", "Vulnerary"])
        assert "Ready: press d" in screen_text(app)
        await confirm_step(pilot)
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.side is A
        await hire(pilot, screen, "Soldier", ["Iron Lance"])
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        await confirm_step(pilot)

        # Scouting: each sees the other's classes.
        for side, foe_classes in ((D, ["Archer", "Soldier"]), (A, ["Fighter", "Mercenary"])):
            await hand_over(pilot)
            assert isinstance(app.screen, ScoutingScreen) and app.screen.side is side
            text = screen_text(app)
            assert all(name in text for name in foe_classes)
            await press(pilot, "enter")

        # Outfitting: the Defender's Mercenary swaps its sword for a steel one; the Attacker changes nothing.
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.outfitting and screen.side is D
        await select_unit(pilot, screen, "Sabine")
        await press(pilot, "down")  # onto Iron Sword, under Sabine
        await press(pilot, "x")
        await give(pilot, screen, ["Steel Sword"])
        assert screen.draft.units[1].items == ["Vulnerary", "Steel Sword"]
        await confirm_step(pilot)
        await hand_over(pilot)
        assert isinstance(app.screen, HiringScreen) and app.screen.outfitting
        await confirm_step(pilot)

        # Deployment: the Defender, then the Attacker, who sees the Defender's units on the field.
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.side is D
        await deploy_all(pilot, screen)
        await confirm_step(pilot)
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.side is A
        assert sorted(u.name for u in screen.controller.board.units) == ["Rowan", "Sabine"]
        await deploy_all(pilot, screen)
        await confirm_step(pilot)

        # The battle, with the hired armies where they were placed.
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        state = battle.controller.state
        assert sorted(u.name for u in state.units) == ["Arlen", "Brisa", "Rowan", "Sabine"]
        assert [i.name for i in state.unit("d2").inventory] == ["Vulnerary", "Steel Sword"]
        assert state.to_act is D
        for _ in range(300):
            if not isinstance(app.screen, BattleScreen):
                break
            await play_activation(pilot, battle)
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.final.winner is not None
        await past_the_grace(pilot)
        await press(pilot, "enter")
        assert isinstance(app.screen, TitleScreen)


async def test_hiring_refuses_plainly_and_confirm_is_refused_until_the_army_is_whole():
    app = practice()
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        shop = screen.query_one("#shop")
        await pilot.pause()
        # More classes than rows at 80×24: the border says so (a newcomer never found the last nine).
        assert shop.option_count > shop.scrollable_content_region.height
        assert f"↑↓ {shop.option_count} in all" in screen_text(app)  # on screen, whole
        await press(pilot, "d")
        assert not isinstance(app.screen, ConfirmDialog)
        assert "Not yet: 0 units, fewer than the 2 required" in screen_text(app)
        for _ in range(4):
            await hire(pilot, screen, "General", [])
        assert "more than the war chest of 300" in screen_text(app)
        await hire(pilot, screen, "Cleric", [])
        assert "The army is full: at most 4 units" in screen_text(app)
        await select_unit(pilot, screen, "Rowan")
        await press(pilot, "x", "x", "x")
        assert [r.unit_class for r in screen.draft.units] == ["General"]
        await give(pilot, screen, ["Iron Lance", "Iron Axe", "Steel Lance"])
        await press(pilot, "a")  # every item, the ones a General cannot carry marked
        assert "–: General can't" in screen_text(app)  # the mark said in words, on screen and whole
        await give(pilot, screen, ["Vulnerary"])
        assert "already carries 3 items" in screen_text(app)
        await select_unit(pilot, screen, screen.draft.units[0].name)
        await press(pilot, "n")
        assert isinstance(app.screen, TextPrompt)
        await press(pilot, "ctrl+u", *"Old Bastion", "enter")
        assert screen.draft.units[0].name == "Old Bastion"
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")
        assert app.screen is screen
        await press(pilot, "escape", "y")
        assert isinstance(app.screen, TitleScreen)


async def test_an_army_code_goes_out_and_comes_back_in_and_a_bad_one_is_refused_plainly():
    app = practice()
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        await hire(pilot, screen, "Knight", ["Iron Lance"])
        army = screen.draft
        await press(pilot, "f")
        await press(pilot, "e")
        assert isinstance(app.screen, CodeDialog)
        code = app.screen.code
        assert decode_army(code) == army
        assert code[:20] in screen_text(app)
        await press(pilot, "enter")
        await select_unit(pilot, screen, "Rowan")
        await press(pilot, "x", "x")
        assert not screen.draft.units
        await press(pilot, "p")
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).post_message(events.Paste(code))  # as the terminal delivers a paste
        await press(pilot, "enter")
        assert screen.draft == army
        assert app.muster.army(D) == army  # an import is checked by the core as it comes in
        await press(pilot, "p")
        await press(pilot, *"OC1-garbage", "enter")
        assert "That code cannot be read: the code is damaged" in screen_text(app)
        assert screen.draft == army


async def test_rosters_save_and_load_by_name_and_a_bad_file_is_named_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    app = practice()
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        await hire(pilot, screen, "Mercenary", ["Iron Sword"])
        await hire(pilot, screen, "Fighter", ["Hand Axe"])
        army = screen.draft
        await press(pilot, "s", "ctrl+u", *"Red Company", "enter")
        saved = tmp_path / "rosters" / "red-company.json"
        assert json.loads(saved.read_text())["name"] == "Red Company"
        assert "Saved roster" in screen_text(app)
        (tmp_path / "rosters" / "broken.json").write_text("{oops")
        await select_unit(pilot, screen, "Rowan")
        await press(pilot, "x", "x")
        await press(pilot, "l")
        picker = app.screen
        assert isinstance(picker, RosterPicker)
        assert [r.name for r in picker.rosters] == ["broken", "Red Company"]
        await press(pilot, "enter")  # the damaged one: it stays, with the problem shown
        assert app.screen is picker and "not valid JSON" in screen_text(app)
        await press(pilot, "down", "enter")
        assert screen.draft == army
        assert "Loaded 2 units from roster red-company" in screen_text(app)


async def test_deployment_places_refuses_rearranges_and_swaps_until_confirmed():
    app = practice()
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.muster
        session.set_army(D, decode_army(_code(("Cy", "Fighter", ["Iron Axe"]), ("Di", "Soldier", ["Iron Lance"]))))
        for _ in range(6):  # both hire, scout and outfit as they are
            if session.current()[0] is Phase.HIRING and session.current()[1] is A:
                session.set_army(A, decode_army(_code(("Ab", "Archer", ["Iron Bow"]), ("Bo", "Mercenary", ["Iron Sword"]))))
            session.finish()
        app.next_muster_step()
        await pilot.pause()
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.held == "Cy"
        await walk(pilot, screen, (7, 1))  # the pond, inside the zone
        await press(pilot, "enter")
        assert "Cy cannot stand on sea or lake at 8,2." in screen.message.plain  # the tile as the pane names it
        await walk(pilot, screen, (3, 1))  # outside the zone
        await press(pilot, "enter")
        assert "outside the deployment zone" in screen.message.plain
        await walk(pilot, screen, (8, 0))
        await press(pilot, "enter")
        assert screen.placed == {"Cy": (8, 0)} and screen.held == "Di"
        await walk(pilot, screen, (9, 0))
        await press(pilot, "enter")
        assert screen.placed == {"Cy": (8, 0), "Di": (9, 0)} and screen.held is None
        await press(pilot, "enter")  # on Di: pick it up
        assert screen.held == "Di"
        await walk(pilot, screen, (9, 5))
        await press(pilot, "enter")
        assert screen.placed["Di"] == (9, 5)
        await walk(pilot, screen, (8, 0))
        await press(pilot, "enter")  # pick up Cy ...
        await walk(pilot, screen, (9, 5))
        await press(pilot, "enter")  # ... and swap it with Di
        assert screen.placed == {"Cy": (9, 5), "Di": (8, 0)}
        await press(pilot, "x")  # take Cy off the field
        assert "Cy" not in screen.placed
        await press(pilot, "d")
        assert "still to place Cy" in screen.message.plain
        await press(pilot, "enter")
        await confirm_step(pilot)
        assert isinstance(app.screen, HandOverScreen) and app.screen.side is A
        assert session.placements(D) == {"Cy": (9, 5), "Di": (8, 0)}


def _code(*units) -> str:
    from officers_chess.rules.muster.army import Army, Recruit, encode_army

    return encode_army(Army(units=[Recruit(name=n, unit_class=c, items=i) for n, c, i in units]))


async def test_the_hiring_screen_uses_a_large_terminal_to_show_more():
    app = practice()
    async with app.run_test(size=(160, 50)) as pilot:
        await hand_over(pilot)
        await hire(pilot, app.screen, "Pegasus Knight", ["Javelin"])
        await press(pilot, "c")
        text = screen_text(app)
        assert "120 of 300 gold (180 left)" in text
        assert all(name in text for name in ("Cleric", "Swordmaster", "120g", "Javelin"))  # every class, no scrolling
        assert "Flying" in text and "every open tile costs 1" in text  # the class's tags, explained


async def test_the_roles_a_scenario_asks_for_are_given_with_r(tmp_path):
    text = (find_scenario("practice_muster")).read_text()
    text = text.replace("    deploy: [{from: [8, 1], to: [10, 8]}]",
                        "    deploy: [{from: [8, 1], to: [10, 8]}]\n    roles: [{role: Leader, count: 1}, {role: Saboteur, count: 1}]")
    path = tmp_path / "roles.yaml"
    path.write_text(text)
    app = OfficersChessApp(scenario=load_scenario(path), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        screen = app.screen
        await hire(pilot, screen, "Fighter", ["Iron Axe"])
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        problems = " ".join(screen_text(app).split())
        assert "1 unit must be Leader (now 0)" in problems and "1 unit must be Saboteur (now 0)" in problems
        await select_unit(pilot, screen, "Rowan")
        await press(pilot, "r")
        assert screen.draft.units[0].roles == ["Leader"]
        await press(pilot, "r")
        assert screen.draft.units[0].roles == ["Saboteur"]
        await press(pilot, "r")
        assert screen.draft.units[0].roles == []
        await press(pilot, "r")
        await select_unit(pilot, screen, "Sabine")
        await press(pilot, "r", "r")
        assert [r.roles for r in screen.draft.units] == [["Leader"], ["Saboteur"]]
        await confirm_step(pilot)
        assert isinstance(app.screen, HandOverScreen) and app.muster.army(D).units[0].roles == ["Leader"]


async def test_a_side_with_a_fixed_army_skips_its_steps_and_shows_only_its_classes_and_letters(tmp_path):
    text = find_scenario("practice_muster").read_text()
    text += ("armies:\n  defender:\n"
             "    - {name: Bram, class: Fighter, items: [Iron Axe, Vulnerary], at: [8, 3]}\n"
             "    - {name: Tilda, class: Soldier, items: [Iron Lance], at: [9, 5]}\n")
    path = tmp_path / "one_side.yaml"
    path.write_text(text)
    app = OfficersChessApp(scenario=load_scenario(path), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_over(pilot)
        assert app.screen.side is A  # the Defender, with its fixed army, takes no step
        await hire(pilot, app.screen, "Archer", ["Iron Bow"])
        await hire(pilot, app.screen, "Mercenary", ["Iron Sword"])
        await confirm_step(pilot)
        await hand_over(pilot)
        assert isinstance(app.screen, ScoutingScreen)
        shown = screen_text(app)
        assert "Fighter" in shown and "Soldier" in shown and "Vulnerary" not in shown
        await press(pilot, "enter")
        await hand_over(pilot)
        await confirm_step(pilot)  # outfitting, unchanged
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, DeploymentScreen)
        fixed = {u.name: u for u in screen.controller.board.units}
        assert set(fixed) == {"Bram", "Tilda"} and all(not u.inventory for u in fixed.values())
        await walk(pilot, screen, fixed["Bram"].pos)
        assert "Vulnerary" not in screen_text(app) and "Iron Axe" not in screen_text(app)
        await deploy_all(pilot, screen)
        await confirm_step(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert {u.name for u in app.screen.controller.state.units} == {"Arlen", "Brisa", "Bram", "Tilda"}


async def test_i_on_a_unit_in_the_army_opens_its_items_so_the_first_enter_gives_one(tmp_path, monkeypatch):
    """From the army pane, `i` used to do nothing (it worked from the shop only): the first Enter then opened the
    items, and only the second gave one."""
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    app = practice()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await hand_over(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen)
        await hire(pilot, screen, "Fighter", [])
        await select_unit(pilot, screen, screen.draft.units[0].name)
        await press(pilot, "i")
        assert screen.shop_mode == "items" and screen.focused is not None and screen.focused.id == "shop"
        before = list(screen.draft.units[0].items)
        await press(pilot, "enter")
        assert len(screen.draft.units[0].items) == len(before) + 1  # the first Enter gives the highlighted item
