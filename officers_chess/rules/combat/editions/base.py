"""The edition seam: everything that differs between drafts of the rules, behind one interface."""

from __future__ import annotations

from types import ModuleType

from officers_chess.rules.board.terrain import Terrain
from officers_chess.rules.combat.armament import can_counter, reaches, usable_weapon
from officers_chess.rules.combat.exchange import ExchangePlan, Fighter, Modifier, Role, SwingProfile
from officers_chess.rules.pieces.models import Art, Unit, UnitClass, Weapon
from officers_chess.rules.pieces.price_rates import PriceRates
from officers_chess.rules.pieces.statuses import Status, StatusName


class Edition:
    """One draft of the rules. Subclasses give the numbers of an exchange, the terrain table, movement
    and HP, the statuses and tags in play, prices and the rules text; the map, the activation order,
    the actions, army building, the computer players and the screens are shared by every edition.
    """

    name: str = ""
    title: str = ""
    hit_die: int = 20
    terrain: dict[str, Terrain] = {}  # by id
    statuses: tuple[StatusName, ...] = ()
    given_statuses: tuple[StatusName, ...] | None = None  # what a Status(X) tag may hand out (None: every status)
    tags: frozenset[str] = frozenset()  # the tags this edition's content may carry
    special_actions: frozenset[str] = frozenset()  # special actions its tags may grant
    rolled_statuses: tuple[StatusName, ...] = ()  # statuses a d20 may end at the start of a round
    barrier: int | None = None  # how much a Barrier adds to Resistance (None: v0.6's 2)
    speed_label = "AS"  # what the unit sheet calls the number compared for follow-ups
    speed_title = "Attack speed"  # and what the forecast calls it
    letter_stats = False  # stats are letter ratings (F to S) rather than numbers
    price_rates: PriceRates  # what its figures cost (rules/pieces/pricing.py)
    rules_text: tuple[ModuleType, ...] = ()  # layers of rules text over v0.6's, in order (rules/reference/rulebook.py)
    canto_after_attack = False  # Canto moves on after an attack too (otherwise only after other actions)
    canto_tiles: int | None = None  # Canto's movement (None: whatever the move left)
    # Inflict(Stat-X) lowers the stat "on their next turn" (v0.6, "ratings"): it waits for the victim's next
    # turn to begin. The d100 draft's "until end of their turn" takes hold at once (docs/rulings.md C16).
    inflict_waits = True
    staff_hit_reads_cover = False  # a staff's roll against an enemy counts its tile (so Mystical on a staff matters)
    # Heavy "always goes last" ("ratings", rulings E11): every swing of the other side, its follow-up included,
    # comes before the Heavy unit's, in either role. Otherwise (v0.6, d100's "attacks second") a Heavy attacker
    # only lets the counter come first, and follow-ups keep their place after the counter.
    heavy_goes_last = False
    brave_on_counter = True  # Brave doubles the defender's swings too (the d100 draft: only in the wielder's own attack)
    warp_needs_adjacent = False  # Warp's target must stand beside the user (the d100 draft), not anywhere in reach

    # --- statuses --------------------------------------------------------------

    def status(self, name: StatusName, left: int | None = None) -> Status:
        """A status as this edition puts it on a unit: the one place a Barrier's amount is set, for battles and
        duel files alike (v0.6's stays unset and reads as 2, so its saves are unchanged)."""
        return Status(name=name, left=left, amount=self.barrier if name is StatusName.BARRIER else None)

    # --- classes ---------------------------------------------------------------

    def setup_class(self, unit_class: UnitClass) -> UnitClass:
        """A catalogue class as this edition plays it (movement and HP, where the edition sets them)."""
        return unit_class

    def class_problem(self, unit_class: UnitClass) -> str | None:
        """What is wrong with a class for this edition (HP out of range, a tag it does not play ...)."""
        return None

    def limit_problem(self, entry: object) -> tuple[tuple[str, ...], str] | None:
        """A catalogue figure outside the bounds this edition's text sets: where in the entry, and what is wrong."""
        return None

    def speed_text(self, value: int) -> str:
        """The number compared for follow-ups as the sheet and forecast show it."""
        return str(value)

    def stat_line(self, unit: Unit, terrain: Terrain | None = None) -> str:
        """The unit sheet's line of stats, Bonus and Inflict included; an equipped shield's Defense follows Def as
        "+N", since every exchange against a weapon counts it (rulings L41), and the tile's cover (`terrain`, the
        tile it stands on) follows Def and Res as "+N" after that, as the forecast counts it (rulings L79)."""
        shield, tile = shield_defense(unit), self.tile_cover(unit, terrain) if terrain is not None else 0
        if not shield and not tile:
            return (f"Str {unit.stat('strength'):>2}  Skl {unit.stat('skill'):>2}  Spd {unit.stat('speed'):>2}"
                    f"  Def {unit.stat('defense'):>2}  Res {unit.stat('resistance'):>2}")
        cover = f"{tile:+d}" if tile else ""
        guard = f"{unit.stat('defense')}" + (f"+{shield}" if shield else "") + cover
        # One space between the stats, so the line still fits the side pane at 80 columns (38 cells) when every
        # figure has two digits; with a shield and a tile too, the figures lose their padding, then the names
        # their space.
        figures = (("Str", f"{unit.stat('strength'):>2}"), ("Skl", f"{unit.stat('skill'):>2}"),
                   ("Spd", f"{unit.stat('speed'):>2}"), ("Def", guard), ("Res", f"{unit.stat('resistance'):>2}{cover}"))
        for gap, pad in ((" ", True), (" ", False), ("", False)):
            line = " ".join(f"{name}{gap}{figure if pad else figure.strip()}" for name, figure in figures)
            if len(line) <= SHEET_WIDTH:
                break
        return line

    def tile_cover(self, unit: Unit, terrain: Terrain) -> int:
        """What the tile adds to the unit's Def and Res in a fight, as the exchange counts it (0 for a flyer)."""
        return unit.terrain_bonus(terrain)

    def fight_line(self, unit: Unit) -> str:
        """The unit sheet's numbers for a fight: what a hit deals before reduction, and its speed."""
        damage = unit.damage
        return f"Dmg {damage if damage is not None else '–':>2}  {self.speed_label} {self.speed(unit):>2}"

    def tile_words(self, terrain: Terrain) -> tuple[str, list[str]]:
        """A tile in words for the terrain sheet: what it gives in a fight, and what it does at a turn's start or end."""
        cover = f"Def/Res +{terrain.defense}" if terrain.defense else "No Def/Res bonus"
        return cover, self._tile_effects(terrain)

    def _tile_effects(self, terrain: Terrain) -> list[str]:
        effects = []
        if terrain.burn:
            effects.append(f"Burns for {terrain.burn} damage (no reduction) at the start of a unit's turn here.")
        if terrain.heal:
            effects.append(f"Heals {terrain.heal} HP at the {'start' if terrain.heal_at_start else 'end'} of a unit's turn here.")
        return effects

    def tile_bonus(self, unit: Unit, terrain: Terrain) -> str:
        """What the tile under a unit does for it in a fight, in a few words ('' when nothing)."""
        bonus = unit.terrain_bonus(terrain)
        return f"+{bonus} Def/Res" if bonus else ""

    # --- the exchange ----------------------------------------------------------

    def profile(self, me: Fighter, foe: Fighter, role: Role, mods: list[Modifier], art: Art | None) -> SwingProfile:
        raise NotImplementedError

    def speed(self, unit: Unit) -> int:
        """The number compared for follow-ups."""
        raise NotImplementedError

    def follower(self, speeds: dict[Role, int]) -> Role | None:
        """Who is fast enough to follow up, if anyone."""
        raise NotImplementedError

    def structure_damage(self, unit: Unit, weapon: Weapon) -> int:
        """What one blow takes off a wall, a door or ice."""
        raise NotImplementedError

    def staff_hit(self, user: Unit, target: Fighter) -> tuple[int, int, bool]:
        """A staff or special action used on an enemy: (faces of the die, hits at or under, whether a 1 always
        hits). `user` holds the staff in hand."""
        raise NotImplementedError

    def magic_reach(self, unit: Unit) -> int:
        """How far a staff whose reach grows with Magic goes for this unit (none in editions without such staves)."""
        return 1

    def warp_reach(self, unit: Unit, staff: Weapon | None) -> int:
        """How far from the user Warp may send an ally: its Strength in tiles (a v0.6 ruling)."""
        return unit.stat("strength")

    def heal_bonus(self, unit: Unit) -> int:
        """HP a unit's Heal actions restore beyond the tag's X."""
        return 0

    def plan(self, attacker: Fighter, defender: Fighter, distance: int, art: Art | None = None) -> ExchangePlan:
        """Work out one attack: each role's swing profile and the order of every swing.

        The order is the same in every edition: the attack, the counter (a Heavy attacker lets
        the counter come first), then the follow-up of whoever is fast enough; where Heavy goes
        last (`heavy_goes_last`), the Heavy side's swings move behind all of the other side's. With a combat
        `art`, the attacker's swings carry the art's bonuses and tags, and it never follows up.
        """
        mods: list[Modifier] = []
        a_profile = self.profile(attacker, defender, Role.ATTACKER, mods, art)
        counters = can_counter(defender.unit, distance)
        if counters and defender.unit.has_status(StatusName.BROKEN):
            counters = False
            mods.append(Modifier(Role.DEFENDER, "counter", 0, "broken"))
        d_profile = self.profile(defender, attacker, Role.DEFENDER, mods, None) if counters else None
        if counters and not reaches(defender.unit, usable_weapon(defender.unit), distance):  # type: ignore[arg-type]
            mods.append(Modifier(Role.DEFENDER, "counter range", distance, "distant-counter"))

        def attack(role: Role, unit: Unit, extra_tags: tuple[str, ...] = ()) -> list[Role]:
            carries = unit.has("Brave") or "Brave" in extra_tags
            brave = carries and (role is Role.ATTACKER or self.brave_on_counter)
            if carries:  # a single Brave counter is named too: "×1" beside a Brave weapon would read as a mistake (E42)
                mods.append(Modifier(role, "swings", 2 if brave else 1, "brave"))
            return [role] * (2 if brave else 1)

        speeds = {Role.ATTACKER: self.speed(attacker.unit), Role.DEFENDER: self.speed(defender.unit)}
        first = attack(Role.ATTACKER, attacker.unit, tuple(art.tags) if art else ())
        if counters and attacker.unit.has("Heavy") and not self.heavy_goes_last:
            mods.append(Modifier(Role.ATTACKER, "strikes second", 1, "heavy"))
            order = attack(Role.DEFENDER, defender.unit) + first
        else:
            order = first + (attack(Role.DEFENDER, defender.unit) if counters else [])
        faster = self.follower(speeds)
        if faster is not None and (faster is Role.ATTACKER or counters):
            unit = attacker.unit if faster is Role.ATTACKER else defender.unit
            if unit.has("Complex"):
                mods.append(Modifier(faster, "follow-up", 0, "complex"))
            elif unit.has("Heavy"):
                mods.append(Modifier(faster, "follow-up", 0, "heavy"))
            elif faster is Role.ATTACKER and art is not None:
                mods.append(Modifier(faster, "follow-up", 0, "art"))
            else:
                mods.append(Modifier(faster, "follow-up", 1, "follow-up"))
                order += attack(faster, unit)
        if self.heavy_goes_last and counters:
            order = self._heavy_last(order, attacker.unit, defender.unit, mods)
        # Brave notes are appended once per attack; keep one per role.
        unique = tuple(dict.fromkeys(mods))
        max_hp = {Role.ATTACKER: attacker.unit.max_hp, Role.DEFENDER: defender.unit.max_hp}
        return ExchangePlan(a_profile, d_profile, tuple(order), speeds, unique, max_hp)

    @staticmethod
    def _heavy_last(order: list[Role], attacker: Unit, defender: Unit, mods: list[Modifier]) -> list[Role]:
        """Move a Heavy side's swings behind all of the other side's, follow-up included (rulings E11).

        When both are Heavy neither can be last: the usual order stands (and neither follows up anyway).
        """
        heavy = [role for role, unit in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)) if unit.has("Heavy")]
        if len(heavy) != 1:
            return order
        last = heavy[0]
        mods.append(Modifier(last, "swings last", 1, "heavy"))
        return [r for r in order if r is not last] + [r for r in order if r is last]


SHEET_WIDTH = 38  # the side pane's room at 80 columns


def shield_defense(unit: Unit) -> int:
    """The Defense of the unit's equipped shield or ring: every edition counts it against physical
    attacks, not magic."""
    accessory = unit.equipped_accessory
    return accessory.defense if accessory is not None else 0
