"""Safe YAML reading that remembers the line of every value, so errors can point at it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import ValidationError

from officers_chess.content.errors import ContentError

MAX_FILE_BYTES = 1_000_000  # content files are hand-written; anything larger is a mistake or an attack
# libyaml's safe loader when PyYAML was built with it (several times faster, and start-up reads every
# bundled file); the pure-Python one otherwise. Both are the safe loader: plain data, no Python objects.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Loc = tuple[str | int, ...]


@dataclass
class YamlSource:
    """A parsed YAML file: its data, and the 1-based line of each value by its path in the data."""

    path: Path
    data: Any
    lines: dict[Loc, int]

    def line_of(self, loc: Iterable[str | int]) -> int | None:
        """The line of the deepest value along `loc` that the file has (None when it has none)."""
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return self.lines.get(())

    def error(self, message: str, loc: Iterable[str | int] = ()) -> ContentError:
        return ContentError(self.path, message, self.line_of(loc))

    def validation_error(self, exc: ValidationError, prefix: Loc = ()) -> ContentError:
        """Turn pydantic's first complaint into a one-line message at the right line."""
        first = exc.errors()[0]
        loc = prefix + tuple(first["loc"])
        field = ".".join(str(part) for part in loc if not isinstance(part, int)) or "file"
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            message = "unknown key (not part of this file's format)"
        return self.error(f"{field}: {message}", loc)


def _walk(node: yaml.Node, loc: Loc, lines: dict[Loc, int]) -> None:
    lines[loc] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                _walk(value_node, loc + (key_node.value,), lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, loc + (index,), lines)


def value_lines(text: str) -> dict[Loc, int]:
    """The line of every value of a YAML text by its path in the data; JSON is YAML too, so saves use it.

    Empty when the text does not parse (the caller has its own error for that).
    """
    try:
        node, _ = parse(text)
    except yaml.YAMLError:
        return {}
    lines: dict[Loc, int] = {}
    if node is not None:
        _walk(node, (), lines)
    return lines


# The shape of a hand-written content file: generous, but a stranger's file cannot make the parser
# recurse until it crashes (libyaml builds nested nodes recursively), or expand aliases a billion-fold.
MAX_DEPTH = 40
MAX_ALIASES = 100
MAX_NODES = 200_000


class TooComplex(yaml.YAMLError):
    """A YAML text past the limits above; `line` is 1-based."""

    def __init__(self, problem: str, line: int) -> None:
        super().__init__(problem)
        self.problem, self.line = problem, line


def check_shape(text: str) -> None:
    """Walk the parser's events (a flat stream, no recursion) and refuse a text nested deeper than
    MAX_DEPTH, using more than MAX_ALIASES aliases or holding more than MAX_NODES values."""
    depth = aliases = nodes = 0
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise TooComplex(f"nested more than {MAX_DEPTH} levels deep", event.start_mark.line + 1)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise TooComplex(f"more than {MAX_ALIASES} aliases (*name)", event.start_mark.line + 1)
        if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            nodes += 1
            if nodes > MAX_NODES:
                raise TooComplex(f"more than {MAX_NODES} values", event.start_mark.line + 1)


def parse(text: str) -> tuple[yaml.Node | None, Any]:
    """The YAML text's node tree (for the lines) and its data, from a single parse; yaml.YAMLError if invalid
    (TooComplex if past the limits of check_shape)."""
    check_shape(text)
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        return node, (loader.construct_document(node) if node is not None else None)
    finally:
        loader.dispose()


def read_text(path: Path, limit: int) -> str:
    """A content file's text, or a ContentError saying plainly why it cannot be read (too big, missing,
    a folder, not UTF-8, not allowed)."""
    try:
        if path.stat().st_size > limit:
            raise ContentError(path, f"file is larger than {limit} bytes")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, "no such file") from None
    except IsADirectoryError:
        raise ContentError(path, "is a folder, not a file") from None
    except UnicodeDecodeError:
        raise ContentError(path, "is not UTF-8 text") from None
    except OSError as exc:
        raise ContentError(path, exc.strerror or "cannot be read") from None


def read_yaml(path: Path | str) -> YamlSource:
    """Read one YAML file with the safe loader; any problem is a ContentError naming file and line."""
    path = Path(path)
    text = read_text(path, MAX_FILE_BYTES)
    try:
        node, data = parse(text)
    except TooComplex as exc:
        raise ContentError(path, f"not a content file: {exc.problem}", exc.line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise ContentError(path, f"not valid YAML: {exc.problem or exc.context}", line) from None
    except yaml.YAMLError as exc:
        raise ContentError(path, f"not valid YAML: {exc}") from None
    lines: dict[Loc, int] = {}
    if node is not None:
        _walk(node, (), lines)
    return YamlSource(path, data, lines)


def expect_mapping(source: YamlSource, loc: Loc = ()) -> dict:
    """The value at `loc` as a mapping, or a ContentError saying what was expected."""
    value: Any = source.data
    for part in loc:
        value = value.get(part) if isinstance(value, dict) else None
    if not isinstance(value, dict):
        what = "the file" if not loc else ".".join(map(str, loc))
        raise source.error(f"{what} should be a mapping of keys to values", loc)
    return value
