"""Between chapters: one player's summary of the chapter just played (pay line by line, who came through, who was
lost, gold across the chapters), and the campaign's end."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from officers_chess.rules.campaign.book import PLAYERS, Player
from officers_chess.rules.campaign.chapters import ChapterRecord, campaign_winner
from officers_chess.session.campaign_run import CampaignRun
from officers_chess.tui.footer_room import compact_footer

BAR = 24  # the widest bar of the gold chart, in cells


def verdict(record: ChapterRecord, player: Player) -> str:
    """The chapter's result as `player` reads it."""
    if record.winner is None:
        return "A draw."
    decisive = record.tier == "decisive"
    if record.winner == player:
        return "You won it decisively." if decisive else "You won it."
    return "You lost it: a decisive defeat." if decisive else "You lost it."


def gold_chart(run: CampaignRun, player: Player) -> Text:
    """The chest at the start and after each chapter, as bars: how the company's fortunes went."""
    start = run.campaign.players[player].chest
    points = [("start", start)] + [(f"{i}", r.chest_after[player]) for i, r in enumerate(run.data.progress.records, 1)]
    top = max(gold for _, gold in points) or 1
    text = Text()
    for label, gold in points:
        cells = round(BAR * gold / top)
        text.append(f"{label:>5} ", "grey70")
        text.append("█" * cells + ("▏" if not cells else ""), "gold1")
        text.append(f" {gold}\n")
    return text


def chapter_summary(run: CampaignRun, player: Player) -> Group:
    record = run.data.progress.records[-1]
    company = run.data.progress.companies[player]
    side = record.sides[player].value
    parts = [Text(f"Chapter {len(run.data.progress.records)}: {record.scenario}", "bold"),
             Text(f"{run.campaign.players[player].name} ({player}) fought as the {side}. {verdict(record, player)}"),
             Text("")]
    pay = Table(box=None, show_header=False, pad_edge=False, expand=False)
    pay.add_column("why")
    pay.add_column("gold", justify="right")
    for line in record.payouts[player]:
        pay.add_row(line.reason[0].upper() + line.reason[1:], f"+{line.gold}")
    earned = sum(line.gold for line in record.payouts[player])
    if not record.payouts[player]:
        pay.add_row("No pay this chapter", "0")
    pay.add_row(Text("Total", "bold"), Text(f"+{earned}", "bold"))
    parts += [Text("Pay", "bold underline"), pay, Text("")]
    spent = record.spent[player]
    parts.append(Text(f"Chest: {record.chest_before[player]} at the muster (stipend {record.stipend[player]}), "
                      f"{'spent' if spent >= 0 else 'took in'} {abs(spent)}, earned {earned}: "
                      f"{record.chest_after[player]} now."))
    parts.append(Text(""))
    through = record.survivors[player]
    reserve = [v.name for v in company.veterans if v.name not in through]
    parts.append(Text.assemble(("Came through: ", "bold"), ", ".join(through) or "nobody"))
    parts.append(Text.assemble(("Lost for good: ", "bold"), (", ".join(record.lost[player]) or "nobody", "red")))
    if reserve:
        parts.append(Text.assemble(("Waiting in reserve: ", "bold"), ", ".join(reserve)))
    parts += [Text(""), Text("Gold across the chapters", "bold underline"), gold_chart(run, player)]
    return Group(*parts)


class CampaignSummaryScreen(Screen):
    """One player's private summary of the chapter just played; Enter goes on to the muster."""

    DEFAULT_CSS = """
    CampaignSummaryScreen { layout: vertical; }
    CampaignSummaryScreen #header { height: 1; background: $boost; }
    CampaignSummaryScreen VerticalScroll { height: 1fr; border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "next", "Go on"),
        Binding("escape", "app.show_title", "Title", show=False),
        Binding("q", "app.request_quit", "Quit", show=False),
    ]

    def __init__(self, run: CampaignRun, player: Player) -> None:
        super().__init__()
        self.run, self.player = run, player

    def compose(self) -> ComposeResult:
        name = self.run.campaign.players[self.player].name
        yield Static(Text.assemble((" CAMPAIGN ", "bold reverse"), f" {self.run.campaign.name} · ",
                                   (f"{name} ({self.player})", "bold"), " · for your eyes only"), id="header")
        with VerticalScroll() as box:
            box.border_title = "After the battle · PgUp/PgDn scroll"
            yield Static(chapter_summary(self.run, self.player))
        yield compact_footer()

    def action_next(self) -> None:
        self.app.summary_read(self.player)  # type: ignore[attr-defined]


class LastChapterDialog(ModalScreen[None]):
    """The summary of the chapter just played, read again from the muster (`l`): read once in passing, its pay and
    its losses were gone for good (a newcomer's Enters ran past it). Esc, Enter or l closes it."""

    DEFAULT_CSS = """
    LastChapterDialog { align: center middle; }
    LastChapterDialog > VerticalScroll { width: 76; max-width: 100%; height: auto; max-height: 100%;
                                         border: thick $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,l", "close", "Close")]

    def __init__(self, run: CampaignRun, player: Player) -> None:
        super().__init__()
        self.run, self.player = run, player

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "The last chapter · Esc closes"
            yield Static(chapter_summary(self.run, self.player))

    def action_close(self) -> None:
        self.dismiss(None)


def standings(run: CampaignRun) -> Group:
    """The campaign's end: the winner, every chapter's result, each company's chest and veterans."""
    records = run.data.progress.records
    winner = campaign_winner(records)
    names = {p: run.campaign.players[p].name for p in PLAYERS}
    head = "The campaign is drawn." if winner is None else f"{names[winner]} ({winner}) wins the campaign!"
    table = Table(box=None, pad_edge=False)
    table.add_column("#")
    table.add_column("Chapter")
    table.add_column("Winner")
    for number, record in enumerate(records, 1):
        table.add_row(str(number), record.scenario, "draw" if record.winner is None else
                      f"{record.winner} ({record.tier})")
    lines = [Text(head, "bold"), Text(""), table, Text("")]
    for p in PLAYERS:
        company = run.data.progress.companies[p]
        lines.append(Text.assemble((f"{names[p]} ({p}): ", "bold"), f"{company.chest} gold, ",
                                   f"{len(company.veterans)} veteran{'s' if len(company.veterans) != 1 else ''}"))
        if company.veterans:
            lines.append(Text("   " + ", ".join(f"{v.name} ({v.unit_class}, {v.battles})" for v in company.veterans),
                              "grey70"))
    lines.append(Text("\nThe number after each veteran is the chapters it came through.", "grey70"))
    return Group(*lines)


class CampaignEndScreen(Screen):
    """The campaign is over: its standings; Enter returns to the title."""

    DEFAULT_CSS = """
    CampaignEndScreen { align: center middle; }
    CampaignEndScreen > VerticalScroll { width: 76; max-width: 100%; height: auto; max-height: 100%;
                                         border: thick $success; padding: 0 1; }
    """
    BINDINGS = [Binding("enter", "app.show_title", "Back to title"), Binding("q", "app.request_quit", "Quit")]

    def __init__(self, run: CampaignRun) -> None:
        super().__init__()
        self.run = run

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = f"{self.run.campaign.name}: the end"
            yield Static(standings(self.run))
        yield compact_footer()

