"""`replay --verify` on the saves of simulated battles (40 in CI; OFFICERS_CHESS_VERIFY_GAMES=100 for the
longer run), and on one with a single roll altered."""

from __future__ import annotations

import json
import os

from officers_chess.ai.play import make_policy
from officers_chess.commands.console import main
from officers_chess.content.autosave import Autosaver
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.actions import Attack
from officers_chess.rules.battle.physical import apply_with_rolls, roll_your_own
from officers_chess.rules.pieces.models import Side


GAMES = int(os.environ.get("OFFICERS_CHESS_VERIFY_GAMES") or 40)  # split 3:2 between the two scenarios


def test_verify_passes_on_the_saves_of_many_simulated_battles(tmp_path, capsys):
    folder = tmp_path / "saves"
    split = (("training_yard", GAMES * 3 // 5, "greedy:random"), ("ford_skirmish", GAMES - GAMES * 3 // 5, "greedy:greedy"))
    for scenario, games, levels in split:
        assert main(["simulate", scenario, "--games", str(games), "--seed", "7", "--levels", levels,
                     "--save-dir", str(folder / scenario), "--json"]) == 0
    saves = sorted(folder.rglob("*.json"))
    assert len(saves) == GAMES
    capsys.readouterr()
    for save in saves:
        assert main(["replay", str(save), "--verify"]) == 0, save
    out = capsys.readouterr().out
    assert out.count("replay to the recorded states") == GAMES


def test_verify_fails_on_a_save_with_one_altered_roll(tmp_path, capsys):
    # The players rolled their own dice; every d20 is in the save. Change one, and the battle parts.
    loaded = load_scenario(find_scenario("training_yard"))
    state = roll_your_own(loaded.new_battle(seed=2))
    saver = Autosaver.start(loaded, 2, {}, state, {"attacker": "human", "defender": "human"}, folder=tmp_path)
    rolls = iter([11, 4, 17, 9, 2, 14, 6, 19, 3, 12] * 40)
    players = {side: make_policy("greedy", index) for index, side in enumerate(Side)}
    attacked = 0
    for _ in range(80):
        action = players[state.to_act].choose(state)
        typed: list[int] = []
        while True:
            try:
                outcome = apply_with_rolls(state, action, typed)
                break
            except RollNeeded:  # the rules want one more d20
                typed.append(next(rolls))
        attacked += isinstance(action, Attack)
        state = outcome.state
        saver.add(action, state, typed or None)
        if state.is_over:
            break
    assert attacked, "the battle should come to blows"
    assert main(["replay", str(saver.path), "--verify"]) == 0
    data = json.loads(saver.path.read_text())
    number, entry = next((n, e) for n, e in enumerate(data["actions"], 1) if e.get("rolls"))
    entry["rolls"][0] = 20 if entry["rolls"][0] != 20 else 1
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(altered), "--verify"]) == 1
    assert f"action {number} " in capsys.readouterr().err
