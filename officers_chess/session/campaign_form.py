"""One player's muster between chapters as it is being made: who takes the field, who waits, who goes, who is new.

No Textual here: the muster screen draws the form and hands each key to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.campaign_muster import new_name
from officers_chess.rules.campaign.book import Player
from officers_chess.rules.campaign.company import Bill, MusterRefused, kit
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.models import Side, Weapon
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.session.campaign_run import CampaignRun
from officers_chess.session.role_choice import next_choice, roles_given

FIELD, RESERVE, DISMISS = "field", "reserve", "dismiss"
MARKS = {FIELD: "⚔", RESERVE: "·", DISMISS: "✗"}


@dataclass
class Member:
    """One unit of the company on the form: its kit as it would take the field, and what is to become of it."""

    recruit: Recruit
    status: str
    veteran: bool
    battles: int = 0


class MusterForm:
    """The company's units, each to field, keep in reserve or dismiss, with new hires; the bill and the army's
    problems worked out by the same rules the campaign's books and the battle use."""

    def __init__(self, run: CampaignRun, player: Player) -> None:
        self.run, self.player = run, player
        self.side: Side = run.side(player)
        loaded = run.scenario()
        self.catalogue, self.battle_map = loaded.catalogue, loaded.battle_map
        rules = loaded.scenario.rules(self.side)
        # The campaign's books settle the gold: the scenario's own war chest does not limit the army here.
        self.scenario = loaded.scenario.model_copy(update={"sides": {**loaded.scenario.sides,
                                                                     self.side: rules.model_copy(update={"war_chest": 10**9})}})
        self.rules = rules
        veterans = sorted(run.company(player).veterans, key=lambda v: -recruit_cost(v.recruit(), self.catalogue))
        self.members = [Member(v.recruit(), FIELD if i < rules.army.max else RESERVE, True, v.battles)
                        for i, v in enumerate(veterans)]
        self.chosen_roles: dict[str, str] = {}  # unit name -> the role the player gave it (r)

    # --- what the form says -----------------------------------------------------------------------------------------

    def army(self) -> Army:
        """The army to field, with the roles the player chose, and the rest of the scenario's roles given as the
        computer gives them (a Leader is the dearest)."""
        fielded = [m.recruit for m in self.members if m.status == FIELD]
        chosen = {name: role for name, role in self.chosen_roles.items() if any(r.name == name for r in fielded)}
        return Army(units=roles_given(self.scenario, self.side, fielded,
                                      [recruit_cost(r, self.catalogue) for r in fielded], chosen))

    def choose_role(self, index: int) -> str:
        """r: the unit carries the next role the chapter asks for (then none of the player's choosing again)."""
        member = self.members[index]
        if member.status != FIELD:
            return f"{member.recruit.name} is not taking the field: field it first."
        self.chosen_roles, told = next_choice(self.scenario, self.side, self.chosen_roles, member.recruit.name)
        return told

    def dismissed(self) -> set[str]:
        return {m.recruit.name for m in self.members if m.status == DISMISS}

    def bill(self) -> Bill | str:
        """The muster's gold, or why the books refuse it."""
        try:
            return self.run.price(self.player, self.army(), self.dismissed())
        except MusterRefused as exc:
            return str(exc)

    def problems(self) -> list[str]:
        """What keeps the army from taking the field (size, classes, items, roles, room), and the gold."""
        found = army_problems(self.army(), self.side, self.scenario, self.catalogue, final=True,
                              battle_map=self.battle_map)
        bill = self.bill()
        if isinstance(bill, str):
            found.insert(0, bill)
        return found

    def shop(self, for_class: str | None = None) -> list[tuple[str, str, int]]:
        """What may be bought here: ("class", name, price) for each class, then ("item", name, price) for each item
        (given `for_class`, only those a unit of that class can carry)."""
        classes = [("class", c.name, class_price(c)) for c in self.catalogue.classes.values()
                   if self.rules.classes is None or c.name in self.rules.classes]
        carrier = self.catalogue.classes.get(for_class) if for_class else None
        items = [("item", i.name, item_price(i)) for i in self.catalogue.items.values()
                 if (self.rules.items is None or i.name in self.rules.items)
                 and (carrier is None or not isinstance(i, Weapon) or can_equip_class(carrier, i))]
        return sorted(classes, key=lambda e: (e[2], e[1])) + items

    # --- what the player does ------------------------------------------------------------------------------------

    def cycle(self, index: int) -> str:
        """A veteran goes field → reserve → dismissed → field; a new hire is taken off the form. What happened."""
        member = self.members[index]
        if not member.veteran:
            del self.members[index]
            return f"{member.recruit.name} is not hired after all."
        member.status = {FIELD: RESERVE, RESERVE: DISMISS, DISMISS: FIELD}[member.status]
        if member.status != FIELD:
            self._restore(member)  # kit changes are for the field: one who stays home keeps what it had
        return {FIELD: f"{member.recruit.name} takes the field.", RESERVE: f"{member.recruit.name} waits in reserve.",
                DISMISS: f"{member.recruit.name} is dismissed: its items will be sold."}[member.status]

    def hire(self, class_name: str) -> str:
        taken = {m.recruit.name for m in self.members} | set(self.run.company(self.player).fallen)
        name = new_name(self.player, taken)  # the company's own names, never one of its dead
        self.members.append(Member(Recruit(name=name, unit_class=class_name), FIELD, False))
        return f"{name} the {class_name} is hired: give it a weapon from the shop."

    def buy(self, index: int, item_name: str) -> str:
        """Give the unit a new item (None of the checks of the field are skipped: the books price it)."""
        member = self.members[index]
        item = self.catalogue.items[item_name]
        if member.status != FIELD:
            return f"{member.recruit.name} is not taking the field: field it first."
        if len(member.recruit.items) >= INVENTORY_SLOTS:
            return f"{member.recruit.name} carries {INVENTORY_SLOTS} items already: sell one first."
        unit_class = self.catalogue.classes[member.recruit.unit_class]
        if isinstance(item, Weapon) and not can_equip_class(unit_class, item):
            return f"a {unit_class.name} cannot use {item_name}."
        self._set_items(member, [*member.recruit.items, item_name])
        return f"{item_name} for {member.recruit.name}."

    def sell(self, index: int, slot: int) -> str:
        """Lay down the unit's item in `slot` (from 0): a veteran's is sold, a new hire's simply not bought."""
        member = self.members[index]
        if member.status != FIELD:
            return f"{member.recruit.name} is not taking the field: its kit stays as it is."
        if slot >= len(member.recruit.items):
            return f"{member.recruit.name} has no item {slot + 1}."
        items = list(member.recruit.items)
        gone = items.pop(slot)
        self._set_items(member, items)
        return f"{gone} of {member.recruit.name} {'sold' if member.veteran else 'not bought'}."

    def _set_items(self, member: Member, items: list[str]) -> None:
        if member.veteran:
            veteran = self.run.company(self.player).veteran(member.recruit.name)
            assert veteran is not None
            member.recruit = kit(veteran, items)
        else:
            member.recruit = member.recruit.model_copy(update={"items": items})

    def _restore(self, member: Member) -> None:
        veteran = self.run.company(self.player).veteran(member.recruit.name)
        if veteran is not None:
            member.recruit = veteran.recruit()
