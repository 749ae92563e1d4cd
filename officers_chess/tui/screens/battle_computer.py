"""The computer's turn as the battle screen plays it, in a worker so the keys stay live (mixed into BattleScreen)."""

from __future__ import annotations

import asyncio
from functools import partial

from textual import work
from textual.worker import WorkerCancelled

from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.actions import Action
from officers_chess.ai.player import Policy
from officers_chess.tui.closing import drawing_unless_going
from officers_chess.tui.dialogs.roll_prompt import RollPrompt
from officers_chess.tui.dialogs.turn_recap import TurnRecapScreen
from officers_chess.session.modes import Mode
from officers_chess.session.result_parts import result_lines
from officers_chess.session.seat_requests import Told


class ComputerTurn:
    """The computer's turn on the battle screen: its thinking in a worker thread, each action shown a glimpse at a
    time at the chosen pace, and the skip and pace keys."""

    async def _computer_applies(self, action: Action, policy: Policy) -> Told:
        """Apply the computer's action, asking the table for its d20s too when the players roll their own."""
        c = self.controller
        while True:
            try:
                told = c.take(partial(c.play_computer, action), self._reader(), policy, action)
            except RollNeeded as need:
                answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
                self.app.push_screen(RollPrompt(c.roll_words(need, self._reader()), need.faces), answer.set_result)
                c.rolls.append(await answer)
                continue
            if told is None:
                raise RuntimeError(f"the computer chose an action the rules refuse: {c.hint}")
            return told

    def action_turn_recap(self) -> None:
        """v: the computer's last turn again on the map, one activation at a time (its paths and blows, as far as
        the person's side saw them); a turn still being played, or none yet, is said in the side pane."""
        c = self.controller
        recap = getattr(c, "recap", None)  # a seat at another machine's table keeps none: the other seat is a person
        if c.mode is Mode.COMPUTER:
            said = "The computer is still playing: v shows its turn once it is over."
        elif recap is None or not recap.steps:
            said = "No turn of the computer's to look back on yet." if self.computer else (
                "v looks back on the computer's turn; nobody here is played by the computer.")
        else:
            side = recap.steps[0].side
            self.app.push_screen(TurnRecapScreen(recap.steps, c.cursor, f"The {side.value}'s turn"))
            return
        c.hint = self._idle_hint = said
        self._refresh_side()

    def action_pace(self, pace: str) -> None:
        self.pace = pace
        self._nudge.set()
        self.refresh_view(full=False)

    def action_skip(self, _until: str) -> None:
        self._skip_round = self.controller.view.round
        self._nudge.set()
        self.refresh_view(full=False)

    def _skipping(self) -> bool:
        """Against a person, a skip lasts until the person is to act; between two computers, to the end of the round."""
        if self._skip_round is None:
            return False
        return bool(self.controller.humans) or self.controller.view.round == self._skip_round

    async def _on_top(self) -> None:
        """Hold the computer while a dialog (help, quit, leave) covers the battle."""
        while not self.is_active:
            await asyncio.sleep(0.05)

    @work(exclusive=True, group="computer")
    async def computer_plays(self) -> None:
        """Play the computer's activations one action at a time: think in a thread, show the action, apply it."""
        with drawing_unless_going(self):  # a quit or the end of a session may come while the computer plays
            await self._computer_turn()

    async def _computer_turn(self) -> None:
        c = self.controller
        last_exchange: list[str] = []  # the log lines of the computer's last attack this turn
        skipped = False  # some of it went by unseen (s): the person's turn opens on what it did
        while c.mode is Mode.COMPUTER:
            policy = self.computer[c.view.to_act]
            self.refresh_view(full=False)
            thinker = self.run_worker(c.thinking(policy), thread=True,
                                      group="computer-thinks", description=f"{policy.name} chooses")
            try:
                action = await thinker.wait()
            except WorkerCancelled:  # the screen is going (a quit, the title) while it thought: nothing to play
                return
            await self._on_top()
            skipped = skipped or self._skipping()
            if not self._skipping():
                for glimpse in c.glimpses(action):
                    c.show(action, glimpse)
                    self.refresh_view()
                    await self._linger(glimpse.beats)
                    await self._on_top()
            told = await self._computer_applies(action, policy)
            self._sync_log()
            if told.exchange:
                last_exchange = told.lines
            if not self._skipping():
                self.refresh_view()
                if not told.lines:  # an activation out of sight: a beat, whatever it was
                    await self._linger(0.5)
            if self._skip_round is not None and not self._skipping():
                self._skip_round = None  # the round a demo skipped through is over
        self._skip_round = None
        self._at_keyboard = c.view.to_act
        # The person's own blow, when they struck last, stays above the reply (rulings L68).
        own, self._own_exchange = self._own_exchange, []
        recap = getattr(c, "recap", None)
        if skipped and c.humans and recap is not None and recap.steps:
            # A skipped turn was not watched: what each unit did, one line each, and where to see it on the map.
            told = [step.caption() for step in recap.steps] + ["v shows it on the map, a unit at a time."]
            self._reveal_result(result_lines(own, told + last_exchange), at_once=True)
        elif last_exchange or own:  # the person's turn opens on the computer's last exchange (already paced out)
            self._reveal_result(result_lines(own, last_exchange), at_once=True)
        self.refresh_view()
        if c.mode is Mode.OVER:
            await self._on_top()  # the result replaces the battle, never a dialog open over it
            self.show_result(own=own)  # the person's own swing, if the computer's reply ended it (rulings L102)
