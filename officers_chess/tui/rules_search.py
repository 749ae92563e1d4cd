"""The command palette's rules search: rules, tags, statuses, terrain, classes and items of the catalogue in play."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from officers_chess.tui.reference import Entry

# What each section's hits say they are.
KIND_WORD = {"rule": "rule", "tag": "tag", "status": "status", "terrain": "terrain",
             "class": "class", "item": "item", "art": "combat art"}


def _gist(text: str, width: int = 72) -> str:
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


class RulesSearch(Provider):
    """Finds entries of the rules reference by title; choosing one opens its rule card."""

    async def startup(self) -> None:
        self.entries: dict[str, Entry] = self.app.reference()  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        yield DiscoveryHit("Rules browser", self.app.action_rules, help="The whole rules reference (F1)")  # type: ignore[attr-defined]
        for entry in self.entries.values():
            if entry.kind == "rule":
                yield DiscoveryHit(f"{entry.title} ({KIND_WORD[entry.kind]})", partial(self.app.explain, entry.key),  # type: ignore[attr-defined]
                                   help=_gist(entry.text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        browser = "Rules browser"
        if (score := matcher.match(browser)) > 0:
            yield Hit(score, matcher.highlight(browser), self.app.action_rules, help="The whole rules reference (F1)")  # type: ignore[attr-defined]
        for entry in self.entries.values():
            # The title alone decides the score, so "brave" ranks the Brave tag above any item with Brave.
            score = matcher.match(entry.title)
            if score > 0:
                shown = f"{entry.title} ({KIND_WORD[entry.kind]})"
                yield Hit(score, matcher.highlight(shown), partial(self.app.explain, entry.key),  # type: ignore[attr-defined]
                          text=shown, help=_gist(entry.text))
