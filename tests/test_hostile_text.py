"""Hostile text (docs/rulings.md X1-X6): nothing a file says reaches a terminal raw.

1. Every string field of every file kind, keys too, found by walking good files (bundled scenarios, maps,
   catalogues, the campaign, the duel examples; a battle save, an army-building save, a campaign save, a
   roster) so a field added tomorrow is covered: each field is given a hostile string written as an escape
   (`"\\e]0;pwned\\a"` in YAML, `"\\u001b..."` in JSON) and must be refused naming the file, the line and the
   character, exit status 2 from `validate`. By default each field meets one string of the corpus (the corpus
   taken in turn); OFFICERS_CHESS_LONG=1 gives every field every string.
2. Numbers in other notations, dates and other YAML 1.1 types, a 900 KB base-60 number: refused at their line at
   once, through the commands too (never "unexpected error"), and a save naming such a scenario does not hold up
   the title's Continue.
3. A NUL in a path written in a file (a chapter's scenario, a scenario's map, a save's scenario file).
4. What is printed: `visible`, the command line's streams, Rich's tables, and the app's screens over files and
   folders whose names hold escapes: no character but a newline below a space, nor a bidi mark, is printed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from officers_chess.cli import main
from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.decoded_text import MULTI_LINE_KEYS
from officers_chess.content.errors import ContentError
from officers_chess.content.save_json import json_line
from officers_chess.content.yaml_source import ContentLoader, read_yaml
from officers_chess.rules.basics.plain_text import NOT_SHOWN, character_name, visible

ROOT = Path(__file__).resolve().parent.parent
LONG = os.environ.get("OFFICERS_CHESS_LONG") == "1"

# The corpus: what each string does to a terminal that obeys it.
HOSTILE = [
    ("csi-clear", "\x1b[2J\x1b[H"),  # clears the screen
    ("osc-title", "\x1b]0;pwned\x07"),  # sets the window's title
    ("c1-csi", "x\x9b31mred"),  # U+009B: a CSI in one character on some terminals
    ("bidi-override", "Arlen\u202eyeknom"),  # shows what follows backwards
    ("isolate", "\u2066Brisa\u2069"),
    ("direction-mark", "Cael\u200f"),
    ("nul", "a\x00b"),
    ("del", "ab\x7f"),
    ("tab", "a\tb"),
    ("line-break", "one\ntwo"),  # allowed only in a briefing or a map's tiles
]
# A character that does not print, below a space (newline aside) or among the marks of X1.
RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def yaml_quoted(text: str) -> str:
    """`text` as a YAML double-quoted string of printable ASCII: each character that does not print an escape."""
    named = {"\x1b": "\\e", "\x07": "\\a", "\x00": "\\0", "\n": "\\n", "\t": "\\t", '"': '\\"', "\\": "\\\\"}
    out = []
    for ch in text:
        if ch in named:
            out.append(named[ch])
        elif ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F:
            out.append(f"\\x{ord(ch):02x}")
        elif not ch.isprintable() or ord(ch) > 0x7E:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _first_refused(text: str) -> str:
    """The character the refusal must name: the first of `text` that X1 refuses (a line break aside)."""
    return next(ch for ch in text if NOT_SHOWN.match(ch) or ch == "\n")


# --- 1. every string field of every YAML file kind -------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One string of a good file: where it is, and whether it is a key or a value."""

    kind: str  # scenario, map, catalogue, campaign, duel
    source: Path
    pattern: tuple  # its place with list indexes as "*" (one field of the format), "<key>" for a key
    loc: tuple
    key: bool
    start: int  # its span in the text
    end: int
    line: int
    block: bool  # a `|` or `>` block (its span ends at the next line)


