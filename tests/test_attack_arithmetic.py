"""Rule cards opened from a forecast add this attack's numbers up ("6 Str + 4 Mt − 3 Def = 7"), and every sum is
the forecast's own figure (rulings L45). On screen: test_snapshots.py's rule card from a forecast modifier."""

from __future__ import annotations

import re

from factories import D, game, plains, unit, unit_class, weapon

from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Role
from officers_chess.forecast_words import percent
from officers_chess.session.arithmetic import worked_by_rule, worked_lines
from officers_chess.tui.reference import forecast_choices

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


def _choices_and_cards(state, attacker, target):
    plan = state.plan(attacker, target)
    defender = state.defender_for(attacker, target, attacker.pos)
    names = {Role.ATTACKER: attacker.name, Role.DEFENDER: defender.name}
    return plan, defender, forecast_choices(plan, names, state.edition), \
        worked_by_rule(plan, attacker, defender, state.edition)


def test_every_card_the_forecast_opens_shows_its_own_rules_numbers():
    # rulings L93: the Attack Speed card showed the damage and hit sums, never the speeds that gave the double.
    checked = set()
    for name in (*SCENARIOS, "d100_low_water", "ratings_letter_drill"):
        state = load_scenario(find_scenario(name)).new_battle(1)
        for attacker in state.units:
            for target in state.units:
                if attacker.side is target.side or usable_weapon(attacker) is None:
                    continue
                plan, defender, choices, cards = _choices_and_cards(state, attacker, target)
                for _, key in choices:
                    assert cards.get(key), f"{key} card without this attack's numbers ({attacker.name} on {target.name})"
                    checked.add(key)
                for role, me in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)):
                    profile = plan.attacker if role is Role.ATTACKER else plan.defender
                    speed = next(line for line in cards["attack-speed"] if line.startswith(f"{me.name}'s "))
                    if state.edition == "v0.6":  # "6 Spd − 5 weight (Iron Axe) = 1", or "6 Spd (nothing ...)"
                        body = re.sub(r"\([^)]*\)", "", speed.partition(": ")[2])
                        left, _, right = body.partition(" = ")
                        terms = [(-1 if sign == "−" else 1) * int(n) for sign, n in re.findall(r"([+−]?) ?(-?\d+) ", left)]
                        total = int(right) if right else terms[0]
                        assert sum(terms) == total == plan.attack_speed[role] == me.attack_speed, speed
                    if profile is None or profile.always_hits:
                        continue
                    crit = next(line for line in cards["crit-range"] if line.startswith(f"{me.name}'s crit"))
                    assert crit.endswith(f"({percent(profile.crit_chance)})") and f" {profile.crit_top} or less" in crit
                    double = next(line for line in cards["critical"] if line.startswith(f"{me.name}'s "))
                    assert re.search(rf"\b{profile.crit_damage}\b", double), double
                swings = cards["attack-speed"][-1]
                assert swings == cards["follow-up"][-1] and swings.startswith("Swings: ")
                for role, me in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)):
                    n = plan.swings(role)
                    assert (f"{me.name} ×{n}" if n else f"{me.name} none") in swings
                counter = cards["counter"][0]
                assert counter.endswith("it strikes back.") == (plan.defender is not None), counter
    assert {"attack-speed", "follow-up", "damage", "hit-roll", "crit-range", "critical", "counter",
            "weapon-triangle"} <= checked


def test_the_attack_speed_card_shows_both_sums_and_the_difference_that_gives_the_double():
    # The play-tester's case: a slow axe (Attack Speed 1) against a quick foe (11), who strikes twice.
    axe = weapon("axe", weight=5, name="Iron Axe")
    state = game(plains(3), [unit(id="a1", weapon=axe, cls=unit_class(spd=6)),
                             unit(id="d1", side=D, pos=(1, 0), cls=unit_class(spd=11))])
    attacker, defender = state.unit("a1"), state.unit("d1")
    plan = state.plan(attacker, defender)
    assert plan.attack_speed == {Role.ATTACKER: 1, Role.DEFENDER: 11} and plan.swings(Role.DEFENDER) == 2
    lines = worked_by_rule(plan, attacker, defender, state.edition)["attack-speed"]
    assert lines[0] == f"{attacker.name}'s Attack speed: 6 Spd − 5 weight (Iron Axe) = 1"
    assert lines[1] == f"{defender.name}'s Attack speed: 11 Spd (nothing it carries weighs)"
    # The least lead that doubles is said with it (rulings L115): a player read "10 faster" as the rule.
    assert lines[2] == f"11 − 1 = 10: {defender.name} is 10 faster: enough to attack again (a lead of 1 or more is)."
    assert lines[-1] == f"Swings: {attacker.name} ×1, {defender.name} ×2"
    assert not any("damage" in line for line in lines)  # its own rule's numbers, not the damage sums


def test_a_blow_the_targets_hp_sets_is_said_beside_the_sum_it_overrides():
    """Devastate leaves the target at 1 HP whatever the sum says; Assassinate's crit takes all an unpromoted foe's
    HP. The sum is still the forecast's figure, and under it the card says what the blow really takes (the sum
    alone read "= 4" for a Ruin hit that takes 13)."""
    tome = weapon("dark", might=0, range=(1, 2), tags=["Devastate"], name="Ruin")
    state = game(plains(3), [unit(id="a1", weapon=tome), unit(id="d1", side=D, pos=(1, 0), hp=14)])
    witch, target = state.unit("a1"), state.unit("d1")
    plan = state.plan(witch, target)
    said = f"{witch.name}'s blow: Devastate sets it from {target.name}'s 14 HP, not from the sum: a hit or a crit takes 13 (to 1 HP)"
    cards = worked_by_rule(plan, witch, target, state.edition)
    assert cards["damage"][:2] == (f"{witch.name}'s damage: 5 Str + 0 Mt − 1 Res = 4", said)
    assert said in cards["devastate"] and said in cards["critical"]
    assert said in worked_lines(plan, witch, target, state.edition)
    assert not any("sets it" in line for line in cards["damage"][2:])  # the target's plain sword sets nothing

    blade = unit(id="a2", weapon=weapon(), tags=["Assassinate"], promoted=True)
    state = game(plains(3), [blade, unit(id="d1", side=D, pos=(1, 0), hp=14)])
    killer, target = state.unit("a2"), state.unit("d1")
    cards = worked_by_rule(state.plan(killer, target), killer, target, state.edition)
    said = f"{killer.name}'s crit: Assassinate sets it from {target.name}'s 14 HP: a crit takes 14 (all HP)"
    assert said in cards["critical"] and not any("sets it" in line for line in cards["damage"])
