"""The result screen: who won, and the battle's numbers."""

from __future__ import annotations

from pathlib import Path
from time import monotonic

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from officers_chess.rules.basics.dice import seed_fingerprint
from officers_chess.rules.battle.flight import fled_line
from officers_chess.rules.battle.seat_view import Known
from officers_chess.rules.pieces.models import Side
from officers_chess.session.debrief import ending_words, last_exchange
from officers_chess.session.dice_words import replay_line
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.footer_room import compact_footer


TIER_WORDS = {"decisive": "Decisive victory", "victory": "Victory", "draw": "Draw"}


def headline_words(state: Known, player: Side | None = None) -> str:
    """Who won, in one line; against the computer (`player`: the person's side) whether the person won or lost,
    and which side was theirs (rulings L105). Two people at one screen read which side won."""
    result, winner = state.result, state.winner
    if result is None:
        return "The battle is undecided."
    if winner is None:
        return "A draw." if player is None else f"A draw. You played the {player.value}."
    won = f"{TIER_WORDS[result.tier]} for the {winner.value}"
    if player is None:
        return f"{won}!"
    if winner is player:
        return f"You won! {won}, your side."
    return f"You lost. {won}; you played the {player.value}."


def exchange_parts(last_events: list, own: list[str] = ()) -> list[Text]:
    """The battle's last exchange in full and, above it when the battle ended on someone else's action, the
    person's own last exchange, each under its heading (rulings L102): their own swing was never shown."""
    exchange = last_exchange(list(last_events))
    own_text = "\n".join(line for line in own if line)
    parts: list[Text] = []
    if own_text and own_text != exchange:
        parts += [Text("Your last attack:", "bold"), Text(own_text, "grey85"), Text("")]
        if exchange is not None:
            parts.append(Text("Then the exchange that ended it:", "bold"))
    if exchange is not None:
        parts += [Text(exchange, "grey85"), Text("")]
    return parts


def summary(state: Known, last_events: list = (), command: str | None = None, guided: bool = False,
            own: list[str] = (), player: Side | None = None) -> Group:
    """The battle's ending and numbers; `state` is the battle once over (the fog lifts: rulings F5). `command`
    starts it again with the same dice; `guided`: it was the guided battle, which a command does not start.
    `own`: the log lines of the person's own last exchange; `player`: the person's side against the computer."""
    headline = Text(headline_words(state, player), style="bold")
    reason = Text(ending_words(state) or "")
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("")
    for side in Side:
        table.add_column(side.title, justify="right")
    fielded = {side: [u for u in state.units if u.side is side] for side in Side}
    table.add_row("Units fielded", *(str(len(fielded[s])) for s in Side))
    # Each column is that side's own units: "Units routed" alone read as if it might count the ones it routed.
    table.add_row("Own units routed", *(str(sum(1 for u in fielded[s] if u.routed)) for s in Side))
    if any(u.escaped and not u.fled for u in state.units):
        table.add_row("Units escaped", *(str(sum(1 for u in fielded[s] if u.escaped and not u.fled)) for s in Side))
    if any(u.fled for u in state.units):  # beaten, though alive (rulings P13)
        table.add_row("Units fled", *(str(sum(1 for u in fielded[s] if u.fled)) for s in Side))
    table.add_row("Damage dealt", *(str(state.tallies[s].damage_dealt) for s in Side))
    # Every unit alive counts, wherever it is: one that fled or escaped left the field alive (rulings P13, P16), and
    # a 0 beside them read as if they had died.
    table.add_row("HP left", *(str(sum(u.hp for u in fielded[s] if not u.routed)) for s in Side))
    survivors = [f"{u.name} ({u.unit_class.name}, {u.hp} HP)" for u in state.units if u.on_field]
    parts = [headline, reason, Text(""), *exchange_parts(last_events, own)]
    parts += [table, Text(""), *(Text(line) for line in losses_lines(state)), Text(""), Text(f"Rounds played: {state.round}. Still standing: " + (", ".join(survivors) or "nobody"), "grey70")]
    if (fled := fled_line(state)) is not None:  # who, by name: the table only counts them
        parts.append(Text(fled, "grey70"))
    if not state.dice.physical:  # the seed behind the fingerprint shown at the start
        parts.append(Text(f"Dice seed {state.dice.seed} (fingerprint {seed_fingerprint(state.dice.seed)})", "grey70"))
        parts.append(Text(replay_line(state.dice.seed, command, guided), "grey70"))  # the seed is the way to the same rolls again
    return Group(*parts)


