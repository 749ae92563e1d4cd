"""Learn to play, by keys at 80×24: each step of the guided battle waits for its action, and the battle ends in a
win the player earned; going on from the step reached; skipping; a picture of one guided step."""

from __future__ import annotations

import threading

import pytest
from pilot_helpers import HANG, painted, past_the_grace, play_activation, wait_until, walk_cursor

from officers_chess.ai import play
from officers_chess.ai.normal import NormalPolicy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session import tutorial_progress
from officers_chess.session.modes import Mode
from officers_chess.session.players import default_level
from officers_chess.session.tutorial import LEAVE_PROMISE, LESSONS, NOW
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.app_tutorial import NEXT_BATTLE
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.screens.title_groups import LEARN_DONE_LABEL, LEARN_LABEL
from officers_chess.tui.screens.tutorial import WELCOME, TutorialScreen
from officers_chess.tui.screens.tutorial_box import TutorialBox

SIZE = (80, 24)
STEPS = [lesson.key for lesson in LESSONS]


class Gated(NormalPolicy):
    """The thieves' level, thinking only while the gate is open: the test looks at the screen while they play."""

    gate = threading.Event()

    def choose(self, state):
        self.gate.wait(timeout=HANG)  # a hang guard: the test opens it
        return super().choose(state)


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch):
    """The thieves' activations without the pauses a person needs to follow them, behind an open gate."""
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)
    monkeypatch.setitem(play.LEVELS, "normal", Gated)
    Gated.gate.set()
    yield
    Gated.gate.set()


def words(text: str) -> str:
    return " ".join(text.split())


def lesson(screen) -> str:
    return STEPS[screen.guide.step] if screen.guide.step < len(STEPS) else "done"


def unit(c, name):
    return next(u for u in c.state.units if u.name == name)


async def begin(pilot) -> TutorialScreen:
    pilot.app.start_tutorial()
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TutorialBox))
    assert "Skip the tutorial" in await painted(pilot, "Skip the tutorial")  # the first box offers to skip it
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TutorialScreen))
    return pilot.app.screen


async def players_turn(pilot, c) -> None:
    await wait_until(pilot, lambda: c.mode in (Mode.BROWSE, Mode.OVER))
    assert c.mode in (Mode.BROWSE, Mode.OVER)


async def first_round(pilot, screen) -> None:
    """Steps 1 to 6, each first tried with a key that is not its action (the guide stays), then done."""
    c = screen.controller
    corin, hesk = unit(c, "Corin"), unit(c, "Hesk")
    assert lesson(screen) == "select" and "Step 1/11" in await painted(pilot, "Step 1/11")
    await pilot.press("down")  # off Corin: nothing selected, the guide waits
    assert lesson(screen) == "select"
    await walk_cursor(pilot, screen, corin.pos)
    await pilot.press("enter")
    assert c.mode is Mode.MOVING and lesson(screen) == "terrain"
    # Into the open: the move is made, but the lesson asks for trees, says so, and waits for the move taken back.
    await walk_cursor(pilot, screen, (1, 3))
    await pilot.press("enter")
    assert c.mode is Mode.ACTING and lesson(screen) == "terrain"
    assert "stands in the open" in await painted(pilot, "stands in the open")
    await pilot.press("escape")
    assert c.mode is Mode.MOVING
    woods = (2, 2)
    assert c.state.map.terrain_at(woods).id == "forest"
    await walk_cursor(pilot, screen, woods)
    await pilot.press("enter")
    assert lesson(screen) == "wait"
    await pilot.press("down")  # a step in the menu is not the wait
    assert lesson(screen) == "wait"
    Gated.gate.clear()
    await pilot.press("w")
    assert lesson(screen) == "watch" and c.mode is Mode.COMPUTER  # the thief's turn is on: the guide waits it out
    await pilot.pause(0.1)
    assert lesson(screen) == "watch" and "Now a thief acts" in await painted(pilot, "Now a thief acts")
    Gated.gate.set()
    await players_turn(pilot, c)
    # The thief's turn is over, but the step stays until Enter, saying what it did (the log's words).
    await pilot.pause(0.2)
    assert lesson(screen) == "watch" and "acts after your next unit" in await painted(pilot, "acts after your next unit")
    did = " ".join(screen.logs.last.get(Side.ATTACKER) or screen.logs.last.get(None))
    assert did and did in screen.query_one("#guide").content.plain
    # The whole of the thief's activation, its move and its orders too, not only its last line (rulings L73).
    assert "holds position" in screen.query_one("#guide").content.plain
    await pilot.press("down")  # the cursor moves; the step still waits
    assert lesson(screen) == "watch"
    await pilot.press("enter")
    assert lesson(screen) == "equip" and c.mode is Mode.BROWSE and c.selected_unit is None
    # Selecting Hesk is not equipping him.
    await walk_cursor(pilot, screen, hesk.pos)
    await pilot.press("enter")
    assert c.mode is Mode.MOVING and lesson(screen) == "equip"
    await pilot.press("i")
    assert c.mode is Mode.PREPARE
    keys = [item.key for item in c.menu()]
    javelin = next(n for n, item in enumerate(c.menu()) if item.label == "Equip Javelin")
    for _ in range((javelin - c.menu_index) % len(keys)):
        await pilot.press("down")
    await pilot.press("enter")
    assert unit(c, "Hesk").equipped_weapon.name == "Javelin"
    assert lesson(screen) == "move-on"
    await pilot.press("enter")  # the menu points at Move
    assert c.mode is Mode.MOVING and lesson(screen) == "move-on"
    await walk_cursor(pilot, screen, (4, 5))
    await pilot.press("enter", "w")
    assert lesson(screen) == "danger"
    await players_turn(pilot, c)
    assert c.state.round == 2 and lesson(screen) == "danger"


