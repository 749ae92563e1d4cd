"""The title screen: choose a bundled scenario, read its briefing, and choose who plays each side."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.content.autosave import continue_hint, newest_unfinished, resume_state
from officers_chess.content.save_summary import remember_refused
from officers_chess.content.bundled import bundled_scenarios
from officers_chess.content.campaign_saves import campaign_hint, is_campaign_file, open_campaign_save
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.muster_saves import is_muster_file, open_muster
from officers_chess.content.saves import open_save, public_reason
from officers_chess.content.user_data import autosave_dir, campaigns_dir, data_dir, saves_dir
from officers_chess.rules.pieces.models import Side
from officers_chess.tui.dialogs.army_file import TextPrompt
from officers_chess.tui.dialogs.save_picker import SavePicker, list_saves
from officers_chess.tui.palette import palette
from officers_chess.session.players import Player, next_player, player_label
from officers_chess.tui.screens.title_briefing import briefing, label
from officers_chess.tui.screens.title_campaigns import ShelvedCampaign, campaign_briefing, campaign_label, shelve_campaigns
from officers_chess.tui.screens.title_shelf import Shelved, shelve
from officers_chess.tui.widgets.enter_list import ScenarioList

PLAYER_KEYS = {Side.ATTACKER: "1", Side.DEFENDER: "2"}
REFUSED_CAMPAIGNS: set[Path] = set()  # campaign saves that would not load this session: Continue passes them over

BANNER = """\
╔═╗┌─┐┌─┐┬┌─┐┌─┐┬─┐╷┌─┐  ╔═╗┬ ┬┌─┐┌─┐┌─┐
║ ║├┤ ├┤ ││  ├┤ ├┬┘ └─┐  ║  ├─┤├┤ └─┐└─┐
╚═╝└  └  ┴└─┘└─┘┴└─ └─┘  ╚═╝┴ ┴└─┘└─┘└─┘"""


def join_words(text: str) -> tuple[str, str] | None:
    """HOST:PORT and CODE from what a player typed: the two words, or the whole join line the host printed."""
    words = text.split()
    if words[:2] == ["officers-chess", "join"]:
        words = words[2:]
    if len(words) != 2 or ":" not in words[0]:
        return None
    return words[0], words[1]


class PlayerChoice(Static):
    """Who plays one side, as a line to read and to click (a click steps to the next choice)."""

    class Pressed(Message):
        def __init__(self, side: Side) -> None:
            super().__init__()
            self.side = side

    def __init__(self, side: Side) -> None:
        super().__init__(id=f"player-{side.value}")
        self.side = side

    title: str | None = None  # a campaign's company ("p1") in place of the side, while a campaign is highlighted

    def show(self, player: Player) -> None:
        name = (f" {self.title} ", "bold reverse") if self.title else (f" {self.side.title} ", palette().side_banner(self.side))
        self.update(Text.assemble((f" {PLAYER_KEYS[self.side]} ", "bold reverse"), " ", name, " ",
                                  (player_label(player), "bold")))

    def on_click(self) -> None:
        self.post_message(self.Pressed(self.side))


class DiceChoice(Static):
    """Whose d20s the battle uses: the game's seeded dice, or the players' own, typed in as they roll."""

    class Pressed(Message):
        pass

    def show(self, own: bool) -> None:
        # Short words: the whole players line must fit 80 columns with a computer level on a side.
        self.update(Text.assemble((" 3 ", "bold reverse"), " Dice: ", ("yours" if own else "game", "bold")))

    def on_click(self) -> None:
        self.post_message(self.Pressed())


class TitleScreen(Screen):
    """Lists the bundled scenarios; Enter starts the highlighted one; 1 and 2 choose who plays each side."""

    DEFAULT_CSS = """
    TitleScreen { layout: vertical; }
    #banner { color: $accent; height: auto; padding: 1 2 0 2; }
    #tagline { color: $text-muted; padding: 0 2; height: auto; }
    #choose { height: 1fr; margin-top: 1; }
    #scenarios { width: 34; height: 100%; border: round $primary; }
    #brief-box { width: 1fr; height: 100%; border: round $primary; padding: 0 1; }
    #players { height: 1; background: $boost; }
    #continue { height: auto; background: $boost; color: $success; }
    #players Static { width: auto; margin-right: 2; }
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
        # Across two machines (80 columns: the tagline names the keys).
        Binding("h", "host", "Host", show=False),
        Binding("j", "join", "Join", show=False),
        Binding("l", "load_battle", "Load", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("pageup", "scroll_brief(-1)", "Briefing ↑", show=False, priority=True),
        Binding("pagedown", "scroll_brief(1)", "Briefing ↓", show=False, priority=True),
        Binding("q", "app.request_quit", "Quit"),
    ]

    def __init__(self, computer: dict[Side, str] | None = None) -> None:
        super().__init__()
        self.players: dict[Side, Player] = {side: (computer or {}).get(side) for side in Side}
        # Each file is read now; its map, catalogue and armies when first shown (title_shelf.py).
        self.scenarios: list[tuple[Path, Shelved]] = [(entry.path, entry) for entry in shelve(bundled_scenarios())]
        self.campaigns = shelve_campaigns()  # listed after the single battles (1 and 2 then choose p1 and p2)

    def compose(self) -> ComposeResult:
        yield Static(BANNER, id="banner")
        yield Static("A tactics skirmish for two at one keyboard, or against the computer: every rule automated, "
                     "every number forecast. Across two machines: h hosts the highlighted battle, j joins one.", id="tagline")
        with Horizontal(id="choose"):
            # A broken battle stays in reach of the cursor: its briefing says what is wrong with the file.
            options = [Option(label(entry), id=str(i)) for i, (_, entry) in enumerate(self.scenarios)]
            options += [Option(campaign_label(entry), id=f"campaign-{i}") for i, entry in enumerate(self.campaigns)]
            option_list = ScenarioList(*options, id="scenarios")  # Enter: Play
            option_list.border_title = "Choose a battle or campaign"
            yield option_list
            with VerticalScroll(id="brief-box") as box:
                box.border_title = "Briefing · PgUp/PgDn scroll"
                yield Static(id="briefing")
        yield Static(id="continue")  # the newest unfinished battle, when there is one
        with Horizontal(id="players"):
            yield Static("Players", classes="label")
            for side in Side:
                yield PlayerChoice(side)
            yield DiceChoice(id="dice")
        yield Footer(compact=True, show_command_palette=False)  # 80 columns: every key shown counts

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.query_one(OptionList).highlighted = 0
        self._show(0)
        for choice in self.query(PlayerChoice):
            choice.show(self.players[choice.side])
        self.query_one(DiceChoice).show(self.app.own_dice)  # type: ignore[attr-defined]
        self.show_continue()

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_battle":
            return getattr(self, "unfinished", None) is not None
        if action in ("change_player", "lead"):  # one label for 1 and 2: the sides, or a campaign's companies
            on_campaign = getattr(self, "on_campaign", False)
            return (action == "lead") == on_campaign
        return True

    def action_lead(self, side: str) -> None:
        self._change(Side(side))

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
        self.app.resume_campaign(saved)  # type: ignore[attr-defined]

    def repaint_colours(self) -> None:
        for choice in self.query(PlayerChoice):
            choice.show(self.players[choice.side])

    def action_change_dice(self) -> None:
        self.app.own_dice = not self.app.own_dice  # type: ignore[attr-defined]
        self.query_one(DiceChoice).show(self.app.own_dice)  # type: ignore[attr-defined]

    def on_dice_choice_pressed(self, message: DiceChoice.Pressed) -> None:
        self.action_change_dice()

    def action_change_player(self, side: str) -> None:
        self._change(Side(side))

    def on_player_choice_pressed(self, message: PlayerChoice.Pressed) -> None:
        self._change(message.side)

    def _change(self, side: Side) -> None:
        self.players[side] = next_player(self.players[side])
        self.query_one(f"#player-{side.value}", PlayerChoice).show(self.players[side])

    @property
    def computer(self) -> dict[Side, str]:
        """The sides the computer is to play, with their levels."""
        return {side: level for side, level in self.players.items() if level is not None}

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._start(event.option_index)

    def _load(self, index: int) -> LoadedScenario | ContentError:
        """The scenario in full, loaded when first shown or chosen; one that will not load is marked broken in the
        list (its briefing says why) and cannot be started."""
        entry = self.scenarios[index][1]
        new = not entry.loaded
        outcome = entry.load()
        if new and entry.broken:
            self.query_one(OptionList).replace_option_prompt_at_index(index, label(entry))
        return outcome

    def _campaign(self, index: int) -> ShelvedCampaign | None:
        """The campaign at this place in the list (they follow the battles), else None."""
        at = index - len(self.scenarios)
        return self.campaigns[at] if 0 <= at < len(self.campaigns) else None

    def _show(self, index: int) -> None:
        campaign = self._campaign(index)
        self.on_campaign = campaign is not None
        self.refresh_bindings()
        for choice in self.query(PlayerChoice):  # for a campaign, 1 and 2 choose who leads p1 and p2
            choice.title = None if campaign is None else ("P1" if choice.side is Side.ATTACKER else "P2")
            choice.show(self.players[choice.side])
        if campaign is not None:
            self.query_one("#briefing", Static).update(campaign_briefing(campaign))
            self.query_one("#brief-box", VerticalScroll).scroll_home(animate=False)
            return
        loaded = self._load(index)
        body = briefing(loaded) if isinstance(loaded, LoadedScenario) else Text(str(loaded), "red")
        self.query_one("#briefing", Static).update(body)
        self.query_one("#brief-box", VerticalScroll).scroll_home(animate=False)

    def action_scroll_brief(self, direction: int) -> None:
        box = self.query_one("#brief-box", VerticalScroll)
        box.scroll_page_down() if direction > 0 else box.scroll_page_up()

    def _start(self, index: int) -> None:
        campaign = self._campaign(index)
        if campaign is not None:
            self._start_campaign(campaign)
            return
        loaded = self._load(index)
        if isinstance(loaded, LoadedScenario):
            self.app.begin(loaded, computer=self.computer)  # type: ignore[attr-defined]
        else:
            self.app.notify(f"{loaded.path.name} cannot be played: the briefing pane says why.", severity="error")

    def action_host(self) -> None:
        """h: host the highlighted battle on this machine; this keyboard plays the first side a person plays, and the
        other side is the computer's (at its level) or a friend's, who is given a join line."""
        index = self.query_one(OptionList).highlighted
        if index is None or self._campaign(index) is not None:
            self.app.notify("A campaign is played at one keyboard: highlight a single battle to host.",
                            severity="warning")
            return
        own = next((side for side in Side if self.players[side] is None), None)
        if own is None:
            self.app.notify("Both sides are the computer's: make one side a person (1 or 2) to host.",
                            severity="warning")
            return
        loaded = self._load(index)
        if not isinstance(loaded, LoadedScenario):
            self.app.notify(f"{loaded.path.name} cannot be played: the briefing pane says why.", severity="error")
            return
        if self.app.own_dice:  # type: ignore[attr-defined]
            self.app.notify("Across two machines the game's seeded dice roll for both sides (nobody types a die).",
                            timeout=8)
        self.app.host_here(loaded, own, self.players[own.other])  # type: ignore[attr-defined]

    def action_join(self) -> None:
        """j: the join line a host gave (HOST:PORT CODE), typed or pasted."""
        def check(text: str) -> str | None:
            return None if join_words(text) is not None else "Type the host's address and the code: HOST:PORT CODE."

        def typed(text: str | None) -> None:
            words = join_words(text or "")
            if words is None:
                return
            problem = self.app.join_here(*words)  # type: ignore[attr-defined]
            if problem is not None:
                self.app.notify(f"Could not join: {problem}", severity="error", timeout=10)

        self.app.push_screen(TextPrompt("Join a battle", "The join line the host gave you (HOST:PORT CODE):", "",
                                        check, max_length=120), typed)

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
        self.app.begin_campaign(loaded, players)  # type: ignore[attr-defined]
