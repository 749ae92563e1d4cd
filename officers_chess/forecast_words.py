"""Forecast numbers in words: percentages, the likeliest HP, and what each modifier does (CLI and battle screen)."""

from __future__ import annotations

from fractions import Fraction

from officers_chess.rules.combat.exchange import ExchangePlan, Modifier, Role


def percent(p: Fraction) -> str:
    """A chance as players read it; a real chance is never rounded to 0% or 100%."""
    if 0 < p < Fraction(1, 100):
        return "<1%"
    if Fraction(99, 100) < p < 1:
        return ">99%"
    return f"{float(p) * 100:.0f}%"


def most_likely(dist: dict[int, Fraction]) -> int:
    """The likeliest HP; on a tie, the lower one (the forecast never flatters)."""
    return max(dist.items(), key=lambda kv: (kv[1], -kv[0]))[0]


# Each forecast row's label says whose number it is: a unit's own HP after, or what its own swings deal (rulings
# L92); "Damage 11" under a name read as the damage that unit takes. At most 15 cells, so that the two figures
# still fit beside it in the battle screen's narrowest side pane (80×24). The likeliest HP's chance has a row of its
# own (rulings L100): "20→20 100%" beside "20→11 50%" was wider than that pane and wrapped under the wrong column.
LABELS = {
    "likely": "Likely HP after", "likely_odds": "Odds of that HP", "worst": "Worst HP after", "damage": "Damage dealt", "crit_damage": "Crit dmg dealt",
    "hit": "Chance to hit", "crit": "Chance to crit", "swings": "Swings made", "routed": "Chance routed",
    "uses": "Weapon uses",
}

FLAG_TEXT = {
    "devil": "rolls of 9-10 turn on it",
    "drain": "heals half the damage it deals",
    "decimate": "a hit takes half the target's HP",
    "devastate": "a hit leaves the target at 1 HP",
    "assassinate": "a crit takes every HP left",
    "brave": "two swings per attack",
    "distant-counter": "counters at any range",
    "guarded": "crits do not double",
    "ineffective": "deals no damage",
    # the later editions
    "crit-triple": "crits triple the damage",
    "crit-double": "crits double the damage before reduction",
    "homing": "always hits, never crits",
}
# Rules whose modifiers carry a figure of the calculation (base damage, Might, the table's value),
# not a change to one: shown as "what: value".
FIGURE_RULES = ("hit-formula", "to-hit-table", "damage-table", "base-damage", "damage-reduction", "avoid")


def modifier_text(mod: Modifier) -> str:
    """What a modifier does, in a few words (the same words as the battle screen's forecast)."""
    if mod.rule == "brave" and mod.value == 1:  # the d100 draft's Brave counters once (rulings E42)
        return "once on a counter: Brave doubles its own attacks only"
    if mod.rule in FLAG_TEXT:
        return FLAG_TEXT[mod.rule]
    if mod.what == "follow-up":
        return "attacks again" if mod.value else "no follow-up"
    if mod.rule == "piercing":
        return f"ignores {mod.value} Defense" if mod.what == "ignores defense" else mod.what
    if mod.rule == "broken":
        return "a damaging hit breaks the target" if mod.what == "breaks" else "broken: cannot counter"
    if mod.rule == "heavy":
        return {"pushes back": "a hit pushes the target back", "strikes second": "strikes after the counter",
                "swings last": "swings after every other swing"}.get(mod.what, mod.what)
    if mod.rule in FIGURE_RULES:
        return f"{mod.what}: {mod.value}"
    return f"{mod.what} {mod.value:+d}"


# A hit whose damage is set by the target's HP, not by the formula: what the damage cell adds to its figure.
HP_BLOW_WORDS = {"assassinate": "all HP", "decimate": "half HP", "devastate": "to 1 HP"}


def profile_figure(plan: ExchangePlan, role: Role, attr: str, target_hp: int | None = None) -> str:
    """One figure of a side's swings (damage, crit_damage, hit_chance, crit_chance); "–" when it cannot counter.
    Given the target's HP, a damage figure that Decimate, Devastate or Assassinate set from that HP is what the
    first such blow takes, not the formula's figure ("19 (to 1 HP)" for Devastate against 20 HP)."""
    profile = plan.attacker if role is Role.ATTACKER else plan.defender
    if profile is None:
        return "–"
    if attr in ("damage", "crit_damage") and target_hp is not None:
        result = "crit" if attr == "crit_damage" else "hit"
        rule = profile.hp_rule(result)
        if rule is not None:
            return f"{profile.dealt(result, target_hp)} ({HP_BLOW_WORDS[rule]})"
    value = getattr(profile, attr)
    return percent(value) if isinstance(value, Fraction) else str(value)
