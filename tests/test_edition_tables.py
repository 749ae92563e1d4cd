"""The later drafts' tables, entry by entry, against the documents they come from.

Each table is transcribed here by hand from the drafts (the "ratings" draft,
seeds/000_2005179da6dbf74c.txt, and the "d100" draft, seeds/004_482d9bc50232aa43.txt) and
compared cell by cell with the code's table, and again through the edition's own numbers
(a plan of an exchange), so a wrong cell names itself. When the drafts themselves are at hand
(/work/shared/seeds, absent in a clean clone) their numbers are parsed out of the text and
compared too.

The drafts' table headers are garbled in places (the text was copied from a web page): the
d100 draft's "Rating F EDB C A S" and "Rating FDECBAS", the ratings draft's To Hit rows run
together ("F60 50 4030201010"). Our reading is the natural order of the scale, F E D C B A S,
for every header; the values in each row are in that order (docs/rulings.md E43).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from officers_chess.rules.basics.rating_scale import LETTERS
from officers_chess.rules.board.terrain import MoveType
from officers_chess.rules.combat.editions import d100_tables, ratings_tables, rules_for
from officers_chess.rules.combat.exchange import Fighter
from officers_chess.rules.pieces.models import (
    DamageKind,
    Side,
    Stats,
    Unit,
    UnitClass,
    Weapon,
    WeaponType,
)

SEEDS = Path("/work/shared/seeds")
RATINGS_SEED = SEEDS / "000_2005179da6dbf74c.txt"
D100_SEED = SEEDS / "004_482d9bc50232aa43.txt"

SCALE = "FEDCBAS"  # our reading of every garbled header: worst to best

# --- the "ratings" draft, transcribed ---------------------------------------------------------------

# To Hit: the attacker's Skill (row, F to A: the draft has no S row) against the target's Speed
# (column, F to S); a d100 at or under the number hits.
RATINGS_TO_HIT = {
    "F": (60, 50, 40, 30, 20, 10, 10),
    "E": (70, 60, 50, 50, 40, 30, 20),
    "D": (80, 70, 60, 60, 50, 40, 30),
    "C": (90, 80, 80, 60, 50, 50, 40),
    "B": (100, 90, 80, 70, 60, 50, 40),
    "A": (100, 100, 90, 80, 70, 60, 50),
}
# Damage: Attack rating (row) against Defense rating (column), both F to S.
RATINGS_DAMAGE = {
    "F": (3, 2, 1, 1, 0, 0, 0),
    "E": (3, 3, 2, 1, 0, 0, 0),
    "D": (4, 3, 3, 2, 1, 0, 0),
    "C": (5, 4, 3, 3, 2, 1, 1),
    "B": (6, 5, 4, 3, 3, 2, 1),
    "A": (6, 6, 5, 4, 3, 3, 2),
    "S": (7, 7, 6, 5, 4, 3, 3),
}
# Staff Range by Magic rating, F to S ("Range 1234456").
RATINGS_STAFF_RANGE = (1, 2, 3, 4, 4, 5, 6)
# The terrain table. The draft's header row is missing; the columns read (bonus, Foot, Armored,
# Cavalry, Flying), "-" being no bonus or no entry; "+1" is one step of Defense and Resistance
# (docs/rulings.md E21). Heal 2 at the end of a turn; walls and snags break after 30 HP.
RATINGS_TERRAIN = {
    # id: (bonus, foot, armored, cavalry, flying, heal, hp, becomes)
    "sea": (0, None, None, None, 1, 0, None, None),
    "river": (0, 5, None, None, 1, 0, None, None),
    "mountain": (1, 4, None, None, 1, 0, None, None),
    "desert": (0, 2, 3, 2, 1, 0, None, None),
    "forest": (1, 2, 2, 3, 1, 0, None, None),
    "pillars": (1, 2, 2, 3, 1, 0, None, None),
    "snag": (0, None, None, None, None, 0, 30, "bridge"),
    "wall": (0, None, None, None, None, 0, 30, "floor"),
    "door": (0, None, None, None, None, 0, None, None),  # opened with a key or Pick, not broken
    "fort": (1, 2, 2, 2, 1, 2, None, None),
    "castle_gate": (1, 1, 1, 1, 1, 2, None, None),
    "throne": (1, 1, 1, 1, 1, 2, None, None),
    "ice": (0, None, None, None, None, 0, None, None),
}
RATINGS_SEED_NAMES = {"Sea/Lake": "sea", "River": "river", "Mountain": "mountain", "Desert": "desert", "Forest": "forest",
                      "Pillars": "pillars", "Snag": "snag", "Wall": "wall", "Door": "door", "Fort": "fort",
                      "Castle Gate": "castle_gate", "Throne": "throne", "Ice": "ice"}
# Tiles the draft does not list cost 1 and give nothing.
UNLISTED = ("plains", "sand", "building", "ruins", "floor", "stairs", "bridge", "village_gate")

# --- the "d100" draft, transcribed ------------------------------------------------------------------

D100_DEX_SPEED = (-5, 0, 5, 10, 15, 20, 25)  # "Dex / Speed-50510152025"
D100_BASE_DAMAGE = (3, 4, 5, 6, 7, 8, 9)  # "Base Damage 3456789" (header "FDECBAS": read F E D C B A S)
D100_DAMAGE_REDUCTION = (0, 1, 2, 3, 4, 5, 6)  # "Damage Reduction0123456"
D100_FOLLOWS_UP_ON = {"F": "", "E": "", "D": "F", "C": "FE", "B": "FED", "A": "FEDC", "S": "FEDCB"}
# The terrain table: Move (None: cannot be entered), DR, Avo, Vein?, and its special rule.
D100_TERRAIN = {
    # id: (move, dr, avo, vein, heal at start, burn at start, hp to break)
    "mountain": (2, 1, 0, False, 0, 0, None),
    "forest": (2, 0, 5, False, 0, 0, None),  # the draft's Woods
    "pillars": (2, 0, 5, False, 0, 0, None),  # Pillar
    "thicket": (2, 0, 5, False, 0, 0, None),
    "fog": (2, 0, 5, True, 0, 0, None),
    "fort": (2, 2, 5, False, 10, 0, None),
    "protection_tile": (1, 2, 5, False, 10, 0, None),
    "heal_tile": (1, 0, 0, True, 10, 0, None),
    "door": (None, 0, 0, False, 0, 0, 15),  # Gate/Door: 15 damage breaks it to Floor
    "sea": (1, 0, -5, True, 0, 0, None),  # Water (our seas and lakes, ruling E12)
    "river": (1, 0, -5, True, 0, 0, None),  # Water (our rivers)
    "stone_pillars": (2, 2, 0, True, 0, 0, None),
    "vines": (2, 0, 0, True, 0, 0, None),
    "flames": (1, 0, 0, True, 0, 5, None),
    "ice": (None, 0, 0, True, 0, 0, 15),
}
D100_SEED_NAMES = {"Mountain": ["mountain"], "Woods": ["forest"], "Pillar": ["pillars"], "Thicket": ["thicket"],
                   "Fog": ["fog"], "Fort": ["fort"], "Protection Tile": ["protection_tile"], "Heal Tile": ["heal_tile"],
                   "Gate/Door": ["door"], "Water": ["sea", "river"], "Stone Pillars": ["stone_pillars"],
                   "Vines": ["vines"], "Flames": ["flames"], "Ice": ["ice"]}

# The rules' plain numbers, from the drafts' text.
RATINGS_NUMBERS = {"CRIT_RANGE": 10, "CRIT_MULTIPLIER": 3, "FOLLOW_UP_STEPS": 2, "FULL_HP": 20,
                   "MOVE": {False: 4, True: 5}, "CAVALRY_MOVE": 1, "TRIANGLE": 1, "EFFECTIVE": 3, "BACKUP": 1,
                   "POISONED": 1, "WEIGHT_RANGE": (-2, 2)}
D100_NUMBERS = {"HIT_BASE": 70, "CRIT_RANGE": 10, "CRIT_MULTIPLIER": 2, "FOLLOW_UP_LEAD": 10, "HP_RANGE": (14, 22),
                "MOVE": {False: 4, True: 5}, "CAVALRY_MOVE": 1, "EFFECTIVE": 5, "BACKUP": 3, "POISONED": 1,
                "WEIGHTS": (0, -5, -10), "TILE_HEAL": 10, "FLAMES": 5, "BREAKABLE_HP": 15}


# --- small builders ------------------------------------------------------------------------------------


def _unit(edition: str, side: Side, weapon: Weapon | None = None, **ratings: str) -> Unit:
    stats = {"str": "C", "mag": "C", "skl": "C", "spd": "C", "def": "C", "res": "C", "hp": 20}
    stats.update({k.rstrip("_"): v for k, v in ratings.items()})
    unit_class = rules_for(edition).setup_class(UnitClass(name="Tester", letter="T", stats=Stats.model_validate(stats),
                                                          wields=list(WeaponType), edition=edition))
    weapon = weapon or Weapon(name="Plain Sword", type=WeaponType.SWORD, damage=DamageKind.MARTIAL, might=0, edition=edition)
    return Unit(id="a1" if side is Side.ATTACKER else "d1", name="X", side=side, unit_class=unit_class,
                inventory=[weapon], weapon=0, hp=20, pos=(0, 0) if side is Side.ATTACKER else (1, 0))


def _attack_profile(edition: str, attacker: Unit, defender: Unit):
    plains = rules_for(edition).terrain["plains"]
    return rules_for(edition).plan(Fighter(attacker, plains), Fighter(defender, plains), 1).attacker


def _cells(table: dict[str, tuple[int, ...]]) -> list[tuple[str, str, int]]:
    return [(row, SCALE[col], value) for row, values in table.items() for col, value in enumerate(values)]


# --- "ratings": the code's tables, cell by cell ------------------------------------------------------


@pytest.mark.parametrize("skill,speed,expected", _cells(RATINGS_TO_HIT))
def test_ratings_to_hit_cell(skill, speed, expected):
    assert ratings_tables.TO_HIT[skill][SCALE.index(speed)] == expected


@pytest.mark.parametrize("skill,speed,expected", _cells(RATINGS_TO_HIT))
def test_ratings_to_hit_cell_is_what_an_attack_needs(skill, speed, expected):
    """The same cell through an exchange: two swords (no triangle), no weight, plains."""
    profile = _attack_profile("ratings", _unit("ratings", Side.ATTACKER, skl=skill), _unit("ratings", Side.DEFENDER, spd=speed))
    assert profile.skill == expected


def test_ratings_to_hit_has_rows_f_to_a_and_columns_f_to_s():
    assert list(ratings_tables.TO_HIT) == list("FEDCBA")
    assert all(len(row) == 7 for row in ratings_tables.TO_HIT.values())


@pytest.mark.parametrize("attack,defense,expected", _cells(RATINGS_DAMAGE))
def test_ratings_damage_cell(attack, defense, expected):
    assert ratings_tables.DAMAGE[attack][SCALE.index(defense)] == expected


@pytest.mark.parametrize("attack,defense,expected", _cells(RATINGS_DAMAGE))
def test_ratings_damage_cell_is_what_a_mightless_hit_deals(attack, defense, expected):
    profile = _attack_profile("ratings", _unit("ratings", Side.ATTACKER, str=attack), _unit("ratings", Side.DEFENDER, def_=defense))
    assert (profile.damage, profile.crit_damage) == (expected, 3 * expected)


def test_ratings_damage_has_rows_and_columns_f_to_s():
    assert list(ratings_tables.DAMAGE) == list(SCALE)
    assert all(len(row) == 7 for row in ratings_tables.DAMAGE.values())


@pytest.mark.parametrize("magic,expected", list(zip(SCALE, RATINGS_STAFF_RANGE)))
def test_ratings_staff_range_cell(magic, expected):
    assert ratings_tables.STAFF_RANGE[SCALE.index(magic)] == expected


@pytest.mark.parametrize("terrain_id", sorted(RATINGS_TERRAIN))
def test_ratings_terrain_row(terrain_id):
    bonus, foot, armored, cavalry, flying, heal, hp, becomes = RATINGS_TERRAIN[terrain_id]
    tile = rules_for("ratings").terrain[terrain_id]
    assert (tile.defense, tile.foot, tile.armored, tile.cavalry, tile.flying) == (bonus, foot, armored, cavalry, flying)
    assert (tile.heal, tile.heal_at_start, tile.hp) == (heal, False, hp)  # "Heal 2 End of Turn"
    if becomes is not None:
        assert tile.becomes == becomes


@pytest.mark.parametrize("terrain_id", UNLISTED)
@pytest.mark.parametrize("edition", ["ratings", "d100"])
def test_unlisted_tiles_cost_one_and_give_nothing(edition, terrain_id):
    tile = rules_for(edition).terrain[terrain_id]
    assert [tile.cost(m) for m in MoveType] == [1, 1, 1, 1]
    assert (tile.defense, tile.avoid, tile.heal, tile.burn, tile.hp) == (0, 0, 0, 0, None)


@pytest.mark.parametrize("name,expected", sorted(RATINGS_NUMBERS.items()))
def test_ratings_numbers(name, expected):
    assert getattr(ratings_tables, name) == expected


# --- "d100": the code's tables, cell by cell ----------------------------------------------------------


@pytest.mark.parametrize("table,code", [
    (D100_DEX_SPEED, "DEX_SPEED"), (D100_BASE_DAMAGE, "BASE_DAMAGE"), (D100_DAMAGE_REDUCTION, "DAMAGE_REDUCTION"),
])
@pytest.mark.parametrize("place", range(7), ids=list(SCALE))
def test_d100_rating_values(table, code, place):
    assert getattr(d100_tables, code)[place] == table[place]


@pytest.mark.parametrize("rating", list(SCALE))
def test_d100_follows_up_on(rating):
    assert d100_tables.FOLLOWS_UP_ON[rating] == D100_FOLLOWS_UP_ON[rating]


@pytest.mark.parametrize("fast", list(SCALE))
@pytest.mark.parametrize("slow", list(SCALE))
def test_d100_follow_ups_in_play_are_the_table(fast, slow):
    """Two weightless swords: whoever follows up is the one whose Speed row lists the other's Speed."""
    edition = rules_for("d100")
    plains = edition.terrain["plains"]
    attacker, defender = _unit("d100", Side.ATTACKER, spd=fast), _unit("d100", Side.DEFENDER, spd=slow)
    order = edition.plan(Fighter(attacker, plains), Fighter(defender, plains), 1).order
    follow = [r.value for r in order[2:]]
    expected = ["attacker"] if slow in D100_FOLLOWS_UP_ON[fast] else ["defender"] if fast in D100_FOLLOWS_UP_ON[slow] else []
    assert follow == expected


