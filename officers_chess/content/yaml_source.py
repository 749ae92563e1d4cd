"""Safe YAML reading that remembers the line of every value, so errors can point at it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml
from pydantic import ValidationError

from officers_chess.content.decoded_text import find_unsafe_text
from officers_chess.content.errors import ContentError, quote
from officers_chess.content.safe_read import read_text
from officers_chess.content.yaml_loader import (  # noqa: F401  (the loader's names, as the content modules import them)
    MAX_FILE_BYTES, SAFE_LOADER, TOO_MANY_DIGITS, ContentLoader, TextProblem,
)


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


def _walk(node: yaml.Node, loc: Loc, lines: dict[Loc, int], key_line: int | None = None) -> None:
    # A block list or mapping starts on the line below its key: a message about it names the key's own line.
    collection = isinstance(node, (yaml.MappingNode, yaml.SequenceNode))
    lines[loc] = key_line if collection and key_line is not None else node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                _walk(value_node, loc + (key_node.value,), lines, key_node.start_mark.line + 1)
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
# recurse until it crashes (libyaml builds nested nodes recursively), nor expand aliases a billion-fold.
# Both limits are of the data as it is built, aliases expanded: a list of ten aliases of a list of ten
# aliases of ... is a few hundred bytes of text and billions of values.
MAX_DEPTH = 40
MAX_NODES = 200_000


class TooComplex(TextProblem):
    """A YAML text past the limits above."""


class DuplicateKey(TextProblem):
    """A mapping that gives the same key twice (YAML would keep the last and say nothing)."""


def check_shape(text: str) -> None:
    """Walk the parser's events (a flat stream, no recursion) and refuse a text whose data, aliases expanded,
    would be nested deeper than MAX_DEPTH or hold more than MAX_NODES values, at the line where it crosses.

    A value counts 1, a list or mapping 1 and its items, and an alias what its anchored value counts; so
    the running total is the size of the data being described, expanded, without building any of it.
    """
    total = 0
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (values, levels of lists and mappings), expanded
    # Each list or mapping still open: its anchor, the total before it, the most levels under it so far.
    open_: list[list[Any]] = []
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, yaml.DocumentStartEvent):
            anchors.clear()  # an anchor is known in its own document only
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            anchor, before, under = open_.pop()
            if anchor is not None:
                anchors[anchor] = (total - before, 1 + under)
            if open_:
                open_[-1][2] = max(open_[-1][2], 1 + under)
        elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if isinstance(event, yaml.AliasEvent):
                if event.anchor not in anchors:
                    if any(frame[0] == event.anchor for frame in open_):
                        raise TooComplex(f"the alias *{event.anchor} is inside its own anchor", line)
                    continue  # an alias to nothing: the composer says so, with its line
                size, levels = anchors[event.anchor]
                if open_:
                    open_[-1][2] = max(open_[-1][2], levels)
                reached = len(open_) + levels
            elif isinstance(event, yaml.ScalarEvent):
                size = 1
                if event.anchor is not None:
                    anchors[event.anchor] = (1, 0)
                reached = len(open_)
            else:
                size = 1
                open_.append([event.anchor, total, 0])
                reached = len(open_)
            total += size
            if reached > MAX_DEPTH:
                raise TooComplex(f"nested more than {MAX_DEPTH} levels deep", line)
            if total > MAX_NODES:
                raise TooComplex(f"more than {MAX_NODES} values" + (" once its aliases are expanded" if anchors else ""),
                                 line)


def _nodes(root: yaml.Node) -> Iterator[yaml.Node]:
    """Every node under `root` once (aliases make some nodes shared), in the order of the text; no recursion."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node
        if isinstance(node, yaml.MappingNode):
            stack.extend(part for pair in reversed(node.value) for part in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))


def _check_keys(loader: Any, root: yaml.Node) -> None:
    """Refuse a mapping that gives a key twice (the same value: `1` and `"1"` differ, as in the data)."""
    for node in _nodes(root):
        if not isinstance(node, yaml.MappingNode):
            continue
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue  # a merge (<<) is allowed to give keys again; a list as a key is refused when built
            key = loader.construct_object(key_node)
            try:
                first = seen.setdefault(key, key_node)
            except TypeError:
                continue
            if first is not key_node:
                lines = (first.start_mark.line + 1, key_node.start_mark.line + 1)
                raise DuplicateKey(f"key {quote(key_node.value)} appears twice (lines {lines[0]} and {lines[1]})", lines[1])


def _bad_scalar(root: yaml.Node) -> yaml.ScalarNode | None:
    """The first scalar the safe constructor cannot build (a date like 2024-13-45, a number of 5,000 digits)."""
    constructor = ContentLoader("")
    for node in _nodes(root):
        if isinstance(node, yaml.ScalarNode):
            try:
                constructor.construct_object(node)
            except (ValueError, OverflowError, yaml.YAMLError):
                return node
    return None


