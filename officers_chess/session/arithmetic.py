"""This attack's arithmetic in words ("7 Str + 6 Mt − 1 triangle − 5 Def = 7"), for the rule cards opened from a forecast."""

from __future__ import annotations

from officers_chess.rules.combat.armament import attack_type, usable_weapon
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import ExchangePlan, Modifier, Role, SwingProfile
from officers_chess.rules.pieces.models import DamageKind, Unit

# The short word each rule adds to a sum by; a rule missing here is named by its id.
TERM_WORDS = {
    "weapon-triangle": "triangle", "inverted": "triangle (inverted)", "terrain": "terrain", "art": "art",
    "effective": "effective", "inaccurate": "Inaccurate",
}
# Already inside the stat the sum starts from (Unit.stat counts Bonus, Cursed and a standing Inflict).
IN_THE_STAT = {"bonus", "inflict"}


def _sum(terms: list[tuple[int, str]]) -> str:
    """"7 Str + 6 Mt − 1 triangle": the first term as it stands, each next with its sign."""
    text = f"{terms[0][0]} {terms[0][1]}"
    for value, word in terms[1:]:
        text += f" {'−' if value < 0 else '+'} {abs(value)} {word}"
    return text


def _word(mod: Modifier, foe: Unit) -> str:
    if mod.rule == "accessory":
        accessory = foe.equipped_accessory
        return accessory.name if accessory is not None else "shield"
    return TERM_WORDS.get(mod.rule, mod.rule)


def _profile(plan: ExchangePlan, role: Role) -> SwingProfile | None:
    return plan.attacker if role is Role.ATTACKER else plan.defender  # None: no counter


def _damage(plan: ExchangePlan, role: Role, me: Unit, foe: Unit) -> str | None:
    """One role's damage per hit as the v0.6 rules add it up; None when the sum would not be the forecast's."""
    weapon = usable_weapon(me)
    profile = _profile(plan, role)
    if weapon is None or profile is None:
        return None
    mine = [m for m in plan.modifiers if m.role is role]
    theirs = [m for m in plan.modifiers if m.role is role.other]
    terms = [(me.stat("strength"), "Str"), (weapon.might, "Mt")]
    terms += [(m.value, _word(m, foe)) for m in mine
              if m.what == "damage" and m.rule not in IN_THE_STAT | {"ineffective"}]
    magic = attack_type(me)[1] is DamageKind.MAGIC
    guard, word = ("resistance", "Res") if magic else ("defense", "Def")
    reduction = [(-foe.stat(guard), word)]
    reduction += [(-m.value, _word(m, foe)) for m in theirs if m.what == guard and m.rule not in IN_THE_STAT]
    pierced = any(m.rule == "piercing" for m in mine)
    total = sum(v for v, _ in terms) + (0 if pierced else sum(v for v, _ in reduction))
    text = _sum(terms + ([] if pierced else reduction))
    if pierced:
        text += " (Piercing: no Def)"
    if total < 0:
        text += f" = {total}, so 0"
        total = 0
    else:
        text += f" = {total}"
    if any(m.rule == "ineffective" for m in mine):
        text += ", and Ineffective: 0"
        total = 0
    return text if total == profile.damage else None


def _hit(plan: ExchangePlan, role: Role, me: Unit) -> str | None:
    """What one role's d20 must show to hit, added up; None when the sum would not be the forecast's."""
    profile = _profile(plan, role)
    if profile is None or profile.always_hits:
        return None
    terms = [(me.stat("skill"), "Skl")]
    terms += [(m.value, TERM_WORDS.get(m.rule, m.rule)) for m in plan.modifiers
              if m.role is role and m.what == "skill" and m.rule not in IN_THE_STAT]
    total = sum(v for v, _ in terms)
    if total != profile.skill:
        return None
    return f"{_sum(terms)} = {total}: a d20 of {max(1, total)} or less hits" if len(terms) > 1 else \
        f"{total} Skl: a d20 of {max(1, total)} or less hits"


# The later editions note every figure they add (a table's entry, Might, a reduction, an Avoid) among the
# forecast's modifiers: a sum is those notes, each named as the forecast names it.
LATER_DAMAGE_RULES = {"base-damage", "damage-table"}
LATER_HIT_RULES = {"hit-formula", "to-hit-table"}


def _later_sum(terms: list[Modifier], figure: int) -> str | None:
    """"7 (base damage (B)) + 5 (Might) − 3 (reduction (C Def)) = 9", when the notes add up to `figure`."""
    terms = [m for m in terms if m.value]
    if len(terms) < 2 or sum(m.value for m in terms) != figure:
        return None
    text = f"{terms[0].value} ({terms[0].what})"
    for m in terms[1:]:
        text += f" {'−' if m.value < 0 else '+'} {abs(m.value)} ({m.what})"
    return f"{text} = {figure}"


def _later_lines(plan: ExchangePlan, role: Role) -> tuple[str | None, str | None]:
    """One role's damage and hit in a later edition, from the forecast's own notes; None where they do not add up."""
    profile = _profile(plan, role)
    if profile is None:
        return None, None
    mods = plan.modifiers
    damage = [m for m in mods if (m.role is role and (m.rule in LATER_DAMAGE_RULES or m.what == "damage"))
              or (m.role is role.other and (m.rule == "damage-reduction" or m.what == "reduction"))]
    hit = [m for m in mods if (m.role is role and m.rule in LATER_HIT_RULES)
           or (m.role is role.other and m.what.startswith("Avoid"))]
    hit_sum = None if profile.always_hits else _later_sum(hit, profile.skill)
    if hit_sum is not None:
        hit_sum += f": a d{profile.faces} of {max(0, profile.skill)} or less hits"
    return _later_sum(damage, profile.damage), hit_sum


def worked_lines(plan: ExchangePlan, attacker: Unit, defender: Unit, edition: str) -> list[str]:
    """Each side's damage and hit in this attack, added up term by term (rulings L45): in v0.6 from the units'
    stats and the forecast's modifiers, in the later editions from the figures the forecast notes."""
    lines = []
    for role, me, foe in ((Role.ATTACKER, attacker, defender), (Role.DEFENDER, defender, attacker)):
        if not rules_for(edition).letter_stats:  # numeric stats: the sum is built from them
            damage, hit = _damage(plan, role, me, foe), _hit(plan, role, me)
        else:
            damage, hit = _later_lines(plan, role)
        if damage is not None:
            lines.append(f"{me.name}'s damage: {damage}")
        if hit is not None:
            lines.append(f"{me.name}'s hit: {hit}")
    return lines
