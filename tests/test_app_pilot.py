"""Drive the real Textual app with key presses, from the title screen to the result screen."""

from __future__ import annotations

from pilot_helpers import open_trade, play_activation, screen_text, walk_cursor

from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.modes import Mode
from officers_chess.tui.screens import result as result_screen
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.replay_viewer import ReplayViewer
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.widgets.forecast_pane import ForecastPane


async def test_a_whole_battle_from_title_to_result_with_keys_only(monkeypatch):
    app = OfficersChessApp(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("down", "enter", "enter")  # open Battles: the first is the smallest, Training Yard
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.loaded.scenario.name == "Training Yard"
        activations = 0
        while isinstance(app.screen, BattleScreen):
            await play_activation(pilot, screen)
            activations += 1
            assert activations < 200, "the battle should end"
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        # The result's clock stands still while the Enters arrive, however long a busy machine takes over them.
        clock = [0.0]
        monkeypatch.setattr(result_screen, "monotonic", lambda: clock[0])
        app.screen._shown_at = clock[0]  # as the result appears, a burst of Enters meant for the battle is let go
        await pilot.press("enter", "enter")
        assert isinstance(app.screen, ResultScreen)
        final = app.screen.final
        assert final.winner is not None
        assert not final.living(final.winner.other)
        text = screen_text(app)
        flat = " ".join(text.split()).lower()  # the screenshot spaces words unevenly
        assert f"for the {final.winner.value}!" in flat and final.result.reason.lower() in flat
        assert "Own units routed" in text  # each column counts that side's own losses (rulings L82)
        result = app.screen
        await pilot.press("r")  # the battle again, on its final board (rulings L124)
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewer) and viewer.index == len(viewer.frames) - 1
        assert viewer.controller.state.result == final.result
        assert f"action {viewer.frames[-1].number} of {viewer.frames[-1].number}" in " ".join(screen_text(app).split())
        await pilot.press("q")  # closing it comes back to the result, not out of the game
        await pilot.pause()
        assert app.screen is result and app.is_running
        clock[0] += ResultScreen.GRACE_SECONDS * 0.99
        await pilot.press("enter")
        assert isinstance(app.screen, ResultScreen)  # still within the grace
        clock[0] += ResultScreen.GRACE_SECONDS * 0.01
        await pilot.press("enter")  # back to the title screen
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_the_forecast_pane_shows_both_sides_while_targeting():
    app = OfficersChessApp(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        # Bring the first defender next to an attacker by playing until someone can strike.
        for _ in range(20):
            unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
            reach = c.state.reach(unit)
            spots = [p for p in reach.costs if c.state.targets_from(unit, p)]
            if spots:
                await walk_cursor(pilot, screen, unit.pos)
                await pilot.press("enter")
                await walk_cursor(pilot, screen, spots[0])
                await pilot.press("enter", "a")
                await pilot.pause()
                assert screen.query_one(ForecastPane).border_title == "Forecast"
                fc = c.forecast()
                assert fc is not None
                text = screen_text(app)
                for label in ("Damage dealt", "Chance to hit", "Chance to crit", "Swings made", "Chance routed"):
                    assert label in text
                assert c.selected_unit.name in text and c.hovered_unit.name in text
                hit = f"{float(fc.plan.attacker.hit_chance) * 100:.0f}%"
                assert hit in text
                return
            await play_activation(pilot, screen)
        raise AssertionError("no attack became possible")


async def test_escape_takes_a_move_back_until_the_unit_acts():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        before = c.state
        unit = c.state.waiting(c.state.to_act)[0]
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter", "left", "left", "enter")
        assert c.mode is Mode.ACTING and c.state.unit(unit.id).pos != unit.pos
        await pilot.press("escape")
        assert c.mode is Mode.MOVING
        assert c.state == before
        await pilot.press("escape")
        assert c.mode is Mode.BROWSE


async def test_quitting_asks_first():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("N")  # the keys are named in capitals: Shift+N answers as n does
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("Y")
        await pilot.pause()
    assert app.return_code == 0


async def test_sides_read_apart_without_colour():
    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        screen = app.screen
        from officers_chess.tui.widgets.map_view import MapView

        map_view = screen.query_one(MapView)
        rows = [map_view.render_line(y).text for y in range(screen.controller.state.map.height)]
        for unit in screen.controller.state.living():
            x, y = unit.pos
            letter = rows[y][x * 2]
            assert letter == (letter.upper() if unit.side is Side.ATTACKER else letter.lower())
            assert letter.isalpha()


async def test_clicking_a_tile_points_at_it_and_clicking_again_confirms():
    from officers_chess.tui.widgets.map_view import TILE_WIDTH, MapView

    app = OfficersChessApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter", "enter")  # Battles, then Training Yard
        await pilot.pause()
        c = app.screen.controller
        unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: u.pos)[-1]

        async def click(pos):
            # +1 for the map's border
            await pilot.click(MapView, offset=(1 + pos[0] * TILE_WIDTH, 1 + pos[1]))
            await pilot.pause()

        await click(unit.pos)
        assert c.cursor == unit.pos and c.mode is Mode.BROWSE
        await click(unit.pos)
        assert c.mode is Mode.MOVING and c.selected == unit.id
        dest = next(p for p in sorted(c.move_tiles()) if p != unit.pos)
        await click(dest)
        assert c.cursor == dest and c.mode is Mode.MOVING
        await click(dest)
        assert c.mode is Mode.ACTING and c.state.unit(unit.id).pos == dest


