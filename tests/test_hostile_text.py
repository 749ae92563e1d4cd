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
3. A NUL in a path written in a file (a chapter's scenario, a scenario's map, a save's scenario file), or given
   to a command.
4. What is printed: `visible`, the command line's streams, Rich's tables, every command over files in a folder
   whose name holds escapes, and the app's screens over saves whose names and titles hold them: no character
   below a space but a newline, nor a bidi mark, is printed; and the app's backstop in Strip.render.
"""

from __future__ import annotations

import gc
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

from officers_chess.commands.console import main
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


# --- 1. every string field of every JSON file kind (saves, rosters) -----------------------------------------

TWO_YARDS = """\
name: Two Yards
players:
  p1: {name: The Grey Company, chest: 300}
  p2: {name: The Red Company, chest: 300}
chapters:
  - {id: first, scenario: practice_muster, sides: {p1: attacker, p2: defender}}
  - {id: second, scenario: practice_muster, sides: {p1: defender, p2: attacker}}
"""


def _battle_save(folder: Path) -> Path:
    """A Training Yard battle four actions in, as the game writes it."""
    from officers_chess.content.loaders import load_scenario
    from officers_chess.content.saves import dump_record, scenario_ref
    from officers_chess.rules.battle.actions import Move, Wait
    from officers_chess.rules.battle.game import apply_action, legal_actions
    from officers_chess.rules.history.record import Recorder

    loaded = load_scenario(bundled_dir("scenarios") / "training_yard.yaml")
    state = loaded.new_battle(seed=3)
    recorder = Recorder(loaded.scenario.edition, scenario_ref(loaded), 3, {}, state)
    for _ in range(4):
        action = next(a for a in legal_actions(state) if isinstance(a, (Move, Wait)))
        state = apply_action(state, action).state
        recorder.add(action, state)
    path = folder / "battle.json"
    path.write_text(dump_record(recorder.record()), encoding="utf-8")
    return path


def _muster_save(folder: Path) -> Path:
    """Practice Muster's army building, the first side hired (written as test_hostile_files writes it)."""
    from test_hostile_files import _good_muster

    path = folder / "muster.json"
    _good_muster(path)
    return path


def _campaign_save(folder: Path) -> Path:
    """Two Yards, about to begin."""
    from officers_chess.content.campaign_saves import CampaignSave, campaign_ref, write_campaign
    from officers_chess.content.campaigns import load_campaign
    from officers_chess.rules.campaign.progress import begin

    (folder / "two_yards.yaml").write_text(TWO_YARDS, encoding="utf-8")
    loaded = load_campaign(folder / "two_yards.yaml")
    save = CampaignSave(campaign=campaign_ref(loaded), players={"p1": "human", "p2": "normal"}, seed=1,
                        progress=begin(loaded.campaign))
    return write_campaign(folder / "run", save)


def _roster(folder: Path) -> Path:
    from officers_chess.content.rosters import save_roster
    from officers_chess.rules.muster.army import Army, Recruit

    return save_roster("Grey Company", Army(units=[Recruit(name="Arlen", unit_class="Fighter", items=["Iron Axe"])]))


JSON_KINDS: dict[str, Callable[[Path], Path]] = {"battle save": _battle_save, "army-building save": _muster_save,
                                                 "campaign save": _campaign_save, "roster": _roster}


@pytest.fixture(scope="module")
def json_files(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("json")
    files = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("OFFICERS_CHESS_DATA", str(root / "data"))  # the roster's folder
        for kind, make in JSON_KINDS.items():
            folder = root / kind.replace(" ", "-")
            folder.mkdir()
            files[kind] = make(folder)
    return files


def _json_places(data: Any) -> list[tuple[tuple, tuple, bool]]:
    """(pattern, loc, is a key) of the first string of each field of a JSON file's data, keys too."""
    chosen: dict[tuple, tuple[tuple, tuple, bool]] = {}
    stack: list[tuple[tuple, Any]] = [((), data)]
    while stack:
        loc, value = stack.pop()
        pattern = tuple("*" if isinstance(part, int) else part for part in loc)
        if isinstance(value, dict):
            for key, item in value.items():
                chosen.setdefault(pattern + ("<key>",), (pattern + ("<key>",), loc + (key,), True))
                stack.append((loc + (key,), item))
        elif isinstance(value, list):
            stack.extend((loc + (index,), item) for index, item in enumerate(value))
        elif isinstance(value, str):
            chosen.setdefault(pattern, (pattern, loc, False))
    return list(chosen.values())


def _with(data: Any, loc: tuple, key: bool, text: str) -> Any:
    """A copy of `data` whose string at `loc` (or whose key at `loc`) is `text`."""
    data = json.loads(json.dumps(data))
    parent = data
    for part in loc[:-1]:
        parent = parent[part]
    if key:  # in its place, so the line is the key's
        items = list(parent.items())
        parent.clear()
        parent.update((text if name == loc[-1] else name, item) for name, item in items)
    else:
        parent[loc[-1]] = text
    return data


def _read_json_kind(kind: str, path: Path, capsys) -> str:
    """The one line the file is refused with: `validate`'s (exit status 2), or, for a roster, the app's."""
    if kind == "roster":
        from officers_chess.content.rosters import RosterError, load_roster

        with pytest.raises(RosterError) as info:
            load_roster(path)
        return str(info.value)
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr()
    assert not out.out
    return out.err


def _json_cases() -> list:
    cases = []
    for kind in JSON_KINDS:
        for name, text in HOSTILE if LONG else [HOSTILE[len(kind) % len(HOSTILE)]]:
            cases.append(pytest.param(kind, name, text, id=f"{kind}-{name}"))
    return cases


@pytest.mark.parametrize("kind, name, hostile", _json_cases())
def test_every_string_field_of_every_json_file_refuses_an_escape(json_files, tmp_path, capsys, kind, name, hostile):
    source = json_files[kind]
    data = json.loads(source.read_text(encoding="utf-8"))
    places = _json_places(data)
    assert len(places) > (3 if kind == "roster" else 10)
    corpus = [text for _, text in HOSTILE]
    for number, (pattern, loc, key) in enumerate(places):
        text = hostile if LONG else corpus[(number + corpus.index(hostile)) % len(corpus)]
        path = tmp_path / source.name
        written = json.dumps(_with(data, loc, key, text), indent=1)  # the escapes: "\u001b", "\n", "\u202e"
        assert not RAW.search(written.replace("\n", ""))
        path.write_text(written, encoding="utf-8")
        said = _read_json_kind(kind, path, capsys).removeprefix("officers-chess: ")
        line = json_line(written, loc[:-1] + (text,) if key else loc)
        words = "the key holds" if key else (".".join(str(p) for p in loc if not isinstance(p, int)) + ": the text holds")
        character = _first_refused(text)
        _expect_refused(said, path, line, "holds a line break" if character == "\n" else words, character)


def test_the_unchanged_json_files_are_good(json_files, capsys):
    from officers_chess.content.rosters import load_roster

    for kind, path in json_files.items():
        if kind == "roster":
            assert load_roster(path).units
        else:
            assert main(["validate", str(path)]) == 0, capsys.readouterr()


def test_an_army_code_refuses_an_escape_in_each_of_its_texts():
    import base64
    import zlib

    from officers_chess.rules.muster.army import CODE_PREFIX, ArmyCodeError, decode_army

    def code(compact) -> str:
        raw = json.dumps(compact).encode()  # json.dumps writes each character as an escape
        return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")

    good = [["Arlen", "Fighter", ["Iron Axe"], []]]
    assert decode_army(code(good)).units[0].name == "Arlen"
    for place in ((0, 0), (0, 1), (0, 2, 0)):
        for _, text in HOSTILE:
            compact = json.loads(json.dumps(good))
            target = compact
            for part in place[:-1]:
                target = target[part]
            target[place[-1]] = text
            with pytest.raises(ArmyCodeError, match=f"unit 1 of the code holds the character "
                                                    f"{re.escape(character_name(_first_refused(text)))}"):
                decode_army(code(compact))


# --- 2. numbers in other notations, and YAML 1.1's other types ----------------------------------------------

OTHER_NOTATIONS = ["0x1F", "-0x1f", "0o17", "017", "-017", "0b101", "1:20", "1:20:30", "190:20:30.15", "1_000",
                   "1_000.5", "0_1", "00.5"]


@pytest.mark.parametrize("written", OTHER_NOTATIONS)
def test_a_number_in_another_notation_is_refused_at_its_line(tmp_path, written):
    path = tmp_path / "x.yaml"
    path.write_text(f"a: 1\nb: {written}\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        read_yaml(path)
    assert str(info.value).startswith(f"{path}:2: '{written}' is a number in a notation this game does not read")
    path.write_text(f"a: 1\nb: '{written}'\n", encoding="utf-8")  # in quotes it is text, as its author says
    assert read_yaml(path).data["b"] == written


@pytest.mark.parametrize("written, value", [
    ("0", 0), ("-7", -7), ("+3", 3), ("4300", 4300), ("1.5", 1.5), (".5", 0.5), ("-2.", -2.0), ("1e3", 1000.0),
    ("2.5E-1", 0.25), ("true", True), ("False", False), ("null", None), ("~", None), ("", None),
    # YAML 1.1's booleans, dates and infinities are text, as in YAML 1.2
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("Off", "Off"), ("y", "y"), ("2024-01-02", "2024-01-02"),
    ("2024-01-02 10:20:30", "2024-01-02 10:20:30"), (".inf", ".inf"), (".NaN", ".NaN"), ("=", "="),
])
def test_the_yaml_12_core_forms_are_read_and_the_rest_is_text(tmp_path, written, value):
    path = tmp_path / "x.yaml"
    path.write_text(f"a: 1\nb: {written}\n", encoding="utf-8")
    read = read_yaml(path).data["b"]
    assert read == value and type(read) is type(value)


@pytest.mark.parametrize("written, words", [
    ("!!int 0x1F", "'0x1F' is not a whole number written in decimal"),
    ("!!int 1:20", "'1:20' is not a whole number written in decimal"),
    ("!!float 1_0.5", "'1_0.5' is not a number written in decimal"),
    ("!!bool maybe", "'maybe' is neither true nor false"),  # was a KeyError: "unexpected error", status 70
    ("!!timestamp 2024-01-02", "could not determine a constructor for the tag 'tag:yaml.org,2002:timestamp'"),
    ("!!binary G10yShA=", "could not determine a constructor for the tag 'tag:yaml.org,2002:binary'"),
    ("!!set {a, b}", "could not determine a constructor for the tag 'tag:yaml.org,2002:set'"),
    ("!!omap [a: 1]", "could not determine a constructor for the tag 'tag:yaml.org,2002:omap'"),
])
def test_tags_build_nothing_but_text_numbers_and_lists(tmp_path, written, words):
    path = tmp_path / "x.yaml"
    path.write_text(f"a: 1\nb: {written}\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        read_yaml(path)
    assert str(info.value).startswith(f"{path}:2: ") and words in str(info.value)


TRAINING_YARD = (bundled_dir("scenarios") / "training_yard.yaml").read_text(encoding="utf-8")
AT = "at: [1, 4]"  # Hale's tile: a number there was once printed back whole, and Python will not print 4,300 digits
AT_LINE = next(n for n, row in enumerate(TRAINING_YARD.splitlines(), 1) if AT in row)


def _scenario_with(number: str) -> str:
    """Training Yard, Hale's first coordinate written as `number`."""
    assert TRAINING_YARD.count(AT) == 1
    return TRAINING_YARD.replace(AT, f"at: [{number}, 4]")


HUGE = {  # each some 900 KB: PyYAML would have run a minute over the first
    "base-60": "1" + ":59" * 300_000,
    "hex": "0x" + "F" * 900_000,
    "underscores": "1" + "_0" * 450_000,
    "decimal": "9" * 900_000,
    "fraction": "0." + "5" * 900_000,
    "tagged": "!!int 1" + ":59" * 300_000,
}
SMALL = {  # a few KB each: once built, a number too long for Python to print ("unexpected error", status 70)
    "hex-4k": "0x" + "F" * 4000,
    "octal-4k": "0o" + "7" * 4000,
    "binary-14k": "0b" + "1" * 14_500,
}


# "At once" is measured in CPU time against the same work done on a good file in the same run, never by the
# clock: a busy or slow machine moves both alike (ruling L60). PyYAML spent a minute on the first HUGE number,
# thousands of times a good file of its size; the reader now takes 1 to 3 times.
SLOW = 10
HANG = 120  # seconds of the clock before a command counts as hung: a guard, never the measure


def _thread_cpu(call: Callable[[], Any]) -> tuple[float, Any]:
    """call()'s CPU time in this thread (what other threads and processes do is not counted), and its result. The
    garbage earlier tests left is collected first and none during the call: a full collection falling inside it
    once counted 0.37 s against the reading (a CI run's worker, hundreds of tests in)."""
    gc.collect()
    gc.disable()
    try:
        started = time.thread_time()
        result = call()
        return time.thread_time() - started, result
    finally:
        gc.enable()


_GOOD_READ: list[float] = []


def good_read_cpu(folder: Path) -> float:
    """The CPU time of reading Training Yard with a 900 KB word where the hostile numbers go (the least of
    three, measured once a run): the same file, as large, but nothing to refuse."""
    if not _GOOD_READ:
        path = folder / "good-but-long.yaml"
        path.write_text(_scenario_with("a" * 900_000), encoding="utf-8")
        _GOOD_READ.append(min(_thread_cpu(lambda: read_yaml(path))[0] for _ in range(3)))
    return _GOOD_READ[0]


def assert_cheap(cpu: float, folder: Path) -> None:
    ratio = cpu / good_read_cpu(folder)
    assert ratio < SLOW, f"{cpu:.3f} s of CPU, {ratio:.1f} times the good file's {good_read_cpu(folder):.3f} s"


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(*args: str) -> subprocess.CompletedProcess:
    """`officers-chess ARGS`, its CPU time (user and system, from the children waited for) in `.cpu`."""
    before = _children_cpu()
    run = subprocess.run([sys.executable, "-m", "officers_chess", *args], capture_output=True, text=True,
                         timeout=HANG, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL)
    run.cpu = _children_cpu() - before  # type: ignore[attr-defined]
    return run


_START_UP: list[float] = []


def start_up_cpu() -> float:
    """The CPU time of `officers-chess --help` (the least of three, measured once a run): the start-up every
    command pays before it reads a byte."""
    if not _START_UP:
        _START_UP.append(min(_run("--help").cpu for _ in range(3)))
    return _START_UP[0]


@pytest.mark.parametrize("name", [*HUGE, *SMALL])
def test_a_number_of_any_length_in_any_notation_is_refused_at_once_with_its_line(tmp_path, name):
    path = tmp_path / "scenario.yaml"
    path.write_text(_scenario_with({**HUGE, **SMALL}[name]), encoding="utf-8")

    def refused():
        with pytest.raises(ContentError) as info:
            read_yaml(path)
        return info

    cpu, info = _thread_cpu(refused)
    assert_cheap(cpu, tmp_path)
    assert info.value.line == AT_LINE and len(str(info.value)) < len(str(path)) + 400


@pytest.mark.parametrize("command", ["validate", "play"])
@pytest.mark.parametrize("name", ["base-60", "hex-4k"] if not LONG else [*HUGE, *SMALL])
def test_validate_and_play_refuse_it_in_one_line_with_status_2(tmp_path, name, command):
    path = tmp_path / "scenario.yaml"
    path.write_text(_scenario_with({**HUGE, **SMALL}[name]), encoding="utf-8")
    run = _run(command, str(path))
    assert run.cpu < SLOW * start_up_cpu(), f"{run.cpu:.2f} s of CPU; the start-up takes {start_up_cpu():.2f} s"
    assert run.returncode == 2, run.stderr[-1000:]
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and f"{path}:{AT_LINE}: " in lines[0] and "unexpected" not in lines[0], lines
    assert not run.stdout


def _save_naming(scenario: Path, folder: Path) -> Path:
    """An autosave whose scenario is `scenario`, its sha256 the file's own and the save resealed: nothing but
    what the scenario holds can stop it."""
    import hashlib

    from officers_chess.content.user_data import autosave_dir
    from officers_chess.rules.history.record import opening_digest

    data = json.loads(_battle_save(folder).read_text(encoding="utf-8"))
    data["scenario"] = {**data["scenario"], "bundled": None, "file": str(scenario),
                        "sha256": {**data["scenario"]["sha256"],
                                   "scenario": hashlib.sha256(scenario.read_bytes()).hexdigest()}}
    data["opening"] = opening_digest(data)
    save = autosave_dir() / "20260101-120000-yard.json"
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return save


def test_a_save_naming_such_a_scenario_is_passed_over_by_continue_at_once(tmp_path):
    from officers_chess.content.autosave import newest_unfinished

    scenario = tmp_path / "yard.yaml"
    scenario.write_text(_scenario_with(HUGE["base-60"]), encoding="utf-8")
    save = _save_naming(scenario, tmp_path)
    skipped: list = []
    cpu, found = _thread_cpu(lambda: newest_unfinished(skipped=skipped))
    assert found is None
    assert_cheap(cpu, tmp_path)
    assert [problem.path for problem in skipped] == [save]
    assert f"{scenario}:{AT_LINE}: " in str(skipped[0])


async def test_the_titles_continue_over_such_a_save_says_why_and_starts_nothing(tmp_path, monkeypatch):
    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.screens import title_saves as title  # (Continue lives in the title's saved-games part)
    from officers_chess.tui.screens.title import TitleScreen

    scenario = tmp_path / "yard.yaml"
    scenario.write_text(_scenario_with(HUGE["base-60"]), encoding="utf-8")
    save = _save_naming(scenario, tmp_path)
    spent: list[float] = []
    looks = title.newest_unfinished

    def timed(**kw):
        cpu, found = _thread_cpu(lambda: looks(**kw))
        spent.append(cpu)
        return found

    monkeypatch.setattr(title, "newest_unfinished", timed)
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        told: list[str] = []
        notify = app.notify
        app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.screen.unfinished is not None  # it is offered
        spent.clear()
        await pilot.press("c")
        await pilot.pause()
        assert len(spent) == 1  # Continue looked for the save once, and in CPU time
        assert_cheap(spent[0], tmp_path)  # it took no more than reading such a file takes
        assert isinstance(app.screen, TitleScreen)  # nothing started, nothing stopped
        assert any(f"Passed over {save.name}" in line for line in told), told
        assert getattr(app, "crash", None) is None


# --- 3. a NUL in a path written in a file -----------------------------------------------------------------


def test_a_nul_in_a_chapters_scenario_is_refused_at_its_line_by_validate_and_campaign_simulate(tmp_path):
    source = ROOT / "campaigns" / "salt_road.yaml"
    shutil.copytree(source.parent / "salt_road", tmp_path / "salt_road")
    text = source.read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip().startswith("scenario: salt_road/"))
    path = tmp_path / "salt_road.yaml"
    path.write_text(_nul_in_line(text, line), encoding="utf-8")
    for args in (["validate", str(path)], ["campaign", "simulate", str(path)]):
        run = _run(*args)
        assert run.returncode == 2, run.stderr[-500:]
        assert f"{path}:{line}: chapters.scenario: the text holds the character U+0000 (NUL)" in run.stderr
        assert len(run.stderr.splitlines()) == 1 and "unexpected" not in run.stderr


def _nul_in_line(text: str, line: int) -> str:
    """`text` with the value on `line` (`key: value`) written again in double quotes with `\\0` before it."""
    rows = text.splitlines(keepends=True)
    key, value = rows[line - 1].rstrip("\n").split(": ", 1)
    rows[line - 1] = f'{key}: "\\0{value}"\n'
    return "".join(rows)


@pytest.mark.parametrize("field", ["map", "name"])
def test_a_nul_in_a_scenarios_map_or_name_is_refused_at_its_line(tmp_path, capsys, field):
    text = (bundled_dir("scenarios") / "training_yard.yaml").read_text(encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith(f"{field}: "))
    path = tmp_path / "s.yaml"
    path.write_text(_nul_in_line(text, line), encoding="utf-8")
    for command in ("validate", "simulate"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert f"{path}:{line}: {field}: the text holds the character U+0000 (NUL)" in err


def test_a_nul_in_a_saves_scenario_file_is_refused_at_its_line(tmp_path, capsys):
    save = _battle_save(tmp_path)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["scenario"] = {**data["scenario"], "bundled": None, "file": "yard\0.yaml"}
    text = json.dumps(data, indent=1)
    save.write_text(text, encoding="utf-8")
    for command in (["validate"], ["replay", "--text"], ["resume"]):
        assert main([*command, str(save)]) == 2
        err = capsys.readouterr().err
        assert f"{save}:{json_line(text, ('scenario', 'file'))}: scenario.file: the text holds the character U+0000" in err


# --- 4. what is printed -------------------------------------------------------------------------------------

HOSTILE_NAME = "a\x1b]0;pwned\x07\u202eb\x9b2J"  # a folder's name: a file system takes anything but / and NUL
SPELLED = "a\\x1b]0;pwned\\x07\\u202eb\\x9b2J"


def test_visible_spells_out_every_character_of_the_corpus_and_keeps_line_breaks():
    for _, text in HOSTILE:
        shown = visible(text)
        assert not RAW.search(shown) and shown.replace("\\n", "") == shown or "\n" in text
    assert visible("one\ntwo\x1b[2J") == "one\ntwo\\x1b[2J"
    assert visible(HOSTILE_NAME) == SPELLED
    assert visible("\ud800") == "\\ud800" and visible("Arlen Ætheling ⚔") == "Arlen Ætheling ⚔"


def test_the_command_lines_streams_spell_out_whatever_is_written_to_them(capsys):
    from officers_chess.commands.output import visible_output

    with visible_output():
        print("title \x1b]0;pwned\x07 gone")
        print("\u202eright to left", file=sys.stderr)
    out = capsys.readouterr()
    assert out.out == "title \\x1b]0;pwned\\x07 gone\n" and out.err == "\\u202eright to left\n"


def test_rich_tables_keep_their_colours_and_spell_out_the_texts(capsys, monkeypatch):
    from rich.table import Table

    from officers_chess.commands.output import print_rich

    table = Table(title="[bold]x[/]")  # markup is not read: a name is a name
    table.add_column("Name")
    table.add_row("Arlen\x1b[2J\u202e")
    monkeypatch.setenv("FORCE_COLOR", "1")  # as at a terminal: Rich writes its own codes
    monkeypatch.setenv("COLUMNS", "60")
    print_rich(table)
    out = capsys.readouterr().out
    assert "Arlen\\x1b[2J\\u202e" in out and "[bold]x[/]" in out
    assert "\x1b[" in out  # Rich's colours reach the terminal ...
    assert "\x1b[2J" not in out and "\u202e" not in out  # ... and nothing else does


@pytest.fixture(scope="module")
def hostile_folder(tmp_path_factory) -> Path:
    """Good files, in a folder whose name would set the terminal's title, clear its screen and turn its text."""
    root = tmp_path_factory.mktemp("printed") / HOSTILE_NAME
    (root / "scenarios").mkdir(parents=True)
    (root / "maps").mkdir()
    shutil.copy(bundled_dir("scenarios") / "training_yard.yaml", root / "scenarios" / "yard.yaml")
    shutil.copy(bundled_dir("maps") / "training_yard.yaml", root / "maps" / "training_yard.yaml")
    shutil.copy(ROOT / "docs" / "examples" / "duel.yaml", root / "duel.yaml")
    (root / "blades.yaml").write_text("weapons:\n  - {name: Test Blade, type: sword, might: 5, hit: 90, weight: 5}\n",
                                      encoding="utf-8")
    (root / "two_yards.yaml").write_text(TWO_YARDS, encoding="utf-8")
    return root


def _commands(root: Path) -> list[list[str]]:
    yard, save = str(root / "scenarios" / "yard.yaml"), str(root / "saves" / "game-0001.json")
    fast = ["--games", "1", "--levels", "greedy:greedy"]
    return [
        ["validate", str(root)],
        ["simulate", yard, *fast, "--save-dir", str(root / "saves")],
        ["replay", "--text", save],
        ["replay", "--verify", save],
        ["balance", yard, *fast],
        ["forecast", str(root / "duel.yaml")],
        ["forecast", "--json", str(root / "duel.yaml")],
        ["price", str(root / "blades.yaml")],
        ["campaign", "simulate", str(root / "two_yards.yaml"), "--levels", "greedy:greedy",
         "--save-dir", str(root / "chapters")],
        ["campaign", "simulate", "--json", str(root / "two_yards.yaml"), "--levels", "greedy:greedy"],
        ["validate", str(root / "nothing.yaml")],
        ["play", str(root / "nothing.yaml")],
        ["resume", str(root / "nothing.json")],
        ["simulate", str(root / "scenarios" / "nothing"), *fast],
        ["replay", str(root / "duel.yaml")],
        ["nonsense", HOSTILE_NAME],  # argparse's own words quote what it was given
        ["validate", "--bogus" + HOSTILE_NAME],
    ]


def test_nothing_any_command_prints_holds_a_character_a_terminal_would_obey(hostile_folder, capsys):
    spelled = 0
    for command in _commands(hostile_folder):
        try:
            code = main(command)
        except SystemExit as exit_:
            code = exit_.code
        out = capsys.readouterr()
        said = out.out + out.err
        assert code in (0, 2), (command, code, said[-500:])
        assert said.strip(), command
        found = RAW.search(said)
        assert found is None, (command, said[max(0, found.start() - 80): found.end() + 80])
        spelled += SPELLED in said or "pwned" in said
    assert spelled >= 10  # the folder's name is printed, spelled out, by most of them


def _screen_now(app) -> tuple[str, str]:
    """What the screen holds now, as our code handed it to Textual (the text of every line, every layer), and
    what would be sent to the terminal for it (Textual's own codes and all)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    handed = "\n".join("".join(segment.text for strip in line for segment in strip if not segment.control)
                       for line in update.strips)
    return handed, update.render_segments(app.console)


def _assert_clean(app, where: str) -> str:
    handed, sent = _screen_now(app)
    found = RAW.search(handed)
    assert found is None, (where, handed[max(0, found.start() - 80): found.end() + 80])
    for obeyed in ("\x1b]0;pwned", "\x1b[2J", "\u202e", "\x9b"):
        assert obeyed not in sent, (where, obeyed)
    return handed


async def test_the_apps_screens_hand_the_terminal_nothing_it_would_obey(tmp_path):
    """Saves whose file names would set the title and turn the text, one whose scenario title says the same in
    an escape: the title, its Load list, Continue's word on the one it passes over and the battle it resumes."""
    from officers_chess.content.user_data import autosave_dir
    from officers_chess.tui.app import OfficersChessApp
    from officers_chess.tui.dialogs.save_picker import SavePicker
    from officers_chess.tui.screens.battle import BattleScreen
    from officers_chess.tui.screens.title import TitleScreen

    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    good = folder / f"20260101-120000-{HOSTILE_NAME}.json"
    shutil.copy(_battle_save(tmp_path), good)
    data = json.loads(good.read_text(encoding="utf-8"))
    data["scenario"]["title"] = "Training \x1b]0;pwned\x07\x1b[2J Yard"
    bad = folder / f"20260102-120000-{HOSTILE_NAME}-edited.json"
    bad.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.utime(good, (time.time() - 60, time.time() - 60))
    app = OfficersChessApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        _assert_clean(app, "title")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SavePicker)
        listed = _assert_clean(app, "load list")
        assert SPELLED[:12] in listed  # the file names are there, spelled out
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)  # the good one goes on; the edited one is passed over, told
        _assert_clean(app, "battle")
        told = [note.message for note in app._notifications]
        assert any(note.startswith("Passed over") and SPELLED[:12] in note for note in told), told
        assert not any(RAW.search(note) for note in told), told


@pytest.mark.parametrize("command", [
    ["validate", "a\0b.yaml"], ["validate", "a\0b"], ["play", "a\0b.yaml"], ["simulate", "a\0b.yaml"],
    ["simulate", "a\0b"], ["balance", "a\0b"], ["campaign", "simulate", "a\0b.yaml"], ["campaign", "simulate", "a\0b"],
    ["campaign", "balance", "a\0b.yaml"], ["replay", "--text", "a\0b.json"], ["replay", "--verify", "a\0b.json"],
    ["resume", "a\0b.json"], ["forecast", "a\0b.yaml"], ["price", "a\0b.yaml"],
], ids=lambda c: "-".join(part.replace("\0", "NUL") for part in c))
def test_a_nul_in_a_path_given_to_a_command_names_no_file(capsys, command):
    """Only a program calling the command can pass one (a shell cannot): one line, status 2, never a crash."""
    assert main(command) == 2
    out = capsys.readouterr()
    assert not out.out and len(out.err.splitlines()) == 1 and "a\\x00b" in out.err and "unexpected" not in out.err


def test_the_screens_backstop_takes_out_what_the_terminal_would_obey_and_keeps_the_layout():
    """Whatever reaches a screen by a way the checks do not guard is taken out where each line becomes what the
    terminal is sent (ruling X6): each of those characters takes no cell, so the line keeps its width."""
    from rich.cells import cell_len
    from rich.console import Console
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from officers_chess.tui import terminal_guard

    terminal_guard.apply()
    text = "a\x1b]0;pwned\x07b\u202ec\x9b2J\ud800"
    strip = Strip([Segment(text, Style(bold=True)), Segment(" ok")])
    sent = strip.render(Console(color_system="truecolor", force_terminal=True))
    assert "\x1b]0" not in sent and "\u202e" not in sent and "\x9b" not in sent and "\ud800" not in sent
    assert "a]0;pwnedbc2J\ufffd" in sent and sent.count("\x1b[") == 2  # the bold, on and off: Textual's own
    assert cell_len("a]0;pwnedbc2J\ufffd") == cell_len(text)
    clean = Strip([Segment("Training Yard", Style(bold=True))])
    assert clean.render(Console(color_system="truecolor", force_terminal=True)) == "\x1b[1mTraining Yard\x1b[0m"
