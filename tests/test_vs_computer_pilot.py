"""Playing against the computer in the real app: choosing it, army building, its turns, pace, skip, and the result."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time

import pytest
from textual.worker import WorkerState
from muster_keys import confirm_step, deploy_all, hire, press
from pilot_helpers import (HANG, computer_mustered, footer_filled, painted, past_the_grace, play_activation,
                           screen_text, wait_until, walk_cursor)

from officers_chess.ai import play
from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.content.autosave import newest_unfinished
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.muster_saves import SavedMuster
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.session.modes import Mode
from officers_chess.session.players import default_level, player_cycle
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.computer_muster import ComputerMusterScreen
from officers_chess.tui.screens.deployment import DeploymentScreen
from officers_chess.tui.screens.handover import HandOverScreen
from officers_chess.tui.screens.hiring import HiringScreen
from officers_chess.tui.screens.result import ResultScreen
from officers_chess.tui.screens.scouting import ScoutingScreen
from officers_chess.tui.screens.title import TitleScreen
from officers_chess.tui.widgets.map_view import MapView

A, D = Side.ATTACKER, Side.DEFENDER


@pytest.fixture
def no_pauses(monkeypatch):
    """The computer's activations without the pauses a person needs to follow them."""
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)


class HeldPolicy(GreedyPolicy):
    """Greedy, but held at one point (`hold`) until the test lets it go: `held` is set while it waits there."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.held = threading.Event()
        self.go = threading.Event()
        type(self).last = self

    def hold(self) -> None:
        self.held.set()
        self.go.wait(timeout=HANG)  # a hang guard: the test lets it go

    async def reached(self) -> bool:
        """Wait until the policy is held (HANG seconds at most, a hang guard); whether it is."""
        deadline = time.monotonic() + HANG
        while not self.held.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return self.held.is_set()


class ThinkingPolicy(HeldPolicy):
    """Each choice waits until the test lets it go: the computer 'thinks' as long as the test wants."""

    name = "thinking"

    def choose(self, state):
        self.hold()
        return super().choose(state)


def yard():
    return load_scenario(find_scenario("training_yard"))


def log_text(screen: BattleScreen) -> str:
    """The battle log's words, its wrapped lines joined again."""
    return " ".join(" ".join(str(strip.text) for strip in screen.query_one("#log").lines).split())


