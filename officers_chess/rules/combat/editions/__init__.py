"""The editions of the rules, one module each, looked up by name (the only list of editions in the game).

Loading this package plugs each edition into the layers below it, which never import it: its terrain table
into the board, its price rates into pricing, its combat into the exchange. Its own tags and their points are
registered as its modules load. `officers_chess.rules` loads it first, so no lookup below ever misses.
"""

from __future__ import annotations

from officers_chess.rules.board.terrain import register_table
from officers_chess.rules.combat.editions.base import Edition
from officers_chess.rules.combat.editions.d100 import D100_EDITION
from officers_chess.rules.combat.editions.ratings import RATINGS
from officers_chess.rules.combat.editions.v06 import V06_EDITION
from officers_chess.rules.combat.exchange import plug_in_combat
from officers_chess.rules.pieces.price_rates import plug_in_rates

DEFAULT_EDITION = "v0.6"
EDITIONS: dict[str, Edition] = {e.name: e for e in (V06_EDITION, RATINGS, D100_EDITION)}

for _edition in EDITIONS.values():
    register_table(_edition.name, _edition.terrain)
    plug_in_rates(_edition.name, _edition.price_rates)
    plug_in_combat(_edition.name, _edition)


def rules_for(name: str) -> Edition:
    """The edition called `name` (KeyError naming the known ones otherwise)."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise KeyError(f"unknown edition {name!r} (this version plays {', '.join(EDITIONS)})") from None


__all__ = ["DEFAULT_EDITION", "EDITIONS", "Edition", "rules_for"]
