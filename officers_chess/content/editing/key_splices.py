"""One key of a scenario's mapping, or one item of a block list, written back as a splice of only its own lines:
the rest of the file (its comments, its layout) stays as the author wrote it."""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.yaml_lines import (_ended, _flow, _indent, _key_comment_kept, _load,
                                                       _scalar_comment_kept, _span)


def _document(text: str) -> CommentedMap:
    document = _load(text)
    return document if isinstance(document, CommentedMap) else CommentedMap()


def _node(document: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


def _end(lines: list[str], line: int, column: int) -> int:
    """The last line of what begins at (line, column): the lines after it indented further than `column` - 1
    (blank lines and comments after its last line are not its own)."""
    end = line
    for i in range(line + 1, len(lines)):
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(_indent(lines[i])) < column:
            break
        end = i
    return end


def _rendered(key: str, value: Any, indent: str) -> list[str]:
    """`key: value` in block style at `indent`: a list's items each a flow line, a mapping's keys each below."""
    if value is None or value == [] or value == "":
        return []
    if isinstance(value, list):
        return [f"{indent}{key}:\n"] + [f"{indent}  - {_flow(item)}\n" for item in value]
    if isinstance(value, dict):
        return [f"{indent}{key}:\n"] + [line for k, v in value.items() for line in _rendered(k, v, indent + "  ")]
    return [f"{indent}{key}: {_flow(value)}\n"]


def set_key(text: str, path: tuple[str | int, ...], key: str, value: Any, rename: str | None = None) -> str:
    """The text with `key` of the mapping at `path` set to `value` (None: left out), only its own lines rewritten; a
    mapping written on one line is written again whole. `rename` writes the value under another key in its place."""
    document, lines = _load(text), text.splitlines(keepends=True)
    node = _node(document, path)
    new_key = rename or key
    if key not in node and value is None:
        return text
    if node.fa.flow_style():
        values = {(new_key if k == key else k): v for k, v in node.items()}
        if value is None:
            values.pop(new_key)
        else:
            values[new_key] = value
        return _spliced(text, _span(text, _node(document, path[:-1]), path[-1]), _flow(values))
    if key in node:
        line, column = node.lc.key(key)
        end = _end(lines, line, column + 1)
        new = _rendered(new_key, value, " " * column)
        if isinstance(value, list) and new:
            new = new[:1] + _kept(lines, node[key], value, new[1:])
            if end != line:  # a block list: the comment after its key stays (ED52)
                new = _key_comment_kept(lines, node, key, new)
        elif end == line:  # a value on one line: the comment after it stays (ED50)
            new = _scalar_comment_kept(lines, node, key, new)
        if new and column > len(_indent(lines[line])):  # the first key of a list item: keep its `- `
            new[0] = lines[line][:column] + new[0].lstrip()
        elif not new and column > len(_indent(lines[line])):
            rest = [k for k in node if k != key]
            if not rest:
                raise ValueError("the editor cannot leave this entry empty")
            # The next key moves up onto the item's line.
            following = node.lc.key(rest[0])[0]
            lines[following] = lines[line][:column] + lines[following].lstrip()
        return "".join(lines[:line] + new + lines[end + 1:])
    keys = list(node)
    column = node.lc.key(keys[0])[1]
    last_line, last_column = node.lc.key(keys[-1])
    end = _end(lines, last_line, last_column + 1)
    return "".join(_ended(lines[:end + 1]) + _rendered(new_key, value, " " * column) + lines[end + 1:])


def _kept(lines: list[str], old: Any, value: list[Any], written: list[str]) -> list[str]:
    """The list's item lines with each item the file already had, on one line, kept as the author wrote it (a
    changed script line is the only one rewritten)."""
    if not isinstance(old, CommentedSeq) or old.fa.flow_style():
        return written
    had: dict[int, str] = {}
    for i, item in enumerate(old):
        line, column = old.lc.item(i)
        if _end(lines, line, column) == line and lines[line].lstrip().startswith("- "):
            had[i] = lines[line] if lines[line].endswith("\n") else lines[line] + "\n"
    kept, used = [], set()
    for value_item, new_line in zip(value, written):
        found = next((i for i in had if i not in used and plain(old[i]) == value_item), None)
        kept.append(new_line if found is None else had[found])
        if found is not None:
            used.add(found)
    return kept


def appended(text: str, key: str, item: dict[str, Any]) -> str:
    """The text with `item` added at the end of the top-level block list `key` (the key added when missing)."""
    document, lines = _document(text), text.splitlines(keepends=True)
    seq = document.get(key)
    if isinstance(seq, CommentedSeq) and len(seq) and not seq.fa.flow_style():
        line, column = seq.lc.item(len(seq) - 1)
        end = _end(lines, line, column)
        return "".join(_ended(lines[:end + 1]) + _item(item, " " * (column - 2)) + lines[end + 1:])
    if key in document:  # `key: []`, or a flow list: written again as a block list
        line = document.lc.key(key)[0]
        end = _end(lines, line, 1)
        old = list(plain(seq)) if isinstance(seq, CommentedSeq) else []
        block = [f"{key}:\n"] + [part for value in old + [item] for part in _item(value, "  ")]
        return "".join(lines[:line] + block + lines[end + 1:])
    return "".join(_ended(lines) + [f"{key}:\n"] + _item(item, "  "))


def _item(value: dict[str, Any], indent: str) -> list[str]:
    """A mapping as a block list's item at `indent`: its first key on the `- ` line, the rest below it."""
    lines = [line for k, v in value.items() for line in _rendered(k, v, indent + "  ")]
    lines[0] = f"{indent}- {lines[0].lstrip()}"
    return lines


def item_removed(text: str, path: tuple[str | int, ...], index: int) -> str:
    """The text without item `index` of the block list at `path` (a list left empty is written `[]`)."""
    document, lines = _load(text), text.splitlines(keepends=True)
    seq = _node(document, path)
    if seq.fa.flow_style():
        raise ValueError("this list is written on one line: edit it by hand")
    line, column = seq.lc.item(index)
    end = _end(lines, line, column)
    if len(seq) == 1:  # the key stays, with an empty list
        parent = _node(document, path[:-1])
        key_line, key_column = parent.lc.key(path[-1])
        return "".join(lines[:key_line] + [f"{' ' * key_column}{path[-1]}: []\n"] + lines[end + 1:])
    return "".join(lines[:line] + lines[end + 1:])


def _spliced(text: str, span: tuple[tuple[int, int], tuple[int, int]], new: str) -> str:
    (l1, c1), (l2, c2) = span
    lines = text.splitlines(keepends=True)
    return "".join(lines[:l1] + [lines[l1][:c1] + new + lines[l2][c2:]] + lines[l2 + 1:])
