"""The unit dialog's and the side rules' core: each edit rewrites only its own line(s) of a bundled scenario with
comments, the game loads the result with the edit in place, a default is taken out, and bad units are refused in the
loader's own words."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from officers_chess.content.editing.scenario_file import ScenarioFile
from officers_chess.content.editing.side_rules import (morale, morale_refused, rules_refused, side_rules,
                                                       with_morale, with_side_rules)
from officers_chess.content.editing.unit_fields import (UnitFields, added_with, chest_left, cost, equipped, refused,
                                                        unit_fields, with_fields)
from officers_chess.content.loaders import load_catalogue, load_scenario

ROOT = Path(__file__).resolve().parent.parent


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / f"{name}.yaml"
    shutil.copy(ROOT / "scenarios" / f"{name}.yaml", target)
    return target


def _diff(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines only in `before` and only in `after`, the common head and tail taken off."""
    a, b = before.splitlines(), after.splitlines()
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return a[head:len(a) - tail], b[head:len(b) - tail]


def _loaded(tmp_path: Path, text: str):
    path = tmp_path / "edited.yaml"
    path.write_text(text)
    return load_scenario(path).scenario


def test_a_changed_unit_rewrites_only_the_values_changed_on_its_line_and_keeps_its_orders(tmp_path):
    file, draft = ScenarioFile.open(_copy(tmp_path, "harrow_levy"))  # comments, a Leader, group orders
    assert draft.text.lstrip().startswith("#")
    unit = next(u for u in draft.units if u.name == "Isembard")
    now = unit_fields(draft, unit)
    assert (now.roles, now.items) == (("Leader",), ("Iron Sword",))
    wanted = dataclasses.replace(now, unit_class="Fighter", items=("Iron Axe", "Vulnerary"), roles=("Leader", "Saboteur"),
                                 crests=("Boar",), used=(0, 1))
    after = with_fields(draft, unit, wanted)
    old, new = _diff(draft.text, after.text)
    assert old == ["    - {name: Isembard, class: Mercenary, roles: [Leader], items: [Iron Sword], at: [3, 7]}"]
    # A new key goes after the last one written that comes before it in UnitSetup's order: `used` after `items`.
    assert new == ["    - {name: Isembard, class: Fighter, roles: [Leader, Saboteur], crests: [Boar], "
                   "items: [Iron Axe, Vulnerary], used: [0, 1], at: [3, 7]}"]
    placed = _loaded(tmp_path, after.text).armies["attacker"][0]
    assert (placed.unit_class, placed.items, placed.roles, placed.crests, placed.used) == (
        "Fighter", ["Iron Axe", "Vulnerary"], ["Leader", "Saboteur"], ["Boar"], [0, 1])
    # Emptied keys are taken out, and a unit's own `orders` (written by another editor) stay as written.
    line = after.text.splitlines()[unit.line - 1]
    text = after.text.replace(line, line[:-1] + ', orders: [{when: hp <= 6, do: "guard [3, 7]"}]}')
    draft2 = dataclasses.replace(after, text=text).read(text)
    back = with_fields(draft2, draft2.units[0], dataclasses.replace(wanted, roles=(), crests=(), used=(),
                                                                     name="Isembard the Bold"))
    assert _diff(draft2.text, back.text)[1] == [
        '    - {name: Isembard the Bold, class: Fighter, items: [Iron Axe, Vulnerary], at: [3, 7], '
        'orders: [{when: hp <= 6, do: "guard [3, 7]"}]}']


def test_an_added_unit_writes_every_key_on_one_new_line_and_its_cost_counts_against_the_chest(tmp_path):
    file, draft = ScenarioFile.open(_copy(tmp_path, "brackwater_gaol"))
    catalogue = load_catalogue("v0.6")
    fields = UnitFields("Newt", "Brigand", ("Vulnerary", "Iron Axe"), ("Fleeing",), ("Heron",))
    after = added_with(draft, "attacker", fields, (4, 9))
    old, new = _diff(draft.text, after.text)
    assert old == [] and new == ["    - {name: Newt, class: Brigand, items: [Vulnerary, Iron Axe], roles: [Fleeing], "
                                 "crests: [Heron], at: [5, 10]}"]
    newt = _loaded(tmp_path, after.text).armies["attacker"][-1]
    assert (newt.name, newt.roles, newt.crests, newt.at) == ("Newt", ["Fleeing"], ["Heron"], (5, 10))
    assert equipped(catalogue, fields) == "Iron Axe"  # the first weapon it can wield, as build_unit equips it
    price = cost(catalogue, fields)
    army = sum(cost(catalogue, UnitFields(u.name, u.unit_class, u.items)) for u in draft.units if u.side == "attacker")
    assert chest_left(draft, catalogue, "attacker", fields) == 700 - army - price


