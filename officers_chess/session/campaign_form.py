"""One player's muster between chapters as it is being made: who takes the field, who waits, who goes, who is new.

No Textual here: the muster screen draws the form and hands each key to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from officers_chess.ai.campaign_muster import new_name
from officers_chess.rules.campaign.book import Player
from officers_chess.rules.campaign.company import Bill, MusterRefused, uses_left
from officers_chess.rules.muster.army import Army, Recruit, army_problems, recruit_cost
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.models import Side, Weapon, WeaponType
from officers_chess.rules.pieces.pricing import class_price, item_price
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.session.campaign_run import CampaignRun
from officers_chess.session.role_choice import next_choice, roles_given
from officers_chess.rules.basics.words import article

FIELD, RESERVE, DISMISS = "field", "reserve", "dismiss"
MARKS = {FIELD: "⚔", RESERVE: "·", DISMISS: "✗"}


@dataclass
class Member:
    """One unit of the company on the form: its kit as it would take the field, and what is to become of it.
    `origins` names, item by item, the veteran each came from (None: bought at this muster)."""

    recruit: Recruit
    status: str
    veteran: bool
    battles: int = 0
    origins: list[str | None] = field(default_factory=list)

    def spent(self, slot: int) -> int:
        used = self.recruit.used
        return used[slot] if slot < len(used) else 0

    def kit(self) -> list[tuple[str, int, str | None]]:
        """(item, uses spent, where it came from) for each item carried."""
        return [(name, self.spent(i), self.origins[i]) for i, name in enumerate(self.recruit.items)]

    def carry(self, kit: list[tuple[str, int, str | None]]) -> None:
        used = [spent for _, spent, _ in kit]
        self.recruit = self.recruit.model_copy(update={"items": [name for name, _, _ in kit],
                                                       "used": used if any(used) else []})
        self.origins = [origin for _, _, origin in kit]


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
        self.members = [Member(v.recruit(), FIELD if i < rules.army.max else RESERVE, True, v.battles,
                               [v.name] * len(v.items)) for i, v in enumerate(veterans)]
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
        name = member.recruit.name
        had = self._roles_of(name)
        self.chosen_roles, told = next_choice(self.scenario, self.side, self.chosen_roles, name)
        # The computer's rule may give the unit a role before or after the choice: said, since the list shows the
        # role either way and a play-test read "is now the Fleeing" and "carries no role" over an unchanged row.
        role = self.chosen_roles.get(name)
        if role is not None and role in had:
            return f"{name} is now the {role} by your choice (it had been by cost)."
        kept = self._roles_of(name)
        if role is None and kept:
            return f"{name} is no longer your choice; by cost it still carries the {' and '.join(kept)}."
        return told

    def _roles_of(self, name: str) -> list[str]:
        """The roles the unit called `name` takes the field with, as things stand (none off the field)."""
        return next((r.roles for r in self.army().units if r.name == name), [])

    def dismissed(self) -> set[str]:
        return {m.recruit.name for m in self.members if m.status == DISMISS}

    def reserve(self) -> list[Recruit]:
        """The veterans waiting in reserve whose kit this muster changed (the others keep their own)."""
        company = self.run.company(self.player)
        changed = []
        for member in self.members:
            veteran = company.veteran(member.recruit.name)
            if member.status == RESERVE and veteran is not None and member.recruit != veteran.recruit():
                changed.append(member.recruit.model_copy(update={"roles": []}))
        return changed

    def bill(self) -> Bill | str:
        """The muster's gold, or why the books refuse it."""
        try:
            return self.run.price(self.player, self.army(), self.dismissed(), self.reserve())
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
        """A veteran goes field → reserve → dismissed → field, with the kit it carries; a new hire is taken off the
        form, and what it was given from the company goes back where it came from. What happened."""
        member = self.members[index]
        if not member.veteran:
            del self.members[index]
            back = [self._give_back(name, spent, origin) for name, spent, origin in member.kit() if origin]
            return f"{member.recruit.name} is not hired after all." + "".join(f" {words}" for words in back)
        member.status = {FIELD: RESERVE, RESERVE: DISMISS, DISMISS: FIELD}[member.status]
        name = member.recruit.name
        carried = f": {', '.join(member.recruit.items)} will be sold (m moves an item to another unit first)."
        return {FIELD: f"{name} takes the field.", RESERVE: f"{name} waits in reserve with its kit.",
                DISMISS: f"{name} is dismissed" + (carried if member.recruit.items else ".")}[member.status]

    def _give_back(self, name: str, spent: int, origin: str) -> str:
        owner = next((m for m in self.members if m.recruit.name == origin), None)
        if owner is None or owner.status == DISMISS or len(owner.recruit.items) >= INVENTORY_SLOTS:
            return f"{name} goes to the stores and is sold."
        owner.carry([*owner.kit(), (name, spent, origin)])
        return f"{name} goes back to {origin}."

    def hire(self, class_name: str) -> str:
        taken = {m.recruit.name for m in self.members} | set(self.run.company(self.player).fallen)
        name = new_name(self.player, taken)  # the company's own names, never one of its dead
        self.members.append(Member(Recruit(name=name, unit_class=class_name), FIELD, False))
        return self.hired_words(name, class_name, "from the shop")

    def hired_words(self, name: str, class_name: str, where: str) -> str:
        """What a hire says: who is hired, and what it wants from the shop (`where`: how to find it there)."""
        return f"{name} the {class_name} is hired: give it {self.kit_word(class_name)} {where}."

    def kit_word(self, class_name: str) -> str:
        """What a unit of the class wants from the shop: a staff for a healer that wields nothing else, a weapon
        for one that wields no staff, either for one that wields both (a Cleric was told to buy a weapon)."""
        unit_class = self.catalogue.classes.get(class_name)
        wields = set(unit_class.wields) if unit_class is not None else set()
        staff = WeaponType.STAFF in wields
        return "a staff" if wields == {WeaponType.STAFF} else "a weapon or a staff" if staff else "a weapon"

    def buy(self, index: int, item_name: str) -> str:
        """Give the unit a new item (None of the checks of the field are skipped: the books price it). A veteran
        that laid down one of its own of that name at this muster takes it back, worn as it was."""
        member = self.members[index]
        item = self.catalogue.items[item_name]
        if member.status == DISMISS:
            return f"{member.recruit.name} is dismissed: it takes nothing new with it."
        if len(member.recruit.items) >= INVENTORY_SLOTS:
            return f"{member.recruit.name} carries {INVENTORY_SLOTS} items already: sell or move one first."
        unit_class = self.catalogue.classes[member.recruit.unit_class]
        if isinstance(item, Weapon) and not can_equip_class(unit_class, item):
            return f"{article(unit_class.name)} {unit_class.name} cannot use {item_name}."
        own = self._laid_down(member.recruit.name, item_name)
        if own is not None:
            member.carry([*member.kit(), (item_name, own, member.recruit.name)])
            return f"{member.recruit.name} takes its own {item_name} back{self.uses_words(item_name, own)}."
        member.carry([*member.kit(), (item_name, 0, None)])
        return f"{item_name} for {member.recruit.name}."

    def _laid_down(self, owner: str, item_name: str) -> int | None:
        """The uses spent of an item of that name `owner` brought to the muster and nobody carries now (the
        freshest), or None."""
        veteran = self.run.company(self.player).veteran(owner)
        if veteran is None:
            return None
        held = [spent for m in self.members for name, spent, origin in m.kit() if origin == owner and name == item_name]
        brought = sorted(veteran.spent(i) for i, name in enumerate(veteran.items) if name == item_name)
        for spent in held:
            brought.remove(spent)
        return brought[0] if brought else None

    def uses_words(self, item_name: str, spent: int, short: bool = False) -> str:
        """" (2 uses left)" (short: " (2 left)") for an item with uses, else nothing."""
        left = uses_left(self.catalogue, item_name, spent)
        return "" if left is None else f" ({left} left)" if short else f" ({left} use{'' if left == 1 else 's'} left)"

    def sell(self, index: int, slot: int) -> str:
        """Lay down the unit's item in `slot` (from 0): a veteran's is sold, a new hire's simply not bought."""
        member = self.members[index]
        if member.status == DISMISS:
            return f"{member.recruit.name} is dismissed: all it carries is sold as it leaves."
        if slot >= len(member.recruit.items):
            return f"{member.recruit.name} has no item {slot + 1}."
        kit = member.kit()
        gone, _, origin = kit.pop(slot)
        member.carry(kit)
        return f"{gone} of {member.recruit.name} {'not bought' if origin is None else 'sold'}."

    def move_choices(self, index: int) -> list[tuple[int, int, str | None]]:
        """Every move of an item of the unit at `index` to another unit of the company: (slot, to index, why not or
        None)."""
        member = self.members[index]
        choices = []
        for slot, name in enumerate(member.recruit.items):
            for to, other in enumerate(self.members):
                if to != index:
                    choices.append((slot, to, self._cannot_take(other, name)))
        return choices

    def _cannot_take(self, member: Member, item_name: str) -> str | None:
        if member.status == DISMISS:
            return "dismissed"
        if len(member.recruit.items) >= INVENTORY_SLOTS:
            return f"carries {INVENTORY_SLOTS} already"
        item, unit_class = self.catalogue.items[item_name], self.catalogue.classes[member.recruit.unit_class]
        if isinstance(item, Weapon) and not can_equip_class(unit_class, item):
            return f"{article(unit_class.name)} {unit_class.name} cannot use it"
        return None

    def move(self, index: int, slot: int, to: int) -> str:
        """Hand the item in `slot` of one unit to another unit of the company, worn as it is, for no gold (ruling
        L20): from a benched or dismissed unit too."""
        member, other = self.members[index], self.members[to]
        if slot >= len(member.recruit.items):
            return f"{member.recruit.name} has no item {slot + 1}."
        name = member.recruit.items[slot]
        why = self._cannot_take(other, name) if to != index else "the same unit"
        if why:
            return f"{other.recruit.name} cannot take {name}: {why}."
        kit = member.kit()
        moved = kit.pop(slot)
        member.carry(kit)
        other.carry([*other.kit(), moved])
        return f"{name}{self.uses_words(name, moved[1])} goes from {member.recruit.name} to {other.recruit.name}."