@pytest.mark.parametrize("dex", list(SCALE))
@pytest.mark.parametrize("speed", list(SCALE))
def test_d100_hit_is_seventy_plus_dex_minus_speed(dex, speed):
    profile = _attack_profile("d100", _unit("d100", Side.ATTACKER, skl=dex), _unit("d100", Side.DEFENDER, spd=speed))
    assert profile.skill == 70 + D100_DEX_SPEED[SCALE.index(dex)] - D100_DEX_SPEED[SCALE.index(speed)]


@pytest.mark.parametrize("strength", list(SCALE))
@pytest.mark.parametrize("defense", list(SCALE))
def test_d100_damage_is_base_damage_minus_reduction(strength, defense):
    profile = _attack_profile("d100", _unit("d100", Side.ATTACKER, str=strength), _unit("d100", Side.DEFENDER, def_=defense))
    base, reduction = D100_BASE_DAMAGE[SCALE.index(strength)], D100_DAMAGE_REDUCTION[SCALE.index(defense)]
    assert (profile.damage, profile.crit_damage) == (max(0, base - reduction), max(0, 2 * base - reduction))


@pytest.mark.parametrize("terrain_id", sorted(D100_TERRAIN))
def test_d100_terrain_row(terrain_id):
    move, dr, avo, vein, heal, burn, hp = D100_TERRAIN[terrain_id]
    tile = rules_for("d100").terrain[terrain_id]
    # One Move column for every movement type; flyers pay 1 wherever anyone may go (ruling E12).
    flying = None if move is None else 1
    assert (tile.foot, tile.armored, tile.cavalry, tile.flying) == (move, move, move, flying)
    assert (tile.defense, tile.avoid, tile.vein) == (dr, avo, vein)
    assert (tile.heal, tile.heal_at_start or not heal) == (heal, True)
    assert (tile.burn, tile.hp) == (burn, hp)


