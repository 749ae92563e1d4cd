"""The forecast's likeliest HP says what its percentage is of, and the numbers add up as the rules core has them (rulings L78)."""

from __future__ import annotations

import io

from factories import D, game, plains, unit, unit_class, weapon
from rich.console import Console

from officers_chess.forecast_words import most_likely, percent
from officers_chess.rules.combat.exchange import Role
from officers_chess.tui.widgets.forecast_pane import LABELS, LIKELIEST_NOTE, forecast_view


def test_the_likeliest_hp_and_hit_chance_are_told_apart_and_add_up():
    javelin = weapon("lance", range=(1, 2), name="Javelin")
    tome = weapon("reason", name="Bolt")  # reaches 1 tile: no counter at 2
    state = game(plains(4), [unit(id="a1", weapon=javelin, cls=unit_class(skl=14)), unit(id="d1", side=D, pos=(2, 0), weapon=tome)])
    a1, d1 = state.unit("a1"), state.unit("d1")
    fc = state.forecast(a1, d1)
    plan = fc.plan
    assert plan.swings(Role.ATTACKER) == 1 and plan.swings(Role.DEFENDER) == 0
    dist = fc.hp_after(Role.DEFENDER)
    likely = most_likely(dist)
    hit, crit = plan.attacker.hit_chance, plan.attacker.crit_chance
    # The player's case: the likeliest HP is a plain hit, its chance the hit chance less the crits.
    assert 0 < crit < hit and likely == d1.hp - plan.attacker.damage
    assert dist[likely] == hit - crit and dist[d1.hp] == 1 - hit
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(forecast_view(fc, a1, d1))
    text = console.export_text()
    row = next(line for line in text.splitlines() if line.strip().startswith(LABELS["likely"]))
    odds = next(line for line in text.splitlines() if line.strip().startswith(LABELS["likely_odds"] + " "))
    assert odds.split()[-1] == percent(dist[likely]) and row.split()[-1] == f"{d1.hp}→{likely}"
    hit_row = next(line for line in text.splitlines() if line.strip().startswith(LABELS["hit"]))
    assert hit_row.split()[-2] == percent(hit)
    assert LIKELIEST_NOTE in " ".join(text.split())
    assert "chance of ending on exactly the likely HP" in LIKELIEST_NOTE and "crit" in LIKELIEST_NOTE


def test_every_row_says_whose_number_it_is_and_fits_the_narrowest_pane():
    # rulings L92: "Damage 11" under a name read as damage taken. At 80×24 the side pane shows 37 cells of text.
    state = game(plains(4), [unit(id="a1", name="Corin", cls=unit_class(skl=14)),
                             unit(id="d1", name="Dunn", side=D, pos=(1, 0), cls=unit_class(spd=15))])
    a1, d1 = state.unit("a1"), state.unit("d1")
    fc = state.forecast(a1, d1)
    plan = fc.plan
    assert plan.swings(Role.DEFENDER) == 2
    console = Console(width=37, record=True, file=io.StringIO())
    console.print(forecast_view(fc, a1, d1))
    lines = console.export_text().splitlines()
    rows = {}
    for line in lines:
        label = next((lb for lb in sorted(LABELS.values(), key=len, reverse=True) if line.startswith(lb + " ")), None)
        if label is not None:
            rows[label] = line[len(label):].split()
    assert set(rows) == set(LABELS.values()) - {LABELS["uses"]}  # each row on one line, its label whole
    assert rows[LABELS["damage"]] == [str(plan.attacker.damage), str(plan.defender.damage)]
    assert rows[LABELS["crit_damage"]] == [str(plan.attacker.crit_damage), str(plan.defender.crit_damage)]
    assert rows[LABELS["hit"]] == [percent(plan.attacker.hit_chance), percent(plan.defender.hit_chance)]
    assert rows[LABELS["swings"]] == ["×1", "×2"]
    likely = most_likely(fc.hp_after(Role.ATTACKER))
    assert rows[LABELS["likely"]][0] == f"{a1.hp}→{likely}"
    assert rows[LABELS["worst"]][1] == f"→{min(fc.hp_after(Role.DEFENDER))}"
    # Whose number: a unit's own HP after, or what its own swings deal and hit with.
    for key in ("likely", "worst"):
        assert "HP after" in LABELS[key]
    for key in ("damage", "crit_damage"):
        assert LABELS[key].endswith("dealt")
    assert LABELS["hit"] == "Chance to hit" and LABELS["crit"] == "Chance to crit"
