"""The catalogue: every class and item a battle may use, looked up by name."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator

from officers_chess.rules.pieces.models import Accessory, Art, Consumable, Item, UnitClass, Weapon


class Catalogue(BaseModel):
    """Classes and items of one edition, keyed by their names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    edition: str = "v0.6"
    classes: dict[str, UnitClass]
    items: dict[str, Item]
    arts: dict[str, Art] = {}

    @model_validator(mode="after")
    def _names_match_keys(self) -> Catalogue:
        for table in (self.classes, self.items, self.arts):
            for key, entry in table.items():
                if entry.name != key:
                    raise ValueError(f"entry {key!r} is named {entry.name!r}; the two must agree")
        return self

    def weapons(self) -> list[Weapon]:
        return [i for i in self.items.values() if isinstance(i, Weapon)]

    def accessories(self) -> list[Accessory]:
        return [i for i in self.items.values() if isinstance(i, Accessory)]

    def consumables(self) -> list[Consumable]:
        return [i for i in self.items.values() if isinstance(i, Consumable)]
