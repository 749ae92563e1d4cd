"""The battle record behind save files and replays: seed, armies and action log with a state hash after each action."""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from officers_chess.rules.basics.dice import Face
from officers_chess.rules.battle.actions import Action
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.board.battle_map import BattleMap
from officers_chess.rules.muster.army import Army, Recruit
from officers_chess.rules.muster.chapter_terms import ChapterTerms
from officers_chess.rules.muster.phases import (
    Muster,
    Phase,
    battle_armies,
    current,
    finish_step,
    place,
    set_army,
)
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side
from officers_chess.rules.scenario.setup import Scenario, UnitSetup

SAVE_FORMAT = "officers-chess-battle"
SAVE_VERSION = 6
# 2 added `finished` and the round checkpoints; 3 added `summary` (at the top, for lists) and `opening` (the
# sha256 of the opening fields). 4 came with rules that follow the text more closely (RULES_CHANGED): free actions
# before the move (`unit` on Equip, Discard, Trade) and after the action (`stay`), a turn's `moved` and
# `canto_done`, an Inflict's `pending`. 5 adds two fields kept only under fog (a turn's
# `ambushed`, the ground each side `remembered`) and marks two rule changes: the order that puts morale and
# triggered events before the victory check (rulings P11), which plays some scripted battles otherwise, and
# under fog, the actions each side is offered from what it knows (F30-F32), which plays some fogged battles otherwise.
# 6 adds a unit's `fled` (kept only once set) and marks the later editions' rules read again from their drafts
# (rulings E10-E45) and a broken side's flight from the field (P13-P16). An older save reads as
# before; where the new rules make one of its actions play otherwise, it replays as far as it holds
# (`rules_changed_note`).
READABLE_VERSIONS = (1, 2, 3, 4, 5, 6)
RULES_CHANGED = {4: "free actions at any time of a turn, Consumable weapons wearing out, Berserk that cannot be "
                    "dodged, Inflict waiting for its victim's next turn, and sleeping units keeping their staves "
                    "and items",
                 5: "a scenario's morale and triggered events answering an action before the battle is judged, so "
                    "that a reinforcement arriving on a fall can keep the battle going; and, under fog, each side "
                    "offered its actions from what it knows, so that a move into an unseen enemy is an ambush",
                 6: "the two later editions played as their drafts are written (a Heavy unit swinging last in "
                    "\"ratings\", no Homing there; in \"d100\" Warp only on an adjacent ally, Brave doubled only in "
                    "its own attack, Backup once a combat, Heal adding Magic's base damage, terrain penalties "
                    "neither doubled nor ignored), and a broken side's units leaving the field by its exits"}
# The fields `opening` seals: everything a resume takes from the save without replaying it.
OPENING_FIELDS = ("edition", "scenario", "seed", "armies", "players", "physical_dice", "initial_state")
# Sealed with them when a save has them (a campaign chapter's terms), left out when not, so older seals still hold.
OPENING_SPARSE = ("chapter",)
# The most actions and round checkpoints a save holds. A 60-round battle of the largest bundled armies (16
# units) played at random by both sides, the longest `simulate` makes, has some 1,950 actions; played as
# people and the greedy computer play, some 700. Replaying an action there takes under 2 ms (it grows with
# the state: copied, then hashed), so a save of MAX_ACTIONS replays in about 5 seconds; a battle whose state
# is larger than REPLAY_STATE_BYTES (as canonical JSON; the largest bundled one's is 13,900) may hold
# proportionally fewer (`action_limit`), so that no save takes longer. A round checkpoint comes at most once
# a round (999 rounds).
MAX_ACTIONS = 3_000
REPLAY_STATE_BYTES = 16_000
MAX_CHECKPOINTS = 1_000

Sha256 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]


def canonical_json(state: GameState) -> bytes:
    """The state as canonical JSON: `model_dump(mode="json")`, keys sorted, no spaces, ASCII only."""
    return json.dumps(state.model_dump(mode="json"), sort_keys=True, separators=(",", ":")).encode("ascii")


def state_hash(state: GameState) -> str:
    """The sha256 (hex) of the state's canonical JSON: equal hashes mean equal states, dice included.

    >>> from officers_chess.rules.basics.dice import Dice
    >>> len(state_hash(GameState(scenario="s", map=BattleMap(name="m", rows=["."]), units=[],
    ...                          to_act=Side.ATTACKER, dice=Dice(seed=1))))
    64
    """
    return hashlib.sha256(canonical_json(state)).hexdigest()


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def action_limit(start: GameState) -> int:
    """The most actions a save of the battle that begins at `start` may hold: MAX_ACTIONS, or for a state larger
    than REPLAY_STATE_BYTES proportionally fewer, so that replaying any save takes about as long at most."""
    size = len(canonical_json(start))
    return MAX_ACTIONS if size <= REPLAY_STATE_BYTES else MAX_ACTIONS * REPLAY_STATE_BYTES // size


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ContentHashes(_Record):
    """sha256 of the files a battle was loaded from, byte for byte."""

    scenario: Sha256
    map: Sha256
    catalogue: Sha256


