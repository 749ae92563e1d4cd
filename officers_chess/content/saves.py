"""Save files: a battle record written atomically as JSON, and read back with every check, errors at file and line."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.content.yaml_source import Loc, YamlSource, read_text, value_lines
from officers_chess.rules.physical import roll_your_own
from officers_chess.rules.record import (
    READABLE_VERSIONS,
    SAVE_FORMAT,
    ArmyMismatch,
    BattleRecord,
    ContentHashes,
    ScenarioRef,
    check_armies,
    first_divergence,
    replay,
    sha256_bytes,
)
from officers_chess.rules.state import GameState

# A 60-round battle of two large armies is well under a megabyte; the limit only stops a
# stranger's file from eating the memory.
MAX_SAVE_BYTES = 32_000_000


def scenario_ref(loaded: LoadedScenario) -> ScenarioRef:
    """How a save names the scenario it was played on, with the sha256 of the files it came from."""
    path = loaded.path.resolve()
    try:
        bundled = path.parent == bundled_dir("scenarios").resolve()
    except FileNotFoundError:
        bundled = False
    if loaded.map_path is None:
        raise ValueError("a scenario built without its map file cannot be saved")
    hashes = ContentHashes(
        scenario=sha256_bytes(path.read_bytes()),
        map=sha256_bytes(loaded.map_path.read_bytes()),
        catalogue=sha256_bytes(catalogue_path(loaded.scenario.edition).read_bytes()),
    )
    where = {"bundled": path.stem} if bundled else {"file": str(path)}
    return ScenarioRef(title=loaded.scenario.name, sha256=hashes, **where)


def _layout(value: object, indent: str = "") -> str:
    """JSON with mappings spread over lines and each list item on one line of its own."""
    inner = indent + "  "
    if isinstance(value, dict) and value:
        parts = [f"{inner}{json.dumps(k)}: {_layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(parts) + f"\n{indent}}}"
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(inner + json.dumps(v, ensure_ascii=False) for v in value) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def dump_record(record: BattleRecord) -> str:
    """The save's text: one action (and one unit) per line, so saves diff action by action and an
    error's line names the action."""
    return _layout(record.model_dump(mode="json", by_alias=True, exclude_none=True)) + "\n"


def write_save(path: Path | str, record: BattleRecord) -> None:
    """Write a save atomically: a crash at any moment leaves the old file or the new one, never half of one."""
    write_text_atomically(Path(path), dump_record(record))


def write_text_atomically(path: Path, text: str) -> None:
    """A temporary file beside `path`, written, flushed and fsynced, then renamed over it (and the folder synced)."""
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a save is an ordinary file
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):  # the rename itself reaches the disk only with its folder
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


class _SaveSource:
    """Errors at the line of a value of a save; the lines are worked out only when an error needs them
    (JSON is YAML too, so the YAML composer finds them)."""

    def __init__(self, path: Path, text: str) -> None:
        self.path, self.text = path, text
        self._source: YamlSource | None = None

    def error(self, message: str, loc: Loc = ()) -> ContentError:
        if self._source is None:
            self._source = YamlSource(self.path, None, value_lines(self.text))
        return self._source.error(message, loc)