def test_d100_broken_gates_doors_and_ice_become_floor_and_plains():
    table = rules_for("d100").terrain
    assert (table["door"].becomes, table["ice"].becomes) == ("floor", "plains")  # ruling E12


def test_d100_walls_and_snags_keep_thirty_hp():
    table = rules_for("d100").terrain
    assert (table["wall"].hp, table["snag"].hp, table["wall"].foot, table["snag"].flying) == (30, 30, None, None)


@pytest.mark.parametrize("name,expected", sorted(D100_NUMBERS.items()))
def test_d100_numbers(name, expected):
    assert getattr(d100_tables, name) == expected


def test_the_scale_is_f_to_s():
    assert LETTERS == SCALE


# --- the drafts themselves ---------------------------------------------------------------------------


def _seed(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"the drafts are not here ({path}); the transcriptions above still hold")
    return path.read_text(encoding="utf-8")


def _after(text: str, heading: str, lines: int) -> list[str]:
    """The `lines` non-empty lines after the line that is exactly `heading`."""
    rows = text.splitlines()
    start = next(i for i, line in enumerate(rows) if line.strip() == heading)
    return [line for line in rows[start + 1:] if line.strip()][:lines]


def _tens(digits: str) -> list[int]:
    """'4030201010' -> [40, 30, 20, 10, 10]: the To Hit values are multiples of 10 from 10 to 100."""
    values, i = [], 0
    while i < len(digits):
        width = 3 if digits.startswith("100", i) else 2
        values.append(int(digits[i:i + width]))
        i += width
    return values


