"""Opening a battle for the app: a new one, or one resumed from its save. The app gets the battle back as a
handle (`Battle`) that it passes to the battle screen unread."""

from __future__ import annotations

from officers_chess.content.autosave import Resumed
from officers_chess.content.loaders import LoadedScenario
from officers_chess.rules.battle.physical import roll_your_own
from officers_chess.rules.battle.state import GameState

# The battle itself, as the app hands it to the session on opening a battle screen: a screen passes it on unread,
# and is given back only the seat's view of it (docs/architecture.md).
Battle = GameState


def new_battle(loaded: LoadedScenario, seed: int, armies: dict | None, own_dice: bool) -> Battle:
    """Round 1 of a battle (with the armies the sides hired, where they did); with `own_dice`, the players roll
    real dice and type each result in."""
    battle = loaded.new_battle(seed, armies=armies or None)
    return roll_your_own(battle) if own_dice else battle


def resumed_battle(resumed: Resumed) -> Battle:
    """The battle as its save left it (replayed and checked by `resume_state`)."""
    return resumed.state


def is_over(battle: Battle) -> bool:
    """Whether the battle has ended (its result is not read yet)."""
    return battle.is_over
