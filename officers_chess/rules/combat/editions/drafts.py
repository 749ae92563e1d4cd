"""What the two later drafts share: letter ratings, a d100 to hit, Broken, and their tags; each fills in its tables."""

from __future__ import annotations

from collections.abc import Callable

from officers_chess.rules.basics.rating_scale import clamp, letter
from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.editions.base import SHEET_WIDTH, Edition, shield_defense
from officers_chess.rules.combat.armament import attack_type, usable_weapon, weapon_range
from officers_chess.rules.combat.exchange import Fighter, Modifier, Role, SwingProfile
from officers_chess.rules.combat.editions.draft_limits import class_limits, item_limits
from officers_chess.rules.pieces.models import Accessory, Art, DamageKind, Unit, UnitClass, Weapon, WeaponType
from officers_chess.rules.pieces.statuses import StatusName
from officers_chess.rules.pieces.tag_points import register_tag_points
from officers_chess.rules.pieces.tags import ArgKind, register_tags, tag_args, tag_total

# The drafts' own tags: what each takes between its brackets, and our price of each (docs/pricing.md).
register_tags({
    "Armor": ArgKind.NONE,
    "Backup": ArgKind.NONE,
    "Built": ArgKind.NONE,
    "Covert": ArgKind.NONE,
    "Cursed": ArgKind.STAT_CHANGE,
    "Deadly": ArgKind.NUMBER,
    "Enchanted": ArgKind.NONE,
    "Entrap": ArgKind.NONE,
    "Freeze": ArgKind.NONE,
    "Heavy": ArgKind.NONE,
    "Homing": ArgKind.NONE,
    "Mystical": ArgKind.NONE,
    "Nimble": ArgKind.NUMBER,
    "QiAdept": ArgKind.NONE,
    "Rewarp": ArgKind.NONE,
    "Vein": ArgKind.WORD,
})
register_tag_points({
    "Armor": (2, "never Broken: about what Guarded is worth"),
    "Backup": (2, "a point of damage for nearby allies, like Effective for a whole squad"),
    "Built": (1, "a step lighter weapon: a step of Speed in combat"),
    "Covert": (2, "doubled tile bonuses: as good as a Bonus where there is cover"),
    "Cursed": (-2, "the mirror of Bonus"),
    "Deadly": (1, "as Lucky: a wider crit range"),
    "Enchanted": (1, "as the Magic tag: its hits go against Resistance"),
    "Entrap": (2, "as Rescue, used on an enemy"),
    "Freeze": (2, "as a Status staff"),
    "Heavy": (0, "the push is worth what striking second and no follow-up cost"),
    "Homing": (3, "every swing lands, but never crits"),
    "Mystical": (1, "ignores the target's cover"),
    "Nimble": (1, "as Lucky, in defence"),
    "QiAdept": (2, "shields an ally once a round"),
    "Rewarp": (2, "as Warp, on oneself"),
    "Vein": (1, "as Torch: a tile changed for a round"),
}, units={"Deadly": (5, "percent"), "Nimble": (5, "percent")})  # crit ranges on a d100: 5% is one d20 face

Note = Callable[..., None]  # note(what, value, rule, theirs=False): one line of the forecast's explanation
MELEE_BEATS = {WeaponType.SWORD: WeaponType.AXE, WeaponType.AXE: WeaponType.LANCE, WeaponType.LANCE: WeaponType.SWORD}
COMMON_TAGS = frozenset({
    "Armored", "Armor", "Cavalry", "Flying", "Dragon", "Canto", "Fast", "Slow", "Backup", "Built", "Covert", "Mystical",
    "QiAdept", "Deadly", "Nimble", "Brave", "Complex", "Heavy", "Homing", "Piercing", "Drain", "Effective", "Enchanted",
    "Exclusive", "Inaccurate", "Inflict", "Inverted", "Bonus", "Status", "Consumable", "AoE", "Dance", "Entrap",
    "Freeze", "Heal", "Rescue", "Restore", "Rewarp", "Torch", "Vein", "Warp", "Pick", "Seize", "Escape", "Raze",
    "Fleeing", "Leader", "Saboteur",
})
COMMON_SPECIALS = frozenset({"Dance", "Entrap", "Escape", "Freeze", "Heal", "Pick", "Raze", "Rescue", "Restore",
                             "Rewarp", "Seize", "Torch", "Vein", "Warp"})