def _ratings_to_hit_from_draft() -> dict[str, tuple[int, ...]]:
    lines = _after(_seed(RATINGS_SEED), "To Hit Table", 7)
    assert re.sub(r"\s", "", lines[0]) == "SklFEDCBAS", lines[0]
    table = {}
    for line in lines[1:]:
        match = re.fullmatch(r"([FEDCBA])\s*([\d ]+)", line.strip())
        assert match, line
        table[match.group(1)] = tuple(_tens(match.group(2).replace(" ", "")))
    return table


def _ratings_damage_from_draft() -> dict[str, tuple[int, ...]]:
    lines = _after(_seed(RATINGS_SEED), "Damage Table", 8)
    assert re.sub(r"\s", "", lines[0]) == "Atk/DefFEDCBAS", lines[0]
    table = {}
    for line in lines[1:]:
        match = re.fullmatch(r"([FEDCBAS])\s*([\d ]+)", line.strip())
        assert match, line
        table[match.group(1)] = tuple(int(c) for c in match.group(2).replace(" ", ""))  # every value is one digit
    return table


def test_the_ratings_draft_to_hit_table_is_our_transcription_and_the_code():
    from_draft = _ratings_to_hit_from_draft()
    assert from_draft == RATINGS_TO_HIT
    assert from_draft == ratings_tables.TO_HIT


