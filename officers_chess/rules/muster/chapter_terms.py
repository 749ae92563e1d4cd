"""A campaign chapter's terms for its scenario: each war chest is the price of the army fielded, and no Outfitting."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario


class ChapterTerms(BaseModel):
    """What a campaign changes in a chapter's scenario. The campaign settles the gold before the battle (its
    veterans come paid for, its purchases come out of the player's chest), so each side's war chest in the battle
    is the list price of the army it fields, and Outfitting is skipped: the kit was bought at the muster."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    war_chests: dict[Side, int] = Field(default_factory=dict)  # each side's list price of its fielded army

    def scenario(self, scenario: Scenario) -> Scenario:
        """The chapter's scenario: the file's, with these war chests and no Outfitting step."""
        sides = {side: scenario.rules(side).model_copy(update={"war_chest": self.war_chests.get(side, 0),
                                                               "outfit": False})
                 for side in Side}
        return scenario.model_copy(update={"sides": sides})
