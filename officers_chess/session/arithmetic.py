"""This attack's arithmetic in words ("7 Str + 6 Mt − 1 triangle − 5 Def = 7"), for the rule cards opened from a forecast."""

from __future__ import annotations

from officers_chess.forecast_words import HP_BLOW_WORDS, modifier_text, percent
from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.combat.armament import attack_type, usable_weapon, weapon_range
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import ExchangePlan, Modifier, Role, SwingProfile
from officers_chess.rules.pieces.models import DamageKind, Unit
from officers_chess.rules.reference.rulebook import edition_rules, rule_title

# The short word each rule adds to a sum by; a rule missing here is named by its id.
TERM_WORDS = {
    "weapon-triangle": "triangle", "inverted": "triangle (inverted)", "terrain": "terrain", "art": "art",
    "effective": "effective", "inaccurate": "Inaccurate",
}
# Already inside the stat the sum starts from (Unit.stat counts Bonus, Cursed and a standing Inflict).
IN_THE_STAT = {"bonus", "inflict"}
# The tags that set a blow from the target's HP, by the name `SwingProfile.hp_rule` gives them.
HP_RULE_TAGS = {"assassinate": "Assassinate", "decimate": "Decimate", "devastate": "Devastate"}


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
    return _damage_and_rules(plan, role, me, foe)[0]


def _damage_and_rules(plan: ExchangePlan, role: Role, me: Unit, foe: Unit) -> tuple[str | None, set[str]]:
    """`_damage`, and the rules whose figures the sum holds."""
    weapon = usable_weapon(me)
    profile = _profile(plan, role)
    if weapon is None or profile is None:
        return None, set()
    mine = [m for m in plan.modifiers if m.role is role]
    theirs = [m for m in plan.modifiers if m.role is role.other]
    terms = [(me.stat("strength"), "Str"), (weapon.might, "Mt")]
    added = [m for m in mine if m.what == "damage" and m.rule not in IN_THE_STAT | {"ineffective"}]
    terms += [(m.value, _word(m, foe)) for m in added]
    magic = attack_type(me)[1] is DamageKind.MAGIC
    guard, word = ("resistance", "Res") if magic else ("defense", "Def")
    reduction = [(-foe.stat(guard), word)]
    guards = [m for m in theirs if m.what == guard and m.rule not in IN_THE_STAT]
    reduction += [(-m.value, _word(m, foe)) for m in guards]
    rules = {m.rule for m in added + guards} | {m.rule for m in mine if m.rule in ("piercing", "ineffective")}
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
    return (text, rules) if total == profile.damage else (None, set())


def _hit(plan: ExchangePlan, role: Role, me: Unit) -> str | None:
    """What one role's d20 must show to hit, added up; None when the sum would not be the forecast's."""
    profile = _profile(plan, role)
    if profile is None or profile.always_hits:
        return None
    terms = [(me.stat("skill"), "Skl")]
    terms += [(m.value, TERM_WORDS.get(m.rule, m.rule)) for m in _hit_mods(plan, role)]
    total = sum(v for v, _ in terms)
    if total != profile.skill:
        return None
    return f"{_sum(terms)} = {total}: a d20 of {max(1, total)} or less hits" if len(terms) > 1 else \
        f"{total} Skl: a d20 of {max(1, total)} or less hits"


def _hit_mods(plan: ExchangePlan, role: Role) -> list[Modifier]:
    return [m for m in plan.modifiers if m.role is role and m.what == "skill" and m.rule not in IN_THE_STAT]


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


def _later_mods(plan: ExchangePlan, role: Role) -> tuple[list[Modifier], list[Modifier]]:
    """The notes one role's damage and hit add up from, in a later edition."""
    mods = plan.modifiers
    damage = [m for m in mods if (m.role is role and (m.rule in LATER_DAMAGE_RULES or m.what == "damage"))
              or (m.role is role.other and (m.rule == "damage-reduction" or m.what == "reduction"))]
    hit = [m for m in mods if (m.role is role and m.rule in LATER_HIT_RULES)
           or (m.role is role.other and m.what.startswith("Avoid"))]
    return damage, hit


def _later_lines(plan: ExchangePlan, role: Role) -> tuple[str | None, str | None]:
    """One role's damage and hit in a later edition, from the forecast's own notes; None where they do not add up."""
    profile = _profile(plan, role)
    if profile is None:
        return None, None
    damage, hit = _later_mods(plan, role)
    hit_sum = None if profile.always_hits else _later_sum(hit, profile.skill)
    if hit_sum is not None:
        hit_sum += f": a d{profile.faces} of {max(0, profile.skill)} or less hits"
    return _later_sum(damage, profile.damage), hit_sum


