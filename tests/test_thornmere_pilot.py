"""The Wardens of Thornmere played through the app at 80×24: its Cleric, who carries a Mist Staff (Vein), moves, opens
its action menu, looks at each special action and calls up fog; and the battle resumed with the Cleric mid-turn
(the screen used to stop with a KeyError the moment her menu was built, and a resume led straight back into it)."""

from __future__ import annotations

from pilot_helpers import side_pane_shown, walk_cursor

from officers_chess.content.autosave import Autosaver, newest_unfinished
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import open_save
from officers_chess.content.user_data import autosave_dir
from officers_chess.rules.battle.actions import Move, Special, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.action_preview import STEPS

FOG = "Call up fog — Mist Staff"


def thornmere():
    return load_scenario(find_scenario("d100_thornmere_wardens"))


def cleric(state):
    return next(u for u in state.units if u.name == "Zosia")


async def menu_to(pilot, c, key: str) -> None:
    """Down through the action menu until the entry `key` is highlighted."""
    for _ in range(len(c.menu())):
        if c.menu()[c.menu_index].key == key:
            return
        await pilot.press("down")
    assert c.menu()[c.menu_index].key == key


async def call_up_fog(pilot, screen) -> tuple:
    """From the Cleric's open action menu: Call up fog on a blue tile the arrows lead to. Returns (tile, the battle
    before)."""
    c = screen.controller
    item = next(i for i in c.menu() if i.label == FOG)
    await menu_to(pilot, c, item.key)
    before = c.state
    await pilot.press("enter")
    assert c.mode is Mode.PLACING, c.mode
    start = c.cursor
    tile = max((a.at for a in item.actions), key=lambda p: (abs(p[0] - start[0]) + abs(p[1] - start[1]), p))
    await walk_cursor(pilot, screen, tile)
    assert "turns to fog until the end of the round" in side_pane_shown(app := pilot.app), side_pane_shown(app)
    await pilot.press("enter")
    await pilot.pause()
    return tile, before


async def test_the_cleric_moves_looks_at_each_special_action_and_calls_up_fog():
    app = OfficersChessApp(scenario=thornmere(), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        assert isinstance(screen, BattleScreen) and c.state.to_act is Side.ATTACKER
        await pilot.press("tab", "enter", "enter", "w")  # the sellswords act first: one of them waits
        assert c.state.to_act is Side.DEFENDER and c.mode is Mode.BROWSE
        zosia = cleric(c.state)
        await walk_cursor(pilot, screen, zosia.pos)
        await pilot.press("enter")
        assert c.mode is Mode.MOVING
        goal = min((p for p in c.reach.costs if p != zosia.pos), key=lambda p: (p[0], p[1]))
        await walk_cursor(pilot, screen, goal)
        await pilot.press("enter")  # she moves: her action menu is built here, where the KeyError was
        await pilot.pause()
        assert c.mode is Mode.ACTING and c.state.unit(zosia.id).pos == goal
        assert f"▶ {c.menu()[c.menu_index].label}" in side_pane_shown(app)
        specials = [i for i in c.menu() if any(isinstance(a, Special) for a in i.actions)]
        assert FOG in [i.label for i in specials]
        for item in specials:  # each one chosen, its preview read, and Esc back to the menu
            await menu_to(pilot, c, item.key)
            await pilot.press("enter")
            assert c.mode in (Mode.TARGETING, Mode.PLACING) and c.aimed_actions(), item.label
            shown = side_pane_shown(app)
            assert str(screen.query_one("ForecastPane").border_title) == item.label
            assert not any(shown.startswith(step) for step in STEPS.values()), shown
            await pilot.press("escape")
            assert c.mode is Mode.ACTING and c.state.unit(zosia.id).pos == goal, item.label
        tile, before = await call_up_fog(pilot, screen)
        assert c.state.map.terrain_at(tile).id == "fog" and c.state.unit(zosia.id).activated
        assert c.state == apply_action(before, Special(name="vein", source=1, at=tile)).state
        assert "Zosia calls up fog with Mist Staff" in " ".join(screen.logs.lines(None))
    found = newest_unfinished(autosave_dir())  # quit here: Continue brings the fog back
    assert found is not None
    app = OfficersChessApp(resume=found.saved, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        c = app.screen.controller
        assert c.state.map.terrain_at(tile).id == "fog" and c.state.to_act is Side.DEFENDER and c.mode is Mode.BROWSE


async def test_a_battle_saved_with_the_cleric_mid_turn_resumes_on_her_menu_and_goes_on(tmp_path):
    loaded = thornmere()
    start = loaded.new_battle(1)
    saver = Autosaver.start(loaded, 1, {}, start, {side: "human" for side in Side}, folder=tmp_path)
    state = start
    first = sorted(state.waiting(Side.ATTACKER), key=lambda u: (u.pos[1], u.pos[0]))[0]
    zosia = cleric(state)
    step = next(p for p in state.reach(zosia).costs if p != zosia.pos)
    for action in (Move(unit=first.id, to=first.pos), Wait(), Move(unit=zosia.id, to=step)):
        state = apply_action(state, action).state
        saver.add(action, state)
    app = OfficersChessApp(resume=open_save(saver.path), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        assert isinstance(screen, BattleScreen) and c.mode is Mode.ACTING and c.selected == zosia.id
        assert FOG in [i.label for i in c.menu()] and f"▶ {c.menu()[c.menu_index].label}" in side_pane_shown(app)
        tile, before = await call_up_fog(pilot, screen)
        assert c.state.map.terrain_at(tile).id == "fog"
        assert c.state == apply_action(before, Special(name="vein", source=1, at=tile)).state
