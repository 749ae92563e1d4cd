"""A saved battle as the replay viewer steps through it: each state in turn with the words of the action that led
there. Only a battle with nothing left to hide is replayed (a finished one, or one without fog: rulings F8), so
each frame is the whole battle as everyone may know it."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.content.saves import SavedBattle
from officers_chess.rules.battle.actions import Action, Attack, Strike
from officers_chess.rules.battle.events import Moved, merged
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.history.replay import action_words, replay
from officers_chess.session.turn_recap import walked


@dataclass(frozen=True)
class Frame:
    """The battle after `number` actions (0: the start), the words of the action that led there and what it did."""

    number: int
    known: Known
    words: str
    told: str  # the events of that action, as the log words them
    problem: str = ""  # the action did not replay as recorded
    path: tuple[Pos, ...] = ()  # a move's way, from the tile it left to the one it reached (drawn on the map)
    round: int = 1  # the round the action was taken in (the last of a round leaves the battle in the next one)
    struck: tuple[Pos, Pos] | None = None  # an attack's (or a strike's): where it came from, and the tile it hit


def frames(saved: SavedBattle) -> list[Frame]:
    """Every state of the battle, from the start to its last action (or to where the record parts). A computer
    unit's move names the script lines it followed, as `replay --text` does (rulings P12)."""
    # Loaded when a replay opens: the title never loads the computer players (tests/test_title_shelf.py).
    from officers_chess.ai.order_notes import recorded_players, with_orders
    from officers_chess.ai.play import LEVELS

    computer = recorded_players(saved.record.players, LEVELS)
    out = [Frame(0, saved.start, "The battle begins.", "", round=saved.start.round)]
    for step in replay(saved.record, saved.start):
        if step.after is None:
            out.append(Frame(step.number, step.before, action_words(step.before, step.action), "",
                             f"action {step.number} cannot be played again: {step.illegal}", round=step.before.round))
            break
        problem = "" if step.found == step.recorded else f"action {step.number} replays differently from the record"
        events = with_orders(step.events, step.action, step.before, computer.get(step.before.to_act))
        told = "\n".join(event.text() for event in merged(events))
        out.append(Frame(step.number, step.after, action_words(step.before, step.action), told, problem,
                         trail(step.before, step.events), step.before.round, blow(step.before, step.action)))
        if problem:
            break
    return out


def trail(before: Known, events: list) -> tuple[Pos, ...]:
    """The tiles the step's move walked (a move, a Canto move), both ends included, from its `Moved` event: where an
    ambush stopped it short, to where it stopped. The way is the cheapest the rules find from where the unit stood,
    as the computer's turn again (`v`) draws it (`walked`); none for a step that moved nobody."""
    for event in events:
        if isinstance(event, Moved) and event.start != event.end:
            return tuple(walked(before, event.unit_id, event.start, event.end))
    return ()


def blow(before: Known, action: Action) -> tuple[Pos, Pos] | None:
    """An attack's or a strike's two tiles: where the unit struck from, and the tile it struck (None otherwise)."""
    striker = before.active_unit
    if striker is None:
        return None
    if isinstance(action, Attack):
        return striker.pos, before.unit(action.target).pos
    if isinstance(action, Strike):
        return striker.pos, action.at
    return None
