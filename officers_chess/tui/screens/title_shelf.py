"""The title screen's list of battles: each file read and named at start-up, and loaded in full (map, catalogue,
armies checked) only when it is first shown, so the title appears without loading every battle."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from officers_chess.content.errors import ContentError
from officers_chess.content.loaders import LoadedScenario, load_scenario, read_scenario
from officers_chess.rules.combat.editions import DEFAULT_EDITION, EDITIONS
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario


@dataclass
class Shelved:
    """One bundled scenario: the file (`scenario`, None when it will not read) and, once loaded, the whole."""

    path: Path
    scenario: Scenario | None
    outcome: LoadedScenario | ContentError | None = None  # None: not loaded yet

    @property
    def broken(self) -> bool:
        return isinstance(self.outcome, ContentError)

    @property
    def loaded(self) -> bool:
        return self.outcome is not None

    def load(self) -> LoadedScenario | ContentError:
        """The scenario with its map and catalogue, or what stops it (a ContentError naming file and line)."""
        if self.outcome is None:
            try:
                self.outcome = load_scenario(self.path)
            except ContentError as exc:  # a broken bundled file is listed, not fatal
                self.outcome = exc
        return self.outcome

    @property
    def edition(self) -> str:
        return self.scenario.edition if self.scenario is not None else DEFAULT_EDITION

    @property
    def size(self) -> int:
        """Units in the battle; a side that hires counts at its largest army, so the fixed-army Training Yard
        stays first."""
        scenario = self.scenario
        if scenario is None:
            return 10**6
        return sum(scenario.rules(side).army.max if scenario.hires(side) else len(scenario.armies[side]) for side in Side)


def shelve(paths: Iterable[Path]) -> list[Shelved]:
    """The scenarios in the title's order: the default edition's battles first, then each later edition's,
    smallest first within each (the first entry is the one to learn on)."""
    shelf = []
    for path in paths:
        try:
            shelf.append(Shelved(path, read_scenario(path)[0]))
        except ContentError as exc:
            shelf.append(Shelved(path, None, exc))
    order = {name: i for i, name in enumerate(EDITIONS)}
    shelf.sort(key=lambda entry: (order.get(entry.edition, len(order)), entry.size, entry.path.stem))
    return shelf