async def second_round(pilot, screen) -> None:
    """Steps 7 to 10: the danger zone, aiming, the forecast and its rules, the strike."""
    c = screen.controller
    await pilot.press("tab")  # not the danger zone
    assert lesson(screen) == "danger"
    await pilot.press("d")
    # The zone is on: the step stays, saying what the digits mean and how to hide them (rulings L74).
    await pilot.pause()
    assert lesson(screen) == "danger" and "d twice more hides" in screen.query_one("#guide").content.plain
    await pilot.press("d", "d")  # off again: read, and the step goes on
    assert lesson(screen) == "aim"
    corin = unit(c, "Corin")
    await walk_cursor(pilot, screen, corin.pos)
    await pilot.press("enter")
    spots = [(target.hp, pos) for pos in c.state.reach(corin).costs for target in c.state.targets_from(corin, pos)]
    assert spots, "round 2 opens with a thief in Corin's reach"
    spot = min(spots)[1]
    # The box follows the controller: walking Corin, then having moved him (rulings L86).
    assert screen.guide.text("off") == NOW["aim-walk"].format(name="Corin")
    await walk_cursor(pilot, screen, spot)
    await pilot.press("enter")
    assert c.mode is Mode.ACTING and lesson(screen) == "aim"
    await pilot.pause()
    assert words(NOW["aim-moved"].format(name="Corin")) in words(screen.query_one("#guide").content.plain)
    await pilot.press("a")
    assert c.mode is Mode.TARGETING and c.forecast() is not None and lesson(screen) == "forecast"
    await pilot.press("left")  # another look at the targets is not the rules behind the numbers
    assert c.mode is Mode.TARGETING and lesson(screen) == "forecast"
    await pilot.press("e")
    await wait_until(pilot, lambda: pilot.app.screen is not screen)
    # The menu of rules is not yet a rule read: the step waits for a card chosen from it (rulings L85), and its box
    # is hidden under the menu rather than showing through it in fragments.
    assert lesson(screen) == "forecast" and not screen.query_one("#guide").display
    await pilot.press("enter")
    await wait_until(pilot, lambda: lesson(screen) == "strike")
    while pilot.app.screen is not screen:  # the rule card (and its chooser) closed again
        await pilot.press("escape")
    await pilot.pause()
    assert c.mode is Mode.TARGETING and lesson(screen) == "strike" and screen.query_one("#guide").display
    await pilot.press("enter")
    assert unit(c, "Corin").activated and lesson(screen) == "finish"


