"""The scenario editor's settings dialog: name, purpose, briefing, first deployer, fog, time limit, each side's war
chest and victory conditions."""

from __future__ import annotations

import copy
import textwrap
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static, TextArea

from officers_chess.content.editing.scenario_file import SIDES
from officers_chess.content.editing.scenario_settings import KIND_HELP, TILES_FORM, conditions_text, parse_conditions
from officers_chess.session.objectives import reflow
from officers_chess.tui.closing import after_refresh
from officers_chess.tui.dialogs.editor_dialogs import DIALOG_CSS, Answered, Field

# A paragraph the author changed is written back wrapped at this many columns: with the `|` block's indent of two,
# the file's lines stay within 80, as the bundled briefings are written.
BRIEFING_WIDTH = 78


def briefing_kept(written: str, shown: str) -> str:
    """The briefing to save from the dialog's reflowed text `shown`: the file's own text when the author changed no
    word of it, else each paragraph as the file writes it when untouched and wrapped anew when changed or new."""
    if reflow(shown) == reflow(written):
        return written
    as_written = {reflow(paragraph): paragraph.strip("\n") for paragraph in written.split("\n\n")}
    return "\n\n".join(as_written.get(paragraph) or _wrapped(paragraph) for paragraph in reflow(shown).split("\n\n"))


def _wrapped(paragraph: str) -> str:
    """A paragraph's lines for the file; never broken at a hyphen or inside a long word, where the game's reflow would
    read a space that was not typed."""
    return textwrap.fill(paragraph, BRIEFING_WIDTH, break_long_words=False, break_on_hyphens=False)


