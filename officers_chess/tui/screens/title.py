"""The title screen: choose a bundled scenario, read its briefing, and choose who plays each side."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.pieces.models import Side
from officers_chess.session.players import Player
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.screens.title_briefing import briefing, group_briefing, label
from officers_chess.tui.screens.title_campaigns import ShelvedCampaign, campaign_briefing, campaign_label, shelve_campaigns
from officers_chess.tui.screens.title_groups import (BATTLES, CAMPAIGNS, EDITIONS, LEARN, LEARN_DONE_LABEL, LEARN_LABEL,
                                                     LEARN_ON_LABEL,
                                                     Row, entry_label, header_label, rows)
from officers_chess.tui.screens.title_shelf import Shelved, shelve
from officers_chess.rules.combat.editions import DEFAULT_EDITION
from officers_chess.tui.screens.title_players import DiceChoice, PlayerChoice
from officers_chess.tui.screens.title_editor import TitleEditor
from officers_chess.tui.screens.title_saves import TitleSaves
from officers_chess.tui.screens.title_setup import TitleSetup
from officers_chess.tui.screens.title_table import TitleTable
from officers_chess.tui.widgets.enter_list import ScenarioList

BANNER = """\
╔═╗┌─┐┌─┐┬┌─┐┌─┐┬─┐╷┌─┐  ╔═╗┬ ┬┌─┐┌─┐┌─┐
║ ║├┤ ├┤ ││  ├┤ ├┬┘ └─┐  ║  ├─┤├┤ └─┐└─┐
╚═╝└  └  ┴└─┘└─┘┴└─ └─┘  ╚═╝┴ ┴└─┘└─┘└─┘"""


def learn_ending() -> str:
    """The guided battle's briefing's last sentence, saying what Enter does now (rulings L116)."""
    from officers_chess.session.tutorial import LESSONS
    from officers_chess.session.tutorial_progress import finished, step_kept

    step = step_kept()
    if step is not None:
        return f"Press Enter to go on from step {step + 1} of {len(LESSONS)}, or to start again."
    return "You have won it once: press Enter to play it again." if finished() else "Press Enter to begin."


def learn_label() -> str:
    """Learn to play's entry: where a guided battle left part-way goes on from, else whether it was ever won."""
    from officers_chess.session.tutorial import LESSONS  # (loaded with the title, not the app)
    from officers_chess.session.tutorial_progress import finished, step_kept

    step = step_kept()
    if step is not None:
        # Won once before and begun again: the tick stays beside where it goes on.
        return ("✓ " if finished() else "") + LEARN_ON_LABEL.format(step=step + 1, steps=len(LESSONS))
    return LEARN_DONE_LABEL if finished() else LEARN_LABEL