def losses_lines(state: Known) -> list[str]:
    """Each side's own losses in a sentence: how many of its units it lost, routed or fled (rulings L82)."""
    lines = []
    for side in Side:
        own = [u for u in state.units if u.side is side]
        routed, fled = sum(1 for u in own if u.routed), sum(1 for u in own if u.fled and not u.routed)
        if routed + fled == 0:
            lines.append(f"The {side.value} lost none of its {len(own)} units.")
            continue
        how = ", ".join(f"{n} {word}" for n, word in ((routed, "routed"), (fled, "fled the field")) if n)
        lines.append(f"The {side.value} lost {routed + fled} of its {len(own)} units ({how}).")
    return lines


class ResultScreen(Screen):
    """Shown when a battle ends; Enter returns to the title screen."""

    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen > VerticalScroll {
        width: 64; max-width: 100%; height: auto; max-height: 100%; border: thick $success; padding: 1 2;
    }
    """
    BINDINGS = [
        Binding("enter", "title", "Back to title"),
        Binding("enter", "editor", "Back to the editor"),  # a play-test from the scenario editor (rulings ED14)
        Binding("enter", "go_on", "Go on with the campaign"),  # a campaign's chapter: on to its summary
        Binding("r", "replay", "Replay"),  # the battle again, opened on its final board (rulings L124)
        Binding("q", "app.request_quit", "Quit"),
    ]

    # Enters pressed this soon after the battle ended were meant for the battle (a burst while the computer played
    # its last turn): they are let go, so the title's next Enter does not start a new battle unasked.
    GRACE_SECONDS = 1.0

    def __init__(self, final: Known, last_events: list = (), campaign: bool = False, command: str | None = None,
                 guided: bool = False, own: list[str] = (), player: Side | None = None, save: Path | None = None) -> None:
        """`command` and `guided`: how to have the same dice again; `own`, `player`: the person's own last
        exchange and side (`summary`); `save`: the battle's autosave, which `r` replays (None: no replay offered)."""
        super().__init__()
        self.save = save
        self.own, self.player = list(own), player
        self.command, self.guided = command, guided
        self.final = final  # the battle once over: the fog has lifted (rulings F5)
        self.last_events = list(last_events)
        self.campaign = campaign
        self._shown_at = monotonic()

    def on_mount(self) -> None:
        self._shown_at = monotonic()
        after_refresh(self, self._hint_scroll)

    def on_resize(self) -> None:
        after_refresh(self, self._hint_scroll)

    def _hint_scroll(self) -> None:
        """Name the scrolling keys on the box's border while part of it is out of sight, as the battle log does."""
        box = self.query_one(VerticalScroll)
        box.border_subtitle = "↑↓ PgUp/PgDn: scroll" if box.max_scroll_y > 0 else ""

    def _settled(self) -> bool:
        return monotonic() - self._shown_at >= self.GRACE_SECONDS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return self.save is not None
        if action in ("title", "go_on", "editor"):  # one Enter, named for where it leads
            trying = getattr(self.app, "trying_from", None) is not None
            leads = "go_on" if self.campaign else "editor" if trying else "title"
            return action == leads
        return True

    def compose(self) -> ComposeResult:
        # On a short terminal the box keeps within the screen above the footer and scrolls (arrow keys, wheel).
        with VerticalScroll() as box:
            box.border_title = "Battle over"
            yield Static(summary(self.final, self.last_events, self.command, self.guided, self.own, self.player), id="summary")
        yield compact_footer()

    def repaint_colours(self) -> None:
        self.refresh(recompose=True)
        after_refresh(self, self._hint_scroll)

    def action_replay(self) -> None:
        """r: the battle's replay, on its final board; closing it comes back here."""
        from officers_chess.content.errors import ContentError
        from officers_chess.content.saves import open_save, public_reason
        from officers_chess.tui.screens.replay_viewer import ReplayViewer  # loaded when first needed

        if self.save is None:
            return
        try:
            saved = open_save(self.save)
        except ContentError as exc:  # the file gone or spoilt since: said, and the result stays
            self.app.notify(f"The replay will not open: {public_reason(exc)}.", severity="error", timeout=10)
            return
        self.app.push_screen(ReplayViewer(saved, at_end=True))

    def action_title(self) -> None:
        if self._settled():
            self.app.show_title()  # type: ignore[attr-defined]

    def action_editor(self) -> None:
        if self._settled():
            self.app.show_title()  # type: ignore[attr-defined]  # (a play-test's show_title goes back to its editor)

    def action_go_on(self) -> None:
        if self._settled():
            self.app.leave_result(self.final)  # type: ignore[attr-defined]
