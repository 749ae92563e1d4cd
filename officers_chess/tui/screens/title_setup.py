"""The title's player setup: who plays each side and whose dice roll, kept from one launch to the next (mixed into
TitleScreen)."""

from __future__ import annotations

from textual.widgets import Static

from officers_chess.ai.levels import DEFAULT_LEVEL
from officers_chess.content.user_settings import PlayerSetup, read_setup, write_setup
from officers_chess.rules.pieces.models import Side
from officers_chess.session.players import Player, next_player, player_cycle
from officers_chess.tui.screens.title_players import DiceChoice, PlayerChoice, level_words


class TitleSetup:
    """1, 2 and 3 on the title screen (a click on the players line too), and the setup kept for the next launch."""

    players: dict[Side, Player]

    def _remember_setup(self) -> None:
        """At the first title of a launch, the player setup kept from the last launch (unless the command line chose
        the players or the dice); a file that will not do is ignored, and the player told in one line."""
        app = self.app
        if getattr(app, "setup_read", False):
            return
        app.setup_read = True  # type: ignore[attr-defined]
        if any(self.players.values()) or app.own_dice:  # type: ignore[attr-defined]
            return  # the command line's choice wins
        setup, notice = read_setup()
        if setup is not None and setup.last_battle is not None and getattr(app, "title_suggests", None) is None:
            # The battle begun last time: the title opens on it, as it does on coming back from one in a launch.
            app.title_suggests = app.last_battle = setup.last_battle  # type: ignore[attr-defined]
        if setup is not None:
            known = set(player_cycle())
            unknown = [level for level in setup.players.values() if level not in known]
            if unknown:
                notice = (f"Your player setup names a level this game does not have ({unknown[0]}): "
                          "the title starts afresh.")
            else:
                self.players = {side: setup.players[side.value] for side in Side}
                app.own_dice = setup.own_dice  # type: ignore[attr-defined]
        elif notice is None:
            # No setup kept yet: a first launch. Someone new is most likely alone at the keyboard, so the title
            # starts them against the computer at the level made for them; two people set the defender to a person
            # with one key (rulings L107).
            self.players = {Side.ATTACKER: None, Side.DEFENDER: DEFAULT_LEVEL}
        if notice is not None:
            self.app.notify(notice, severity="warning", timeout=10)

    def _keep_setup(self) -> None:
        """Write the player setup for the next launch (a write that fails is said once, and play goes on)."""
        problem = write_setup(PlayerSetup({side.value: self.players[side] for side in Side},
                                          bool(self.app.own_dice),  # type: ignore[attr-defined]
                                          getattr(self.app, "last_battle", None)))
        if problem is not None and not getattr(self.app, "setup_unwritable", False):
            self.app.setup_unwritable = True  # type: ignore[attr-defined]
            self.app.notify(problem, severity="warning", timeout=10)

    def action_lead(self, side: str) -> None:
        self._change(Side(side))

    def repaint_colours(self) -> None:
        for choice in self.query(PlayerChoice):
            choice.show(self.players[choice.side])

    def action_change_dice(self) -> None:
        self.app.own_dice = not self.app.own_dice  # type: ignore[attr-defined]
        self.query_one(DiceChoice).show(self.app.own_dice)  # type: ignore[attr-defined]
        self._keep_setup()

    def on_dice_choice_pressed(self, message: DiceChoice.Pressed) -> None:
        self.action_change_dice()

    def action_change_player(self, side: str) -> None:
        self._change(Side(side))

    def on_player_choice_pressed(self, message: PlayerChoice.Pressed) -> None:
        self._change(message.side)

    def _change(self, side: Side) -> None:
        self.players[side] = next_player(self.players[side])
        self.query_one(f"#player-{side.value}", PlayerChoice).show(self.players[side])
        self._keep_setup()
        self._noted = side
        self.say_level()

    _noted: Side | None = None  # the side whose player the level note tells of (the last one changed)

    def say_level(self) -> None:
        """The level note, for the side last changed, named as its players line names it now: the side, or the
        campaign's company (P1, P2) while a campaign is highlighted (a play-test read "Defender:" over "P2")."""
        side = self._noted
        if side is None:
            return
        level = self.players[side]
        label = self.query_one(f"#player-{side.value}", PlayerChoice).title or side.title
        note = self.query_one("#level-note", Static)
        note.update(f"{label}: {level_words(level) if level else 'a person at this keyboard'}.")
        note.display = True

    @property
    def computer(self) -> dict[Side, str]:
        """The sides the computer is to play, with their levels."""
        return {side: level for side, level in self.players.items() if level is not None}
