"""Save files: a battle record written atomically as JSON, and read back with every check, errors at file and line."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, TypeVar

from pydantic import BaseModel, ValidationError

from officers_chess.content.bundled import bundled_dir, catalogue_path
from officers_chess.content.decoded_text import find_unsafe_json
from officers_chess.content.errors import ContentError, printable, tidy
from officers_chess.content.json_source import JsonRefused, load_json
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.content.safe_read import NO_SUCH_FILE, read_bytes, read_text
from officers_chess.content.save_json import _SaveSource, count_values, json_line
from officers_chess.content.yaml_source import MAX_FILE_BYTES, Loc
from officers_chess.rules.battle.physical import roll_your_own
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.history.record import (
    MAX_ACTIONS,
    MAX_CHECKPOINTS,
    READABLE_VERSIONS,
    SAVE_FORMAT,
    ArmyMismatch,
    BattleRecord,
    ContentHashes,
    ScenarioRef,
    action_limit,
    check_armies,
    opening_digest,
    sha256_bytes,
)

# The longest battle `simulate` makes (60 rounds of the largest bundled armies, both sides playing at random)
# is a save of 1 MB and 66,000 values; this is eight times that. Whatever a save holds, each part of it is
# bounded before it is validated, so validation builds neither big models nor many complaints: the opening
# (all but the actions and checkpoints: two hired armies of 30 units are some 2,000 values), each action (at
# most 200 dice rolls) and each round checkpoint (a whole state: 16 units are some 900 values).
MAX_SAVE_BYTES = 8_000_000
MAX_OPENING_VALUES = 5_000
MAX_ACTION_VALUES = 500
MAX_CHECKPOINT_VALUES = 25_000
M = TypeVar("M", bound=BaseModel)
TOLD_LINES = 12  # log lines of the last actions shown again when a battle is resumed


class SaveProblem(ContentError):
    """A save that cannot be used, told in words both players may read: what is wrong, never a unit, an
    item or a tile of either side (so it can be shown on the title screen of a battle under fog)."""


def public_reason(exc: ContentError) -> str:
    """Why a save does not load, in words both players may read (the title screen shows them): the error's
    own words, or for the few whose words may name a unit, an item or a tile (a save's armies, a value
    pydantic refused) the plainer words given with it (`hide_details`)."""
    return getattr(exc, "public", None) or exc.message


def public_line(exc: ContentError) -> str:
    """`file:line: reason` with the reason in public words."""
    name = printable(str(exc.path))
    where = f"{name}:{exc.line}" if exc.line is not None else name
    return f"{where}: {public_reason(exc)}"


def hide_details(exc: ContentError, public: str) -> ContentError:
    """The error, with the words to show players instead of its own (which may name a unit, item or tile),
    tidied as its own are (one line, each quoted value and the whole cut short: they may hold a key of the file)."""
    exc.public = tidy(public)  # type: ignore[attr-defined]
    return exc


def read_json_model(path: Path, model: type[M], check: Callable[[dict, _SaveSource], None]) -> tuple[M, _SaveSource]:
    """A JSON save of ours read and validated as `model`: its text (no larger than any save), its JSON, `check` on
    the raw data first (a bound on its size, say, before validation builds anything), then pydantic's first
    complaint at its line, in words both players may read."""
    text = read_text(path, MAX_SAVE_BYTES)
    source = _SaveSource(path, text)
    data = read_json_save(path, text)
    if isinstance(data, dict):
        check(data, source)
    try:
        return model.model_validate_json(text), source
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"] if not isinstance(p, int)) or "file"
        raise hide_details(source.error(f"{where}: {first['msg']}", tuple(first["loc"])),
                           f"it is damaged or was edited ({where})") from None


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
        scenario=sha256_bytes(read_bytes(path, MAX_FILE_BYTES)),
        map=sha256_bytes(read_bytes(loaded.map_path, MAX_FILE_BYTES)),
        catalogue=sha256_bytes(read_bytes(catalogue_path(loaded.scenario.edition), MAX_FILE_BYTES)),
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


class TooLongToSave(OSError):
    """A battle longer than a save holds (MAX_ACTIONS, MAX_SAVE_BYTES): never written, since no reader would take it."""


def write_save(path: Path | str, record: BattleRecord) -> None:
    """Write a save atomically: a crash at any moment leaves the old file or the new one, never half of one.
    TooLongToSave (an OSError, as a full disk) for a battle longer than any save may be, so this program never
    writes a save it would refuse to read."""
    first = record.checkpoints[0] if record.checkpoints and record.checkpoints[0].after == 0 else None
    most = MAX_ACTIONS if first is None else action_limit(first.state)
    if len(record.actions) > most:
        raise TooLongToSave(errno.EFBIG, f"the battle has more than {most} actions, more than a save of it holds")
    text = dump_record(record)
    if len(text) > MAX_SAVE_BYTES // 4 and len(text.encode("utf-8")) > MAX_SAVE_BYTES:
        raise TooLongToSave(errno.EFBIG, f"the battle is longer than a save holds ({MAX_SAVE_BYTES} bytes)")
    write_text_atomically(Path(path), text)


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


def _check_sizes(data: dict, source: _SaveSource) -> None:
    """Refuse a save any part of which is larger than a battle's can be, before validation builds anything
    of it: the opening, the number of actions and of checkpoints, and each action and checkpoint."""
    opening = 0
    for key, value in data.items():
        if key not in ("actions", "checkpoints"):
            opening += count_values(value, MAX_OPENING_VALUES)
            if opening > MAX_OPENING_VALUES:
                raise source.error(f"the save's opening (all but its actions and checkpoints) holds more than "
                                   f"{MAX_OPENING_VALUES} values, more than any battle's", (key,))
    parts = (("actions", "action", MAX_ACTIONS, MAX_ACTION_VALUES, "any action"),
             ("checkpoints", "round checkpoint", MAX_CHECKPOINTS, MAX_CHECKPOINT_VALUES, "any battle's state"))
    for key, name, most, size, than in parts:
        items = data.get(key)
        if not isinstance(items, list):
            continue  # the validation says what is wrong
        if len(items) > most:
            raise source.error(f"more than {most} {key}: longer than any battle a save holds", (key,))
        for index, item in enumerate(items):
            if count_values(item, size) > size:
                raise source.error(f"{name} {index + 1}: more than {size} values, more than {than} holds",
                                   (key, index))


def _record_error(source: _SaveSource, exc: ValidationError) -> ContentError:
    """Pydantic's first complaint about a save, at its line, with actions named by their number."""
    first = exc.errors(include_url=False, include_input=False)[0]
    loc: Loc = tuple(first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        message = "unknown key (not part of the save format)"
    elif first["type"] == "union_tag_invalid":
        message = f"unknown kind {first['ctx']['tag']!r} (kinds: {first['ctx']['expected_tags']})"
    elif first["type"] == "union_tag_not_found":
        message = "an action needs a kind"
    label, parts = "", list(loc)
    if len(loc) >= 2 and loc[0] == "checkpoints" and isinstance(loc[1], int):
        label, parts = f"round checkpoint {loc[1] + 1}", list(loc[2:])
    if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
        label, parts = f"action {loc[1] + 1}", list(loc[2:])
        if parts[:1] == ["action"]:
            # Past "action" pydantic names the kind it tried; say it once, beside the number.
            label, parts = (f"{label} ({parts[1]})", parts[2:]) if len(parts) > 1 else (label, [])
    field = ".".join(str(part) for part in parts if not isinstance(part, int))
    where = ", ".join(part for part in (label, field) if part) or "file"
    return hide_details(source.error(f"{where}: {message}", loc), f"it is damaged or was edited ({where})")


def read_json_save(path: Path, text: str) -> Any:
    """A save's JSON data (battle or army building), or a ContentError at its line: a key given twice or far
    too many values are refused before any validation."""
    try:
        data = load_json(text)
    except JsonRefused as exc:
        raise exc.error(path, text) from None
    except json.JSONDecodeError as exc:
        raise ContentError(path, f"not valid JSON: {exc.msg} (column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise ContentError(path, "not a save: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise ContentError(path, f"not valid JSON: {exc}") from None
    unsafe = find_unsafe_json(text, data)  # after decoding: "\u001b" is an escape all the same
    if unsafe is not None:
        raise ContentError(path, f"{unsafe.field}: {unsafe.problem}", json_line(text, unsafe.loc))
    return data


def _read_record(path: Path) -> tuple[BattleRecord, _SaveSource, bool | None]:
    """The record, its source (for errors at a line) and whether its opening matches its seal (None: a save
    older than the seal)."""
    text = read_text(path, MAX_SAVE_BYTES)
    data = read_json_save(path, text)
    source = _SaveSource(path, text)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ContentError(path, f'not an Officer\'s Chess save (it should be a JSON object with "format": "{SAVE_FORMAT}")', 1)
    if data.get("version") not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise source.error(f"save version {data.get('version')!r} is not one this program reads (it reads {readable})", ("version",))
    _check_sizes(data, source)
    try:
        record = BattleRecord.model_validate(data)
    except ValidationError as exc:
        raise _record_error(source, exc) from None
    # The seal is checked against the file's own JSON, not the record as this program would write it again:
    # a later program that adds a field with a default must not find every older save edited.
    sealed = None if record.version < 3 else record.opening is not None and opening_digest(data) == record.opening
    return record, source, sealed


def read_save(path: Path | str) -> BattleRecord:
    """Read and validate a save file's record (not yet its scenario); any problem is a ContentError with file and
    line."""
    return _read_record(Path(path))[0]


@dataclass(frozen=True)
class SavedBattle:
    """A save, its scenario loaded and checked against it, and the battle's first state rebuilt from seed and
    armies. `sealed`: whether its opening matches the seal written with it (None for a save older than seals)."""

    path: Path
    record: BattleRecord
    loaded: LoadedScenario
    start: GameState
    sealed: bool | None = None


def _scenario_file(path: Path, ref: ScenarioRef, source: _SaveSource) -> Path:
    """The scenario file a save names, once its bytes are those the battle was played on (their sha256 is the
    one the save recorded). A save may name a scenario file anywhere (a player's own, by the path it was
    played from), so nothing of the file is read as content before that: a file that is not the battle's
    scenario (another file, one changed since) is refused in a line that quotes none of it, and only a file
    the save's writer had byte for byte is ever parsed, its errors then those of any scenario."""
    where: Loc = ("scenario", "bundled") if ref.bundled is not None else ("scenario", "file")
    if ref.bundled is not None:
        try:
            found = bundled_dir("scenarios") / f"{ref.bundled}.yaml"
        except FileNotFoundError:
            raise source.error("this installation has no bundled scenarios", where) from None
        if not found.is_file():
            raise source.error(f"this version has no bundled scenario {ref.bundled!r}", where)
    else:
        assert ref.file is not None
        found = Path(ref.file)
        if not found.is_absolute():
            found = path.parent / found  # a relative path is read from the save's folder
    try:
        now = sha256_bytes(read_bytes(found, MAX_FILE_BYTES))  # a regular file, no larger than content may be
    except ContentError as exc:
        if exc.message == NO_SUCH_FILE:
            raise source.error(f"the scenario file {ref.file or found} is not there", where) from None
        raise source.error(f"the scenario file {found} cannot be read: {exc.message}", where) from None
    then = ref.sha256.scenario
    if now != then:
        raise source.error(f"the scenario file {found} has changed since this battle was saved, or is another file "
                           f"(sha256 then {then[:12]}…, now {now[:12]}…): replaying it would not be the battle "
                           f"that was played", ("scenario", "sha256", "scenario"))
    return found


def open_save(path: Path | str) -> SavedBattle:
    """Read a save, load its scenario, check the content is the one it was played on and the armies are
    legal there, and rebuild round 1. Raises ContentError (file and line) on the first problem."""
    path = Path(path)
    record, source, sealed = _read_record(path)
    ref = record.scenario
    scenario_path = _scenario_file(path, ref, source)
    try:
        loaded = load_scenario(scenario_path)
    except ContentError as exc:
        raise source.error(f"its scenario cannot be loaded: {exc}", ("scenario",)) from None
    files = {"scenario": scenario_path, "map": loaded.map_path, "catalogue": catalogue_path(loaded.scenario.edition)}
    for what, file in files.items():
        assert file is not None
        now = sha256_bytes(read_bytes(file, MAX_FILE_BYTES))
        then = getattr(ref.sha256, what)
        if now != then:
            raise source.error(
                f"the {what} file {file} has changed since this battle was saved "
                f"(sha256 then {then[:12]}…, now {now[:12]}…): replaying it would not be the battle that was played",
                ("scenario", "sha256", what),
            )
    if record.chapter is not None:  # a campaign chapter: the campaign's war chests, and no Outfitting
        loaded = replace(loaded, scenario=record.chapter.scenario(loaded.scenario))
    if record.edition != loaded.scenario.edition:
        raise source.error(f"edition {record.edition!r}, but the scenario plays {loaded.scenario.edition!r}", ("edition",))
    try:
        check_armies(loaded.scenario, loaded.catalogue, loaded.battle_map, record.armies)
    except ArmyMismatch as exc:
        raise hide_details(source.error(f"{'.'.join(str(p) for p in exc.where if not isinstance(p, int))}: {exc}",
                                        exc.where),
                           "its armies are not ones army building could give: the save was edited or damaged") from None
    try:
        start = loaded.new_battle(record.seed, armies=record.armies or None)
        if record.physical_dice:
            start = roll_your_own(start)
    except ContentError as exc:
        raise hide_details(source.error(f"round 1 cannot be set up from this save: {exc.message}", ("armies",)),
                           "round 1 cannot be set up from its armies: the save was edited or damaged") from None
    most = action_limit(start)
    if len(record.actions) > most:  # it would take too long to replay: no save of this battle is that long
        raise source.error(f"more than {most} actions: longer than any save of a battle this large", ("actions",))
    return SavedBattle(path, record, loaded, start, sealed)
