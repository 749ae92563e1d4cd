"""The `hard` level: offered wherever levels are, legal and repeatable, and looking past normal's averages."""

from __future__ import annotations

import pytest

from factories import A, D, game, plains, unit, weapon
from officers_chess.ai.assess import ExchangeBook
from officers_chess.ai.goals import Fields
from officers_chess.ai.hard import HardPolicy, Lookahead
from officers_chess.ai.judge import Judge, Option
from officers_chess.ai.play import LEVELS, make_policy, play_battle
from officers_chess.commands.console import main
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.actions import Wait
from officers_chess.rules.battle.game import is_legal, legal_actions
from officers_chess.rules.history.record import canonical_json
from officers_chess.rules.pieces.models import Side

SCENARIOS = sorted(bundled_scenarios())


class Checked:
    """A policy whose every choice is checked against the rules before it is played."""

    def __init__(self, inner):
        self.inner, self.name, self.rng, self.follows_orders = inner, inner.name, inner.rng, inner.follows_orders

    def choose(self, state):
        action = self.inner.choose(state)
        assert action in legal_actions(state) or is_legal(state, action), action
        return action

    def hire(self, *args):
        return self.inner.hire(*args)

    def outfit(self, *args):
        return self.inner.outfit(*args)

    def deploy(self, *args):
        return self.inner.deploy(*args)


def test_hard_is_a_level_everywhere_levels_are_named():
    assert "hard" in LEVELS and isinstance(make_policy("hard", 1), HardPolicy)


@pytest.mark.parametrize("path", SCENARIOS[::3], ids=lambda p: p.stem)
def test_hard_only_plays_legal_actions(path):
    """A bounded hard-against-normal playout on a third of the bundled scenarios (the full set runs in `balance`)."""
    policies = {Side.ATTACKER: Checked(make_policy("hard", 3)), Side.DEFENDER: Checked(make_policy("normal", 4))}
    state = play_battle(load_scenario(path), policies, seed=5, max_rounds=2)
    assert state.is_over or state.round == 3


def test_the_same_seeds_give_the_same_hard_battle():
    loaded = load_scenario(next(p for p in SCENARIOS if p.stem == "training_yard"))

    def battle():
        return play_battle(loaded, {side: make_policy("hard", 9 + i) for i, side in enumerate(Side)}, seed=2, max_rounds=3)

    assert canonical_json(battle()) == canonical_json(battle())


def test_an_attack_is_weighed_over_its_exact_outcomes_not_its_average():
    """A 50% blow that routs a 5-HP enemy: averaged, the enemy keeps 2.5 HP and still strikes back next; over the
    outcomes, half the time it is gone and its reply with it. The look ahead sees the difference as the reply."""
    units = [unit("a1", A, (4, 0)), unit("a2", A, (1, 1), hp=4), unit("d1", D, (5, 0), hp=5, weapon=weapon(might=9))]
    state = game(plains(8, 2), units)
    judge = Judge(state, A, ExchangeBook(), Fields())
    look = Lookahead(judge)
    a1 = state.unit("a1")
    attack = next(o for o in judge.options(a1, a1.pos) if o.exchange is not None)
    assert 0 < attack.exchange.kill < 1
    after_rout, after_miss = look.reply(a1, a1.pos, a1.hp, "d1"), look.reply(a1, a1.pos, a1.hp, None)
    assert after_rout == 0 < after_miss  # d1 gone, nobody answers; d1 standing, it strikes the 4-HP a2
    assert look.value(a1, a1.pos, attack) > look.value(a1, a1.pos, Option(0.0, Wait(), a1.hp))


def test_the_command_line_plays_hard(capsys):
    assert main(["simulate", "training_yard", "--games", "1", "--levels", "hard:normal", "--json"]) == 0
    assert '"hard"' in capsys.readouterr().out


def test_the_second_look_counts_the_rout_our_next_unit_could_take_after_the_enemys_answer():
    """Two activations on, a 3-HP enemy in reach of our waiting unit is a rout to take: the follow-up sees it.
    With every unit of ours spent, nobody of ours acts next, and it counts nothing."""
    units = [unit("a1", A, (0, 0)), unit("a2", A, (3, 0)), unit("d1", D, (5, 0), hp=3)]
    state = game(plains(8, 2), units)
    policy = HardPolicy(1)
    judge = Judge(state, A, policy.book, policy.fields)
    assert policy._follow_up(judge, state) > 0
    spent = state.model_copy(update={"units": [u.model_copy(update={"activated": u.side is A}) for u in state.units]})
    assert policy._follow_up(judge, spent) == 0


def test_a_side_the_clock_favours_does_not_take_the_second_look(monkeypatch):
    """Trades summed at par two activations on drew a defender that wins by lasting into fights (rulings P26): while
    the clock favours the side, its close choices stand as the first look ranks them; once it does not, they are
    looked at again."""
    from officers_chess.rules.battle.objectives import TimeLimit

    units = [unit("a1", A, (0, 0)), unit("a2", A, (0, 1)), unit("d1", D, (6, 0))]
    policy = HardPolicy(1)
    looked: list[str] = []
    monkeypatch.setattr(HardPolicy, "_two_plies", lambda self, judge, u, pos, option: looked.append(u.id) or 0.0)
    for winner, second_look in ((A, False), (D, True)):
        state = game(plains(8, 2), units).model_copy(
            update={"time_limit": TimeLimit(rounds=6, reason="Dusk.", winner=winner)})
        judge = Judge(state, A, policy.book, policy.fields)
        assert (judge.winning is A) is not second_look
        ranked = [(5.0, state.unit("a1"), (1, 0), Option(5.0, Wait(), 20)),
                  (4.0, state.unit("a2"), (1, 1), Option(4.0, Wait(), 20))]
        looked.clear()
        assert policy._second_look(judge, Lookahead(judge), ranked)[1].id == "a1"
        assert bool(looked) is second_look
