"""The "d100" edition: ratings turned into numbers, Hit = 70 + Dex + weapon Hit - Avoid, base damage and reduction."""

from __future__ import annotations

from officers_chess.rules.basics.rating_scale import letter
from officers_chess.rules.combat.editions import d100_tables as t
from officers_chess.rules.combat.editions import drafts_text, d100_text
from officers_chess.rules.combat.editions.drafts import COMMON_TAGS, LaterDraft, Note
from officers_chess.rules.combat.armament import usable_weapon
from officers_chess.rules.combat.exchange import Fighter, Role
from officers_chess.rules.pieces.models import DamageKind, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.price_rates import LETTER_LABELS, PriceRates
from officers_chess.rules.pieces.tags import tag_total

E = 1  # the place of rating E (Piercing reads the target's Defense or Resistance as E)


# A step of Strength or Magic is a point of base damage, of Defense a point of reduction, of
# Dexterity 5 Hit, of Speed 5 Avoid (and follow-ups); HP vary from 14 to 22.
D100_RATES = PriceRates(
    {"strength": 1, "magic": 1, "skill": 1, "speed": 1, "defense": 1, "resistance": 1, "hp": t.HP_RANGE[0]},
    {"strength": 5, "magic": 5, "skill": 3, "speed": 4, "defense": 5, "resistance": 2},
    "a step", might_gold=5, weight_gold=1, defense_gold=5, hit_gold=1, hp_gold=3, best_of=("strength", "magic"),
    letters=True, labels=LETTER_LABELS, might_as="a point of base damage", weight_below_zero=True,
)


class D100(LaterDraft):
    """The newest draft: numbers from ratings, Avoid, base damage minus damage reduction."""

    name = "d100"
    title = "d100 (Hit 70 + Dex − Avoid)"
    terrain = t.TERRAIN_TABLE
    rules_text = (drafts_text, d100_text)
    speed_title = "Agility"
    speed_label = "Agility"
    tags = (COMMON_TAGS - {"Built"}) | {"Cursed"}  # the d100 draft drops Built and adds Cursed
    effective = t.EFFECTIVE
    backup = t.BACKUP
    backup_once = True  # "This only applies once per combat" (rulings E10)
    poisoned = t.POISONED
    move = t.MOVE
    price_rates = D100_RATES
    canto_after_attack = True
    canto_tiles = 2
    inflict_waits = False
    staff_hit_reads_cover = True  # `staff_hit` takes the target's Avoid, tile included
    brave_on_counter = False  # Brave: "any time this weapon is used during an Attack action" (rulings E42)
    warp_needs_adjacent = True  # Warp: "Move target adjacent allied unit ..." (rulings E41)

    def cover_words(self, amount: int) -> str:
        return f"DR +{amount}"


    def class_problem(self, unit_class: UnitClass) -> str | None:
        low, high = t.HP_RANGE
        if not low <= unit_class.stats.hp <= high:
            return f"HP {unit_class.stats.hp}: a d100 class has {low} to {high} HP"
        return None

    def agility(self, unit: Unit) -> int:
        """Speed as a number plus the (zero or negative) weight of weapon and accessory."""
        return t.DEX_SPEED[self.rating(unit, "speed")] + self.weight(unit)

    def speed(self, unit: Unit) -> int:
        return self.agility(unit)

    def follower(self, speeds: dict[Role, int]) -> Role | None:
        """Two ratings (10) more Agility follows up; terrain Avoid does not count."""
        for role in Role:
            if speeds[role] - speeds[role.other] >= t.FOLLOW_UP_LEAD:
                return role
        return None

    def avoid(self, target: Fighter, attacker: Unit, note: Note) -> int:
        """The target's Agility plus its tile's Avo (a bonus twice for Covert and never against Mystical; a penalty
        always; neither for flyers)."""
        terrain = self.cover(target.terrain.avoid, target.unit, attacker)
        note("Avoid: tile", -terrain, "terrain", theirs=True)
        return self.agility(target.unit) + terrain

    def hit_number(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], note: Note) -> int:
        unit = me.unit
        weapon = usable_weapon(unit)
        assert weapon is not None
        dex_place = self.rating(unit, "skill") - tag_total(tags, "Inaccurate")
        note("Dexterity", dex_place - unit.stats.skill, "rating-steps")
        dex = t.DEX_SPEED[max(0, dex_place)]
        note(f"Hit 70 + Dex {letter(max(0, dex_place))}", t.HIT_BASE + dex, "hit-formula")
        note("weapon Hit", weapon.hit, "hit-formula")
        agility = self.agility(foe.unit)
        note("Avoid: Agility", -agility, "avoid", theirs=True)
        return t.HIT_BASE + dex + weapon.hit - self.avoid(foe, unit, note)

    def damage_numbers(self, me: Fighter, foe: Fighter, edge: int, tags: list[str], bonus: int,
                       note: Note) -> tuple[int, int]:
        unit, target = me.unit, foe.unit
        weapon = usable_weapon(unit)
        assert weapon is not None
        magic = self.is_magic(unit)
        attack = self.rating(unit, "magic" if magic else "strength")
        guard = "resistance" if magic else "defense"
        label = "Res" if magic else "Def"
        blow = t.BASE_DAMAGE[attack] + weapon.might + bonus
        note(f"base damage ({letter(attack)})", t.BASE_DAMAGE[attack], "base-damage")
        note("Might", weapon.might, "base-damage")
        place = E if "Piercing" in tags else self.rating(target, guard)
        note(f"{label} read as E", int("Piercing" in tags), "piercing")
        reduction = t.DAMAGE_REDUCTION[place]
        note(f"reduction ({letter(place)} {label})", -reduction, "damage-reduction", theirs=True)
        terrain = self.cover(foe.terrain.defense, target, unit)
        note("reduction", -terrain, "terrain", theirs=True)
        # A shield's Defense is points of reduction beside the rating, as the tile's DR is: Piercing reads the
        # rating as E and leaves both (rulings E40).
        accessory = target.equipped_accessory
        shield = accessory.defense if accessory is not None and not magic else 0
        note("reduction", -shield, "accessory", theirs=True)
        reduction += terrain + shield
        damage = max(0, blow - reduction)
        crit = max(0, blow * t.CRIT_MULTIPLIER - reduction)
        note("crit doubles before reduction", t.CRIT_MULTIPLIER, "crit-double")
        if foe.guarding:
            note("damage halved", -(damage - damage // 2), "qi-adept", theirs=True)
            damage, crit = damage // 2, crit // 2
        return damage, crit

    def staff_hit(self, user: Unit, target: Fighter) -> tuple[int, int, bool]:
        """70 + Dexterity + the staff's Hit - the target's Avoid."""
        staff = user.equipped_weapon
        dex = t.DEX_SPEED[max(0, self.rating(user, "skill") - tag_total(user.tags, "Inaccurate"))]
        avoid = self.avoid(target, user, lambda *args, **kwargs: None)
        return 100, t.HIT_BASE + dex + (staff.hit if staff else 0) - avoid, False

    def structure_damage(self, unit: Unit, weapon: Weapon) -> int:
        """A gate, door or ice has no reduction: base damage plus Might."""
        magic = weapon.damage is DamageKind.MAGIC
        return t.BASE_DAMAGE[self.rating(unit, "magic" if magic else "strength")] + weapon.might

    def heal_bonus(self, unit: Unit) -> int:
        """Heal(X) restores "X+Mag Damage": X plus the base damage of the user's Magic (F 3 ... S 9; rulings E17)."""
        return t.BASE_DAMAGE[self.rating(unit, "magic")]


D100_EDITION = D100()
