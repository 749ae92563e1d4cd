"""`replay`: a saved battle told action by action in the battle log's own words, and `--verify`'s verdict."""

from __future__ import annotations

from typing import Callable

from officers_chess.ai.order_notes import recorded_players, with_orders
from officers_chess.ai.play import LEVELS
from officers_chess.content.saves import SavedBattle
from officers_chess.rules.battle.events import RoundBegan, merged
from officers_chess.rules.battle.flight import fled_line
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.replay import Divergence, action_words, replay, start_divergence
from officers_chess.rules.pieces.models import Side


def header_lines(saved: SavedBattle) -> list[str]:
    """Which battle it is: scenario, edition, seed, and each side's units and who played them."""
    record = saved.record
    lines = [f"{record.scenario.title} ({record.scenario.source}), edition {record.edition}, seed {record.seed}"]
    for side in Side:
        units = ", ".join(f"{u.name} ({u.unit_class.name})" for u in saved.start.units if u.side is side)
        player = record.players.get(side)
        lines.append(f"{side.value}" + (f" ({player})" if player else "") + f": {units}")
    return lines


def _ending(state: GameState) -> str:
    if state.is_over:
        return ""  # the last action's own log lines already say who won and why
    return f"The record ends in round {state.round} with the battle still going."


def tell(saved: SavedBattle, out: Callable[[str], None]) -> Divergence | None:
    """Print the battle action by action (number, side, the log lines it produced); stop at the first
    action that does not give the recorded state, and return where that was (None if none)."""
    for line in header_lines(saved):
        out(line)
    diverged = start_divergence(saved.record, saved.start)
    if diverged is not None:
        return diverged
    out(RoundBegan(saved.start.round, saved.start.to_act).text())
    width = len(str(len(saved.record.actions)))
    state = saved.start
    # A computer unit's move names the script lines it followed, as the app's log does. A replay is of a battle
    # without fog or of a finished one (rulings F5, F8): nothing in it is a side's secret any more (F13).
    computer = recorded_players(saved.record.players, LEVELS)
    for step in replay(saved.record, saved.start):
        diverged = step.divergence()
        if diverged is not None:
            return diverged
        assert step.after is not None
        prefix = f"{step.number:>{width}}. {step.before.to_act.value:<8} "
        told = False
        events = with_orders(step.events, step.action, step.before, computer.get(step.before.to_act))
        for event in merged(events):
            if isinstance(event, RoundBegan):
                out(event.text())  # unnumbered, so the rounds stand out
                continue
            for text in event.text().splitlines():
                out((" " * len(prefix) if told else prefix) + text)
                told = True
        if not told:
            out(prefix + action_words(step.before, step.action) + ".")
        state = step.after
    ending = _ending(state)
    if ending:
        out(ending)
    if (fled := fled_line(state)) is not None:  # beaten though alive: the log told each as it went (rulings P13)
        out(fled)
    return None


def verified_line(saved: SavedBattle) -> str:
    """What `replay --verify` prints when every state matches."""
    n = len(saved.record.actions)
    return f"ok {saved.path}: the starting state and all {n} recorded action{'s' if n != 1 else ''} replay to the recorded states"
