"""Army building in progress, saved after each confirmed step so a closed terminal costs no hired army."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario
from officers_chess.content.saves import MAX_SAVE_BYTES, _scenario_file, _SaveSource, scenario_ref, write_text_atomically
from officers_chess.content.yaml_source import read_text
from officers_chess.content.loaders import load_scenario
from officers_chess.rules.models import Side
from officers_chess.rules.muster import Muster
from officers_chess.rules.record import ScenarioRef

MUSTER_FORMAT = "officers-chess-muster"


class MusterRecord(BaseModel):
    """A scenario's army building as far as it has gone: the battle's seed and who plays each side with it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["officers-chess-muster"] = MUSTER_FORMAT
    version: Literal[1] = 1
    edition: str = Field(max_length=20)
    scenario: ScenarioRef
    seed: int = Field(ge=-(2**63), lt=2**64)
    players: dict[Side, Annotated[str, StringConstraints(max_length=40)]] = Field(default_factory=dict)
    own_dice: bool = False
    muster: Muster


@dataclass(frozen=True)
class SavedMuster:
    path: Path
    record: MusterRecord
    loaded: LoadedScenario


def write_muster(path: Path, loaded: LoadedScenario, seed: int, players: dict[Side, str], own_dice: bool,
                 muster: Muster) -> None:
    record = MusterRecord(edition=loaded.scenario.edition, scenario=scenario_ref(loaded), seed=seed,
                          players=players, own_dice=own_dice, muster=muster)
    write_text_atomically(path, json.dumps(record.model_dump(mode="json"), indent=1, ensure_ascii=False) + "\n")


def is_muster_file(path: Path) -> bool:
    """Whether a .json file says it is army building in progress (cheaply: its first line or so)."""
    try:
        with open(path, encoding="utf-8") as file:
            head = file.read(200)
    except (OSError, UnicodeDecodeError):
        return False
    return f'"{MUSTER_FORMAT}"' in head


def open_muster(path: Path | str) -> SavedMuster:
    """Read army building in progress, with its scenario (whose files must be those it was saved with)."""
    path = Path(path)
    text = read_text(path, MAX_SAVE_BYTES)
    source = _SaveSource(path, text)
    try:
        record = MusterRecord.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"] if not isinstance(p, int)) or "file"
        raise source.error(f"{where}: {first['msg']}", tuple(first["loc"])) from None
    scenario_path = _scenario_file(path, record.scenario, source)
    try:
        loaded = load_scenario(scenario_path)
    except ContentError as exc:
        raise source.error(f"its scenario cannot be loaded: {exc}", ("scenario",)) from None
    if scenario_ref(loaded).sha256 != record.scenario.sha256:
        raise source.error("the scenario's files have changed since this army building was saved", ("scenario", "sha256"))
    return SavedMuster(path, record, loaded)
