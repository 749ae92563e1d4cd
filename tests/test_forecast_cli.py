"""`officers-chess forecast DUEL.yaml [--json]`: the duel file format, the documented JSON, the table,
and one-line errors naming file and line (contract: PRODUCT.md, "Duel file" and "Forecast JSON")."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from officers_chess.commands.console import main
from officers_chess.content.duel import load_duel
from officers_chess.content.errors import ContentError
from officers_chess.commands.forecast_report import forecast_json
from officers_chess.rules.combat.exchange import Role, forecast, plan_exchange
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.reference.rulebook import RULE_TITLES

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "examples"
SIDE_KEYS = {"damage", "crit_damage", "hit", "crit", "swings", "attack_speed", "hp_after"}

# Worked by hand below: Str 6 + Might 5 - Def 3 = 8 damage; Skill 12 hits on 1..12 (12/20);
# Attack Speed 9 - 1 = 8 against 5 - 0 = 5, so the attacker follows up, and Brave makes each of
# its two attacks two swings. The defender: Str 5 + Might 4 - Def 4 = 5 damage, Skill 10 (10/20).
INLINE = """\
distance: 1
attacker:
  stats: {str: 6, skl: 12, spd: 9, def: 4, res: 1}
  weapon: {name: Odd Blade, type: sword, might: 5, weight: 1, range: [1, 1], tags: [Brave, "Effective(Armored)"]}
defender:
  stats: {str: 5, skl: 10, spd: 5, def: 3, res: 0}
  weapon: {name: Old Sword, type: sword, might: 4}
  hp: 8