def _yaml_fields(kind: str, path: Path) -> list[Field]:
    """Every string scalar of a YAML file (keys and values, not merge keys), from its nodes."""
    text = path.read_text(encoding="utf-8")
    loader = ContentLoader(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    found: list[Field] = []
    stack: list[tuple[tuple, Any]] = [((), root)]
    while stack:
        loc, node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                    continue
                here = loc + (key_node.value,)
                found.append(_field(kind, path, loc + ("<key>",), here, key_node, key=True))
                stack.append((here, value_node))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((loc + (index,), item) for index, item in enumerate(node.value))
        elif node.tag == "tag:yaml.org,2002:str":
            found.append(_field(kind, path, loc, loc, node, key=False))
    return found


def _field(kind: str, path: Path, loc: tuple, here: tuple, node: yaml.Node, key: bool) -> Field:
    pattern = tuple("*" if isinstance(part, int) else part for part in loc)
    return Field(kind, path, pattern, here, key, node.start_mark.index, node.end_mark.index,
                 node.start_mark.line + 1, getattr(node, "style", None) in ("|", ">"))


def _yaml_sources() -> list[tuple[str, Path]]:
    sources = [("scenario", p) for p in sorted(bundled_dir("scenarios").glob("*.yaml"))]
    sources += [("map", p) for p in sorted(bundled_dir("maps").glob("*.yaml"))]
    sources += [("catalogue", catalogue_path(edition)) for edition in ("v0.6", "d100", "ratings")]
    sources += [("campaign", p) for p in sorted((ROOT / "campaigns").glob("*.yaml"))]
    sources += [("duel", p) for p in sorted((ROOT / "docs" / "examples").glob("*duel*.yaml"))]
    return sources


def _one_of_each(fields: list[Field]) -> list[Field]:
    """The first string of each field of each kind (a field of the format, not each of its thousand uses)."""
    chosen: dict[tuple, Field] = {}
    for field in fields:
        chosen.setdefault((field.kind, field.pattern), field)
    return list(chosen.values())


YAML_FIELDS = _one_of_each([f for kind, path in _yaml_sources() for f in _yaml_fields(kind, path)])


def _pairs(fields: list, ids: Callable[[Any], str]) -> list:
    """(field, hostile) cases: each field with the next string of the corpus, or (LONG) with every one."""
    cases = []
    for number, field in enumerate(fields):
        for name, text in HOSTILE if LONG else [HOSTILE[number % len(HOSTILE)]]:
            cases.append(pytest.param(field, name, text, id=f"{ids(field)}-{name}"))
    return cases


def _yaml_id(field: Field) -> str:
    return f"{field.kind}:{field.source.stem}:{'.'.join(map(str, field.pattern))}"


def test_the_fields_walked_are_every_field_of_every_kind():
    kinds = {field.kind for field in YAML_FIELDS}
    assert kinds == {"scenario", "map", "catalogue", "campaign", "duel"}
    patterns = {(f.kind, f.pattern) for f in YAML_FIELDS}
    for expected in [("scenario", ("name",)), ("scenario", ("briefing",)), ("map", ("tiles",)),
                     ("catalogue", ("classes", "*", "name")), ("catalogue", ("weapons", "*", "tags", "*")),
                     ("campaign", ("chapters", "*", "scenario")), ("scenario", ("<key>",))]:
        assert expected in patterns, expected
    assert len(YAML_FIELDS) > 100


def _expect_refused(run_output: str, path: Path, line: int, field_words: str, character: str) -> None:
    lines = run_output.splitlines()
    assert len(lines) == 1, run_output
    assert lines[0].startswith(f"{path}:{line}: "), (lines[0], line)
    assert f"the character {character_name(character)}" in lines[0] or (
        character == "\n" and "holds a line break" in lines[0]), lines[0]
    assert field_words in lines[0], (field_words, lines[0])
    assert not RAW.search(lines[0])


def _copy_for(field: Field, folder: Path) -> Path:
    """Where the mutated copy is written: beside what it names (a scenario's map, a campaign's chapters)."""
    if field.kind == "scenario":
        (folder / "maps").mkdir(exist_ok=True)
        for map_file in bundled_dir("maps").glob("*.yaml"):
            shutil.copy(map_file, folder / "maps" / map_file.name)
        (folder / "scenarios").mkdir(exist_ok=True)
        return folder / "scenarios" / field.source.name
    if field.kind == "campaign":
        shutil.copytree(field.source.parent / field.source.stem, folder / field.source.stem, dirs_exist_ok=True)
    return folder / field.source.name


@pytest.mark.parametrize("field, name, hostile", _pairs(YAML_FIELDS, _yaml_id))
def test_every_string_field_of_every_yaml_file_refuses_an_escape(tmp_path, capsys, field, name, hostile):
    if field.block or field.pattern[-1] in MULTI_LINE_KEYS:
        if hostile == "one\ntwo":
            hostile = "one\ntwo\x1b[2J"  # a line break is allowed there: what follows it is not
    text = field.source.read_text(encoding="utf-8")
    written = yaml_quoted(hostile) + ("\n" if field.block else "")
    path = _copy_for(field, tmp_path)
    path.write_text(text[: field.start] + written + text[field.end:], encoding="utf-8")
    command = ["forecast", str(path)] if field.kind == "duel" else ["validate", str(path)]
    assert main(command) == 2
    out = capsys.readouterr()
    said = out.err if field.kind == "duel" else out.err + out.out
    said = said.removeprefix("officers-chess: ")
    if field.key:
        words = "the key holds"
    else:
        words = (".".join(str(p) for p in field.loc if not isinstance(p, int)) or "file") + ": the text holds"
    multi_line = field.block or field.pattern[-1] in MULTI_LINE_KEYS
    character = _first_refused(hostile.replace("\n", "") if multi_line else hostile)
    _expect_refused(said, path, field.line, "holds a line break" if character == "\n" else words, character)


def test_the_unchanged_files_are_good(tmp_path, capsys):
    """So each refusal above is the hostile string's doing: every source, copied as the tests copy it, loads."""
    for kind, source in _yaml_sources():
        folder = tmp_path / kind / source.stem
        folder.mkdir(parents=True)
        path = _copy_for(Field(kind, source, (), (), False, 0, 0, 0, False), folder)
        shutil.copy(source, path)
        assert main(["forecast" if kind == "duel" else "validate", str(path)]) == 0, capsys.readouterr()
    capsys.readouterr()


def test_a_line_break_is_text_only_in_a_briefing_and_a_map(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text('briefing: "one\\ntwo"\ntiles: "..\\n.."\nname: "one\\ntwo"\n', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        read_yaml(path)
    assert str(info.value) == f"{path}:3: name: the text holds a line break: only a briefing or a map's tiles span lines"
    path.write_text('briefing: "one\\ntwo"\ntiles: "..\\n.."\n', encoding="utf-8")
    assert read_yaml(path).data == {"briefing": "one\ntwo", "tiles": "..\n.."}
