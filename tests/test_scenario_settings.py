"""A new scenario's first text, and the settings' splices: each changes only its own lines and the game still loads it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from officers_chess.content.editing.scenario_settings import (new_scenario_file, parse_conditions, set_side, set_top,
                                                              settings, with_settings)
from officers_chess.content.loaders import load_scenario, validate_file

ROOT = Path(__file__).resolve().parents[1]


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines only in `before` and only in `after`, the common head and tail taken off."""
    a, b = before.splitlines(), after.splitlines()
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return a[head:len(a) - tail], b[head:len(b) - tail]


def test_a_new_scenario_for_a_bundled_map_validates_and_refuses_a_taken_name(tmp_path):
    path = new_scenario_file(tmp_path / "scenarios" / "drill.yaml", "training_yard", "Drill")
    assert validate_file(path) == []
    loaded = load_scenario(path).scenario
    assert (loaded.name, loaded.map, loaded.edition, loaded.first_deployer.value) == ("Drill", "training_yard",
                                                                                       "v0.6", "defender")
    with pytest.raises(ValueError, match="exists already"):
        new_scenario_file(path, "training_yard")
    with pytest.raises(ValueError, match="no map named"):
        new_scenario_file(tmp_path / "scenarios" / "other.yaml", "no_such_map")


def test_a_new_scenario_for_a_map_in_the_maps_folder_beside_names_it_bare(tmp_path):
    (tmp_path / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "training_yard.yaml", tmp_path / "maps" / "yard_two.yaml")
    path = new_scenario_file(tmp_path / "scenarios" / "two.yaml", str(tmp_path / "maps" / "yard_two.yaml"))
    assert "map: yard_two\n" in path.read_text()
    assert load_scenario(path).map_path == (tmp_path / "maps" / "yard_two.yaml").resolve()


YARD = (ROOT / "scenarios" / "training_yard.yaml").read_text()


@pytest.mark.parametrize("edit, gone, new", [
    (lambda t: set_top(t, "name", "Yard: the Rematch"), ["name: Training Yard"], ['name: "Yard: the Rematch"']),
    (lambda t: set_top(t, "easier_side", "defender"), ["easier_side: either"], ["easier_side: defender"]),
    (lambda t: set_top(t, "first_deployer", "attacker"), ["first_deployer: defender"], ["first_deployer: attacker"]),
    (lambda t: set_top(t, "time_limit", {"rounds": 4, "reason": "Dusk.", "winner": "draw"}),
     ["  rounds: 7", "  reason: The drill sergeant calls time.", "  winner: defender"],
     ["  rounds: 4", "  reason: Dusk.", "  winner: draw"]),
    (lambda t: set_top(t, "briefing", "Two lines\nof words."), YARD.split("|\n")[1].split("first_deployer")[0]
     .rstrip("\n").splitlines(), ["Two lines", "of words."]),
])
def test_a_top_setting_changes_only_its_own_lines(tmp_path, edit, gone, new):
    after = edit(YARD)
    old, added = changed_lines(YARD, after)
    assert old == gone and [line.strip() for line in added] == [line.strip() for line in new]
    (tmp_path / "s.yaml").write_text(after)
    validate_file(tmp_path / "s.yaml")


def test_settings_added_where_missing_and_read_back_by_the_game(tmp_path):
    wanted = settings(YARD)
    wanted["fog"] = True
    wanted["purpose"] = "Learn the keys"
    wanted["sides"]["attacker"]["victory"] = parse_conditions("rout decisive; survive rounds=5")
    wanted["sides"]["defender"]["war_chest"] = 300
    after = with_settings(YARD, wanted)
    assert after.startswith(YARD.split("armies:")[0])  # added at the ends: nothing before `armies` moved
    (tmp_path / "s.yaml").write_text(after)
    scenario = load_scenario(tmp_path / "s.yaml").scenario
    assert scenario.fog and scenario.purpose == "Learn the keys"
    victory = scenario.sides[scenario.first_deployer.other].victory
    assert [(c.kind, c.tier, c.rounds) for c in victory] == [("rout", "decisive", None), ("survive", "victory", 5)]
    assert scenario.rules(scenario.first_deployer).war_chest == 300
    assert settings(after) == wanted
    # The side's block takes a key at its end, and one taken out leaves the rest alone.
    more = set_side(after, "attacker", "war_chest", 200)
    assert changed_lines(after, more)[0] == [] and changed_lines(after, more)[1] == ["    war_chest: 200"]
    assert set_side(more, "attacker", "war_chest", None) == after


