"""Builders for the later editions' rules tests: units with letter ratings, weapons, plans and small battles.

Built directly (never from the bundled catalogue), so a test's numbers come from the table cell it
names plus what the test adds: the default unit is C in every rating, with a weightless 0-Might sword.
"""

from __future__ import annotations

from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.battle.actions import Move, Special
from officers_chess.rules.battle.game import GameState, apply_action, legal_actions
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.combat.editions import rules_for
from officers_chess.rules.combat.exchange import Fighter
from officers_chess.rules.pieces.models import DamageKind, Side, Stats, Unit, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.statuses import Status, StatusName

A, D = Side.ATTACKER, Side.DEFENDER
MAGIC = (WeaponType.REASON, WeaponType.FAITH, WeaponType.DARK, WeaponType.STAFF)


class EditionKit:
    """The builders, bound to one edition (its classes' movement and HP, its terrain, its plans)."""

    def __init__(self, edition: str) -> None:
        self.edition = edition
        self.rules = rules_for(edition)
        self.tiles = self.rules.terrain

    def klass(self, tags=(), promoted=False, hp=20, name="Tester", **ratings: str) -> UnitClass:
        stats = {"str": "C", "mag": "C", "skl": "C", "spd": "C", "def": "C", "res": "C", "hp": hp}
        stats.update({key.rstrip("_"): value for key, value in ratings.items()})
        return self.rules.setup_class(UnitClass(name=name, letter="T", stats=Stats.model_validate(stats),
                                                wields=list(WeaponType), tags=list(tags), promoted=promoted,
                                                edition=self.edition))

    def wpn(self, type="sword", might=0, weight=0, hit=0, range=(1, 1), tags=(), damage=None, magic_reach=False,
            name=None) -> Weapon:
        kind = WeaponType(type)
        damage = damage or (DamageKind.MAGIC if kind in MAGIC else DamageKind.MARTIAL)
        return Weapon(name=name or f"Test {kind.value}", type=kind, damage=damage, might=might, weight=weight, hit=hit,
                      range=range, tags=list(tags), magic_reach=magic_reach, edition=self.edition)

    def staff(self, tags, range=(1, 1), hit=0, magic_reach=False) -> Weapon:
        return self.wpn("staff", range=range, tags=tags, hit=hit, magic_reach=magic_reach, name="Test Staff")

    def unit(self, id="a1", side=A, pos=(0, 0), weapon="sword", accessory=None, tags=(), promoted=False, hp=None,
             max_hp=20, statuses=(), extra=(), **ratings: str) -> Unit:
        cls = self.klass(tags, promoted, hp=max_hp, **ratings)
        inventory: list = []
        weapon_index = accessory_index = None
        if weapon == "sword":
            weapon = self.wpn()
        if weapon is not None:
            weapon_index = len(inventory)
            inventory.append(weapon)
        if accessory is not None:
            accessory_index = len(inventory)
            inventory.append(accessory)
        inventory += list(extra)
        return Unit(id=id, name=id.upper(), side=side, unit_class=cls, inventory=inventory, weapon=weapon_index,
                    accessory=accessory_index, hp=cls.stats.hp if hp is None else hp, pos=pos,
                    statuses=[s if isinstance(s, Status) else Status(name=StatusName(s)) for s in statuses])

    def foe(self, id="d1", pos=(1, 0), **kw) -> Unit:
        return self.unit(id=id, side=D, pos=pos, **kw)

    def plan(self, attacker: Unit, defender: Unit, at="plains", dt="plains", distance=1, **defender_extra):
        return self.rules.plan(Fighter(attacker, self.tiles[at]), Fighter(defender, self.tiles[dt], **defender_extra),
                               distance)

    def glyph(self, terrain_id: str) -> str:
        return self.tiles[terrain_id].glyph

    def battle(self, rows, units, to_act=A, seed=0, rolls=None, game_master=None) -> GameState:
        dice = Dice(seed=seed) if rolls is None else Dice(seed=seed).with_rolls(rolls)
        return GameState(edition=self.edition, scenario="test",
                         map=BattleMap(name="test", rows=list(rows), edition=self.edition), units=units,
                         to_act=to_act, dice=dice, game_master=game_master)


def do(state: GameState, *actions) -> GameState:
    for action in actions:
        state = apply_action(state, action).state
    return state


def stay(state: GameState, unit_id: str) -> GameState:
    return do(state, Move(unit=unit_id, to=state.unit(unit_id).pos))


def specials(state: GameState, name: str) -> list[Special]:
    return [a for a in legal_actions(state) if isinstance(a, Special) and a.name == name]


def ring(state: GameState, action) -> tuple[GameState, list]:
    outcome = apply_action(state, action)
    return outcome.state, outcome.events
