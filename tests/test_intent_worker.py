"""The likely targets (n) are worked out off the screen's thread: the pane says so meanwhile, the keys stay live, and
an answer for a battle that moved on is never shown (rulings P21)."""

from __future__ import annotations

import threading

from factories import A, D, game, plains, unit
from officers_chess.ai.intent import likely_targets
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.session import lookout as lookout_module
from officers_chess.session.controller import BattleController
from officers_chess.session.lookout import AIMED_MARK, FROM_MARK, Lookout
from officers_chess.session.modes import Mode
from officers_chess.tui.app import OfficersChessApp
from officers_chess.tui.screens.battle import BattleScreen
from officers_chess.tui.widgets.forecast_pane import ForecastPane

from pilot_helpers import wait_until

WAITING = "Likely targets (n): working them out…"


def _field():
    """The defender at the keyboard; the attacker's a1 (played by `hard`) can reach both of its units."""
    units = [unit(id="a1", pos=(0, 1)), unit(id="d1", side=D, pos=(5, 1), hp=6), unit(id="d2", side=D, pos=(4, 3))]
    return game(plains(9, 5), units, to_act=D)


def _lookout(state) -> tuple[BattleController, Lookout]:
    c = BattleController(state, humans=frozenset({D}))
    lookout = Lookout(c)
    lookout.levels = {A: "hard"}
    lookout.intent_on = True
    return c, lookout


def _moved(state, unit_id: str, pos) -> object:
    return state.model_copy(update={"units": [u.model_copy(update={"pos": pos}) if u.id == unit_id else u
                                              for u in state.units]})


def test_nothing_is_marked_until_the_answer_for_this_very_view_is_handed_back():
    state = _field()
    c, lookout = _lookout(state)
    assert lookout.intent_waiting and lookout.intents() == [] and lookout.marks().intent == {}
    job = lookout.intent_job()
    assert job is not None and job.view is c.view and (job.side, job.level) == (D, "hard")
    found = job()
    assert found == likely_targets(state, D, "hard") and found, "a1 should have someone to attack"
    assert lookout.intent_waiting  # working it out is not keeping it: the screen hands it back
    assert lookout.store_intents(job, found)
    assert not lookout.intent_waiting and lookout.intent_job() is None and lookout.intents() == found
    assert lookout.marks().intent[found[0].origin] == FROM_MARK
    assert lookout.marks().intent[state.unit(found[0].target).pos] == AIMED_MARK


def test_an_answer_for_a_battle_that_moved_on_is_dropped():
    state = _field()
    c, lookout = _lookout(state)
    old = lookout.intent_job()
    c.state = _moved(state, "a1", (0, 4))  # someone acted while it was worked out
    assert not lookout.store_intents(old, old())
    assert lookout.intent_waiting and lookout.intents() == [] and lookout.marks().intent == {}
    new = lookout.intent_job()
    assert new is not None and new.view is c.view and new.key != old.key
    # The viewer's enemy now played by another level: the same view asks again.
    assert lookout.store_intents(new, new())
    lookout.levels = {A: "greedy"}
    assert lookout.intent_waiting and lookout.intents() == []
    assert not lookout.store_intents(new, new())


def test_nothing_is_asked_while_off_or_while_the_computer_plays():
    c, lookout = _lookout(_field())
    lookout.intent_on = False
    assert lookout.intent_job() is None and not lookout.intent_waiting
    lookout.intent_on = True
    c.mode = Mode.COMPUTER
    assert lookout.intent_job() is None and not lookout.intent_waiting


def _pane_text(screen) -> str:
    content = screen.query_one(ForecastPane).content
    return content.plain if hasattr(content, "plain") else str(content)


def _place(screen, name: str, pos) -> None:
    c = screen.controller
    c.state = _moved(c.state, next(u.id for u in c.state.units if u.name == name), pos)
    screen.refresh_view()


async def test_n_says_it_is_working_while_a_thread_works_the_targets_out_and_the_keys_stay_live(monkeypatch):
    gate, threads = threading.Event(), []

    def held(view, side, level, holders):  # the real answer, once the test lets it through, from whichever thread asks
        threads.append(threading.current_thread())
        assert gate.wait(10), "never let through"
        return likely_targets(view, side, level, holders)

    monkeypatch.setattr(lookout_module, "likely_targets", held)
    app = OfficersChessApp(scenario=load_scenario(find_scenario("training_yard")), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            c = screen.controller
            _place(screen, "Hale", (5, 4))  # the attacker's Hale, a move from the defenders (who act first)
            await pilot.press("n")
            await wait_until(pilot, lambda: len(threads) == 1)
            assert WAITING in _pane_text(screen) and screen.lookout.marks().intent == {}
            cursor = c.cursor
            await pilot.press("right")  # the keys answer while it is worked out
            assert c.cursor != cursor and WAITING in _pane_text(screen)
            await pilot.press("n")  # ... and n turns it off again
            assert "Likely targets" not in _pane_text(screen)
            await pilot.press("n")
            # The battle moves on while the first answer is held: that answer is dropped, the new one asked.
            _place(screen, "Hale", (0, 7))
            gate.set()
            await wait_until(pilot, lambda: not screen.lookout.intent_waiting)
            assert len(threads) == 2 and threading.main_thread() not in threads
            assert screen.lookout.intents() == [] and "No enemy still to act would attack now" in _pane_text(screen)
            assert WAITING not in _pane_text(screen)
            _place(screen, "Hale", (5, 4))
            assert WAITING in _pane_text(screen)
            await wait_until(pilot, lambda: not screen.lookout.intent_waiting)
            found = likely_targets(c.state, c.viewer, None)
            assert found and screen.lookout.intents() == found
            hale, target = c.state.unit(found[0].enemy), c.state.unit(found[0].target)
            assert f"{hale.name} → {target.name}" in _pane_text(screen) and WAITING not in _pane_text(screen)
        finally:
            gate.set()  # never leave a thread held when the app closes
