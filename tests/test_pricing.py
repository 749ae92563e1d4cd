"""Unit pricing: the formula's properties, its calibration on the bundled catalogue, the
`officers-chess price` command, and docs/pricing.md being current."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from factories import accessory, consumable, staff, stats, unit_class, weapon

from officers_chess.commands.console import main
from officers_chess.content.bundled import catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_catalogue, load_partial_catalogue
from officers_chess.commands.price_report import DOC_END, DOC_START, pricing_doc_section
from officers_chess.rules.pieces import pricing
from officers_chess.rules.pieces.models import WeaponType
from officers_chess.rules.pieces.price_rates import CLASS_FLOOR, ITEM_FLOOR, ROUND_TO
from officers_chess.rules.pieces.pricing import class_price, item_price, price_breakdown, unit_cost, unit_price
from officers_chess.rules.pieces.tag_points import tag_points
from officers_chess.rules.pieces.tags import tag_args
from officers_chess.rules.pieces.tags import KNOWN_TAGS

REPO = Path(__file__).resolve().parent.parent
STATS = ("str", "skl", "spd", "def", "res")
CATALOGUE = load_catalogue("v0.6")
EVERYTHING = [*CATALOGUE.classes.values(), *CATALOGUE.items.values()]


def subtotal(entry) -> int:
    """The gold of a price before rounding and the floor."""
    return sum(t.gold for t in price_breakdown(entry).terms if t.what not in ("rounding", "floor"))


def with_tags(entry, *tags: str):
    return entry.model_copy(update={"tags": [*entry.tags, *tags]})


# --- properties of the formula ----------------------------------------------------------------


@pytest.mark.parametrize("stat", STATS)
def test_class_price_never_falls_as_a_stat_rises(stat):
    prices = [class_price(unit_class(**{stat: value})) for value in range(21)]
    assert prices == sorted(prices)
    # and it really rises: five more points always show in the price (above the floor)
    strong = {"str": 8, "skl": 12, "spd": 8, "def": 5, "res": 3}
    low = class_price(unit_class(**{**strong, stat: 5}))
    high = class_price(unit_class(**{**strong, stat: 10}))
    assert high > low


@pytest.mark.parametrize("stat", STATS)
def test_a_shifters_beast_form_counts_more_than_its_human_form(stat):
    base = {"str": 4, "skl": 9, "spd": 6, "def": 2, "res": 2}
    beast = stats(**{"str": 8, "skl": 12, "spd": 9, "def": 5, "res": 4})

    def shifter(human: dict, beast_stats):
        return unit_class(tags=["Shifter"], transformed=beast_stats, **human)

    plain = subtotal(shifter(base, beast))
    human_up = subtotal(shifter({**base, stat: base[stat] + 4}, beast))
    beast_up = subtotal(shifter(base, stats(**{**beast.model_dump(by_alias=True), stat: getattr(beast, _field(stat)) + 4})))
    assert plain < human_up < beast_up


def _field(short: str) -> str:
    return {"str": "strength", "skl": "skill", "spd": "speed", "def": "defense", "res": "resistance"}[short]


def test_might_raises_and_weight_lowers_an_items_price():
    by_might = [item_price(weapon(might=m, weight=2)) for m in range(15)]
    assert by_might == sorted(by_might) and by_might[-1] > by_might[0]
    by_weight = [item_price(weapon(might=8, weight=w)) for w in range(10)]
    assert by_weight == sorted(by_weight, reverse=True) and by_weight[0] > by_weight[-1]
    shields = [item_price(accessory(defense=d, weight=1)) for d in range(8)]
    assert shields == sorted(shields) and shields[-1] > shields[0]


def test_reach_is_dearer():
    prices = [item_price(weapon(might=5, range=r)) for r in ((1, 1), (1, 2), (1, 3))]
    assert prices[0] < prices[1] < prices[2]
    assert item_price(weapon(might=5, range=(2, 2))) < item_price(weapon(might=5, range=(2, 3)))


@pytest.mark.parametrize("name", [w.name for w in CATALOGUE.weapons() if "Brave" not in w.tags])
def test_brave_costs_more_than_the_same_weapon_without_it(name):
    plain = CATALOGUE.items[name]
    assert item_price(with_tags(plain, "Brave")) > item_price(plain)


NEGATIVE_CLASS_TAGS = ["Armored", "Cavalry", "Dragon", "Monster", "Slow(1)"]
NEGATIVE_ITEM_TAGS = ["Devil", "Exclusive(Taguel)", "Relic(Ash)", "Ineffective(Armored)", "Punishing(1)", "Complex",
                      "Inaccurate(2)"]
POSITIVE_ITEM_TAGS = ["Brave", "Piercing", "Effective(Armored)", "Lucky(1)", "Drain", "DistantCounter", "Art(Feint)"]


@pytest.mark.parametrize("tag", NEGATIVE_CLASS_TAGS)
def test_negative_class_tags_reduce_the_price(tag):
    cls = unit_class(wields=["lance"], str=8, skl=12, spd=8, def_=6, res=3)
    assert class_price(with_tags(cls, tag)) < class_price(cls)


@pytest.mark.parametrize("tag", NEGATIVE_ITEM_TAGS)
def test_negative_item_tags_reduce_the_price(tag):
    sword = weapon(might=8, weight=2)
    assert item_price(with_tags(sword, tag)) < item_price(sword)


@pytest.mark.parametrize("tag", POSITIVE_ITEM_TAGS)
def test_positive_item_tags_raise_the_price(tag):
    sword = weapon(might=6, weight=2)
    assert item_price(with_tags(sword, tag)) > item_price(sword)


def test_relic_and_exclusive_items_are_cheaper_in_the_catalogue_too():
    for item in CATALOGUE.items.values():
        limits = [t for t in item.tags if t.startswith(("Relic(", "Exclusive("))]
        if limits:
            free = item.model_copy(update={"tags": [t for t in item.tags if t not in limits]})
            assert item_price(item) < item_price(free), item.name


def test_movement_tags_are_priced_through_the_tags():
    cls = unit_class(wields=["lance"], str=6, skl=11, spd=6, def_=3, res=1)
    assert class_price(with_tags(cls, "Flying")) > class_price(cls)
    assert class_price(with_tags(cls, "Fast(2)")) > class_price(with_tags(cls, "Fast(1)")) > class_price(cls)
    assert class_price(with_tags(cls, "Slow(1)")) < class_price(cls)


def test_fewer_uses_cost_less_and_six_uses_cost_as_much_as_no_limit():
    prices = [item_price(staff(tags=["Heal(10)", f"Consumable({n})"])) for n in range(1, 9)]
    assert prices == sorted(prices) and prices[0] < prices[-1]
    unlimited = item_price(staff(tags=["Heal(10)"]))
    assert prices[5] == prices[7] == unlimited  # six uses or more
    vials = [item_price(consumable(tags=["Heal(10)", f"Consumable({n})"])) for n in (1, 3, 5)]
    assert vials == sorted(vials)


def test_every_known_tag_has_a_price_and_the_authors_values_are_used():
    for name in KNOWN_TAGS:
        assert "no value yet" not in tag_points(name)[1], name
    assert set(pricing.AUTHOR_TAG_POINTS) <= set(KNOWN_TAGS)
    brave = next(t for t in price_breakdown(weapon(tags=["Brave"])).terms if t.what == "Brave")
    assert (brave.points, brave.gold) == (4, 4 * pricing.GOLD_PER_POINT)
    flying = next(t for t in price_breakdown(unit_class(tags=["Flying"])).terms if t.what == "Flying")
    assert flying.gold == 2 * pricing.GOLD_PER_POINT


@pytest.mark.parametrize("entry", EVERYTHING, ids=[e.name for e in EVERYTHING])
def test_prices_are_rounded_floored_and_fully_explained(entry):
    breakdown = price_breakdown(entry)
    assert breakdown.price % ROUND_TO == 0
    assert breakdown.price >= (CLASS_FLOOR if breakdown.kind == "class" else ITEM_FLOOR)
    assert sum(t.gold for t in breakdown.terms) == breakdown.price  # every gold piece has a term
    for term in breakdown.terms:
        assert term.what and term.rule
    assert price_breakdown(entry) == breakdown  # deterministic


def test_floors_and_rounding():
    weakling = unit_class(str=0, skl=0, spd=0, def_=0, res=0)
    assert class_price(weakling) == CLASS_FLOOR
    assert price_breakdown(weakling).terms[-1].what == "floor"
    stick = weapon(might=0, weight=5, tags=["Devil"])
    assert item_price(stick) == ITEM_FLOOR
    # to the nearest 5: Might 4 (32) less Weight 2 (6) is 26, so 25; less Weight 1 (3) is 29, so 30
    assert item_price(weapon(might=4, weight=2)) == 25
    assert item_price(weapon(might=4, weight=1)) == 30


def test_unit_cost_is_class_gold_plus_inventory_gold():
    cls = CATALOGUE.classes["Soldier"]
    items = [CATALOGUE.items["Iron Lance"], CATALOGUE.items["Vulnerary"], CATALOGUE.items["Iron Shield"]]
    assert unit_cost(cls, items) == class_price(cls) + sum(item_price(i) for i in items)
    assert unit_cost(cls) == class_price(cls)
    assert unit_price(cls, items).price == unit_cost(cls, items)


def test_pricing_asks_for_the_right_kind_of_thing():
    with pytest.raises(TypeError):
        class_price(weapon())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        item_price(unit_class())  # type: ignore[arg-type]


def test_prices_do_not_depend_on_hash_seeds():
    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        return subprocess.run([sys.executable, "-m", "officers_chess", "price", str(catalogue_path("v0.6")), "--json"],
                              capture_output=True, text=True, timeout=60, env=env, check=True, cwd=REPO).stdout

    assert run("1") == run("2")


# --- calibration on the bundled catalogue -------------------------------------------------------

STARTER_KITS = {
    "Mercenary": "Iron Sword", "Myrmidon": "Iron Sword", "Soldier": "Iron Lance", "Knight": "Iron Lance",
    "Fighter": "Iron Axe", "Brigand": "Iron Axe", "Archer": "Iron Bow", "Mage": "Fire", "Dark Mage": "Flux",
    "Priest": "Light", "Cavalier": "Iron Lance", "Pegasus Knight": "Iron Lance", "Wyvern Rider": "Iron Axe",
    "Cleric": "Heal Staff", "Troubadour": "Heal Staff", "Thief": "Iron Sword", "Dancer": "Iron Sword",
    "Taguel": "Beaststone", "Manakete": "Dragonstone",
}
PROMOTED_KITS = [("Swordmaster", "Killing Edge"), ("Swordmaster", "Ashen Brand"), ("Assassin", "Brave Sword"),
                 ("General", "Steel Lance"), ("General", "Hammer")]


def kit_cost(class_name: str, *item_names: str) -> int:
    return unit_cost(CATALOGUE.classes[class_name], [CATALOGUE.items[n] for n in item_names])


@pytest.mark.parametrize("class_name, weapon_name", [("Soldier", "Iron Lance"), ("Mercenary", "Iron Sword"),
                                                     ("Fighter", "Iron Axe")])
def test_a_plain_starter_unit_costs_80_to_110(class_name, weapon_name):
    assert 80 <= kit_cost(class_name, weapon_name) <= 110


@pytest.mark.parametrize("class_name, weapon_name", PROMOTED_KITS)
def test_a_promoted_unit_with_a_good_weapon_costs_170_to_260(class_name, weapon_name):
    assert CATALOGUE.classes[class_name].promoted
    assert 170 <= kit_cost(class_name, weapon_name) <= 260


def test_a_vulnerary_costs_15_to_25():
    assert 15 <= item_price(CATALOGUE.items["Vulnerary"]) <= 25


def test_every_unpromoted_class_has_a_starter_kit():
    assert set(STARTER_KITS) == {c.name for c in CATALOGUE.classes.values() if not c.promoted}


def test_a_600_gold_war_chest_buys_5_to_7_starter_units():
    costs = sorted(kit_cost(c, w) for c, w in STARTER_KITS.items())

    def affordable(order: list[int], chest: int = 600) -> int:
        bought = 0
        for cost in order:
            if cost > chest:
                break
            chest -= cost
            bought += 1
        return bought

    assert affordable(costs) <= 7  # even the cheapest kits: at most 7
    assert affordable(list(reversed(costs))) >= 5  # even the dearest kits: at least 5


def test_price_ranges_per_category():
    classes = [class_price(c) for c in CATALOGUE.classes.values()]
    assert CLASS_FLOOR <= min(classes) and max(classes) <= 200
    for items, top in ((CATALOGUE.weapons(), 150), (CATALOGUE.accessories(), 80), (CATALOGUE.consumables(), 60)):
        prices = [item_price(i) for i in items]
        assert ITEM_FLOOR <= min(prices) and max(prices) <= top
    promoted = [class_price(c) for c in CATALOGUE.classes.values() if c.promoted]
    unpromoted = [class_price(c) for c in CATALOGUE.classes.values() if not c.promoted]
    assert min(promoted) > sorted(unpromoted)[len(unpromoted) // 2]  # promotion shows in the price


# --- docs ---------------------------------------------------------------------------------------


def test_the_price_list_in_the_docs_is_current():
    text = (REPO / "docs" / "pricing.md").read_text(encoding="utf-8")
    start, end = text.index(DOC_START), text.index(DOC_END) + len(DOC_END)
    assert text[start:end] == pricing_doc_section(CATALOGUE), "docs/pricing.md is stale: run python docs/make_price_list.py"


# --- the price command --------------------------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "custom.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


CUSTOM = """
    classes:
      - name: Halberdier
        letter: Q
        stats: {str: 8, skl: 12, spd: 6, def: 5, res: 2}
        wields: [lance]
        promoted: true
    weapons:
      - {name: Brave Lance, type: lance, damage: martial, might: 8, weight: 3, tags: [Brave]}
      - {name: Taguel Fang, type: stone, damage: martial, might: 5, tags: ["Exclusive(Taguel)", "Art(Feint)"]}
    accessories:
      - {name: Tower Shield, defense: 4, weight: 4}
    consumables:
      - {name: Big Vulnerary, tags: ["Heal(10)", "Consumable(3)"]}