def test_the_ratings_draft_damage_table_is_our_transcription_and_the_code():
    from_draft = _ratings_damage_from_draft()
    assert from_draft == RATINGS_DAMAGE
    assert from_draft == ratings_tables.DAMAGE


def test_the_ratings_draft_staff_range_is_our_transcription_and_the_code():
    (line,) = _after(_seed(RATINGS_SEED), "Staff Range", 1)
    match = re.fullmatch(r"Range\s*(\d+)", line.strip())
    assert match, line
    from_draft = tuple(int(c) for c in match.group(1))
    assert from_draft == RATINGS_STAFF_RANGE == ratings_tables.STAFF_RANGE


def test_the_ratings_draft_says_twenty_hp_four_and_five_moves_triple_crits():
    text = _seed(RATINGS_SEED)
    assert "All base units have an HP of 20" in text
    assert "Unpromoted units have a movement of 4, and promoted units have a movement of 5" in text
    assert "On a Critical hit, this value is tripled" in text
    assert "Attacks against units with the noted tag do 3 extra Damage" in text
    assert "that ally deals 1 extra damage" in text
    assert "A Critical Hit is scored when the result is 10 or less" in text


def test_the_ratings_draft_terrain_table_is_our_transcription_and_the_code():
    lines = _after(_seed(RATINGS_SEED), "Terrain Table", 13)
    token = r"(\+\d|\d|-)"
    found = {}
    for line in lines:
        match = re.fullmatch(rf"([A-Za-z/ ]+?)\s*{token}\s+{token}\s+{token}\s+{token}\s+{token}\s*(.*)", line.strip())
        assert match, line
        name, *cells, special = match.groups()
        bonus, foot, armored, cavalry, flying = (None if c == "-" else int(c) for c in cells)
        heal = 2 if "Heal 2" in special else 0
        hp_match = re.search(r"(\d+) HP|HP (\d+)", special)  # "has 30 HP", "has HP 30"
        hp = int(hp_match.group(1) or hp_match.group(2)) if hp_match else None
        found[RATINGS_SEED_NAMES[name]] = (bonus or 0, foot, armored, cavalry, flying, heal, hp)
    assert set(found) == set(RATINGS_TERRAIN)
    for terrain_id, row in found.items():
        assert row == RATINGS_TERRAIN[terrain_id][:7], terrain_id
        tile = rules_for("ratings").terrain[terrain_id]
        assert (tile.defense, tile.foot, tile.armored, tile.cavalry, tile.flying, tile.heal, tile.hp) == row, terrain_id


