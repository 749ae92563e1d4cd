"""The "ratings" edition: letter ratings, the To Hit and Damage tables on a d100, tripled crits, Broken."""

from __future__ import annotations

from officers_chess.rules.basics.rating_scale import clamp, letter
from officers_chess.rules.combat.editions import ratings_tables as t
from officers_chess.rules.combat.editions import drafts_text, ratings_text
from officers_chess.rules.combat.editions.drafts import COMMON_TAGS, LaterDraft, Note
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Fighter, Role
from officers_chess.rules.pieces.models import DamageKind, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.price_rates import LETTER_LABELS, PriceRates
from officers_chess.rules.pieces.tags import tag_total

E = 1  # the place of rating E (Piercing reads the target's Defense or Resistance as E)
A = 5  # the To Hit table's last row


# A step of Strength or Magic is about a point of damage from the Damage table, a step of Dexterity
# or of the target's Speed 10% on the To Hit table, a step of Defense most of a point.
RATINGS_RATES = PriceRates(
    {"strength": 1, "magic": 1, "skill": 1, "speed": 1, "defense": 1, "resistance": 1},
    {"strength": 7, "magic": 7, "skill": 5, "speed": 7, "defense": 7, "resistance": 3},
    "a step", might_gold=8, weight_gold=7, defense_gold=7, best_of=("strength", "magic"), letters=True,
    labels=LETTER_LABELS, might_as="a point of damage",
)


class Ratings(LaterDraft):
    """The draft with letter ratings and lookup tables."""

    name = "ratings"
    title = "ratings (letter ratings, d100 tables)"
    terrain = t.TERRAIN_TABLE
    rules_text = (drafts_text, ratings_text)
    speed_title = "Speed in combat"
    speed_label = "Combat Spd"
    effective = t.EFFECTIVE
    backup = t.BACKUP
    poisoned = t.POISONED
    move = t.MOVE
    price_rates = RATINGS_RATES
    heavy_goes_last = True  # "always goes last", in either role (rulings E11)
    tags = COMMON_TAGS - {"Homing"}  # the ratings draft has no Homing (rulings E33)

    def setup_class(self, unit_class: UnitClass) -> UnitClass:
        """Every unit has 20 HP; movement 4, 5 promoted, +1 Cavalry."""
        moved = super().setup_class(unit_class)
        return moved.model_copy(update={"stats": moved.stats.model_copy(update={"hp": t.FULL_HP})})

    def speed_text(self, value: int) -> str:
        return letter(value)


    def cover_words(self, amount: int) -> str:
        return f"Def/Res +{amount} step{'s' if amount > 1 else ''}"

    def carried_weight(self, unit: Unit) -> int:
        """Weight of weapon and accessory; Built carries its weapon one lighter, never below -2."""
        weapon, accessory = usable_weapon(unit), unit.equipped_accessory
        weight = weapon.weight if weapon else 0
        if weapon and unit.has("Built"):
            weight = max(t.WEIGHT_RANGE[0], weight - 1)
        return weight + (accessory.weight if accessory else 0)

    def speed(self, unit: Unit) -> int:
        """The Speed rating in combat: Speed minus the weight carried, in steps."""
        return clamp(self.rating(unit, "speed") - self.carried_weight(unit))

    def follower(self, speeds: dict[Role, int]) -> Role | None:
        """Two ratings faster follows up."""
        for role in Role:
            if speeds[role] - speeds[role.other] >= t.FOLLOW_UP_STEPS:
                return role
        return None

    def hit_number(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], note: Note) -> int:
        unit = me.unit
        dex = self.rating(unit, "skill")
        note("Dexterity", dex - unit.stats.skill, "rating-steps")
        inaccurate = tag_total(tags, "Inaccurate")
        note("Dexterity", edge * t.TRIANGLE, "weapon-triangle")
        note("Dexterity", -inaccurate, "inaccurate")
        row = min(clamp(dex + edge * t.TRIANGLE - inaccurate), A)  # the table stops at A (ruling E3)
        column = self.speed(foe.unit)
        note("Speed", column - foe.unit.stats.speed, "weight", theirs=True)
        needed = t.TO_HIT[letter(row)][column]
        note(f"To Hit: Dex {letter(row)} vs Spd {letter(column)}", needed, "to-hit-table")
        return needed

    def damage_numbers(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], bonus: int,
                       note: Note) -> tuple[int, int]:
        unit, target = me.unit, foe.unit
        weapon = usable_weapon(unit)
        assert weapon is not None
        magic = self.is_magic(unit)
        attack = self.rating(unit, "magic" if magic else "strength")
        guard = "resistance" if magic else "defense"
        label = "Resistance" if magic else "Defense"
        defense = self.rating(target, guard)
        note(label, defense - getattr(target.stats, guard), "rating-steps", theirs=True)
        accessory = target.equipped_accessory
        if accessory is not None and accessory.defense and not magic:
            defense += accessory.defense
            note(label, accessory.defense, "accessory", theirs=True)
        terrain = self.cover(foe.terrain.defense, target, unit)
        note(label, terrain, "terrain", theirs=True)
        defense = clamp(defense + terrain)
        if "Piercing" in tags:
            note(f"{label} read as E", 1, "piercing")
            defense = E
        table = t.DAMAGE[letter(attack)][defense]
        note(f"table {letter(attack)} vs {letter(defense)}", table, "damage-table")
        note("Might", weapon.might, "damage-table")
        note("damage", edge * t.TRIANGLE, "weapon-triangle")
        damage = max(0, table + weapon.might + edge * t.TRIANGLE + bonus)
        note("crit multiplier", t.CRIT_MULTIPLIER, "crit-triple")
        return damage, damage * t.CRIT_MULTIPLIER

    def staff_hit(self, user: Unit, target: Fighter) -> tuple[int, int, bool]:
        """The To Hit table: Dexterity (less Inaccurate) against the target's Speed in combat."""
        row = min(clamp(self.rating(user, "skill") - tag_total(user.tags, "Inaccurate")), A)
        return 100, t.TO_HIT[letter(row)][self.speed(target.unit)], False

    def magic_reach(self, unit: Unit) -> int:
        """The Staff Range table: how far a Mag staff reaches for the user's Magic rating."""
        return t.STAFF_RANGE[self.rating(unit, "magic")]

    def structure_damage(self, unit: Unit, weapon: Weapon) -> int:
        """A wall has no Defense rating: the Damage table's F column, plus Might."""
        magic = weapon.damage is DamageKind.MAGIC
        return t.DAMAGE[letter(self.rating(unit, "magic" if magic else "strength"))][0] + weapon.might


RATINGS = Ratings()