def test_a_unit_the_loader_would_refuse_is_refused_in_its_words(tmp_path):
    file, draft = ScenarioFile.open(_copy(tmp_path, "brackwater_gaol"))
    hesk = draft.units[0]
    cleric = with_fields(draft, hesk, UnitFields("Hesk", "Cleric", ("Iron Sword",)))
    assert refused(file, cleric, "attacker", 0, "Hesk") == "a Cleric cannot wield Iron Sword (sword)"
    twin = with_fields(draft, hesk, UnitFields("Bryn", "Thief", ("Iron Sword",)))
    assert refused(file, twin, "attacker", 0, "Bryn").startswith("two units are named 'Bryn'")
    assert refused(file, with_fields(draft, hesk, UnitFields("Hesk", "Thief", ("Iron Sword",), crests=tuple("abcde"))),
                   "attacker", 0, "Hesk") is not None
    fine = with_fields(draft, hesk, UnitFields("Hesk", "Thief", ("Iron Sword",), ("Saboteur",)))
    assert refused(file, fine, "attacker", 0, "Hesk") is None


def test_side_rules_are_written_as_the_loader_reads_them_and_taken_out_at_their_default(tmp_path):
    text = (ROOT / "scenarios" / "harrow_levy.yaml").read_text()
    now = side_rules(text, "defender")
    assert now == {"classes": [], "items": [], "army": {"min": 1, "max": 12}, "roles": []}
    wanted = {"classes": ["Fighter", "Archer"], "items": ["Iron Axe"], "army": {"min": 2, "max": 12},
              "roles": [{"role": "Leader", "count": 1}, {"role": "Fleeing", "count": "all"}]}
    after = with_side_rules(text, "defender", wanted)
    old, new = _diff(text, after)
    assert old == [] and [line.strip() for line in new] == [
        "classes: [Fighter, Archer]", "items: [Iron Axe]", "army: {min: 2}",
        "roles: [{role: Leader}, {role: Fleeing, count: all}]"]
    rules = _loaded(tmp_path, after).sides["defender"]
    assert (rules.classes, rules.items, rules.army.min, rules.army.max) == (["Fighter", "Archer"], ["Iron Axe"], 2, 12)
    assert [(r.role, r.count) for r in rules.roles] == [("Leader", 1), ("Fleeing", "all")]
    assert side_rules(after, "defender") == {**wanted, "roles": [{"role": "Leader"}, {"role": "Fleeing", "count": "all"}]}
    assert with_side_rules(after, "defender", now) == text  # every rule back to its default: taken out
    assert rules_refused({**now, "army": {"min": 5, "max": 2}}) == "army min 5 is above max 2"
    assert "army.max" in rules_refused({**now, "army": {"min": 1, "max": 31}})


def test_morale_set_checked_and_taken_out(tmp_path):
    text = (ROOT / "scenarios" / "harrow_levy.yaml").read_text()
    assert morale(text) == {"start": 12, "waver": 7, "broken": 2, "rally": 2}
    after = with_morale(text, {"start": 9, "waver": 5, "broken": 1})
    assert _diff(text, after) == (["morale: {start: 12, waver: 7, broken: 2, rally: 2}"],
                                  ["morale: {start: 9, waver: 5, broken: 1}"])
    rules = _loaded(tmp_path, after).morale
    assert (rules.start, rules.waver, rules.broken, rules.rally) == (9, 5, 1, 2)
    assert _diff(text, with_morale(text, None)) == (["morale: {start: 12, waver: 7, broken: 2, rally: 2}"], [])
    yard = (ROOT / "scenarios" / "training_yard.yaml").read_text()
    added = with_morale(yard, {"start": 8})
    assert _diff(yard, added) == ([], ["morale: {start: 8}"]) and _loaded(tmp_path, added).morale.start == 8
    assert morale_refused({"start": 5, "waver": 7}) == "morale levels must run broken <= waver <= start (here 3, 7, 5)"


def test_the_side_pane_sums_up_a_sides_hiring_rules_and_the_morale():
    from officers_chess.tui.screens.scenario_editor import rules_summary

    hollow = (ROOT / "scenarios" / "hollow_road.yaml").read_text(encoding="utf-8")
    assert rules_summary(hollow, "attacker", False) == "hires any class, any item, 3 to 6 units (g)\nno morale (M)"
    levy = (ROOT / "scenarios" / "harrow_levy.yaml").read_text(encoding="utf-8")
    assert rules_summary(levy, "defender", True) == ("a fixed army: hiring rules unused (g)\n"
                                                     "morale 12, wavers at 7, breaks at 2 (M)")
    # Rules set for a fixed army are shown as written, for when its units are removed (a newcomer set them with g
    # and, reading "unused" unchanged, thought them lost).
    yard = (ROOT / "scenarios" / "training_yard.yaml").read_text(encoding="utf-8")
    archers = yard + "sides:\n  attacker:\n    classes: [Archer]\n"
    assert rules_summary(archers, "attacker", True).splitlines()[0] == (
        "a fixed army: its hiring rules (Archer, any item, 1 to 12 units) apply once its units are removed (g)")
    assert rules_summary(archers, "defender", True).splitlines()[0] == "a fixed army: hiring rules unused (g)"
