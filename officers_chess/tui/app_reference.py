"""The rules reference as the app offers it on every screen (mixed into OfficersChessApp)."""

from __future__ import annotations

from officers_chess.content.loaders import LoadedScenario, load_catalogue
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.dialogs.explain import ExplainChooser
from officers_chess.tui.dialogs.rule_card import RuleCard
from officers_chess.tui.reference import Entry, reference


class RulesReference:
    """The rules reference from anywhere in the app: F1 opens the rules browser on the edition in play, and an
    explain key opens the entry behind a number."""

    def catalogue_in_play(self) -> Catalogue:
        """The catalogue of the scenario being built or fought, else the bundled one."""
        if self.muster is not None:
            return self.muster.catalogue  # a local muster's, or the one a host's table sent (both sessions have it)
        for screen in reversed(self.screen_stack):
            loaded = getattr(screen, "loaded", None)
            if isinstance(loaded, LoadedScenario):
                return loaded.catalogue
        if self._bundled_catalogue is None:
            self._bundled_catalogue = load_catalogue()
        return self._bundled_catalogue

    def reference(self) -> dict[str, Entry]:
        """The rules reference with the classes and items in play (built once per catalogue)."""
        catalogue = self.catalogue_in_play()
        cached = self._references.get(id(catalogue))
        if cached is None or cached[0] is not catalogue:
            cached = self._references[id(catalogue)] = (catalogue, reference(catalogue))
        return cached[1]

    def _busy(self) -> bool:
        """A question is on screen: the rules wait until it is answered."""
        return isinstance(self.screen, (ConfirmDialog, RuleCard, ExplainChooser))

    def action_rules(self, key: str | None = None) -> None:
        """Open the rules browser (at `key` if given); if it is open already, turn to `key` there."""
        from officers_chess.tui.screens.rules_browser import RulesBrowser  # (loaded when first opened)

        if self._busy():
            return
        if isinstance(self.screen, RulesBrowser):
            if key is not None:
                self.screen.show_entry(key)
            return
        self.push_screen(RulesBrowser(self.reference(), key))

    def explain(self, key: str, worked: tuple[str, ...] = ()) -> None:
        """The rule card of one entry (with this attack's arithmetic, `worked`, when it came from a forecast);
        Enter on it opens the rules browser there."""
        entries = self.reference()
        if key not in entries:
            return

        def answered(browse: bool | None) -> None:
            if browse:
                self.action_rules(key)

        self.push_screen(RuleCard(entries[key], entries, worked), answered)

    def explain_choices(self, title: str, choices: list[tuple[str, str]],
                        worked: dict[str, tuple[str, ...]] | None = None, then=None) -> None:
        """Let the player pick one of `choices` ((label, key) pairs), then show its rule card (with its own rule's
        arithmetic in this attack, `worked[key]`, when it came from a forecast); `then(key)` is told of the card
        chosen (the guided battle's forecast step is done only once a card was opened)."""
        if self._busy() or not choices:
            return

        def chosen(key: str | None) -> None:
            if key is not None:
                self.explain(key, (worked or {}).get(key, ()))
                if then is not None:
                    then(key)

        self.push_screen(ExplainChooser(title, choices), chosen)
