"""`validate`'s former blind spots (issue 35): each is an error (exit 2) or a warning (exit 0) naming file and line."""

from __future__ import annotations

from pathlib import Path

from officers_chess.commands.console import main

YARD = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()
# The same yard with the attacker hiring its army: the defenders (Bram, Tilda) are the only names the file knows.
HIRED_YARD = YARD.replace("""  attacker:
    - {name: Hale, class: Mercenary, items: [Iron Sword], at: [1, 4]}
    - {name: Wren, class: Archer, items: [Iron Bow], at: [1, 6]}
""", "") + """sides:
  attacker:
    war_chest: 600
    army: {min: 1, max: 4}
    deploy: [{from: [1, 1], to: [3, 8]}]
"""
assert "Hale" not in HIRED_YARD and "Wren" not in HIRED_YARD  # the attacker's army is really gone


def validate(tmp_path: Path, text: str, capsys) -> tuple[int, list[str], Path]:
    path = tmp_path / "gaps.yaml"
    path.write_text(text)
    code = main(["validate", str(path)])
    return code, capsys.readouterr().err.splitlines(), path


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def assert_warned(tmp_path, capsys, text: str, fragment: str, *words: str) -> None:
    """The file passes (exit 0) with exactly one warning, at the line holding `fragment`, saying `words`."""
    code, err, path = validate(tmp_path, text, capsys)
    assert code == 0, err
    assert len(err) == 1, err
    assert err[0].startswith(f"{path}:{line_of(text, fragment)}: warning: "), err
    for word in words:
        assert word in err[0], err


def assert_refused(tmp_path, capsys, text: str, fragment: str, *words: str) -> None:
    """The file fails (exit 2) with one line naming the line holding `fragment` and saying `words`."""
    code, err, path = validate(tmp_path, text, capsys)
    assert code == 2, err
    assert len(err) == 1, err
    assert f"{path}:{line_of(text, fragment)}: " in err[0], err
    for word in words:
        assert word in err[0], err


def test_the_bases_validate_without_a_word(tmp_path, capsys):
    for text in (YARD, HIRED_YARD):
        code, err, _ = validate(tmp_path, text, capsys)
        assert (code, err) == (0, []), err


# --- triggers that can never fire ------------------------------------------------------------------------------


def test_a_trigger_on_hp_0_never_fires(tmp_path, capsys):
    text = YARD + "events:\n  - when: Bram hp <= 0\n    note: Bram sinks.\n"
    assert_warned(tmp_path, capsys, text, "when: Bram hp <= 0", "event 1 never fires", "0 HP is routed",
                  "Bram routed")


def test_a_round_after_the_time_limit_never_comes(tmp_path, capsys):
    text = YARD + "events:\n  - round: 8\n    note: The bell rings.\n"
    assert_warned(tmp_path, capsys, text, "round: 8", "event 1 never happens", "round 8", "after round 7")


def test_a_fall_that_ends_the_battle_fires_its_event_too_late(tmp_path, capsys):
    text = YARD + """sides:
  attacker:
    victory:
      - {kind: defeat, unit: Bram}
events:
  - when: Bram routed
    note: The reserve runs in.
    reinforcements:
      side: defender
      units:
        - {name: Cole, class: Fighter, items: [Iron Axe], at: [10, 8]}
"""
    assert_warned(tmp_path, capsys, text, "when: Bram routed", "event 1 comes too late", "Bram's fall ends the battle",
                  "attacker's `defeat: Bram`")


def test_a_trigger_waiting_on_a_unit_its_own_event_brings(tmp_path, capsys):
    text = YARD + """events:
  - when: Cole hp <= 10
    note: Cole arrives.
    reinforcements:
      side: defender
      units:
        - {name: Cole, class: Fighter, items: [Iron Axe], at: [10, 8]}
"""
    assert_warned(tmp_path, capsys, text, "when: Cole hp <= 10", "event 1 never fires", "waits on Cole",
                  "only this event brings")


def test_triggers_waiting_on_each_others_units(tmp_path, capsys):
    text = YARD + """events:
  - when: Dunn routed
    note: Cole arrives.
    reinforcements:
      side: defender
      units:
        - {name: Cole, class: Fighter, items: [Iron Axe], at: [10, 8]}
  - when: Cole routed
    note: Dunn arrives.
    reinforcements:
      side: defender
      units:
        - {name: Dunn, class: Fighter, items: [Iron Axe], at: [10, 1]}
  - when: Bram routed
    note: Cole is sent for too.
"""
    code, err, path = validate(tmp_path, text, capsys)
    assert code == 0, err
    assert err == [
        f"{path}:{line_of(text, 'when: Dunn routed')}: warning: event 1 never fires: it waits on Dunn, who comes only "
        "with event 2, which waits in turn, directly or through others, on this one (a cycle)",
        f"{path}:{line_of(text, 'when: Cole routed')}: warning: event 2 never fires: it waits on Cole, who comes only "
        "with event 1, which waits in turn, directly or through others, on this one (a cycle)",
    ], err


