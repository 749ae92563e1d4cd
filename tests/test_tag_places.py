"""A tag placed where it does nothing is a load error (rules/reference/tag_places.py): the file, the line and why."""

from __future__ import annotations

import textwrap
import typing
from pathlib import Path

import pytest

from factories import D, accessory, consumable, game, plains, staff, unit, weapon
from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.duel import load_duel
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import load_catalogue_file, load_partial_catalogue, load_scenario
from officers_chess.rules.battle.specials import special_actions
from officers_chess.rules.combat.editions import EDITIONS, rules_for
from officers_chess.rules.muster.army import Role
from officers_chess.rules.pieces.tags import KNOWN_TAGS
from officers_chess.rules.reference.tag_places import PLACE_WHY, PLACES, TAG_PLACES, placement_problem
from officers_chess.rules.scenario.setup import RoleRule, UnitSetup

CLASS = "{name: Odd, letter: O, stats: {str: 1, skl: 1, spd: 1, def: 1, res: 1}, wields: [sword]"

# (file body with the offending line marked `#!`, words the message must hold). One case per kind of refusal.
REFUSED = {
    "a fighting tag on a consumable": ("""
        consumables:
          - name: Odd Draught
            tags:
              - Heal(5)
              - Brave  #!
        """, ["Odd Draught: tag Brave does nothing on a consumable", "only when it is used",
              "Brave works on a class, a weapon, a tome, an accessory or a combat art"]),
    "an action on a weapon": ("""
        weapons:
          - name: Mending Blade
            type: sword
            damage: martial
            tags: [Brave, "Heal(5)"]  #!
        """, ["Mending Blade: tag Heal(5) does nothing on a weapon", "a weapon gives no actions"]),
    "an action on a tome": ("""
        weapons:
          - {name: Lamp Tome, type: reason, damage: magic, tags: ["Torch(3)"]}  #!
        """, ["tag Torch(3) does nothing on a tome", "a tome gives no actions"]),
    "a fighting tag on a staff": ("""
        weapons:
          - name: Brave Staff
            type: staff
            damage: magic
            tags:
              - Heal(5)
              - Brave  #!
        """, ["Brave Staff: tag Brave does nothing on a staff: a staff never attacks or counters"]),
    "the unit's own action on a staff": ("""
        weapons:
          - {name: Reel Staff, type: staff, damage: magic, tags: [Dance]}  #!
        """, ["tag Dance does nothing on a staff", "only the unit itself gives this action",
              "Dance works on a class or an accessory"]),
    "the unit's own action on a consumable": ("""
        consumables:
          - {name: Banner, tags: [Seize]}  #!
        """, ["tag Seize does nothing on a consumable", "only the unit itself gives this action"]),
    "an item's tag on a class": (f"""
        classes:
          - {CLASS}, tags: [Canto, "Sacred(Seiros)"]}}  #!
        """, ["Odd: tag Sacred(Seiros) does nothing on a class", "equipped item"]),
    "uses on a class": (f"""
        classes:
          - {CLASS}, tags: ["Consumable(2)"]}}  #!
        """, ["tag Consumable(2) does nothing on a class", "only weapons, staves and consumables are used up"]),
    "uses on an accessory": ("""
        accessories:
          - {name: Paper Shield, defense: 2, tags: ["Consumable(3)"]}  #!
        """, ["tag Consumable(3) does nothing on an accessory", "only weapons, staves and consumables are used up"]),
    "Exclusive on a consumable": ("""
        consumables:
          - {name: Private Tonic, tags: ["Heal(5)", "Exclusive(Odd)"]}  #!
        """, ["tag Exclusive(Odd) does nothing on a consumable", "never equipped"]),
    "a beast form on an item": ("""
        accessories:
          - {name: Beast Ring, tags: [Shifter]}  #!
        """, ["tag Shifter does nothing on an accessory", "the class's own `transformed` stats"]),
    "SpellRange on a weapon that is not a tome": ("""
        weapons:
          - {name: Long Sword, type: sword, damage: martial, tags: ["SpellRange(2)"]}  #!
        """, ["tag SpellRange(2) does nothing on a weapon", "only tomes"]),
    "a unit's tag on an art": ("""
        arts:
          - name: Wary Cut
            might: 1
            tags:
              - Brave
              - Guarded  #!
        """, ["Wary Cut: tag Guarded does nothing on a combat art", "only the swings of its own attack"]),
    "a stat bonus on an art": ("""
        arts:
          - {name: Heave, tags: ["Bonus(Str+2)"]}  #!
        """, ["tag Bonus(Str+2) does nothing on a combat art"]),
    "a tag that works on a staff in one edition only": ("""
        edition: ratings
        weapons:
          - {name: Far Staff, type: staff, damage: magic, tags: ["Heal(5)", Mystical]}  #!
        """, ["tag Mystical does nothing on a staff in the ratings rules", "does not count the target's tile"]),
    "arts where no tag can grant them": ("""
        edition: d100
        arts:  #!
          - {name: Heave, might: 2}
        """, ["the d100 rules have no combat arts", "could never be used"]),
    "an art's tag of another edition": ("""
        arts:
          - {name: Seeker, tags: [Homing]}  #!
        """, ["Seeker: the tag Homing is not part of the v0.6 rules"]),
    "Effective against a tag of another edition": ("""
        weapons:
          - {name: Plate Cutter, type: axe, damage: martial, tags: ["Effective(Armor)"]}  #!
        """, ["Effective(Armor): no unit can be Armor in the v0.6 rules"]),
    "a status the edition does not have": ("""
        edition: ratings
        weapons:
          - {name: Drowsy Blade, type: sword, damage: martial, tags: ["Status(Sleep)"]}  #!
        """, ["Status(Sleep): the ratings rules have no Sleep status", "Broken"]),
    "a Magic bonus where there is no Magic": ("""
        accessories:
          - {name: Mage Ring, tags: ["Bonus(Mag+2)"]}  #!
        """, ["Bonus(Mag+2): the v0.6 rules have no Magic stat"]),
    "Vein of a terrain the edition cannot make": ("""
        edition: d100
        weapons:
          - {name: Lava Staff, type: staff, damage: magic, tags: ["Vein(Lava)", "Consumable(2)"]}  #!
        """, ["Vein(Lava): Vein cannot make that terrain in the d100 rules", "Fog"]),
}


