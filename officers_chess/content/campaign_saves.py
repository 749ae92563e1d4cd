"""Campaign saves: where a campaign stands, written at every step beside its chapters' battle saves, read with checks."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.campaigns import LoadedCampaign, load_campaign
from officers_chess.content.decoded_text import find_unsafe_text
from officers_chess.content.errors import ContentError
from officers_chess.content.safe_read import read_bytes, read_head, read_text
from officers_chess.content.save_json import _SaveSource, count_values
from officers_chess.content.saves import MAX_SAVE_BYTES, hide_details, read_json_model, write_text_atomically
from officers_chess.content.yaml_source import MAX_FILE_BYTES
from officers_chess.rules.campaign.book import PLAYERS, Player
from officers_chess.rules.campaign.company import Company, MusterRefused, Veteran, bill
from officers_chess.rules.campaign.progress import CampaignProgress
from officers_chess.rules.history.record import sha256_bytes
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.phases import Muster
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Weapon
from officers_chess.rules.scenario.setup import can_equip_class
from officers_chess.rules.basics.words import article

CAMPAIGN_FORMAT = "officers-chess-campaign"
SAVE_NAME = "campaign.json"  # in a folder of its own, with the chapters' battle saves beside it
MAX_CAMPAIGN_VALUES = 40_000  # forty chapters of records, two companies of sixty veterans: far more than any holds


class CampaignRef(BaseModel):
    """Which campaign file: a bundled one by name, or a file by path, with the sha256 of its bytes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(max_length=60)
    bundled: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    file: str | None = Field(default=None, min_length=1, max_length=4096)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class PendingChapter(BaseModel):
    """A chapter under way: the companies at its muster, each player's muster once confirmed, the army building
    of its battle, and the file of its battle save once the battle has begun."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    chapter: str
    seed: int = Field(ge=0, lt=2**64)
    before: dict[Player, Company]  # at the muster, the stipend paid
    armies: dict[Player, Army] = Field(default_factory=dict)  # the mustered armies, as each player confirmed
    dismissed: dict[Player, list[str]] = Field(default_factory=dict)
    # The kits of veterans left in reserve, where the muster changed them (an item moved off or onto a benched unit).
    # (None when no muster did: a save without it reads as before.)
    reserve: dict[Player, Annotated[list[Recruit], Field(max_length=500)]] | None = None

    def kits(self, player: Player) -> list[Recruit]:
        """The reserve kits `player`'s muster changed (none: every benched veteran keeps its own)."""
        return list((self.reserve or {}).get(player, []))
    muster: Muster | None = None  # the battle's army building (Scouting, Deployment) once both have mustered
    battle: str | None = Field(default=None, pattern=r"^chapter-[0-9]{2}(-[0-9]{1,2})?\.json$")  # its save, here


class CampaignSave(BaseModel):
    """A whole campaign as far as it has gone; `players` says who leads each company ("human" or a level)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["officers-chess-campaign"] = CAMPAIGN_FORMAT
    version: Literal[1] = 1
    campaign: CampaignRef
    players: dict[Player, Annotated[str, StringConstraints(max_length=40)]]
    seed: int = Field(ge=0, lt=2**64)
    progress: CampaignProgress
    pending: PendingChapter | None = None
    battles: list[Annotated[str, StringConstraints(pattern=r"^chapter-[0-9]{2}(-[0-9]{1,2})?\.json$")]] = Field(
        default_factory=list, max_length=40)  # the battle save of each chapter played, in order (forfeits: none)


@dataclass(frozen=True)
class SavedCampaign:
    path: Path
    save: CampaignSave
    loaded: LoadedCampaign


def campaign_ref(loaded: LoadedCampaign) -> CampaignRef:
    path = loaded.path.resolve()
    try:
        bundled = path.parent == bundled_dir("campaigns").resolve()
    except FileNotFoundError:
        bundled = False
    where = {"bundled": path.stem} if bundled else {"file": str(path)}
    return CampaignRef(title=loaded.campaign.name, sha256=loaded.sha256, **where)


def write_campaign(folder: Path, save: CampaignSave) -> Path:
    """Write the campaign save into its folder (made if need be), atomically; the path written."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SAVE_NAME
    write_text_atomically(path, json.dumps(save.model_dump(mode="json", exclude_none=True), indent=1,
                                           ensure_ascii=False) + "\n")
    return path


def is_campaign_file(path: Path) -> bool:
    """Whether a .json file says it is a campaign save (cheaply: its first few hundred bytes)."""
    return f'"{CAMPAIGN_FORMAT}"'.encode() in read_head(path, 300)