class TitleScreen(TitleSaves, TitleTable, TitleEditor, TitleSetup, Screen):
    """Lists the bundled scenarios; Enter starts the highlighted one; 1 and 2 choose who plays each side."""

    DEFAULT_CSS = """
    TitleScreen { layout: vertical; }
    #banner { color: $accent; height: auto; padding: 1 2 0 2; }
    #tagline { color: $text-muted; padding: 0 2; height: auto; }
    #choose { height: 1fr; margin-top: 1; }
    #scenarios { width: 34; height: 100%; border: round $primary; }
    #scenarios > .option-list--option-disabled { color: $text; }
    #brief-box { width: 1fr; height: 100%; border: round $primary; padding: 0 1; }
    #players { height: 1; background: $boost; }
    #continue { height: auto; background: $boost; color: $success; }
    /* What the level just chosen is like, over the players line it speaks of (a toast there covered the line). */
    #level-note { height: auto; padding: 0 1; color: $text-muted; display: none; }
    #players Static { width: auto; margin-right: 1; }  /* 80 columns: both sides at "CPU (normal)" and the dice */
    #players .label { color: $text-muted; margin: 0 1; }
    """
    BINDINGS = [
        Binding("1", "change_player('attacker')", "Attacker"),
        Binding("2", "change_player('defender')", "Defender"),
        # The same keys while a campaign is highlighted: they choose who leads its companies.
        Binding("1", "lead('attacker')", "P1"),
        Binding("2", "lead('defender')", "P2"),
        Binding("3", "change_dice", "Dice"),
        Binding("c", "continue_battle", "Continue"),
        Binding("e", "edit_map", "Edit"),  # (short: with Continue shown every key must still fit 80 columns)
        # Across two machines (80 columns: the tagline names the keys).
        Binding("h", "host", "Host", show=False),
        Binding("j", "join", "Join", show=False),
        Binding("l", "load_battle", "Load", show=False),
        Binding("right", "open_group", "Open", show=False),
        Binding("left", "fold_group", "Fold", show=False),
        Binding("question_mark", "keys_help", "Help"),  # the title's own keys: h, j, l are not the cursor here
        Binding("pageup", "scroll_brief(-1)", "Briefing ↑", show=False, priority=True),
        Binding("pagedown", "scroll_brief(1)", "Briefing ↓", show=False, priority=True),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def __init__(self, computer: dict[Side, str] | None = None) -> None:
        super().__init__()
        self.players: dict[Side, Player] = {side: (computer or {}).get(side) for side in Side}
        # Each file is read now; its map, catalogue and armies when first shown (title_shelf.py).
        self.scenarios: list[tuple[Path, Shelved]] = [(entry.path, entry) for entry in shelve(bundled_scenarios())]
        self.campaigns = shelve_campaigns()  # a group of their own (1 and 2 then choose p1 and p2)
        self.battles = [i for i, (_, entry) in enumerate(self.scenarios) if entry.edition == DEFAULT_EDITION]
        self.editions = [i for i, (_, entry) in enumerate(self.scenarios) if entry.edition != DEFAULT_EDITION]
        self.open_group: str | None = None  # the one group whose entries are listed (Learn to play's always are)
        self.rows: list[Row] = []

    def compose(self) -> ComposeResult:
        yield Static(BANNER, id="banner")
        yield Static("A tactics skirmish for two at one keyboard, or against the computer: every rule automated, "
                     "every number forecast. Across two machines: h hosts the highlighted battle, j joins one.", id="tagline")
        with Horizontal(id="choose"):
            # A broken battle stays in reach of the cursor: its briefing says what is wrong with the file.
            option_list = ScenarioList(*self._options(), id="scenarios")  # Enter: Play, or Open on a header
            option_list.border_title = "Choose a battle or campaign"
            yield option_list
            with VerticalScroll(id="brief-box") as box:
                box.border_title = "Briefing · PgUp/PgDn scroll"
                yield Static(id="briefing")
        yield Static(id="continue")  # the newest unfinished battle, when there is one
        yield Static(id="level-note")
        with Horizontal(id="players"):
            yield Static("Players", classes="label")
            for side in Side:
                yield PlayerChoice(side)
            yield DiceChoice(id="dice")
        yield compact_footer()

    def _options(self) -> list[Option]:
        """The list's rows as options: the headers (Learn to play's is only a heading), then the open group's."""
        self.rows = rows(self.battles, self.editions, len(self.campaigns), self.open_group)
        sizes = {BATTLES: len(self.battles), CAMPAIGNS: len(self.campaigns), EDITIONS: len(self.editions), LEARN: 1}
        options = []
        for row in self.rows:
            if row.kind == "header":
                options.append(Option(header_label(row.group, sizes[row.group], row.group == self.open_group),
                                      id=row.option_id, disabled=row.group == LEARN))
            elif row.kind == "learn":
                options.append(Option(entry_label(Text(learn_label())), id=row.option_id))
            elif row.kind == "campaign":
                options.append(Option(entry_label(campaign_label(self.campaigns[row.index])), id=row.option_id))
            else:
                options.append(Option(entry_label(label(self.scenarios[row.index][1])), id=row.option_id))
        return options

    def _row(self, option_index: int | None) -> Row | None:
        return self.rows[option_index] if option_index is not None and 0 <= option_index < len(self.rows) else None

    def _relist(self, highlight: str) -> None:
        """List the rows again (a group opened or folded) with the highlight on the row of id `highlight`."""
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        option_list.add_options(self._options())
        at = next(i for i, row in enumerate(self.rows) if row.option_id == highlight)
        option_list.highlighted = at
        self._show(at)

    def action_keys_help(self) -> None:
        """?: the title's own keys (the battle's help named h, j, k, l as the cursor, which host, join and load
        here), with the list's, and where the battle's keys are told."""
        self.app.show_keys(  # type: ignore[attr-defined]
            [("↑ ↓", "choose a battle, campaign or group"), ("Enter", "play the highlighted battle, or open a group")],
            [("", "In a battle, ? lists its keys and how to read the map.")])

    def action_open_group(self) -> None:
        """Enter or → on a folded group's header: list its entries (folding the group that was open) and go to the
        first; on an open group's header, fold it."""
        row = self._row(self.query_one(OptionList).highlighted)
        if row is None or row.kind != "header" or row.group == LEARN:
            return
        if self.open_group == row.group:
            self.action_fold_group()
            return
        self.open_group = row.group
        first = next(r for r in rows(self.battles, self.editions, len(self.campaigns), row.group)
                     if r.group == row.group and r.kind != "header")
        self._relist(first.option_id)

    def action_fold_group(self) -> None:
        """← (or Enter on an open header): fold the open group; the highlight goes to its header."""
        row = self._row(self.query_one(OptionList).highlighted)
        if row is None or row.group == LEARN or self.open_group is None:
            return
        group, self.open_group = self.open_group, None
        self._relist(group)

    def enter_does(self, option_list: OptionList, what: str) -> bool:
        """The footer's Enter: Open on a group's header, Play on anything else."""
        row = self._row(option_list.highlighted)
        return (what == "open") == (row is not None and row.kind == "header")

    def on_mount(self) -> None:
        self._remember_setup()
        # Back from a campaign: its chapters handed p1 and p2 to whichever side each played, so the title shows the
        # setup it had when the campaign began, not the last chapter's sides.
        kept = getattr(self.app, "title_players", None)
        if kept is not None:
            self.players, self.app.title_players = dict(kept), None  # type: ignore[attr-defined]
        option_list = self.query_one(OptionList)
        option_list.focus()
        suggested = self._suggested()
        if suggested is not None:  # back from a battle (or the guided battle's suggestion): that one, its group open
            self._relist(suggested)
        else:
            learn = next((i for i, row in enumerate(self.rows) if row.kind == "learn"), 0)
            option_list.highlighted = learn  # a newcomer starts on the guided battle
            self._show(learn)
        for choice in self.query(PlayerChoice):
            choice.show(self.players[choice.side])
        self.query_one(DiceChoice).show(self.app.own_dice)  # type: ignore[attr-defined]
        self.show_continue()

    def _suggested(self) -> str | None:
        """The row of the battle the app asks the title to highlight (by its file's name), with its group opened;
        None when none is asked for or it is not on the shelf. The app's wish is read once."""
        name = getattr(self.app, "title_suggests", None)
        if name is None:
            return None
        self.app.title_suggests = None  # type: ignore[attr-defined]
        index = next((i for i, (path, _) in enumerate(self.scenarios) if path.stem == name), None)
        if index is None:
            return None
        self.open_group = BATTLES if index in self.battles else EDITIONS
        return Row("battle", self.open_group, index).option_id

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_battle":
            return getattr(self, "unfinished", None) is not None
        if action in ("change_player", "lead"):  # one label for 1 and 2: the sides, or a campaign's companies
            on_campaign = getattr(self, "on_campaign", False)
            return (action == "lead") == on_campaign
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        row = self._row(event.option_index)
        if row is not None and row.kind == "header":
            self.action_open_group()
        else:
            self._start(event.option_index)

    def _load(self, index: int) -> LoadedScenario | ContentError:
        """Scenario `index` in full, loaded when first shown or chosen; one that will not load is marked broken in
        the list (its briefing says why) and cannot be started."""
        entry = self.scenarios[index][1]
        new = not entry.loaded
        outcome = entry.load()
        if new and entry.broken:
            at = next((i for i, row in enumerate(self.rows) if row.kind == "battle" and row.index == index), None)
            if at is not None:
                self.query_one(OptionList).replace_option_prompt_at_index(at, entry_label(label(entry)))
        return outcome

    def _campaign(self, option_index: int) -> ShelvedCampaign | None:
        """The campaign at this row of the list, else None."""
        row = self._row(option_index)
        return self.campaigns[row.index] if row is not None and row.kind == "campaign" else None

    def _show(self, option_index: int) -> None:
        row = self._row(option_index)
        campaign = self._campaign(option_index)
        self.on_campaign = campaign is not None
        self.refresh_bindings()
        for choice in self.query(PlayerChoice):  # for a campaign, 1 and 2 choose who leads p1 and p2
            choice.title = None if campaign is None else ("P1" if choice.side is Side.ATTACKER else "P2")
            choice.show(self.players[choice.side])
        self.say_level()
        box = self.query_one("#brief-box", VerticalScroll)
        if row is None or row.kind in ("header", "learn"):
            group = row.group if row is not None else LEARN
            self.query_one("#briefing", Static).update(group_briefing(group, learn_ending() if group == LEARN else None))
        elif campaign is not None:
            self.query_one("#briefing", Static).update(campaign_briefing(campaign))
        else:
            loaded = self._load(row.index)
            body = briefing(loaded) if isinstance(loaded, LoadedScenario) else Text(str(loaded), "red")
            self.query_one("#briefing", Static).update(body)
        box.scroll_home(animate=False)

    def action_scroll_brief(self, direction: int) -> None:
        box = self.query_one("#brief-box", VerticalScroll)
        box.scroll_page_down() if direction > 0 else box.scroll_page_up()

    def _start(self, option_index: int) -> None:
        row = self._row(option_index)
        if row is None or row.kind == "header":
            return
        if row.kind == "learn":
            self.start_learning()
            return
        campaign = self._campaign(option_index)
        if campaign is not None:
            self._start_campaign(campaign)
            return
        loaded = self._load(row.index)
        if isinstance(loaded, LoadedScenario):
            self.remember_battle(self.scenarios[row.index][0].stem)
            self.app.begin(loaded, computer=self.computer)  # type: ignore[attr-defined]
        else:
            self.app.notify(f"{loaded.path.name} cannot be played: the briefing pane says why.", severity="error")

    def remember_battle(self, name: str) -> None:
        """The battle begun: the next title (after it, or at the next launch) highlights it, its group open (rulings
        L89)."""
        self.app.title_suggests = self.app.last_battle = name  # type: ignore[attr-defined]
        self._keep_setup()

    def start_learning(self) -> None:
        """Learn to play: the guided first battle (the app's `start_tutorial`, from the tutorial's part of the game;
        a build without it says so)."""
        start = getattr(self.app, "start_tutorial", None)
        if start is None:
            self.app.notify("The guided battle is not in this build: Training Yard, under Battles, is the one to "
                            "learn on.", severity="warning", timeout=8)
            return
        start()

    def _start_campaign(self, entry: ShelvedCampaign) -> None:
        """Load the campaign with every chapter's scenario and begin it; p1 is led as the attacker line says, p2 as
        the defender line says (a person, or the computer at a level)."""
        from officers_chess.content.campaigns import load_campaign

        try:
            loaded = load_campaign(entry.path)
        except ContentError as exc:
            self.app.notify(f"{entry.path.name} cannot be played: {exc}", severity="error", timeout=10)
            return
        players = {"p1": self.players[Side.ATTACKER] or "human", "p2": self.players[Side.DEFENDER] or "human"}
        self.app.title_players = dict(self.players)  # type: ignore[attr-defined]  # (see on_mount)
        self.app.begin_campaign(loaded, players)  # type: ignore[attr-defined]
