"""The danger zone and the threat inspector while a side deploys, from the enemy units it may see on the field.

An enemy's items are hidden until the battle (rulings B2, B5), so each enemy in sight is taken to carry any
fighting weapon the scenario lets its side have and its class can wield: its zone is every tile it could attack
with one of them next activation, and the inspector gives, for each enemy that could attack a unit on a tile, its
worst attack by the exact forecast. Enemy scripts are the other side's secret (F34) and count for nothing here.
Computed with the battle's own danger geometry and forecast (`ai.threat_map`). No Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.ai.threat_map import AttackForecast, danger_zone, threat_forecasts
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import Pos
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.scenario.setup import ScenarioError, UnitSetup, build_unit, can_equip_class
from officers_chess.session.lookout import Marks, count_mark
from officers_chess.session.muster_common import MusterCommon


@dataclass(frozen=True)
class DeployThreat:
    """One enemy's worst attack on a unit standing on a tile, with the weapon it was assumed to carry."""

    enemy: str  # its name
    attack: AttackForecast


class DeployLookout:
    """The deploying side's danger zone (z) and threat inspector (t), worked out from what its screen may show."""

    def __init__(self, session: MusterCommon, side: Side) -> None:
        self.session, self.side = session, side
        self.danger_on = False
        self.inspecting = False
        self._cache: tuple[tuple, GameState, dict[str, list[Unit]]] | None = None
        self._danger: tuple[tuple, dict[Pos, int]] | None = None

    # --- the field as a battle ------------------------------------------------------------------------------

    def weapons(self, class_name: str) -> list[Weapon]:
        """The fighting weapons an enemy of this class may carry in this scenario (staves and stones never strike)."""
        unit_class = self.session.catalogue.classes[class_name]
        return [item for item, _ in self.session.items(self.side.other)
                if isinstance(item, Weapon) and item.type not in (WeaponType.STAFF, WeaponType.STONE)
                and can_equip_class(unit_class, item)]

    def _board(self) -> tuple[GameState, dict[str, list[Unit]]]:
        """The field as a battle state (own units with their kit, enemies bare), and each enemy armed each way it
        might be; made again only when the field changes."""
        field = self.session.field(self.side)
        key = tuple((f.unit.id, f.unit.pos) for f in field)
        if self._cache is None or self._cache[0] != key:
            scenario = self.session.scenario
            state = GameState(edition=scenario.edition, scenario=scenario.name,
                              map=self.session.battle_map.model_copy(update={"edition": scenario.edition}),
                              units=[f.unit for f in field], to_act=self.side.other, dice=Dice(seed=0),
                              arts=dict(self.session.catalogue.arts))
            armed = {f.unit.id: [f.unit.model_copy(update={"inventory": [weapon], "weapon": 0})
                                 for weapon in self.weapons(f.unit.unit_class.name)]
                     for f in field if not f.own}
            self._cache = (key, state, armed)
        return self._cache[1], self._cache[2]

    def enemies(self) -> list[Unit]:
        """The enemy units the deploying side sees on the field."""
        return [f.unit for f in self.session.field(self.side) if not f.own]

    # --- the danger zone ------------------------------------------------------------------------------------

    def danger(self) -> dict[Pos, int]:
        """Each tile some enemy in sight could attack next activation with a weapon it may carry, with how many."""
        state, armed = self._board()
        key = self._cache[0] if self._cache else ()
        if self._danger is not None and self._danger[0] == key:
            return self._danger[1]
        zone: dict[Pos, int] = {}
        for forms in armed.values():
            reached: set[Pos] = set()
            for form in forms:
                reached |= set(danger_zone(state, [form]))
            for pos in reached:
                zone[pos] = zone.get(pos, 0) + 1
        for enemy in self.enemies():
            zone.pop(enemy.pos, None)  # as in battle: no digit beside an enemy's letter
        self._danger = (key, zone)
        return zone

    def marks(self) -> Marks:
        return Marks(danger={p: count_mark(n) for p, n in self.danger().items()} if self.danger_on else {})

    # --- the threat inspector -------------------------------------------------------------------------------

    def subject(self, name: str, pos: Pos) -> Unit | None:
        """The side's unit `name` (placed or in hand) as it would stand on `pos`, with its own kit; None where it
        cannot stand at all."""
        recruit = next(r for r in self.session.army(self.side).units if r.name == name)
        setup = UnitSetup(name=recruit.name, unit_class=recruit.unit_class, items=list(recruit.items),
                          roles=list(recruit.roles), at=(pos[0] + 1, pos[1] + 1), used=list(recruit.used))
        try:
            return build_unit(setup, self.side, f"own:{recruit.name}", self.session.catalogue,
                              self.session.battle_map, ())
        except ScenarioError:  # water, a wall: nobody attacks it there, and the pane says why
            return None

    def threats(self, name: str, pos: Pos) -> list[DeployThreat]:
        """Every enemy in sight that could attack `name` on `pos` next activation, each by its worst weapon for it
        (most likely to rout, then most damage), worst first."""
        state, armed = self._board()
        unit = self.subject(name, pos)
        if unit is None:
            return []
        others = [u for u in state.units if u.id != unit.id]
        placed = state.model_copy(update={"units": [*others, unit]})
        found: list[DeployThreat] = []
        for forms in armed.values():
            attacks = [a for form in forms for a in threat_forecasts(placed, unit, pos, [form])]
            if attacks:
                worst = max(attacks, key=lambda a: (a.rout_chance, a.expected_damage, -a.expected_taken))
                found.append(DeployThreat(worst.enemy.name, worst))
        return sorted(found, key=lambda t: (-t.attack.rout_chance, -t.attack.expected_damage, t.enemy))
