"""What a finished chapter pays each player: routed enemies at their cost (the Leader twice), the objective, the win."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.basics.words import article
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.victory import conditions
from officers_chess.rules.campaign.book import Chapter, Payouts, Player
from officers_chess.rules.pieces.models import Side

OBJECTIVE_KINDS = ("seize", "escape", "raze", "hold", "control", "heist")  # wins by doing, not by routing


class Payout(BaseModel):
    """One line of a chapter's pay: why, and how much gold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reason: str = Field(max_length=200)
    gold: int = Field(ge=0, le=10_000_000)


def won_by_objective(state: GameState, side: Side) -> bool:
    """True when `side` won the battle by one of its objective conditions (the result names it)."""
    result = state.result
    return (result is not None and result.winner is side
            and any(c.kind in OBJECTIVE_KINDS and c.achieved(side) == result.reason for c in conditions(state, side)))


def chapter_payouts(state: GameState, chapter: Chapter, rules: Payouts,
                    costs: dict[Side, dict[str, int]]) -> dict[Player, list[Payout]]:
    """Each player's pay for the chapter, line by line. `costs` holds each side's fielded units by their id in the
    battle (`chapters.fielded_id`) with their cost as they took the field; units the scenario sent in
    (reinforcements) pay nothing."""
    pay: dict[Player, list[Payout]] = {"p1": [], "p2": []}
    for player in pay:
        side = chapter.sides[player]  # type: ignore[index]
        enemy_costs = costs.get(side.other, {})
        for unit in state.units:
            if unit.side is side or not unit.routed or unit.id not in enemy_costs:
                continue
            cost = enemy_costs[unit.id]
            leader = unit.has("Leader")
            factor = rules.leader if leader else rules.rout
            gold = round(cost * factor)
            times = "" if factor == 1 else f" × {factor:g}"
            who = "the enemy Leader" if leader else f"{article(unit.unit_class.name)} {unit.unit_class.name}"
            reason = f"routed {unit.name}, {who} of cost {cost}{times}"
            if gold:
                pay[player].append(Payout(reason=reason, gold=gold))
        result = state.result
        if result is None or result.winner is not side:
            continue
        if won_by_objective(state, side) and rules.objective:
            pay[player].append(Payout(reason=f"the objective: {result.reason}", gold=rules.objective))
        purse = getattr(rules.tiers, result.tier, 0)
        if purse:
            pay[player].append(Payout(reason="a decisive win" if result.tier == "decisive" else "a win", gold=purse))
    return pay
