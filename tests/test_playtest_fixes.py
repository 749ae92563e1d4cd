"""Regressions from play-testing: seizing ends the game on screen, sleepers only wait, statuses say when they end."""

from __future__ import annotations

from factories import A, D, game, plains, unit

from officers_chess.rules.battle.events import StatusLost
from officers_chess.rules.battle.game import Move, Wait, apply_action, legal_actions
from officers_chess.rules.pieces.statuses import Status, StatusName
from officers_chess.session.controller import BattleController
from officers_chess.session.modes import Mode


def test_a_seize_ends_the_battle_on_screen_and_cannot_be_taken_back():
    leader = unit(id="a1", side=A, pos=(0, 0), scenario_tags=["Leader"])
    state = game(plains(6), [leader, unit(id="d1", side=D, pos=(5, 0))], to_act=A)
    state.seize_tiles = [(1, 0)]
    c = BattleController(state)
    c.point_at((0, 0))
    c.confirm()
    c.point_at((1, 0))
    c.confirm()
    c.choose("special:seize:None")
    assert c.state.is_over and c.state.winner is A
    assert c.mode is Mode.OVER
    assert c.cancel() is None and c.state.is_over  # Esc cannot undo a won battle


def test_a_sleeping_unit_cannot_attack_but_may_trade_and_wait():
    # Sleep forbids moving and attacking, nothing more (docs/rulings.md S3, revised with save version 4).
    sleeper = unit(id="a1", side=A, pos=(0, 0), statuses=[Status(name=StatusName.SLEEP)])
    friend = unit(id="a2", side=A, pos=(1, 0))
    state = game(plains(6), [sleeper, friend, unit(id="d1", side=D, pos=(5, 0))], to_act=A)
    mid = apply_action(state, Move(unit="a1", to=(0, 0))).state
    kinds = {a.kind for a in legal_actions(mid)}
    assert kinds == {"trade", "discard", "wait"}


def test_barrier_says_when_it_ends():
    shielded = unit(id="a1", side=A, pos=(0, 0), statuses=[Status(name=StatusName.BARRIER, left=1)])
    state = game(plains(6), [shielded, unit(id="d1", side=D, pos=(5, 0))], to_act=A)
    state = apply_action(apply_action(state, Move(unit="a1", to=(0, 0))).state, Wait()).state
    outcome = apply_action(apply_action(state, Move(unit="d1", to=(5, 0))).state, Wait())
    assert StatusLost("A1", "Barrier") in outcome.events
    assert StatusLost("A1", "Barrier").text() == "A1 is no longer under a Barrier."
    assert not outcome.state.unit("a1").statuses
