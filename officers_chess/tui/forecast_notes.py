"""The forecast's modifier notes as the battle screen lists them: the exchange's own, and why a Brave counter is single."""

from __future__ import annotations

from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import ExchangePlan, Modifier, Role
from officers_chess.rules.pieces.models import Unit


def forecast_modifiers(plan: ExchangePlan, defender: Unit | None) -> list[Modifier]:
    """`plan.modifiers`, and a note where the defender's Brave does not double its counter (the d100 draft's Brave
    doubles only its wielder's own Attack action, rulings E42): without it, "×1" beside a Brave weapon reads as a
    mistake, as every other tag that changes a figure is named under the figures."""
    mods = list(plan.modifiers)
    if defender is None or not plan.swings(Role.DEFENDER) or not defender.has("Brave"):
        return mods
    if rules_for(defender.unit_class.edition).brave_on_counter:
        return mods
    if not any(m.rule == "brave" and m.role is Role.DEFENDER for m in mods):
        mods.append(Modifier(Role.DEFENDER, "swings", 1, "brave"))
    return mods