async def settle(pilot) -> None:
    """Let the computer finish whatever it is doing, then let the screen catch up."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_title_screen_chooses_the_computer_for_a_side_by_key_and_by_click(no_pauses):
    app = OfficersChessApp(seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        flat = " ".join(screen_text(app).split())
        assert "Attacker Human" in flat and "Defender Human" in flat
        await press(pilot, "2")
        assert title.players[D] == default_level()
        assert f"Defender CPU ({default_level()})" in " ".join(screen_text(app).split())
        await pilot.click("#player-attacker")
        await pilot.pause()
        assert title.players[A] == default_level()
        for _ in range(len(player_cycle()) - 1):  # back round to a person
            await press(pilot, "1")
        assert title.players[A] is None
        await press(pilot, "down", "enter", "enter")  # Training Yard, the first under Battles
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert set(screen.computer) == {D} and screen.computer[D].name == default_level()
        assert screen.controller.humans == {A}
        await settle(pilot)
        assert screen.controller.state.to_act is A  # the defender acts first; the computer has played it


async def test_a_whole_battle_against_the_computer_from_the_title_to_the_result(no_pauses):
    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(player_cycle().index("greedy")):
            await press(pilot, "2")
        await press(pilot, "down", "enter", "enter")  # Battles, then Training Yard
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.computer[D].name == "greedy"
        activations = 0
        told = ""
        while True:
            await settle(pilot)
            if not isinstance(app.screen, BattleScreen):
                break
            told = log_text(screen)
            c = screen.controller
            assert c.state.to_act is A and c.mode is Mode.BROWSE, "between computer turns the player is asked"
            await play_activation(pilot, screen)
            activations += 1
            assert activations < 60, "the battle should end"
        result = app.screen
        assert isinstance(result, ResultScreen)
        assert result.final.winner is not None and not result.final.living(result.final.winner.other)
        # The person played the attacker: the result says so, and whether they won (rulings L105).
        headline = str(result.query_one("#summary").content.renderables[0])
        assert result.player is A
        assert headline.startswith("You won!" if result.final.winner is A else "You lost.") and "attacker" in headline
        # The command that plays it again names the scenario and the computer's side (rulings L94).
        assert result.command == "officers-chess play training_yard --seed 5 --ai defender --level greedy"
        assert "Tilda" in told and "Bram" in told  # the computer's units acted and the log told it
        await past_the_grace(pilot)
        await press(pilot, "enter")
        assert isinstance(app.screen, TitleScreen) and app.screen.players[D] == "greedy"  # the choice is kept


async def test_the_screen_answers_keys_while_the_computer_thinks_and_map_keys_are_not_kept(monkeypatch, no_pauses):
    monkeypatch.setitem(play.LEVELS, "thinking", ThinkingPolicy)
    app = OfficersChessApp(scenario=yard(), seed=3, computer={D: "thinking"})
    async with app.run_test(size=(80, 24)) as pilot:
        policy = ThinkingPolicy.last
        await policy.reached()
        assert policy.held.is_set(), "the computer should be choosing its first action"
        screen = app.screen
        c = screen.controller
        assert any(w.group == "computer-thinks" and w.state is WorkerState.RUNNING for w in app.workers)
        await footer_filled(pilot)
        assert "Thinking" in screen_text(app)
        cursor = c.cursor
        await press(pilot, "f")  # the pace key works at once, while the thread is still busy
        assert screen.pace == "fast" and "Slower" in screen_text(app)
        await press(pilot, "right", "down", "enter", "tab")
        await pilot.click(MapView, offset=(3, 3))
        assert c.cursor == cursor and c.selected is None and c.mode is Mode.COMPUTER
        await press(pilot, "ctrl+q")  # quitting is offered at any moment
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")
        assert app.screen is screen and policy.held.is_set() and not policy.go.is_set()
        policy.go.set()
        await settle(pilot)
        assert c.state.to_act is A and c.mode is Mode.BROWSE
        assert c.selected is None  # the Enter pressed while the computer played was not replayed
        assert c.cursor in {u.pos for u in c.state.waiting(A)}


async def test_the_skip_key_ends_the_computers_turn_without_its_pauses(monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 30)  # a turn at this pace would take minutes
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 30)
    app = OfficersChessApp(scenario=yard(), seed=3, computer={D: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_filled(pilot)
        screen = app.screen
        assert screen.controller.mode is Mode.COMPUTER
        assert "Skip turn" in screen_text(app)
        await press(pilot, "s")
        await asyncio.wait_for(app.workers.wait_for_complete(), timeout=HANG)
        await pilot.pause()
        c = screen.controller
        assert c.state.to_act is A and c.mode is Mode.BROWSE
        assert len(c.state.waiting(D)) == 1  # one defender activated: a turn, not the round
        assert "Skip" not in screen_text(app)


async def test_two_computers_play_a_demo_and_skip_hurries_only_to_the_end_of_the_round(monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 30)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 30)
    app = OfficersChessApp(scenario=yard(), seed=8, computer={A: "greedy", D: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await footer_filled(pilot)
        screen = app.screen
        c = screen.controller
        assert c.humans == frozenset() and c.viewer is None
        assert "Skip round" in await painted(pilot, "Skip round")
        await press(pilot, "s")
        await wait_until(pilot, lambda: c.state.round == 2)
        assert c.state.round == 2
        # Back to the normal pace (a beat of 30 s): the skip no longer hurries the computer, which is waiting.
        assert not screen._skipping()
        assert c.state.round == 2 and not c.state.is_over and c.mode is Mode.COMPUTER
        monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
        monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)
        await press(pilot, "f")  # re-times the pause under way
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen) and app.screen.final.is_over


async def test_army_building_against_the_computer_needs_no_hand_over_and_scouting_shows_its_classes(
        tmp_path, monkeypatch, no_pauses):
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    app = OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4, computer={D: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await computer_mustered(pilot)
        screen = app.screen
        assert isinstance(screen, HiringScreen) and screen.side is A  # the defender hired first, unseen
        session = app.muster
        foe = session.army(D)
        assert foe.units and session.current()[1] is A
        await hire(pilot, screen, "Soldier", ["Iron Lance"])
        await hire(pilot, screen, "Archer", ["Iron Bow"])
        await confirm_step(pilot)
        assert isinstance(app.screen, ScoutingScreen) and app.screen.side is A
        text = screen_text(app)
        for recruit in foe.units:
            assert recruit.unit_class in text
            assert recruit.name not in text and not any(item in text for item in recruit.items)
        await press(pilot, "enter")
        await computer_mustered(pilot)
        assert isinstance(app.screen, HiringScreen) and app.screen.outfitting
        await confirm_step(pilot)
        screen = app.screen
        assert isinstance(screen, DeploymentScreen) and screen.side is A
        assert not isinstance(app.screen, HandOverScreen)
        rows = [screen.query_one(MapView).render_line(y).text for y in range(session.battle_map.height)]
        drawn = "".join(row[::2] for row in rows)
        assert sum(ch.islower() for ch in drawn) == len(foe.units)  # the computer deployed first, in view
        await deploy_all(pilot, screen)
        await confirm_step(pilot)
        battle_screen = app.screen
        assert isinstance(battle_screen, BattleScreen) and set(battle_screen.computer) == {D}
        await settle(pilot)
        assert battle_screen.controller.state.to_act is A


class SlowHirer(HeldPolicy):
    """Its hiring waits until the test lets it go: army building that takes as long as the test wants."""

    name = "slow hirer"

    def hire(self, *args, **kwargs):
        self.hold()
        return super().hire(*args, **kwargs)


def slow_hirer_app(monkeypatch, tmp_path, computer) -> OfficersChessApp:
    """Practice Muster (the Defender hires first) with a slow hirer for the sides in `computer`."""
    monkeypatch.setenv("OFFICERS_CHESS_DATA", str(tmp_path))
    monkeypatch.setitem(play.LEVELS, "slow hirer", SlowHirer)
    return OfficersChessApp(scenario=load_scenario(find_scenario("practice_muster")), seed=4, computer=computer)


async def test_the_screen_stays_live_and_says_so_while_the_computer_builds_its_army(monkeypatch, tmp_path):
    app = slow_hirer_app(monkeypatch, tmp_path, {D: "slow hirer"})
    async with app.run_test(size=(80, 24)) as pilot:
        policy = SlowHirer.last
        await policy.reached()
        assert policy.held.is_set(), "the computer should be hiring the Defender's army"
        said = "The computer (slow hirer) is hiring its army for the Defender."
        # a pushed screen is painted a frame after it is mounted: wait for the words the test reads
        await wait_until(pilot, lambda: isinstance(app.screen, ComputerMusterScreen)
                         and said in " ".join(screen_text(app).replace("█", " ").split()))
        assert isinstance(app.screen, ComputerMusterScreen)
        assert any(w.group == "computer-musters" and w.state is WorkerState.RUNNING for w in app.workers)
        text = " ".join(screen_text(app).replace("█", " ").split())  # (the box's side drawn between wrapped lines)
        assert said in text
        assert "step 1 of" in text
        found = newest_unfinished()  # saved before the computer began: a quit now comes back to this step
        assert found is not None and isinstance(found.saved, SavedMuster) and not found.saved.record.muster.armies
        await press(pilot, "ctrl+q")  # the keyboard answers while the thread is busy
        # (the words were waited for on screen too, but the screen beneath shows between the dialog's lines: the
        # wait never ended before its bound, and passed on the question below)
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog) and app.screen.is_mounted)
        assert isinstance(app.screen, ConfirmDialog)
        asked = app.screen.question  # (on screen the screen beneath shows between the dialog's lines)
        # Army building, not a battle, is what is saved here; nothing on this screen is the person's to lose.
        assert "Army building is autosaved up to the start of this step: c Continue takes it up there." in asked
        assert "What you changed on this screen" not in asked
        policy.go.set()  # the computer finishes while the question is still open
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # never taken from under the player's eyes
        assert isinstance(app.screen_stack[-2], ComputerMusterScreen)
        await press(pilot, "n")
        await computer_mustered(pilot)
        assert isinstance(app.screen, HiringScreen) and app.screen.side is A
        assert app.muster is not None and app.muster.army(D).units  # what the thread hired is the session's


async def test_the_wait_names_each_step_the_computer_takes_in_turn(monkeypatch, tmp_path):
    app = slow_hirer_app(monkeypatch, tmp_path, {A: "slow hirer", D: "slow hirer"})
    async with app.run_test(size=(80, 24)) as pilot:
        for side in (D, A):  # the Defender hires first, then the Attacker, in the one thread
            policy = app.policies[side]
            await policy.reached()
            said = f"is hiring its army for the {side.title}."
            # the screen is painted a frame after the step begins, later on a busy machine: wait for the words
            await wait_until(pilot, lambda: said in " ".join(screen_text(app).replace("█", " ").split()))
            assert isinstance(app.screen, ComputerMusterScreen)
            text = " ".join(screen_text(app).replace("█", " ").split())
            assert said in text, text
            policy.go.set()
        await computer_mustered(pilot)
        assert isinstance(app.screen, BattleScreen)  # it played both sides: every step taken, the battle begins


async def test_a_quit_while_the_computer_builds_its_army_continues_at_that_step(monkeypatch, tmp_path):
    app = slow_hirer_app(monkeypatch, tmp_path, {D: "slow hirer"})
    async with app.run_test(size=(80, 24)) as pilot:
        first = SlowHirer.last
        await first.reached()
        assert first.held.is_set() and isinstance(app.screen, ComputerMusterScreen)
    first.go.set()  # the app is gone: the thread it left may end (what it hired is thrown away)
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "c")
        again = SlowHirer.last
        assert again is not first and app.computer == {D: "slow hirer"}
        assert isinstance(app.screen, ComputerMusterScreen)  # the computer takes its step again, from the start
        again.go.set()
        await computer_mustered(pilot)
        assert isinstance(app.screen, HiringScreen) and app.screen.side is A and app.muster.army(D).units


class StillPolicy(GreedyPolicy):
    """Every unit stays where it stands and waits: under fog, activations the other side never sees."""

    name = "still"

    def choose(self, state):
        if state.active is None:
            unit = state.unit(state.reactivate) if state.reactivate else state.waiting(state.to_act)[0]
            return Move(unit=unit.id, to=unit.pos)
        return Wait()


async def test_under_fog_the_computers_activations_out_of_sight_show_nothing_of_its_units(monkeypatch, no_pauses):
    monkeypatch.setitem(play.LEVELS, "still", StillPolicy)
    plain = yard()
    foggy = dataclasses.replace(plain, scenario=plain.scenario.model_copy(update={"fog": True}))
    app = OfficersChessApp(scenario=foggy, seed=1, computer={D: "still"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen), "no hand-over: one person, nobody to hide from"
        c = screen.controller
        assert c.state.to_act is A and c.viewer is A and len(c.state.waiting(D)) == 1
        defenders = c.state.living(D)
        assert not {u.id for u in defenders} & {v.id for v in c.view.units}, "both defenders start out of sight"
        unit = c.state.waiting(A)[0]
        await walk_cursor(pilot, screen, unit.pos)
        await press(pilot, "enter", "enter", "w")  # stay put and wait: the other defender's turn
        await settle(pilot)
        assert c.state.to_act is A and not c.state.waiting(D)
        text = screen_text(app)
        assert not any(u.name in text for u in defenders)
        assert log_text(screen).count(f"The {D.value} activates a unit out of sight.") == 2
        drawn = {ch for y in range(c.state.map.height) for ch in screen.query_one(MapView).render_line(y).text[::2]}
        assert not any(ch.islower() for ch in drawn)  # no defender letter on the map


async def test_the_persons_turn_opens_on_the_computers_last_exchange(no_pauses):
    from officers_chess.session.result_parts import THEIR_HEADING
    from officers_chess.tui.widgets.forecast_pane import ForecastPane

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3,
                           computer={Side.DEFENDER: "normal"})
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        defenders = {u.name for u in screen.controller.state.units if u.side is Side.DEFENDER}
        for _ in range(40):
            await wait_until(pilot, lambda: screen.controller.mode in (Mode.BROWSE, Mode.OVER))  # its turn played out
            assert screen.controller.mode in (Mode.BROWSE, Mode.OVER)
            if screen.controller.mode is Mode.OVER:
                break
            # The enemy's part of the Result is headed as theirs (rulings L104).
            theirs = screen._result[screen._result.index(THEIR_HEADING) + 1:] if THEIR_HEADING in screen._result else []
            if theirs and theirs[0].split(" attacks ")[0] in defenders:
                pane = screen.query_one(ForecastPane)
                assert pane.border_title == "Result"
                assert all(line in str(pane.content) for line in screen._result)  # all at once: it was paced already
                return
            await play_activation(pilot, screen)
        raise AssertionError("the computer never attacked before the battle ended")


async def test_the_persons_own_blow_stays_in_the_result_above_the_computers_reply(no_pauses):
    """After the person's attack and the computer's turn, the side pane's Result still shows the person's own
    exchange, first, at 80×24 (rulings L68): the reply used to push it out, and only r's log told whether it hit."""
    from officers_chess.session.result_parts import OWN_HEADING
    from officers_chess.tui.widgets.forecast_pane import ForecastPane
    from pilot_helpers import screen_text

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=3,
                           computer={Side.DEFENDER: "normal"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        told: list[list[str]] = []  # each of the person's steps: its exchange's lines, or [] for none
        after = screen._after
        screen._after = lambda step: (told.append(list(step.lines) if step.exchange else []), after(step))[1]
        for _ in range(40):
            for _ in range(400):  # the computer's turn, played out
                await pilot.pause(0.02)
                if screen.controller.mode in (Mode.BROWSE, Mode.OVER):
                    break
            if screen.controller.mode is Mode.OVER:
                break
            told.clear()
            await play_activation(pilot, screen)
            for _ in range(400):
                await pilot.pause(0.02)
                if screen.controller.mode in (Mode.BROWSE, Mode.OVER):
                    break
            if screen.controller.mode is Mode.OVER:
                break
            mine = told[-1] if told else []
            if not mine or screen.controller.view.to_act is not Side.ATTACKER:
                continue
            pane = screen.query_one(ForecastPane)
            assert pane.border_title == "Result"
            own = [line for text in mine for line in text.splitlines()]
            assert screen._result[0] == OWN_HEADING and screen._result[1: len(own) + 1] == own  # headed (L104)
            shown = " ".join(screen_text(app).split())
            assert " ".join(own[0].split()) in shown  # the person's own attack line is on screen
            return
        raise AssertionError("the person never attacked before the battle ended")