async def test_a_trade_is_chosen_in_the_dialog_with_keys():
    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.tui.dialogs.trade import TradeDialog

    loaded = load_scenario(find_scenario("greyhollow_vault"))
    app = OfficersChessApp(scenario=loaded, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        rhea, bronn = await open_trade(pilot, screen, "Rhea", "Bronn")
        assert isinstance(app.screen, TradeDialog)
        assert "Nothing ticked yet." in screen_text(app)
        vulnerary = next(i for i in rhea.inventory if i.name == "Vulnerary")  # its uses left, as the rules count them
        assert f"Vulnerary ({vulnerary.uses_left} left)" in " ".join(screen_text(app).split())
        await pilot.press("space")  # Rhea gives her first item (Steel Sword)
        await pilot.press("tab", "space")  # Bronn gives his first item (Hammer)
        await pilot.pause()
        # What is ticked is said in words, not by the ticks' colour alone.
        assert "Rhea gives Steel Sword · Bronn gives Hammer" in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        after = c.state
        assert [i.name for i in after.unit(rhea.id).inventory] == ["Vulnerary", "Hammer"]
        assert [i.name for i in after.unit(bronn.id).inventory] == ["Hand Axe", "Steel Sword"]
        assert after.active is not None and after.active.traded
        assert "trade:" + bronn.id not in [i.key for i in c.menu()]  # once per turn


async def test_under_fog_the_enemy_out_of_sight_is_not_drawn_and_the_keyboard_is_handed_over():
    import dataclasses

    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.tui.dialogs.battle_hand_over import BattleHandOver
    from officers_chess.tui.widgets.map_view import MapView

    plain = load_scenario(find_scenario("training_yard"))
    foggy = dataclasses.replace(plain, scenario=plain.scenario.model_copy(update={"fog": True}))
    app = OfficersChessApp(scenario=foggy, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BattleHandOver) and app.screen.side is Side.DEFENDER
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        state = screen.controller.state
        rows = [screen.query_one(MapView).render_line(y).text for y in range(state.map.height)]
        drawn = {ch for row in rows for ch in row[::2] if ch.isalpha()}
        assert drawn == {"f", "s"}  # the defenders; both attackers are more than 3 tiles away
        assert "Hale" not in screen_text(app) and "Wren" not in screen_text(app)
        unit = state.waiting(Side.DEFENDER)[0]
        await walk_cursor(pilot, screen, unit.pos)
        await pilot.press("enter", "enter", "w")  # stay put and wait
        await pilot.pause()
        assert isinstance(app.screen, BattleHandOver) and app.screen.side is Side.ATTACKER
        assert "Hale" not in screen_text(app)  # nothing of either side while the keyboard passes


async def test_the_result_offers_no_replay_from_an_autosave_that_stopped_being_written():
    """r replays the battle's autosave; once it stops being written (grown too long to save, or a write that failed
    and never worked again) the file stops short of the battle, and its "final board" would be an earlier one."""
    from officers_chess.content.loaders import find_scenario, load_scenario

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen) and battle.autosaver is not None
        battle.autosaver.too_long = True  # as after a write refused for its size: no more are tried
        for _ in range(200):
            if not isinstance(app.screen, BattleScreen):
                break
            await play_activation(pilot, battle)
        await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen) and result.save is None
        assert not result.check_action("replay", ())
