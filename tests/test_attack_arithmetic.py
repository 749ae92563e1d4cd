"""Rule cards opened from a forecast add this attack's numbers up ("6 Str + 4 Mt − 3 Def = 7"), and every sum is
the forecast's own figure (rulings L45). On screen: test_snapshots.py's rule card from a forecast modifier."""

from __future__ import annotations

import re

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Role
from officers_chess.session.arithmetic import worked_lines

# v0.6 battles with the most kinds of modifier between them (terrain, shields, triangle, Effective, magic).
SCENARIOS = ("training_yard", "saltmarsh_keep", "long_march", "wolves_of_ashby", "ravens_cut")


def sums(line: str) -> list[int]:
    """The terms of a sum as written ("6 Str + 4 Mt − 3 Def = 7" gives 6, 4, -3) and its total last."""
    left, _, right = line.partition(": ")[2].partition(" = ")
    terms = re.findall(r"(^|[+−]) ?(\d+) ", left)
    total = int(re.findall(r"-?\d+", right)[-1])  # "= -2, so 0" and "= 7, and Ineffective: 0" end on the figure
    return [(-1 if sign == "−" else 1) * int(n) for sign, n in terms] + [total]


def test_every_swing_in_the_bundled_battles_adds_up_to_the_forecast():
    checked = 0
    for name in SCENARIOS:
        state = load_scenario(find_scenario(name)).new_battle(1)
        for attacker in state.units:
            for target in state.units:
                if attacker.side is target.side or usable_weapon(attacker) is None:
                    continue
                plan = state.plan(attacker, target)
                defender = state.defender_for(attacker, target, attacker.pos)
                lines = worked_lines(plan, attacker, defender, state.edition)
                for role, me in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)):
                    profile = plan.attacker if role is Role.ATTACKER else plan.defender
                    if profile is None:
                        assert not any(line.startswith(f"{me.name}'s") for line in lines) or me.name == attacker.name
                        continue
                    damage = next(line for line in lines if line.startswith(f"{me.name}'s damage: "))
                    *terms, total = sums(damage)
                    assert total == profile.damage and (max(0, sum(terms)) == total or "Ineffective" in damage), damage
                    hit = next(line for line in lines if line.startswith(f"{me.name}'s hit: "))
                    if " = " in hit:
                        *terms, total = sums(hit)
                        assert sum(terms) == total
                    else:
                        total = int(re.search(r": (\d+) Skl", hit).group(1))
                    assert total == profile.skill, hit
                    checked += 1
    assert checked > 100


def later_terms(line: str) -> tuple[list[int], int]:
    """"7 (base damage (B)) + 5 (Might) − 3 (reduction (C Def)) = 9" gives [7, 5, -3] and 9."""
    body = line.partition(": ")[2]
    body = re.sub(r"\([^()]*(\([^()]*\))?[^()]*\)", "", body)  # the names in brackets, nested once
    left, _, right = body.partition(" = ")
    terms = re.findall(r"(^|[+−]) ?(-?\d+)", left.strip())
    return [(-1 if sign == "−" else 1) * int(n) for sign, n in terms], int(re.match(r"-?\d+", right).group())


def test_the_later_editions_add_up_the_figures_their_forecast_notes():
    seen = set()
    for name in ("d100_low_water", "d100_thornmere_wardens", "ratings_letter_drill"):
        state = load_scenario(find_scenario(name)).new_battle(1)
        for attacker in state.units:
            for target in state.units:
                if attacker.side is target.side or usable_weapon(attacker) is None:
                    continue
                plan = state.plan(attacker, target)
                defender = state.defender_for(attacker, target, attacker.pos)
                lines = worked_lines(plan, attacker, defender, state.edition)
                profile = plan.attacker
                damage = next(line for line in lines if line.startswith(f"{attacker.name}'s damage: "))
                terms, total = later_terms(damage)
                assert sum(terms) == total == profile.damage, damage
                for hit in (line for line in lines if line.startswith(f"{attacker.name}'s hit: ")):
                    terms, total = later_terms(hit.split(": a d")[0])
                    assert sum(terms) == total == profile.skill, hit
                seen.add(state.edition)
    assert seen == {"d100", "ratings"}
