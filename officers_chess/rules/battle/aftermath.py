"""What an exchange leaves behind: Status and Inflict on a hit, Broken, Heavy's push, AoE's splash, and worn weapons."""

from __future__ import annotations

from officers_chess.rules.battle.events import Acted, Event, Routed, StatusLost
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import apply_status, inflict
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.combat.armament import reaches, usable_weapon
from officers_chess.rules.combat.exchange import ExchangePlan, Role, Swing
from officers_chess.rules.pieces.inventory import spend_use
from officers_chess.rules.pieces.models import Unit
from officers_chess.rules.pieces.movement import STEPS
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import tag_args


def wear(unit: Unit, events: list[Event]) -> None:
    """Consumable(X) on a weapon: each exchange it swings in (attacking or countering, however many swings)
    and each blow at a wall spends one use; spent, it is gone (docs/rulings.md C21)."""
    weapon = usable_weapon(unit)
    if weapon is None or weapon.uses_left is None:
        return
    index = next(i for i, item in enumerate(unit.inventory) if item is weapon)
    spend_use(unit, index)
    left = weapon.uses_left - 1
    events.append(Acted(f"{unit.name}'s {weapon.name} is spent and gone." if left == 0
                        else f"{unit.name}'s {weapon.name}: {left} use{'s' if left != 1 else ''} left.", (unit.id,)))


def break_after(state: GameState, plan: ExchangePlan, swings: list[Swing], attacker: Unit, defender: Unit,
           started_broken: bool, events: list[Event]) -> None:
    """Broken: a unit that fought a combat already Broken is cured by it; a hit with the triangle's
    advantage that dealt damage leaves its target Broken (the defender at once, see `resolve`)."""
    if started_broken:
        defender.statuses = [s for s in defender.statuses if s.name is not StatusName.BROKEN]
        if defender.on_field:  # a unit this combat routed is told routed, not cured first
            events.append(StatusLost(defender.name, StatusName.BROKEN.value, defender.id))
    for role, victim in ((Role.ATTACKER, defender), (Role.DEFENDER, attacker)):
        landed = any(s.role is role and s.landed and s.damage > 0 for s in swings)
        profile = plan.attacker if role is Role.ATTACKER else plan.defender
        if landed and profile is not None and profile.breaks and victim.on_field and not victim.has_status(StatusName.BROKEN):
            apply_status(state, victim, StatusName.BROKEN, events)


def push_back(state: GameState, plan: ExchangePlan, swings: list[Swing], attacker: Unit, defender: Unit,
          events: list[Event]) -> None:
    """Heavy: a unit that hit with a Heavy weapon pushes its foe one tile straight back, if that tile is free."""
    for role, pusher, victim in ((Role.ATTACKER, attacker, defender), (Role.DEFENDER, defender, attacker)):
        profile = plan.attacker if role is Role.ATTACKER else plan.defender
        if profile is None or not profile.pushes or not victim.on_field or not pusher.on_field:
            continue
        if not any(s.role is role and s.landed for s in swings):
            continue
        to = _pushed_to(state, pusher.pos, victim)
        if to is None:
            events.append(Acted(f"{victim.name} cannot be pushed back: the tile behind it is taken or closed.", (victim.id,)))
        else:
            events.append(Acted(f"{pusher.name}'s heavy blow pushes {victim.name} back to {to[0] + 1},{to[1] + 1}.",
                                (pusher.id, victim.id), (to,)))
            victim.pos = to


def _pushed_to(state: GameState, source: Pos, victim: Unit) -> Pos | None:
    dx, dy = victim.pos[0] - source[0], victim.pos[1] - source[1]
    # Straight away from the pusher along the longer axis (a diagonal-ish bow shot pushes along x).
    step = ((dx > 0) - (dx < 0), 0) if abs(dx) >= abs(dy) else (0, (dy > 0) - (dy < 0))
    assert step in STEPS
    to = (victim.pos[0] + step[0], victim.pos[1] + step[1])
    if not state.map.contains(to) or state.unit_at(to) is not None:
        return None
    return to if victim.entry_cost(state.map.terrain_at(to)) is not None else None


def on_hit(state: GameState, hitter: Unit, victim: Unit, extra_tags: list[str], events: list[Event]) -> None:
    """Status(Effect) and Inflict(Stat-X) on the hitter's weapon take hold on a unit it hit."""
    tags = hitter.tags + extra_tags
    for status in tag_args(tags, "Status"):
        apply_status(state, victim, StatusName(status), events)
    for stat, change in tag_args(tags, "Inflict"):
        events.append(Acted(inflict(state, victim, stat, change), (victim.id,)))


def splash(state: GameState, attacker: Unit, target: Unit, art: str | None, events: list[Event]) -> None:
    """AoE: one swing at every other enemy the weapon reaches; they cannot counter (docs/rulings.md)."""
    weapon = usable_weapon(attacker)
    if weapon is None:
        return
    for other in state.living(attacker.side.other):
        if other.id == target.id or not reaches(attacker, weapon, distance(attacker.pos, other.pos)):
            continue
        profile = state.plan(attacker, other, art=art).attacker
        roll, state.dice = state.dice.die(profile.faces, f"{attacker.name}'s splash at {other.name}: "
                                          f"d{profile.faces}, hits on {max(1, profile.skill)} or less", (attacker.id, other.id))
        result = profile.result(roll)
        before = other.hp
        attacker.hp, other.hp = profile.apply(result, attacker.hp, attacker.max_hp, other.hp)
        state.tallies[attacker.side].damage_dealt += before - other.hp
        verdict = "miss" if other.hp == before else f"{before - other.hp} damage → {other.hp} HP"
        # The attacker too: the roll's target number is its own.
        events.append(Acted(f"  The blast reaches {other.name}: d{profile.faces} {roll} vs ≤{max(1, profile.skill)}: {verdict}.",
                            (attacker.id, other.id)))
        if other.routed:
            events.append(Routed(other.name, other.id))
        if not attacker.on_field:
            # Fix: `_attack` reports the attacker's rout after the splash; adding it here too logged it twice.
            return