def test_a_wait_on_a_unit_an_event_with_a_round_brings_is_fine(tmp_path, capsys):
    text = YARD + """events:
  - round: 2
    note: Cole arrives.
    reinforcements:
      side: defender
      units:
        - {name: Cole, class: Fighter, items: [Iron Axe], at: [10, 8]}
  - when: Cole routed
    note: Cole falls.
"""
    code, err, _ = validate(tmp_path, text, capsys)
    assert (code, err) == (0, [])


# --- names ------------------------------------------------------------------------------------------------------


def test_two_units_of_an_army_with_one_name_are_refused(tmp_path, capsys):
    text = YARD.replace("{name: Tilda,", "{name: Bram,")
    assert_refused(tmp_path, capsys, text, "{name: Bram, class: Soldier", "two units are named 'Bram'",
                   "the defender's army")


def test_a_reinforcement_reusing_a_name_is_refused(tmp_path, capsys):
    text = YARD + """events:
  - round: 3
    note: Another Hale turns up.
    reinforcements:
      side: attacker
      units:
        - {name: Hale, class: Fighter, items: [Iron Axe], at: [1, 1]}
"""
    assert_refused(tmp_path, capsys, text, "{name: Hale, class: Fighter", "two units are named 'Hale'",
                   "the attacker's army")


def test_a_trigger_name_no_hired_unit_can_carry_is_refused(tmp_path, capsys):
    text = HIRED_YARD + "events:\n  - when: The Captain of the Eastern Watch routed\n    note: x\n"
    assert_refused(tmp_path, capsys, text, "when: The Captain", "no unit is named 'The Captain of the Eastern Watch'",
                   "at most 24 characters")


def test_a_misspelt_ally_is_refused_when_only_the_other_side_hires(tmp_path, capsys):
    text = HIRED_YARD + """orders:
  - units: [Bram]
    script:
      - {do: guard Tildaa}
"""
    assert_refused(tmp_path, capsys, text, "guard Tildaa", "no unit is named 'Tildaa'")


def test_a_name_close_to_a_placed_unit_is_warned_of_when_a_side_hires(tmp_path, capsys):
    text = HIRED_YARD + "events:\n  - when: Brma routed\n    note: x\n"
    assert_warned(tmp_path, capsys, text, "when: Brma routed", "'Brma'", "did you mean 'Bram'?")


def test_a_name_a_hired_unit_may_carry_passes(tmp_path, capsys):
    text = HIRED_YARD + """orders:
  - units: [Bram]
    script:
      - {do: pursue Captain Ash}
"""
    code, err, _ = validate(tmp_path, text, capsys)
    assert (code, err) == (0, [])


def test_ally_attacked_naming_an_enemy_is_refused(tmp_path, capsys):
    text = YARD + """orders:
  - units: [Bram]
    script:
      - {when: ally Hale attacked, do: pursue nearest}
"""
    assert_refused(tmp_path, capsys, text, "ally Hale attacked", "Hale is not on the defender's side",
                   "'ally NAME attacked' names an ally")


# --- morale -----------------------------------------------------------------------------------------------------


def test_a_morale_condition_without_morale_is_refused(tmp_path, capsys):
    text = YARD + """orders:
  - units: [Bram]
    script:
      - {when: enemy morale <= 4, do: pursue nearest}
"""
    assert_refused(tmp_path, capsys, text, "enemy morale <= 4", "`enemy morale <= N` reads morale",
                   "`morale:` block")
    with_ways_out = "tiles: {escape: [[1, 1], [10, 1]]}\n"  # morale with nowhere to break to is warned of (K27)
    code, err, _ = validate(tmp_path, text + "morale: {start: 8, waver: 5, broken: 3}\n" + with_ways_out, capsys)
    assert (code, err) == (0, [])


def test_morale_with_no_exit_tiles_is_warned_of_at_the_morale_key(tmp_path, capsys):
    # A broken side leaves by the exits (P13); with none, the band that breaks can only keep away, so the author
    # who wrote morale is told where the story cannot play (K27). Exits anywhere quiet it.
    text = YARD + "morale: {start: 8, waver: 5, broken: 3}\n"
    assert_warned(tmp_path, capsys, text, "morale: {start", "no way off the field", "`tiles: escape:`")
    code, err, _ = validate(tmp_path, text + "tiles: {escape: [[10, 8]]}\n", capsys)
    assert (code, err) == (0, [])


def test_a_misspelt_enemy_is_refused_when_only_the_pursuers_side_hires(tmp_path, capsys):
    text = HIRED_YARD + """orders:
  - side: attacker
    script:
      - {do: pursue Tildaa}
"""
    assert_refused(tmp_path, capsys, text, "pursue Tildaa", "no unit is named 'Tildaa'")


# --- lines ------------------------------------------------------------------------------------------------------


def test_a_message_about_a_block_names_the_key_not_the_line_below(tmp_path, capsys):
    text = HIRED_YARD.replace("    deploy: [{from: [1, 1], to: [3, 8]}]\n", "")
    assert_refused(tmp_path, capsys, text, "  attacker:", "the attacker hires its army, so it needs a deployment zone")
