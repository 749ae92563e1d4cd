"""The scenario editor's places as text splices: areas, objective tiles and chests change only their own lines of a
bundled scenario with comments, and the game's loader reads each edit; where `m`'s saved map is named from."""

from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path

from officers_chess.content.editing.scenario_places import (AreaEntry, Places, area_name_refusal, area_users,
                                                            next_kind, with_area, with_chest, with_objective,
                                                            without_area, without_chest)
from officers_chess.content.loaders import load_scenario
from officers_chess.tui.screens.scenario_places_keys import game_owned, map_reference

ROOT = Path(__file__).resolve().parent.parent
LEVY = (ROOT / "scenarios" / "harrow_levy.yaml").read_text(encoding="utf-8")  # a comment, areas, wrapped tiles


def changes(before: str, after: str) -> list[tuple[list[str], list[str]]]:
    """Each run of lines taken out and put in; every line outside them is the same, in the same order."""
    a, b = before.splitlines(), after.splitlines()
    return [(a[i1:i2], b[j1:j2]) for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, False).get_opcodes()
            if tag != "equal"]


def loaded(tmp_path: Path, text: str):
    path = tmp_path / "harrow_levy.yaml"
    path.write_text(text, encoding="utf-8")
    return load_scenario(path).scenario


def test_areas_are_added_changed_and_removed_on_their_own_lines(tmp_path):
    added = with_area(LEVY, AreaEntry("cellar", (2, 2), (3, 4), "damp; a trapdoor under straw", shown=False))
    assert changes(LEVY, added) == [([], ["  cellar:", "    corners: [[3, 3], [4, 5]]",
                                          '    about: "damp; a trapdoor under straw"', "    shown: false"])]
    area = loaded(tmp_path, added).areas["cellar"]
    assert (area.corners, area.about, area.shown) == (((3, 3), (4, 5)), "damp; a trapdoor under straw", False)
    assert Places.read(added).areas[-1] == AreaEntry("cellar", (2, 2), (3, 4), "damp; a trapdoor under straw", False)
    plain = with_area(added, AreaEntry("yard", (0, 0), (1, 1)))  # no words, shown: its corners alone
    assert changes(added, plain) == [([], ["  yard: [[1, 1], [2, 2]]"])]
    worded = with_area(LEVY, AreaEntry("bridgehead", (11, 3), (14, 8), "the bridge"), replacing="bridgehead")
    assert changes(LEVY, worded) == [(["    about: the bridge band stands here, and fights for it once the company "
                                       "comes within three tiles."], ['    about: the bridge'])]
    assert loaded(tmp_path, worded).areas["bridgehead"].about == "the bridge"
    assert without_area(plain, "yard") == added and without_area(added, "cellar") == LEVY
    # The last area taken out takes `areas:` with it; the first put back writes it again at the end.
    bare = without_area(without_area(LEVY.replace("guard area", "guard"), "bridgehead"), "fordbank")
    assert "areas:" not in bare and loaded(tmp_path, bare.replace("guard bridgehead", "hold")
                                           .replace("guard fordbank", "hold")).areas == {}
    again = with_area(bare, AreaEntry("ford", (0, 0), (1, 1)))
    assert again.endswith("areas:\n  ford: [[1, 1], [2, 2]]\n")


def test_what_names_an_area_and_which_names_are_refused():
    assert area_users(LEVY, "bridgehead") == ["the orders of Cobb, Dunna, Ebbe, Haskel"]
    lantern = (ROOT / "scenarios" / "lantern_patrol.yaml").read_text(encoding="utf-8")
    assert area_users(lantern, "riverbank") == ["the event 'attacker enters riverbank'"]
    assert area_users(LEVY, "nowhere") == []
    assert area_name_refusal("ford_2", ["ford"]) is None
    assert "already" in area_name_refusal("ford", ["ford"])
    for bad in ("", "Ford", "two words", "2ford", "yes", "x" * 31):
        assert area_name_refusal(bad, []) is not None, bad


