"""The title's saved games: the Continue line, Continue itself, and the Load picker (mixed into TitleScreen)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from officers_chess.content.autosave import continue_hint, newest_unfinished, resume_state
from officers_chess.content.campaign_saves import campaign_hint, is_campaign_file, open_campaign_save
from officers_chess.content.errors import ContentError
from officers_chess.content.muster_saves import is_muster_file, open_muster
from officers_chess.content.save_summary import remember_refused
from officers_chess.content.saves import open_save, public_reason
from officers_chess.content.user_data import autosave_dir, campaigns_dir, data_dir, saves_dir
from officers_chess.tui.dialogs.save_picker import SavePicker, list_saves

REFUSED_CAMPAIGNS: set[Path] = set()  # campaign saves that would not load this session: Continue passes them over


class TitleSaves:
    """c Continue and l Load on the title screen."""

    def show_continue(self) -> None:
        """The Continue line: the newest unfinished battle that looks loadable (from each save's first few
        kilobytes, nothing replayed: start-up stays quick), and, on a line of its own, why a newer save is
        passed over. Public facts only: the scenario, the round and when it was saved."""
        hint = continue_hint()
        self.unfinished = hint.line
        # A campaign saved since the newest unfinished battle is what Continue takes.
        self.campaign_save = campaign_hint(campaigns_dir(), hint.path, frozenset(REFUSED_CAMPAIGNS))
        if self.campaign_save is not None:
            self.unfinished = self.campaign_save[1]
        box = self.query_one("#continue", Static)
        if self.unfinished is not None:
            text = Text.assemble((" c ", "bold reverse"), " Continue: ", (self.unfinished, "bold"))
            load = Text.assemble((" l ", "bold reverse"), " Load…")
            # Side by side when both fit the screen's width; else Load on a line of its own, never split.
            text.append("\n" if text.cell_len + 3 + load.cell_len > self.app.size.width else "   ")
            text.append_text(load)
        else:
            text = Text.assemble((" l ", "bold reverse"), " Load a saved battle or campaign")
        if hint.passed_over is not None:
            text.append("\n")
            text.append(hint.passed_over, "#e0c080")
        box.update(text)
        self.refresh_bindings()

    def action_load_battle(self) -> None:
        """l: pick a saved (or autosaved) battle: an unfinished one goes on, a finished one is replayed; or an
        unfinished campaign, which goes on where it stands (Continue takes only the newest)."""

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            if is_campaign_file(path):
                self._go_on_with_campaign(path)
                return
            resumed = None
            try:
                if is_muster_file(path):
                    saved = open_muster(path)
                else:
                    saved = open_save(path)
                    if not saved.record.finished:
                        resumed = resume_state(saved)  # replayed and checked: an edited save goes no further
            except ContentError as exc:
                remember_refused(path, public_reason(exc))
                self.app.notify(f"{path.name} will not load: {public_reason(exc)}.", severity="error", timeout=10)
                self.show_continue()
                return
            from officers_chess.session.battle_start import is_over, resumed_battle  # the battle's rules: when needed

            if getattr(saved.record, "finished", False) or (resumed is not None and is_over(resumed_battle(resumed))):
                from officers_chess.tui.screens.replay_viewer import ReplayViewer  # loaded when first needed

                self.app.push_screen(ReplayViewer(saved))
            else:
                self.app.resume(saved, resumed)  # type: ignore[attr-defined]

        self.app.push_screen(SavePicker(list_saves(saves_dir(), autosave_dir(), campaigns=campaigns_dir()),
                                        str(data_dir())), chosen)

    def action_continue_battle(self) -> None:
        """c: the newest unfinished battle that loads and holds when replayed; newer saves that do not are
        passed over, and the player is told why in one line (ruling S3)."""
        if getattr(self, "campaign_save", None) is not None:
            self._go_on_with_campaign(self.campaign_save[0])
            return
        skipped: list[ContentError] = []
        found = newest_unfinished(skipped=skipped)
        if skipped:  # a damaged or edited newer save: say so, then go on with the good one
            first = skipped[0]
            more = f" ({len(skipped) - 1} more passed over too)" if len(skipped) > 1 else ""
            self.app.notify(f"Passed over {first.path.name}: {public_reason(first)}.{more}", severity="warning",
                            timeout=10)
        if found is None:
            self.app.notify("No unfinished battle that loads." if skipped else "No unfinished battle to continue.",
                            severity="warning")
            self.show_continue()
            return
        self.app.resume(found.saved, found.resumed)  # type: ignore[attr-defined]

    def _go_on_with_campaign(self, path: Path) -> None:
        try:
            saved = open_campaign_save(path)
        except ContentError as exc:
            self.app.notify(f"That campaign will not load: {public_reason(exc)}.", severity="error", timeout=10)
            REFUSED_CAMPAIGNS.add(path)  # Continue offers the next one from now on
            self.show_continue()
            return
        self.app.title_players = dict(self.players)  # type: ignore[attr-defined]  # (see on_mount)
        self.app.resume_campaign(saved)  # type: ignore[attr-defined]
