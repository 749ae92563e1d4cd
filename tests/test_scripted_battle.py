"""Scripted units in whole seeded battles: the normal level plays the scripted side, greedy the other.

Every action is chosen by a policy and applied here, one at a time, so each activation of a
scripted unit can be checked against the line of its script that held when it began:

  hold            it does not move, and takes no Canto step afterwards
  guard           it ends within 2 tiles of its ward or tile whenever it could reach one
  pursue NAME     it attacks the named enemy whenever it could from a tile it reaches; else, unless
                  it strikes another enemy on its way, it does not end farther (in movement,
                  going round other units) from it than it started
  pursue nearest  it ends within reach of the nearest enemy whenever it could (whom it then
                  strikes is the default tactics' choice); else as above
  retreat         it ends on a healing tile whenever it could reach a free one

Two scenarios: tests/fixtures/scripted/watch_drill.yaml (4 against 4 on the Training Yard)
and the bundled scenarios/harrow_watch.yaml (6 against 6 on Harrowdale).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from officers_chess.ai.directives import Directive, directive
from officers_chess.ai.play import make_policy
from officers_chess.content.loaders import LoadedScenario, find_scenario, load_scenario
from officers_chess.rules.battle.actions import Action, Attack, CantoMove, Move
from officers_chess.rules.battle.game import apply_action, legal_actions
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.vision import player_view
from officers_chess.rules.board.battle_map import Pos, distance
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.pieces.movement import reachable
from officers_chess.rules.pieces.orders import Order
from officers_chess.rules.pieces.order_now import current_order

DRILL = Path(__file__).parent / "fixtures" / "scripted" / "watch_drill.yaml"
DRILL_SEEDS = range(8)
WATCH_SEEDS = range(3)


@dataclass
class Activation:
    """One activation of a scripted unit: the state it began in, its order then, and what it did."""

    before: GameState
    unit: Unit
    order: Order | None
    directive: Directive | None
    tiles: list[Pos]  # every tile its Move could have gone to
    actions: list[Action] = field(default_factory=list)  # the Move first
    after: GameState | None = None

    @property
    def end(self) -> Pos | None:
        """Where it stands once its turn is over (None: routed in its own attack)."""
        assert self.after is not None
        now = self.after.unit(self.unit.id)
        return now.pos if now.on_field else None

    @property
    def attacked(self) -> list[str]:
        return [a.target for a in self.actions if isinstance(a, Attack)]

    def could_attack(self, target: Unit) -> bool:
        """Whether some tile its Move reaches puts `target` within reach of its weapon."""
        return any(
            target in self.before.targets_from(self.unit.model_copy(update={"pos": p}), p) for p in self.tiles
        )

    def label(self) -> str:
        line = self.order.label() if self.order else "no order"
        names = [self.before.unit(t).name for t in self.attacked]
        return f"round {self.before.round}, {self.unit.name} ({line}): {self.unit.pos} -> {self.end}, attacked {names}"


@dataclass
class Battle:
    final: GameState
    activations: list[Activation]
    trail: list[tuple[int, dict[str, Pos]]]  # after every action: the round and where each unit stands


def play(loaded: LoadedScenario, seed: int, scripted: Side = Side.DEFENDER, strip: bool = False) -> Battle:
    """A seeded battle, normal (for `scripted`) against greedy, recording every scripted activation."""
    state = loaded.new_battle(seed)
    if strip:  # the control: the same battle with every script taken away
        state = state.model_copy(update={"units": [u.model_copy(update={"orders": []}) for u in state.units]})
    policies = {scripted: make_policy("normal", seed), scripted.other: make_policy("greedy", seed)}
    activations: list[Activation] = []
    trail: list[tuple[int, dict[str, Pos]]] = []
    current: Activation | None = None
    while not state.is_over and state.round <= 30:
        action = policies[state.to_act].choose(state)
        if isinstance(action, Move):
            unit = state.unit(action.unit)
            if unit.orders and unit.side is scripted:
                view = player_view(state, scripted)
                tiles = [a.to for a in legal_actions(state) if isinstance(a, Move) and a.unit == unit.id]
                current = Activation(state, unit, current_order(unit, view.units, view.round), directive(view, unit), tiles)
        if current is not None:
            current.actions.append(action)
        state = apply_action(state, action).state
        trail.append((state.round, {u.name: u.pos for u in state.units if u.on_field}))
        if current is not None and (state.active is None or state.is_over):
            current.after = state
            activations.append(current)
            current = None
    return Battle(state, activations, trail)


@cache
def drill_battle(seed: int) -> Battle:
    return play(load_scenario(DRILL), seed)


@cache
def watch_battle(seed: int) -> Battle:
    return play(load_scenario(find_scenario("harrow_watch")), seed)


def _path_gap(state: GameState, unit: Unit, start: Pos, target: Unit) -> int | None:
    """Movement from `start` to a tile beside `target`, going round every other unit (None: no way)."""
    others = [u for u in state.units if u.on_field and u.id not in (unit.id, target.id)]
    costs = reachable(unit.model_copy(update={"pos": start}), state.map, others, budget=999).costs
    return min((c for p, c in costs.items() if distance(p, target.pos) == 1), default=None)


def broken_lines(activation: Activation) -> list[str]:
    """What the activation did against its order, in words (empty: it followed it)."""
    order, steer, end = activation.order, activation.directive, activation.end
    if order is None or steer is None:
        return []  # nothing holds, or the order names something gone: default tactics
    problems = []
    move = activation.actions[0]
    assert isinstance(move, Move)
    could_reach = steer.near is not None and any(p in steer.near for p in activation.tiles)
    strays = could_reach and end is not None and end not in steer.near  # type: ignore[operator]
    if steer.stay and (move.to != activation.unit.pos or any(isinstance(a, CantoMove) for a in activation.actions)):
        problems.append("moved while holding")
    if order.behaviour in ("guard_tile", "guard_unit") and strays:
        problems.append("ended outside its guard ring though it could reach it")
    if order.behaviour == "retreat" and strays:
        problems.append("did not end on the healing tile it could reach")
    if steer.prey is not None:
        before, prey = activation.before, activation.before.unit(steer.prey)
        if activation.could_attack(prey):
            if order.target is not None and prey.id not in activation.attacked:
                problems.append(f"did not attack {prey.name} though it could")
            if order.target is None and strays:
                problems.append(f"did not end within reach of {prey.name} though it could")
        elif end is not None and not activation.attacked:  # striking someone else on the way is the default tactics' call
            was, now = _path_gap(before, activation.unit, activation.unit.pos, prey), _path_gap(before, activation.unit, end, prey)
            if was is not None and (now is None or now > was):
                problems.append(f"ended farther from {prey.name} ({was} -> {now} movement)")
    return [f"{activation.label()}: {p}" for p in problems]


# --- the drill: a holder, a guard, a pursuer and an ambusher --------------------------------


@pytest.mark.parametrize("seed", DRILL_SEEDS)
def test_every_scripted_activation_in_the_drill_follows_its_script(seed):
    battle = drill_battle(seed)
    assert battle.final.is_over
    problems = [p for a in battle.activations for p in broken_lines(a)]
    assert problems == []
    assert {a.unit.name for a in battle.activations} >= {"Keeper", "Warder", "Hunter"}


@pytest.mark.parametrize("seed", DRILL_SEEDS)
def test_the_keeper_never_leaves_the_fort_before_round_3(seed):
    battle = drill_battle(seed)
    fort = (3, 4)  # [4, 5]
    early = [spots["Keeper"] for round_number, spots in battle.trail if round_number < 3 and "Keeper" in spots]
    assert early and set(early) == {fort}
    keeper = [a for a in battle.activations if a.unit.name == "Keeper"]
    assert keeper and all(a.order.behaviour == ("hold" if a.before.round < 3 else "pursue") for a in keeper)


def test_the_keeper_leaves_the_fort_once_its_hold_line_is_over():
    """Not vacuous: from round 3 the Keeper pursues, and in some battle it steps off the fort to do it."""
    left = [
        a for seed in DRILL_SEEDS for a in drill_battle(seed).activations
        if a.unit.name == "Keeper" and a.before.round >= 3 and a.end not in (None, (3, 4))
    ]
    assert left


@pytest.mark.parametrize("seed", DRILL_SEEDS)
def test_the_warder_stays_by_the_keeper(seed):
    battle = drill_battle(seed)
    for activation in (a for a in battle.activations if a.unit.name == "Warder"):
        keeper = activation.before.unit(next(u.id for u in activation.before.units if u.name == "Keeper"))
        if keeper.on_field and activation.end is not None:
            assert distance(activation.end, keeper.pos) <= 2, activation.label()


@pytest.mark.parametrize("seed", DRILL_SEEDS)
def test_the_hunter_attacks_the_chief_before_anyone_else(seed):
    battle = drill_battle(seed)
    hunts = [a for a in battle.activations if a.unit.name == "Hunter"]
    first = next(a for a in hunts if a.attacked)
    assert [first.before.unit(t).name for t in first.attacked] == ["Chief"], first.label()
    assert first.order.target == "Chief"


def test_the_lurker_lies_still_until_an_enemy_comes_within_3():
    seen = {"hold": 0, "pursue": 0}
    for seed in DRILL_SEEDS:
        for activation in (a for a in drill_battle(seed).activations if a.unit.name == "Lurker"):
            near = min(distance(e.pos, activation.unit.pos) for e in activation.before.living(Side.ATTACKER))
            if activation.order.behaviour == "hold":
                assert near > 3 and activation.actions[0] == Move(unit=activation.unit.id, to=activation.unit.pos)
            seen[activation.order.behaviour] = seen.get(activation.order.behaviour, 0) + 1
    assert seen["hold"] and seen["pursue"]  # both lines were in force at some point


def test_without_the_scripts_the_same_battles_go_otherwise():
    """The control: stripped of their orders, the drill's defenders leave the fort early and play differently."""
    loaded = load_scenario(DRILL)
    free = [play(loaded, seed, strip=True) for seed in DRILL_SEEDS[:4]]
    assert any(spots.get("Keeper") not in (None, (3, 4)) for battle in free for r, spots in battle.trail if r < 3)
    assert [b.trail for b in free] != [drill_battle(seed).trail for seed in DRILL_SEEDS[:4]]


