"""The computer's turn as the battle screen plays it, in a worker so the keys stay live (mixed into BattleScreen)."""

from __future__ import annotations

import asyncio
from functools import partial

from textual import work
from textual.css.query import NoMatches
from textual.worker import WorkerCancelled

from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.events import Attacked, Event
from officers_chess.tui.dialogs.roll_prompt import RollPrompt
from officers_chess.session.fog_log import roll_words
from officers_chess.session.modes import Mode
from officers_chess.session.order_notes import with_orders


class ComputerTurn:
    """The computer's turn on the battle screen: its thinking in a worker thread, each action shown a glimpse at a
    time at the chosen pace, and the skip and pace keys."""

    async def _computer_applies(self, action: Action) -> list[Event]:
        """Apply the computer's action, asking the table for its d20s too when the players roll their own."""
        while True:
            try:
                return self.controller.play_computer(action)
            except RollNeeded as need:
                answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
                self.app.push_screen(RollPrompt(roll_words(self.controller.state, self._reader(), need), need.faces),
                                     answer.set_result)
                self.controller.rolls.append(await answer)

    def action_pace(self, pace: str) -> None:
        self.pace = pace
        self._nudge.set()
        self.refresh_view(full=False)

    def action_skip(self, _until: str) -> None:
        self._skip_round = self.controller.state.round
        self._nudge.set()
        self.refresh_view(full=False)

    def _skipping(self) -> bool:
        """Against a person, a skip lasts until the person is to act; between two computers, to the end of the round."""
        if self._skip_round is None:
            return False
        return bool(self.controller.humans) or self.controller.state.round == self._skip_round

    async def _on_top(self) -> None:
        """Hold the computer while a dialog (help, quit, leave) covers the battle."""
        while not self.is_active:
            await asyncio.sleep(0.05)

    @work(exclusive=True, group="computer")
    async def computer_plays(self) -> None:
        """Play the computer's activations one action at a time: think in a thread, show the action, apply it."""
        try:
            await self._computer_turn()
        except NoMatches:
            # The app was closing (a quit, the end of a session) while the computer played: its widgets are gone,
            # and there is nothing left to draw on. Anything else missing is a fault, and is raised.
            if self.app.is_running and self.is_attached and not (self._closing or self._pruning):
                raise

    async def _computer_turn(self) -> None:
        c = self.controller
        events: list[Event] = []
        last_exchange: list[str] = []  # the log lines of the computer's last attack this turn
        while c.mode is Mode.COMPUTER:
            state = c.state
            policy = self.computer[state.to_act]
            self.refresh_view(full=False)
            # A copy, so a policy that scribbles on its state cannot touch the one on screen.
            thinker = self.run_worker(partial(policy.choose, state.model_copy(deep=True)), thread=True,
                                      group="computer-thinks", description=f"{policy.name} chooses")
            try:
                action = await thinker.wait()
            except WorkerCancelled:  # the screen is going (a quit, the title) while it thought: nothing to play
                return
            await self._on_top()
            if not self._skipping():
                for glimpse in c.glimpses(action):
                    c.show(action, glimpse)
                    self.refresh_view()
                    await self._linger(glimpse.beats)
                    await self._on_top()
            events = with_orders(await self._computer_applies(action), action, state, policy)
            lines = self._log(events, state)  # an activation wholly out of sight is logged as such
            if any(isinstance(event, Attacked) for event in events):
                last_exchange = lines
            if not self._skipping():
                self.refresh_view()
                if not lines and action.kind == "move":
                    await self._linger(0.5)
            if self._skip_round is not None and not self._skipping():
                self._skip_round = None  # the round a demo skipped through is over
        self._skip_round = None
        self._at_keyboard = c.state.to_act
        if last_exchange:  # the person's turn opens on the computer's last exchange (already paced out)
            self._reveal_result(last_exchange, at_once=True)
        self.refresh_view()
        if c.mode is Mode.OVER:
            await self._on_top()  # the result replaces the battle, never a dialog open over it
            self.app.show_result(c.state, events)  # type: ignore[attr-defined]
