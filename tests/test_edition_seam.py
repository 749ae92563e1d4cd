"""The edition seam: only the editions package knows the editions by name; every edition's scenarios load,
simulate and replay; and v0.6 states serialise as they did before the later editions came (old saves keep
their hashes)."""

from __future__ import annotations

import ast
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from muster_helpers import (
    start,  # sides that hire their armies muster them with the muster AI
)

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.game import GameState, Move, apply_action, legal_actions
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.combat.editions import DEFAULT_EDITION, EDITIONS, rules_for
from officers_chess.rules.history.record import canonical_json
from officers_chess.rules.pieces.models import (
    Accessory, Consumable, DamageKind, Side, Stats, Unit, UnitClass, Weapon, WeaponType,
)
from officers_chess.rules.pieces.statuses import Status, StatusName

PACKAGE = Path(__file__).resolve().parent.parent / "officers_chess"
LATER = ("ratings", "d100")
# Where edition names may be written: the editions package itself, and the catalogues (named after them).
EDITION_HOMES = ("rules/combat/editions/", "catalogue/")
# Edition names written outside those homes, each with the reason it is there. None: prices live on each Edition.
ALLOWED_NAMES: set[tuple[str, str]] = set()


# --- (a) only the editions package knows the editions by name ----------------------------------------------


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def _is_edition(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "edition") or (isinstance(node, ast.Attribute) and node.attr == "edition")


def _edition_knowledge() -> list[tuple[str, int, str]]:
    """String literals naming a later edition, and comparisons of an edition with a string, outside the homes."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(EDITION_HOMES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if node.value.strip() in LATER and (where, node.value.strip()) not in ALLOWED_NAMES:
                    found.append((where, node.lineno, repr(node.value)))
            elif isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                if any(_is_edition(o) for o in operands) and any(
                        isinstance(o, ast.Constant) and isinstance(o.value, str) for o in operands):
                    found.append((where, node.lineno, ast.unparse(node)))
    return found


def test_only_the_editions_package_names_the_editions():
    assert _edition_knowledge() == []


def test_the_scan_would_see_an_edition_name(tmp_path, monkeypatch):
    """The scan itself works: a module comparing `state.edition == "d100"` is caught."""
    fake = tmp_path / "officers_chess"
    (fake / "rules").mkdir(parents=True)
    (fake / "rules" / "leak.py").write_text('"""Doc naming "d100" is fine."""\n\n'
                                             'def f(state):\n    return state.edition == "v0.6" or x in ("d100",)\n')
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert [line for _, line, _ in _edition_knowledge()] == [4, 4]


def test_the_editions_are_looked_up_by_name_in_one_place():
    assert DEFAULT_EDITION == "v0.6" and set(EDITIONS) == {"v0.6", *LATER}
    for name, edition in EDITIONS.items():
        assert rules_for(name) is edition and edition.name == name
    with pytest.raises(KeyError, match="unknown edition"):
        rules_for("v0.7")


# --- (b) every bundled scenario of each edition loads, simulates and replays ------------------------------------


def _scenarios_by_edition() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {name: [] for name in EDITIONS}
    for path in sorted(bundled_dir("scenarios").glob("*.yaml")):
        found[load_scenario(path).scenario.edition].append(path)
    return found


SCENARIOS = _scenarios_by_edition()
LATER_SCENARIOS = [path for name in LATER for path in SCENARIOS[name]]


def test_each_later_edition_has_bundled_scenarios():
    for name in LATER:
        assert SCENARIOS[name], f"no bundled scenario plays {name}"


@pytest.mark.parametrize("path", [p for paths in SCENARIOS.values() for p in paths], ids=lambda p: p.stem)
def test_every_bundled_scenario_loads_under_its_edition(path):
    loaded = load_scenario(path)
    edition = loaded.scenario.edition
    rules = rules_for(edition)
    state = start(loaded, seed=0)
    assert state.edition == edition and state.map.edition == edition and loaded.catalogue.edition == edition
    for unit in state.units:
        assert unit.unit_class.edition == edition and all(item.edition == edition for item in unit.inventory)
        assert rules.class_problem(unit.unit_class) is None and unit.hp == unit.max_hp
        assert unit.entry_cost(state.map.terrain_at(unit.pos)) is not None, (unit.name, unit.pos)
    for row in state.map.rows:
        assert all(glyph in state.map.terrain_table for glyph in row)
    assert legal_actions(state)


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officers_chess", *args], capture_output=True, text=True, timeout=120, check=False,
                          env=os.environ.copy())


@pytest.mark.parametrize("path", LATER_SCENARIOS, ids=lambda p: p.stem)
def test_later_edition_battles_simulate_and_replay_verified(path, tmp_path):
    saves = tmp_path / "saves"
    done = _run("simulate", str(path), "--games", "4", "--seed", "3", "--save-dir", str(saves))
    assert done.returncode == 0, done.stderr
    files = sorted(saves.rglob("*.json"))
    assert len(files) == 4
    for save in files:
        replayed = _run("replay", str(save), "--verify")
        assert replayed.returncode == 0, (save.name, replayed.stdout, replayed.stderr)
        assert "replay to the recorded states" in replayed.stdout


def test_a_map_tile_the_editions_table_lacks_is_refused_with_the_map_and_the_tile(tmp_path):
    """E1: fog ('?') is a d100 tile; a ratings or v0.6 battle on that map is refused, naming the map and the tile."""
    (tmp_path / "foggy.yaml").write_text("name: Foggy\ntiles: |\n  ......\n  ..?...\n  ......\n")
    text = (bundled_dir("scenarios") / "ratings_letter_drill.yaml").read_text()
    armies = """armies:
  attacker:
    - {name: Ansel, class: Mercenary, items: [Iron Sword], at: [1, 1]}
  defender:
    - {name: Dagny, class: Fighter, items: [Iron Axe], at: [6, 3]}
