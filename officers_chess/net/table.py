"""The host's table: the one battle both seats play, taking each seat's intentions and telling each its view."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.autosave import Autosaver
from officers_chess.content.errors import os_reason
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import write_muster
from officers_chess.content.save_files import new_save_path
from officers_chess.content.user_data import autosave_dir
from officers_chess.net.messages import Act, BattleSeat, Concede, MusterSeat, MusterStep, Over, Refusal
from officers_chess.net.muster_view import muster_view
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.game import IllegalAction, apply_action
from officers_chess.rules.battle.seat_view import view
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import acting_side
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.phases import Muster, MusterError, Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.fog_log import told_lines
from officers_chess.session.muster_common import placed_all

PLAYERS = {side: "human" for side in Side}  # a network seat is a person as far as a save can tell
STEP_WORDS = {Phase.HIRING: "hiring", Phase.SCOUTING: "scouting", Phase.OUTFITTING: "outfitting",
              Phase.DEPLOYING: "deploying"}


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
            return Over(result=self.state.result if self.state is not None else None, conceded=self.conceded,
                        lines=lines)
        if self.state is None:
            loaded = self.loaded
            seen = muster_view(self._muster(), loaded.scenario, loaded.catalogue, loaded.battle_map, side)
            return MusterSeat(at=self.at, yours=self.whose() is side, view=seen, lines=lines)
        seat = view(self.state, side)
        sight = sorted(seat.sight) if seat.sight is not None else None
        return BattleSeat(at=self.at, yours=self.whose() is side, side=side, known=seat.known, sight=sight, lines=lines)

    # --- intentions ---------------------------------------------------------------------------------------------

    def take(self, side: Side, intention: Act | MusterStep | Concede) -> None:
        """Apply one seat's intention, or Refusal (in words that name nothing the seat cannot see) and nothing
        changes."""
        if self.over:
            raise Refusal("the battle is over")
        if intention.at != self.at:
            raise Refusal(f"that was decided on view {intention.at}, and the battle is at view {self.at}")
        if isinstance(intention, Concede):
            self.conceded = side
            for reader in Side:
                self.lines[reader].append(f"The {side.value} concedes the battle.")
        elif self.whose() is not side:
            raise Refusal("it is not your turn" if self.state is not None else "it is not your step")
        elif isinstance(intention, MusterStep):
            if self.state is not None:
                raise Refusal("army building is over")
            self._muster_step(side, intention)
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
        assert before is not None and self.saver is not None
        try:
            outcome = apply_action(before, action)
        except IllegalAction:
            # The rules' own reason could name a tile or unit; the seat is told only that it was refused.
            raise Refusal("that action is not legal now") from None
        self.state = outcome.state
        for reader in Side:
            self.lines[reader].extend(told_lines(before, outcome.state, outcome.events, reader))
        self._saved(self.saver.add(action, outcome.state))

    def _saved(self, told: str | None) -> None:
        if told:
            self.notices.append(told)

    @property
    def save_path(self) -> Path | None:
        """The autosave: the battle's, or army building's before it."""
        return self.saver.path if self.saver is not None else self.muster_path
