"""A campaign being played in the app: its save, the chapter under way, each company's muster, and each battle's end.

No Textual here: the screens draw what this reports and hand the players' choices back to it.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Sequence
from pathlib import Path

from officers_chess.ai.campaign_muster import company_army
from officers_chess.ai.play import make_policy
from officers_chess.content.campaign_saves import (
    CampaignSave, PendingChapter, SavedCampaign, campaign_ref, write_campaign,
)
from officers_chess.content.campaigns import LoadedCampaign, chapter_loaded
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.user_data import campaigns_dir
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.campaign.book import PLAYERS, Chapter, Player
from officers_chess.rules.campaign.company import Bill, Company, after_muster, bill
from officers_chess.rules.campaign.progress import begin, close_chapter, forfeit_chapter, with_stipend
from officers_chess.rules.muster.army import Army, Recruit, army_cost, recruit_cost
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.muster.phases import Muster, MusterError, Phase, current, finish_step, set_army
from officers_chess.rules.pieces.models import Side


class CampaignRun:
    """One campaign in play. Every change is written to the campaign's save at once (`save`)."""

    def __init__(self, loaded: LoadedCampaign, save: CampaignSave, folder: Path | None) -> None:
        self.loaded = loaded
        self.data = save
        self.folder = folder  # None: autosave is off
        self.failing: str | None = None  # why the last write failed (None while saving works)

    @classmethod
    def new(cls, loaded: LoadedCampaign, players: dict[Player, str], autosave: bool = True,
            seed: int | None = None) -> CampaignRun:
        """A campaign from its first chapter; `players` gives "human" or a computer level for p1 and p2."""
        save = CampaignSave(campaign=campaign_ref(loaded), players=players,
                            seed=secrets.randbits(32) if seed is None else seed, progress=begin(loaded.campaign))
        folder = None
        if autosave:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            folder = campaigns_dir() / f"{stamp}-{loaded.path.stem}"
            for n in range(2, 1000):
                if not folder.exists():
                    break
                folder = campaigns_dir() / f"{stamp}-{loaded.path.stem}-{n}"
        run = cls(loaded, save, folder)
        run.save()
        return run

    @classmethod
    def resumed(cls, saved: SavedCampaign) -> CampaignRun:
        return cls(saved.loaded, saved.save, saved.path.parent)

    # --- what there is to know ---------------------------------------------------------------------------------

    @property
    def campaign(self):
        return self.loaded.campaign

    @property
    def over(self) -> bool:
        return self.data.progress.over

    @property
    def chapter(self) -> Chapter | None:
        """The chapter next or under way (None once the campaign is over)."""
        return None if self.over else self.campaign.chapter(self.data.progress.next)  # type: ignore[arg-type]

    @property
    def number(self) -> int:
        """The chapter's number as players count (the chapters played so far, plus one)."""
        return len(self.data.progress.records) + 1

    def scenario(self) -> LoadedScenario:
        assert self.chapter is not None
        return self.loaded.scenarios[self.chapter.id]

    def humans(self) -> list[Player]:
        return [p for p in PLAYERS if self.data.players[p] == "human"]

    def company(self, player: Player) -> Company:
        """The company as it comes to the chapter under way (stipend paid), else as it stands."""
        pending = self.data.pending
        return pending.before[player] if pending is not None else self.data.progress.companies[player]

    def side(self, player: Player) -> Side:
        assert self.chapter is not None
        return self.chapter.sides[player]

    # --- the chapter's muster ------------------------------------------------------------------------------------

    def open_chapter(self) -> None:
        """The next chapter's muster begins: the stipend is paid; the computer's companies muster at once."""
        if self.data.pending is not None or self.over:
            return
        chapter = self.chapter
        assert chapter is not None
        # The chapter's seed comes from the campaign's: a campaign begun with a seed plays its battles the same way.
        seed = random.Random(f"officers-chess campaign {self.data.seed} {self.number}").getrandbits(32)
        pending = PendingChapter(chapter=chapter.id, seed=seed, before=with_stipend(self.data.progress, chapter))
        self.data = self.data.model_copy(update={"pending": pending})
        cannot = []
        for player in PLAYERS:
            level = self.data.players[player]
            if level != "human":
                loaded = self.scenario()
                policy = make_policy(level, pending.seed + PLAYERS.index(player))
                try:
                    army = company_army(loaded.scenario, loaded.catalogue, loaded.battle_map, self.side(player),
                                        self.company(player), policy, player)
                except MusterError:
                    cannot.append(player)
                    continue
                self._confirm(player, army, set())
        if cannot:
            self.forfeit(*cannot)
            return
        self.save()

    def waiting(self) -> list[Player]:
        """The players whose muster for the chapter under way is still to come, in order."""
        pending = self.data.pending
        return [] if pending is None else [p for p in PLAYERS if p not in pending.armies]

    def price(self, player: Player, army: Army, dismissed: set[str], reserve: Sequence[Recruit] = ()) -> Bill:
        """The muster's gold (MusterRefused when the chest cannot pay, or the army changes what a veteran is);
        `reserve`: the benched veterans whose kits the muster changed."""
        return bill(self.company(player), army, dismissed, self.scenario().catalogue, reserve)

    def confirm(self, player: Player, army: Army, dismissed: set[str], reserve: Sequence[Recruit] = ()) -> None:
        self._confirm(player, army, dismissed, reserve)
        self.save()

    def _confirm(self, player: Player, army: Army, dismissed: set[str], reserve: Sequence[Recruit] = ()) -> None:
        pending = self.data.pending
        assert pending is not None
        self.price(player, army, dismissed, reserve)  # refused here too: the screen checks, the books insist
        kits = {p: k for p, k in (pending.reserve or {}).items() if p != player} | (
            {player: list(reserve)} if reserve else {})
        pending = pending.model_copy(update={"armies": {**pending.armies, player: army},
                                             "dismissed": {**pending.dismissed, player: sorted(dismissed)},
                                             "reserve": kits or None})
        self.data = self.data.model_copy(update={"pending": pending})

    def forfeit(self, *players: Player) -> None:
        """These companies give the chapter up: they cannot field the smallest army (ruling C9)."""
        chapter = self.chapter
        assert chapter is not None and self.data.pending is not None
        progress = forfeit_chapter(self.data.progress, self.campaign, chapter, self.scenario().scenario.name,
                                   self.data.pending.before, list(players))
        self.data = self.data.model_copy(update={"progress": progress, "pending": None})
        self.save()

    # --- the chapter's battle ----------------------------------------------------------------------------------------

    def terms(self) -> ChapterTerms:
        pending = self.data.pending
        assert pending is not None and not self.waiting()
        catalogue = self.scenario().catalogue
        return ChapterTerms(war_chests={self.side(p): army_cost(pending.armies[p], catalogue) for p in PLAYERS})

    def battle_scenario(self) -> LoadedScenario:
        """The chapter's scenario as its battle is played (the campaign's war chests, no Outfitting)."""
        return chapter_loaded(self.scenario(), self.terms())

    def battle_muster(self) -> Muster:
        """The battle's army building with both companies' armies hired: Scouting and Deployment are left (or
        as far as it had gone, saved)."""
        pending = self.data.pending
        assert pending is not None
        if pending.muster is not None:
            return pending.muster
        loaded = self.battle_scenario()
        muster = Muster()
        while True:
            phase, side = current(muster, loaded.scenario)
            if phase is not Phase.HIRING or side is None:
                return muster
            player = self.chapter.player_of(side)  # type: ignore[union-attr]
            muster = set_army(muster, loaded.scenario, loaded.catalogue, side, pending.armies[player],
                              battle_map=loaded.battle_map)
            muster = finish_step(muster, loaded.scenario, loaded.catalogue, battle_map=loaded.battle_map)

    def keep_muster(self, muster: Muster) -> None:
        """The battle's army building after a confirmed step, into the campaign's save."""
        pending = self.data.pending
        assert pending is not None
        self.data = self.data.model_copy(update={"pending": pending.model_copy(update={"muster": muster})})
        self.save()

    def battle_path(self) -> Path | None:
        """Where the chapter's battle is saved (None when autosave is off); named in the campaign's save."""
        pending = self.data.pending
        if self.folder is None or pending is None:
            return None
        name = f"chapter-{self.number:02d}.json"
        if pending.battle != name:
            self.data = self.data.model_copy(update={"pending": pending.model_copy(update={"battle": name})})
            self.save()
        return self.folder / name

    def next_battle_path(self) -> Path | None:
        """A fresh file for the chapter's battle beside its save (chapter-03-2.json): where a resumed battle goes on
        when its save did not hold to its end, which is kept as it was."""
        pending = self.data.pending
        if self.folder is None or pending is None or pending.battle is None:
            return None
        stem = pending.battle.split(".")[0].split("-")
        base = "-".join(stem[:2])
        for n in range(2, 100):
            path = self.folder / f"{base}-{n}.json"
            if not path.exists():
                return path
        return None

    def battle_moved(self, path: Path) -> None:
        """The chapter's battle is saved in `path` from now on (the campaign's save names it)."""
        pending = self.data.pending
        if pending is not None and pending.battle != path.name and path.parent == self.folder:
            self.data = self.data.model_copy(update={"pending": pending.model_copy(update={"battle": path.name})})
            self.save()

    def finish(self, state: GameState) -> None:
        """The chapter's battle is over: payouts, survivors home as veterans, the routed lost (close_chapter)."""
        pending, chapter = self.data.pending, self.chapter
        assert pending is not None and chapter is not None
        catalogue = self.scenario().catalogue
        mustered = {}
        for p in PLAYERS:
            dismissed, reserve = set(pending.dismissed.get(p, [])), pending.kits(p)
            chest = self.price(p, pending.armies[p], dismissed, reserve).chest_after
            mustered[p] = after_muster(pending.before[p], pending.armies[p], dismissed, chest, reserve)
        costs = {p: {r.name: recruit_cost(r, catalogue) for r in pending.armies[p].units} for p in PLAYERS}
        progress = close_chapter(self.data.progress, self.campaign, chapter, self.scenario().scenario.name,
                                 pending.before, mustered, dict(pending.armies), costs, state)
        battles = [*self.data.battles, pending.battle] if pending.battle else self.data.battles
        self.data = self.data.model_copy(update={"progress": progress, "pending": None, "battles": battles})
        self.save()

    def save(self) -> str | None:
        """Write the campaign's save; what went wrong (once), else None. A failed write is tried again at the
        next step: the campaign goes on."""
        if self.folder is None:
            return None
        try:
            write_campaign(self.folder, self.data)
        except OSError as exc:
            self.failing = exc.strerror or str(exc)
            return self.failing
        self.failing = None
        return None
