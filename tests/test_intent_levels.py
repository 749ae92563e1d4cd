"""The likely targets (n) name the level that plays the enemy: its first choice is the one that level then makes,
`easy`'s says how likely it is, and under fog nothing the viewer cannot see changes them (rulings P19)."""

from __future__ import annotations

import pytest

from factories import A, D, game, plains, unit, weapon
from officers_chess.ai.intent import likely_targets
from officers_chess.ai.play import make_policy
from officers_chess.rules.battle.actions import Attack, Discard, Equip, Move, Trade
from officers_chess.rules.battle.game import apply_action
from officers_chess.rules.battle.vision import player_view
from officers_chess.tui.widgets.lookout_text import intent_text


def _field():
    """Two attackers (one with a spare bow) who can each reach two of the viewer's units, one hurt and one sturdy."""
    units = [unit(id="a1", pos=(0, 1), extra_items=[weapon("bow", might=6, range=(2, 2), name="Bow")]),
             unit(id="a2", pos=(1, 3), hp=14),
             unit(id="d1", side=D, pos=(5, 1), hp=6),
             unit(id="d2", side=D, pos=(4, 3), def_=6)]
    return game(plains(9, 5), units, to_act=A)


def _played(state, level: str):
    """The level's next activation as it really makes it: its Move, then the attack after any free action."""
    policy = make_policy(level, 3)
    move = policy.choose(state)
    assert isinstance(move, Move)
    state = apply_action(state, move).state
    action = policy.choose(state)
    while isinstance(action, (Equip, Trade, Discard)):
        state = apply_action(state, action).state
        action = policy.choose(state)
    return move, action


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_the_first_choice_is_the_one_the_playing_level_then_makes(level):
    state = _field()
    intents = likely_targets(state, D, level)
    move, attack = _played(state, level)
    assert isinstance(attack, Attack)
    first = intents[0]
    assert first.first and first.chance == 1.0
    assert (first.enemy, first.origin, first.target) == (move.unit, move.to, attack.target)
    assert not any(i.first for i in intents[1:])
    assert first.enemy not in {i.enemy for i in intents[1:]}  # each enemy once


def test_easy_says_how_likely_its_pick_is_and_random_has_no_plan():
    intents = likely_targets(_field(), D, "easy")
    assert intents[0].first and 0 < intents[0].chance <= 1
    assert likely_targets(_field(), D, "random") == []
    text = intent_text(player_view(_field(), D), [], "random").plain
    assert "no plan to read" in text


def test_a_person_playing_the_enemy_gets_no_first_choice():
    intents = likely_targets(_field(), D, None)
    assert intents and not any(i.first for i in intents)
    text = intent_text(player_view(_field(), D), intents, None).plain
    assert "A person plays them" in text and "Next," not in text


def test_the_pane_names_the_level_and_how_sure_its_next_choice_is():
    state = _field()
    hard = likely_targets(state, D, "hard")
    text = intent_text(player_view(state, D), hard, "hard").plain
    assert "As the hard level plays" in text and "Next, its own choice, sure as the board stands" in text
    assert len(hard) == 2 and "Then, likely (weighed as the normal level would)" in text  # (the rest: normal's)
    normal = intent_text(player_view(state, D), likely_targets(state, D, "normal"), "normal").plain
    assert "Then, likely:" in normal and "weighed as" not in normal  # the playing level's own weighing: no aside
    easy = likely_targets(state, D, "easy")
    text = intent_text(player_view(state, D), easy, "easy").plain
    assert "of its sound picks" in text


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_under_fog_what_the_viewer_cannot_see_changes_nothing(level):
    # a3 stands far out of d1's and d2's sight; moving it, or hurting it, must not change what n shows.
    units = [unit(id="a1", pos=(0, 1)), unit(id="a3", pos=(15, 4)),
             unit(id="d1", side=D, pos=(3, 1), hp=6), unit(id="d2", side=D, pos=(4, 2), def_=6)]
    state = game(plains(16, 5), units, to_act=A)
    state.fog = True
    seen = {u.id for u in player_view(state, D).units}
    assert "a3" not in seen and "a1" in seen
    before = likely_targets(state, D, level)
    other = state.model_copy(deep=True)
    other.unit("a3").pos = (15, 0)
    other.unit("a3").hp = 3
    assert likely_targets(other, D, level) == before


