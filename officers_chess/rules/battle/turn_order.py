"""Activation order: sides alternate one unit at a time (or the players one, a game master three); whoever runs
out first leads the next round."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.pieces.models import Side, Unit


def waiting(units: list[Unit], side: Side) -> list[Unit]:
    """Units of `side` that are still on the field and have not activated this round."""
    return [u for u in units if u.side is side and u.on_field and not u.activated]


@dataclass(frozen=True)
class NextUp:
    """Who acts after an activation, and whether that activation closed the round."""

    to_act: Side
    finished_first: Side | None
    round_over: bool
    burst: int = 0  # activations `to_act` has already had in its current run


GAME_MASTER_RUN = 3  # the game master's side activates three units for the players' one


def after_activation(units: list[Unit], acted: Side, finished_first: Side | None,
                     game_master: Side | None = None, burst: int = 0) -> NextUp:
    """Decide who acts next once `acted` has finished a unit's combat turn.

    A side is finished the moment it has nothing left to activate, whether it
    activated every unit or lost the rest in combat. When one activation finishes
    both sides at once, the side that took it counts as first (docs/rulings.md).

    >>> from officers_chess.rules.pieces.models import Side
    >>> after_activation([], Side.ATTACKER, None).finished_first
    <Side.ATTACKER: 'attacker'>

    With a `game_master` side, that side activates three units in a row (`burst` counts the ones it
    has had) and the other side one; the other side opens every round (docs/rulings.md E15).
    """
    mine_left = bool(waiting(units, acted))
    theirs_left = bool(waiting(units, acted.other))
    if game_master is not None:
        if not mine_left and not theirs_left:
            return NextUp(to_act=game_master.other, finished_first=finished_first or acted, round_over=True)
        run = GAME_MASTER_RUN if acted is game_master else 1
        done = burst + 1
        if mine_left and (done < run or not theirs_left):
            return NextUp(to_act=acted, finished_first=finished_first, round_over=False, burst=done if theirs_left else 0)
        return NextUp(to_act=acted.other if theirs_left else acted, finished_first=finished_first, round_over=False)
    return _alternate(mine_left, theirs_left, acted, finished_first)


def _alternate(mine_left: bool, theirs_left: bool, acted: Side, finished_first: Side | None) -> NextUp:
    """One unit each in turn."""
    if finished_first is None:
        if not mine_left:
            finished_first = acted
        elif not theirs_left:
            finished_first = acted.other
    if not mine_left and not theirs_left:
        assert finished_first is not None
        return NextUp(to_act=finished_first, finished_first=finished_first, round_over=True)
    return NextUp(to_act=acted.other if theirs_left else acted, finished_first=finished_first, round_over=False)