"""


def test_price_prints_each_entry_with_its_breakdown(tmp_path, capsys):
    path = write(tmp_path, CUSTOM)
    assert main(["price", str(path)]) == 0
    out = capsys.readouterr().out
    catalogue = load_partial_catalogue(path)
    for entry in [*catalogue.classes.values(), *catalogue.items.values()]:
        assert f"{entry.name} ({price_breakdown(entry).kind}): {price_breakdown(entry).price} gold" in out
    assert "Brave" in out and "promoted" in out and "Consumable(3)" in out


def test_price_json_is_name_to_price(tmp_path, capsys):
    path = write(tmp_path, CUSTOM)
    assert main(["price", str(path), "--json"]) == 0
    prices = json.loads(capsys.readouterr().out)
    catalogue = load_partial_catalogue(path)
    assert prices == {e.name: price_breakdown(e).price for e in [*catalogue.classes.values(), *catalogue.items.values()]}
    assert list(prices) == ["Halberdier", "Brave Lance", "Taguel Fang", "Tower Shield", "Big Vulnerary"]


def test_price_of_the_bundled_catalogue_matches_the_formula(capsys):
    assert main(["price", str(catalogue_path("v0.6")), "--json"]) == 0
    prices = json.loads(capsys.readouterr().out)
    assert prices == {e.name: price_breakdown(e).price for e in EVERYTHING}


@pytest.mark.parametrize("body, line, words", [
    ("weapons:\n  - {name: Odd, type: sword, damage: martial, tags: [Bravee]}\n", 2, ["unknown tag 'Bravee'", "Brave"]),
    ("weapons:\n  - {name: Odd, type: sword, damage: martial}\n  - {name: Odder, type: spoon, damage: martial}\n",
     3, ["type"]),
    ("classes:\n  - name: Lump\n    letter: L\n    stats: {str: strong, skl: 1, spd: 1, def: 1, res: 1}\n    wields: [sword]\n",
     4, ["stats"]),
    ("weapons:\n  - {name: Odd, type: sword\n", 3, ["not valid YAML"]),
    ("consumables:\n  - {name: Odd, tags: [\"Exclusive(Nobody)\"]}\n", 2, ["Exclusive(Nobody)"]),
    ("potions:\n  - {name: Odd}\n", 1, ["unknown section 'potions'"]),
    ("weapons:\n  - {name: Odd, type: sword, damage: martial}\n  - {name: Odd, type: axe, damage: martial}\n",
     3, ["defined twice"]),
])
def test_a_bad_price_file_exits_2_naming_file_and_line(tmp_path, capsys, body, line, words):
    path = write(tmp_path, body, "bad.yaml")
    assert main(["price", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"officers-chess: {path}:{line}: "), err
    assert len(err.splitlines()) == 1
    for word in words:
        assert word in err


def test_an_unknown_tag_in_a_class_exits_2_without_a_traceback(tmp_path):
    path = write(tmp_path, """
        classes:
          - name: Oddity
            letter: O
            stats: {str: 5, skl: 10, spd: 5, def: 2, res: 1}
            wields: [sword]
            tags: [Flyng]
    """, "odd.yaml")
    result = subprocess.run([sys.executable, "-m", "officers_chess", "price", str(path)],
                            capture_output=True, text=True, timeout=60, cwd=REPO, check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith(f"officers-chess: {path}:6: ")
    assert "unknown tag 'Flyng'" in result.stderr and "Flying" in result.stderr


def test_a_missing_or_empty_price_file_exits_2(tmp_path, capsys):
    missing = tmp_path / "gone.yaml"
    assert main(["price", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == f"officers-chess: {missing}: no such file"
    empty = write(tmp_path, "edition: v0.6\n", "empty.yaml")
    assert main(["price", str(empty)]) == 2
    assert "nothing to read" in capsys.readouterr().err


def test_partial_files_may_name_bundled_classes_and_arts(tmp_path):
    path = write(tmp_path, CUSTOM)
    catalogue = load_partial_catalogue(path)
    assert set(catalogue.items) == {"Brave Lance", "Taguel Fang", "Tower Shield", "Big Vulnerary"}
    with pytest.raises(ContentError) as info:
        load_partial_catalogue(write(tmp_path, "edition: v9\nweapons: []\n", "v9.yaml"))
    assert info.value.line == 1 and "edition" in info.value.message


# --- the later editions are calibrated like v0.6 --------------------------------------------------


def _cheapest_kit(catalogue, unit_class) -> int:
    """A class with the cheapest weapon it can use (a staff only for a class that wields nothing else)."""
    wields = set(unit_class.wields)
    weapons = [w for w in catalogue.weapons() if w.type in wields and not tag_args(w.tags, "Exclusive")]
    fighting = [w for w in weapons if w.type is not WeaponType.STAFF] or weapons
    return min(unit_cost(unit_class, [w]) for w in fighting)


@pytest.mark.parametrize("edition", ["ratings", "d100"])
def test_later_editions_price_a_starter_unit_as_v06_does(edition):
    catalogue = load_catalogue(edition)
    for class_name, weapon_name in (("Soldier", "Iron Lance"), ("Mercenary", "Iron Sword"), ("Fighter", "Iron Axe")):
        cost = unit_cost(catalogue.classes[class_name], [catalogue.items[weapon_name]])
        assert 80 <= cost <= 110, (class_name, cost)
    hero = unit_cost(catalogue.classes["Hero"], [catalogue.items["Silver Sword"]])
    assert catalogue.classes["Hero"].promoted and 150 <= hero <= 260
    assert 15 <= item_price(catalogue.items["Vulnerary"]) <= 25
    kits = sorted(_cheapest_kit(catalogue, c) for c in catalogue.classes.values() if not c.promoted)
    # A 600-gold chest: at most 8 of the cheapest kits, at least 4 of the dearest.
    assert sum(1 for total in itertools.accumulate(kits) if total <= 600) <= 8
    assert sum(1 for total in itertools.accumulate(reversed(kits)) if total <= 600) >= 4
