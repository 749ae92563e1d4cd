"""Duel files, the input of `officers-chess forecast`: two units, their tiles and the distance.

A duel names catalogue classes and items, or spells stats and items out inline; this module
turns one into two core `Fighter`s (unit and terrain) and a distance, or raises a ContentError
naming the file and the line. It computes no numbers: the forecast comes from
`rules.combat.exchange.plan_exchange` and `rules.combat.exchange.forecast`, exactly as in a battle.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.duel_side import SideReader, check_keys, is_int
from officers_chess.content.loaders import load_catalogue
from officers_chess.content.yaml_source import YamlSource, expect_mapping, read_yaml
from officers_chess.rules.combat.editions import EDITIONS
from officers_chess.rules.combat.armament import reaches, usable_weapon, weapon_range
from officers_chess.rules.combat.exchange import ExchangePlan, Fighter, Forecast, forecast, plan_exchange
from officers_chess.rules.pieces.models import Side

TOP_KEYS = ("edition", "distance", "attacker", "defender")


@dataclass(frozen=True)
class Duel:
    """A loaded duel: the two fighters as they stand, and the tiles between them."""

    path: Path
    edition: str
    distance: int
    attacker: Fighter
    defender: Fighter

    def plan(self) -> ExchangePlan:
        return plan_exchange(self.attacker, self.defender, self.distance, edition=self.edition)

    def forecast(self) -> Forecast:
        return forecast(self.plan(), self.attacker.unit.hp, self.defender.unit.hp)


def _distance(source: YamlSource, data: dict) -> int:
    raw = data.get("distance")
    if raw is None:
        raise source.error("distance: give the number of tiles between the two units (1 for adjacent)", ("distance",))
    if not is_int(raw) or raw < 1:
        raise source.error(f"distance: must be a whole number of tiles, 1 or more, not {raw!r}", ("distance",))
    return raw


def load_duel(path: Path | str) -> Duel:
    """Read a duel file into two fighters and a distance; any problem is a ContentError with its line."""
    source = read_yaml(path)
    data = expect_mapping(source)
    check_keys(source, data, TOP_KEYS, (), "the duel")
    edition = data.get("edition", "v0.6")
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise source.error(f"edition: unknown edition {edition!r} (this version plays {', '.join(EDITIONS)})", ("edition",))
    catalogue = load_catalogue(edition)
    distance = _distance(source, data)
    for key in ("attacker", "defender"):
        if key not in data:
            raise source.error(f"the duel needs {'an attacker' if key == 'attacker' else 'a defender'}")
    attacker = SideReader(source, catalogue, Side.ATTACKER).fighter()
    defender = SideReader(source, catalogue, Side.DEFENDER).fighter()
    weapon = usable_weapon(attacker.unit)
    assert weapon is not None
    if not reaches(attacker.unit, weapon, distance):
        low, high = weapon_range(attacker.unit, weapon)
        reach = f"{low}" if low == high else f"{low} to {high}"
        raise source.error(
            f"distance: the attacker's {weapon.name} reaches {reach} tile{'s' if high > 1 else ''}, not {distance}",
            ("distance",),
        )
    return Duel(Path(path), edition, distance, attacker, defender)
