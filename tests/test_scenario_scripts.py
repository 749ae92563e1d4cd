"""The scenario editor's scripts and events core: the help lists every form the rules read, edits to a unit's orders,
a group's script and an event touch only their own lines, and the game loads the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from officers_chess.content.editing.scenario_file import ScenarioDraft
from officers_chess.content.editing.scenario_scripts import (
    ScriptLine, area_at, areas_of, event_line, events, line_problem, moment, parse_terrain, side_script, terrain_text,
    unit_names, unit_script, unit_sides, with_event, with_script)
from officers_chess.content.editing.script_help import TABLES, chosen, hints, with_place
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.battle.triggers import read_trigger
from officers_chess.rules.pieces.order_when import read_when

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("kind", ["when", "do", "trigger"])
def test_every_form_of_the_rules_has_one_line_of_help_and_an_example_the_rules_read(kind: str) -> None:
    forms, table = TABLES[kind]
    assert list(table) == list(forms)  # a form the rules add without help fails here
    for form, (words, example) in table.items():
        assert words and "\n" not in words and len(words) <= 70, form
        if kind == "when":
            read_when(example)
        elif kind == "do":
            assert line_problem("", example) is None, example
        else:
            read_trigger(example)
    assert {h.form for h in hints(kind)} == set(forms)


def test_the_help_is_filtered_by_what_is_typed_and_offers_the_scenarios_names_and_areas() -> None:
    found = [h.fill for h in hints("do", "purs", names=["Corvin", "Ilse"])]
    assert found == ["pursue nearest", "pursue NAME", "pursue Corvin", "pursue Ilse"]
    assert [h.fill for h in hints("when", "hp <= 3 and enemy i", areas=["ford"])] == ["enemy in AREA", "enemy in ford"]
    assert "attacker enters ford" in [h.fill for h in hints("trigger", "enters", areas=["ford"])]
    assert hints("do", "nothing like it") == []
    sides = {"Corvin": "attacker", "Ilse": "defender"}  # a defender's script: guard its own, pursue the enemy
    assert [h.fill for h in hints("do", "Corvin", ["Corvin", "Ilse"], side_of=sides, side="defender")] == [
        "pursue Corvin"]
    assert [h.fill for h in hints("when", "ally Ilse", ["Corvin", "Ilse"], side_of=sides, side="defender")] == [
        "ally Ilse routed", "ally Ilse hp <= N", "ally Ilse attacked"]


def test_choosing_a_form_fills_in_the_part_being_typed() -> None:
    within = next(h for h in hints("when") if h.form == "enemy within N")
    assert chosen("when", "hp <= 6 and ene", within) == "hp <= 6 and enemy within N"
    assert chosen("when", "hp <= 6", next(h for h in hints("when") if h.form == "A or B")) == "hp <= 6 or "
    assert chosen("when", "hp <= 6", next(h for h in hints("when") if h.form == "once A")) == "once hp <= 6"
    assert chosen("do", "gu", next(h for h in hints("do", names=["Ilse"]) if h.fill == "guard Ilse")) == "guard Ilse"


def test_a_place_picked_on_the_map_fills_the_area_or_the_tile() -> None:
    assert with_place("guard area AREA", "ford", (3, 4)) == "guard area ford"
    assert with_place("advance to [X, Y]", "ford", (3, 4)) == "advance to [3, 4]"
    assert with_place("patrol [3, 4] [X, Y]", None, (5, 6)) == "patrol [3, 4] [5, 6]"
    assert with_place("enemy in", "ford", (1, 1)) == "enemy in ford"
    with pytest.raises(ValueError, match="no area holds this tile"):
        with_place("enemy in AREA", None, (1, 1))
    text = (ROOT / "scenarios" / "lantern_patrol.yaml").read_text()
    areas = areas_of(text)
    assert areas == {"riverbank": ((11, 0), (13, 13))}
    assert area_at(areas, (12, 5)) == "riverbank" and area_at(areas, (2, 2)) is None


def test_a_bad_line_is_refused_in_the_parsers_own_words() -> None:
    assert line_problem("enemy withn 3", "hold").startswith("unknown condition 'enemy withn 3'; write one of: always")
    assert line_problem("", "guardd me").startswith("unknown behaviour 'guardd me'")
    assert line_problem("hp <= 3 and", "hold").startswith("a condition is missing (after `and`, `or` or `not`")
    assert line_problem("round 5-2", "hold").startswith("round 5-2 runs backwards")
    assert line_problem("", "hold") is None
    with pytest.raises(ValueError, match="unknown trigger"):
        moment("Bram falls")
    with pytest.raises(ValueError, match="round N"):
        moment("round 1")


def _changed(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines only `before` has and the lines only `after` has, in order (every other line the same)."""
    import difflib

    gone, new = [], []
    for line in difflib.ndiff(before.splitlines(), after.splitlines()):
        if line.startswith("- "):
            gone.append(line[2:])
        elif line.startswith("+ "):
            new.append(line[2:])
    return gone, new


