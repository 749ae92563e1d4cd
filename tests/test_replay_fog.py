"""A replay shows every unit, so an unfinished battle under fog is not replayed until it ends (ruling F8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.commands import console
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.actions import Move, Wait
from officers_chess.rules.battle.game import apply_action, legal_actions

FOG_YARD = Path(__file__).parent / "fixtures" / "fog_yard.yaml"


def _saved_battle(scenario: Path, players: dict[str, str], actions: int = 6) -> Path:
    loaded = load_scenario(scenario)
    state = loaded.new_battle(seed=3)
    saver = Autosaver.start(loaded, 3, {}, state, players)
    for _ in range(actions):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        saver.add(action, state)
    return saver.path


@pytest.mark.parametrize("players", [{"attacker": "human", "defender": "human"},
                                     {"attacker": "human", "defender": "normal"}])
def test_an_unfinished_fogged_battle_is_not_told_but_can_be_verified(players, capsys):
    path = _saved_battle(FOG_YARD, players)
    hidden = {unit.name for unit in load_scenario(FOG_YARD).new_battle(seed=3).units}
    assert console.main(["replay", str(path), "--text"]) == 2
    out, err = capsys.readouterr()
    assert "under fog" in err and len(err.strip().splitlines()) == 1 and out == ""
    assert not any(name in out + err for name in hidden)
    assert console.main(["replay", str(path), "--verify"]) == 0  # checking it tells nothing of the battle


def test_a_fogged_battle_between_two_computers_and_a_battle_without_fog_are_told(capsys):
    computers = _saved_battle(FOG_YARD, {"attacker": "greedy", "defender": "normal"})
    assert console.main(["replay", str(computers), "--text"]) == 0
    clear = _saved_battle(find_scenario("training_yard"), {"attacker": "human", "defender": "human"})
    assert console.main(["replay", str(clear), "--text"]) == 0
    assert "under fog" not in capsys.readouterr().err
