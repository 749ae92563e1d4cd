"""A campaign file as data: two players and their chests, the chapters in order, where results lead, and the payouts."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from officers_chess.rules.pieces.models import Side

Player = Literal["p1", "p2"]
PLAYERS: tuple[Player, Player] = ("p1", "p2")
END = "end"  # a `next:` that ends the campaign there
# Where a chapter's result may lead: a player's decisive win, any win of that player, or a draw.
OUTCOMES = ("p1_decisive", "p1_win", "p2_decisive", "p2_win", "draw")


def other(player: Player) -> Player:
    return "p2" if player == "p1" else "p1"


class PlayerStart(BaseModel):
    """One player of the campaign: a name for the company it leads, and the gold it starts with."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    chest: int = Field(ge=0, le=100_000)


class Tiers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    decisive: int = Field(200, ge=0, le=100_000)
    victory: int = Field(100, ge=0, le=100_000)


class Payouts(BaseModel):
    """What a chapter pays each player. Defaults from the rules author's own campaign figures: a routed enemy
    pays its cost, the enemy Leader twice its cost, and a battle won by its objective 250 gold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rout: float = Field(1.0, ge=0, le=10)  # times the routed enemy unit's cost
    leader: float = Field(2.0, ge=0, le=10)  # times the cost, for a routed enemy Leader (instead of `rout`)
    objective: int = Field(250, ge=0, le=100_000)  # the battle won by seizing, escaping, razing, holding ...
    tiers: Tiers = Tiers()  # the winner's purse by the tier of its win


class Chapter(BaseModel):
    """One battle of the campaign: its scenario, which side each player takes, the stipend each receives
    before it, and where each result leads (the next chapter in the list when it does not say)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    scenario: str = Field(min_length=1, max_length=200)  # a file beside the campaign, or a bundled scenario
    sides: dict[Player, Side]
    stipend: dict[Player, int] = Field(default_factory=dict)
    next: dict[Literal["p1_decisive", "p1_win", "p2_decisive", "p2_win", "draw"], str] = Field(default_factory=dict)

    @field_validator("sides")
    @classmethod
    def _one_side_each(cls, sides: dict[Player, Side]) -> dict[Player, Side]:
        if set(sides) != set(PLAYERS) or sides["p1"] is sides["p2"]:
            raise ValueError("`sides` gives p1 and p2 one side each: attacker and defender")
        return sides

    @field_validator("stipend")
    @classmethod
    def _stipends(cls, stipend: dict[Player, int]) -> dict[Player, int]:
        for player, gold in stipend.items():
            if not 0 <= gold <= 100_000:
                raise ValueError(f"the stipend of {player} must be 0 to 100000 gold")
        return stipend

    def player_of(self, side: Side) -> Player:
        return "p1" if self.sides["p1"] is side else "p2"


class Campaign(BaseModel):
    """A whole campaign file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60)
    briefing: str = Field("", max_length=3000)
    players: dict[Player, PlayerStart]
    payouts: Payouts = Payouts()
    chapters: list[Chapter] = Field(min_length=1, max_length=40)

    @field_validator("players")
    @classmethod
    def _both_players(cls, players: dict[Player, PlayerStart]) -> dict[Player, PlayerStart]:
        if set(players) != set(PLAYERS):
            raise ValueError("`players` names p1 and p2")
        return players

    def link_problem(self) -> tuple[str, tuple[str | int, ...]] | None:
        """The first chapter id given twice, or `next:` that does not lead forward to a chapter of the file, with
        where it is in the file (None when every link holds). Only forward: every campaign ends, and no chapter
        is played twice."""
        ids = [c.id for c in self.chapters]
        for index, chapter in enumerate(self.chapters):
            if chapter.id in ids[:index]:
                return f"two chapters have the id {chapter.id!r}", ("chapters", index, "id")
            for outcome, target in chapter.next.items():
                if target != END and target not in ids:
                    return (f"chapter {chapter.id!r}: next {outcome} names {target!r}, and no chapter has that id "
                            f"(ids: {', '.join(ids)}; or `end`)", ("chapters", index, "next", outcome))
                if target != END and target not in ids[index + 1:]:
                    return (f"chapter {chapter.id!r}: next {outcome} must name a later chapter or `end`, "
                            f"not {target!r}", ("chapters", index, "next", outcome))
        return None

    def chapter(self, chapter_id: str) -> Chapter:
        return next(c for c in self.chapters if c.id == chapter_id)

    def following(self, chapter: Chapter, winner: Player | None, tier: str) -> Chapter | None:
        """The chapter a result leads to (None: the campaign is over)."""
        if winner is None:
            keys = ["draw"]
        else:
            keys = [f"{winner}_decisive", f"{winner}_win"] if tier == "decisive" else [f"{winner}_win"]
        for key in keys:
            if key in chapter.next:
                target = chapter.next[key]  # type: ignore[index]
                return None if target == END else self.chapter(target)
        index = self.chapters.index(chapter)
        return self.chapters[index + 1] if index + 1 < len(self.chapters) else None
