"""Physical dice: the players type in their own d20s, and the rules use them exactly as seeded rolls."""

from __future__ import annotations

import pytest

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.basics.dice import Dice, RollNeeded
from officers_chess.rules.battle.actions import Attack, Move
from officers_chess.rules.battle.events import Attacked
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.physical import RollsLeftOver, apply_asking, apply_with_rolls, roll_your_own
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import Recorder, state_hash
from officers_chess.rules.history.replay import replay


def _ready_to_strike() -> tuple[GameState, Attack]:
    """Training Yard with the attacker's Mercenary set down beside the defender's Fighter, whose attack is next."""
    state = load_scenario(find_scenario("training_yard")).new_battle(4).model_copy(deep=True)
    striker = next(u for u in state.units if u.name == "Bram")
    target = next(u for u in state.units if u.name == "Hale")
    target.pos = (striker.pos[0] - 1, striker.pos[1])
    state.to_act = striker.side
    state = apply_action(state, Move(unit=striker.id, to=striker.pos)).state
    return state, Attack(target=target.id)


def test_typed_rolls_give_exactly_what_the_same_seeded_rolls_give():
    state, attack = _ready_to_strike()
    seeded = apply_action(state, attack)
    swings = next(e for e in seeded.events if isinstance(e, Attacked)).swings
    rolled = [s.roll for s in swings]
    asked: list[str] = []
    typed = iter(rolled)
    outcome, used = apply_asking(roll_your_own(state), attack, lambda why: asked.append(why) or next(typed))
    assert used == rolled and len(asked) == len(rolled)
    assert asked[0].startswith("Bram's swing at Hale: hits on ")
    assert outcome.events == seeded.events
    assert [u.hp for u in outcome.state.units] == [u.hp for u in seeded.state.units]
    assert outcome.state.dice.physical and outcome.state.dice.given == ()


def test_a_roll_is_asked_for_only_when_the_rules_need_one():
    state, attack = _ready_to_strike()
    physical = roll_your_own(state)
    with pytest.raises(RollNeeded):
        apply_action(physical, attack)
    with pytest.raises(RollsLeftOver):
        apply_with_rolls(physical, attack, [20] * 9)  # far more swings than any exchange has


@pytest.mark.parametrize("bad", [0, 101, -3, 2.5, "7"])
def test_a_typed_roll_is_a_whole_number_a_die_can_show(bad):
    with pytest.raises(ValueError, match="1 to 100"):
        Dice(seed=1).with_rolls([5, bad])


def test_a_d20_refuses_a_roll_above_twenty_when_it_is_used():
    """A 21 is a fine d100 roll, so it is taken in; the d20 that would use it says what a d20 shows."""
    dice = Dice(seed=1).with_rolls([21])
    with pytest.raises(ValueError, match="1 to 20"):
        dice.d20()
    assert dice.die(100)[0] == 21


def test_physical_dice_survive_json_and_replay_from_their_recorded_rolls():
    state, attack = _ready_to_strike()
    start = roll_your_own(state)
    assert GameState.model_validate_json(start.model_dump_json()) == start
    outcome, used = apply_asking(start, attack, lambda why: 1)  # every swing a natural 1
    recorder = Recorder("v0.6", _ref(), 4, {}, start)
    recorder.add(attack, outcome.state, used)
    record = recorder.record()
    assert record.physical_dice and record.actions[0].rolls == used
    steps = list(replay(record, start))
    assert steps[0].divergence() is None and steps[0].found == state_hash(outcome.state)
    tampered = record.model_copy(update={"actions": [record.actions[0].model_copy(update={"rolls": [20] * len(used)})]})
    assert list(replay(tampered, start))[0].divergence() is not None


def _ref():
    from officers_chess.rules.history.record import ContentHashes, ScenarioRef

    digest = "0" * 64
    return ScenarioRef(title="Training Yard", bundled="training_yard",
                       sha256=ContentHashes(scenario=digest, map=digest, catalogue=digest))