class ScenarioRef(_Record):
    """Which scenario the battle is: a bundled one by file name, or a scenario file by path."""

    title: str = Field(max_length=60)
    bundled: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{1,64}$")
    file: str | None = Field(default=None, min_length=1, max_length=4096)
    sha256: ContentHashes

    @model_validator(mode="after")
    def _one_source(self) -> ScenarioRef:
        if (self.bundled is None) == (self.file is None):
            raise ValueError("give exactly one of bundled (a bundled scenario's name) and file (a scenario path)")
        return self

    @property
    def source(self) -> str:
        return f"bundled scenario {self.bundled}" if self.bundled else f"scenario file {self.file}"


class RecordedAction(_Record):
    """One action as it was applied, and the hash of the state it produced."""

    action: Action
    state: Sha256
    rolls: list[Face] | None = Field(None, max_length=200, fail_fast=True)  # the d20s typed in, with physical dice


class Checkpoint(_Record):
    """The whole state at the start of a round, after the first `after` actions: a resume can start
    here even when a newer program no longer replays the earlier actions to the same hashes."""

    after: int = Field(ge=0)
    round: int = Field(ge=1, le=999)
    state: GameState


class Summary(_Record):
    """What a list of saves shows, written near the top of the file so a list reads only the first few
    kilobytes of each save. Public facts only (never a unit, an item or a tile); never trusted: a load
    works everything out again from the actions."""

    round: int = Field(ge=1, le=999)
    to_act: Side


class BattleRecord(_Record):
    """A battle from round 1: everything `replay --verify` needs to play it again, and what to compare.

    `armies` holds the deployed armies of the sides that hired theirs (army building is never
    re-run: the computer's choices there came from its own random source, not the dice).
    `players` says who played each side ("human" or a computer level): a resumed battle gives the
    computer the sides it played. `opening` is the sha256 of those opening fields (`opening_digest`),
    so an edit to any of them is seen. New fields come with a new `version`; a reader refuses
    versions it does not know. The fields are written in this order: the small ones a list of
    saves needs first.
    """

    format: Literal["officers-chess-battle"] = SAVE_FORMAT
    version: Literal[1, 2, 3, 4, 5, 6] = SAVE_VERSION
    finished: bool = False  # the battle reached its result (an unfinished one can be resumed)
    summary: Summary | None = None  # version 3 on
    edition: str = Field(max_length=20)
    scenario: ScenarioRef
    seed: int = Field(ge=-(2**63), lt=2**64)
    armies: dict[Side, Annotated[list[UnitSetup], Field(fail_fast=True)]] = Field(default_factory=dict)
    players: dict[Side, Annotated[str, StringConstraints(max_length=40)]] = Field(default_factory=dict)
    physical_dice: bool = False  # the players rolled their own d20s: each action carries its rolls
    chapter: ChapterTerms | None = None  # a campaign chapter: its war chests, and no Outfitting (written only then)
    initial_state: Sha256
    opening: Sha256 | None = None  # version 3 on: opening_digest of the fields above
    # Validation stops at the first bad action or checkpoint (fail_fast): a stranger's save of a hundred
    # thousand broken actions is one complaint, not a hundred thousand (saves.py bounds each one's size).
    # MAX_ACTIONS is not a bound here: a battle played on past it still records; `write_save` refuses it.
    actions: list[RecordedAction] = Field(default_factory=list, fail_fast=True)
    checkpoints: list[Checkpoint] = Field(default_factory=list, max_length=MAX_CHECKPOINTS, fail_fast=True)

    def opening_digest(self) -> str:
        return opening_digest(self.model_dump(mode="json", by_alias=True, exclude_none=True))


def rules_changed_note(version: int) -> str:
    """For a save written before rules changed (by its save version): which changes may make it play otherwise now."""
    changes = [words for since, words in sorted(RULES_CHANGED.items()) if version < since]
    if not changes:
        return ""
    return (f"it was written by an earlier version of the game (save version {version}), and the rules have changed "
            f"since ({'; '.join(changes)})")


