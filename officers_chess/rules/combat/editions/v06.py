"""The v0.6 edition (the default): numeric stats, a d20 rolled at or under Skill, doubled crits."""

from __future__ import annotations


from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.combat.editions.base import Edition
from officers_chess.rules.combat.armament import attack_type, inflicted, triangle_edge, usable_weapon
from officers_chess.rules.combat.exchange import EFFECTIVE_BONUS, Fighter, Modifier, PETRIFIED_LUCKY, Role, SwingProfile
from officers_chess.rules.pieces.models import Art, DamageKind, Unit, Weapon
from officers_chess.rules.pieces.price_rates import V06_RATES
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tags import V06_TAGS, tag_args, tag_total

class V06(Edition):
    """Officer's Chess v0.6."""

    name = "v0.6"
    title = "v0.6 (d20 under Skill)"
    hit_die = 20
    terrain = TERRAIN
    statuses = (StatusName.BARRIER, StatusName.BERSERK, StatusName.PETRIFIED, StatusName.POISONED,
                StatusName.SILENCED, StatusName.SLEEP, StatusName.SLOWED)
    tags = V06_TAGS
    special_actions = frozenset({"Dance", "Escape", "Heal", "Pick", "Raze", "Rescue", "Restore", "Seize", "Torch", "Warp"})
    price_rates = V06_RATES
    rolled_statuses = (StatusName.BERSERK, StatusName.PETRIFIED, StatusName.POISONED, StatusName.SLEEP)

    def speed(self, unit: Unit) -> int:
        return unit.attack_speed

    def follower(self, speeds: dict[Role, int]) -> Role | None:
        """The strictly faster unit follows up; a tie gives nobody a follow-up."""
        if speeds[Role.ATTACKER] == speeds[Role.DEFENDER]:
            return None
        return max(speeds, key=speeds.__getitem__)

    def structure_damage(self, unit: Unit, weapon: Weapon) -> int:
        return unit.stat("strength") + weapon.might

    def staff_hit(self, user: Unit, target: Fighter) -> tuple[int, int, bool]:
        """A d20 at or under Skill, less Inaccurate; a 1 always lands."""
        return 20, user.stat("skill") - tag_total(user.tags, "Inaccurate"), True

    def profile(self, me: Fighter, foe: Fighter, role: Role, mods: list[Modifier], art: Art | None) -> SwingProfile:
        return _profile(me, foe, role, mods, art)


def _profile(me: Fighter, foe: Fighter, role: Role, mods: list[Modifier], art: Art | None = None) -> SwingProfile:
    unit, target = me.unit, foe.unit
    weapon = usable_weapon(unit)
    assert weapon is not None, "a unit without a usable weapon cannot swing"
    kind = attack_type(unit)[1]
    tags = unit.tags + (list(art.tags) if art else [])

    def note(what: str, value: int, rule: str, who: Role = role) -> None:
        if value:
            mods.append(Modifier(who, what, value, rule))

    for stat in ("strength", "skill"):
        note(stat, unit.stat(stat) - getattr(unit.stats, stat) - inflicted(unit, stat), "bonus")
        note(stat, inflicted(unit, stat), "inflict")
    edge = triangle_edge(unit, target)
    rule = "inverted" if unit.has("Inverted") or target.has("Inverted") else "weapon-triangle"
    note("skill", edge, rule)
    note("damage", edge, rule)
    inaccurate = tag_total(tags, "Inaccurate")
    note("skill", -inaccurate, "inaccurate")
    art_skill, art_might = (art.skill, art.might) if art else (0, 0)
    note("skill", art_skill, "art")
    note("damage", art_might, "art")
    skill = unit.stat("skill") + edge - inaccurate + art_skill

    lucky = tag_total(tags, "Lucky")
    note("crit range", lucky, "lucky")
    petrified = PETRIFIED_LUCKY if target.has_status(StatusName.PETRIFIED) else 0
    note("crit range", petrified, "petrified")

    effective = False
    countered = set(tag_args(target.tags, "Countermeasure"))
    for wanted in tag_args(tags, "Effective"):
        if target.has(wanted):
            if wanted in countered:
                mods.append(Modifier(role.other, "effective", -EFFECTIVE_BONUS, "countermeasure"))
            else:
                effective = True
    if effective:  # several matching Effective tags still give +3 once
        note("damage", EFFECTIVE_BONUS, "effective")

    raw = unit.stat("strength") + weapon.might + edge + art_might + (EFFECTIVE_BONUS if effective else 0)
    terrain = target.terrain_bonus(foe.terrain)
    if kind is DamageKind.MAGIC:
        resistance_bonus = target.stat("resistance") - target.stats.resistance
        note("resistance", resistance_bonus, "bonus", role.other)
        reduction = target.stat("resistance") + terrain
        if terrain:
            mods.append(Modifier(role.other, "resistance", terrain, "terrain"))
    else:
        accessory = target.equipped_accessory
        shield = accessory.defense if accessory else 0
        note("defense", target.stat("defense") - target.stats.defense, "bonus", role.other)
        note("defense", shield, "accessory", role.other)
        if terrain:
            mods.append(Modifier(role.other, "defense", terrain, "terrain"))
        reduction = target.stat("defense") + terrain + shield
        if "Piercing" in tags:
            note("ignores defense", reduction, "piercing")
            reduction = 0
    damage = max(0, raw - reduction)
    ineffective = any(target.has(t) for t in tag_args(tags, "Ineffective"))
    if ineffective:
        note("damage", -damage, "ineffective")
    guarded = target.has("Guarded")
    if guarded:
        mods.append(Modifier(role.other, "crit multiplier", -1, "guarded"))
    assassinate = "Assassinate" in tags and not target.unit_class.promoted
    for flag, rule in (("Devil", "devil"), ("Drain", "drain"), ("Decimate", "decimate"), ("Devastate", "devastate")):
        if flag in tags:
            mods.append(Modifier(role, rule, 1, rule))
    if assassinate:
        mods.append(Modifier(role, "assassinate", 1, "assassinate"))
    return SwingProfile(
        skill=skill,
        crit_top=1 + lucky + petrified,
        damage=damage,
        crit_damage=damage if guarded else damage * 2,
        devil="Devil" in tags,
        drain="Drain" in tags,
        decimate="Decimate" in tags,
        devastate="Devastate" in tags,
        assassinate=assassinate,
        ineffective=ineffective,
    )


V06_EDITION = V06()