def _record_error(source: _SaveSource, exc: ValidationError) -> ContentError:
    """Pydantic's first complaint about a save, at its line, with actions named by their number."""
    first = exc.errors()[0]
    loc: Loc = tuple(first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        message = "unknown key (not part of the save format)"
    elif first["type"] == "union_tag_invalid":
        message = f"unknown kind {first['ctx']['tag']!r} (kinds: {first['ctx']['expected_tags']})"
    elif first["type"] == "union_tag_not_found":
        message = "an action needs a kind"
    label, parts = "", list(loc)
    if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
        label, parts = f"action {loc[1] + 1}", list(loc[2:])
        if parts[:1] == ["action"]:
            # Past "action" pydantic names the kind it tried; say it once, beside the number.
            label, parts = (f"{label} ({parts[1]})", parts[2:]) if len(parts) > 1 else (label, [])
    field = ".".join(str(part) for part in parts if not isinstance(part, int))
    where = ", ".join(part for part in (label, field) if part) or "file"
    return source.error(f"{where}: {message}", loc)


def _read_record(path: Path) -> tuple[BattleRecord, _SaveSource]:
    text = read_text(path, MAX_SAVE_BYTES)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(path, f"not valid JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise ContentError(path, "not a save: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise ContentError(path, f"not valid JSON: {exc}") from None
    source = _SaveSource(path, text)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ContentError(path, f'not an Officer\'s Chess save (it should be a JSON object with "format": "{SAVE_FORMAT}")', 1)
    if data.get("version") not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise source.error(f"save version {data.get('version')!r} is not one this program reads (it reads {readable})", ("version",))
    try:
        return BattleRecord.model_validate(data), source
    except ValidationError as exc:
        raise _record_error(source, exc) from None


def read_save(path: Path | str) -> BattleRecord:
    """Read and validate a save file's record (not yet its scenario); any problem is a ContentError with file and line."""
    return _read_record(Path(path))[0]


@dataclass(frozen=True)
class SavedBattle:
    """A save, its scenario loaded and checked against it, and the battle's first state rebuilt from seed and armies."""

    path: Path
    record: BattleRecord
    loaded: LoadedScenario
    start: GameState


def _scenario_file(path: Path, ref: ScenarioRef, source: _SaveSource) -> Path:
    if ref.bundled is not None:
        try:
            found = bundled_dir("scenarios") / f"{ref.bundled}.yaml"
        except FileNotFoundError:
            raise source.error("this installation has no bundled scenarios", ("scenario", "bundled")) from None
        if not found.is_file():
            raise source.error(f"this version has no bundled scenario {ref.bundled!r}", ("scenario", "bundled"))
        return found
    assert ref.file is not None
    found = Path(ref.file)
    if not found.is_absolute():
        found = path.parent / found  # a relative path is read from the save's folder
    if not found.is_file():
        raise source.error(f"the scenario file {ref.file} is not there", ("scenario", "file"))
    return found


def open_save(path: Path | str) -> SavedBattle:
    """Read a save, load its scenario, check the content is the one it was played on and the armies are
    legal there, and rebuild round 1. Raises ContentError (file and line) on the first problem."""
    path = Path(path)
    record, source = _read_record(path)
    ref = record.scenario
    scenario_path = _scenario_file(path, ref, source)
    try:
        loaded = load_scenario(scenario_path)
    except ContentError as exc:
        raise source.error(f"its scenario cannot be loaded: {exc}", ("scenario",)) from None
    files = {"scenario": scenario_path, "map": loaded.map_path, "catalogue": catalogue_path(loaded.scenario.edition)}
    for what, file in files.items():
        assert file is not None
        now = sha256_bytes(file.read_bytes())
        then = getattr(ref.sha256, what)
        if now != then:
            raise source.error(
                f"the {what} file {file} has changed since this battle was saved "
                f"(sha256 then {then[:12]}…, now {now[:12]}…): replaying it would not be the battle that was played",
                ("scenario", "sha256", what),
            )
    if record.edition != loaded.scenario.edition:
        raise source.error(f"edition {record.edition!r}, but the scenario plays {loaded.scenario.edition!r}", ("edition",))
    try:
        check_armies(loaded.scenario, loaded.catalogue, loaded.battle_map, record.armies)
    except ArmyMismatch as exc:
        raise source.error(f"{'.'.join(str(p) for p in exc.where if not isinstance(p, int))}: {exc}", exc.where) from None
    try:
        start = loaded.new_battle(record.seed, armies=record.armies or None)
        if record.physical_dice:
            start = roll_your_own(start)
    except ContentError as exc:
        raise source.error(f"round 1 cannot be set up from this save: {exc.message}", ("armies",)) from None
    return SavedBattle(path, record, loaded, start)


def validate_save(path: Path | str) -> None:
    """Load a save fully (record, scenario, content hashes, armies) and play it again: every recorded state
    must come back, and a save marked finished must end in a finished battle. ContentError on the first problem."""
    saved = open_save(path)
    record = saved.record
    diverged = first_divergence(record, saved.start)
    if diverged is not None:
        raise ContentError(saved.path, f"does not replay as recorded: {diverged.text()}")
    if record.finished:
        state = saved.start
        for step in replay(record, saved.start):
            state = step.after if step.after is not None else state
        if not state.is_over:
            raise ContentError(saved.path, "marked finished, but its battle has not ended after its recorded actions")
