"""A scenario file's YAML as lines of text: read by the round-trip loader, and the helpers that find, splice and
write a key's own lines so the rest of the file stays as its author wrote it (rulings ED9)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from officers_chess.content.errors import ContentError
from officers_chess.rules.board.battle_map import Pos

SIDES = ("attacker", "defender")  # the keys of a scenario's `sides:` block
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 _'.-]*$")
_YAML_WORDS = {"yes", "no", "true", "false", "on", "off", "null", "y", "n"}


def _load(text: str, path: Path | str = "scenario") -> Any:
    yaml = YAML()
    try:
        return yaml.load(text)
    except YAMLError as exc:  # the game's loader took it, so this is a quirk of the second reader
        raise ContentError(path, f"the editor cannot read this file's layout: {exc}") from None


def without_empty_sides(text: str) -> str:
    """The text with each side written as an empty block (`defender: {}`, or `defender:` and nothing) taken out,
    and `sides:` with the last of them: a side with nothing set is the game's default (rulings ED18)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    sides = document.get("sides") if isinstance(document, CommentedMap) else None
    if not isinstance(sides, CommentedMap) or sides.fa.flow_style():
        return text
    empty = [side for side in sides if sides[side] is None or (isinstance(sides[side], CommentedMap)
                                                                and not len(sides[side]))]
    if not empty:
        return text
    if len(empty) == len(sides):
        line = document.lc.key("sides")[0]
        return "".join(lines[:line] + lines[_block_end(lines, line) + 1:])
    for side in sorted(empty, key=lambda name: -sides.lc.key(name)[0]):  # from the bottom: line numbers hold
        line = sides.lc.key(side)[0]
        del lines[line:_block_end(lines, line) + 1]
    return "".join(lines)


def _pos(value: Any) -> Pos | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                           for v in value):
        return value[0] - 1, value[1] - 1
    return None


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" "))]


def _ended(lines: list[str]) -> list[str]:
    """The lines, the last one ended with a newline."""
    if lines and not lines[-1].endswith("\n"):
        return lines[:-1] + [lines[-1] + "\n"]
    return lines


def _block_end(lines: list[str], line: int) -> int:
    """The last line of the block that starts with the key on `line`: the lines after it indented deeper (blank
    lines and comments after its last line are not its own)."""
    depth = len(_indent(lines[line]))
    end = line
    for i in range(line + 1, len(lines)):
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(_indent(lines[i])) <= depth:
            break
        end = i
    return end


