"""Where a campaign stands between battles: each player's company, the chapters played, and the chapter next."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from officers_chess.rules.battle.state import GameState
from officers_chess.rules.campaign.book import PLAYERS, Campaign, Chapter, Player, other
from officers_chess.rules.campaign.chapters import ChapterRecord, come_through, fielded_id, result_of
from officers_chess.rules.campaign.company import Company
from officers_chess.rules.campaign.payouts import Payout, chapter_payouts
from officers_chess.rules.muster.army import Army


class CampaignProgress(BaseModel):
    """The campaign between two chapters: JSON in, JSON out (a campaign save holds it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    companies: dict[Player, Company]
    records: list[ChapterRecord] = Field(default_factory=list, max_length=40)
    next: str | None = None  # the id of the chapter to play next; None once the campaign is over

    @property
    def over(self) -> bool:
        return self.next is None


def begin(campaign: Campaign) -> CampaignProgress:
    """The campaign before its first chapter: each company its starting chest and no veterans."""
    return CampaignProgress(companies={p: Company(chest=campaign.players[p].chest) for p in PLAYERS},
                            next=campaign.chapters[0].id)


def with_stipend(progress: CampaignProgress, chapter: Chapter) -> dict[Player, Company]:
    """Each company as it comes to the chapter's muster: its chest with the chapter's stipend added."""
    return {p: c.model_copy(update={"chest": c.chest + chapter.stipend.get(p, 0)}) for p, c in progress.companies.items()}


def close_chapter(progress: CampaignProgress, campaign: Campaign, chapter: Chapter, scenario_name: str,
                  before: dict[Player, Company], mustered: dict[Player, Company], armies: dict[Player, Army],
                  costs: dict[Player, dict[str, int]], state: GameState) -> CampaignProgress:
    """The campaign after a chapter's battle. `before`: the companies at the muster (stipend paid); `mustered`:
    what each muster left at home (the chest and the veterans in reserve); `armies` and their `costs`: what
    each fielded. Survivors come home as veterans, the routed are lost, and each chest gets its payouts."""
    winner, tier = result_of(state, chapter)
    by_id = {chapter.sides[p]: {fielded_id(chapter.sides[p], i): costs[p][r.name] for i, r in enumerate(armies[p].units)}
             for p in PLAYERS}
    pay = chapter_payouts(state, chapter, campaign.payouts, by_id)
    companies: dict[Player, Company] = {}
    survivors: dict[Player, list[str]] = {}
    lost: dict[Player, list[str]] = {}
    for player in PLAYERS:
        home, through = mustered[player], come_through(state, chapter.sides[player], armies[player].units, before[player])
        companies[player] = Company(chest=home.chest + sum(p.gold for p in pay[player]),
                                    veterans=[*home.veterans, *through[0]], fallen=[*home.fallen, *through[1]])
        survivors[player] = [v.name for v in through[0]]
        lost[player] = through[1]
    record = ChapterRecord(
        id=chapter.id, scenario=scenario_name, sides=dict(chapter.sides), winner=winner, tier=tier,
        chest_before={p: before[p].chest for p in PLAYERS}, stipend={p: chapter.stipend.get(p, 0) for p in PLAYERS},
        spent={p: before[p].chest - mustered[p].chest for p in PLAYERS}, payouts=pay,
        chest_after={p: companies[p].chest for p in PLAYERS}, survivors=survivors, lost=lost)
    following = campaign.following(chapter, winner, tier)
    return CampaignProgress(companies=companies, records=[*progress.records, record],
                            next=None if following is None else following.id)


def forfeit_chapter(progress: CampaignProgress, campaign: Campaign, chapter: Chapter, scenario_name: str,
                    before: dict[Player, Company], forfeits: list[Player]) -> CampaignProgress:
    """The chapter given up without a battle by the companies that cannot field the smallest army its scenario
    allows (docs/rulings.md C9): when one does, the other wins it decisively and is paid that tier's purse; when
    both do, it is a draw. Both companies keep their gold and veterans, and nobody is lost."""
    winner = other(forfeits[0]) if len(set(forfeits)) == 1 else None
    purse = campaign.payouts.tiers.decisive
    pay: dict[Player, list[Payout]] = {"p1": [], "p2": []}
    if winner is not None and purse:
        side = chapter.sides[forfeits[0]].value
        pay[winner].append(Payout(reason=f"a decisive win: the {side} could not take the field", gold=purse))
    tier = "decisive" if winner is not None else "draw"
    companies = {p: before[p].model_copy(update={"chest": before[p].chest + sum(x.gold for x in pay[p])})
                 for p in PLAYERS}
    record = ChapterRecord(
        id=chapter.id, scenario=scenario_name, sides=dict(chapter.sides), winner=winner, tier=tier,
        chest_before={p: before[p].chest for p in PLAYERS}, stipend={p: chapter.stipend.get(p, 0) for p in PLAYERS},
        spent={p: 0 for p in PLAYERS}, payouts=pay, chest_after={p: companies[p].chest for p in PLAYERS},
        survivors={p: [] for p in PLAYERS}, lost={p: [] for p in PLAYERS})
    following = campaign.following(chapter, winner, tier)
    return CampaignProgress(companies=companies, records=[*progress.records, record],
                            next=None if following is None else following.id)
