"""Playing a save again to check it: every recorded state, round checkpoint and the opening must come back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.errors import ContentError
from officers_chess.content.muster_saves import is_muster_file, open_muster
from officers_chess.content.saves import TOLD_LINES, SaveProblem, SavedBattle, open_save
from officers_chess.rules.battle.events import merged
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import Checkpoint, rules_changed_note, state_hash
from officers_chess.rules.history.replay import replay, start_divergence


@dataclass(frozen=True)
class Replayed:
    """A save played again from its seed, trusting nothing in it that the replay does not confirm.

    `actions` recorded actions hold and lead to `state`; when `problem` is "" that is all of them. Else
    `problem` says (in words both players may read) the first thing that failed to check, and `state` is
    the start of the last round before it, rebuilt by the replay, never read from the save. `rounds` are
    the round checkpoints up to `state`, rebuilt too; `told` the battle log's last lines there."""

    state: GameState
    actions: int
    problem: str
    detail: str  # the problem with the action's words ("Hale attacks Bors"), for validate and replay only
    rounds: tuple[Checkpoint, ...]
    told: tuple[str, ...]


def _start_problem(saved: SavedBattle) -> str:
    """Why round 1 rebuilt from the save is not the recorded one, naming what was edited when the save's own
    round 1 checkpoint (if it is the recorded state) shows it."""
    record, start = saved.record, saved.start
    recorded = next((c.state for c in record.checkpoints[:1]
                     if c.after == 0 and state_hash(c.state) == record.initial_state), None)
    if recorded is None:
        what = "its seed, its armies or its recorded first state were edited"
    else:
        seed, armies = recorded.dice != start.dice, recorded.units != start.units
        what = ("its seed and its armies were edited" if seed and armies else "its seed was edited" if seed
                else "its armies were edited" if armies else "it was edited")
    return f"round 1 rebuilt from the save's seed and armies is not the one it recorded: {what}, or the save is damaged"


def check_opening(saved: SavedBattle) -> None:
    """Refuse (SaveProblem) a save whose round 1 does not rebuild to the recorded state, or whose opening (seed,
    armies, players...) does not match its seal: none of it can be rebuilt, so none of it can be trusted."""
    if start_divergence(saved.record, saved.start) is not None:
        raise SaveProblem(saved.path, _start_problem(saved))
    if saved.sealed is False:
        raise SaveProblem(saved.path, "the save was edited: its opening (scenario, seed, armies, players or dice) "
                                      "does not match the seal written with it")


def replay_checked(saved: SavedBattle) -> Replayed:
    """Play a save again and check everything in it against the replay: round 1 and the opening
    (`check_opening`, else SaveProblem), each action's state hash, and each round checkpoint (it must be the
    replayed state at its place). The result holds only what was confirmed; see Replayed."""
    check_opening(saved)
    record, start = saved.record, saved.start
    claimed: dict[int, Checkpoint] = {}
    out_of_order = None
    for checkpoint in record.checkpoints:
        if claimed and checkpoint.after <= max(claimed):  # listed twice, or out of order: edited
            out_of_order = checkpoint.after if out_of_order is None else min(out_of_order, checkpoint.after)
        claimed.setdefault(checkpoint.after, checkpoint)

    def bad_checkpoint(number: int, state: GameState, found: str, round_start: bool) -> bool:
        checkpoint = claimed.get(number)
        if number == out_of_order:
            return True
        return checkpoint is not None and (not round_start or checkpoint.round != state.round
                                           or state_hash(checkpoint.state) != found)

    rounds = [Checkpoint(after=0, round=start.round, state=start)]
    told_at: dict[int, tuple[str, ...]] = {0: ()}
    told: list[str] = []
    state, problem, detail = start, "", ""
    parted = len(record.actions) + 1  # where the save stops holding
    if bad_checkpoint(0, start, record.initial_state, True):
        parted, problem = 0, f"the save's round {start.round} checkpoint does not match the battle's actions"
    for step in replay(record, start) if not problem else ():
        divergence = step.divergence()
        if divergence is not None:
            parted, detail = step.number, divergence.text()
            problem = f"action {step.number} (round {step.before.round}) does not replay as recorded"
            break
        after = step.after
        assert after is not None
        told = (told + [event.text() for event in merged(step.events)])[-TOLD_LINES:]
        round_start = after.round != rounds[-1].round
        if round_start:
            rounds.append(Checkpoint(after=step.number, round=after.round, state=after))
            told_at[step.number] = tuple(told)
        if bad_checkpoint(step.number, after, step.found or "", round_start):
            parted = step.number
            said = claimed[step.number].round if step.number in claimed else after.round
            problem = f"the save's round {said} checkpoint does not match the battle's actions"
            break
        state = after
    if not problem and any(after > len(record.actions) for after in claimed):
        problem = "the save has a round checkpoint after its last action"
    if not problem:
        return Replayed(state, len(record.actions), "", "", tuple(rounds), tuple(told))
    kept = [c for c in rounds if c.after < parted] or rounds[:1]
    back = kept[-1]
    return Replayed(back.state, back.after, problem, detail or problem, tuple(kept), told_at[back.after])


def validate_save(path: Path | str) -> None:
    """Load a save fully (record, scenario, content hashes, armies) and play it again (`check_replay`).
    ContentError on the first problem. An army building save is checked as resuming it checks it (`open_muster`)."""
    if is_muster_file(Path(path)):
        open_muster(path)
        return
    check_replay(open_save(path))


def check_replay(saved: SavedBattle) -> None:
    """Play an opened save again and check all it records, as `validate` and `replay --verify` do: every
    recorded state must come back, every round checkpoint must be the replayed state at its place, the opening
    must match its seal, the summary the battle, and a save marked finished must end in a finished battle.
    ContentError (a SaveProblem for round 1 or the opening) on the first problem."""
    record = saved.record
    checked = replay_checked(saved)  # a SaveProblem when round 1 or the opening is not the recorded one
    if checked.problem:
        older = rules_changed_note(record.version)
        raise ContentError(saved.path, f"does not replay as recorded: {checked.detail}" + (f"; {older}" if older else ""))
    state = checked.state
    if record.finished and not state.is_over:
        raise ContentError(saved.path, "marked finished, but its battle has not ended after its recorded actions")
    if record.summary is not None and (record.summary.round, record.summary.to_act) != (state.round, state.to_act):
        raise ContentError(saved.path, "its summary (round and side to act) is not where its battle stands")
