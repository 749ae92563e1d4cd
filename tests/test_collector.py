"""The garbage collector's schedule for the `officers-chess` process: full passes between screens and at the player's pauses."""

from __future__ import annotations

import gc

import pytest
from textual.screen import ModalScreen

from officers_chess.commands import app_launch, console
from officers_chess.tui import app_collector, collector
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.collector import IDLE_SECONDS, PILED_UP, SELDOM, QuietCollector, restore, settle


@pytest.fixture
def pythons_schedule():
    """Each test leaves the process as it found it (the rest of the suite runs on Python's own schedule)."""
    assert gc.isenabled() and gc.get_freeze_count() == 0
    yield
    restore()


def test_settling_sets_what_survives_aside_and_moves_full_passes_to_quiet_moments(pythons_schedule):
    settle()
    assert gc.get_freeze_count() > 0 and gc.isenabled()
    assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, SELDOM)
    restore()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == collector.PYTHONS_OWN


def test_a_full_pass_waits_for_a_pause_and_for_enough_to_have_piled_up(pythons_schedule):
    now = [100.0]
    quiet = QuietCollector(clock=lambda: now[0])
    gc.collect()  # the oldest generation's count starts at nought
    for _ in range(PILED_UP):
        gc.collect(1)  # each middle pass counts towards the next full one
    assert gc.get_count()[2] >= PILED_UP
    assert not quiet.tidy()  # the player has just pressed a key
    now[0] += IDLE_SECONDS
    assert quiet.tidy() and gc.get_count()[2] == 0  # paused, and enough piled up: the full pass ran
    now[0] += IDLE_SECONDS
    assert not quiet.tidy()  # nothing piled up since
    for _ in range(PILED_UP):
        gc.collect(1)
    quiet.touched()
    assert not quiet.tidy()  # a key again: no pass in the middle of play


async def test_the_app_settles_once_its_first_screen_is_painted_and_restores_python_after(pythons_schedule, monkeypatch):
    settled: list[bool] = []
    monkeypatch.setattr(app_collector, "settle", lambda: settled.append(True) or settle())
    app = OfficersChessApp()
    app.collect_quietly()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert settled == [True] and gc.get_freeze_count() > 0 and gc.get_threshold()[2] == SELDOM
        await pilot.press("?")  # the help is a dialog over the title, not a new screen: no full pass for it
        await pilot.pause()
        assert isinstance(app.screen, ModalScreen) and settled == [True]
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == collector.PYTHONS_OWN


async def test_an_app_not_asked_keeps_pythons_own_schedule(pythons_schedule):
    app = OfficersChessApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() == 0 and gc.get_threshold() == collector.PYTHONS_OWN


def test_only_the_command_itself_pauses_the_collector_for_start_up(monkeypatch):
    paused: list[bool] = []
    monkeypatch.setattr(collector, "pause_for_start_up", lambda: paused.append(True))
    monkeypatch.setattr(app_launch, "run_app", lambda app, args: 0)
    assert console.main(["play"]) == 0 and paused == []  # a host calling in keeps Python's schedule
    assert console.main(["play"], launched=True) == 0 and paused == [True]