def _write(tmp_path: Path, body: str, name: str = "odd.yaml") -> tuple[Path, int | None]:
    """The file, and the line marked `#!` (the one an error must name), if any."""
    text = textwrap.dedent(body).lstrip("\n")
    marked = [n for n, line in enumerate(text.splitlines(), start=1) if line.rstrip().endswith("#!")]
    assert len(marked) <= 1, "mark one line with #!"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, marked[0] if marked else None


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_tag_that_does_nothing_where_it_is_placed_is_refused_at_its_line(tmp_path, case):
    body, words = REFUSED[case]
    path, line = _write(tmp_path, body)
    for load in (load_catalogue_file, load_partial_catalogue):
        with pytest.raises(ContentError) as caught:
            load(path)
        assert caught.value.line == line, str(caught.value)
        for word in words:
            assert word in caught.value.message, caught.value.message


def test_validate_exits_2_naming_the_file_line_and_reason(tmp_path, capsys):
    from officers_chess.commands.console import main

    path, line = _write(tmp_path, REFUSED["an action on a weapon"][0])
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}:{line}: Mending Blade: tag Heal(5) does nothing on a weapon"), err
    assert len(err.splitlines()) == 1


def test_the_same_tags_where_they_work_load(tmp_path):
    path, _ = _write(tmp_path, f"""
        edition: v0.6
        classes:
          - {CLASS}, tags: [Brave, "Heal(5)", Dance, "SpellRange(1)", "Status(Poisoned)"]}}
        weapons:
          - {{name: Mending Blade, type: sword, damage: martial, tags: [Brave, "Consumable(5)", "Sacred(Seiros)"]}}
          - {{name: Lamp Tome, type: reason, damage: magic, tags: ["SpellRange(1)", "Effective(Monster)"]}}
          - {{name: Ward Staff, type: staff, damage: magic, tags: ["Heal(5)", Guarded, "Bonus(Def+1)"]}}
        accessories:
          - {{name: Banner, tags: [Seize, Leader, Dance, "Heal(2)", Brave, "Status(Sleep)"]}}
        consumables:
          - {{name: Odd Draught, tags: ["Heal(5)", "Status(Barrier)", "Relic(Seiros)", "Consumable(1)"]}}
        arts:
          - {{name: Wary Cut, tags: [Brave, "Effective(Armored)", "Lucky(2)", AoE, "Status(Sleep)", "Inaccurate(1)"]}}
        """)
    catalogue = load_catalogue_file(path)
    assert len(catalogue.items) == 5 and "Wary Cut" in catalogue.arts
    staff_path, _ = _write(tmp_path, """
        edition: d100
        weapons:
          - {name: Far Staff, type: staff, damage: magic, tags: ["Heal(5)", Mystical, "Vein(Fog)", "Consumable(2)"]}  # a d100 staff carries its uses (E34)
        """, "d100.yaml")
    assert "Far Staff" in load_catalogue_file(staff_path).items


@pytest.mark.parametrize("side_text, words", [
    ("  weapon: {name: Odd Blade, type: sword, might: 5, tags: [Brave, \"Torch(3)\"]}  #!\n",
     ["attacker.weapon: Odd Blade: tag Torch(3) does nothing on a weapon"]),
    ("  weapon: {name: Odd Blade, type: sword, might: 5}\n  accessory: {name: Odd Ring, tags: [Homing]}  #!\n",
     ["Homing is not a tag of the v0.6 rules"]),
    ("  weapon: {name: Odd Blade, type: sword, might: 5}\n  tags: [\"Relic(Seiros)\"]  #!\n",
     ["attacker.tags: tag Relic(Seiros) does nothing on a class"]),
])
def test_a_duel_refuses_a_tag_that_would_do_nothing_too(tmp_path, side_text, words):
    body = ("distance: 1\nattacker:\n  stats: {str: 6, skl: 12, spd: 9, def: 4, res: 1}\n" + side_text
            + "defender:\n  stats: {str: 7, skl: 9, spd: 3, def: 3, res: 0}\n"
            + "  weapon: {name: Old Sword, type: sword}\n")
    path, line = _write(tmp_path, body, "duel.yaml")
    with pytest.raises(ContentError) as caught:
        load_duel(path)
    assert caught.value.line == line, str(caught.value)
    for word in words:
        assert word in caught.value.message, caught.value.message