def _hp_blows(plan: ExchangePlan, role: Role, me: Unit, foe: Unit) -> list[tuple[str, tuple[str, ...], str]]:
    """Where a tag sets a blow from the target's HP and not from the sum (rulings I8): (the tag's rule, the cards
    whose figure it overrides, a line saying what the first such blow takes from `foe` as it stands)."""
    profile = _profile(plan, role)
    if profile is None:
        return []
    found = []
    hit_rule = profile.hp_rule("hit")
    crit_rule = None if profile.always_hits else profile.hp_rule("crit")
    if hit_rule is not None:
        both = crit_rule == hit_rule
        results = "a hit or a crit" if both else "a hit"
        found.append((hit_rule, ("damage", "critical") if both else ("damage",), f"{me.name}'s blow: {HP_RULE_TAGS[hit_rule]} sets it from {foe.name}'s "
                      f"{foe.hp} HP, not from the sum: {results} takes {profile.dealt('hit', foe.hp)} "
                      f"({HP_BLOW_WORDS[hit_rule]})"))
    if crit_rule is not None and crit_rule != hit_rule:
        found.append((crit_rule, ("critical",), f"{me.name}'s crit: {HP_RULE_TAGS[crit_rule]} sets it from {foe.name}'s "
                      f"{foe.hp} HP: a crit takes {profile.dealt('crit', foe.hp)} ({HP_BLOW_WORDS[crit_rule]})"))
    return found


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
        lines += [line for _, _, line in _hp_blows(plan, role, me, foe)]
        if hit is not None:
            lines.append(f"{me.name}'s hit: {hit}")
    return lines


def _speed_sum(rules, unit: Unit, value: int) -> str:
    """"6 Spd − 5 weight (Iron Axe) = 1" in v0.6, where the sheet's Attack Speed is that sum; else the figure."""
    if rules.letter_stats:
        return rules.speed_text(value)
    terms = [(unit.stat("speed"), "Spd")]
    terms += [(-item.weight, f"weight ({item.name})") for item in (unit.equipped_weapon, unit.equipped_accessory)
              if item is not None and item.weight]
    if sum(v for v, _ in terms) != value:
        return str(value)
    return f"{_sum(terms)} = {value}" if len(terms) > 1 else f"{value} Spd (nothing it carries weighs)"


def _least_lead(rules) -> int:
    """The smallest lead in the compared number that gives the faster side a second swing, in this edition."""
    return next(lead for lead in range(1, 1000) if rules.follower({Role.ATTACKER: lead, Role.DEFENDER: 0}) is Role.ATTACKER)


def _speed_lines(plan: ExchangePlan, units: dict[Role, Unit], edition: str) -> list[str]:
    """Each side's number compared for follow-ups, the difference, and who strikes again because of it."""
    rules = rules_for(edition)
    speeds = plan.attack_speed
    lines = [f"{units[r].name}'s {rules.speed_title}: {_speed_sum(rules, units[r], speeds[r])}" for r in Role]
    faster = rules.follower(speeds)
    if speeds[Role.ATTACKER] == speeds[Role.DEFENDER]:
        lines.append("Equal: neither is fast enough to attack again.")
    else:
        fast = max(Role, key=speeds.__getitem__)
        slow = fast.other
        lead = speeds[fast] - speeds[slow]
        if rules.letter_stats:
            diff = (f"{units[fast].name}'s {rules.speed_text(speeds[fast])} is {lead} step{'s' if lead > 1 else ''} "
                    f"over {rules.speed_text(speeds[slow])}")
        else:
            diff = f"{speeds[fast]} − {speeds[slow]} = {lead}: {units[fast].name} is {lead} faster"
        need = _least_lead(rules)  # said with it: a lead of 1 doubles in v0.6, and a player took 10 for the rule
        if faster is None:
            lines.append(f"{diff}: not enough to attack again (a lead of {need} or more is).")
        else:
            lines.append(f"{diff}: enough to attack again (a lead of {need} or more is).")
    book = edition_rules(edition)
    for m in plan.modifiers:  # fast enough, but a rule forbids the follow-up (Complex, Heavy, an art)
        if m.what == "follow-up" and not m.value:
            title = book[m.rule].title if m.rule in book else rule_title(m.rule)
            lines.append(f"{units[m.role].name} does not, though: {title}.")
    lines.append("Swings: " + ", ".join(
        f"{units[r].name} ×{plan.swings(r)}" if plan.swings(r) else f"{units[r].name} none" for r in Role))
    return lines


