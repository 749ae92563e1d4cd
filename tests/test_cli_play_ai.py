"""`play --ai SIDE [--level LEVEL]`: the computer takes a side from the command line, in a battle or on the title screen."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pilot_helpers import screen_text

from officers_chess.commands.console import main
from officers_chess.rules.pieces.models import Side
from officers_chess.tui import app as app_module
from officers_chess.tui.app import OfficersChessApp
from officers_chess.session.modes import Mode
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.title import TitleScreen

A, D = Side.ATTACKER, Side.DEFENDER


@pytest.fixture
def started(monkeypatch) -> list[OfficersChessApp]:
    """The apps `play` would have run, built but not run (no terminal needed)."""
    apps: list[OfficersChessApp] = []
    monkeypatch.setattr(app_module.OfficersChessApp, "run", lambda self, *a, **k: apps.append(self))
    return apps


@pytest.mark.parametrize("argv, computer", [
    (["--ai", "defender"], {D: "easy"}),  # the newcomer's default (rulings L11)
    (["--ai", "attacker", "--level", "greedy"], {A: "greedy"}),
    (["--ai", "both", "--level", "random"], {A: "random", D: "random"}),
    ([], {}),
])
def test_ai_and_level_become_the_apps_computer_sides(started, argv, computer):
    assert main(["play", "training_yard", "--seed", "4", *argv]) == 0
    (app,) = started
    assert app.computer == computer
    assert app.seed == 4 and app.first_scenario is not None and app.first_scenario.scenario.name == "Training Yard"


async def test_ai_without_a_scenario_opens_the_title_with_that_choice(started):
    assert main(["play", "--ai", "attacker", "--level", "greedy"]) == 0
    (app,) = started
    assert app.first_scenario is None and app.computer == {A: "greedy"}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert title.players == {A: "greedy", D: None} and title.computer == {A: "greedy"}
        assert "Attacker CPU (greedy)" in " ".join(screen_text(app).split())


@pytest.mark.parametrize("argv, words", [
    (["--ai", "nobody"], ["--ai", "'nobody'", "attacker", "defender", "both"]),
    (["--ai", "defender", "--level", "genius"], ["--level", "'genius'", "normal"]),
    (["--level", "greedy"], ["--level", "--ai"]),
])
def test_a_bad_side_or_level_is_one_clean_line_and_status_2(argv, words):
    result = subprocess.run([sys.executable, "-m", "officers_chess", "play", *argv],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert all(word in lines[0] for word in words), lines[0]
    assert result.stdout == ""


async def test_ai_defender_on_training_yard_is_a_battle_the_computer_plays_for_the_defender(started, monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    assert main(["play", "training_yard", "--ai", "defender", "--level", "greedy", "--seed", "3"]) == 0
    (app,) = started
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert set(screen.computer) == {D} and screen.computer[D].name == "greedy"
        assert screen.controller.humans == {A}
        await app.workers.wait_for_complete()  # the defender acts first: the computer plays its activation
        await pilot.pause()
        c = screen.controller
        assert c.state.to_act is A and c.mode is Mode.BROWSE
        assert any(u.activated for u in c.state.living(D))
