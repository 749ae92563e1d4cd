"""Physical dice on screen: the battle asks for each d20 the rules need, refuses anything but 1 to 20,
and the exchange comes out exactly as the typed rolls say."""

from __future__ import annotations

from pathlib import Path

from officers_chess.commands.console import build_parser
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Attack, Move
from officers_chess.rules.battle.events import Attacked
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.physical import apply_with_rolls
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.roll_prompt import RollPrompt, read_roll
from officers_chess.tui.screens.battle import BattleScreen

from pilot_helpers import wait_until

FIXTURE = Path(__file__).parent / "fixtures" / "own_dice_yard.yaml"


def test_read_roll_takes_only_one_to_twenty():
    assert [read_roll(t) for t in ("1", " 20 ", "7")] == [1, 20, 7]
    assert [read_roll(t) for t in ("0", "21", "", "x", "2.5", "٣", "-4")] == [None] * 7


def test_play_takes_own_dice():
    assert build_parser().parse_args(["play", "--own-dice"]).own_dice is True
    assert build_parser().parse_args(["play"]).own_dice is False


async def test_an_attack_asks_for_each_roll_and_uses_them():
    loaded = load_scenario(FIXTURE)
    app = OfficersChessApp(scenario=loaded, seed=1, own_dice=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.controller.state.dice.physical
        start = screen.controller.state
        hale = next(u for u in start.units if u.name == "Hale")
        bram = next(u for u in start.units if u.name == "Bram")
        screen.controller.cursor = hale.pos
        for key in ("enter", "enter", "a", "enter", "enter"):  # select, stay, Attack, Bram, confirm
            await pilot.press(key)
        await pilot.pause()
        typed: list[int] = []
        for attempt in ("25", "x", "12", "3", "9", "15", "2", "18"):
            if not isinstance(app.screen, RollPrompt):
                break
            prompt = app.screen
            assert "Hale's swing at Bram" in prompt.why or "Bram's swing at Hale" in prompt.why
            await pilot.press(*attempt, "enter")
            await pilot.pause()
            if read_roll(attempt) is not None:
                typed.append(int(attempt))
            else:
                assert app.screen is prompt  # refused: the same question again
        assert not isinstance(app.screen, RollPrompt) and len(typed) >= 2
        # The same rolls applied directly in the core give the very same battle.
        moved = apply_action(start, Move(unit=hale.id, to=hale.pos)).state
        expected = apply_with_rolls(moved, Attack(target=bram.id), typed).state
        assert [u.hp for u in screen.controller.state.units] == [u.hp for u in expected.units]
        swings = [s.roll for e in apply_with_rolls(moved, Attack(target=bram.id), typed).events
                  if isinstance(e, Attacked) for s in e.swings]
        assert swings == typed


async def test_the_computers_attack_asks_the_table_for_its_rolls_too():
    from officers_chess.rules.pieces.models import Side

    loaded = load_scenario(FIXTURE)
    app = OfficersChessApp(scenario=loaded, seed=1, computer={Side.ATTACKER: "greedy"}, own_dice=True)
    async with app.run_test(size=(80, 24)) as pilot:
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        await pilot.press("s")  # skip the computer's pace: only the rolls are left to wait for
        await wait_until(pilot, lambda: isinstance(app.screen, RollPrompt))
        prompt = app.screen if isinstance(app.screen, RollPrompt) else None
        assert prompt is not None and prompt.why.startswith("Hale's swing at Bram")
        typed = []
        for _ in range(8):
            if not isinstance(app.screen, RollPrompt):
                break
            await pilot.press("1", "enter")  # a natural 1 hits, every time
            typed.append(1)
            await wait_until(pilot, lambda: not isinstance(app.screen, RollPrompt) or app.screen is not prompt)
            prompt = app.screen if isinstance(app.screen, RollPrompt) else None
        attacked = battle.controller.state  # the battle may be over already: two natural 1s rout Bram
        assert attacked.dice.physical and attacked.dice.given == () and len(typed) >= 1
        bram = next(u for u in attacked.units if u.name == "Bram")
        assert bram.hp < 20  # every typed 1 landed


async def test_three_on_the_title_screen_hands_the_dice_to_the_players():
    from officers_chess.tui.screens.title import DiceChoice

    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        label = app.screen.query_one(DiceChoice)
        assert not app.own_dice and "Dice: game" in str(label.render())
        await pilot.press("2", "3")  # the defender to the computer, then the players' own dice
        assert app.own_dice and "Dice: yours" in str(label.render())
        players = app.screen.query_one("#players")
        assert players.region.right <= 80 and label.region.right <= 80  # the whole line fits 80 columns
        await pilot.press("down", "enter", "enter")  # Training Yard, first under Battles
        await pilot.pause()
        battle = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
        assert battle.controller.state.dice.physical
