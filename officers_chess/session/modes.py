"""The steps of a person's turn on the battle screen, and which of them are chosen from a menu."""

from __future__ import annotations

from enum import Enum


class Mode(str, Enum):
    """The steps of a combat turn as the player walks through them."""

    BROWSE = "browse"  # looking around; choose a unit to activate
    MOVING = "moving"  # a unit is selected; choose where it moves
    PREPARE = "prepare"  # before it moves: free actions (equip, trade, discard) from a menu
    ACTING = "acting"  # the unit has moved; choose its action
    TARGETING = "targeting"  # choose the unit or tile the chosen action is aimed at (forecast on screen)
    PLACING = "placing"  # choose a tile: where a rescued, warped or entrapped unit lands, or a Rewarp, Vein, Pick goes
    CANTO = "canto"  # after a non-attack action, a Canto unit may spend its movement left
    AFTER = "after"  # the action is done and the turn stays open: free actions, then end the turn
    COMPUTER = "computer"  # the computer plays the side to act; the player watches
    OVER = "over"


MENU_MODES = (Mode.PREPARE, Mode.ACTING, Mode.AFTER)  # the steps chosen from a menu in the side pane
