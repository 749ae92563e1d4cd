"""The army-file keys of the Hiring screen: show the army's code, paste one, save and load named rosters."""

from __future__ import annotations

from pathlib import Path

from officers_chess.content.rosters import MAX_NAME, RosterError, list_rosters, load_roster, roster_dir, roster_path, save_roster
from officers_chess.rules.muster.army import Army, ArmyCodeError, decode_army, encode_army
from officers_chess.rules.muster.phases import MusterError
from officers_chess.tui.dialogs.army_file import ArmyFileMenu, CodeDialog, RosterPicker, TextPrompt
from officers_chess.session.file_names import has_unseen


class ArmyFileActions:
    """Mixed into the Hiring screen, which provides session, side, draft, say(), _refresh() and _changed()."""

    roster_name = ""

    def action_army_file(self) -> None:
        def chosen(key: str | None) -> None:
            action = {"e": self.action_export, "p": self.action_paste, "s": self.action_save, "l": self.action_load}.get(key or "")
            if action:
                action()

        self.app.push_screen(ArmyFileMenu(), chosen)

    def action_export(self) -> None:
        self.app.push_screen(CodeDialog(encode_army(self.draft)))

    def _adopt(self, army: Army, where: str) -> None:
        """Take an imported army if the scenario allows it now; say plainly why not otherwise."""
        try:
            self.session.set_army(self.side, army)
        except MusterError as exc:
            self.say(f"That army cannot be used here: {exc}.", error=True)
            self._refresh()
            return
        count = len(army.units)
        self.say(f"Loaded {count} unit{'s' if count != 1 else ''} from {where}.")
        self._changed(army, 0 if army.units else None)

    def action_paste(self) -> None:
        def pasted(code: str | None) -> None:
            if not code or not code.strip():
                return
            try:
                army = decode_army(code)
            except ArmyCodeError as exc:
                self.say(f"That code cannot be read: {exc}.", error=True)
                self._refresh()
                return
            self._adopt(army, "the army code")

        self.app.push_screen(TextPrompt("Paste an army code", "Paste the code (it starts with OC1-) and press Enter:"), pasted)

    def action_save(self) -> None:
        default = self.roster_name or f"{self.session.scenario.name} {self.side.title}"

        def check(name: str) -> str | None:
            # The file is named after the name's letters and digits only (roster_path), so only what cannot
            # be seen is refused here, besides what roster_path refuses.
            if has_unseen(name):
                return "That name holds a character that cannot be seen (a control character)."
            try:
                roster_path(name)
            except RosterError as exc:
                return f"{str(exc)[0].upper()}{str(exc)[1:]}."
            return None

        def named(name: str | None) -> None:
            if name is None:
                return
            try:
                path = save_roster(name, self.draft, self.session.scenario.name)
            except RosterError as exc:
                self.say(f"Not saved: {exc}.", error=True)
            else:
                self.session.roster_saved(self.side, path)
                self.roster_name = " ".join(name.split())
                self.say(f"Saved roster \u201c{self.roster_name}\u201d in {path}.")
            self._refresh()

        self.app.push_screen(TextPrompt("Save a roster", "Save this army under the name:", default, check, MAX_NAME), named)

    def action_load(self) -> None:
        def picked(path: Path | None) -> None:
            if path is None:
                return
            try:
                army = load_roster(path)
            except RosterError as exc:
                self.say(f"Not loaded: {exc}.", error=True)
                self._refresh()
                return
            self._adopt(army, f"roster {path.stem}")

        rosters = self.session.rosters_for(self.side, list_rosters())
        self.app.push_screen(RosterPicker(rosters, roster_dir()), picked)
