"""What the computer's campaign muster buys its veterans: the tools their classes need, and fresh ones for the worn."""

from __future__ import annotations

from officers_chess.rules.campaign.company import Company, kit
from officers_chess.rules.muster.army import Recruit
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import INVENTORY_SLOTS
from officers_chess.rules.pieces.models import Side, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.pricing import item_price
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.scenario.deploy_room import allowed
from officers_chess.rules.scenario.setup import Scenario, can_equip_class

# An item is running low once its uses left (all its copies together) are at most half of one fresh one's.
LOW_SHARE = 0.5

Purchase = tuple[int, str]  # (the veteran's place in the list, the item it is to carry)


def shop(scenario: Scenario, side: Side, catalogue: Catalogue) -> list[str]:
    """The items the chapter sells this side, relics aside (the company bears no crest): cheapest first."""
    names = [n for n, item in catalogue.items.items()
             if allowed(scenario.rules(side).items, n) and not tag_args(item.tags, "Relic")]
    return sorted(names, key=lambda n: (item_price(catalogue.items[n]), n))


def uses(catalogue: Catalogue, name: str) -> int | None:
    """Uses of a fresh one (Consumable(X)); None for an item that never runs out."""
    total = tag_args(catalogue.items[name].tags, "Consumable")
    return int(total[0]) if total else None


def usable(unit_class: UnitClass, catalogue: Catalogue, name: str) -> bool:
    """A weapon or staff the class may wield; anything else any unit may carry and use."""
    item = catalogue.items[name]
    return not isinstance(item, Weapon) or can_equip_class(unit_class, item)


def _heals(catalogue: Catalogue, name: str) -> bool:
    item = catalogue.items[name]
    return isinstance(item, Weapon) and item.type is WeaponType.STAFF and bool(tag_args(item.tags, "Heal"))


def _fights(catalogue: Catalogue, name: str) -> bool:
    item = catalogue.items[name]
    return isinstance(item, Weapon) and item.type not in (WeaponType.STAFF, WeaponType.STONE)


def _pick(catalogue: Catalogue, names: list[str]) -> str | None:
    """The one that costs least a use (one that never runs out first), then the cheapest: a muster re-buys, it does
    not upgrade, and a staff that runs out after three heals is no saving on one that lasts six."""
    def per_use(name: str) -> tuple[float, int, str]:
        total, price = uses(catalogue, name), item_price(catalogue.items[name])
        return (0.0 if total is None else price / total, price, name)
    return min(names, key=per_use, default=None)


def missing_tools(recruit: Recruit, catalogue: Catalogue, wares: list[str]) -> list[str]:
    """The tools the unit's class works with that it no longer carries, its main one first: a healing staff for a
    class that wields staves (the books forget a staff that ran out, so the class says it had one), then a fighting
    weapon for a class that wields one. Only what the chapter sells and the class can wield."""
    unit_class = catalogue.classes[recruit.unit_class]
    mine = [n for n in wares if usable(unit_class, catalogue, n)]
    needs = []
    for kind in (_heals, _fights):
        if not any(kind(catalogue, n) for n in recruit.items):
            choice = _pick(catalogue, [n for n in mine if kind(catalogue, n)])
            if choice is not None:
                needs.append(choice)
    return needs


def running_low(recruit: Recruit, catalogue: Catalogue, wares: list[str]) -> tuple[list[str], list[str]]:
    """The items with uses the unit carries that are running low (`LOW_SHARE`), one fresh one of each the chapter
    sells: its weapons and staves, then the rest (vulneraries and the like)."""
    unit_class = catalogue.classes[recruit.unit_class]
    tools, others = [], []
    for name in dict.fromkeys(recruit.items):
        total = uses(catalogue, name)
        if total is None or name not in wares or not usable(unit_class, catalogue, name):
            continue
        spent = [recruit.used[i] if i < len(recruit.used) else 0 for i, n in enumerate(recruit.items) if n == name]
        left = sum(max(0, total - s) for s in spent)
        if left <= total * LOW_SHARE:
            (tools if isinstance(catalogue.items[name], Weapon) else others).append(name)
    return tools, others


def tool_rounds(veterans: list[Recruit], catalogue: Catalogue, wares: list[str]) -> list[list[Purchase]]:
    """The missing tools in the order they are bought: every unit's main tool (dearest veteran first), then the
    rest, so one unit's spare weapon never takes the gold another's staff needed."""
    needs = [missing_tools(r, catalogue, wares) for r in veterans]
    depth = max((len(n) for n in needs), default=0)
    return [[(i, n[level]) for i, n in enumerate(needs) if len(n) > level] for level in range(depth)]


def top_up_rounds(veterans: list[Recruit], catalogue: Catalogue, wares: list[str]) -> list[list[Purchase]]:
    """Fresh ones for what is running low: every unit's weapons and staves first, then its other items."""
    low = [running_low(r, catalogue, wares) for r in veterans]
    return [[(i, n) for i, (tools, _) in enumerate(low) for n in tools],
            [(i, n) for i, (_, others) in enumerate(low) for n in others]]


def buy(company: Company, veterans: list[Recruit], rounds: list[list[Purchase]], catalogue: Catalogue,
        gold: int) -> tuple[list[Recruit], int]:
    """Each purchase in turn that the gold left pays for and the unit has a free slot for; the veterans as they then
    carry their kit (worn as the company's books say) and the gold left."""
    veterans = list(veterans)
    for purchases in rounds:
        for index, name in purchases:
            recruit = veterans[index]
            price = item_price(catalogue.items[name])
            veteran = company.veteran(recruit.name)
            if veteran is None or len(recruit.items) >= INVENTORY_SLOTS or price > gold:
                continue
            veterans[index] = kit(veteran, [*recruit.items, name]).model_copy(update={"roles": list(recruit.roles)})
            gold -= price
    return veterans, gold
