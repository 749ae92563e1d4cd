"""What `officers-chess forecast` prints: the documented JSON object, or a readable Rich table.

`forecast_json` is plain Python (no Rich) so other tools can build the same object. Every
number in both comes from a `rules.combat.exchange.Forecast`; nothing is computed here but formatting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from officers_chess.forecast_words import LABELS, modifier_text, most_likely, percent, profile_figure
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import Forecast, Modifier, Role
from officers_chess.rules.reference.rulebook import RULE_TITLES, edition_rules

if TYPE_CHECKING:
    from rich.console import RenderableType

    from officers_chess.content.duel import Duel


def side_json(fc: Forecast, role: Role) -> dict[str, Any]:
    """One side of the forecast. A defender that cannot counter has 0 swings and 0 for
    damage, crit damage, hit and crit (it makes no swing for them to describe)."""
    plan = fc.plan
    profile = plan.attacker if role is Role.ATTACKER else plan.defender
    return {
        "damage": profile.damage if profile else 0,
        "crit_damage": profile.crit_damage if profile else 0,
        "hit": float(profile.hit_chance) if profile else 0.0,
        "crit": float(profile.crit_chance) if profile else 0.0,
        "swings": plan.swings(role),
        "attack_speed": plan.attack_speed[role],
        "hp_after": {str(hp): float(p) for hp, p in fc.hp_after(role).items()},
    }


def modifier_json(mod: Modifier) -> dict[str, Any]:
    return {"side": mod.role.value, "what": mod.what, "value": mod.value, "rule": mod.rule}


def forecast_json(fc: Forecast) -> dict[str, Any]:
    """The object `forecast --json` prints (contract: PRODUCT.md, "Forecast JSON")."""
    return {
        "attacker": side_json(fc, Role.ATTACKER),
        "defender": side_json(fc, Role.DEFENDER),
        "p_attacker_routed": float(fc.p_routed(Role.ATTACKER)),
        "p_defender_routed": float(fc.p_routed(Role.DEFENDER)),
        "modifiers": [modifier_json(m) for m in fc.plan.modifiers],
    }


# --- the readable table ------------------------------------------------------------------


def _who(duel: Duel, role: Role) -> str:
    fighter = duel.attacker if role is Role.ATTACKER else duel.defender
    unit = fighter.unit
    weapon = unit.equipped_weapon.name if unit.equipped_weapon else "unarmed"
    gear = weapon + (f" + {unit.equipped_accessory.name}" if unit.equipped_accessory else "")
    form = " (beast form)" if unit.transformed else ""
    return f"{role.value.capitalize()}\n{unit.name}{form}\n{gear}\non {fighter.terrain.name.lower()}"


def forecast_table(duel: Duel, fc: Forecast) -> RenderableType:
    """Both sides in two columns, then every modifier with the title of its rule."""
    from rich.console import Group
    from rich.table import Table

    plan = fc.plan
    roles = (Role.ATTACKER, Role.DEFENDER)
    hp_now = {Role.ATTACKER: duel.attacker.unit.hp, Role.DEFENDER: duel.defender.unit.hp}
    table = Table(title=f"Forecast · distance {duel.distance}", title_justify="left", show_lines=False)
    table.add_column("")
    for role in roles:
        table.add_column(_who(duel, role), justify="right")

    def row(label: str, value) -> None:
        table.add_row(label, *(value(role) for role in roles))

    # A blow set by the target's HP (Devastate) shows what it takes from this target (rulings I8).
    target_hp = {Role.ATTACKER: hp_now[Role.DEFENDER], Role.DEFENDER: hp_now[Role.ATTACKER]}

    def profile_value(attr: str):
        return lambda role: profile_figure(plan, role, attr, target_hp[role])

    row("HP now → most likely", lambda r: f"{hp_now[r]} → {most_likely(fc.hp_after(r))}")
    row("HP at worst", lambda r: str(min(fc.hp_after(r))))
    row(LABELS["damage"], profile_value("damage"))  # whose number each row is, as on the battle screen (L92)
    row(LABELS["crit_damage"], profile_value("crit_damage"))
    row(LABELS["hit"], profile_value("hit_chance"))
    row(LABELS["crit"], profile_value("crit_chance"))
    row(LABELS["swings"], lambda r: str(plan.swings(r)) if plan.swings(r) or r is Role.ATTACKER else "0 (no counter)")
    rules = rules_for(duel.edition)
    row(rules.speed_title, lambda r: rules.speed_text(plan.attack_speed[r]))
    row(LABELS["routed"], lambda r: percent(fc.p_routed(r)))

    parts: list[RenderableType] = [table]
    if plan.modifiers:
        mods = Table(title="Modifiers", title_justify="left")
        mods.add_column("Side")
        mods.add_column("Change")
        mods.add_column("Rule")
        for mod in plan.modifiers:
            book = edition_rules(duel.edition)
            mods.add_row(mod.role.value, modifier_text(mod), book[mod.rule].title if mod.rule in book else RULE_TITLES.get(mod.rule, mod.rule))
        parts.append(mods)
    return Group(*parts)


def print_forecast(duel: Duel, fc: Forecast) -> None:
    """Print the table to stdout."""
    from officers_chess.commands.output import print_rich

    print_rich(forecast_table(duel, fc))