async def test_the_guided_battle_by_keys_waits_for_each_step_and_ends_in_a_win():
    app = OfficersChessApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await begin(pilot)
        await first_round(pilot, screen)
        await second_round(pilot, screen)
        c = screen.controller
        await players_turn(pilot, c)
        for _ in range(40):
            if c.mode is Mode.OVER:
                break
            assert lesson(screen) == "finish"
            await play_activation(pilot, screen)
            await players_turn(pilot, c)
        assert c.state.is_over and c.state.winner is Side.ATTACKER  # won by the player's own blows
        await past_the_grace(pilot)  # Enters in the result's first second are let go (meant for the battle)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialBox))
        assert isinstance(app.screen, TutorialBox)
        # The result is closed under it: one box at a time, over the title (rulings L88).
        assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)
        assert isinstance(app.screen_stack[-2], TitleScreen)
        assert "Training Yard" in await painted(pilot, "Training Yard")  # the next battle to play
        assert tutorial_progress.reached() is None  # nothing left to go on with
        assert tutorial_progress.finished()  # won: the title marks Learn to play done
        # Play Training Yard: its briefing first, saying who plays what, and only Enter starts the fight.
        await pilot.press("enter")
        seats = f"You: attacker · Defender: computer ({default_level()})"
        shown = await painted(pilot, seats)
        assert isinstance(app.screen, TutorialBox) and seats in shown
        assert [type(s) for s in app.screen_stack[-2:]] == [TitleScreen, TutorialBox]  # the last box closed first
        trained = load_scenario(find_scenario(NEXT_BATTLE))
        assert trained.scenario.name in shown and "Start the battle" in shown
        # (Its map bears its name, so the briefing gives the map's size alone: the name is not said twice.)
        assert f"{trained.battle_map.width}×{trained.battle_map.height} tiles · rules" in shown
        await pilot.press("pagedown")  # the story under the title's lines scrolls into view
        story = " ".join(trained.scenario.briefing.split()[:6])
        assert story in await painted(pilot, story)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, battle.BattleScreen))
        assert app.screen.loaded.scenario.name == trained.scenario.name
        assert app.computer == {Side.DEFENDER: default_level()} and set(app.policies) == {Side.DEFENDER}


async def test_leaving_mid_way_and_learn_to_play_again_goes_on_from_the_step_reached():
    app = OfficersChessApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await begin(pilot)
        c = screen.controller
        await pilot.press("enter")  # Corin selected
        await walk_cursor(pilot, screen, (2, 2))
        await pilot.press("enter", "w")
        await players_turn(pilot, c)
        assert lesson(screen) == "watch"  # the enemy's turn stays on screen until Enter
        await pilot.press("enter")
        assert lesson(screen) == "equip"
        at = {u.name: u.pos for u in c.state.units}
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert LEAVE_PROMISE in app.screen.question and LEAVE_PROMISE in WELCOME  # one promise (rulings L87)
        assert LEAVE_PROMISE in screen.quit_question()
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        app.start_tutorial()
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialBox))
        assert "step 5 of 11" in await painted(pilot, "step 5 of 11")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialScreen))
        again = app.screen
        assert again is not screen and lesson(again) == "equip"
        assert {u.name: u.pos for u in again.controller.state.units} == at


async def test_the_tutorial_is_skipped_from_its_first_box_and_by_a_key():
    app = OfficersChessApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_tutorial()
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialBox))
        await pilot.press("ctrl+q")  # over the welcome box too, quitting says where the tutorial goes on
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert LEAVE_PROMISE in app.screen.question  # Ctrl+Q promises what Esc does (rulings L87)
        await pilot.press("n")
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert tutorial_progress.reached() is None
        screen = await begin(pilot)
        await pilot.press("x")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "Skip the rest of the tutorial?" in app.screen.question
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        assert tutorial_progress.reached() is None and screen is not app.screen


def test_a_guided_step_at_80_columns(snap_compare):
    async def to_the_terrain_step(pilot) -> None:
        await begin(pilot)
        await pilot.press("enter")  # Corin selected: the move step, with its tinted tiles
        await pilot.pause()

    assert snap_compare(OfficersChessApp(), terminal_size=SIZE, run_before=to_the_terrain_step)


async def test_learn_to_play_on_the_title_is_marked_done_once_the_guided_battle_is_won():
    app = OfficersChessApp()
    async with app.run_test(size=SIZE) as pilot:
        assert LEARN_LABEL in await painted(pilot, LEARN_LABEL)
        assert LEARN_DONE_LABEL not in await painted(pilot, LEARN_LABEL)
        tutorial_progress.mark_finished()  # as winning it does (checked at the end of the guided battle above)
        app.show_title()
        shown = await painted(pilot, LEARN_DONE_LABEL)
        assert LEARN_DONE_LABEL in shown and LEARN_LABEL not in shown