def _loads(tmp_path: Path, text: str):
    path = tmp_path / "edited.yaml"
    path.write_text(text, encoding="utf-8")
    return load_scenario(path).scenario


def test_a_units_orders_and_a_groups_script_change_only_their_own_lines(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "harrow_watch.yaml").read_text()
    draft = ScenarioDraft.read(text)
    ilse = next(u for u in draft.units if u.name == "Ilse")  # a unit written as a block, with orders of her own
    place, lines = unit_script(text, ilse)
    assert [line.text() for line in lines] == ["round >= 5 -> guard [15, 3]", "always -> hold"]
    edited = with_script(text, place, [lines[0], ScriptLine("enemy within 2", "pursue Corvin"), lines[1]])
    assert _changed(text, edited) == ([], ["        - {when: enemy within 2, do: pursue Corvin}"])
    scenario = _loads(tmp_path, edited)
    assert [o.do for o in scenario.armies["defender"][0].orders] == ["guard [15, 3]", "pursue Corvin", "hold"]
    corvin = next(u for u in draft.units if u.name == "Corvin")  # a one-line unit, no orders yet
    place, lines = unit_script(text, corvin)
    assert (place.kind, lines) == ("unit", [])
    edited = with_script(edited, place, [ScriptLine("round >= 3", "advance to [9, 6]")])
    gone, new = _changed(text, edited)
    assert gone == ["    - {name: Corvin, class: Brigand, items: [Iron Axe], at: [3, 6]}"]
    assert new[0] == ('    - {name: Corvin, class: Brigand, items: [Iron Axe], at: [3, 6], '
                      'orders: [{when: "round >= 3", do: "advance to [9, 6]"}]}')
    fen = next(u for u in draft.units if u.name == "Fen")  # steered by the group it shares with Rook
    place, lines = unit_script(edited, fen)
    assert place.kind == "group" and "Rook" in place.note and len(lines) == 3
    edited = with_script(edited, place, [lines[1], lines[2]])
    assert _changed(text, edited)[0][1:] == ["      - {when: hp <= 6, do: retreat to healing}"]
    place, lines = side_script(edited, "attacker")
    edited = with_script(edited, place, [ScriptLine("", "pursue nearest")])
    assert edited.endswith("  - side: attacker\n    script:\n      - {do: pursue nearest}\n")
    scenario = _loads(tmp_path, edited)
    assert [o.do for o in scenario.armies["attacker"][0].orders] == ["advance to [9, 6]"]
    assert [o.do for o in scenario.orders[2].script] == ["pursue nearest", "hold"]
    assert scenario.orders[-1].side == "attacker"
    assert "# " not in text or all(line in edited for line in text.splitlines() if line.lstrip().startswith("#"))


def test_an_event_edit_touches_only_that_event_and_loads(tmp_path: Path) -> None:
    text = (ROOT / "scenarios" / "ravens_cut.yaml").read_text()
    assert text.startswith("# A scripted ambush")
    found = events(text)
    assert event_line(found[0]).startswith("round 5: Hooves on the road")
    assert event_line(found[0]).endswith("[2 arriving]")
    event = {k: v for k, v in found[2].items() if k != "when"}
    event.update(moment("Corbin hp <= 3"))
    event["note"] = "Corbin staggers: hold the bridge!"
    event["orders"] = [{"unit": "Scrope", "script": [{"do": "flee"}]}]
    event["terrain"] = parse_terrain("[8, 2] ruins", ["ruins", "plains"], 20, 20)
    edited = with_event(text, 2, event)
    assert _changed(text, edited) == (
        ["  - when: Corbin routed",
         "    note: Corbin goes down at the bridge foot, and the Ravens look to one another."],
        ['  - when: "Corbin hp <= 3"', '    note: "Corbin staggers: hold the bridge!"', "    terrain:",
         "      - {at: [8, 2], to: ruins}", "    orders:", "      - {unit: Scrope, script: [{do: flee}]}"])
    edited = with_event(edited, None, {"round": 3, "note": "Rain."})
    edited = with_event(edited, 0, None)  # the first event, with its reinforcements, gone
    scenario = _loads(tmp_path, edited)
    assert [e.when or e.round for e in scenario.events] == [
        "defender enters lower_cut", "Corbin hp <= 3", "attacker breaks", "defender breaks", 3]
    assert scenario.events[1].orders[0].unit == "Scrope" and scenario.events[1].terrain[0].to == "ruins"
    assert "Aldo" not in unit_names(edited) and unit_sides(edited)["Slate"] == "attacker"
    with pytest.raises(ValueError, match="no terrain 'lava'"):
        parse_terrain("8,2 lava", ["ruins"], 20, 20)
    assert terrain_text(parse_terrain("8,2 Ruins; [3, 4] plains", ["ruins", "plains"], 20, 20)) == (
        "[8, 2] ruins; [3, 4] plains")
    with pytest.raises(ValueError, match="off the map"):
        parse_terrain("[21, 2] ruins", ["ruins"], 20, 20)
