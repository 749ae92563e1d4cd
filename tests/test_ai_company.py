"""The hard level keeps its company together while the clock favours nobody: a unit pays for ending its turn far from
every ally with enemies near (`company.apart_cost`, rulings P29); normal's judgement has no such cost."""

from __future__ import annotations

import pytest

from factories import A, D, game, plains, unit
from officers_chess.ai.assess import ExchangeBook
from officers_chess.ai.company import FREE_GAP, GAP_POINTS, MOST, NEAR, apart_cost
from officers_chess.ai.goals import Fields
from officers_chess.ai.hard import HardPolicy
from officers_chess.ai.judge import Judge
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.objectives import TimeLimit
from officers_chess.rules.battle.seat_view import SeatView


def _field(enemy_x: int = 20) -> tuple:
    """Our rider at x=2 and a footman at x=0 on a long road; one enemy at `enemy_x`."""
    rider, footman = unit("a1", A, (2, 0)), unit("a2", A, (0, 0))
    enemy = unit("d1", D, (enemy_x, 0))
    return rider, footman, enemy


@pytest.mark.parametrize(("x", "cost"), [(3, 0.0), (4, 1.5), (6, 4.5), (9, 9.0), (12, MOST), (14, MOST)])
def test_each_tile_beyond_the_free_gap_costs_its_points_up_to_the_cap(x, cost):
    rider, footman, enemy = _field(enemy_x=x + NEAR)  # the enemy just near enough to count
    assert apart_cost(rider, (x, 0), [rider, footman], [enemy]) == pytest.approx(cost)
    assert cost == min(MOST, GAP_POINTS * max(0, x - FREE_GAP))


def test_nothing_is_paid_with_no_enemy_near_or_no_ally_left():
    rider, footman, enemy = _field(enemy_x=30)
    assert apart_cost(rider, (10, 0), [rider, footman], [enemy]) == 0.0  # marching: the enemy is far
    near = enemy.model_copy(update={"pos": (12, 0)})
    assert apart_cost(rider, (10, 0), [rider, footman], [near]) > 0
    assert apart_cost(rider, (10, 0), [rider], [near]) == 0.0  # the last one standing has no company to keep


def _judged(together: bool, clock: bool) -> tuple[Judge, object]:
    rider, footman, enemy = _field(enemy_x=16)
    state = game(plains(20, 1), [rider, footman, enemy])
    if clock:
        state = state.model_copy(update={"time_limit": TimeLimit(rounds=8, reason="Dusk.", winner=D)})
    return Judge(state, A, ExchangeBook(), Fields(), together=together), rider


@pytest.mark.parametrize("clock", [False, True])
def test_the_judge_charges_it_only_when_asked_and_only_while_the_clock_favours_nobody(clock):
    with_company, rider = _judged(True, clock)
    without, _ = _judged(False, clock)
    far, near = (11, 0), (3, 0)
    gap = (without.place_value(rider, far, rider.hp) - with_company.place_value(rider, far, rider.hp))
    assert gap == pytest.approx(0.0 if clock else apart_cost(rider, far, with_company.allies, with_company.enemies))
    assert gap or clock
    # Beside its company nothing changes; and with danger not asked for, nothing is charged either.
    assert with_company.place_value(rider, near, rider.hp) == without.place_value(rider, near, rider.hp)
    assert with_company.place_value(rider, far, rider.hp, danger=0) == without.place_value(rider, far, rider.hp, danger=0)


def test_hard_keeps_its_company_and_normal_does_not(monkeypatch):
    asked: list[bool] = []
    real = Judge.__init__

    def spy(self, *args, **kwargs):
        asked.append(kwargs.get("together", args[5] if len(args) > 5 else False))
        real(self, *args, **kwargs)

    monkeypatch.setattr(Judge, "__init__", spy)
    rider, footman, enemy = _field(enemy_x=12)
    state = game(plains(20, 1), [rider, footman, enemy])
    NormalPolicy(0).decide(SeatView(A, state, None))
    assert asked and not asked[0]
    asked.clear()
    HardPolicy(0).decide(SeatView(A, state, None))
    assert asked[0] is True  # its own judge; the enemy's answer it plays out is judged as normal would (False)
