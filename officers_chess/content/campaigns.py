"""Campaign files: read with file:line errors, and each chapter's scenario loaded and checked fit for a campaign."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import ValidationError

from officers_chess.content.bundled import bundled_dir
from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_scenario, read_scenario
from officers_chess.content.safe_read import read_bytes
from officers_chess.content.yaml_source import MAX_FILE_BYTES, YamlSource, expect_mapping, read_yaml
from officers_chess.rules.campaign.book import Campaign
from officers_chess.rules.history.record import sha256_bytes
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.deploy_room import hire_options


@dataclass(frozen=True)
class LoadedCampaign:
    """A campaign file with every chapter's scenario loaded (by chapter id), and the sha256 of the file."""

    path: Path
    campaign: Campaign
    scenarios: dict[str, LoadedScenario]
    source: YamlSource
    sha256: str


def bundled_campaigns() -> list[Path]:
    """Every bundled campaign file, in name order (none when this installation has no campaigns folder)."""
    try:
        return sorted(bundled_dir("campaigns").glob("*.yaml"))
    except FileNotFoundError:
        return []


def find_campaign(name_or_path: str) -> Path:
    """A campaign file from a path, or a bundled campaign by its file name (any case)."""
    path = Path(name_or_path)
    if path.suffix in {".yaml", ".yml"} or os.sep in name_or_path:
        return path
    for found in bundled_campaigns():
        if found.stem.lower() == name_or_path.strip().lower():
            return found
    known = ", ".join(p.stem for p in bundled_campaigns()) or "none"
    raise ContentError(name_or_path, f"no such campaign file or bundled campaign (bundled: {known})")


def _chapter_file(campaign_path: Path, name: str) -> Path | None:
    """The scenario a chapter names: a .yaml file inside the campaign's folder (every symlink followed), or a
    bundled scenario by its file name. None when it names neither."""
    if name.endswith((".yaml", ".yml")):
        folder = os.path.realpath(campaign_path.parent)
        if Path(name).is_absolute():
            return None
        found = Path(os.path.realpath(campaign_path.parent / name))
        return found if found.is_relative_to(folder) and found.is_file() else None
    if "/" in name or "\\" in name:
        return None
    try:
        bundled = bundled_dir("scenarios") / f"{name}.yaml"
    except FileNotFoundError:
        return None
    return bundled if bundled.is_file() else None


def _missing(campaign_path: Path, name: str) -> str:
    """Why a chapter's `scenario:` names no file the campaign may play: a path leading out of its folder, or none."""
    folder = campaign_path.parent
    if name.endswith((".yaml", ".yml")):
        if Path(name).is_absolute() or Path(name).anchor:
            return (f"scenario {name!r} is an absolute path: name a file inside the campaign's folder {folder}, "
                    "relative to it")
        if not Path(os.path.realpath(folder / name)).is_relative_to(os.path.realpath(folder)):
            return (f"scenario {name!r} leads outside the campaign's folder {folder} (by `..` or a symlink): a "
                    "chapter's scenario must be a file inside it")
        return f"no scenario file {name!r} in the campaign's folder {folder}"
    if "/" in name or "\\" in name:
        return (f"no scenario {name!r}: a chapter names a bundled scenario (its file name without `.yaml`) or a "
                ".yaml file inside the campaign's folder")
    return (f"no scenario {name!r} among the bundled scenarios (a file in the campaign's folder is named with its "
            "`.yaml`)")


def read_campaign(path: Path | str) -> tuple[Campaign, YamlSource]:
    """The campaign file alone, read and validated (its chapters' scenarios not yet loaded): enough to list it."""
    source = read_yaml(path)
    expect_mapping(source)
    try:
        campaign = Campaign.model_validate(source.data)
    except ValidationError as exc:
        raise source.validation_error(exc) from None
    problem = campaign.link_problem()
    if problem is not None:
        raise source.error(*problem)
    return campaign, source


def load_campaign(path: Path | str) -> LoadedCampaign:
    """Read a campaign file and load each chapter's scenario; ContentError (file and line) on the first problem."""
    path = Path(path)
    campaign, source = read_campaign(path)
    scenarios: dict[str, LoadedScenario] = {}
    for index, chapter in enumerate(campaign.chapters):
        where = ("chapters", index, "scenario")
        found = _chapter_file(path, chapter.scenario)
        if found is None:
            raise source.error(f"chapter {chapter.id!r}: {_missing(path, chapter.scenario)}", where)
        try:
            loaded = load_scenario(found)
        except ContentError as exc:
            raise source.error(f"chapter {chapter.id!r}: its scenario does not load: {exc}", where) from None
        fixed = [side.value for side in Side if not loaded.scenario.hires(side)]
        if fixed:
            raise source.error(f"chapter {chapter.id!r}: in a campaign both players muster their companies, but "
                               f"{loaded.scenario.name} places the {fixed[0]}'s army itself", where)
        first = next(iter(scenarios.values()), loaded).scenario.edition
        if loaded.scenario.edition != first:  # veterans and their kit belong to one catalogue
            raise source.error(f"chapter {chapter.id!r}: its scenario plays the {loaded.scenario.edition} rules, the "
                               f"campaign's first chapter the {first} rules: a campaign's chapters share one edition",
                               where)
        scenarios[chapter.id] = loaded
    digest = sha256_bytes(read_bytes(path, MAX_FILE_BYTES))
    return LoadedCampaign(path, campaign, scenarios, source, digest)


def chapter_loaded(loaded: LoadedScenario, terms: ChapterTerms) -> LoadedScenario:
    """A chapter's scenario as its battle is played: the campaign's war chests, and no Outfitting."""
    return replace(loaded, scenario=terms.scenario(loaded.scenario))


def chapter_titles(path: Path, campaign: Campaign) -> dict[str, str]:
    """Each chapter's scenario title by chapter id, read from the files alone (cheap: for listing); a chapter
    whose scenario will not read keeps its id."""
    titles = {}
    for chapter in campaign.chapters:
        found = _chapter_file(path, chapter.scenario)
        try:
            titles[chapter.id] = read_scenario(found)[0].name if found is not None else chapter.id
        except ContentError:
            titles[chapter.id] = chapter.id
    return titles


def campaign_warnings(loaded: LoadedCampaign) -> list[str]:
    """Lines `validate` prints for a campaign that loads but cannot play as meant: a chapter whose stipend (with the
    starting chest, for the first) cannot pay for the scenario's smallest army of the cheapest armed units, so a
    company left with no one and nothing would forfeit it (docs/rulings.md C9)."""
    found = []
    campaign = loaded.campaign
    for index, chapter in enumerate(campaign.chapters):
        scenario = loaded.scenarios[chapter.id].scenario
        for player, side in sorted(chapter.sides.items()):
            armed, _ = hire_options(scenario, loaded.scenarios[chapter.id].catalogue, side)
            least = scenario.rules(side).army.min * armed[0][0] if armed else None
            gold = chapter.stipend.get(player, 0) + (campaign.players[player].chest if index == 0 else 0)
            if least is not None and gold < least:
                where = ("chapters", index, "stipend") if chapter.stipend else ("chapters", index)
                size = scenario.rules(side).army.min
                then = ("it would forfeit at once" if index == 0 else
                        "a company left with no one and no gold would have to forfeit it")
                found.append(str(loaded.source.error(
                    f"warning: chapter {chapter.id!r}: {player} has {gold} gold for it, less than its smallest army "
                    f"costs ({least}: {size} unit{'s' if size != 1 else ''} at {armed[0][0]}): {then}", where)))
    return found
