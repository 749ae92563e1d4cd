"""Army building in progress, saved after each confirmed step so a closed terminal costs no hired army."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_scenario
from officers_chess.content.safe_read import read_head
from officers_chess.content.save_json import _SaveSource, count_values
from officers_chess.content.saves import (
    SaveProblem, _scenario_file, read_json_model, scenario_ref, write_text_atomically,
)
from officers_chess.rules.history.record import ScenarioRef
from officers_chess.rules.muster.phases import Muster, MusterError, Phase, finish_step, place, set_army, steps
from officers_chess.rules.pieces.models import Side

MUSTER_FORMAT = "officers-chess-muster"
# Values an army building save may hold (each list and object one, and each thing in it), counted before it is
# validated, so validation builds neither big models nor many complaints. The largest there can be, two armies of
# 30 units (the most an army holds) each with three items, three roles and a 24-letter name, every unit placed and
# every class listed as hired, is some 930 values; the bundled scenarios' are 70 to 130.
MAX_MUSTER_VALUES = 5_000


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
    head = read_head(path, 200)  # b"" for a folder, a device or a pipe: never blocks, never reads much
    return f'"{MUSTER_FORMAT}"'.encode() in head


def open_muster(path: Path | str) -> SavedMuster:
    """Read army building in progress, with its scenario (whose files must be those it was saved with)."""
    path = Path(path)
    record, source = read_json_model(path, MusterRecord, _check_size)
    scenario_path = _scenario_file(path, record.scenario, source)
    try:
        loaded = load_scenario(scenario_path)
    except ContentError as exc:
        raise source.error(f"its scenario cannot be loaded: {exc}", ("scenario",)) from None
    if scenario_ref(loaded).sha256 != record.scenario.sha256:
        raise source.error("the scenario's files have changed since this army building was saved", ("scenario", "sha256"))
    if not rebuilds(record.muster, loaded):
        raise SaveProblem(path, "its army building is not one the rules could have reached (the armies, the gold "
                                "spent or the places were edited, or the save is damaged)")
    return SavedMuster(path, record, loaded)


def _check_size(data: dict, source: _SaveSource) -> None:
    """Refuse an army building save of more values than any can hold (MAX_MUSTER_VALUES), at the key where the
    count passes it, before validation builds anything of it."""
    values = 1
    for key, value in data.items():
        values += count_values(value, MAX_MUSTER_VALUES)
        if values > MAX_MUSTER_VALUES:
            raise source.error(f"the save holds more than {MAX_MUSTER_VALUES} values, more than any army building's",
                               (key,))


def rebuilds(muster: Muster, loaded: LoadedScenario) -> bool:
    """Whether army building, taken step by step through the rules from the start, reaches this muster: each
    army hired, outfitted and placed as the rules allow (the same checks the players' screens make). Nothing
    in a saved army building is trusted that the rules would not give again."""
    scenario, catalogue, battle_map = loaded.scenario, loaded.catalogue, loaded.battle_map
    plan = steps(scenario)
    if muster.step > len(plan):
        return False
    rebuilt = Muster()
    try:
        for index, (phase, side) in enumerate(plan[: muster.step + 1]):
            if phase in (Phase.HIRING, Phase.OUTFITTING) and side in muster.armies:
                rebuilt = set_army(rebuilt, scenario, catalogue, side, muster.armies[side])
            elif phase is Phase.DEPLOYING:
                for name, pos in muster.placements.get(side, {}).items():
                    rebuilt = place(rebuilt, scenario, battle_map, catalogue, side, name, pos)
            if index < muster.step:  # a step the players confirmed
                rebuilt = finish_step(rebuilt, scenario, catalogue)
    except (MusterError, ValueError, KeyError):
        return False

    def placed(m: Muster) -> Muster:  # a side whose units were all taken back off keeps an empty list
        return m.model_copy(update={"placements": {side: spots for side, spots in m.placements.items() if spots}})

    return placed(rebuilt) == placed(muster)
