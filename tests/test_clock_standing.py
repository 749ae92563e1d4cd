"""Who the clock favours as things stand (`standing`), the rounds a side losing on it spent idle (`IdleWatch`), and
a side whose clock was taken from it going to take it back (rulings P17, P18, P20)."""

from __future__ import annotations

from factories import A, D, game, plains, unit, weapon
from officers_chess.ai.idle_rounds import IdleWatch
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.actions import Attack, Move, Wait
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.objectives import Condition, TimeLimit
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import standing
from officers_chess.rules.board.battle_map import distance

BRIDGES = [(4, 1), (6, 1)]


def _clock(units, victory=None, limit: TimeLimit | None = None, width: int = 12) -> GameState:
    state = game(plains(width, 3), units)
    state.victory = victory or {}
    state.time_limit = limit
    return state


def _bridges(units, winner="defender") -> GameState:
    """The attacker wins at dusk (round 10) by holding both bridges; otherwise the limit's winner does."""
    return _clock(units, {A: [Condition(kind="rout"), Condition(kind="control", tiles=BRIDGES, count=2)],
                          D: [Condition(kind="rout")]},
                  TimeLimit(rounds=10, reason="Dusk.", winner=winner))


def test_nothing_on_a_clock_favours_nobody():
    assert standing(_clock([unit("a1"), unit("d1", D, (5, 0))])) is None
    drawn = _clock([unit("a1"), unit("d1", D, (5, 0))], limit=TimeLimit(rounds=8, reason="Rain.", winner="draw"))
    assert standing(drawn) is None


def test_the_tiles_controlled_now_decide_before_the_limits_own_winner():
    away = _bridges([unit("a1", A, (0, 0)), unit("a2", A, (0, 2)), unit("d1", D, (10, 1))])
    assert standing(away) is D
    one = _bridges([unit("a1", A, (4, 1)), unit("a2", A, (0, 2)), unit("d1", D, (10, 1))])
    assert standing(one) is D
    both = _bridges([unit("a1", A, (4, 1)), unit("a2", A, (6, 1)), unit("d1", D, (10, 1))])
    assert standing(both) is A


def test_a_round_end_condition_due_before_the_limit_decides_first():
    units = [unit("a1"), unit("d1", D, (5, 0))]
    survive = _clock(units, {A: [Condition(kind="rout")], D: [Condition(kind="survive", rounds=5)]},
                     TimeLimit(rounds=10, reason="Relief.", winner=A))
    assert standing(survive) is D
    late = _clock(units, {A: [Condition(kind="rout")], D: [Condition(kind="survive", rounds=12)]},
                  TimeLimit(rounds=10, reason="Relief.", winner=A))
    assert standing(late) is A  # the limit comes first
    hold = _clock([unit("a1", A, (3, 0)), unit("d1", D, (9, 0))],
                  {A: [Condition(kind="hold", tiles=[(3, 0)], rounds=6)], D: [Condition(kind="rout")]})
    assert standing(hold) is A
    hold.unit("a1").pos = (2, 0)
    assert standing(hold) is None


def _round(state: GameState, moves: dict[str, object]) -> tuple[GameState, IdleWatch]:
    """One round, every unit acting once (the attacker's units as `moves` say, the rest waiting where they
    stand), watched."""
    watch = IdleWatch(state)
    start = state.round
    while not state.is_over and state.round == start:
        side = state.to_act
        mover = next(u for u in state.living(side) if not u.activated)
        plan = moves.get(mover.id)
        to = plan[0] if isinstance(plan, tuple) and plan and isinstance(plan[0], tuple) else mover.pos
        for action in [Move(unit=mover.id, to=to), *(plan[1:] if isinstance(plan, tuple) and plan else [Wait()])]:
            state = apply_action(state, action).state
            watch.see(action, state)
    return state, watch


def test_a_round_spent_waiting_while_the_clock_is_against_the_side_counts_once():
    state = _bridges([unit("a1", A, (0, 1)), unit("d1", D, (11, 1))])
    after, watch = _round(state, {})
    assert standing(state) is D and after.round == state.round + 1
    assert watch.idle == {A: 1, D: 0}  # the defender waits too, but the clock is its win


def test_closing_on_the_tiles_or_striking_is_no_idle_round():
    state = _bridges([unit("a1", A, (0, 1)), unit("d1", D, (11, 1))])
    _, toward = _round(state, {"a1": ((2, 1), Wait())})
    assert toward.idle[A] == 0
    _, away = _round(state.model_copy(deep=True), {"a1": ((0, 0), Wait())})
    assert away.idle[A] == 1  # a step that brings it no nearer is still idle
    near = _bridges([unit("a1", A, (9, 1)), unit("d1", D, (11, 1))])
    _, struck = _round(near, {"a1": ((10, 1), Attack(target="d1"))})
    assert struck.idle[A] == 0


def test_a_defender_whose_bridges_were_taken_goes_to_take_them_back():
    # Round 6 of 10: the attacker's knights hold both bridges, so dusk would hand the attacker the battle. The
    # defender's fighter is no match for a knight in a trade, and when the clock still read as its own it kept
    # its distance; now it must close in on the bridges and strike.
    knights = [unit("a1", A, (4, 1), def_=9, hp=24), unit("a2", A, (6, 1), def_=9, hp=24)]
    fighter = unit("d1", D, (11, 1), weapon=weapon(might=8), hp=20)
    state = _bridges([*knights, fighter])
    state.round, state.to_act = 6, D
    assert standing(state) is A
    policy = NormalPolicy(0)
    move = policy.choose(state)
    assert isinstance(move, Move) and move.unit == "d1"
    gap = min(distance(move.to, b) for b in BRIDGES)
    assert gap < min(distance((11, 1), b) for b in BRIDGES), move.to
    after = apply_action(state, move).state
    if gap == 1:
        assert isinstance(policy.choose(after), Attack)


def test_every_level_losing_on_the_clock_closes_in_on_the_tiles_it_needs():
    # The attacker must hold both bridges by dusk and is far from them; under fog it sees no enemy at all, so the
    # bridges are all it knows to walk to. Every level's first move takes its unit nearer (random's included).
    from officers_chess.ai.play import LEVELS, make_policy

    for level in LEVELS:
        for seed in range(8 if level == "random" else 1):  # (random's move is a draw: several of them)
            state = _bridges([unit("a1", A, (0, 1)), unit("d1", D, (11, 1))])
            state.fog = True
            move = make_policy(level, seed).choose(state)
            assert isinstance(move, Move), (level, move)
            assert min(distance(move.to, b) for b in BRIDGES) < 4, (level, seed, move.to)
