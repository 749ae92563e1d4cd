"""What every computer level shares (BasePolicy: its seeded randomness and the army-building AI) and the re-arming
helpers; the protocol the levels follow is in player.py."""

from __future__ import annotations

import random

from officers_chess.ai.matchups import Matchups
from officers_chess.ai.muster_ai import deploy_army, hire_army
from officers_chess.rules.battle.actions import Action, Equip, Special
from officers_chess.rules.battle.game import staying
from officers_chess.rules.battle.seat_view import SeatView, view
from officers_chess.rules.battle.vision import acting_side
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.inventory import can_equip
from officers_chess.rules.pieces.models import Side, Unit, Weapon, WeaponType
from officers_chess.rules.scenario.setup import Scenario


class BasePolicy:
    """What every level shares: a name, its own seeded random source, and the muster AI for army building."""

    name = "base"
    follows_orders = False
    measures_hires = False  # hire by matchups against the expected enemy (`Matchups`), not at random among the dearest

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """One of the legal actions of the side to act, decided from that side's view alone (rulings P1, F33): the
        level is handed what a player of the side may know, never the battle itself."""
        return self.decide(view(state, acting_side(state)))

    def decide(self, seat: SeatView) -> Action:  # pragma: no cover - every level overrides it
        raise NotImplementedError

    def hire(
        self, scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random, battle_map: BattleMap | None = None
    ) -> Army:
        matchups = self.matchups(scenario, catalogue, battle_map) if self.measures_hires else None
        return hire_army(scenario, catalogue, side, rng, battle_map, matchups)

    def matchups(self, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap | None) -> Matchups:
        """The measure of units against each other for this battle's army building, kept from Hiring to Outfitting."""
        held = getattr(self, "_matchups", None)
        if held is None or not (held.scenario is scenario and held.catalogue is catalogue and held.battle_map is battle_map):
            held = self._matchups = Matchups(scenario, catalogue, battle_map)
        return held

    def outfit(self, scenario: Scenario, catalogue: Catalogue, side: Side, army: Army, scouted: list[str],
               battle_map: BattleMap | None = None) -> Army | None:
        """The army's new kit after Scouting showed the enemy's classes, or None to keep it as hired."""
        return None

    def deploy(
        self, scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, side: Side, army: Army, rng: random.Random
    ) -> dict[str, Pos]:
        return deploy_army(scenario, catalogue, battle_map, side, army, rng)


def staying_to_rearm(unit: Unit, action: Action) -> Action:
    """A staff used by a unit that also carries a fighting weapon keeps its turn open (`stay`): the staff is left in
    hand after it, and the unit takes its weapon back up before the enemy's turn (`rearm_after_staff`), so it can
    counter. Anything else is returned as it is."""
    if not isinstance(action, Special) or action.source is None:
        return action
    item = unit.inventory[action.source]
    if not (isinstance(item, Weapon) and item.type is WeaponType.STAFF):
        return action
    if any(isinstance(i, Weapon) and i.type not in (WeaponType.STAFF, WeaponType.STONE) and can_equip(unit, i)
           for i in unit.inventory):
        return staying(action)
    return action


def rearm_after_staff(unit: Unit, actions: list[Action]) -> Equip | None:
    """A unit left holding a staff (healing equips it) takes its fighting weapon back in hand, a free action."""
    if usable_weapon(unit) is not None:
        return None
    for action in actions:
        if isinstance(action, Equip):
            item = unit.inventory[action.item]
            if isinstance(item, Weapon) and item.type not in (WeaponType.STAFF, WeaponType.STONE):
                return action
    return None
