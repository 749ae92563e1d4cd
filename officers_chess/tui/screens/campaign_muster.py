"""The muster between chapters: one player, in private, reads the chapter's briefing, fields or rests veterans,
dismisses, hires, buys, sells and moves items between units."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from officers_chess.rules.basics.words import article
from officers_chess.rules.campaign.book import Player
from officers_chess.rules.campaign.company import sale_price, uses_left
from officers_chess.session.army_draft import role_cycle, unarmed, unarmed_words
from officers_chess.session.campaign_form import FIELD, MARKS, RESERVE, MusterForm
from officers_chess.session.campaign_run import CampaignRun
from officers_chess.tui.dialogs.confirm import ConfirmDialog
from officers_chess.tui.footer_room import compact_footer
from officers_chess.tui.palette import palette
from officers_chess.tui.screens.campaign_move import MoveItemDialog
from officers_chess.tui.widgets.army_text import class_brief, item_brief


class ShopList(OptionList):
    """The shop: Enter buys the highlighted class or item, and the footer says so while the shop has focus (the
    company's list answers Enter with nothing, so its footer shows no Enter)."""

    BINDINGS = [Binding("enter", "select", "Buy")]


class CampaignMusterScreen(Screen):
    """Company on the left (space: field, reserve or dismiss; 1-3: sell an item; m: move one to another unit), the
    shop on the right (Enter: hire a class, or buy an item for the unit highlighted on the left), the bill and what
    is missing below. The chapter's briefing opens over it first (b opens it again)."""

    DEFAULT_CSS = """
    CampaignMusterScreen { layout: vertical; }
    CampaignMusterScreen #header { height: 1; background: $boost; }
    CampaignMusterScreen #main { height: 1fr; }
    CampaignMusterScreen #left { width: 1fr; height: 100%; }
    CampaignMusterScreen #company { height: 1fr; border: round $primary; }
    CampaignMusterScreen #shop { width: 36; height: 100%; border: round $primary; }
    /* The unit, or the shop's row in figures (L162): room for a class's stats, every tag and a line of its story. */
    CampaignMusterScreen #unit { height: auto; min-height: 5; max-height: 8; padding: 0 1; }
    /* As many lines as what it says takes (up to three): one line cut a hire's words off at 80 columns. */
    CampaignMusterScreen #told { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    CampaignMusterScreen #books { height: 4; border-top: solid $panel; padding: 0 1; }
    /* The unit the shop buys for stays plainly marked while the shop has the keys (a faint cursor hid it). */
    CampaignMusterScreen OptionList > .option-list--option-highlighted { background: $primary 45%; text-style: bold; }
    CampaignMusterScreen OptionList:focus > .option-list--option-highlighted { background: $block-cursor-background; }
    """
    BINDINGS = [
        Binding("space", "cycle", "Field/rest"),
        # The same key on a unit hired at this muster: it is taken off the form (said before, not only after).
        Binding("space", "cycle('new')", "Let go"),
        Binding("1", "sell(0)", "Sell", key_display="1-3"),
        Binding("2", "sell(1)", "Sell 2", show=False),
        Binding("3", "sell(2)", "Sell 3", show=False),
        Binding("m", "move", "Move"),
        Binding("b", "briefing", "Briefing"),
        Binding("l", "last_chapter", "Last chapter", show=False),  # named in the company's border (no room below)
        Binding("r", "role", "Role", show=False),  # at 80 columns it pushed Done off the footer: the list names it
        Binding("d", "done", "Done"),
        Binding("tab", "switch", "Shop/company", show=False),  # (named in the company's border: no room below)
        Binding("f", "forfeit", "Forfeit", show=False),
        Binding("escape", "leave", "Title", show=False),
        Binding("q", "app.request_quit", "Quit", show=False),
    ]

    def __init__(self, run: CampaignRun, player: Player) -> None:
        super().__init__()
        self.run, self.player = run, player
        self.form = MusterForm(run, player)
        self._prices: dict[str, int] = {}  # each shop row's price, by its option id

    def compose(self) -> ComposeResult:
        run, player = self.run, self.player
        side = self.form.side
        chapter = run.scenario().scenario.name
        yield Static(Text.assemble((" MUSTER ", "bold reverse"), " ", (f" {side.title.upper()} ", palette().side_banner(side)),
                                   f" {run.campaign.players[player].name} ({player}) · chapter {run.number}: {chapter}"),
                     id="header")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                company = OptionList(id="company")
                company.border_title = ("Company · Tab: shop · r: role" if role_cycle(self.form.rules)
                                        else "Company · Tab: shop")
                # (On the lower border: beside r: role the upper one was cut at 80 columns.)
                company.border_subtitle = "l: last chapter" if self.run.data.progress.records else ""
                yield company
                yield Static(id="unit")
            shop = ShopList(id="shop")
            shop.border_title = "Shop · Enter buys"
            yield shop
        # What the last key did, on this private screen (a notification could outlive it into the hand-over).
        yield Static(id="told")
        with VerticalScroll(id="books"):
            yield Static(id="bill")
        yield compact_footer()

    def on_mount(self) -> None:
        self._shop_for: object = ()  # the class the shop's items are listed for (none yet)
        self._redraw()
        # A company with nobody in it yet starts in the shop: there is nothing to pick on the left.
        self.query_one("#company" if self.form.members else "#shop", OptionList).focus()
        chapter = self.run.chapter
        stipend = chapter.stipend.get(self.player, 0) if chapter is not None else 0
        if stipend:  # the last chapter's summary ended on the chest without it: the jump is said (a play-test)
            chest = self.run.company(self.player).chest
            self._tell(f"The chapter's stipend is in the chest: {chest - stipend} brought + {stipend} stipend = {chest}.")
        self.action_briefing()  # what the chapter asks, before anything is hired

    def action_last_chapter(self) -> None:
        """l: the summary of the chapter just played, again (its pay, who came through, who was lost)."""
        from officers_chess.tui.screens.campaign_summary import LastChapterDialog

        if self.run.data.progress.records:
            self.app.push_screen(LastChapterDialog(self.run, self.player))

    def action_briefing(self) -> None:
        from officers_chess.tui.screens.chapter_briefing import ChapterBriefing

        name = f"{self.run.campaign.players[self.player].name} ({self.player})"
        self.app.push_screen(ChapterBriefing(self.run.scenario(), self.form.side, self.run.number, name))

    def _fill_shop(self) -> None:
        """Every class to hire, then the items the highlighted unit can carry (all of them when none is)."""
        index = self.query_one("#company", OptionList).highlighted
        for_class = self.form.members[index].recruit.unit_class if index is not None and self.form.members else None
        if for_class == self._shop_for:
            return
        self._shop_for = for_class
        shop = self.query_one("#shop", OptionList)
        was = shop.get_option_at_index(shop.highlighted).id if shop.highlighted is not None else None
        shop.clear_options()
        entries = self.form.shop(for_class)
        self._prices = {f"{kind}:{name}": price for kind, name, price in entries}
        shop.add_options([Option(self._shop_line(kind, name, price), id=f"{kind}:{name}") for kind, name, price in entries])
        ids = [f"{kind}:{name}" for kind, name, _ in entries]
        shop.highlighted = ids.index(was) if was in ids else 0
        # Short, so that the longest class name fits the shop's border at 80 columns ("items for a Wyvern Rid…").
        shop.border_title = f"Shop · for {article(for_class)} {for_class}" if for_class else "Shop · Enter buys"
        # The "5u" of an item with uses, said once under the list.
        shop.border_subtitle = "Nu: uses of a new one" if any(
            kind == "item" and uses_left(self.form.catalogue, name, 0) is not None for kind, name, _ in entries) else ""

    def _shop_line(self, kind: str, name: str, price: int) -> Text:
        # An item with uses says how many a new one has ("3u"): the same count the unit's panel shows as it wears.
        fresh = uses_left(self.form.catalogue, name, 0) if kind == "item" else None
        uses = f"{fresh}u" if fresh is not None else ""
        return Text.assemble(("hire " if kind == "class" else "buy  ", "grey70"),
                             (f"{name[:17]:<17}", "bold" if kind == "class" else ""), (f"{uses:>3}", "grey70"),
                             (f"{price:>5}", "gold1"))

    def _redraw(self, keep: int | None = None) -> None:
        company = self.query_one("#company", OptionList)
        at = company.highlighted if keep is None else keep
        company.clear_options()
        roles = {r.name: r.roles for r in self.form.army().units}
        for member in self.form.members:
            recruit = member.recruit
            line = Text.assemble((f"{MARKS[member.status]} ", "bold"), (recruit.name, "bold"), f" {recruit.unit_class}",
                                 (f" · {member.battles} chapter{'s' if member.battles != 1 else ''}" if member.veteran
                                  else " · new", "grey70"))
            if member.status != FIELD:
                line.append(" (in reserve)" if member.status == RESERVE else " (dismissed)", "grey50")
            for role in roles.get(recruit.name, []):  # who carries the chapter's roles, in sight as the army changes
                line.append(f" · {role}", "bold")
            if member.recruit.items:  # what it carries, uses left and all, in sight while choosing whom to field
                line.append("\n  " + ", ".join(f"{name}{self.form.uses_words(name, spent, short=True)}"
                                                  for name, spent, _ in member.kit()), "grey62")
            company.add_option(Option(line))
        if self.form.members:
            company.highlighted = min(at or 0, len(self.form.members) - 1)
        self._show_unit()
        self._show_books()

    def _show_unit(self) -> None:
        self._fill_shop()
        if self.focused is self.query_one("#shop"):  # the box tells of the list with the keys (L162)
            self._show_entry()
            return
        index = self.query_one("#company", OptionList).highlighted
        box = self.query_one("#unit", Static)
        if index is None or not self.form.members:
            box.update(Text("No units yet: hire one in the shop (Enter on a class; Tab goes between the lists).", "grey70"))
            return
        recruit = self.form.members[index].recruit
        # The chapter's roles, as they fall on the army as it stands: the player's choice (r), else the dearest
        # unit leads and the cheapest carry the others.
        roles = next((r.roles for r in self.form.army().units if r.name == recruit.name), [])
        whose = (" (your choice)" if recruit.name in self.form.chosen_roles else " (by cost; r chooses)") if roles else ""
        lines = [Text.assemble((recruit.name, "bold"), f", {recruit.unit_class}",
                               ("".join(f" · {role}" for role in roles), "bold"), (whose, "grey70"))]
        catalogue = self.form.catalogue
        member = self.form.members[index]
        for slot, (name, spent, origin) in enumerate(member.kit()):
            worth = sale_price(name, spent, catalogue)
            came = f" · from {origin}" if origin is not None and origin != recruit.name else ""
            lines.append(Text.assemble((f" {slot + 1} ", "bold reverse"), f" {name}",
                                       (self.form.uses_words(name, spent), "grey70"),
                                       (came or (f" · sells for {worth}" if origin is not None else ""), "grey70")))
        if not recruit.items:
            lines.append(Text(f"carries nothing: buy it {self.form.kit_word(recruit.unit_class)} in the shop", "grey70"))
        box.update(Group(*lines))

    def _show_books(self) -> None:
        bill = self.form.bill()
        chest = self.run.company(self.player).chest
        problems = self.form.problems()
        text = Text()
        if isinstance(bill, str):
            text.append(f"Chest {chest}: {bill}\n", "red")
        else:
            spent = -sum(g for _, g in bill.lines if g < 0)
            sold = sum(g for _, g in bill.lines if g > 0)
            moved = sum(1 for words, _ in bill.lines if " moved from " in words)
            text.append(f"Chest {chest} − bought {spent} + sold {sold} = ", "")
            text.append(f"{bill.chest_after} left", "bold gold1")
            text.append(f" · {len(self.form.army().units)} to take the field "
                        f"({self.form.rules.army.min}–{self.form.rules.army.max} allowed)"
                        + (f" · {moved} item{'s' if moved != 1 else ''} moved" if moved else "") + "\n")
        for problem in problems[1 if isinstance(bill, str) else 0:][:2]:  # (the gold is said above)
            text.append(f"• {problem}\n", "#e0c080")
        if not problems:
            text.append("Ready: d confirms this muster.", "green")
            empty = unarmed_words(unarmed(self.form.army().units, self.form.catalogue))
            if empty:  # allowed, but rarely meant (as the hiring screen says)
                text.append(f" {empty}", "#e0c080")
        self.query_one("#bill", Static).update(text)
        self.refresh_bindings()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "company":
            self._show_unit()
            self.refresh_bindings()  # space reads "Let go" on a new hire, "Field/rest" on a veteran
        elif event.option_list.id == "shop" and self.focused is event.option_list:
            self._show_entry()

    def on_descendant_focus(self, event) -> None:
        """The box under the company tells of whatever list has the keys: the shop's row, or the unit."""
        if getattr(event.widget, "id", None) == "shop":
            self._show_entry()
        elif getattr(event.widget, "id", None) == "company":
            self._show_unit()

    def _show_entry(self) -> None:
        """The shop's highlighted row in figures, before it is bought: a class's stats and weapons, an item's might
        and tags (a play-test hired a class blind, and learnt only then what it could wield)."""
        shop = self.query_one("#shop", OptionList)
        if shop.highlighted is None or shop.highlighted >= shop.option_count:
            return
        key = str(shop.get_option_at_index(shop.highlighted).id)
        kind, name = key.split(":", 1)
        catalogue, price = self.form.catalogue, self._prices.get(key, 0)
        body = class_brief(catalogue.classes[name], price) if kind == "class" else item_brief(catalogue.items[name], price)
        if not self.form.members:  # the newcomer's first step, said over the figures (L162)
            first = ("Enter hires this class" if kind == "class" else "hire a class first (the classes head this list)")
            body = Group(Text(f"No units yet: {first}; Tab goes between the lists.", "grey70"), body)
        self.query_one("#unit", Static).update(body)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "shop" or event.option.id is None:
            return
        kind, name = event.option.id.split(":", 1)
        if kind == "class":
            told = self.form.hire(name)
            self._redraw(keep=len(self.form.members) - 1)
            if self.form.members and not self.form.members[-1].recruit.items:
                # A new hire carries nothing: the next Enter is for its kit, not a second hire of the same class (a
                # newcomer going for a weapon hired another unit; rulings L142).
                shop = self.query_one("#shop", OptionList)
                first = next((i for i in range(shop.option_count) if str(shop.get_option_at_index(i).id).startswith("item:")), None)
                if first is not None:
                    shop.highlighted = first
                    hired = self.form.members[-1].recruit
                    told = self.form.hired_words(hired.name, hired.unit_class, "(the shop's cursor is on its kit)")
        else:
            index = self.query_one("#company", OptionList).highlighted
            if index is None or not self.form.members:
                self._tell("Highlight a unit of your company first (Tab).")
                return
            told = self.form.buy(index, name)
            self._redraw(keep=index)
        self._tell(told)

    def _tell(self, words: str) -> None:
        self.query_one("#told", Static).update(Text(words[0].upper() + words[1:], "bold"))

    def action_switch(self) -> None:
        target = "#shop" if self.focused is self.query_one("#company") else "#company"
        self.query_one(target, OptionList).focus()

    def action_cycle(self, kind: str = "") -> None:
        index = self.query_one("#company", OptionList).highlighted
        if index is not None and self.form.members:
            self._tell(self.form.cycle(index))
            self._redraw(keep=index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "role":  # only where the chapter asks for a role a player may give (rulings L52)
            return bool(role_cycle(self.form.rules))
        if action == "last_chapter":  # from the second chapter's muster on
            return bool(self.run.data.progress.records)
        if action == "cycle":
            company = self.query("#company")
            index = company.first(OptionList).highlighted if company else None
            members = self.form.members
            new = index is not None and index < len(members) and not members[index].veteran
            return (parameters == ("new",)) == new
        return True

    def action_role(self) -> None:
        index = self.query_one("#company", OptionList).highlighted
        if index is not None and self.form.members:
            self._tell(self.form.choose_role(index))
            self._redraw(keep=index)

    def action_sell(self, slot: int) -> None:
        index = self.query_one("#company", OptionList).highlighted
        if index is not None and self.form.members:
            self._tell(self.form.sell(index, slot))
            self._redraw(keep=index)

    def action_move(self) -> None:
        index = self.query_one("#company", OptionList).highlighted
        if index is None or not self.form.members:
            self._tell("Nobody in the company yet: hire from the shop first.")
            return
        member = self.form.members[index]
        if not member.recruit.items:
            self._tell(f"{member.recruit.name} carries nothing to move.")
            return
        if not self.form.move_choices(index):  # a dialog with no row to choose would read as broken (a play-test)
            self._tell(f"No other unit in the company to take {member.recruit.name}'s items: hire one first.")
            return

        def chosen(move: tuple[int, int] | None) -> None:
            if move is not None:
                self._tell(self.form.move(index, *move))
                self._redraw(keep=index)

        self.app.push_screen(MoveItemDialog(self.form, index), chosen)

    def action_done(self) -> None:
        problems = self.form.problems()
        if problems:
            self._tell(f"Not yet: {problems[0]}.")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.run.confirm(self.player, self.form.army(), self.form.dismissed(), self.form.reserve())
                self.app.muster_confirmed(self.player)  # type: ignore[attr-defined]

        # As the hiring screen asks (rulings L135): what d seals cannot be taken back, and a stray key sealed it.
        self.app.push_screen(ConfirmDialog(self._sealing_words()), answered)

    def _sealing_words(self) -> str:
        """The question d asks: who takes the field, who waits or leaves, and the gold the chest keeps."""
        members = self.form.members
        fielded = sum(m.status == FIELD for m in members)
        waiting = sum(m.status == RESERVE for m in members)
        leaving = len(self.form.dismissed())
        parts = [f"{fielded} unit{'s' if fielded != 1 else ''} take{'' if fielded != 1 else 's'} the field"]
        if waiting:
            parts.append(f"{waiting} in reserve")
        if leaving:
            parts.append(f"{leaving} dismissed")
        bill = self.form.bill()
        chest = f", {bill.chest_after} gold left in the chest" if not isinstance(bill, str) else ""
        empty = unarmed_words(unarmed(self.form.army().units, self.form.catalogue))
        return (f"Seal this muster for chapter {self.run.number}? {', '.join(parts)}{chest}. "
                f"Hires, sales and dismissals are final.{' ' + empty if empty else ''}")

    def action_leave(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.show_title()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog(self.app.leaving_words(quitting=False)), answered)  # type: ignore[attr-defined]

    def action_forfeit(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.run.forfeit(self.player)
                self.app.campaign_step()  # type: ignore[attr-defined]

        self.app.push_screen(ConfirmDialog("Give this chapter up? The other company wins it decisively, "
                                           "without a battle."), answered)
