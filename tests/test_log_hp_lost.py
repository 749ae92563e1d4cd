"""The battle log says the HP a blow took as HP lost, checked against the units' HP before and after the exchange
(rulings L42)."""

from __future__ import annotations

import re

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.battle.events import Attacked, hp_lost
from officers_chess.rules.battle.game import Attack, Move, apply_action


def test_each_landing_blow_says_the_hp_lost_and_they_add_up_to_what_the_units_lost():
    for seed in range(1, 9):
        state = load_scenario(find_scenario("training_yard")).new_battle(seed=seed)
        bram = next(u for u in state.units if u.name == "Bram")
        hale = next(u for u in state.units if u.name == "Hale")
        bram.pos = (hale.pos[0] + 1, hale.pos[1])
        state = apply_action(state, Move(unit=bram.id, to=bram.pos)).state
        before = {u.name: u.hp for u in state.units}
        outcome = apply_action(state, Attack(target=hale.id))
        after = {u.name: u.hp for u in outcome.state.units}
        attacked = next(e for e in outcome.events if isinstance(e, Attacked))
        lost = {"Bram": 0, "Hale": 0}
        for line in attacked.text().splitlines()[1:]:
            said = re.search(r"(\d+) HP lost → (\w+) (\d+) HP|no HP lost → (\w+) (\d+) HP", line)
            if "miss" in line.split(":")[-1]:
                assert said is None and "lost" not in line
                continue
            assert said, line
            amount, who = (int(said.group(1)), said.group(2)) if said.group(1) else (0, said.group(4))
            lost[who] += amount
            assert re.search(r"\b(hit|CRITICAL) \d", line) is None  # never a bare number after the verdict
        assert lost == {name: before[name] - after[name] for name in lost}, (seed, attacked.text())


def test_the_words_for_hp_lost():
    assert hp_lost(4) == "4 HP lost" and hp_lost(0) == "no HP lost"
