"""Morale and triggered events answer an action before the battle is judged: a reinforcement that arrives on the
fall of a side's last unit keeps the battle going (docs/rulings.md P11)."""

from __future__ import annotations

from pathlib import Path

from officers_chess.commands import console
from officers_chess.content.autosave import resume_state
from officers_chess.content.loaders import load_scenario
from officers_chess.content.saves import open_save, read_save
from officers_chess.rules.battle.actions import Attack, Move, Wait
from officers_chess.rules.battle.events import BattleEnded, MoraleChanged, Routed
from officers_chess.rules.battle.game import Outcome, apply_action
from officers_chess.rules.pieces.models import Side

HERE = Path(__file__).parent / "fixtures" / "last_stand"


def last_blow(name: str, events: str | None = None, tmp_path: Path | None = None) -> Outcome:
    """Bram, the defender's only unit, waits at 1 HP; Hale attacks him: the first seed on which he falls."""
    path = HERE / f"{name}.yaml"
    if events is not None:  # the same battle with other events
        assert tmp_path is not None
        text = path.read_text()
        path = tmp_path / f"{name}.yaml"
        path.write_text(text[:text.index("events:")] + events)
    loaded = load_scenario(path)
    for seed in range(1, 60):
        state = loaded.new_battle(seed)
        ids = {u.name: u.id for u in state.units}
        assert state.to_act is Side.DEFENDER
        state = apply_action(apply_action(state, Move(unit=ids["Bram"], to=state.unit(ids["Bram"]).pos)).state, Wait()).state
        state = state.model_copy(update={"units": [u.model_copy(update={"hp": 1}) if u.name == "Bram" else u
                                                   for u in state.units]})
        state = apply_action(state, Move(unit=ids["Hale"], to=state.unit(ids["Hale"]).pos)).state
        outcome = apply_action(state, Attack(target=ids["Bram"]))
        if any(isinstance(e, Routed) and e.unit_id == ids["Bram"] for e in outcome.events):
            return outcome
    raise AssertionError("Hale never felled Bram")


def test_a_reinforcement_on_the_fall_of_the_last_unit_keeps_the_battle_going():
    outcome = last_blow("last_stand")
    told = [e.text() for e in outcome.events]
    assert "Bram falls; the reserve runs out of the barracks." in told
    assert not any(isinstance(e, BattleEnded) for e in outcome.events), told
    state = outcome.state
    assert not state.is_over and [u.name for u in state.living(Side.DEFENDER)] == ["Cole"]
    assert state.to_act is Side.DEFENDER  # the reserve answers at once: the attacker has no one left to move


def test_without_the_reinforcement_the_same_fall_ends_the_battle(tmp_path):
    outcome = last_blow("last_stand", "events: []\n", tmp_path)
    assert outcome.state.is_over and outcome.state.result.winner is Side.ATTACKER
    assert isinstance(outcome.events[-1], BattleEnded)


def test_morale_breaking_on_the_last_fall_sets_off_its_event_before_the_battle_is_judged():
    outcome = last_blow("broken_stand")
    kinds = [type(e) for e in outcome.events]
    assert MoraleChanged in kinds and BattleEnded not in kinds
    assert outcome.state.morale[Side.DEFENDER] == 2  # moved once, not again at the action's end
    assert "The yard breaks; the barracks empties." in [e.text() for e in outcome.events]
    assert [u.name for u in outcome.state.living(Side.DEFENDER)] == ["Cole"] and not outcome.state.is_over


def test_the_log_tells_the_fall_of_morale_before_the_win(tmp_path):
    outcome = last_blow("broken_stand", "events: []\n", tmp_path)
    kinds = [type(e) for e in outcome.events]
    assert outcome.state.is_over
    assert kinds.index(MoraleChanged) < kinds.index(BattleEnded) == len(kinds) - 1
    assert outcome.state.morale == {Side.ATTACKER: 4, Side.DEFENDER: 2}


def test_a_save_of_version_4_that_ended_on_the_fall_is_refused_naming_the_change(capsys):
    # Recorded by the code of save version 4 (commit 74dca1f): Hale fells Bram on action 8 and the battle ended
    # there, Cole arriving after the win. Now Cole keeps it going: the state after action 8 is not the recorded one.
    save = HERE / "last_stand_v4.json"
    assert read_save(save).version == 4
    assert console.main(["replay", str(save), "--verify"]) != 0
    said = capsys.readouterr()
    words = said.out + said.err
    assert "action 8 (round 2, attacker: Hale attacks Bram)" in words and "save version 4" in words
    assert "triggered events answering an action before the battle is judged" in words
    resumed = resume_state(open_save(save))  # resuming goes on from the last round that holds, and says why
    assert resumed.state.round == 2 and resumed.actions == 4 and not resumed.state.is_over
    assert "save version 4" in resumed.note and "goes on from the start of round 2" in resumed.note
