"""The YAML loader every content file is read with: libyaml's parser where it is built in, and a schema that takes
only YAML 1.2's decimal numbers (rulings X3), with a bound on their digits before any number is built."""

from __future__ import annotations

import re
from typing import Any

import yaml

from officers_chess.content.errors import quote

MAX_FILE_BYTES = 1_000_000  # content files are hand-written; anything larger is a mistake or an attack
TOO_MANY_DIGITS = "a number with more digits than any file needs"
MAX_NUMBER_CHARACTERS = 4300  # Python's own bound on the digits of a whole number read from text


class TextProblem(yaml.YAMLError):
    """A YAML text this program refuses before building its data; `line` is 1-based."""

    def __init__(self, problem: str, line: int | None) -> None:
        super().__init__(problem)
        self.problem, self.line = problem, line


# --- the YAML 1.2 core schema's plain values, in decimal (ruling X3) ---------------------------------------------
#
# PyYAML reads YAML 1.1: `0x1F`, `0o17`, `017` (octal), `0b101`, `1_000` and `1:20:30` (base 60) are numbers
# there, `yes`/`no`/`on`/`off` are true and false, `2024-01-02` is a date. Content files are read with the
# YAML 1.2 core schema's forms only, numbers in decimal: a whole number is digits (a sign before them), a
# number with a fraction has a point or an exponent, true/false and null as 1.2 writes them; every other plain
# value is text. A plain value that YAML 1.1 would read as a number in another notation is refused rather than
# read as text, so a file means one thing to every YAML reader. No number is built before its length is
# checked, nor any Python object but text, numbers, true/false, null, lists and mappings.

_WHOLE = re.compile(r"[-+]?[0-9]+")
_FRACTION = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
# YAML 1.1's other notations: binary, octal (0o17, or a leading zero), hex, base 60, and underscores anywhere.
# Written so that no text, however long, makes the match take more than one pass over it.
_OTHER_NOTATION = re.compile(r"""^(?:[-+]?(?:0b[01_]+|0o[0-7_]+|0x[0-9a-fA-F_]+|0[0-9_]+(?:\.[0-9_]*)?
                                 |[0-9][0-9_]*(?::[0-9_]+)+(?:\.[0-9_]*)?)
                                 |(?=[^_]*_)[-+]?\.?[0-9][0-9_.]*(?:[eE][-+]?[0-9]+)?)$""", re.X)
_OTHER_TAG = "tag:officers-chess,2024:other-notation"


class _Resolver(yaml.resolver.BaseResolver):
    """Which plain values are not text: YAML 1.2 core's forms, decimal numbers only."""


for _tag, _pattern, _first in [
    (_OTHER_TAG, _OTHER_NOTATION, list("-+.0123456789")),
    ("tag:yaml.org,2002:int", re.compile(rf"^{_WHOLE.pattern}$"), list("-+0123456789")),
    ("tag:yaml.org,2002:float", re.compile(rf"^{_FRACTION.pattern}$"), list("-+.0123456789")),
    ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")),
    ("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:merge", re.compile(r"^<<$"), ["<"]),
]:
    _Resolver.add_implicit_resolver(_tag, _pattern, _first)


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _number_text(constructor: Any, node: yaml.Node, form: re.Pattern[str], what: str) -> str:
    text = constructor.construct_scalar(node)
    if len(text) > MAX_NUMBER_CHARACTERS:
        raise TextProblem(TOO_MANY_DIGITS, _line(node))
    if not form.fullmatch(text):
        raise TextProblem(f"{quote(text)} is not {what} written in decimal", _line(node))
    return text


class _Constructor(yaml.constructor.SafeConstructor):
    """The safe constructor, building numbers in decimal only and no dates, bytes, sets or ordered maps."""

    yaml_constructors = {tag: build for tag, build in yaml.constructor.SafeConstructor.yaml_constructors.items()
                         if tag is None or tag.rsplit(":", 1)[-1] not in {"timestamp", "binary", "set", "omap", "pairs"}}

    def construct_yaml_int(self, node: yaml.Node) -> int:
        return int(_number_text(self, node, _WHOLE, "a whole number"))

    def construct_yaml_float(self, node: yaml.Node) -> float:
        return float(_number_text(self, node, _FRACTION, "a number"))

    def construct_yaml_bool(self, node: yaml.Node) -> bool:
        text = self.construct_scalar(node)
        if text.lower() not in ("true", "false"):
            raise TextProblem(f"{quote(text)} is neither true nor false", _line(node))
        return text.lower() == "true"

    def construct_other_notation(self, node: yaml.Node) -> None:
        text = self.construct_scalar(node)
        shown = quote(text) if len(text) <= 40 else "the value"
        raise TextProblem(f"{shown} is a number in a notation this game does not read (hex, octal, binary, base 60, "
                          "a leading zero or underscores): write it in plain decimal digits, or in quotes if it "
                          "is text", _line(node))


_Constructor.yaml_constructors.update({
    "tag:yaml.org,2002:int": _Constructor.construct_yaml_int,
    "tag:yaml.org,2002:float": _Constructor.construct_yaml_float,
    "tag:yaml.org,2002:bool": _Constructor.construct_yaml_bool,
    _OTHER_TAG: _Constructor.construct_other_notation,
})

_PARSER = getattr(yaml, "CParser", None) or getattr(getattr(yaml, "cyaml", None), "CParser", None)


if _PARSER is not None:
    class ContentLoader(_PARSER, _Constructor, _Resolver):  # type: ignore[misc,valid-type]
        """libyaml's parser (several times faster: start-up reads every bundled file) with the schema above."""

        def __init__(self, stream: str) -> None:
            _PARSER.__init__(self, stream)
            _Constructor.__init__(self)
            _Resolver.__init__(self)
else:  # PyYAML built without libyaml
    class ContentLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser,  # type: ignore[no-redef]
                        yaml.composer.Composer, _Constructor, _Resolver):
        """The pure-Python parser with the schema above."""

        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)
            _Constructor.__init__(self)
            _Resolver.__init__(self)

SAFE_LOADER = ContentLoader
