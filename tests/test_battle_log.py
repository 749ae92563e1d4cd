"""The battle log names who rolled each swing, whichever army started the exchange; under fog each side keeps
its own log, of what its units saw."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.events import Attacked
from officers_chess.rules.battle.game import Attack, Move, Wait, apply_action
from officers_chess.rules.combat.exchange import Role
from officers_chess.rules.pieces.models import Side


def test_swings_are_credited_to_the_unit_that_made_them_when_the_defender_army_attacks():
    state = load_scenario(find_scenario("training_yard")).new_battle(seed=2)
    assert state.to_act is Side.DEFENDER
    bram = next(u for u in state.units if u.name == "Bram")
    hale = next(u for u in state.units if u.name == "Hale")
    bram.pos = (hale.pos[0] + 1, hale.pos[1])  # stand them side by side
    state = apply_action(state, Move(unit=bram.id, to=bram.pos)).state
    outcome = apply_action(state, Attack(target=hale.id))
    attacked = next(e for e in outcome.events if isinstance(e, Attacked))
    lines = attacked.text().splitlines()[1:]
    assert len(lines) == len(attacked.swings) >= 2
    for line, swing in zip(lines, attacked.swings):
        roller = "Bram" if swing.role is Role.ATTACKER else "Hale"
        assert line.strip().startswith(f"{roller}: d20 {swing.roll} vs ≤{swing.needed}")
        if swing.result != "miss":
            target = "Hale" if roller == "Bram" else "Bram"
            assert f"→ {target} {swing.target_hp} HP" in line


def _fogged(*units):
    from factories import game, plains

    return game(plains(12, 1), list(units)).model_copy(update={"fog": True})


def test_under_fog_each_side_keeps_its_own_log_of_what_its_units_saw():
    from factories import A, D, unit

    from officers_chess.session.fog_log import SideLogs

    state = _fogged(unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(11, 0)), unit(id="d2", side=D, pos=(7, 0)))
    logs = SideLogs((A, D))
    logs.note("The battle begins.")
    # a1 walks into d2's sight (d2 sees 4..10); the defender reads only that part, once it can no longer be taken back.
    moved = apply_action(state, Move(unit="a1", to=(4, 0))).state
    told = logs.add(state, moved, apply_action(state, Move(unit="a1", to=(4, 0))).events, keyboard=A)
    # The move brings d2 into a1's sight (a1 sees 1..8 from 5,1): said, as an enemy's own step into sight is.
    assert told[A] == ["A1 moves 1,1 → 5,1 (cost 4).", "D2 comes into sight at 8,1."]
    assert told[D] == ["A1 comes into sight at 5,1."]
    assert logs.lines(D) == ["The battle begins."]  # held until the move is committed
    waited = apply_action(moved, Wait())
    logs.add(moved, waited.state, waited.events, keyboard=A)
    logs.commit()
    assert logs.lines(D) == ["The battle begins.", "A1 comes into sight at 5,1.", "A1 waits."]
    # d1 steps along out of a1's sight (a1 sees 1..7): the attacker learns only that the defender acted.
    state = waited.state
    assert state.to_act is D
    step = apply_action(state, Move(unit="d1", to=(10, 0)))
    logs.add(state, step.state, step.events, keyboard=D)
    logs.commit()
    assert logs.lines(A)[-1] == "The defender activates a unit out of sight."
    assert not any("D1" in line for line in logs.lines(A))
    assert logs.lines(D)[-1] == "D1 moves 12,1 → 11,1 (cost 1)."


def test_a_move_taken_back_never_reaches_the_other_sides_log():
    from factories import A, D, unit

    from officers_chess.session.fog_log import SideLogs

    state = _fogged(unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(7, 0)))
    logs = SideLogs((A, D))
    first = apply_action(state, Move(unit="a1", to=(4, 0)))
    logs.add(state, first.state, first.events, keyboard=A)
    logs.discard()  # Esc: the move is taken back
    logs.note("A1's move is taken back.", (A,))
    again = apply_action(state, Move(unit="a1", to=(1, 0)))  # out of d1's sight this time
    logs.add(state, again.state, again.events, keyboard=A)
    logs.commit()
    assert logs.lines(A) == ["A1 moves 1,1 → 5,1 (cost 4).", "D1 comes into sight at 8,1.", "A1's move is taken back.",
                             "A1 moves 1,1 → 2,1 (cost 1)."]
    assert logs.lines(D) == ["The attacker activates a unit out of sight."]  # not where it went first, nor twice


def test_without_fog_there_is_one_log_and_it_tells_everything():
    from factories import A, D, game, plains, unit

    from officers_chess.session.fog_log import SideLogs

    state = game(plains(12, 1), [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(11, 0))])
    logs = SideLogs((None,))
    step = apply_action(state, Move(unit="a1", to=(4, 0)))
    logs.add(state, step.state, step.events, keyboard=None)
    assert logs.lines(None) == ["A1 moves 1,1 → 5,1 (cost 4)."]
    assert logs.add(step.state, step.state, [], keyboard=None) == {None: []}  # a step that did nothing tells nothing
    assert logs.lines(None) == ["A1 moves 1,1 → 5,1 (cost 4)."]


def test_a_resumed_fogged_battle_tells_each_side_its_own_last_lines(tmp_path):
    from pathlib import Path

    from officers_chess.content.autosave import Autosaver
    from officers_chess.session.fog_log import resumed_lines

    loaded = load_scenario(Path(__file__).parent / "fixtures" / "fog_yard.yaml")
    state = loaded.new_battle(seed=1)
    saver = Autosaver.start(loaded, 1, {}, state, {Side.ATTACKER: "human", Side.DEFENDER: "human"}, folder=tmp_path)
    for unit_name, to in (("Ansgar", (3, 0)), ("Brannoc", (8, 0))):  # both out of the other side's sight
        unit = next(u for u in state.units if u.name == unit_name)
        for action in (Move(unit=unit.id, to=to), Wait()):
            state = apply_action(state, action).state
            saver.add(action, state)
    told = resumed_lines(saver.recorder.record(), (Side.ATTACKER, Side.DEFENDER), 12)
    assert told[Side.ATTACKER] == ["Ansgar moves 1,2 → 4,1 (cost 4).", "Ansgar waits.",
                                   "The defender activates a unit out of sight."]
    assert told[Side.DEFENDER] == ["The attacker activates a unit out of sight.",
                                   "Brannoc moves 10,1 → 9,1 (cost 1).", "Brannoc waits."]
    assert resumed_lines(saver.recorder.record(), (None,), 2)[None] == ["Brannoc moves 10,1 → 9,1 (cost 1).", "Brannoc waits."]


def test_a_roll_prompt_never_names_an_enemy_out_of_the_readers_sight():
    from factories import A, D, unit

    from officers_chess.rules.basics.dice import RollNeeded
    from officers_chess.session.fog_log import roll_words

    state = _fogged(unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(2, 0)), unit(id="d2", side=D, pos=(11, 0)))
    sleep = RollNeeded("D2's Sleep: wears off on 10 or less", 20, ("d2",))
    swing = RollNeeded("A1's swing at D1: hits on 11 or less", 20, ("a1", "d1"))
    assert roll_words(state, A, sleep) == "something out of your sight (what it decides stays hidden)"
    assert roll_words(state, A, swing) == "A1's swing at D1: hits on 11 or less"
    assert roll_words(state, D, sleep) == "D2's Sleep: wears off on 10 or less"  # its own
    assert roll_words(state, None, sleep).startswith("D2's")  # nobody to hide from
    clear = state.model_copy(update={"fog": False})
    assert roll_words(clear, A, sleep).startswith("D2's")
    # Judged by who the roll concerns, never by the words: a hidden enemy's roll is hidden whatever it is called,
    # and a roll about a unit in sight is told though its words happen to spell a hidden enemy's name.
    assert roll_words(state, A, RollNeeded("A1's Sleep: wears off on 10 or less", 20, ("d2",))).startswith("something")
    assert roll_words(state, A, RollNeeded("D2's swing at A1", 20, ("d1", "a1"))) == "D2's swing at A1"


def test_tiles_changed_alike_at_once_are_one_line_in_the_plural():
    from officers_chess.rules.battle.events import TerrainChanged, merged

    burnt = [TerrainChanged((9, 3), "Flames", "Plains"), TerrainChanged((9, 4), "Flames", "Plains"),
             TerrainChanged((10, 5), "Flames", "Plains"), TerrainChanged((2, 2), "Wall", "Floor")]
    assert [e.text() for e in merged(burnt)] == ["The flames at 10,4, 10,5 and 11,6 become plains.",
                                                 "The wall at 3,3 becomes floor."]
    assert TerrainChanged((0, 0), "Flames", "Plains").text() == "The flames at 1,1 become plains."


def test_a_broken_unit_routed_by_the_combat_is_not_first_told_cured():
    from edition_kit import EditionKit

    from officers_chess.rules.battle.actions import Attack, Move
    from officers_chess.rules.battle.events import StatusLost
    from officers_chess.rules.battle.game import apply_action

    kit = EditionKit("ratings")
    units = [kit.unit(weapon=kit.wpn(might=5)), kit.foe(weapon=None, hp=2, statuses=["Broken"])]
    state = kit.battle(["....."], units, rolls=[50])
    state = apply_action(state, Move(unit="a1", to=(0, 0))).state
    events = apply_action(state, Attack(target="d1")).events
    assert not any(isinstance(e, StatusLost) for e in events)
    assert "D1 is routed and leaves the field." in [e.text() for e in events]


def test_a_scripted_units_move_names_the_order_it_followed():
    from factories import D, game, plains, unit

    from officers_chess.ai.greedy import GreedyPolicy
    from officers_chess.ai.normal import NormalPolicy
    from officers_chess.ai.order_notes import with_orders
    from officers_chess.ai.random_policy import RandomPolicy
    from officers_chess.rules.battle.events import Moved
    from officers_chess.rules.battle.game import apply_action
    from officers_chess.rules.pieces.orders import Order

    def scripted(line: str):
        oda = unit(id="d1", side=D, pos=(6, 0)).model_copy(update={"name": "Oda", "orders": [Order.model_validate({"do": line})]})
        return game(plains(8), [unit(id="a1").model_copy(update={"name": "Corvin"}), oda], to_act=D)

    for line, told in (("pursue Corvin", "; its order: pursue Corvin)."), ("hold", "Oda holds position at 7,1 (its order: hold).")):
        state = scripted(line)
        policy = NormalPolicy(seed=1)
        action = policy.choose(state)
        events = with_orders(apply_action(state, action).events, action, state, policy)
        assert any(e.text().startswith("Oda ") and e.text().endswith(told) for e in events if isinstance(e, Moved)), [e.text() for e in events]
    # The greedy level follows scripts too and says so; the random one plays none and says nothing of orders.
    state = scripted("hold")
    action = GreedyPolicy(seed=1).choose(state)
    events = with_orders(apply_action(state, action).events, action, state, GreedyPolicy(seed=1))
    assert any(e.text() == "Oda holds position at 7,1 (its order: hold)." for e in events)
    action = RandomPolicy(seed=1).choose(state)
    events = with_orders(apply_action(state, action).events, action, state, RandomPolicy(seed=1))
    assert not any("order" in e.text() for e in events)
    assert Moved("Hale", (3, 3), (3, 3), 0).text() == "Hale stays at 4,4."


def test_a_scripted_units_move_says_why_each_conditional_line_held():
    from factories import A, D, game, plains, unit

    from officers_chess.ai.normal import NormalPolicy
    from officers_chess.ai.order_notes import with_orders
    from officers_chess.rules.battle.events import Moved
    from officers_chess.rules.battle.game import apply_action
    from officers_chess.rules.pieces.orders import Order

    lines = [Order.model_validate({"do": "hold"}), Order.model_validate({"when": "enemy within 3", "do": "target nearest"})]
    tam = unit(id="d1", side=D, pos=(5, 0)).model_copy(update={"name": "Tam", "orders": lines})
    state = game(plains(8), [unit(id="a1", side=A, pos=(3, 0)).model_copy(update={"name": "Corvin"}), tam], to_act=D)
    policy = NormalPolicy(seed=1)
    action = policy.choose(state)
    events = with_orders(apply_action(state, action).events, action, state, policy)
    assert [e.text() for e in events if isinstance(e, Moved)] == [
        "Tam holds position at 6,1 (its orders: hold, then target the nearest enemy when an enemy is within 3 tiles)."]


def test_a_round_window_of_one_round_is_said_as_one_round():
    """A newcomer cannot read "[in rounds 1 to 1]" (rulings L67): one round is "in round 1", a window "in rounds
    1 to 3", and the log puts what the unit did before the script line that steered it."""
    from officers_chess.ai.order_notes import _line_words
    from officers_chess.rules.battle.events import Moved
    from officers_chess.rules.pieces.orders import Order

    assert _line_words(Order.model_validate({"when": "round 1-1", "do": "hold"})) == "hold in round 1"
    assert _line_words(Order.model_validate({"when": "round 1-3", "do": "hold"})) == "hold in rounds 1 to 3"
    assert _line_words(Order.model_validate({"when": "round >= 3", "do": "hold"})) == "hold from round 3"
    said = Moved("Dunn", (6, 2), (6, 2), 0, order="hold in round 1; pursue the nearest enemy", held=True).text()
    assert said == "Dunn holds position at 7,3 (its orders: hold in round 1, then pursue the nearest enemy)."
    assert "[" not in said and "1 to 1" not in said
