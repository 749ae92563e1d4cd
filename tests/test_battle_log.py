"""The battle log names who rolled each swing, whichever army started the exchange."""

from __future__ import annotations

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.combat import Role
from officers_chess.rules.events import Attacked
from officers_chess.rules.game import Attack, Move, apply_action
from officers_chess.rules.models import Side


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
