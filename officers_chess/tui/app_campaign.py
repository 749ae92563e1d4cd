"""The app's campaign flow: summaries and musters between chapters, each chapter's battle, resuming where it stood."""

from __future__ import annotations

from typing import TYPE_CHECKING

from officers_chess.content.autosave import resume_state
from officers_chess.content.campaign_saves import SavedCampaign
from officers_chess.content.campaigns import LoadedCampaign
from officers_chess.content.errors import ContentError
from officers_chess.content.saves import open_save, public_reason
from officers_chess.session.battle_start import Battle, is_over, resumed_battle
from officers_chess.rules.campaign.book import Player

if TYPE_CHECKING:
    from officers_chess.session.campaign_run import CampaignRun  # (loaded with the first campaign: it brings the computer)


class CampaignFlow:
    """Mixed into the app: `campaign` is the campaign in play (None in a single battle)."""

    campaign: CampaignRun | None = None
    _to_read: list[Player]

    def begin_campaign(self, loaded: LoadedCampaign, players: dict[Player, str]) -> None:
        """A new campaign from its first chapter; `players` gives "human" or a computer level for p1 and p2."""
        from officers_chess.session.campaign_run import CampaignRun

        self.campaign = CampaignRun.new(loaded, players, autosave=self.autosave,  # type: ignore[attr-defined]
                                        seed=self.seed)  # type: ignore[attr-defined]
        self._to_read = []
        self._told_failure()
        self.campaign_step()

    def resume_campaign(self, saved: SavedCampaign) -> None:
        """Go on with a campaign where its save stands: a chapter's battle under way goes on from its own save."""
        from officers_chess.session.campaign_run import CampaignRun

        run = self.campaign = CampaignRun.resumed(saved)
        pending = run.data.pending
        self._to_read = [] if pending is not None else (run.humans() if run.data.progress.records else [])
        if pending is not None and pending.battle is not None and run.folder is not None:
            path = run.folder / pending.battle
            if path.is_file():
                try:
                    battle = open_save(path)
                    resumed = resume_state(battle)  # replayed and checked, as any battle resumed
                except ContentError as exc:
                    self.notify(f"The chapter's battle will not load: {public_reason(exc)}.",  # type: ignore[attr-defined]
                                severity="error", timeout=10)
                    self.campaign = None
                    return
                if is_over(resumed_battle(resumed)):  # it ended before its result was read: the chapter closes now
                    self.chapter_over(resumed_battle(resumed))
                else:
                    self.resume(battle, resumed)  # type: ignore[attr-defined]
                return
        self.campaign_step()

    def campaign_step(self) -> None:
        """Whatever the campaign needs next: the summaries to read, the next chapter's musters, its battle, or the end."""
        from officers_chess.tui.screens.campaign_summary import CampaignEndScreen, CampaignSummaryScreen

        run = self.campaign
        assert run is not None
        if self._to_read:
            player = self._to_read[0]
            self._private(player, "The last chapter's pay, survivors and losses are shown.",
                          lambda: self._show(CampaignSummaryScreen(run, player)))  # type: ignore[attr-defined]
            return
        if run.over:
            self._show(CampaignEndScreen(run))  # type: ignore[attr-defined]
            return
        played = len(run.data.progress.records)
        if run.data.pending is None and any(level != "human" for level in run.data.players.values()):
            from officers_chess.tui.screens.campaign_opening import CampaignOpeningScreen

            # The computer's companies muster in a thread (hard's practice fights take seconds): the screen stays live.
            self._show(CampaignOpeningScreen(run, lambda: self._chapter_opened(played)))  # type: ignore[attr-defined]
            return
        run.open_chapter()
        self._chapter_opened(played)

    def _chapter_opened(self, played: int) -> None:
        """The chapter's musters are open (the computer's done): a forfeit is read, else the people muster, else
        the battle begins."""
        run = self.campaign
        assert run is not None
        self._told_failure()
        if len(run.data.progress.records) > played:  # a computer's company could not take the field: forfeited
            self._to_read = run.humans()
            self.campaign_step()
            return
        waiting = [p for p in run.waiting() if run.data.players[p] == "human"]
        if waiting:
            from officers_chess.tui.screens.campaign_muster import CampaignMusterScreen

            player = waiting[0]
            self._private(player, "Your company musters for the next chapter.",
                          lambda: self._show(CampaignMusterScreen(run, player)))  # type: ignore[attr-defined]
            return
        self._chapter_battle(run)

    def _private(self, player: Player, what: str, then) -> None:
        """Straight to a player's private screen when one person plays; with two, a hand-over first."""
        run = self.campaign
        assert run is not None
        if len(run.humans()) < 2:
            then()
            return
        from officers_chess.tui.screens.campaign_handover import CampaignHandOver

        name = f"{run.campaign.players[player].name} ({player})"
        self._show(CampaignHandOver(name, what, then))  # type: ignore[attr-defined]

    def summary_read(self, player: Player) -> None:
        if player in self._to_read:
            self._to_read.remove(player)
        self.campaign_step()

    def muster_confirmed(self, player: Player) -> None:
        self._told_failure()
        self.campaign_step()

    def _chapter_battle(self, run: CampaignRun) -> None:
        """Both companies have mustered: the chapter's own army building (Scouting, Deployment), then its battle."""
        from officers_chess.ai.play import make_policy
        from officers_chess.session.muster_session import MusterSession

        pending = run.data.pending
        assert pending is not None
        loaded = run.battle_scenario()
        self.computer = {run.side(p): level for p, level in run.data.players.items()  # type: ignore[attr-defined]
                         if level != "human"}
        self.game_seed = pending.seed  # type: ignore[attr-defined]
        self.policies = {side: make_policy(level, pending.seed + 1 + index)  # type: ignore[attr-defined]
                         for index, (side, level) in enumerate(sorted(self.computer.items()))}  # type: ignore[attr-defined]
        self.muster = MusterSession(loaded)  # type: ignore[attr-defined]
        self.muster.muster = run.battle_muster()  # type: ignore[attr-defined]
        self.muster_path = None  # type: ignore[attr-defined]
        self.next_muster_step()  # type: ignore[attr-defined]

    def chapter_over(self, state: Battle) -> None:
        """The result has been read: the chapter closes, and each person reads their summary next."""
        run = self.campaign
        assert run is not None
        run.finish(state)
        self._told_failure()
        self._to_read = run.humans()
        self.campaign_step()

    def _told_failure(self) -> None:
        run = self.campaign
        if run is not None and run.failing is not None:
            self.notify(f"The campaign's autosave failed: {run.failing}; it is tried again at the next step.",  # type: ignore[attr-defined]
                        severity="error", timeout=10)