def test_objective_tiles_cycle_on_their_own_lines(tmp_path):
    assert [next_kind(k) for k in (None, "seize", "escape", "raze")] == ["seize", "escape", "raze", None]
    pos = (5, 6)  # plains a unit on foot reaches from the attacker's zone
    seize = with_objective(LEVY, pos, "seize")
    assert changes(LEVY, seize) == [([], ["  seize: [[6, 7]]"])]
    assert loaded(tmp_path, seize).tiles.seize == [(6, 7)]
    raze = with_objective(seize, pos, "raze")
    assert changes(LEVY, raze) == [([], ["  raze: [[6, 7]]"])]
    assert with_objective(raze, pos, None) == LEVY
    # An escape tile of the wrapped list: the list is written again on its own lines, still wrapped.
    fewer = with_objective(LEVY, (0, 2), None)
    [(old, new)] = changes(LEVY, fewer)
    assert old[0].startswith("  escape: [[1, 3], [1, 4]") and new[0].startswith("  escape: [[1, 4], [1, 5]")
    assert len(new) == 2 and all(len(line) <= 110 for line in new) and new[1].startswith("           [")
    assert len(loaded(tmp_path, fewer).tiles.escape) == 18
    assert Places.read(fewer).objectives.get((0, 2)) is None and Places.read(LEVY).objectives[(0, 2)] == "escape"
    assert with_objective(fewer, (0, 2), "escape").count("[1, 3]") == 1


def test_chests_are_put_and_taken_on_their_own_lines(tmp_path):
    one = with_chest(LEVY, (3, 3), "Elixir")
    two = with_chest(one, (4, 5), "Killing Edge")
    assert changes(LEVY, two) == [([], ["chests:", "  - {at: [4, 4], item: Elixir}",
                                        "  - {at: [5, 6], item: Killing Edge}"])]
    assert [(c.at, c.item) for c in loaded(tmp_path, two).chests] == [((4, 4), "Elixir"), ((5, 6), "Killing Edge")]
    first = Places.read(two).chest_at((3, 3))
    assert changes(two, without_chest(two, first)) == [(["  - {at: [4, 4], item: Elixir}"], [])]
    assert without_chest(one, Places.read(one).chests[0]) == LEVY
    heist = (ROOT / "scenarios" / "greyhollow_heist.yaml").read_text(encoding="utf-8")
    middle = Places.read(heist).chests[1]
    assert changes(heist, without_chest(heist, middle)) == [(["  - {at: [17, 9], item: Blessed Ring}"], [])]


def test_where_a_saved_map_is_named_from_the_scenario(tmp_path):
    scenario = tmp_path / "scenarios" / "mine.yaml"
    (tmp_path / "scenarios" / "more").mkdir(parents=True)
    (tmp_path / "maps").mkdir()
    for place in ("maps/wet.yaml", "scenarios/more/dry.yaml", "elsewhere.yaml"):
        shutil.copy(ROOT / "maps" / "harrowdale.yaml", tmp_path / place)
    assert map_reference(scenario, tmp_path / "maps" / "wet.yaml") == "wet"
    assert map_reference(scenario, tmp_path / "scenarios" / "more" / "dry.yaml") == "more/dry.yaml"
    assert map_reference(scenario, tmp_path / "elsewhere.yaml") is None
    assert game_owned(ROOT / "maps" / "harrowdale.yaml")  # opened as the player's copy (ED7)
    assert not game_owned(tmp_path / "maps" / "wet.yaml")


def test_edit_takes_a_scenario_with_objective_tiles_for_a_scenario():
    from officers_chess.commands.edit import _is_scenario

    assert _is_scenario(ROOT / "scenarios" / "harrow_levy.yaml")  # its `tiles:` are seize, escape and raze
    assert not _is_scenario(ROOT / "maps" / "harrowdale.yaml")


def test_an_objective_line_rewritten_keeps_the_comment_after_it(tmp_path):
    text = LEVY.replace("  escape: [[1, 3]", "  seize: [[6, 7]]   # the mill, where the levy musters\n  escape: [[1, 3]")
    text = text.replace("[20, 11], [20, 12]]\n", "[20, 11], [20, 12]]  # both edges: the levy may run either way\n")
    more = with_objective(text, (7, 7), "seize")
    assert changes(text, more) == [(["  seize: [[6, 7]]   # the mill, where the levy musters"],
                                    ["  seize: [[6, 7], [8, 8]]   # the mill, where the levy musters"])]
    fewer = with_objective(more, (0, 2), "raze")  # out of the wrapped escape list, into a new raze list
    [(old, new)] = changes(more, fewer)
    assert old[-1].endswith("]]  # both edges: the levy may run either way")
    assert new[-2].endswith("]]  # both edges: the levy may run either way") and new[-1] == "  raze: [[1, 3]]"
    assert loaded(tmp_path, fewer).tiles.escape == loaded(tmp_path, more).tiles.escape[1:]
    assert with_objective(more, (7, 7), None) == text  # the tile taken off again: the line as it was written


