"""The command palette's rules search: rules, tags, statuses, terrain, classes and items of the catalogue in play."""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from officers_chess.tui.reference import Entry

# What each section's hits say they are.
KIND_WORD = {"rule": "rule", "tag": "tag", "status": "status", "terrain": "terrain",
             "class": "class", "item": "item", "art": "combat art"}


TEXT_SCORE = 0.2  # below any title that matches well: "heal" lists the Heal tag before items whose text heals


def _gist(text: str, width: int = 72) -> str:
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


def text_snippet(query: str, text: str, width: int = 72) -> str | None:
    """The part of `text` around the first word of `query`, if every word of the query is in the text; else None.

    Words shorter than three letters are left out (they are in every text); the match ignores case.
    """
    words = [w for w in query.lower().split() if len(w) >= 3]
    lowered = text.lower()
    if not words or not all(w in lowered for w in words):
        return None
    at = lowered.index(words[0])
    start = max(0, at - width // 3)
    if start:
        start = text.find(" ", start) + 1 or start  # begin on a whole word
    snippet = text[start:]
    snippet = _gist(snippet, width - 1 if start else width)
    return ("…" if start else "") + snippet


class RulesSearch(Provider):
    """Finds entries of the rules reference by title, then by their text; choosing one opens its rule card."""

    async def startup(self) -> None:
        self.entries: dict[str, Entry] = self.app.reference()  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        yield DiscoveryHit("Rules browser", self.app.action_rules, help="The whole rules reference (F1)")  # type: ignore[attr-defined]
        for entry in self.entries.values():
            if entry.kind == "rule":
                yield DiscoveryHit(Text(f"{entry.title} ({KIND_WORD[entry.kind]})"), partial(self.app.explain, entry.key),  # type: ignore[attr-defined]
                                   help=escape(_gist(entry.text)))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        browser = "Rules browser"
        if (score := matcher.match(browser)) > 0:
            yield Hit(score, matcher.highlight(browser), self.app.action_rules, help="The whole rules reference (F1)")  # type: ignore[attr-defined]
        for entry in self.entries.values():
            # The title alone decides the score, so "brave" ranks the Brave tag above any item with Brave.
            score = matcher.match(entry.title)
            shown = f"{entry.title} ({KIND_WORD[entry.kind]})"
            if score > 0:
                yield Hit(score, matcher.highlight(escape(shown)), partial(self.app.explain, entry.key),  # type: ignore[attr-defined]
                          text=shown, help=escape(_gist(entry.text)))
            elif (snippet := text_snippet(query, entry.text)) is not None:
                # Found in the text only: the help line shows where, so the player sees why it is listed.
                yield Hit(TEXT_SCORE, Text(shown), partial(self.app.explain, entry.key),  # type: ignore[attr-defined]
                          text=shown, help=escape(snippet))
