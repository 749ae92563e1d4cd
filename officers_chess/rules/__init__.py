"""The rules core: the board, the pieces, combat with its editions, the battle, scenarios, army building, the
battle record and the rules reference, in that order from the bottom up (docs/architecture.md); no UI imports.

The editions are loaded here, before any module below them is used, so that each one's terrain, prices, tags
and combat are plugged in wherever the lower layers look an edition up by name.
"""

from officers_chess.rules.combat import editions  # plugs every edition in

__all__ = ["editions"]
