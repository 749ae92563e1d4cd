"""The host's table: the one battle both seats play, taking each seat's intentions and telling each its view."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.autosave import Autosaver
from officers_chess.content.errors import os_reason
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import write_muster
from officers_chess.content.save_files import new_save_path
from officers_chess.content.user_data import autosave_dir
from officers_chess.net.messages import (
    Act, BattleSeat, Concede, MusterSeat, MusterStep, Over, Refusal, StaleView, TakeBack,
)
from officers_chess.net.muster_view import muster_view
from officers_chess.rules.battle.actions import FREE_ACTIONS, Action, Move
from officers_chess.rules.battle.events import Attacked, Event
from officers_chess.rules.battle.game import IllegalAction, apply_action
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import acting_side
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.phases import Muster, MusterError, Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import log_lines, told_lines
from officers_chess.session.muster_common import placed_all
from officers_chess.session.sight import saw_more

PLAYERS = {side: "human" for side in Side}  # a network seat is a person as far as a save can tell
STEP_WORDS = {Phase.HIRING: "hiring", Phase.SCOUTING: "scouting", Phase.OUTFITTING: "outfitting",
              Phase.DEPLOYING: "deploying"}


@dataclass(frozen=True)
class Step:
    """One action the table applied: the action, the battle before and after it, and what it did."""

    action: Action
    before: GameState
    after: GameState
    events: list[Event]


class Table:
    """One networked battle on the host. `at` counts the intentions taken so far: each view carries it, and an
    intention must name the view it was decided on, so an old message sent again is refused (rulings N6)."""

    def __init__(self, loaded: LoadedScenario, seed: int, folder: Path | None = None,
                 state: GameState | None = None, saver: Autosaver | None = None,
                 muster: Muster | None = None, muster_path: Path | None = None) -> None:
        self.loaded = loaded
        self.seed = seed
        self.folder = folder
        self.at = 0
        self.conceded: Side | None = None
        self.lines: dict[Side, list[str]] = {side: [] for side in Side}
        self.muster: Muster | None = None
        self.state: GameState | None = state
        self.saver: Autosaver | None = saver
        self.notices: list[str] = []  # what the host's own screen should say (an autosave that failed)
        # A unit's move, and the free actions before it or between it and the unit's action, are held back as the
        # local app holds them (session/controller.py): applied, told to the acting seat alone, not yet saved, so
        # that a TakeBack can restore the battle of `_before_move` (rulings N10).
        self._before_move: GameState | None = None
        self._pending: list[Step] = []
        self._fought = {side: 0 for side in Side}  # where the seat's last lines telling an exchange end
        # Army building is autosaved too, as the app saves it, and the battle's save then takes its file.
        self.muster_path = muster_path
        if state is None:
            if muster is None and any(loaded.scenario.hires(side) for side in Side):
                muster = Muster()
            if muster is None:
                self._open_battle({})
            else:
                self.muster = muster
                if self.muster_path is None:
                    self.muster_path = new_save_path(autosave_dir() if folder is None else folder, loaded)
                self._save_muster()

    # --- where it stands ----------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.conceded is not None or (self.state is not None and self.state.is_over)

    def whose(self) -> Side | None:
        """The side whose intention the table waits for (None once it is over)."""
        if self.over:
            return None
        if self.state is None:
            return core.current(self._muster(), self.loaded.scenario)[1]
        return acting_side(self.state)

    def message_for(self, side: Side, lines_from: int = 0) -> MusterSeat | BattleSeat | Over:
        """What `side` is sent now: its view as it stands, with its log lines from `lines_from` on."""
        lines = self.lines[side][lines_from:]
        if self.over:
            if self.conceded is None and self.state is not None:  # ended by the rules: the fog lifts (F5, N12)
                record = self.saver.recorder.record() if self.saver is not None else None
                if record is not None and record.scenario.bundled is None:
                    record = None  # a scenario file is named by the host's own path: not for another machine (N16)
                return Over(result=self.state.result, lines=lines, final=self.state, seed=self.state.dice.seed,
                            record=record)
            return Over(result=self.state.result if self.state is not None else None, conceded=self.conceded,
                        lines=lines)
        if self.state is None:
            loaded = self.loaded
            seen = muster_view(self._muster(), loaded.scenario, loaded.catalogue, loaded.battle_map, side)
            return MusterSeat(at=self.at, yours=self.whose() is side, view=seen, lines=lines)
        acting = self.whose() is side
        # The other seat sees the battle as committed: a move that may yet be taken back never happened for it.
        shown = self.state if acting or self._before_move is None else self._before_move
        seat = view(shown, side)
        sight = sorted(seat.sight) if seat.sight is not None else None
        return BattleSeat(at=self.at, yours=acting, side=side, known=seat.known, sight=sight, lines=lines,
                          undoable=acting and self._before_move is not None, exchange=self._fought[side] > lines_from)

    @property
    def undoable(self) -> bool:
        """Whether the acting seat has steps pending that a TakeBack would undo."""
        return self._before_move is not None

    # --- intentions ---------------------------------------------------------------------------------------------

    def take(self, side: Side, intention: Act | MusterStep | TakeBack | Concede) -> None:
        """Apply one seat's intention, or Refusal (in words that name nothing the seat cannot see) and nothing
        changes."""
        if self.over:
            raise Refusal("the battle is over")
        # A concession is decided on no view: it stands whatever the other seat did meanwhile.
        if intention.at != self.at and not isinstance(intention, Concede):
            raise StaleView(f"that was decided on view {intention.at}, and the battle is at view {self.at}")
        if isinstance(intention, Concede):
            if self.state is not None:  # the battle ends here: what the acting seat did is for the record
                self._before_move = None
                self._commit(acting_side(self.state))
            self.conceded = side
            for reader in Side:
                self.lines[reader].append(f"The {side.value} concedes the battle.")
        elif self.whose() is not side:
            raise Refusal("it is not your turn" if self.state is not None else "it is not your step")
        elif isinstance(intention, MusterStep):
            if self.state is not None:
                raise Refusal("army building is over")
            self._muster_step(side, intention)
        elif isinstance(intention, TakeBack):
            self._take_back(side)
        else:
            if self.state is None:
                raise Refusal("the battle has not begun: army building comes first")
            self._act(intention.action)
        self.at += 1

    def _muster(self) -> Muster:
        assert self.muster is not None
        return self.muster

    def _muster_step(self, side: Side, step: MusterStep) -> None:
        loaded = self.loaded
        scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
        muster = self._muster()
        phase = core.current(muster, scenario)[0]
        try:
            if phase in (Phase.HIRING, Phase.OUTFITTING):
                if step.places is not None:
                    raise MusterError("units are placed at Deployment, not now")
                if step.army is not None:
                    muster = core.set_army(muster, scenario, catalogue, side, step.army, battle_map=battle_map)
            elif step.army is not None:
                raise MusterError(f"the army cannot change while {STEP_WORDS[phase]}")
            if phase is Phase.DEPLOYING:
                places = step.places or {}
                moves = [(name, None) for name in places] + [(name, pos) for name, pos in places.items() if pos is not None]
                muster = placed_all(muster, scenario, battle_map, catalogue, side, moves)
            elif step.places is not None:
                raise MusterError("units are placed at Deployment, not now")
            if not step.finish:  # a draft: kept and saved, the step stays open, the other seat is told nothing
                self.muster = muster
                self._save_muster()
                return
            muster = core.finish_step(muster, scenario, catalogue, battle_map=battle_map)
        except MusterError as exc:
            raise Refusal(str(exc)) from None
        self.muster = muster
        for reader in Side:
            self.lines[reader].append(f"The {side.value} finished {STEP_WORDS[phase]}.")
        if core.current(muster, scenario)[1] is None:
            self._open_battle(core.battle_armies(muster, scenario))
        else:
            self._save_muster()

    def _save_muster(self) -> None:
        assert self.muster_path is not None
        try:
            self.muster_path.parent.mkdir(parents=True, exist_ok=True)
            write_muster(self.muster_path, self.loaded, self.seed, PLAYERS, False, self._muster())
        except OSError as exc:  # a failing disk never stops the battle (as Autosaver): the host is told
            self.notices.append(f"Autosave failed: {os_reason(exc)}")

    def _open_battle(self, armies: dict) -> None:
        self.state = self.loaded.new_battle(self.seed, armies=armies or None)
        self.saver = Autosaver.start(self.loaded, self.seed, armies, self.state, PLAYERS, folder=self.folder,
                                     path=self.muster_path)
        self._saved(self.saver.failing and f"Autosave failed: {self.saver.failing}")

    def _act(self, action: Action) -> None:
        before = self.state
        assert before is not None
        side = acting_side(before)
        try:
            outcome = apply_action(before, action)
        except IllegalAction:
            # The rules' own reason could name a tile or unit; the seat is told only that it was refused.
            raise Refusal("that action is not legal now") from None
        after = outcome.state
        self.state = after
        step = Step(action, before, after, outcome.events)
        self._pending.append(step)
        self._tell(side, step)
        # What may still be taken back, as BattleController.perform and _move_to_cursor decide it.
        if isinstance(action, Move):
            if self._before_move is None and before.active is None:
                self._before_move = before  # the move waits for the unit's action
            if self._before_move is not None and saw_more(before, after, side):
                self._before_move = None  # it showed its side something: it stands (F35)
        elif isinstance(action, FREE_ACTIONS) and action.unit is not None and self._before_move is None:
            self._before_move = before  # a free action before the move goes back with the move
        if after.is_over or after.active is None or after.active.acted:
            self._before_move = None  # the unit acted, or its turn (or the battle) ended
        self._commit(side)

    def _commit(self, acting: Side) -> None:
        """Save the pending steps once nothing can take them back, and tell the other seat its lines of them."""
        if self._before_move is not None:
            return
        steps, self._pending = self._pending, []
        assert self.saver is not None or not steps
        for step in steps:
            self._saved(self.saver.add(step.action, step.after))
            self._tell(acting.other, step)

    def _tell(self, reader: Side, step: Step) -> None:
        lines = told_lines(step.before, step.after, step.events, reader)
        self.lines[reader].extend(lines)
        fights = [event for event in step.events if isinstance(event, Attacked)]
        # An exchange the reader is told of (not merely a step with one in it somewhere out of its sight).
        if lines and fights and log_lines(step.before, step.after, fights, reader):
            self._fought[reader] = len(self.lines[reader])

    def _take_back(self, side: Side) -> None:
        """Restore the battle from before the pending steps, which never happened (nothing of them was saved or
        told to the other seat); the acting seat reads one line saying so, in the words of the local app's Esc."""
        if self._before_move is None or self.state is None or self.state.active_unit is None:
            raise Refusal("nothing to take back")
        name = self.state.active_unit.name
        moved = any(isinstance(step.action, Move) for step in self._pending)
        free = any(isinstance(step.action, FREE_ACTIONS) for step in self._pending)
        undone = ("move and free actions are" if free else "move is") if moved else "free actions are"
        self.state, self._before_move, self._pending = self._before_move, None, []
        self.lines[side].append(f"{name}'s {undone} taken back.")

    def _saved(self, told: str | None) -> None:
        if told:
            self.notices.append(told)

    @property
    def save_path(self) -> Path | None:
        """The autosave: the battle's, or army building's before it."""
        return self.saver.path if self.saver is not None else self.muster_path