def _span(text: str, seq: CommentedSeq, index: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where item `index` of a block list is written: from its first character to just past its last, as
    (line, column) pairs from 0. A flow item ends at its closing bracket."""
    lines = text.splitlines(keepends=True)
    line, column = seq.lc.item(index)
    if lines[line][column] not in "{[":
        raise ValueError("the editor edits units written as {name: ..., at: [x, y]} on their line")
    return (line, column), _flow_end(lines, line, column)


def _flow_end(lines: list[str], line: int, column: int) -> tuple[int, int]:
    """Where the flow value opening at (line, column) closes: its line and the column just past its bracket."""
    depth, quote, skip = 0, "", False
    for l in range(line, len(lines)):
        for c in range(column if l == line else 0, len(lines[l])):
            ch = lines[l][c]
            if skip:
                skip = False
            elif quote:
                quote, skip = _in_quote(lines[l], c, quote)
            elif ch in "'\"" and _opens_quote(lines[l], c):
                quote = ch
            elif ch in "{[":
                depth += 1
            elif ch in "}]":
                depth -= 1
                if depth == 0:
                    return l, c + 1
    raise ValueError("an unclosed bracket")


def _opens_quote(text: str, c: int) -> bool:
    """Whether the quote at `c` begins a quoted value: only where a value begins (after `[`, `{`, `,` or `:`, or at
    the line's start). One inside a plain word is a letter: the editor itself writes `Duellist's Foil` unquoted."""
    before = text[:c].rstrip()
    return not before or before[-1] in "[{,:"


def _in_quote(text: str, c: int, quote: str) -> tuple[str, bool]:
    """Inside a quoted value, at character `c`: the quote still open ("" once it closes here), and whether the next
    character is this one's escape (a doubled `''` in single quotes, a backslash's in double quotes)."""
    ch, after = text[c], text[c + 1:c + 2]
    if quote == "'" and ch == "'":
        return ("'", True) if after == "'" else ("", False)
    if quote == '"' and ch == "\\":
        return quote, True
    return ("" if ch == quote else quote), False


def _comment_kept(lines: list[str], node: CommentedMap, key: str, new: list[str]) -> list[str]:
    """`new`, the lines that write `key` of `node` again in flow style, with what followed its old flow value on the
    file's line (a comment) kept after the last of them, as a unit's line keeps what follows its `}` (ED31), and the
    comments between its lines kept above the key (ED52); a plain value written again on one line keeps the comment
    after it too (ED50)."""
    line, column = node.lc.value(key)
    if not new:
        return new
    if node.lc.key(key)[0] != line:  # a block value, begun on the line after its key
        return _key_comment_kept(lines, node, key, new)
    if lines[line][column:column + 1] not in ("[", "{"):
        return _scalar_comment_kept(lines, node, key, new)
    end, after = _flow_end(lines, line, column)
    tail = lines[end][after:].rstrip("\r\n")
    if tail.strip():
        new = new[:-1] + [new[-1].rstrip("\n") + tail + "\n"]
    # A comment between the lines of a wrapped value has no place in the lines that write it again: it goes on its
    # own line above the key, at the key line's indent, rather than being lost.
    inner = _inner_comments(lines, line, column, end)
    key_line = node.lc.key(key)[0]
    return [f"{_indent(lines[key_line])}{comment}\n" for comment in inner] + new


def _key_comment_kept(lines: list[str], node: CommentedMap, key: str, new: list[str]) -> list[str]:
    """`new`, the lines that write `key` again, with the comment that followed `key:` on its own line (its value a
    block begun on the next) kept after the key in the first of them, at the author's gap (ED52)."""
    line, column = node.lc.key(key)
    text = lines[line].rstrip("\r\n")
    colon = text.find(":", column + len(str(key)))
    rest = text[colon + 1:] if colon >= 0 else ""
    if not new or not rest.strip().startswith("#"):
        return new
    return [new[0].rstrip("\n") + rest + "\n"] + new[1:]


def _inner_comments(lines: list[str], line: int, column: int, end: int) -> list[str]:
    """The comments inside the flow value that opens at (line, column) and closes on line `end`, each as `# ...`:
    those ending one of its lines before the last (a `#` after a space, outside quotes)."""
    found = []
    quote, skip = "", False
    for l in range(line, end):
        text = lines[l].rstrip("\r\n")
        for c in range(column if l == line else 0, len(text)):
            ch = text[c]
            if skip:
                skip = False
            elif quote:
                quote, skip = _in_quote(text, c, quote)
            elif ch in "'\"" and _opens_quote(text, c):
                quote = ch
            elif ch == "#" and (c == 0 or text[c - 1] in " \t"):
                found.append(text[c:].rstrip())
                break
    return found


def _scalar_comment_kept(lines: list[str], node: CommentedMap, key: str, new: list[str]) -> list[str]:
    """`new`, one line writing a plain value of `key` again, with the comment that followed the old value on its
    line kept after it, at the same gap (`war_chest: 300  # for six hires`). Anything else is returned as it is."""
    noted = node.ca.items.get(key)
    comment = noted[2] if noted and len(noted) > 2 else None
    line = node.lc.key(key)[0]
    if len(new) != 1 or comment is None or comment.start_mark.line != line:
        return new
    start = comment.start_mark.column
    while start > 0 and lines[line][start - 1] in " \t":  # the author's gap before the `#`
        start -= 1
    return [new[0].rstrip("\n") + lines[line][start:].rstrip("\r\n") + "\n"]


def _flow(value: Any) -> str:
    """A value in YAML's flow style on one line, as the bundled scenarios write their units."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _YAML_WORDS and not text.endswith(" "):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
