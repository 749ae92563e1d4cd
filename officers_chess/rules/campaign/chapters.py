"""A chapter's aftermath: who came through and who was lost, the record of its gold, and the campaign's winner."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from officers_chess.rules.battle.state import GameState
from officers_chess.rules.campaign.book import PLAYERS, Chapter, Player
from officers_chess.rules.campaign.company import Company, Veteran
from officers_chess.rules.campaign.payouts import Payout
from officers_chess.rules.muster.army import Recruit
from officers_chess.rules.pieces.models import Side

Winner = Player | None


class ChapterRecord(BaseModel):
    """A chapter played: what `campaign simulate --json` prints for it (`public`), and the muster's net gold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    scenario: str  # its title
    sides: dict[Player, Side]
    winner: Player | None
    tier: str  # decisive, victory or draw
    chest_before: dict[Player, int]  # the chest after the last chapter, plus this chapter's stipend
    stipend: dict[Player, int]
    spent: dict[Player, int]  # the muster's gold out of the chest, less what it sold (may be below 0)
    payouts: dict[Player, list[Payout]]
    chest_after: dict[Player, int]  # the chest the muster left, plus the payouts
    survivors: dict[Player, list[str]]
    lost: dict[Player, list[str]]

    def public(self) -> dict:
        """The chapter in the shape the headless interface promises (PRODUCT.md, `campaign simulate`)."""
        data = self.model_dump(mode="json", exclude={"id", "spent"})
        data["winner"] = self.winner or "draw"
        return {key: data[key] for key in ("scenario", "sides", "winner", "tier", "chest_before", "stipend",
                                           "payouts", "chest_after", "survivors", "lost")}


def fielded_id(side: Side, index: int) -> str:
    """The id a battle gives the `index`-th unit (from 0) of a side's mustered army (`new_battle` numbers the army
    first, the scenario's reinforcements after it): how a company's units are told from the scenario's own, even
    when a reinforcement bears the same name."""
    return f"{side.value[0]}{index + 1}"


def come_through(state: GameState, side: Side, fielded: list[Recruit], earlier: Company) -> tuple[list[Veteran], list[str]]:
    """The fielded units still standing at the end (on the field or escaped), as veterans with the kit they carry
    now (items used up are gone), and the names of those routed. The scenario's own units (reinforcements) are
    not the company's. Veterans waiting in reserve are not in `fielded`: they stay as they were."""
    ids = {u.id: u for u in state.units if u.side is side}
    survivors: list[Veteran] = []
    lost: list[str] = []
    for index, recruit in enumerate(fielded):
        unit = ids.get(fielded_id(side, index))
        if unit is None or unit.name != recruit.name:
            continue
        if unit.routed:
            lost.append(unit.name)
            continue
        kept = [item for item in unit.inventory if item.uses_left != 0]
        before = earlier.veteran(unit.name)
        survivors.append(Veteran(name=unit.name, unit_class=unit.unit_class.name, items=[i.name for i in kept],
                                 used=[i.used for i in kept] if any(i.used for i in kept) else [],
                                 battles=min(99, (before.battles if before else 0) + 1)))
    return survivors, lost


def campaign_winner(records: list[ChapterRecord]) -> Winner:
    """The player who won more chapters; a draw when they won as many."""
    wins = {p: sum(1 for r in records if r.winner == p) for p in PLAYERS}
    if wins["p1"] == wins["p2"]:
        return None
    return "p1" if wins["p1"] > wins["p2"] else "p2"


def result_of(state: GameState, chapter: Chapter) -> tuple[Winner, str]:
    """The chapter's winner (a player, None for a draw or an unfinished battle) and the tier of the result."""
    result = state.result
    if result is None or result.winner is None:
        return None, "draw"
    return chapter.player_of(result.winner), result.tier
