"""A network seat's army building: what a muster screen is handed when the muster is kept at the host's table."""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.net.greeting import LostHost
from officers_chess.net.messages import BattleSeat, MusterSeat, MusterStep, Over, Refusal, StaleView
from officers_chess.net.muster_view import MusterView
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.muster import phases as core
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.deploy_sight import FogAtDeployment
from officers_chess.rules.muster.phases import Muster, MusterError, Phase
from officers_chess.rules.pieces.models import Side
from officers_chess.session.muster_common import MusterCommon, placed_all

Reply = MusterSeat | BattleSeat | Over


class RemoteMuster(MusterCommon):
    """Army building at a host's table as one seat may know it: what a muster screen is handed for a network seat.

    It holds nothing but the seat's latest view (its own army and tiles; the enemy only as scouted or seen). Each
    change is checked here first, so a refusal reads as in a local muster, then sent to the host, the army or the
    tiles as a draft the host keeps (rulings N11); the host's word is final. `send` delivers one step and returns
    the host's reply, or raises `Refusal` with the host's words."""

    def __init__(self, seat: MusterSeat, send: Callable[[MusterStep], Reply]) -> None:
        super().__init__()
        self.send = send
        self.seat = seat
        self.answer: Reply | None = None  # the host's reply to the last finished step, for the app to route

    def update(self, seat: MusterSeat) -> None:
        """A newer view arrived from the host: adopt it."""
        self.seat = seat

    # --- what the view says -----------------------------------------------------------

    @property
    def view(self) -> MusterView:
        return self.seat.view

    @property
    def side(self) -> Side:
        return self.view.side

    def _known(self) -> MusterView:
        return self.view

    def current(self) -> tuple[Phase, Side | None]:
        return self.view.phase, self.view.whose

    def _progress(self) -> tuple[int, int]:
        return self.view.step, self.view.steps

    def _own(self, side: Side) -> None:
        if side is not self.side:
            raise ValueError(f"this seat is the {self.side.value}'s: it knows nothing of the {side.value}'s army")

    def army(self, side: Side) -> Army:
        self._own(side)
        return self.view.army

    def placements(self, side: Side) -> dict[str, Pos]:
        self._own(side)
        return dict(self.view.placements)

    def scouting_report(self, side: Side) -> list[str]:
        self._own(side)
        return list(self.view.scouted or [])

    def hires(self, side: Side) -> bool:
        # The view's scenario keeps of an enemy's fixed army only the units this seat sees, so it cannot say
        # whether the enemy hires; the number of steps can: the enemy's steps are counted only if it hires.
        own_steps = sum(1 for _, whose in core.steps(self.scenario) if whose is self.side)
        return self.scenario.hires(side) if side is self.side else self.view.steps > own_steps

    def fog_rule(self, viewer: Side) -> FogAtDeployment | None:
        if not self.hires(viewer.other) and not self.scenario.armies.get(viewer.other):
            # A fixed enemy army of which the fog shows nothing (had it been shown, the view would hold it).
            return FogAtDeployment.FOE_PLACED_HIDDEN
        return super().fog_rule(viewer)

    def _foes_deployed(self, viewer: Side) -> list[tuple[Recruit, Pos]]:
        self._own(viewer)
        return [(Recruit(name=seen.name, unit_class=seen.unit_class), seen.at) for seen in self.view.foes_seen]

    def _local(self) -> Muster:
        """A muster of this seat's side alone, at the view's step, for the rules to check a change on first."""
        plan = core.steps(self.scenario)
        now = self.current()
        step = plan.index(now) if now in plan else len(plan)  # not this side's step: every change is refused
        return Muster(step=step, armies={self.side: self.view.army}, placements={self.side: dict(self.view.placements)})

    # --- changes, sent to the host --------------------------------------------------------

    def set_army(self, side: Side, army: Army) -> None:
        core.set_army(self._local(), self.scenario, self.catalogue, side, army, battle_map=self.battle_map)
        if army != self.view.army:  # the host has it already (confirming sends the draft kept before)
            self._draft(MusterStep(at=self.seat.at, army=army, finish=False))

    def place_all(self, side: Side, moves: list[tuple[str, Pos | None]]) -> None:
        muster = placed_all(self._local(), self.scenario, self.battle_map, self.catalogue, side, moves)
        spots = muster.placements.get(side, {})
        self._draft(MusterStep(at=self.seat.at, places={name: spots.get(name) for name, _ in moves}, finish=False))

    def finish(self) -> None:
        """Confirm the step at the host (MusterError, in the host's words if it refuses, and nothing changes);
        the host's reply is kept in `answer` and, while army building goes on, adopted as the view."""
        core.finish_step(self._local(), self.scenario, self.catalogue, battle_map=self.battle_map)
        phase = self.view.phase
        army = self.view.army if phase in (Phase.HIRING, Phase.OUTFITTING) else None
        places = dict(self.view.placements) if phase is Phase.DEPLOYING else None
        self.answer = self._sent(MusterStep(at=self.seat.at, army=army, places=places, finish=True))

    def _draft(self, step: MusterStep) -> None:
        reply = self._sent(step)
        if not isinstance(reply, MusterSeat):  # the battle moved on under the draft (a concession): the app routes it
            self.answer = reply

    def _sent(self, step: MusterStep) -> Reply:
        try:
            reply = self.send(step)
        except StaleView:
            raise MusterError("the table moved on before that reached the host: look again") from None
        except Refusal as exc:
            raise MusterError(str(exc)) from None
        except LostHost as exc:  # a host that dropped or is slow: nothing here changes, and the seat rejoins
            raise MusterError(f"{exc}; nothing was changed") from None
        if isinstance(reply, MusterSeat):
            self.update(reply)
        return reply