"""


def write(tmp_path: Path, text: str, name: str = "duel.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def forecast_of(path: Path, capsys) -> dict:
    assert main(["forecast", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officers_chess", *args], capture_output=True, text=True, timeout=60)


# --- the example duel and the documented JSON ---------------------------------------------


def test_the_example_duel_gives_every_documented_key_with_the_right_types(capsys):
    data = forecast_of(EXAMPLES / "duel.yaml", capsys)
    assert set(data) == {"attacker", "defender", "p_attacker_routed", "p_defender_routed", "modifiers"}
    for side in ("attacker", "defender"):
        numbers = data[side]
        assert set(numbers) == SIDE_KEYS
        for key in ("damage", "crit_damage", "swings", "attack_speed"):
            assert type(numbers[key]) is int, key
        for key in ("hit", "crit"):
            assert type(numbers[key]) is float and 0 <= numbers[key] <= 1, key
        assert numbers["hp_after"] and all(type(p) is float for p in numbers["hp_after"].values())
        assert all(key.isdigit() for key in numbers["hp_after"])
        assert sum(numbers["hp_after"].values()) == pytest.approx(1.0)
    for key in ("p_attacker_routed", "p_defender_routed"):
        assert type(data[key]) is float
    assert data["modifiers"]
    for mod in data["modifiers"]:
        assert set(mod) == {"side", "what", "value", "rule"}
        assert mod["side"] in {"attacker", "defender"} and type(mod["value"]) is int
        assert mod["rule"] in RULE_TITLES
    # The example's Mercenary (sword) has the triangle over the Fighter (axe) in the forest.
    assert {"side": "attacker", "what": "skill", "value": 1, "rule": "weapon-triangle"} in data["modifiers"]
    assert {"side": "defender", "what": "defense", "value": 1, "rule": "terrain"} in data["modifiers"]
    assert data["p_defender_routed"] == data["defender"]["hp_after"].get("0", 0.0)


def test_the_json_is_the_combat_cores_own_forecast_of_the_loaded_units(capsys):
    for path in sorted(EXAMPLES.glob("*.yaml")):
        duel = load_duel(path)
        plan = plan_exchange(duel.attacker, duel.defender, duel.distance)
        fc = forecast(plan, duel.attacker.unit.hp, duel.defender.unit.hp)
        assert forecast_of(path, capsys) == json.loads(json.dumps(forecast_json(fc))), path
        assert float(sum(fc.hp_after(Role.DEFENDER).values())) == 1


def test_every_example_duel_prints_a_table(capsys):
    for path in sorted(EXAMPLES.glob("*.yaml")):
        assert main(["forecast", str(path)]) == 0
        out = capsys.readouterr().out
        for row in ("HP now → most likely", "Damage dealt", "Crit dmg dealt", "Chance to hit", "Chance to crit",
                    "Swings made", "Attack speed", "Chance routed"):
            assert row in out, (path, row)
    assert main(["forecast", str(EXAMPLES / "duel.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Mercenary" in out and "Fighter" in out and "16 → 10" in out
    assert RULE_TITLES["weapon-triangle"] in out and RULE_TITLES["terrain"] in out


# --- numbers checked by hand -----------------------------------------------------------------


def test_an_inline_duel_gives_the_numbers_worked_out_by_hand(tmp_path, capsys):
    data = forecast_of(write(tmp_path, INLINE), capsys)
    a, d = data["attacker"], data["defender"]
    assert (a["damage"], a["crit_damage"], a["hit"], a["crit"]) == (8, 16, 12 / 20, 1 / 20)
    assert (a["attack_speed"], d["attack_speed"]) == (8, 5)
    assert (a["swings"], d["swings"]) == (4, 1)  # Brave first attack, counter, Brave follow-up
    assert (d["damage"], d["crit_damage"], d["hit"], d["crit"]) == (5, 10, 10 / 20, 1 / 20)
    # Any hit routs the 8-HP defender, so it survives only if all four swings miss (8/20 each).
    assert d["hp_after"] == {"8": pytest.approx(float(Fraction(2, 5) ** 4)), "0": pytest.approx(1 - float(Fraction(2, 5) ** 4))}
    assert data["p_defender_routed"] == pytest.approx(1 - 0.4**4)
    # It counters only after both first swings miss (0.4²), then hits for 5 or crits for 10.
    alive = 0.4**2
    assert a["hp_after"] == {
        "20": pytest.approx(1 - alive * 0.5),
        "15": pytest.approx(alive * 9 / 20),
        "10": pytest.approx(alive * 1 / 20),
    }
    assert data["p_attacker_routed"] == 0.0
    assert {"side": "attacker", "what": "swings", "value": 2, "rule": "brave"} in data["modifiers"]
    assert {"side": "attacker", "what": "follow-up", "value": 1, "rule": "follow-up"} in data["modifiers"]
    assert not any(m["rule"] == "effective" for m in data["modifiers"])  # the defender is not Armored


def test_tags_on_the_unit_count_effective_adds_three(tmp_path, capsys):
    armored = INLINE.replace("  hp: 8\n", "  hp: 8\n  tags: [Armored]\n")
    data = forecast_of(write(tmp_path, armored), capsys)
    assert (data["attacker"]["damage"], data["attacker"]["crit_damage"]) == (11, 22)
    assert {"side": "attacker", "what": "damage", "value": 3, "rule": "effective"} in data["modifiers"]


def test_class_stats_are_overridden_and_the_rest_kept(tmp_path, capsys):
    text = "distance: 1\nattacker:\n  class: Mercenary\n  stats: {str: 9}\n  weapon: Iron Sword\ndefender:\n  class: Mercenary\n  weapon: Iron Sword\n"
    duel = load_duel(write(tmp_path, text))
    stats = duel.attacker.unit.unit_class.stats
    assert (stats.strength, stats.skill, stats.speed, stats.defense) == (9, 12, 7, 3)  # catalogue Mercenary, Str 9
    data = forecast_of(write(tmp_path, text), capsys)
    assert data["attacker"]["damage"] == 9 + 4 - 3
    assert not data["modifiers"]  # an override is the unit's own stat, not a bonus


@pytest.mark.parametrize("terrain, bonus", [("fort", 2), ("castle gate", 2), ("Castle_Gate", 2), ("forest", 1), ("plain", 0), ("plains", 0)])
def test_terrain_adds_its_defense_bonus(tmp_path, capsys, terrain, bonus):
    data = forecast_of(write(tmp_path, INLINE + f"  terrain: {terrain}\n"), capsys)
    assert data["attacker"]["damage"] == 8 - bonus
    terrain_mods = [m for m in data["modifiers"] if m["rule"] == "terrain"]
    assert terrain_mods == ([{"side": "defender", "what": "defense", "value": bonus, "rule": "terrain"}] if bonus else [])


def test_a_defender_that_cannot_reach_has_no_swings_and_zeros(capsys):
    data = forecast_of(EXAMPLES / "ranged_duel.yaml", capsys)
    assert data["defender"]["swings"] == 0
    assert {k: data["defender"][k] for k in ("damage", "crit_damage", "hit", "crit")} == {
        "damage": 0, "crit_damage": 0, "hit": 0.0, "crit": 0.0}
    assert data["attacker"]["hp_after"] == {"20": 1.0}
    assert data["defender"]["attack_speed"] == 10 - 2  # still reported


# --- statuses -----------------------------------------------------------------------------------


def test_statuses_are_read_case_insensitively_onto_the_unit(tmp_path):
    duel = load_duel(write(tmp_path, INLINE + "  status: [poisoned, SLOWED]\n"))
    assert [s.name for s in duel.defender.unit.statuses] == [StatusName.POISONED, StatusName.SLOWED]
    assert duel.attacker.unit.statuses == []


MAGIC = """\
distance: 1
attacker:
  stats: {str: 6, skl: 12, spd: 5, def: 4, res: 1}
  weapon: {name: Spark, type: reason, might: 5, weight: 0}
