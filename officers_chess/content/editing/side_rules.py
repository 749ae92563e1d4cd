"""A side's hiring rules (allowed classes and items, army size, required roles) and the scenario's morale, read and
spliced as the loader reads them; a rule put back to its default is taken out of the file."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from ruamel.yaml.comments import CommentedMap

from officers_chess.content.editing.roundtrip import plain
from officers_chess.content.editing.scenario_settings import set_side, set_top
from officers_chess.content.editing.yaml_lines import _load
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.scenario.setup import ArmyLimits, SideRules

RULE_KEYS = ("classes", "items", "army", "roles")
MORALE_KEYS = ("start", "waver", "broken", "rally")
DEFAULT_ARMY = ArmyLimits()


def side_rules(text: str, side: str) -> dict[str, Any]:
    """The side's rules as plain values: `classes`/`items` a list (empty: all allowed), `army` {min, max} with the
    defaults filled in, `roles` a list of {role, count}."""
    document = _load(text)
    sides = document.get("sides") if isinstance(document, CommentedMap) else None
    entry = sides.get(side) if isinstance(sides, CommentedMap) else None
    entry = plain(entry) if isinstance(entry, CommentedMap) else {}
    army = entry.get("army") if isinstance(entry.get("army"), dict) else {}
    return {"classes": list(entry.get("classes") or []), "items": list(entry.get("items") or []),
            "army": {"min": army.get("min", DEFAULT_ARMY.min), "max": army.get("max", DEFAULT_ARMY.max)},
            "roles": [dict(r) for r in entry.get("roles") or []]}


def rules_refused(wanted: dict[str, Any]) -> str | None:
    """The loader's words for rules it would refuse (a size out of range, min above max, a count of no role)."""
    try:
        rules = SideRules.model_validate(_written(wanted))
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        return f"{where}: {error['msg']}" if where else error["msg"]
    if rules.army.min > rules.army.max:  # as check_scenario words it
        return f"army min {rules.army.min} is above max {rules.army.max}"
    return None


def _written(wanted: dict[str, Any]) -> dict[str, Any]:
    """The keys as the file writes them, a default left out: no classes or items is all of them, the army's
    default size unwritten, no roles required."""
    army = {key: value for key, value in wanted["army"].items() if value != getattr(DEFAULT_ARMY, key)}
    roles = [{"role": r["role"], "count": r.get("count", 1)} if r.get("count", 1) != 1 else {"role": r["role"]}
             for r in wanted["roles"]]
    found = {"classes": list(wanted["classes"]), "items": list(wanted["items"]), "army": army, "roles": roles}
    return {key: value for key, value in found.items() if value}


def with_side_rules(text: str, side: str, wanted: dict[str, Any]) -> str:
    """The text with each of the side's rules that differs from `wanted` spliced on its own lines (or taken out)."""
    now, written = side_rules(text, side), _written(wanted)
    for key in RULE_KEYS:
        if _written({**now, key: wanted[key]}).get(key) != _written(now).get(key):
            text = set_side(text, side, key, written.get(key))
    return text


def morale(text: str) -> dict[str, int] | None:
    """The scenario's `morale:` block as written (keys it leaves out absent), None when it plays without morale."""
    document = _load(text)
    value = document.get("morale") if isinstance(document, CommentedMap) else None
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else None


def morale_refused(wanted: dict[str, int] | None) -> str | None:
    """The rules' own words for a morale block they would refuse (levels out of order or out of range)."""
    if wanted is None:
        return None
    try:
        MoraleRules.model_validate(wanted)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        return f"morale.{where}: {message}" if where else message
    return None


def with_morale(text: str, wanted: dict[str, int] | None) -> str:
    """The text with the `morale:` block set to `wanted` (one line, keys in the rules' order), or taken out (None)."""
    if wanted == morale(text):
        return text
    value = {key: wanted[key] for key in MORALE_KEYS if key in wanted} if wanted is not None else None
    return set_top(text, "morale", value)
