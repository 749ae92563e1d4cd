"""The battle screen's background work (the computer's turn, the host's words, the likely targets) may finish while
the screen is being taken down: then it ends quietly; on a screen that is up, a missing widget is still a fault.

Each test holds the work in its thread, takes the screen's status line away as Textual's teardown does (marking the
screen as pruned), and lets the work go on: once with the screen going, once with it still up (the control)."""

from __future__ import annotations

import threading

import pytest
from textual.worker import WorkerFailed

from officers_chess.ai.intent import likely_targets
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.net.messages import Notice
from officers_chess.rules.pieces.models import Side
from officers_chess.session import lookout as lookout_module
from officers_chess.session.seat_requests import SeatRequests
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.closing import going
from officers_chess.tui.screens import battle
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.screens.battle_remote import RemoteBattleScreen
from officers_chess.tui.widgets.status_line import StatusLine

from muster_keys import press
from pilot_helpers import wait_until

D = Side.DEFENDER


@pytest.fixture
def no_pauses(monkeypatch):
    monkeypatch.setitem(battle.BEAT_SECONDS, "normal", 0)
    monkeypatch.setitem(battle.BEAT_SECONDS, "fast", 0)


async def _take_down(screen, going_now: bool) -> None:
    """What the work will find when it next draws: no status line; `going_now` marks the screen as Textual does
    while it prunes a screen's widgets on the way out."""
    await screen.query_one(StatusLine).remove()
    screen._pruning = going_now
    assert going(screen) is going_now


def _held(monkeypatch, target, name: str):
    """Hold `target.name` (run in the work's thread) until the gate opens; returns (gate, entered)."""
    gate, entered = threading.Event(), threading.Event()
    real = getattr(target, name)

    def held(*args, **kwargs):
        entered.set()
        assert gate.wait(20), "never let through"
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, held)
    return gate, entered


async def _computer_turn(monkeypatch, going_now: bool) -> None:
    thinking = SeatRequests.thinking
    gate, entered = threading.Event(), threading.Event()

    def held_thinking(self, policy):
        choose = thinking(self, policy)

        def held():
            entered.set()
            assert gate.wait(20), "never let through"
            return choose()
        return held

    monkeypatch.setattr(SeatRequests, "thinking", held_thinking)
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1, computer={D: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await wait_until(pilot, entered.is_set)  # the defenders act first: the computer is thinking
            screen = app.screen
            assert isinstance(screen, BattleScreen) and entered.is_set()
            await _take_down(screen, going_now)
        finally:
            gate.set()
        await wait_until(pilot, lambda: not screen.workers or app._exception is not None)
        await pilot.pause()


async def _likely_targets(monkeypatch, going_now: bool) -> None:
    gate, entered = _held(monkeypatch, lookout_module, "likely_targets")
    assert lookout_module.likely_targets is not likely_targets
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            await pilot.press("n")
            await wait_until(pilot, entered.is_set)
            assert entered.is_set()
            await _take_down(screen, going_now)
        finally:
            gate.set()
        await wait_until(pilot, lambda: not screen._intent_busy)
        await pilot.pause()


async def _host_s_word(monkeypatch, going_now: bool) -> None:
    from officers_chess.net.remote import RemoteSeat

    app = OfficersChessApp(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "down", "enter", "h")  # Training Yard, hosted; a friend plays the defender
        await wait_until(pilot, lambda: app.invite is not None)
        friend = RemoteSeat(app.invite.split()[2], app.invite.split()[3])
        friend.open()
        try:
            await wait_until(pilot, lambda: isinstance(app.screen, RemoteBattleScreen))
            screen = app.screen
            assert isinstance(screen, RemoteBattleScreen)
            await wait_until(pilot, lambda: screen._inbox.empty() and screen.controller.view.to_act is not None)
            await pilot.pause()
            assert screen._inbox.empty() and _following(screen)
            await _take_down(screen, going_now)
            screen.heard(Notice(text="The defender left the table."))  # as when the friend goes as the app closes
            await wait_until(pilot, lambda: not _following(screen))
            assert screen.table_note == "The defender left the table."
        finally:
            friend.close()


def _following(screen) -> bool:
    return any(w.group == "follow" and w.is_running for w in screen.workers)


WORK = {"the computer's turn": _computer_turn, "the likely targets": _likely_targets, "the host's word": _host_s_word}


@pytest.mark.parametrize("work", list(WORK))
async def test_work_that_finishes_as_the_screen_goes_ends_quietly(work, monkeypatch, no_pauses):
    await WORK[work](monkeypatch, going_now=True)


@pytest.mark.parametrize("work", list(WORK))
async def test_a_widget_missing_from_a_screen_that_is_up_is_still_a_fault(work, monkeypatch, no_pauses):
    with pytest.raises(WorkerFailed, match="StatusLine"):
        await WORK[work](monkeypatch, going_now=False)


async def test_a_resize_then_leaving_at_once_ends_the_screens_after_refresh_work_quietly():
    """Random keys found it: a resize schedules the battle screen's log to be written again once the new frame is
    laid out, and leaving the battle in the same moment took the log away first. Every screen's after-refresh work
    goes through `closing.after_refresh`, which drops it once the screen is going."""
    from textual import events
    from textual.geometry import Size

    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.on_resize(events.Resize(Size(100, 30), Size(100, 30)))
        app.show_title()  # in the same moment: the battle screen is taken down before its next frame
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen" and going(screen)


def test_no_screen_or_dialog_schedules_after_refresh_work_but_through_the_guard():
    """The class, not the case: a bare `call_after_refresh` on a screen would run on a screen taken down."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "officers_chess" / "tui"
    bare = [str(p.relative_to(root)) for folder in ("screens", "dialogs") for p in (root / folder).glob("*.py")
            if "self.call_after_refresh(" in p.read_text(encoding="utf-8")]
    assert bare == []