def test_conditions_refused_in_words():
    with pytest.raises(ValueError, match="survive condition needs rounds="):
        parse_conditions("survive")
    with pytest.raises(ValueError, match="no victory kind"):
        parse_conditions("win")
    assert parse_conditions("hold tiles=3,4+5,6 rounds=2 decisive") == [
        {"kind": "hold", "tiles": [[3, 4], [5, 6]], "rounds": 2, "tier": "decisive"}]


def test_a_block_keys_comment_stays_when_its_list_is_written_again(tmp_path):
    """ED52: a side's victory list written again kept its items' lines but lost the comment after `victory:`."""
    watch = (ROOT / "scenarios" / "harrow_watch.yaml").read_text(encoding="utf-8")
    text = watch.replace("    victory:\n      - {kind: defeat, unit: Ilse", "    victory:   # the warden first\n"
                         "      - {kind: defeat, unit: Ilse", 1)
    after = set_side(text, "attacker", "victory", [{"kind": "rout", "tier": "decisive"}])
    assert changed_lines(text, after) == (["      - {kind: defeat, unit: Ilse, tier: victory}"], [])
    assert "    victory:   # the warden first\n      - {kind: rout, tier: decisive}\n" in after
    (tmp_path / "s.yaml").write_text(after)
    assert load_scenario(tmp_path / "s.yaml").scenario


@pytest.mark.parametrize(("key", "was", "now"), [("war_chest", 700, 650), ("name", "Breaking the Harrow Levy", "Levy")])
def test_a_plain_value_written_again_keeps_the_comment_after_it(tmp_path, key, was, now):
    """The settings dialog writes a changed value's line again; the author's comment after the value stays on it,
    at the author's gap (ED50). Taken out, the line goes with its comment."""
    levy = (ROOT / "scenarios" / "harrow_levy.yaml").read_text(encoding="utf-8")
    if key == "name":
        text = levy.replace(f"name: {was}\n", f"name: {was}   # working title\n")
        after = set_top(text, key, now)
        assert changed_lines(text, after) == ([f"name: {was}   # working title"], [f"name: {now}   # working title"])
    else:
        text = levy.replace(f"    war_chest: {was}\n", f"    war_chest: {was}  # six hires\n", 1)
        after = set_side(text, "attacker", key, now)
        assert changed_lines(text, after) == ([f"    war_chest: {was}  # six hires"], [f"    war_chest: {now}  # six hires"])
        assert "six hires" not in set_side(text, "attacker", key, None)
    (tmp_path / "s.yaml").write_text(after)
    assert load_scenario(tmp_path / "s.yaml").scenario  # the game still reads it


def test_an_apostrophe_in_a_plain_value_is_a_letter_not_a_quote(tmp_path):
    """The editor writes `Duellist's Foil` unquoted; reading its own line back, the apostrophe opened a quote that
    never closed, and the side's rules could no longer be edited ("an unclosed bracket", a review found it). A quote
    opens only where a value begins; a doubled '' inside single quotes, and a # there, stay in the value."""
    yard = (ROOT / "scenarios" / "training_yard.yaml").read_text(encoding="utf-8")
    text = yard + "sides:\n  attacker:\n    items: [Iron Sword, Duellist's Foil]  # two blades\n"
    chest = set_side(text, "attacker", "war_chest", 300)
    assert chest.endswith("    items: [Iron Sword, Duellist's Foil]  # two blades\n    war_chest: 300\n")
    fewer = set_side(chest, "attacker", "items", ["Iron Sword"])
    assert "    items: [Iron Sword]  # two blades\n" in fewer
    quoted = yard + "sides:\n  attacker:\n    items: ['Dancer''s # Veil', Iron Sword]  # kept\n"
    assert "    items: [Iron Sword]  # kept\n" in set_side(quoted, "attacker", "items", ["Iron Sword"])