def _d100_row(text: str, label: str) -> str:
    line = next(line for line in text.splitlines() if line.startswith(label))
    return line[len(label):].strip()


def _fives(text: str) -> list[int]:
    """'-50510152025' -> [-5, 0, 5, 10, 15, 20, 25]."""
    values, i = [], 0
    while i < len(text):
        width = 2 if text[i] in "-12" else 1
        values.append(int(text[i:i + width]))
        i += width
    return values


def test_the_d100_draft_dex_and_speed_values_are_our_transcription_and_the_code():
    text = _seed(D100_SEED)
    header = next(line for line in text.splitlines() if line.startswith("Rating F EDB"))
    assert re.sub(r"\s", "", header) == "RatingFEDBCAS"  # garbled: we read F E D C B A S
    from_draft = tuple(_fives(_d100_row(text, "Dex / Speed")))
    assert from_draft == D100_DEX_SPEED == d100_tables.DEX_SPEED


def test_the_d100_draft_base_damage_and_reduction_are_our_transcription_and_the_code():
    text = _seed(D100_SEED)
    assert _d100_row(text, "Rating FDECBAS") == ""  # garbled: read F E D C B A S
    base = tuple(int(c) for c in _d100_row(text, "Base Damage"))
    reduction = tuple(int(c) for c in _d100_row(text, "Damage Reduction"))
    assert base == D100_BASE_DAMAGE == d100_tables.BASE_DAMAGE
    assert reduction == D100_DAMAGE_REDUCTION == d100_tables.DAMAGE_REDUCTION


def test_the_d100_draft_follow_up_table_is_our_transcription_and_the_code():
    text = _seed(D100_SEED)
    cells = _d100_row(text, "Follows Up on:")
    assert cells.startswith("--")  # F and E follow up on nobody
    rest = [part for part in re.split(r"(?=F)", cells[2:]) if part]
    from_draft = dict(zip(SCALE, ["", ""] + ["".join(re.findall(r"[FEDCBAS]", part)) for part in rest]))
    assert from_draft == D100_FOLLOWS_UP_ON == d100_tables.FOLLOWS_UP_ON


def test_the_d100_draft_terrain_table_is_our_transcription_and_the_code():
    text = _seed(D100_SEED)
    rows = text.splitlines()
    start = max(i for i, line in enumerate(rows) if line.strip() == "Terrain Table")
    found: dict[str, tuple] = {}
    for line in rows[start + 1:]:
        if line.strip() == "Actions":
            break
        if not line.strip() or line.startswith("Tile"):
            continue
        match = re.fullmatch(r"([A-Za-z/ ]+?)\s*(\d|-)\s*(\+\d|-)\s*([+-]\d|-)\s*(Yes)?\s*(.*)", line.strip())
        assert match, line
        name, move, dr, avo, vein, special = match.groups()
        heal = 10 if "Heal(10)" in special else 0
        burn = int(re.search(r"take (\d+) Damage", special).group(1)) if "take" in special else 0
        hp = int(re.search(r"Deal (\d+) Damage", special).group(1)) if "Deal" in special else None
        row = (None if move == "-" else int(move), 0 if dr == "-" else int(dr), 0 if avo == "-" else int(avo),
               vein == "Yes", heal, burn, hp)
        for terrain_id in D100_SEED_NAMES[name]:
            found[terrain_id] = row
    assert found == D100_TERRAIN
    for terrain_id, (move, dr, avo, vein, heal, burn, hp) in found.items():
        tile = rules_for("d100").terrain[terrain_id]
        assert (tile.foot, tile.defense, tile.avoid, tile.vein, tile.heal, tile.burn, tile.hp) == \
            (move, dr, avo, vein, heal, burn, hp), terrain_id


def test_the_d100_draft_says_its_plain_numbers():
    text = _seed(D100_SEED)
    assert "Units range from 14 to 22 point of HP" in text
    assert "Unpromoted units have a movement of 4, and promoted units have a movement of 5" in text
    assert "Hit is calculated as 70 + Dex + Weapon Hit" in text
    assert "On a Critical hit, double the Damage. This should be applied last." in text
    assert "Attacks against units with the noted tag do 5 extra Damage" in text
    assert "that ally deals 3 extra damage" in text
    assert "Weight is either 0, -5, or -10" in text
    assert "Heal(10)" in text and "take 5 Damage" in text and "Deal 15 Damage" in text