# --- the bundled Ambush at Harrow Watch ----------------------------------------------------


@pytest.mark.parametrize("seed", WATCH_SEEDS)
def test_every_scripted_activation_at_harrow_watch_follows_its_script(seed):
    battle = watch_battle(seed)
    problems = [p for a in battle.activations for p in broken_lines(a)]
    assert problems == []
    # The warden keeps to the tower until round 5, and the ambush lies still at first.
    tower = (14, 2)  # [15, 3]
    assert {spots["Ilse"] for r, spots in battle.trail if r < 5 and "Ilse" in spots} == {tower}
    later = [a.end for a in battle.activations if a.unit.name == "Ilse" and a.before.round >= 5 and a.end]
    assert later and all(distance(end, tower) <= 2 for end in later)  # then she guards it
    ambush = [a for a in battle.activations if a.unit.name in ("Fen", "Rook")]
    assert ambush[0].order.behaviour == "hold" and ambush[0].actions[0].to == ambush[0].unit.pos  # type: ignore[union-attr]


def test_oda_strikes_corvin_whenever_she_can_reach_him():
    """Not vacuous: in these battles Oda does reach Corvin, and strikes him each time (checked above)."""
    hits = [
        a for seed in WATCH_SEEDS for a in watch_battle(seed).activations
        if a.unit.name == "Oda" and any(a.before.unit(t).name == "Corvin" for t in a.attacked)
    ]
    assert hits


def test_every_behaviour_in_these_scripts_was_checked_at_least_once():
    """The checks above are not vacuous: each kind of line was in force in some activation."""
    kinds = {
        a.order.behaviour
        for battle in [*map(drill_battle, DRILL_SEEDS), *map(watch_battle, WATCH_SEEDS)]
        for a in battle.activations
        if a.order is not None and a.directive is not None
    }
    assert kinds >= {"hold", "guard_unit", "guard_tile", "pursue", "support", "retreat"}