def _campaign_file(path: Path, ref: CampaignRef, source: _SaveSource) -> Path:
    if ref.bundled is not None:
        try:
            found = bundled_dir("campaigns") / f"{ref.bundled}.yaml"
        except FileNotFoundError:
            raise source.error("this installation has no bundled campaigns", ("campaign",)) from None
    else:
        assert ref.file is not None
        found = Path(ref.file) if Path(ref.file).is_absolute() else path.parent / ref.file
    try:
        now = sha256_bytes(read_bytes(found, MAX_FILE_BYTES))
    except ContentError as exc:
        raise source.error(f"the campaign file {found} cannot be read: {exc.message}", ("campaign",)) from None
    if now != ref.sha256:
        raise source.error(f"the campaign file {found} has changed since this campaign was saved "
                           f"(sha256 then {ref.sha256[:12]}…, now {now[:12]}…)", ("campaign", "sha256"))
    return found


def open_campaign_save(path: Path | str) -> SavedCampaign:
    """Read a campaign save and its campaign file (whose bytes must be those it was played with), and check the
    books: every chapter's chests follow the rule (before = last after + stipend; after = before − muster +
    payouts), and a pending muster is one the chest could pay. ContentError (file and line) on the first problem."""
    path = Path(path)
    save, source = read_json_model(path, CampaignSave, _check_size)
    campaign_path = _campaign_file(path, save.campaign, source)
    try:
        loaded = load_campaign(campaign_path)
    except ContentError as exc:
        raise source.error(f"its campaign cannot be loaded: {exc}", ("campaign",)) from None
    problem = books_problem(save, loaded)
    if problem is not None:
        raise hide_details(source.error(problem[0], problem[1]), "its books do not add up: the save was edited or damaged")
    return SavedCampaign(path, save, loaded)


def _check_size(data: dict, source: _SaveSource) -> None:
    if count_values(data, MAX_CAMPAIGN_VALUES) > MAX_CAMPAIGN_VALUES:
        raise source.error(f"the save holds more than {MAX_CAMPAIGN_VALUES} values, more than any campaign's")


def books_problem(save: CampaignSave, loaded: LoadedCampaign) -> tuple[str, tuple] | None:
    """The first thing in the save the campaign's rules could not have given, with where it is (None: none)."""
    campaign = loaded.campaign
    ids = {c.id for c in campaign.chapters}
    chest = {p: campaign.players[p].chest for p in PLAYERS}
    for index, record in enumerate(save.progress.records):
        where = ("progress", "records", index)
        if record.id not in ids:
            return f"chapter {record.id!r} is not in the campaign", where + ("id",)
        chapter = campaign.chapter(record.id)
        for p in PLAYERS:
            if record.stipend[p] != chapter.stipend.get(p, 0) or record.chest_before[p] != chest[p] + record.stipend[p]:
                return f"chapter {record.id!r}: {p}'s chest before it does not follow the last", where + ("chest_before",)
            earned = sum(x.gold for x in record.payouts[p])
            if record.chest_after[p] != record.chest_before[p] - record.spent[p] + earned or record.chest_after[p] < 0:
                return f"chapter {record.id!r}: {p}'s chest after it does not add up", where + ("chest_after",)
            chest[p] = record.chest_after[p]
    for p in PLAYERS:
        if save.progress.companies[p].chest != chest[p]:
            return f"{p}'s chest is not the one the last chapter left", ("progress", "companies", p, "chest")
    catalogue = next(iter(loaded.scenarios.values())).catalogue  # (one edition for every chapter: load_campaign)
    companies = [(("progress", "companies", p), p, c) for p, c in save.progress.companies.items()]
    if save.pending is not None:
        companies += [(("pending", "before", p), p, c) for p, c in save.pending.before.items()]
    for where, p, company in companies:
        through = {name for record in save.progress.records for name in record.survivors[p]}
        for index, veteran in enumerate(company.veterans):
            problem = _veteran_problem(veteran, catalogue, through)
            if problem is not None:
                return f"{p}'s veteran {veteran.name}: {problem}", where + ("veterans", index)
    if save.progress.next is not None and save.progress.next not in ids:
        return f"the next chapter {save.progress.next!r} is not in the campaign", ("progress", "next")
    pending = save.pending
    if pending is not None:
        if pending.chapter != save.progress.next:
            return "the chapter under way is not the one next", ("pending", "chapter")
        stipend = campaign.chapter(pending.chapter).stipend
        for p in PLAYERS:  # the muster's companies are those the last chapter left, with this one's stipend
            home = save.progress.companies[p]
            if pending.before[p] != home.model_copy(update={"chest": home.chest + stipend.get(p, 0)}):
                return f"{p}'s company at the muster is not the one the last chapter left", ("pending", "before", p)
        catalogue = loaded.scenarios[pending.chapter].catalogue
        for p, army in pending.armies.items():
            try:
                bill(pending.before[p], army, set(pending.dismissed.get(p, [])), catalogue, pending.kits(p))
            except (MusterRefused, KeyError) as exc:
                return f"{p}'s muster: {exc}", ("pending", "armies", p)
    return None


