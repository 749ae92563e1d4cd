"""Battle saves: the record round-trips through a file, replays to the same states, and bad files give file:line errors."""

from __future__ import annotations

import json
import os

import pytest

from officers_chess.ai.play import make_policy, play_battle
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.content.saves import dump_record, open_save, read_save, scenario_ref, write_save
from officers_chess.rules.history.record import ArmyMismatch, canonical_json, check_armies, state_hash
from officers_chess.rules.history.replay import first_divergence, replay
from officers_chess.rules.pieces.models import Side
from officers_chess.commands.simulate_report import record_battle


def policies(seed: int, levels=("greedy", "random")):
    return {Side.ATTACKER: make_policy(levels[0], seed * 2), Side.DEFENDER: make_policy(levels[1], seed * 2 + 1)}


def recorded(name: str, seed: int, levels=("greedy", "random"), max_rounds: int = 12, scenario_path=None):
    loaded = load_scenario(scenario_path or find_scenario(name))
    state, record = record_battle(loaded, policies(seed, levels), seed, max_rounds, scenario_ref(loaded),
                                  {Side.ATTACKER: levels[0], Side.DEFENDER: levels[1]})
    return loaded, state, record


@pytest.fixture(scope="module")
def saltmarsh():
    """A battle on a scenario where both sides hire their armies."""
    return recorded("storm_the_saltmarsh", 5)


@pytest.mark.parametrize("name, seed", [("training_yard", 3), ("storm_the_saltmarsh", 5), ("practice_muster", 2)])
def test_a_recorded_battle_round_trips_through_a_file_and_replays_to_every_recorded_state(tmp_path, name, seed):
    loaded, final, record = recorded(name, seed)
    assert record.actions, "the battle should have taken some actions"
    assert (loaded.scenario.hires(Side.ATTACKER) or loaded.scenario.hires(Side.DEFENDER)) == bool(record.armies)
    path = tmp_path / "battle.json"
    write_save(path, record)
    assert read_save(path) == record
    saved = open_save(path)
    assert first_divergence(saved.record, saved.start) is None
    steps = list(replay(saved.record, saved.start))
    assert len(steps) == len(record.actions) and steps[-1].after == final
    assert state_hash(final) == record.actions[-1].state


@pytest.mark.parametrize("name, levels", [
    ("training_yard", ("greedy", "random")),
    ("storm_the_saltmarsh", ("greedy", "greedy")),
    ("millbrook_crossing", ("random", "greedy")),
])
def test_the_recording_loop_plays_exactly_the_battle_play_battle_plays(name, levels):
    loaded = load_scenario(find_scenario(name))
    for seed in (1, 2):
        ours, _ = record_battle(loaded, policies(seed, levels), seed, max_rounds=15)
        theirs = play_battle(loaded, policies(seed, levels), seed=seed, max_rounds=15)
        assert ours == theirs


def test_the_state_hash_is_sha256_of_sorted_compact_json_and_sees_the_dice(saltmarsh):
    import hashlib

    loaded, _, record = saltmarsh
    start = loaded.new_battle(record.seed, armies=record.armies or None)
    text = json.dumps(start.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    assert canonical_json(start) == text.encode() and state_hash(start) == hashlib.sha256(text.encode()).hexdigest()
    assert state_hash(start) == record.initial_state
    rolled = start.model_copy(update={"dice": start.dice.d20()[1]})
    assert state_hash(rolled) != state_hash(start)


def test_a_save_has_one_action_per_line_and_names_its_scenario_files(saltmarsh):
    _, _, record = saltmarsh
    text = dump_record(record)
    data = json.loads(text)
    assert data["format"] == "officers-chess-battle" and data["version"] == 6 and data["edition"] == "v0.6"
    assert data["scenario"]["bundled"] == "storm_the_saltmarsh" and set(data["scenario"]["sha256"]) == {"scenario", "map", "catalogue"}
    assert set(data["armies"]) == {"attacker", "defender"} and data["players"] == {"attacker": "greedy", "defender": "random"}
    lines = text.splitlines()
    first = lines.index('  "actions": [') + 1
    for number, entry in enumerate(record.actions):
        assert json.loads(lines[first + number].rstrip(",")) == entry.model_dump(mode="json", exclude_none=True)


def test_writing_replaces_the_old_save_atomically_and_leaves_no_temporary_file(tmp_path, saltmarsh, monkeypatch):
    _, _, record = saltmarsh
    path = tmp_path / "battle.json"
    write_save(path, record)
    before = path.read_bytes()
    shorter = record.model_copy(update={"actions": record.actions[:3]})

    def power_cut(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", power_cut)
    with pytest.raises(OSError):
        write_save(path, shorter)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["battle.json"]
    monkeypatch.undo()
    write_save(path, shorter)
    assert read_save(path) == shorter and os.listdir(tmp_path) == ["battle.json"]


def test_saved_armies_go_through_the_army_building_rules(saltmarsh):
    loaded, _, record = saltmarsh
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    check_armies(scenario, catalogue, battle_map, record.armies)  # as hired: fine
    attacker = record.armies[Side.ATTACKER]
    twice = attacker + [u.model_copy(update={"name": f"{u.name}b"}) for u in attacker]
    with pytest.raises(ArmyMismatch, match="more than the war chest"):
        check_armies(scenario, catalogue, battle_map, {**record.armies, Side.ATTACKER: twice})
    outside = [attacker[0].model_copy(update={"at": (1, 1)}), *attacker[1:]]
    with pytest.raises(ArmyMismatch, match="deployment zone") as caught:
        check_armies(scenario, catalogue, battle_map, {**record.armies, Side.ATTACKER: outside})
    assert caught.value.where == ("armies", "attacker", 0, "at")
    crested = [attacker[0].model_copy(update={"crests": ["Blaiddyd"]}), *attacker[1:]]
    with pytest.raises(ArmyMismatch, match="army building cannot give"):
        check_armies(scenario, catalogue, battle_map, {**record.armies, Side.ATTACKER: crested})
    with pytest.raises(ArmyMismatch, match="has none"):
        check_armies(scenario, catalogue, battle_map, {Side.DEFENDER: record.armies[Side.DEFENDER]})


def test_a_side_with_a_fixed_army_cannot_bring_another(tmp_path, saltmarsh):
    loaded = load_scenario(find_scenario("training_yard"))
    _, _, hired = saltmarsh
    with pytest.raises(ArmyMismatch, match="hires none"):
        check_armies(loaded.scenario, loaded.catalogue, loaded.battle_map, {Side.ATTACKER: hired.armies[Side.ATTACKER]})


def test_a_scenario_file_that_changed_since_the_save_is_refused(tmp_path):
    scenario = tmp_path / "my_yard.yaml"
    scenario.write_text(find_scenario("training_yard").read_text(encoding="utf-8"), encoding="utf-8")
    _, _, record = recorded("", 4, scenario_path=scenario)
    assert record.scenario.file == str(scenario.resolve()) and record.scenario.bundled is None
    path = tmp_path / "battle.json"
    write_save(path, record)
    open_save(path)  # unchanged: fine
    scenario.write_text(scenario.read_text(encoding="utf-8") + "# a harmless-looking edit\n", encoding="utf-8")
    with pytest.raises(ContentError, match="scenario file .* has changed since this battle was saved") as caught:
        open_save(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert caught.value.path == path and '"scenario": ' in lines[caught.value.line - 1]
    scenario.unlink()
    with pytest.raises(ContentError, match="is not there"):
        open_save(path)
