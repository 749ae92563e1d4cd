"""A hit whose damage the target's HP sets (Devastate, Decimate, Assassinate's crit) shows, in every damage cell, what
it takes from this target, not the formula's figure; the forecast JSON keeps the formula's figure (rulings I8)."""

from __future__ import annotations

import io
import json

import pytest
from factories import D, game, plains, unit, unit_class, weapon
from rich.console import Console

from officers_chess.commands.console import main
from officers_chess.forecast_words import LABELS, profile_figure
from officers_chess.rules.combat.exchange import Role
from officers_chess.tui.widgets.forecast_pane import forecast_view


def _row(text: str, label: str) -> str:
    line = next(line for line in text.splitlines() if line.strip().startswith(label + " "))
    return " ".join(line.strip()[len(label):].split())


# The tag, the defender's HP, and what the damage and crit cells must read for the attacker.
CASES = [
    ("Devastate", 20, "19 (to 1 HP)", "19 (to 1 HP)"),
    ("Devastate", 7, "6 (to 1 HP)", "6 (to 1 HP)"),
    ("Decimate", 20, "10 (half HP)", "10 (half HP)"),
    ("Decimate", 9, "4 (half HP)", "4 (half HP)"),
]


@pytest.mark.parametrize(("tag", "hp", "damage", "crit"), CASES)
def test_the_pane_shows_the_blow_the_targets_hp_sets(tag, hp, damage, crit):
    tome = weapon("dark", might=0, range=(1, 2), tags=[tag], name="Tome")
    state = game(plains(4), [unit(id="a1", name="Ash", weapon=tome, cls=unit_class(skl=14)),
                             unit(id="d1", name="Dov", side=D, pos=(2, 0), hp=hp, weapon=weapon("reason", name="Bolt"))])
    a1, d1 = state.unit("a1"), state.unit("d1")
    fc = state.forecast(a1, d1)
    assert fc.plan.attacker.damage != int(damage.split()[0])  # the formula's figure is another number
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(forecast_view(fc, a1, d1))
    text = console.export_text()
    assert _row(text, LABELS["damage"]).startswith(damage + " ")
    assert _row(text, LABELS["crit_damage"]).startswith(crit + " ")
    # One hit leaves the HP that cell promised (the tome reaches 2 tiles, the counter does not: one swing).
    assert hp - int(damage.split()[0]) in fc.hp_after(Role.DEFENDER)


def test_assassinate_sets_only_the_crit_and_a_plain_weapon_keeps_its_figure():
    blade = weapon("sword", might=5, tags=["Assassinate"], name="Edge")
    state = game(plains(3), [unit(id="a1", weapon=blade, cls=unit_class(skl=14)),
                             unit(id="d1", side=D, pos=(1, 0), hp=15)])
    plan = state.forecast(state.unit("a1"), state.unit("d1")).plan
    assert profile_figure(plan, Role.ATTACKER, "damage", 15) == str(plan.attacker.damage)
    assert profile_figure(plan, Role.ATTACKER, "crit_damage", 15) == "15 (all HP)"
    # The counter has no such tag: its figures are the formula's, whatever the HP.
    assert profile_figure(plan, Role.DEFENDER, "damage", 20) == str(plan.defender.damage)


DUEL = """\
distance: 2
attacker:
  stats: {str: 8, skl: 12, spd: 6, def: 3, res: 4}
  weapon: Ruin
defender:
  stats: {str: 6, skl: 8, spd: 7, def: 5, res: 2}
  weapon: Iron Sword
  hp: 18
"""


def test_the_cli_table_shows_the_blow_and_the_json_keeps_the_formula(tmp_path, capsys):
    duel = tmp_path / "ruin.yaml"
    duel.write_text(DUEL)
    assert main(["forecast", str(duel)]) == 0
    table = capsys.readouterr().out
    cells = next(line for line in table.splitlines() if LABELS["damage"] in line)
    assert "17 (to 1 HP)" in cells
    assert main(["forecast", str(duel), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # The JSON's "damage" is the formula's figure (PRODUCT.md's contract); hp_after carries the blow itself.
    assert data["attacker"]["damage"] == 6 and set(data["defender"]["hp_after"]) == {"18", "1"}


def test_the_threat_inspector_says_what_the_enemys_blow_takes_from_this_unit():
    from officers_chess.ai.threat_map import threat_forecasts
    from officers_chess.tui.widgets.lookout_text import attack_line

    tome = weapon("dark", might=0, range=(1, 2), tags=["Devastate"], name="Ruin")
    state = game(plains(5), [unit(id="a1", name="Ash", hp=12), unit(id="d1", name="Dov", side=D, pos=(3, 0), weapon=tome)])
    attacks = threat_forecasts(state, state.unit("a1"), (0, 0), [state.unit("d1")])
    assert [a.enemy.id for a in attacks] == ["d1"]
    assert "(Ruin) from " in attack_line(attacks[0]) and ": 11 (to 1 HP) dmg ×1" in attack_line(attacks[0])


@pytest.mark.parametrize("flag", ["assassinate", "decimate", "devastate"])
def test_every_tag_that_sets_a_blow_from_hp_has_its_words_and_is_the_one_the_blow_follows(flag):
    from officers_chess.forecast_words import HP_BLOW_WORDS
    from officers_chess.rules.combat.exchange import SwingProfile

    swing = SwingProfile(skill=10, crit_top=1, damage=4, crit_damage=8, **{flag: True})
    rule = swing.hp_rule("crit")
    assert rule == flag and rule in HP_BLOW_WORDS
    # The blow the forecast names is the blow the rules deal: never the formula's 8 against 15 HP.
    assert swing.blow("crit", 15) == {"assassinate": 15, "decimate": 7, "devastate": 14}[flag]
    assert swing.hp_rule("miss") is None and swing.hp_rule("hit") == (None if flag == "assassinate" else flag)