# --- the table itself ---------------------------------------------------------------------------


def test_every_tag_of_every_edition_has_its_places_decided():
    import officers_chess.rules.combat.editions  # noqa: F401  (the editions register their tags)

    assert set(KNOWN_TAGS) - set(TAG_PLACES) == set(), "decide where the new tag works in rules/reference/tag_places.py"
    assert set(TAG_PLACES) - set(KNOWN_TAGS) == set(), "the table names a tag no edition has"
    every_edition_tag = set().union(*(rules.tags for rules in EDITIONS.values()))
    assert every_edition_tag <= set(TAG_PLACES)


def test_the_table_names_only_known_places_and_editions():
    assert set(PLACE_WHY) == set(PLACES)
    for name, entry in TAG_PLACES.items():
        assert entry.where, f"{name} works nowhere: take it out of KNOWN_TAGS instead"
        assert entry.where <= set(PLACES), name
        assert set(entry.also) <= set(PLACES) - entry.where, name
        # each `also` names an Edition attribute, true in some edition and false in another
        for flag, _ in entry.also.values():
            values = {getattr(rules, flag) for rules in EDITIONS.values()}
            assert values == {True, False}, (name, flag)
        assert entry.why_at is None or entry.why_at <= set(PLACES), name


def test_each_refusal_names_the_tag_the_place_and_where_it_works():
    for name, entry in TAG_PLACES.items():
        for place, noun in PLACES.items():
            problem = placement_problem(name, place, rules_for("v0.6"))
            works = place in entry.where or (place in entry.also and getattr(rules_for("v0.6"), entry.also[place][0]))
            assert (problem is None) == works, (name, place)
            if problem is not None:
                assert f"tag {name} does nothing on {noun}" in problem and "\n" not in problem


def test_the_roles_a_scenario_may_give_are_the_tags_that_work_as_a_role():
    """Scenario units get tags only through `roles` (crests are words, not tags): the schema and the table agree."""
    (roles,) = typing.get_args(UnitSetup.model_fields["roles"].annotation)
    allowed = set(typing.get_args(roles))
    assert allowed == set(typing.get_args(RoleRule.model_fields["role"].annotation)) == set(typing.get_args(Role))
    assert allowed == {name for name, entry in TAG_PLACES.items() if "role" in entry.where}


# The table agrees with what the rules do: an action is offered exactly where the table says the tag works.
ACTIONS = {"Heal(5)": "heal", "Restore": "restore", "Torch(3)": "torch", "Dance": "dance", "Seize": "seize"}
HOLDERS = {  # a wounded, poisoned unit (something to heal and to restore) with the tag at one place
    "class": lambda tag, **kw: unit(tags=[tag], **kw),
    "weapon": lambda tag, **kw: unit(weapon=weapon(tags=[tag]), **kw),
    "tome": lambda tag, **kw: unit(weapon=weapon("reason", tags=[tag]), **kw),
    "staff": lambda tag, **kw: unit(extra_items=[staff(tags=[tag])], **kw),
    "accessory": lambda tag, **kw: unit(accessory=accessory(tags=[tag]), **kw),
    "consumable": lambda tag, **kw: unit(extra_items=[consumable(tags=[tag, "Consumable(1)"])], **kw),
}


@pytest.mark.parametrize("tag", list(ACTIONS))
@pytest.mark.parametrize("place", list(HOLDERS))
def test_an_action_is_offered_exactly_where_the_table_says_its_tag_works(tag, place):
    user = HOLDERS[place](tag, hp=10, statuses=["Poisoned"])
    ally = unit("a2", pos=(1, 0), hp=10, activated=True, statuses=["Poisoned"])  # wounded, poisoned, has acted
    state = game(plains(3), [user, ally, unit("d1", side=D, pos=(2, 0))])
    state.seize_tiles = [(0, 0)]
    offered = {action.name for action in special_actions(state, state.unit("a1"))}
    name = tag.split("(")[0]
    assert (ACTIONS[tag] in offered) == (placement_problem(name, place, rules_for("v0.6")) is None), offered


# --- bundled content ----------------------------------------------------------------------------


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_bundled_catalogue_loads(edition):
    catalogue = load_catalogue_file(catalogue_path(edition))
    assert catalogue.classes and catalogue.items


@pytest.mark.parametrize("path", sorted(bundled_dir("scenarios").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_scenario_loads(path):
    assert load_scenario(path).scenario.name