def parse(text: str) -> tuple[yaml.Node | None, Any]:
    """The YAML text's node tree (for the lines) and its data, from a single parse; yaml.YAMLError if invalid
    (TooComplex if past the limits of check_shape, DuplicateKey if a mapping gives a key twice)."""
    check_shape(text)
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, None
        try:
            _check_keys(loader, node)
            return node, loader.construct_document(node)
        except (ValueError, OverflowError) as exc:
            bad = _bad_scalar(node)
            what = (TOO_MANY_DIGITS if "digits" in str(exc)
                    else f"a value that cannot be read ({exc})")
            raise TextProblem(what, bad.start_mark.line + 1 if bad is not None else None) from None
    finally:
        loader.dispose()


# --- reading files: regular files only, never past a limit ---------------------------------------------------


# Characters a content file may not hold: YAML's own rule (tab, line breaks and printable characters
# only), which also keeps a file from painting the terminal when a message quotes it. JSON saves may
# hold any printable character (names come from scenarios), but no C0 control character outside a
# string's escapes: JSON's own rule.
NOT_YAML_TEXT = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
NOT_JSON_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_CONTROL_NAMES = {0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
                  0x1B: "ESC", 0x7F: "DEL"}


def check_characters(path: Path, text: str, forbidden: re.Pattern[str] = NOT_YAML_TEXT) -> None:
    """Refuse a text holding a control character (NUL, escape, ...), naming its line and column."""
    found = forbidden.search(text)
    if found is None:
        return
    at = found.start()
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    code = ord(found.group())
    name = f"U+{code:04X}" + (f" ({_CONTROL_NAMES[code]})" if code in _CONTROL_NAMES else "")
    raise ContentError(path, f"column {column}: the control character {name} has no place in a text file", line)


def read_yaml(path: Path | str) -> YamlSource:
    """Read one YAML file with the safe loader; any problem is a ContentError naming file and line."""
    path = Path(path)
    text = read_text(path, MAX_FILE_BYTES)
    check_characters(path, text)
    try:
        node, data = parse(text)
    except TooComplex as exc:
        raise ContentError(path, f"not a content file: {exc.problem}", exc.line) from None
    except TextProblem as exc:
        raise ContentError(path, exc.problem, exc.line) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        hint = _tile_hint(text, line)
        raise ContentError(path, f"not valid YAML: {exc.problem or exc.context}{hint}", line) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (check_characters should have said)
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        raise ContentError(path, f"not valid YAML: {exc.reason} (character U+{exc.character:04X})"
                           if isinstance(exc.character, int) else f"not valid YAML: {exc.reason}", line) from None
    except yaml.YAMLError as exc:
        raise ContentError(path, f"not valid YAML: {exc}") from None
    lines: dict[Loc, int] = {}
    if node is not None:
        _walk(node, (), lines)
    source = YamlSource(path, data, lines)
    unsafe = find_unsafe_text(data)  # after decoding: "\e[2J" in quotes is an escape all the same
    if unsafe is not None:
        line = _key_line(node, unsafe.loc) if unsafe.key else None
        raise ContentError(path, f"{unsafe.field}: {unsafe.problem}", line or source.line_of(unsafe.loc))
    return source


def _key_line(node: yaml.Node | None, loc: Loc) -> int | None:
    """The line of the key at the end of `loc` (None when the way there is not plain: a merge, say)."""
    for depth, part in enumerate(loc, 1):
        if isinstance(node, yaml.MappingNode):
            pairs = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part]
            if not pairs:
                return None
            if depth == len(loc):
                return pairs[0][0].start_mark.line + 1
            node = pairs[0][1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        else:
            return None
    return None


# An unquoted tile inside `{ ... }` (`{do: guard [4, 2]}`): YAML reads the brackets as a list of its own.
_BARE_TILE = re.compile(r"[{,]\s*[\w-]+\s*:\s*[A-Za-z][^,:\"'{}\[\]]*\[\s*\d+\s*,\s*\d+\s*\]")


def _tile_hint(text: str, line: int | None) -> str:
    """A way out when the line holding a YAML error has a tile left unquoted inside braces."""
    if line is None:
        return ""
    lines = text.splitlines()
    if not 0 < line <= len(lines) or not _BARE_TILE.search(lines[line - 1]):
        return ""
    return ' (a tile inside { } needs the words around it in quotes, e.g. {do: "guard [4, 2]"})'


# --- JSON: the same care, and no key given twice -------------------------------------------------------------


def expect_mapping(source: YamlSource, loc: Loc = ()) -> dict:
    """The value at `loc` as a mapping, or a ContentError saying what was expected."""
    value: Any = source.data
    for part in loc:
        value = value.get(part) if isinstance(value, dict) else None
    if not isinstance(value, dict):
        what = "the file" if not loc else ".".join(map(str, loc))
        raise source.error(f"{what} should be a mapping of keys to values", loc)
    return value