def _crit_lines(plan: ExchangePlan, role: Role, me: Unit, edition: str) -> tuple[str | None, str | None]:
    """One role's crit range (what roll crits, and the chance) and crit damage, as the forecast has them."""
    profile = _profile(plan, role)
    if profile is None or profile.always_hits:
        return None, None
    chance = percent(profile.crit_chance)
    top = [m for m in plan.modifiers if m.role is role and m.what == "crit range"]
    crit_range = f"{me.name}'s crit: a hit rolled {profile.crit_top} or less on the d{profile.faces} crits ({chance})"
    if not rules_for(edition).letter_stats and top and 1 + sum(m.value for m in top) == profile.crit_top:
        terms = [(1, "base")] + [(m.value, TERM_WORDS.get(m.rule, m.rule)) for m in top]
        crit_range = f"{me.name}'s crit range: {_sum(terms)} = {profile.crit_top}; " + crit_range.split(": ", 1)[1]
    if not rules_for(edition).letter_stats and profile.crit_damage == 2 * profile.damage:
        damage = f"{profile.damage} × 2 = {profile.crit_damage}"
    elif profile.crit_damage == profile.damage:
        damage = f"{profile.damage}, not raised (a hit deals {profile.damage})"
    else:
        damage = f"{profile.crit_damage} (a plain hit deals {profile.damage})"
    return crit_range, f"{me.name}'s crit damage: {damage}"


def _counter_line(plan: ExchangePlan, attacker: Unit, defender: Unit) -> str:
    """Whether the target strikes back: its weapon's reach against the distance of this attack."""
    weapon = usable_weapon(defender)
    far = distance(attacker.pos, defender.pos)
    back = "it strikes back" if plan.defender is not None else "no counter"
    if weapon is None:
        return f"{defender.name} holds no weapon it can swing: {back}."
    low, high = weapon_range(defender, weapon)
    reach = f"{low}" if low == high else f"{low}-{high}"
    return f"{defender.name}'s {weapon.name} reaches {reach}; {attacker.name} attacks from {far}: {back}."


def worked_by_rule(plan: ExchangePlan, attacker: Unit, defender: Unit, edition: str) -> dict[str, tuple[str, ...]]:
    """This attack's numbers for each rule card the forecast can open (rulings L93): a card shows its own rule's
    arithmetic — damage its sums, the hit roll what hits, Attack Speed each side's sum and the difference that
    gives the follow-up, a modifier what it does and the sums it is a term of."""
    units = {Role.ATTACKER: attacker, Role.DEFENDER: defender}
    cards: dict[str, list[str]] = {}

    def add(key: str, line: str) -> None:
        if line not in cards.setdefault(key, []):
            cards[key].append(line)

    for mod in plan.modifiers:
        add(mod.rule, f"{units[mod.role].name}: {modifier_text(mod)}")
    numeric = not rules_for(edition).letter_stats
    for role, me, foe in ((Role.ATTACKER, attacker, defender), (Role.DEFENDER, defender, attacker)):
        if numeric:
            damage, damage_rules = _damage_and_rules(plan, role, me, foe)
            hit, hit_rules = _hit(plan, role, me), {m.rule for m in _hit_mods(plan, role)}
        else:
            damage, hit = _later_lines(plan, role)
            later_damage, later_hit = _later_mods(plan, role)
            damage_rules = {m.rule for m in later_damage if m.value}
            hit_rules = {m.rule for m in later_hit if m.value}
        profile = _profile(plan, role)
        if profile is not None:  # where no sum is the forecast's, its figure as the core has it
            if damage is None:
                add("damage", f"{me.name}'s damage: {profile.damage} a hit")
            if hit is None:
                add("hit-roll", f"{me.name}'s hit: always hits" if profile.always_hits else
                    f"{me.name}'s hit: a d{profile.faces} of {max(0, profile.skill)} or less hits "
                    f"({percent(profile.hit_chance)})")
            if profile.always_hits:
                add("crit-range", f"{me.name}'s crit: never (it always hits, and never crits)")
        for text, key, rules, word in ((damage, "damage", damage_rules, "damage"), (hit, "hit-roll", hit_rules, "hit")):
            if text is not None:
                for rule in (key, *sorted(rules)):
                    add(rule, f"{me.name}'s {word}: {text}")
        crit_range, crit_damage = _crit_lines(plan, role, me, edition)
        if crit_range is not None:
            add("crit-range", crit_range)
        if crit_damage is not None:
            add("critical", crit_damage)
        for rule, overridden, line in _hp_blows(plan, role, me, foe):  # its own card, and those whose figure it overrides
            for key in (rule, *overridden):
                add(key, line)
    for line in _speed_lines(plan, units, edition):
        add("attack-speed", line)
        add("follow-up", line)
    add("counter", _counter_line(plan, attacker, defender))
    return {key: tuple(lines) for key, lines in cards.items()}
