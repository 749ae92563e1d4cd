"""Activation order: sides alternate one unit at a time; whoever runs out first leads the next round."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.models import Side, Unit


def waiting(units: list[Unit], side: Side) -> list[Unit]:
    """Units of `side` that are still on the field and have not activated this round."""
    return [u for u in units if u.side is side and u.on_field and not u.activated]


@dataclass(frozen=True)
class NextUp:
    """Who acts after an activation, and whether that activation closed the round."""

    to_act: Side
    finished_first: Side | None
    round_over: bool


def after_activation(units: list[Unit], acted: Side, finished_first: Side | None) -> NextUp:
    """Decide who acts next once `acted` has finished a unit's combat turn.

    A side is finished the moment it has nothing left to activate, whether it
    activated every unit or lost the rest in combat. When one activation finishes
    both sides at once, the side that took it counts as first (docs/rulings.md).

    >>> from officers_chess.rules.models import Side
    >>> after_activation([], Side.ATTACKER, None).finished_first
    <Side.ATTACKER: 'attacker'>
    """
    mine_left = bool(waiting(units, acted))
    theirs_left = bool(waiting(units, acted.other))
    if finished_first is None:
        if not mine_left:
            finished_first = acted
        elif not theirs_left:
            finished_first = acted.other
    if not mine_left and not theirs_left:
        assert finished_first is not None
        return NextUp(to_act=finished_first, finished_first=finished_first, round_over=True)
    return NextUp(to_act=acted.other if theirs_left else acted, finished_first=finished_first, round_over=False)
