"""The computer decides from what its side can see, and copes with enemies that cannot strike back."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.ai.assess import armed_forms
from officers_chess.ai.danger import threats
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.combat.armament import is_magic_weapon
from officers_chess.rules.pieces.statuses import Status, StatusName


TWELVE_A_SIDE = Path(__file__).parents[1] / "benchmarks" / "fixtures" / "twelve_a_side.yaml"


def _fogged_battle() -> GameState:
    return load_scenario(find_scenario("harrow_watch")).new_battle(1).model_copy(update={"fog": True})


def _shuffle_the_hidden(state: GameState) -> GameState:
    """The same battle with every enemy the side to act cannot see moved to another tile it cannot see,
    far from all its units (so the moves open to it are the same)."""
    side = state.to_act
    seen = visible_tiles(state, side)
    mine = [u.pos for u in state.living(side)]
    taken = {u.pos for u in state.units}
    spots = [
        (x, y) for y in range(state.map.height) for x in range(state.map.width)
        if (x, y) not in seen and (x, y) not in taken and min(distance((x, y), p) for p in mine) > 9
    ]
    moved = state.model_copy(deep=True)
    hidden = [u for u in moved.units if u.side is not side and u.pos not in seen]
    assert hidden, "the position needs enemies out of sight"
    for unit in hidden:
        spot = next(p for p in spots if unit.entry_cost(moved.map.terrain_at(p)) is not None)
        spots.remove(spot)
        unit.pos = spot
    return moved


@pytest.mark.parametrize("level", ["normal", "greedy"])
def test_enemies_out_of_sight_do_not_change_the_computers_choice(level):
    state = _fogged_battle()
    shuffled = _shuffle_the_hidden(state)
    assert shuffled.units != state.units
    assert legal_actions(shuffled) == legal_actions(state)
    assert make_policy(level, 3).choose(shuffled) == make_policy(level, 3).choose(state)


def test_a_silenced_mage_is_no_threat_and_the_normal_level_still_decides():
    state = load_scenario(TWELVE_A_SIDE).new_battle(2)
    foe = state.to_act.other
    mage = next(u for u in state.living(foe) if u.equipped_weapon and is_magic_weapon(u, u.equipped_weapon))
    silenced = state.model_copy(deep=True)
    silenced.unit(mage.id).statuses = [Status(name=StatusName.SILENCED)]
    assert armed_forms(silenced.unit(mage.id)) == []
    assert threats(silenced, [silenced.unit(mage.id)]) == []  # no danger zone: it cannot attack
    policy = make_policy("normal", 0)
    for _ in range(6):  # a few decisions of the side to act, the silenced mage among the enemies
        silenced = apply_action(silenced, policy.choose(silenced)).state
        if silenced.to_act is foe:
            break


def test_a_sleeping_unit_has_no_attack():
    state = load_scenario(find_scenario("harrow_watch")).new_battle(2)
    unit = state.living()[0].model_copy(update={"statuses": [Status(name=StatusName.SLEEP)]})
    assert armed_forms(unit) == []