class LaterDraft(Edition):
    """The ratings and d100 drafts: stats are letters F to S, a d100 decides hits and crits (10 or less, within
    a hit), the melee triangle breaks the loser, movement is 4 (5 promoted, +1 Cavalry)."""

    hit_die = 100
    letter_stats = True
    statuses = (StatusName.BARRIER, StatusName.BROKEN, StatusName.FROZEN, StatusName.POISONED, StatusName.SILENCED)
    rolled_statuses = ()
    # Frozen is only what the Freeze action does: neither draft lists it among the effects Status(X) gives (E33).
    given_statuses = (StatusName.BARRIER, StatusName.BROKEN, StatusName.POISONED, StatusName.SILENCED)
    barrier = 1
    tags = COMMON_TAGS
    special_actions = COMMON_SPECIALS
    crit_range = 10
    move = {False: 4, True: 5}
    effective = 3
    backup = 1
    backup_once = False  # Backup adds to every swing of the exchange (d100: to the backed unit's first hit only)
    poisoned = 1

    # --- classes ---------------------------------------------------------------

    def setup_class(self, unit_class: UnitClass) -> UnitClass:
        move = self.move[unit_class.promoted] + (1 if "Cavalry" in unit_class.tags else 0)
        return unit_class.model_copy(update={"move": move})

    def limit_problem(self, entry: object) -> tuple[tuple[str, ...], str] | None:
        """A rating, Weight, Hit or staff reach outside what the draft allows (draft_limits.py)."""
        if isinstance(entry, UnitClass):
            return class_limits(self.name, entry)
        if isinstance(entry, (Weapon, Accessory)):
            return item_limits(self.name, entry)
        return None

    def warp_reach(self, unit: Unit, staff: Weapon | None) -> int:
        """The staff's range (Mag staves reach further with Magic); a unit's own Warp reaches 1."""
        return weapon_range(unit, staff)[1] if staff is not None else 1

    def stat_line(self, unit: Unit, terrain: Terrain | None = None) -> str:
        names = (("Str", "strength"), ("Mag", "magic"), ("Dex", "skill"), ("Spd", "speed"), ("Def", "defense"),
                 ("Res", "resistance"))
        shield = shield_defense(unit)  # beside the rating, as the forecast counts it against weapons (rulings L41)
        # The tile's cover after it, on Def and Res alike, as the exchange counts it: rating steps in the ratings
        # draft, points of reduction in the d100 one (rulings L79).
        tile = self.tile_cover(unit, terrain) if terrain is not None else 0

        def figure(stat: str) -> str:
            return (letter(self.rating(unit, stat)) + (f"+{shield}" if stat == "defense" and shield else "")
                    + (f"{tile:+d}" if stat in ("defense", "resistance") and tile else ""))

        line = " ".join(f"{short} {figure(stat)}" for short, stat in names)
        # The side pane has 38 cells at 80 columns: with a shield and a tile's cover, no space after the names.
        return line if len(line) <= SHEET_WIDTH else " ".join(f"{short}{figure(stat)}" for short, stat in names)

    def fight_line(self, unit: Unit) -> str:
        weapon = usable_weapon(unit)
        might = f"Mt {weapon.might}" if weapon is not None else "no weapon"
        return f"{might}  {self.speed_label} {self.speed_text(self.speed(unit))}"

    def tile_bonus(self, unit: Unit, terrain: Terrain) -> str:
        defense, avoid = self.cover(terrain.defense, unit), self.cover(terrain.avoid, unit)
        parts = []
        if defense:
            parts.append(self.cover_words(defense))
        if avoid:
            parts.append(f"Avo {avoid:+d}")
        return ", ".join(parts)

    def cover_words(self, amount: int) -> str:
        return f"+{amount} Def/Res"

    def tile_words(self, terrain: Terrain) -> tuple[str, list[str]]:
        parts = [self.cover_words(terrain.defense)] if terrain.defense else []
        if terrain.avoid:
            parts.append(f"Avo {terrain.avoid:+d}")
        cover = " · ".join(parts) or "Nothing for a unit fighting here"
        effects = self._tile_effects(terrain)
        if terrain.vein:
            effects.append("A Vein staff can call this tile up for a round.")
        return cover, effects

    def rating(self, unit: Unit, stat: str) -> int:
        """A rating's place on the scale with every Bonus, Cursed and Inflict step, stopped at F and S."""
        return clamp(unit.stat(stat))

    # --- pieces of an exchange ---------------------------------------------------

    def edge(self, unit: Unit, foe: Unit) -> int:
        """+1 with the melee triangle's advantage, -1 against it (Inverted turns it around), else 0."""
        mine, theirs = usable_weapon(unit), usable_weapon(foe)
        if mine is None or theirs is None:
            return 0
        edge = 1 if MELEE_BEATS.get(mine.type) is theirs.type else -1 if MELEE_BEATS.get(theirs.type) is mine.type else 0
        flips = sum(1 for u in (unit, foe) if u.has("Inverted"))
        return -edge if flips % 2 else edge

    def is_magic(self, unit: Unit) -> bool:
        weapon = usable_weapon(unit)
        return weapon is not None and (attack_type(unit)[1] is DamageKind.MAGIC or unit.has("Enchanted"))

    def tile_cover(self, unit: Unit, terrain: Terrain) -> int:
        """The tile's DR (or Def/Res steps) as it counts for the unit on it: twice for Covert, never for a flyer."""
        return self.cover(terrain.defense, unit)

    def cover_share(self, unit: Unit) -> int:
        """How many times a tile's bonus counts for the unit on it: never for flyers, twice for a Covert unit."""
        return 0 if unit.has("Flying") else 2 if unit.has("Covert") else 1

    def cover(self, amount: int, target: Unit, attacker: Unit | None = None) -> int:
        """A tile's DR or Avo as it counts for `target` (attacked by `attacker`). The drafts double and ignore
        terrain *bonuses*: Covert doubles one and a Mystical attacker ignores it, but a penalty (water's Avo -5)
        counts once for everyone but a flyer, which "ignores all Terrain Bonus and Penalties" (rulings E21)."""
        if target.has("Flying"):
            return 0
        if amount <= 0:
            return amount
        return 0 if attacker is not None and attacker.has("Mystical") else amount * self.cover_share(target)

    def weight(self, unit: Unit) -> int:
        """The weight of what the unit carries into the exchange (weapon and accessory)."""
        return sum(item.weight for item in (usable_weapon(unit), unit.equipped_accessory) if item is not None)

    def hit_number(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], note: Note) -> int:
        """The number a d100 must roll at or under to hit."""
        raise NotImplementedError

    def damage_numbers(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], bonus: int,
                       note: Note) -> tuple[int, int]:
        """(damage of a hit, damage of a crit) after reduction, with `bonus` points added to the blow."""
        raise NotImplementedError

    def profile(self, me: Fighter, foe: Fighter, role: Role, mods: list[Modifier], art: Art | None) -> SwingProfile:
        unit, target = me.unit, foe.unit
        weapon = usable_weapon(unit)
        assert weapon is not None, "a unit without a usable weapon cannot swing"
        tags = unit.tags

        def note(what: str, value: int, rule: str, theirs: bool = False) -> None:
            if value:
                mods.append(Modifier(role.other if theirs else role, what, value, rule))

        edge = self.edge(unit, target)
        hit = self.hit_number(me, foe, edge, tags, note)
        deadly, nimble = tag_total(tags, "Deadly"), tag_total(target.tags, "Nimble")
        note("crit range", deadly, "deadly")
        note("crit range", -nimble, "nimble", theirs=True)
        crit_top = max(0, self.crit_range + deadly - nimble)

        bonus = 0
        effective = any(target.has(wanted) for wanted in tag_args(tags, "Effective"))
        if effective:
            bonus += self.effective
            note("damage", self.effective, "effective")
        if me.backed:
            bonus += self.backup
            note("damage, first hit" if self.backup_once else "damage", self.backup, "backup")
        if target.has_status(StatusName.POISONED):
            bonus += self.poisoned
            note("damage", self.poisoned, "status-poisoned", theirs=True)
        damage, crit_damage = self.damage_numbers(me, foe, edge, tags, bonus, note)
        # d100 Backup "only applies once per combat": the backed unit's later hits are without it (rulings E10).
        later = (self.damage_numbers(me, foe, edge, tags, bonus - self.backup, lambda *_, **__: None)
                 if me.backed and self.backup_once else None)

        homing = "Homing" in tags and "Homing" in self.tags  # an old ratings save's Homing weapon no longer homes
        breaks = edge > 0 and not target.has("Armor") and not target.has_status(StatusName.BROKEN)
        heavy = "Heavy" in tags
        note("always hits", int(homing), "homing")
        note("breaks", int(breaks), "broken")
        note("pushes back", int(heavy), "heavy")
        note("drain", int("Drain" in tags), "drain")
        return SwingProfile(
            skill=hit, crit_top=0 if homing else min(crit_top, hit), damage=damage, crit_damage=crit_damage,
            faces=self.hit_die, natural_one=False, always_hits=homing, breaks=breaks, pushes=heavy,
            drain="Drain" in tags, later=later,
        )
