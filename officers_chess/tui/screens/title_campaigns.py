"""What the title screen says of a campaign: its line in the list, and its briefing with each chapter."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.console import Group
from rich.text import Text

from officers_chess.content.campaigns import bundled_campaigns, chapter_titles, read_campaign
from officers_chess.content.errors import ContentError
from officers_chess.rules.campaign.book import PLAYERS, Campaign
from officers_chess.session.objectives import reflow


@dataclass(frozen=True)
class ShelvedCampaign:
    """A bundled campaign: the file read (its scenarios are loaded only when it starts), or what is wrong with it."""

    path: Path
    outcome: Campaign | ContentError


def shelve_campaigns() -> list[ShelvedCampaign]:
    found = []
    for path in bundled_campaigns():
        try:
            found.append(ShelvedCampaign(path, read_campaign(path)[0]))
        except ContentError as exc:
            found.append(ShelvedCampaign(path, exc))
    return found


def campaign_label(entry: ShelvedCampaign) -> Text:
    if isinstance(entry.outcome, ContentError):
        return Text(f"{entry.path.stem} (broken)")
    return Text.assemble(entry.outcome.name, no_wrap=True, overflow="ellipsis")  # under the Campaigns header


RESULTS = [(winner, tier) for winner in (*PLAYERS, None) for tier in ("decisive", "victory")]


def leads(campaign: Campaign, chapter) -> dict[tuple, str | None]:
    """Where each result of the chapter leads: the next chapter's id, None where the campaign ends."""
    return {(winner, tier): None if (after := campaign.following(chapter, winner, tier)) is None else after.id
            for winner, tier in RESULTS}


def branches(campaign: Campaign, chapter) -> bool:
    """Whether the chapter's results lead to more than one place (a `next:` may only skip ahead)."""
    return len(set(leads(campaign, chapter).values())) > 1


def played(campaign: Campaign) -> str:
    """How many chapters a campaign plays: one number, or the fewest and the most when the road branches."""
    counts: set[int] = set()

    def walk(chapter, count: int) -> None:  # (every road ends: a chapter leads only to later ones)
        for after in set(leads(campaign, chapter).values()):
            if after is None:
                counts.add(count)
            else:
                walk(campaign.chapter(after), count + 1)

    walk(campaign.chapters[0], 1)
    return str(min(counts)) if len(counts) == 1 else f"{min(counts)} to {max(counts)}"


def battle_numbers(campaign: Campaign) -> dict[str, int]:
    """Each chapter's place on the road: the number of the battle it is fought as (the earliest, where roads differ)."""
    numbers: dict[str, int] = {}

    def walk(chapter, number: int) -> None:
        if numbers.get(chapter.id, number + 1) <= number:
            return
        numbers[chapter.id] = number
        for after in set(leads(campaign, chapter).values()) - {None}:
            walk(campaign.chapter(after), number + 1)

    walk(campaign.chapters[0], 1)
    return numbers


def reached_by(campaign: Campaign, chapter) -> str:
    """The results of earlier battles that lead to `chapter`, in words ("a p1 win or a draw")."""
    found: list[str] = []
    for earlier in campaign.chapters:
        tiers = {result for result, after in leads(campaign, earlier).items() if after == chapter.id}
        for winner in (*PLAYERS, None):
            mine = {tier for w, tier in tiers if w == winner}
            if not mine:
                continue
            if winner is None:
                words = "a draw"
            elif len(mine) == 2:
                words = f"a {winner} win"
            else:  # the two tiers a campaign's road may part on ("p1_decisive" and "p1_win")
                words = f"a {winner} decisive victory" if "decisive" in mine else f"a {winner} victory short of decisive"
            if words not in found:
                found.append(words)
    return " or ".join(found) if found else "no result"


def road_lines(campaign: Campaign, titles: dict[str, str]) -> list[Text]:
    """A line for each chapter, in the order the road meets them; a chapter no result leads to comes last, unnumbered."""
    numbers = battle_numbers(campaign)
    lines = []
    for chapter in sorted(campaign.chapters, key=lambda c: numbers.get(c.id, len(campaign.chapters) + 1)):
        sides = ", ".join(f"{p} {chapter.sides[p].value}" for p in PLAYERS)  # type: ignore[index]
        branch = " · the road branches after it" if branches(campaign, chapter) else ""
        number = numbers.get(chapter.id)
        if number is None:
            lines.append(Text(f"–  {titles[chapter.id]} ({sides}): no result leads to it, so it is never fought",
                              "grey50"))
            continue
        # Chapters that are one another's alternatives share their battle's number, each with the results that
        # lead to it, so a list of six chapters never reads as six battles in a campaign of five.
        shared = sum(numbers.get(c.id) == number for c in campaign.chapters) > 1
        road = f"after {reached_by(campaign, chapter)}: " if shared else ""
        lines.append(Text(f"{number}. {road}{titles[chapter.id]} ({sides}){branch}", "grey70"))
    return lines


def campaign_briefing(entry: ShelvedCampaign) -> Group | Text:
    campaign = entry.outcome
    if isinstance(campaign, ContentError):
        return Text(str(campaign), "red")
    parts = [Text(campaign.name, "bold"),
             Text(f"A campaign of {played(campaign)} battles: gold, veterans and losses carry from one to the next."
                  + (" The road branches: which battles are fought depends on who wins."
                     if any(branches(campaign, c) for c in campaign.chapters) else ""),
                  "italic"),
             Text("")]
    for player in PLAYERS:
        start = campaign.players[player]
        parts.append(Text(f"{player}: {start.name}, {start.chest} gold to start "
                          f"(key {'1' if player == 'p1' else '2'} chooses who leads it)", "#a0d0a0"))
    parts.append(Text(""))
    parts += road_lines(campaign, chapter_titles(entry.path, campaign))
    parts += [Text(""), Text(reflow(campaign.briefing))]
    return Group(*parts)
