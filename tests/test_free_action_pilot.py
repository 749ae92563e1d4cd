"""Free actions by keys, in the real app: equip before the move (i), attack and stay (s), take up the other axe."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import SelectionList
from pilot_helpers import painted, screen_text, walk_cursor

from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Attack, Equip, Move, Wait
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.trade import TradeDialog
from officers_chess.session.modes import Mode
from officers_chess.tui.screens.battle import BattleScreen

FIXTURE = Path(__file__).parent / "fixtures" / "free_action_yard.yaml"


async def _pick(pilot, c, label: str) -> None:
    """Walk the menu on screen down to the entry `label` (by its label or its key) and press Enter."""
    for _ in range(len(c.menu()) + 1):
        item = c.menu()[c.menu_index]
        if label in (item.label, item.key):
            await pilot.press("enter")
            return
        await pilot.press("down")
    raise AssertionError(f"no menu entry {label!r}: {[i.label for i in c.menu()]}")


async def _battle(pilot, app) -> BattleScreen:
    for _ in range(10):
        await pilot.pause()
        if isinstance(app.screen, BattleScreen):
            return app.screen
        await pilot.press("enter")  # past the briefing
    raise AssertionError(f"no battle screen: {type(app.screen).__name__}")


async def test_equip_before_moving_then_attack_and_stay_to_take_up_the_other_axe():
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        c = screen.controller
        rook = next(u for u in c.state.units if u.name == "Rook")
        await walk_cursor(pilot, screen, rook.pos)
        await pilot.press("enter")
        assert c.mode is Mode.MOVING
        assert "i Items" in await painted(pilot, "i Items")  # the key is in the footer
        await pilot.press("i")
        assert c.mode is Mode.PREPARE and "Rook: before moving" in screen_text(app)
        await _pick(pilot, c, "Equip Hand Axe")
        assert c.state.unit(rook.id).equipped_weapon.name == "Hand Axe"
        await _pick(pilot, c, "move")
        assert c.mode is Mode.MOVING
        await pilot.press("enter")  # stay where it stands
        assert c.mode is Mode.ACTING
        await pilot.press("a")
        assert c.mode is Mode.TARGETING and c.forecast() is not None
        assert "s Act, stay" in await painted(pilot, "s Act, stay")  # the footer names the key
        await pilot.press("s")  # strike, and keep the turn open
        await pilot.pause()
        assert c.mode is Mode.AFTER and "Rook: after acting" in screen_text(app)
        await _pick(pilot, c, "Equip Iron Axe")
        assert c.state.unit(rook.id).equipped_weapon.name == "Iron Axe"
        await pilot.press("w")
        await pilot.pause()
        assert c.state.active is None
        assert screen.autosaver is not None
        saved = [entry.action for entry in screen.autosaver.recorder.record().actions]
        assert [type(a) for a in saved[:5]] == [Equip, Move, Attack, Equip, Wait]
        assert saved[0].unit == rook.id and saved[2].stay  # the equip named Rook; the attack kept the turn open
        log = "\n".join(screen.logs.lines(None))
        assert "Rook equips Hand Axe" in log and "Rook equips Iron Axe" in log


async def test_a_trade_before_the_move_through_the_dialog_then_a_move_off():
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        c = screen.controller
        ash = next(u for u in c.state.units if u.name == "Ash")
        await walk_cursor(pilot, screen, ash.pos)
        await pilot.press("enter", "i")
        assert c.mode is Mode.PREPARE and c.menu()[c.menu_index].label == "Trade with Rook"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TradeDialog)
        give = app.screen.query_one("#give", SelectionList)
        for _ in range(4):
            if give.highlighted == 1:
                break
            await pilot.press("down")
        assert give.highlighted == 1  # the Vulnerary
        await pilot.press("space", "enter")
        await pilot.pause()
        assert app.screen is screen and c.hint == ""
        rook = next(u for u in c.state.units if u.name == "Rook")
        assert [i.name for i in c.state.unit(rook.id).inventory][-1] == "Vulnerary"
        assert c.mode is Mode.PREPARE and c.state.active is not None and not c.state.active.moved
        await _pick(pilot, c, "move")
        target = (ash.pos[0] - 2, ash.pos[1])
        await walk_cursor(pilot, screen, target)
        await pilot.press("enter")
        assert c.mode is Mode.ACTING and c.state.unit(ash.id).pos == target


async def test_an_action_the_rules_refuse_is_a_hint_not_a_crash(monkeypatch):
    from officers_chess.rules.battle.game import IllegalAction

    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        c = screen.controller
        before = c.state

        def refuse(*_args, **_kwargs):
            raise IllegalAction("Rook cannot do that now (attack)")

        monkeypatch.setattr(c, "confirm", refuse)
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and app.screen is screen and c.state is before
        assert "Not possible now: Rook cannot do that now (attack)." in c.hint


async def test_r_shows_the_whole_log_on_one_screen_and_esc_closes_it():
    from officers_chess.tui.dialogs.recap import RecapScreen

    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _battle(pilot, app)
        for _ in range(3):  # a few lines of its own: stay, wait
            c = screen.controller
            unit = sorted(c.state.waiting(c.state.to_act), key=lambda u: (u.pos[1], u.pos[0]))[0]
            await walk_cursor(pilot, screen, unit.pos)
            await pilot.press("enter", "enter", "w")
            await pilot.pause()
        lines = list(screen.logs.lines(None))
        assert len(lines) > 4  # more than the 80×24 battle log shows at once
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RecapScreen) and app.screen.lines == lines
        text = screen_text(app)
        assert "Battle log" in text and lines[-1].split()[0] in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_log_dialog_wraps_long_lines_whole_at_80_columns():
    """Its log once wrapped at 78 columns inside a 70-column box, and lost the end of every long line."""
    from officers_chess.tui.dialogs.recap import RecapScreen

    long = " ".join(f"word{n:02}" for n in range(1, 41))  # 319 characters: five lines or so at 80 columns
    app = OfficersChessApp(scenario=load_scenario(FIXTURE), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await _battle(pilot, app)
        app.push_screen(RecapScreen([f"Line {n}." for n in range(30)] + [long]))  # enough to scroll: the scrollbar shows
        await pilot.pause()
        text = screen_text(app)
        assert all(f"word{n:02}" in text for n in range(1, 41)), text
