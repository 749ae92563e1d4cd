"""`validate` warns, with file and line, of scripts that load but cannot work as written; the file still passes."""

from __future__ import annotations

from pathlib import Path

from officers_chess.commands.console import main

YARD = (Path(__file__).resolve().parent.parent / "scenarios" / "training_yard.yaml").read_text()


def validate(tmp_path: Path, orders: str, capsys) -> tuple[int, list[str], str]:
    path = tmp_path / "scripted_yard.yaml"
    text = YARD + orders
    path.write_text(text)
    code = main(["validate", str(path)])
    out = capsys.readouterr()
    return code, out.err.splitlines(), text


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_each_kind_of_script_that_cannot_work_is_warned_of_at_its_line(tmp_path, capsys):
    orders = """orders:
  - units: [Bram]
    script:
      - {do: hold}
      - {do: "advance to [5, 5]"}
      - {when: enemy within 2, do: support}
      - {when: once hp <= 0, do: flee}
      - {when: round >= 8 and enemy within 3, do: pursue nearest}
      - {do: target Dragonlord}
  - units: [Tilda, Bram]
    script:
      - {do: "advance to [8, 2]"}
  - side: defender
    script:
      - {do: hold}
  - side: defender
    script:
      - {do: support}
"""
    code, warnings, text = validate(tmp_path, orders, capsys)
    assert code == 0, warnings  # it loads and plays: a warning is no failure
    expected = [
        (line_of(text, "advance to [5, 5]"), "line 2 (`advance to [5, 5]`) can never apply: line 1 always takes the move first"),
        (line_of(text, "hp <= 0"), "line 4 (`once hp <= 0`) can never hold: a unit at 0 HP is routed"),
        (line_of(text, "round >= 8"), "line 5 (`round >= 8 and enemy within 3`) can never hold: the battle ends after round 7"),
        (line_of(text, "target Dragonlord"), "line 6 (`target Dragonlord`) can never apply: the catalogue has no class called Dragonlord"),
        (line_of(text, "advance to [8, 2]"), "line 1 sends its units to [8, 2], Sea or lake, which Tilda (Soldier) cannot enter"),
        (line_of(text, "units: [Tilda, Bram]"), "Bram is in order groups 1 and 2: only the first steers it"),
        (line_of(text, "side: defender") + 3, "order group 4 is the defender's second: group 3 steers the side"),
    ]
    for line, words in expected:
        assert any(w.startswith(f"{tmp_path / 'scripted_yard.yaml'}:{line}: warning: ") and words in w for w in warnings), (words, warnings)
    assert len(warnings) == len(expected), warnings
    assert not any("line 3" in w for w in warnings)  # support takes the action, which hold left free


def test_a_line_after_a_guard_of_a_unit_that_may_fall_is_not_dead(tmp_path, capsys):
    orders = """orders:
  - units: [Bram]
    script:
      - {do: guard Tilda}
      - {do: hold}
"""
    code, warnings, _ = validate(tmp_path, orders, capsys)
    assert code == 0 and warnings == []  # once Tilda is routed the guard is passed over and the hold applies
