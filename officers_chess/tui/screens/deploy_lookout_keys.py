"""The deployment screen's lookout keys: z for the enemies' danger zone, t for the threat inspector (mixed into DeploymentScreen)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from rich.text import Text

from officers_chess.rules.pieces.models import Side
from officers_chess.session.deploy_lookout import DeployLookout
from officers_chess.tui.widgets.deploy_lookout_text import deploy_danger_legend, deploy_inspector_text
from officers_chess.tui.widgets.deploy_map import DeployController


class DeployLookoutKeys:
    """What z and t do while deploying, and what they put in the side pane (rulings L51)."""

    lookout: DeployLookout
    controller: DeployController
    side: Side
    _refresh: Callable[..., None]  # the screen's own: redraws the map and the side pane

    def action_danger(self) -> None:
        """z: the enemies' danger zone on the map, or off again."""
        self.lookout.danger_on = not self.lookout.danger_on
        self._refresh()

    def action_inspect(self) -> None:
        """t: the threat inspector in the side pane (every enemy that could attack the unit on the cursor's tile)."""
        self.lookout.inspecting = not self.lookout.inspecting
        self._refresh()

    def danger_legend(self) -> Text:
        """What the digits on the map mean, while they are on it (nothing otherwise)."""
        if not self.lookout.danger_on:
            return Text()
        return deploy_danger_legend(len(self.lookout.enemies())) + Text("\n")

    def inspector_sheet(self, subject: str | None) -> RenderableType | None:
        """The inspector's list for `subject` (the own unit under the cursor, else the one in hand) on the cursor's
        tile; None while it is closed, or on an enemy's tile (its own sheet shows there)."""
        c = self.controller
        other = c.board.unit_at(c.cursor)
        if not self.lookout.inspecting or (other is not None and other.side is not self.side):
            return None
        threats = self.lookout.threats(subject, c.cursor) if subject is not None else []
        stands = subject is None or self.lookout.subject(subject, c.cursor) is not None
        return deploy_inspector_text(subject, c.cursor, threats, len(self.lookout.enemies()), stands)