def opening_digest(data: dict) -> str:
    """The sha256 of a save's opening fields (OPENING_FIELDS), from the save's JSON as written: sorted keys,
    no spaces, ASCII. The same whether worked out from the record or from the raw JSON of its file."""
    opening = {key: data.get(key) for key in OPENING_FIELDS}
    opening.update({key: data[key] for key in OPENING_SPARSE if data.get(key) is not None})
    return sha256_bytes(json.dumps(opening, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii"))


class Recorder:
    """Builds a BattleRecord while a battle is played: start it on the first state, add each action."""

    def __init__(self, edition: str, scenario: ScenarioRef, seed: int, armies: dict[Side, list[UnitSetup]],
                 start: GameState, players: dict[Side, str] | None = None, chapter: ChapterTerms | None = None) -> None:
        self._head = dict(edition=edition, scenario=scenario, seed=seed, armies=armies, players=players or {},
                          initial_state=state_hash(start), physical_dice=start.dice.physical, chapter=chapter)
        self._actions: list[RecordedAction] = []
        self._checkpoints: list[Checkpoint] = [Checkpoint(after=0, round=start.round, state=start)]
        self._last = (start.round, start.to_act)  # the round and the side to act now, for the summary
        self._opening: str | None = None  # the seal over the head, worked out on the first record()
        self.finished = False

    @classmethod
    def carry_on(cls, record: BattleRecord, upto: int | None = None, now: GameState | None = None,
                 checkpoints: list[Checkpoint] | None = None) -> Recorder:
        """A recorder that continues a saved record (a resumed battle): its first `upto` actions (all of them
        by default), `now` the state they lead to, and `checkpoints` the round checkpoints among them as a
        replay rebuilt them (by default the record's own, which a resume has checked)."""
        upto = len(record.actions) if upto is None else upto
        recorder = cls.__new__(cls)
        recorder._head = record.model_dump(
            exclude={"actions", "checkpoints", "finished", "format", "version", "opening", "summary"})
        recorder._actions = list(record.actions[:upto])
        kept = record.checkpoints if checkpoints is None else checkpoints
        recorder._checkpoints = [c for c in kept if c.after <= upto]
        recorder._opening = None
        if now is not None:
            recorder._last = (now.round, now.to_act)
        elif record.summary is not None and upto == len(record.actions):  # display only: the next action corrects it
            recorder._last = (record.summary.round, record.summary.to_act)
        elif recorder._checkpoints:
            recorder._last = (recorder._checkpoints[-1].round, recorder._checkpoints[-1].state.to_act)
        else:
            recorder._last = (1, Side.ATTACKER)
        recorder.finished = now.is_over if now is not None else record.finished and upto == len(record.actions)
        return recorder

    @property
    def count(self) -> int:
        """How many actions are recorded."""
        return len(self._actions)

    def add(self, action: Action, after: GameState, rolls: list[int] | None = None) -> None:
        self._actions.append(RecordedAction(action=action, state=state_hash(after), rolls=rolls or None))
        last_round = self._checkpoints[-1].round if self._checkpoints else None
        if after.round != last_round:  # a new round began with this action: keep its whole state
            self._checkpoints.append(Checkpoint(after=len(self._actions), round=after.round, state=after))
        self._last = (after.round, after.to_act)
        self.finished = after.is_over

    def record(self) -> BattleRecord:
        if self._opening is None:  # the opening never changes: sealed once
            self._opening = BattleRecord(**self._head).opening_digest()
        summary = Summary(round=self._last[0], to_act=self._last[1])
        return BattleRecord(**self._head, opening=self._opening, summary=summary, actions=list(self._actions),
                            checkpoints=list(self._checkpoints), finished=self.finished)


class ArmyMismatch(ValueError):
    """Saved armies that army building could not have produced; `where` is the path inside the record."""

    def __init__(self, message: str, where: tuple[str | int, ...]) -> None:
        super().__init__(message)
        self.where = where


def check_armies(scenario: Scenario, catalogue: Catalogue, battle_map: BattleMap, armies: dict[Side, list[UnitSetup]]) -> None:
    """Take the saved armies through every army-building step (hire, scout, outfit, deploy) as the
    players would; raise ArmyMismatch at the first one the rules refuse, or if the result differs."""
    hiring = {side for side in Side if scenario.hires(side)}
    for side in armies:
        if side not in hiring:
            raise ArmyMismatch(f"the {side.value} brings the scenario's army and hires none", ("armies", side.value))
    missing = sorted(side.value for side in hiring - set(armies))
    if missing:
        raise ArmyMismatch(f"the {missing[0]} hires its army in this scenario, and the record has none", ("armies",))
    muster = Muster()
    while True:
        phase, side = current(muster, scenario)
        if side is None:
            break
        where: tuple[str | int, ...] = ("armies", side.value)
        setups = armies[side]
        try:
            if phase is Phase.HIRING:
                recruits = [Recruit(name=u.name, unit_class=u.unit_class, items=u.items, roles=u.roles, used=u.used)
                            for u in setups]
                muster = set_army(muster, scenario, catalogue, side, Army(units=recruits))
            elif phase is Phase.DEPLOYING:
                for index, unit in enumerate(setups):
                    where = ("armies", side.value, index, "at")
                    muster = place(muster, scenario, battle_map, catalogue, side, unit.name, (unit.at[0] - 1, unit.at[1] - 1))
                where = ("armies", side.value)
            muster = finish_step(muster, scenario, catalogue)
        except ValidationError as exc:  # a unit, or an army, the army model itself refuses: its first complaint
            raise ArmyMismatch(f"{phase.value}: {exc.errors(include_url=False, include_input=False)[0]['msg']}",
                               where) from None
        except ValueError as exc:  # a MusterError
            raise ArmyMismatch(f"{phase.value}: {exc}", where) from None
    if battle_armies(muster, scenario) != armies:
        # Whatever army building cannot express (crests, say) would still change the battle.
        raise ArmyMismatch("these armies hold something army building cannot give them", ("armies",))
