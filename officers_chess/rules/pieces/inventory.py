"""Inventories: what a unit may equip, and the free actions Equip, Discard and Trade."""

from __future__ import annotations

from itertools import combinations

from officers_chess.rules.board.battle_map import distance
from officers_chess.rules.pieces.models import Accessory, Consumable, Item, Unit, Weapon
from officers_chess.rules.pieces.tags import tag_args

INVENTORY_SLOTS = 3


def can_equip(unit: Unit, item: Item) -> bool:
    """Weapons of a type the class wields (and not Exclusive to another class), and any accessory."""
    if isinstance(item, Consumable):
        return False
    exclusive = tag_args(item.tags, "Exclusive")
    if exclusive and unit.unit_class.name not in exclusive:
        return False
    return isinstance(item, Accessory) or item.type in unit.unit_class.wields


def equippable(unit: Unit) -> list[int]:
    """Inventory indexes the unit could equip now (items not already equipped)."""
    return [
        index
        for index, item in enumerate(unit.inventory)
        if index not in (unit.weapon, unit.accessory) and can_equip(unit, item)
    ]


def equip(unit: Unit, index: int) -> None:
    if isinstance(unit.inventory[index], Accessory):
        unit.accessory = index
    else:
        unit.weapon = index


def refit(unit: Unit, keep: list[Item | None]) -> None:
    """After the inventory changed, point the equipped slots at the same items (or the first that fits)."""
    weapon, accessory = keep
    unit.weapon = next((i for i, it in enumerate(unit.inventory) if it is weapon), None)
    unit.accessory = next((i for i, it in enumerate(unit.inventory) if it is accessory), None)
    if unit.weapon is None:
        unit.weapon = next((i for i, it in enumerate(unit.inventory) if isinstance(it, Weapon) and can_equip(unit, it)), None)
    if unit.accessory is None:  # the first it may wear (not one Exclusive to another class)
        unit.accessory = next((i for i, it in enumerate(unit.inventory) if isinstance(it, Accessory) and can_equip(unit, it)),
                              None)


def _equipped(unit: Unit) -> list[Item | None]:
    return [
        unit.inventory[unit.weapon] if unit.weapon is not None else None,
        unit.inventory[unit.accessory] if unit.accessory is not None else None,
    ]


def discard(unit: Unit, index: int) -> Item:
    keep = _equipped(unit)
    item = unit.inventory.pop(index)
    refit(unit, keep)
    return item


def spend_use(unit: Unit, index: int) -> None:
    """Spend one use of a Consumable(X) item; it is gone when none are left."""
    item = unit.inventory[index]
    if item.uses_left is None:
        return
    unit.inventory[index] = item.model_copy(update={"used": item.used + 1})
    if unit.inventory[index].uses_left == 0:
        discard(unit, index)


def add_item(unit: Unit, item: Item) -> bool:
    """Put an item in a free slot; False when the inventory is full."""
    if len(unit.inventory) >= INVENTORY_SLOTS:
        return False
    keep = _equipped(unit)
    unit.inventory.append(item)
    refit(unit, keep)
    return True


def trade_options(me: Unit, partner: Unit) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (give, take) pair of index sets that leaves both inventories within three items."""
    if distance(me.pos, partner.pos) != 1:
        return []
    options = []
    for g in range(len(me.inventory) + 1):
        for give in combinations(range(len(me.inventory)), g):
            for t in range(len(partner.inventory) + 1):
                for take in combinations(range(len(partner.inventory)), t):
                    if not give and not take:
                        continue
                    if len(me.inventory) - g + t <= INVENTORY_SLOTS and len(partner.inventory) - t + g <= INVENTORY_SLOTS:
                        options.append((give, take))
    return options


def trade(me: Unit, partner: Unit, give: tuple[int, ...], take: tuple[int, ...]) -> None:
    keep_me, keep_partner = _equipped(me), _equipped(partner)
    given = [me.inventory[i] for i in give]
    taken = [partner.inventory[i] for i in take]
    me.inventory = [it for i, it in enumerate(me.inventory) if i not in give] + taken
    partner.inventory = [it for i, it in enumerate(partner.inventory) if i not in take] + given
    refit(me, keep_me)
    refit(partner, keep_partner)