defender:
  stats: {str: 5, skl: 10, spd: 5, def: 3, res: 2}
  weapon: {name: Old Sword, type: sword, might: 4}
"""


def test_an_inline_tome_defaults_to_magic_damage_against_resistance(tmp_path, capsys):
    data = forecast_of(write(tmp_path, MAGIC), capsys)
    assert data["attacker"]["damage"] == 6 + 5 - 2


def test_barrier_raises_resistance_by_two(tmp_path, capsys):
    data = forecast_of(write(tmp_path, MAGIC + "  status: [Barrier]\n"), capsys)
    assert data["attacker"]["damage"] == 6 + 5 - 2 - 2
    assert {"side": "defender", "what": "resistance", "value": 2, "rule": "bonus"} in data["modifiers"]


@pytest.mark.parametrize("status", ["Sleep", "Petrified"])
def test_a_sleeping_or_petrified_defender_cannot_counter(tmp_path, capsys, status):
    data = forecast_of(write(tmp_path, INLINE + f"  status: [{status}]\n"), capsys)
    assert data["defender"]["swings"] == 0


@pytest.mark.parametrize("status, words", [("Sleep", "asleep"), ("Petrified", "petrified")])
def test_an_attacker_that_cannot_attack_is_an_error(tmp_path, status, words):
    text = INLINE.replace("defender:", f"  status: [{status}]\ndefender:")
    with pytest.raises(ContentError) as info:
        load_duel(write(tmp_path, text))
    assert info.value.line == 5 and words in info.value.message


# --- who may attack and counter: the core's own rules ---------------------------------------------

STAFF_DEFENDER = INLINE.replace("{name: Old Sword, type: sword, might: 4}", "{name: Mend, type: staff, might: 0}")


def test_a_defender_holding_a_staff_does_not_counter(tmp_path, capsys):
    data = forecast_of(write(tmp_path, STAFF_DEFENDER), capsys)
    assert data["defender"]["swings"] == 0 and data["defender"]["damage"] == 0


def test_spell_range_lengthens_the_attackers_reach(tmp_path, capsys):
    tome = MAGIC.replace("might: 5, weight: 0}", "might: 5, weight: 0, range: [1, 2], tags: [SpellRange(1)]}")
    data = forecast_of(write(tmp_path, tome.replace("distance: 1", "distance: 3")), capsys)
    assert data["attacker"]["swings"] == 1 and data["defender"]["swings"] == 0
    with pytest.raises(ContentError, match="reaches 1 to 3 tiles, not 4"):
        load_duel(write(tmp_path, tome.replace("distance: 1", "distance: 4")))


def test_a_shifter_attacks_in_its_beast_form(tmp_path, capsys):
    shifter = INLINE.replace(
        "  weapon: {name: Odd Blade, type: sword, might: 5, weight: 1, range: [1, 1], tags: [Brave, \"Effective(Armored)\"]}",
        "  tags: [Shifter]\n  weapon: {name: Fang, type: stone, might: 5, weight: 1}",
    )
    duel = load_duel(write(tmp_path, shifter))
    assert duel.attacker.unit.transformed
    assert forecast_of(write(tmp_path, shifter), capsys)["attacker"]["damage"] == 6 + 5 - 3


@pytest.mark.parametrize(
    "weapon, status, words",
    [
        ("{name: Mend, type: staff, might: 0}", "[]", "staves heal and never attack"),
        ("{name: Spark, type: reason, might: 5}", "[Silenced]", "silenced and cannot use Spark"),
        ("{name: Fang, type: stone, might: 5}", "[]", "cannot fight with Fang"),  # not a shifter
    ],
)
def test_an_attacker_without_a_usable_weapon_is_an_error(tmp_path, weapon, status, words):
    text = INLINE.replace(
        "{name: Odd Blade, type: sword, might: 5, weight: 1, range: [1, 1], tags: [Brave, \"Effective(Armored)\"]}", weapon
    ).replace("defender:", f"  status: {status}\ndefender:")
    with pytest.raises(ContentError, match=words):
        load_duel(write(tmp_path, text))


# --- errors: one line on stderr, FILE:LINE, exit 2, never a traceback -------------------------

ERRORS = [
    # (what, the duel text, line, words in the message)
    ("bad key", INLINE.replace("  hp: 8", "  hp: 8\n  armour: 3"), 9, ["unknown key 'armour'", "expected class"]),
    ("bad top key", "distanse: 1\n" + INLINE, 1, ["unknown key 'distanse'"]),
    ("unknown tag", INLINE.replace("  hp: 8", "  hp: 8\n  tags: [Armored, Lucyk(1)]"), 9, ["unknown tag 'Lucyk'", "did you mean Lucky"]),
    ("unknown tag on a weapon", INLINE.replace("[Brave,", "[Brvae,"), 4, ["unknown tag 'Brvae'", "did you mean Brave"]),
    ("unknown weapon type", INLINE.replace("type: sword, might: 4", "type: spear, might: 4"), 7, ["unknown weapon type 'spear'", "lance"]),
    ("unknown class", INLINE.replace("  stats: {str: 5", "  class: Mercenery\n  stats: {str: 5"), 6, ["unknown class 'Mercenery'", "did you mean Mercenary"]),
    ("unknown item", INLINE.replace("{name: Old Sword, type: sword, might: 4}", "Iron Swrod"), 7, ["unknown weapon 'Iron Swrod'", "Iron Sword"]),
    ("out of range", INLINE.replace("distance: 1", "distance: 2"), 1, ["distance", "Odd Blade reaches 1 tile, not 2"]),
    ("bad distance", INLINE.replace("distance: 1", "distance: zero"), 1, ["distance"]),
    ("hp too high", INLINE.replace("hp: 8", "hp: 25"), 8, ["hp", "1 to 20", "25"]),
    ("hp zero", INLINE.replace("hp: 8", "hp: 0"), 8, ["hp", "1 to 20"]),
    ("missing stats", INLINE.replace("{str: 5, skl: 10, spd: 5, def: 3, res: 0}", "{str: 5, skl: 10}"), 6, ["missing: spd, def, res"]),
    ("unknown stat", INLINE.replace("res: 0}", "res: 0, mag: 4}"), 6, ["unknown stat 'mag'"]),
    ("bad stat value", INLINE.replace("skl: 10,", "skl: ten,"), 6, ["stats.skl"]),
    ("unknown terrain", INLINE + "  terrain: swamp\n", 9, ["unknown terrain 'swamp'", "plains", "castle_gate"]),
    ("impassable terrain", INLINE + "  terrain: sea\n", 9, ["cannot stand on sea"]),
    ("unknown status", INLINE + "  status: [Poisoned, Confused]\n", 9, ["unknown status 'Confused'", "Poisoned"]),
    ("bad edition", "edition: v0.5\n" + INLINE, 1, ["unknown edition 'v0.5'", "v0.6"]),
    ("exclusive weapon", "distance: 1\nattacker:\n  class: Manakete\n  weapon: Beaststone\ndefender:\n  class: Fighter\n", 4, ["Taguel only"]),
    ("wrong wielder", "distance: 1\nattacker:\n  class: Mercenary\n  weapon: Iron Lance\ndefender:\n  class: Fighter\n", 4, ["cannot wield Iron Lance"]),
    ("no weapon", "distance: 1\nattacker:\n  class: Mercenary\ndefender:\n  class: Fighter\n", 2, ["needs a weapon"]),
    ("accessory as weapon", INLINE.replace("{name: Old Sword, type: sword, might: 4}", "Iron Shield"), 7, ["Iron Shield is not a weapon"]),
    ("invalid YAML", "distance: 1\nattacker: [unclosed\ndefender: {}\n", 3, ["not valid YAML"]),
]


@pytest.mark.parametrize("text, line, words", [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS])
def test_a_bad_duel_is_a_content_error_naming_file_and_line(tmp_path, text, line, words):
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as info:
        load_duel(path)
    assert info.value.path == path
    assert info.value.line == line, str(info.value)
    for word in words:
        assert word in info.value.message, str(info.value)


COMMAND_CASES = ["bad key", "unknown tag", "unknown weapon type", "unknown class", "out of range", "hp too high", "invalid YAML"]


def _case(name: str) -> tuple[str, int, list[str]]:
    return next(c[1:] for c in ERRORS if c[0] == name)


@pytest.mark.parametrize("case", COMMAND_CASES)
def test_the_command_prints_one_line_and_exits_2(tmp_path, capsys, case):
    text, line, words = _case(case)
    path = write(tmp_path, text)
    for extra in ([], ["--json"]):
        assert main(["forecast", str(path), *extra]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith(f"officers-chess: {path}:{line}: ")
        assert words[0] in lines[0]


@pytest.mark.parametrize("case, extra", [("bad key", "--json"), ("unknown tag", None), ("out of range", None), ("invalid YAML", None)])
def test_the_console_script_exits_2_without_a_traceback(tmp_path, case, extra):
    text, line, words = _case(case)
    path = write(tmp_path, text)
    result = run_cli("forecast", str(path), *([extra] if extra else []))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert result.stderr.startswith(f"officers-chess: {path}:{line}: ") and words[0] in result.stderr


def test_a_missing_duel_file_is_named(tmp_path, capsys):
    missing = tmp_path / "gone.yaml"
    assert main(["forecast", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == f"officers-chess: {missing}: no such file"
