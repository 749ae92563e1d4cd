"""The editions of the rules, one module each, looked up by name (the only list of editions in the game)."""

from __future__ import annotations

from officers_chess.rules.editions.base import Edition
from officers_chess.rules.editions.d100 import D100_EDITION
from officers_chess.rules.editions.ratings import RATINGS
from officers_chess.rules.editions.v06 import V06_EDITION
from officers_chess.rules.terrain import register_table

DEFAULT_EDITION = "v0.6"
EDITIONS: dict[str, Edition] = {e.name: e for e in (V06_EDITION, RATINGS, D100_EDITION)}

for _edition in EDITIONS.values():
    register_table(_edition.name, _edition.terrain)


def rules_for(name: str) -> Edition:
    """The edition called `name` (KeyError naming the known ones otherwise)."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise KeyError(f"unknown edition {name!r} (this version plays {', '.join(EDITIONS)})") from None


__all__ = ["DEFAULT_EDITION", "EDITIONS", "Edition", "rules_for"]