def _veteran_problem(veteran: Veteran, catalogue: Catalogue, through: set[str]) -> str | None:
    """What is wrong with a saved veteran: one that came through no chapter, a class or item the campaign's
    catalogue does not have, a weapon its class cannot use, or more uses spent than an item has."""
    if veteran.name not in through:
        return "it came through no chapter of this campaign"
    unit_class = catalogue.classes.get(veteran.unit_class)
    if unit_class is None:
        return f"no class {veteran.unit_class!r} in the catalogue"
    for index, name in enumerate(veteran.items):
        item = catalogue.items.get(name)
        if item is None:
            return f"no item {name!r} in the catalogue"
        if isinstance(item, Weapon) and not can_equip_class(unit_class, item):
            return f"{article(unit_class.name)} {unit_class.name} cannot carry {name}"
        left = item.model_copy(update={"used": veteran.spent(index)}).uses_left
        if veteran.spent(index) and (left is None or left <= 0):
            return f"its {name} cannot have {veteran.spent(index)} uses spent"
    return None


class UnfinishedCampaign(NamedTuple):
    """A campaign save that is not over, as lists show it: public facts only."""

    path: Path
    mtime: float
    title: str
    chapter: int

    @property
    def saved(self) -> str:
        """The rest of its line after the title: ", chapter 3, saved 26 Nov 10:02"."""
        return f", chapter {self.chapter}, saved {time.strftime('%d %b %H:%M', time.localtime(self.mtime))}"

    @property
    def line(self) -> str:
        return f"campaign {self.title}{self.saved}"


def campaign_save_paths(folder: Path) -> Iterator[tuple[Path, float]]:
    """Each campaign save in the folders under `folder` (a folder of its own, its save file there and of the
    campaign kind) with the time it was written; a folder that cannot be read is passed over."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        path = Path(entry.path) / SAVE_NAME
        try:
            if entry.is_dir(follow_symlinks=False) and path.is_file() and is_campaign_file(path):
                yield path, path.stat().st_mtime
        except OSError:
            continue


def unfinished_campaigns(folder: Path, skip: frozenset[Path] = frozenset()) -> Iterator[UnfinishedCampaign]:
    """The campaign saves in the folders under `folder` that are not over, newest first, past those in `skip`
    (refused already). Lazily, each read once and only as far as its first bytes, title and progress: public
    facts only, and a full load checks the rest."""
    found = sorted(((mtime, path) for path, mtime in campaign_save_paths(folder) if path not in skip), reverse=True)
    for mtime, path in found:
        try:
            data = json.loads(read_text(path, MAX_SAVE_BYTES))
            if find_unsafe_text(data) is not None:
                continue  # the full load refuses it, saying why
            if data["progress"]["next"] is None:
                continue  # over: nothing to go on with
            title = str(data["campaign"]["title"])[:60]
            chapter = len(data["progress"]["records"]) + 1
        except (ContentError, ValueError, KeyError, TypeError):
            continue
        yield UnfinishedCampaign(path, mtime, title, chapter)


def newest_campaign(folder: Path, skip: frozenset[Path] = frozenset()) -> tuple[Path, float] | None:
    """The newest campaign save under `folder` that is not over, with its time (None: none), past those in `skip`."""
    found = next(unfinished_campaigns(folder, skip), None)
    return None if found is None else found[:2]


def campaign_hint(folder: Path, than: Path | None, skip: frozenset[Path] = frozenset()) -> tuple[Path, str] | None:
    """The newest unfinished campaign's save and the Continue line's words for it, when it is newer than the
    battle save `than` (None: there is none)."""
    found = next(unfinished_campaigns(folder, skip), None)
    if found is None:
        return None
    try:
        if than is not None and than.stat().st_mtime > found.mtime:
            return None
    except OSError:
        return None
    return found.path, found.line