"""
    head = text[:text.index("armies:")].replace("map: training_yard", "map: foggy.yaml")
    head = head.replace("to: [3, 8]", "to: [2, 3]").replace("from: [8, 1], to: [10, 8]", "from: [5, 1], to: [6, 3]")
    for edition, refused in (("ratings", True), ("d100", False)):
        scenario = tmp_path / f"foggy_{edition}.yaml"
        scenario.write_text(head.replace("edition: ratings", f"edition: {edition}") + armies)
        if refused:
            with pytest.raises(ContentError) as caught:
                load_scenario(scenario)
            message = str(caught.value)
            assert "foggy.yaml" in message and "'?'" in message and "[3, 2]" in message and edition in message
        else:
            assert load_scenario(scenario).battle_map.terrain_at((2, 1)).id == "fog"


# --- (c) a v0.6 state serialises as it did -----------------------------------------------------------------


NEW_KEYS = {
    "state": {"veins", "game_master", "burst"},
    "map": {"edition"},
    "unit": {"guarded"},
    "class": {"move", "edition"},
    "stats": {"mag", "magic"},
    "item": {"hit", "magic_reach", "edition"},
    "status": {"amount"},
}


def _new_keys_in(data: dict) -> list[str]:
    found = [f"state.{k}" for k in NEW_KEYS["state"] & set(data)]
    found += [f"map.{k}" for k in NEW_KEYS["map"] & set(data["map"])]
    units = list(data["units"]) + [u for arrival in data.get("arrivals", []) for u in arrival["units"]]
    for unit in units:
        found += [f"{unit['id']}.{k}" for k in NEW_KEYS["unit"] & set(unit)]
        cls = unit["unit_class"]
        found += [f"{unit['id']}.class.{k}" for k in NEW_KEYS["class"] & set(cls)]
        for stats in (cls["stats"], cls.get("transformed") or {}):
            found += [f"{unit['id']}.stats.{k}" for k in NEW_KEYS["stats"] & set(stats)]
        for item in unit["inventory"]:
            found += [f"{unit['id']}.{item['name']}.{k}" for k in NEW_KEYS["item"] & set(item)]
        for status in unit["statuses"]:
            found += [f"{unit['id']}.{status['name']}.{k}" for k in NEW_KEYS["status"] & set(status)]
    for chest in data.get("chests", []):
        found += [f"chest.{chest['item']['name']}.{k}" for k in NEW_KEYS["item"] & set(chest["item"])]
    return found


@pytest.mark.parametrize("path", SCENARIOS["v0.6"], ids=lambda p: p.stem)
def test_a_v06_battle_writes_none_of_the_new_keys(path):
    import json

    state = start(load_scenario(path), seed=4)
    for _ in range(12):  # a few activations in: moves, attacks, statuses
        if state.is_over:
            break
        actions = legal_actions(state)
        attack = next((a for a in actions if a.kind in ("attack", "special")), None)
        action = attack or next((a for a in actions if a.kind == "wait"), actions[-1])
        state = apply_action(state, action).state
    data = json.loads(canonical_json(state))
    assert _new_keys_in(data) == []
    assert data["edition"] == "v0.6"  # the state's own edition key is as old as saves


def _pinned_v06_state() -> GameState:
    """A v0.6 battle built from the models alone: a class with Canto, a sword, a staff, a used vulnerary, a
    lance and a shield, Barrier, Poisoned and Slowed (a Barrier's amount is new), a fort and a forest."""
    myrmidon = UnitClass(name="Myrmidon", letter="Y", stats=Stats.model_validate({"str": 6, "skl": 12, "spd": 11, "def": 3,
                                                                                    "res": 2}),
                         wields=[WeaponType.SWORD, WeaponType.STAFF], tags=["Canto"])
    knight = UnitClass(name="Knight", letter="K", stats=Stats.model_validate({"str": 8, "skl": 7, "spd": 3, "def": 9, "res": 1}),
                       wields=[WeaponType.LANCE], tags=["Armored"])
    sword = Weapon(name="Iron Sword", type=WeaponType.SWORD, damage=DamageKind.MARTIAL, might=5, weight=2, range=(1, 1))
    staff = Weapon(name="Heal", type=WeaponType.STAFF, damage=DamageKind.MAGIC, range=(1, 1), tags=["Heal(5)", "Consumable(3)"])
    lance = Weapon(name="Javelin", type=WeaponType.LANCE, damage=DamageKind.MARTIAL, might=4, weight=3, range=(1, 2))
    shield = Accessory(name="Buckler", defense=1, weight=1)
    potion = Consumable(name="Vulnerary", tags=["Heal(10)", "Consumable(3)"], used=1)
    units = [
        Unit(id="a1", name="Ayla", side=Side.ATTACKER, unit_class=myrmidon, inventory=[sword, staff, potion], weapon=0, hp=17,
             pos=(0, 0), statuses=[Status(name=StatusName.BARRIER, left=2), Status(name=StatusName.POISONED)]),
        Unit(id="d1", name="Dorn", side=Side.DEFENDER, unit_class=knight, inventory=[lance, shield], weapon=0, accessory=1,
             hp=20, pos=(4, 2), statuses=[Status(name=StatusName.SLOWED, left=1)]),
    ]
    return GameState(scenario="pinned", map=BattleMap(name="pinned", rows=[".....", '."^..', "....*"]), units=units,
                     to_act=Side.ATTACKER, dice=Dice(seed=11))


def test_a_v06_state_hashes_as_it_did_before_the_editions():
    """The sha256 of these states' canonical JSON, computed with the game as it was before the later editions
    (commit abc6906): a v0.6 save written then still verifies."""
    state = _pinned_v06_state()
    assert _new_keys_in(__import__("json").loads(canonical_json(state))) == []
    assert hashlib.sha256(canonical_json(state)).hexdigest() == \
        "ba53962f0c202d4bb86e2b06a7235b3b49d3e8f7ce27acccb3cfc65aa92930e8"
    moved = apply_action(state, Move(unit="a1", to=(1, 0))).state
    assert hashlib.sha256(canonical_json(moved)).hexdigest() == \
        "03227f0aabeb2858ea1f4c2614f4d4d2eda43f1501eeedb3b47c536b3a7123d2"


def test_the_new_keys_appear_only_when_they_hold_something():
    """The other side of the coin: a later edition's state does write them (so the check above can fail)."""
    import json

    state = load_scenario(bundled_dir("scenarios") / "d100_thornmere_wardens.yaml").new_battle(seed=0)
    data = json.loads(canonical_json(state))
    assert {"game_master"} <= set(data) and data["map"]["edition"] == "d100"
    assert any("edition" in item for unit in data["units"] for item in unit["inventory"])
    assert _new_keys_in(data)


# --- the later editions keep the rules' invariants in play --------------------------------------------------------


@pytest.mark.parametrize("path", LATER_SCENARIOS, ids=lambda p: p.stem)
def test_random_later_edition_playouts_keep_every_unit_on_ground_it_can_stand_on(path):
    import random

    loaded = load_scenario(path)
    for seed in range(3):
        state, pick = start(loaded, seed=seed), random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            state = apply_action(state, pick.choice(legal_actions(state))).state
            for unit in state.living():
                assert 0 <= unit.hp <= unit.max_hp
                assert unit.entry_cost(state.map.terrain_at(unit.pos)) is not None, (seed, unit.name, unit.pos)
            if state.active is not None:
                assert state.active_unit.on_field, "a routed unit is mid-turn"
