"""Blows: the active unit attacks another unit, or strikes a wall or snag (the rest of an action is game.py's)."""

from __future__ import annotations

from officers_chess.rules.battle.actions import Attack, Strike
from officers_chess.rules.battle.aftermath import break_after, on_hit, push_back, splash, wear
from officers_chess.rules.battle.events import Acted, Ambushed, Attacked, Event, Routed, TerrainChanged
from officers_chess.rules.battle.state import GameState, TerrainDamage
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Role, resolve
from officers_chess.rules.pieces.statuses import StatusName


def attack(state: GameState, action: Attack, events: list[Event]) -> None:
    """The active unit attacks: the exchange resolved on the dice, then what its blows bring (aftermath.py)."""
    attacker = state.active_unit
    assert attacker is not None
    target = state.unit(action.target)
    plan = state.plan(attacker, target, art=action.art)
    defender = state.defender_for(attacker, target)
    if defender is not target:
        defender.guarded = True
        events.append(Acted(f"{defender.name} steps in front of {target.name} and takes the attack (Qi Adept).",
                            (defender.id, target.id)))
    started_broken = defender.has_status(StatusName.BROKEN)
    swings, attacker.hp, defender.hp, state.dice = resolve(plan, attacker.hp, defender.hp, state.dice,
                                                            (attacker.name, defender.name), (attacker.id, defender.id))
    for swing in swings:
        if swing.landed:
            state.tallies[(attacker if swing.role is Role.ATTACKER else defender).side].damage_dealt += swing.damage
    names = {Role.ATTACKER: attacker.name, Role.DEFENDER: defender.name}
    events.append(Attacked(attacker.name, defender.name, tuple(swings), names, action.art, attacker.id, defender.id))
    state.mark_turn(busy=True, attacked=True)
    art_tags = list(state.arts[action.art].tags) if action.art else []
    for role, hitter, victim in ((Role.ATTACKER, attacker, defender), (Role.DEFENDER, defender, attacker)):
        if victim.on_field and any(s.landed and s.role is role for s in swings):
            on_hit(state, hitter, victim, art_tags if role is Role.ATTACKER else [], events)
    break_after(state, plan, swings, attacker, defender, started_broken, events)
    push_back(state, plan, swings, attacker, defender, events)
    if attacker.on_field and ("AoE" in attacker.tags or "AoE" in art_tags):
        splash(state, attacker, defender, action.art, events)
    for role, unit in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)):
        if any(s.role is role for s in swings):
            wear(unit, events)
    for unit in (defender, attacker):
        if unit.routed:
            events.append(Routed(unit.name, unit.id))


def strike(state: GameState, action: Strike, events: list[Event]) -> None:
    """A blow at a wall or snag: it cannot dodge or answer, so every swing lands for the unit's Damage (no crits)."""
    unit = state.active_unit
    assert unit is not None
    weapon = usable_weapon(unit)
    assert weapon is not None
    hp = state.terrain_hp(action.at)
    if hp is None:  # under fog a wall remembered standing may be down already: the blow is spent (rulings F32)
        events.append(Ambushed(unit.name, unit.id, action.at, verb="strike"))
        state.mark_turn(busy=True, attacked=True)
        return
    swings = 2 if unit.has("Brave") else 1
    hp = max(0, hp - swings * state.rules.structure_damage(unit, weapon))
    terrain = state.map.terrain_at(action.at)
    events.append(Acted(f"{unit.name} strikes the {terrain.name.lower()}: {hp} HP left.", (unit.id,), (action.at,)))
    wear(unit, events)
    state.mark_turn(busy=True, attacked=True)
    if hp == 0:
        after = state.terrain_named(terrain.becomes or "floor")
        state.set_terrain(action.at, after)
        events.append(TerrainChanged(action.at, terrain.name, after.name))
    else:
        state.terrain_damage = [d for d in state.terrain_damage if d.at != action.at] + [TerrainDamage(at=action.at, hp=hp)]