class SettingsDialog(Answered, ModalScreen[dict | None]):
    """Enter in a one-line field (or Ctrl+S anywhere) answers the settings as scenario_settings.settings() shapes
    them; Esc answers None. A field the rules would refuse keeps the dialog open with its words."""

    # The fields scroll; the refusal and the keys stay under them, in sight however far the fields are scrolled (the
    # fields, briefing and victory help are taller than any terminal's screen, so the dialog takes its whole height).
    DEFAULT_CSS = DIALOG_CSS.format(name="SettingsDialog") + """
    SettingsDialog > Vertical { width: 76; height: 100%; }
    SettingsDialog #settings-fields { height: 1fr; }
    SettingsDialog Input { margin-bottom: 0; }
    SettingsDialog TextArea { height: 5; }
    SettingsDialog Label { color: $text-muted; width: 100%; height: auto; }
    """
    AUTO_FOCUS = "#name"
    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "done", "Done", priority=True)]

    def __init__(self, now: dict[str, Any]) -> None:
        super().__init__()
        self.now = now

    def compose(self) -> ComposeResult:
        now, limit = self.now, self.now["time_limit"] or {}
        with Vertical() as box:
            box.border_title = "Scenario settings"
            yield from self._fields(now, limit)
            yield Static("", classes="error")
            yield Static("Tab next field · Enter or Ctrl+S done · Esc cancel · PgUp/PgDn scroll", classes="keys")

    def _fields(self, now: dict[str, Any], limit: dict[str, Any]) -> ComposeResult:
        with VerticalScroll(id="settings-fields", can_focus=False):
            yield Label("Name")
            yield Field(now["name"], id="name", compact=True)
            yield Label("Purpose (one line for the battle list)")
            yield Field(now["purpose"], id="purpose", compact=True)
            yield Label("Briefing (an empty line between paragraphs)")
            # Shown as the game shows it: the file's hard line breaks, wrapped again in this narrower box, left
            # ragged short lines.
            yield TextArea(reflow(now["briefing"]), id="briefing", compact=True, soft_wrap=True)
            yield Label("First to deploy (attacker or defender)")
            yield Field(now["first_deployer"], id="first_deployer", compact=True)
            yield Label("The side easier to learn on (attacker, defender, either; empty: worked out)")
            yield Field(now["easier_side"], id="easier_side", compact=True)
            yield Label("Fog of war (on or off)")
            yield Field("on" if now["fog"] else "off", id="fog", compact=True)
            yield Label("Time limit: rounds (empty: no limit)")
            yield Field(str(limit.get("rounds", "")), id="rounds", compact=True)
            yield Label("  who wins then (attacker, defender or draw)")
            yield Field(str(limit.get("winner", "defender")), id="winner", compact=True)
            yield Label("  why the battle ends then")
            yield Field(str(limit.get("reason", "")), id="reason", compact=True)
            for side in SIDES:
                mine = now["sides"][side]
                yield Label(f"The {side}'s war chest (empty: none)")
                yield Field("" if mine["war_chest"] is None else str(mine["war_chest"]), id=f"chest-{side}",
                            compact=True)
                yield Label(f"The {side}'s victory (empty: rout every enemy; `;` between)")
                yield Field(conditions_text(mine["victory"]), id=f"victory-{side}", compact=True)
            help_text = Text("Victory: KIND field=value… then victory or decisive\n", "bold")
            help_text.append("  e.g. survive rounds=6 victory; hold tiles=[3, 4] rounds=4 decisive\n")
            help_text.append(f"{'tiles=':<8} ", "bold")
            help_text.append(f"{TILES_FORM}\n")
            for kind, words in KIND_HELP:
                help_text.append(f"{kind:<8} ", "bold")
                help_text.append(f"{words}\n")
            yield Static(help_text)

    def on_mount(self) -> None:
        # Focusing the name scrolls it to the top edge, its label out of sight: the dialog opens at its top.
        after_refresh(self, lambda: self.query_one(VerticalScroll).scroll_home(animate=False))

    def _value(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value.strip()

    def wanted(self) -> dict[str, Any]:
        """The settings the fields ask for; ValueError in the author's words."""
        wanted = copy.deepcopy(self.now)
        wanted["name"] = self._value("name")
        if not wanted["name"]:
            raise ValueError("Give the scenario a name.")
        wanted["purpose"] = self._value("purpose")
        wanted["briefing"] = briefing_kept(self.now["briefing"], self.query_one("#briefing", TextArea).text)
        first = self._value("first_deployer").lower()
        if first not in SIDES:
            raise ValueError("First to deploy: attacker or defender.")
        wanted["first_deployer"] = first
        easier = self._value("easier_side").lower()
        if easier not in ("", *SIDES, "either"):
            raise ValueError("The easier side: attacker, defender, either, or empty.")
        wanted["easier_side"] = easier
        fog = self._value("fog").lower()
        if fog not in ("on", "off"):
            raise ValueError("Fog: on or off.")
        wanted["fog"] = fog == "on"
        rounds = self._value("rounds")
        if rounds:
            winner, reason = self._value("winner").lower(), self._value("reason")
            if not rounds.isdigit() or not 1 <= int(rounds) <= 99:
                raise ValueError("Time limit: a number of rounds from 1 to 99, or empty for none.")
            if winner not in (*SIDES, "draw"):
                raise ValueError("Who wins at the time limit: attacker, defender or draw.")
            if not reason:
                raise ValueError("Say why the battle ends at the time limit (the players read it).")
            limit = {"rounds": int(rounds), "reason": reason, "winner": winner}
            if (self.now["time_limit"] or {}).get("tier") is not None:
                limit["tier"] = self.now["time_limit"]["tier"]
            wanted["time_limit"] = limit
        else:
            wanted["time_limit"] = None
        for side in SIDES:
            chest = self._value(f"chest-{side}")
            if chest and not (chest.isdigit() and int(chest) <= 100_000):
                raise ValueError(f"The {side}'s war chest: a whole number of gold up to 100000, or empty.")
            wanted["sides"][side]["war_chest"] = int(chest) if chest else None
            try:
                wanted["sides"][side]["victory"] = parse_conditions(self._value(f"victory-{side}"))
            except ValueError as exc:
                raise ValueError(f"The {side}'s victory: {exc}") from None
        return wanted

    def action_done(self) -> None:
        try:
            wanted = self.wanted()
        except ValueError as exc:
            self.query_one(".error", Static).update(Text(str(exc)))
            return
        self.answer(wanted)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def action_cancel(self) -> None:
        self.answer(None)