def test_under_fog_the_first_choice_is_told_as_read_from_what_the_viewer_sees():
    """The enemy may see what fog hides from the viewer, so its choice is not called sure there."""
    units = [unit(id="a1", pos=(0, 1)), unit(id="d1", side=D, pos=(3, 1), hp=6)]
    state = game(plains(16, 5), units, to_act=A)
    state.fog = True
    intents = likely_targets(state, D, "hard")
    text = intent_text(player_view(state, D), intents, "hard").plain
    assert intents[0].first and "Next, its own choice on what you see (what you cannot see may change it)" in text
    assert "sure as the board stands" not in text


def test_when_the_levels_own_choice_strikes_nobody_the_rest_follow_it_in_words():
    """A play-test read "As the hard level plays." over "Likely (weighed as the normal level would):", as if the two
    disagreed: the level's own next choice was no attack, and nothing said so."""
    state = _field()
    rest = [i for i in likely_targets(state, D, None)]
    assert rest and not any(i.first for i in rest)
    text = intent_text(player_view(state, D), rest, "hard").plain
    assert "Next, its own choice strikes nobody" in text
    assert "Then, likely (weighed as the normal level would):" in text and "\nLikely (" not in text
    assert "Next, its likeliest pick strikes nobody" in intent_text(player_view(state, D), rest, "easy").plain
    person = intent_text(player_view(state, D), rest, None).plain  # a person's side: no choice of its own to tell
    assert "strikes nobody" not in person and "\nLikely:" in person


def test_a_scenario_that_scripts_the_enemy_does_not_call_its_first_choice_sure():
    """The enemy's orders are hidden (rulings F33), so its first choice, worked out on the viewer's view, cannot
    follow them (a play-test saw a unit called sure to attack flee on its order): the pane says that orders may
    steer it, as the scenario's briefing does, and never what they are."""
    from officers_chess.content.loaders import find_scenario, load_scenario
    from officers_chess.rules.pieces.models import Side
    from officers_chess.rules.scenario.script_checks import steered

    wolves = load_scenario(find_scenario("wolves_of_ashby")).scenario
    assert steered(wolves, Side.DEFENDER) and not steered(wolves, Side.ATTACKER)
    yard = load_scenario(find_scenario("training_yard")).scenario
    assert not any(steered(yard, side) for side in Side)
    state = _field()
    intents = likely_targets(state, D, "hard")
    said = "Next, its own choice as far as you can tell (the scenario's orders, hidden from you, may steer it)"
    assert said in intent_text(player_view(state, D), intents, "hard", steered=True).plain
    assert "sure as the board stands" not in intent_text(player_view(state, D), intents, "hard", steered=True).plain
    assert said not in intent_text(player_view(state, D), intents, "hard").plain
    near = game(plains(16, 5), [unit(id="a1", pos=(0, 1)), unit(id="d1", side=D, pos=(3, 1), hp=6)], to_act=A)
    near.fog = True
    fogged = intent_text(player_view(near, D), likely_targets(near, D, "hard"), "hard", steered=True).plain
    assert "(what you cannot see, its orders too, may change it)" in fogged


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_an_enemy_seen_at_its_post_is_not_named_as_the_next_to_walk_up(level):
    """a1's script holds it (the viewer sees it standing at its post, rulings L32): the level's next choice is then
    a2's, as the level really makes it, where judged blind it would have been a1 walking up (rulings L154)."""
    from officers_chess.rules.battle.seat_view import view
    from officers_chess.rules.pieces.orders import Order

    state = _field()
    state.unit("a1").orders = [Order(do="hold")]
    holders = view(state, D).holding
    assert holders == {"a1"}
    assert likely_targets(state, D, level)[0].enemy == "a1"  # blind to the post
    move, attack = _played(state, level)  # the level, following a1's script
    first = likely_targets(state, D, level, holders)[0]
    assert first.first and (first.enemy, first.origin, first.target) == (move.unit, move.to, attack.target)