def test_a_comment_between_the_lines_of_a_wrapped_list_is_kept_above_it(tmp_path):
    """ED52: the escape list wraps over two lines; a comment ending its first line had no place in the lines written
    again, and was lost. It now goes on its own line above the key; the one after the list stays after it."""
    text = LEVY.replace("[1, 11], [1, 12],\n", "[1, 11], [1, 12],  # the west edge, by the mill\n")
    text = text.replace("[20, 11], [20, 12]]\n", "[20, 11], [20, 12]]  # the east edge\n")
    fewer = with_objective(text, (0, 2), None)  # 1,3 off the escape list
    [(old, new)] = changes(text, fewer)
    assert old[0].endswith("[1, 12],  # the west edge, by the mill") and old[-1].endswith("]]  # the east edge")
    assert new[0] == "  # the west edge, by the mill" and new[1].startswith("  escape: [[1, 4], ")
    assert new[-1].endswith("]]  # the east edge") and not any("#" in line for line in new[1:-1])
    assert loaded(tmp_path, fewer).tiles.escape == loaded(tmp_path, text).tiles.escape[1:]
    again = with_objective(fewer, (0, 3), None)  # written again: the comment above stays where it is, once
    assert again.count("# the west edge, by the mill") == 1


def test_a_deploy_line_rewritten_keeps_the_comment_after_it():
    from officers_chess.content.editing.scenario_file import ScenarioDraft

    text = (ROOT / "scenarios" / "lantern_patrol.yaml").read_text(encoding="utf-8")
    draft = ScenarioDraft.read(text)
    zone = draft.zones[0]
    line = text.splitlines()[zone.line - 1]
    commented = ScenarioDraft.read(text.replace(line + "\n", line + "  # behind the hedge\n"))
    drawn = commented.zone_added(zone.side, (0, 0), (0, 0))
    [(old, new)] = changes(commented.text, drawn.text)
    assert old[0].endswith("  # behind the hedge") and new[0].endswith("]  # behind the hedge")


def test_an_event_key_written_again_keeps_the_comment_after_it():
    """An event's one-line key changed (or renamed, its trigger changed) keeps the comment after its value (ED50)."""
    from officers_chess.content.editing.key_splices import set_key

    text = "events:\n  - when: round 3  # dusk\n    say: The bell rings.   # from the tower\n"
    assert set_key(text, ("events", 0), "when", "round 4") == text.replace("round 3", "round 4")
    assert set_key(text, ("events", 0), "say", "Quiet.") == text.replace("The bell rings.", "Quiet.")
    renamed = set_key(text, ("events", 0), "when", "round 4", rename="at")
    assert renamed.splitlines()[1] == "  - at: round 4  # dusk"


def test_an_event_lists_key_keeps_the_comment_after_it_when_the_list_grows():
    """ED52: the units an event brings, a block list, written again with one more: the comment after `units:` stays."""
    from officers_chess.content.editing.key_splices import set_key

    text = "events:\n  - when: round 3\n    units:   # the relief\n      - {name: Ada, class: Knight, at: [1, 1]}\n"
    more = [{"name": "Ada", "class": "Knight", "at": [1, 1]}, {"name": "Bo", "class": "Archer", "at": [2, 2]}]
    assert set_key(text, ("events", 0), "units", more) == text + "      - {name: Bo, class: Archer, at: [2, 2]}\n"


def test_an_area_written_again_keeps_its_unchanged_lines_and_the_comments_after_its_changed_ones():
    """ED50 for areas: redrawing an area rewrote all its lines, so the comment after its corners went, and its words,
    unchanged, came back in quotes. A line whose value is the same stays as written; a changed one keeps its comment."""
    text = LEVY.replace("    corners: [[12, 4], [15, 9]]\n", "    corners: [[12, 4], [15, 9]]  # the near bank\n")
    about = "the bridge band stands here, and fights for it once the company comes within three tiles."
    assert with_area(text, AreaEntry("bridgehead", (11, 3), (14, 8), about), replacing="bridgehead") == text
    redrawn = with_area(text, AreaEntry("bridgehead", (11, 3), (14, 9), about), replacing="bridgehead")
    assert changes(text, redrawn) == [(["    corners: [[12, 4], [15, 9]]  # the near bank"],
                                       ["    corners: [[12, 4], [15, 10]]  # the near bank"])]
    plain = text.replace("  fordbank:\n    corners: [[11, 9], [14, 13]]\n", "  fordbank: [[11, 9], [14, 13]]  # shallows\n")
    plain = re.sub(r"\n    about: the ford band[^\n]*", "", plain)
    moved = with_area(plain, AreaEntry("fordbank", (10, 8), (13, 13)), replacing="fordbank")
    assert changes(plain, moved) == [(["  fordbank: [[11, 9], [14, 13]]  # shallows"],
                                      ["  fordbank: [[11, 9], [14, 14]]  # shallows"])]
