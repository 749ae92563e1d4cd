"""Non-interference for the battle log under fog: a seat's lines of an action depend only on what that seat saw.

Two battles that differ only in what one seat cannot know (an enemy out of its sight renamed like one of its own
units or a seen enemy, or given a name wrapped in punctuation; that enemy's HP, items or tile; the dice rolled for
what the seat does not see; or which hidden unit the enemy moved and how) are played one action further, the same
action in both. Whenever the seat's observation (its own units whole, the enemies in its sight, the ground in its
sight, its own morale, the round and who is to act) is the same before and after in both, its log lines of that
action must be identical. The sweep plays random battles of the fog fixture and of bundled battles under fog;
directed battles make sure the rare cases (terrain changed out of sight, an enemy rout moving only the enemy's
morale, a triggered note out of sight) are tried on every run.

    OFFICERS_CHESS_NONINTERFERENCE=200 pytest tests/test_seat_log.py

checks that many points of each battle's random games (default: a bounded few, for CI).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
from pathlib import Path

import pytest

from factories import A, D, battle_map, game, plains, unit, weapon

from officers_chess.ai.random_policy import RandomPolicy
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.rules.basics.dice import RollNeeded
from officers_chess.rules.battle.actions import Action, Attack, Move, Special, Strike, Wait
from officers_chess.rules.battle.game import IllegalAction, Outcome, apply_action, legal_actions
from officers_chess.rules.battle.morale import MoraleRules
from officers_chess.rules.battle.physical import apply_with_rolls, roll_your_own
from officers_chess.rules.battle.state import Arrival, GameState
from officers_chess.rules.battle.vision import visible_tiles
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.session.fog_log import log_lines, told_lines

POINTS = int(os.environ.get("OFFICERS_CHESS_NONINTERFERENCE") or 12)  # points of random battles checked per battle
CHECK_CHANCE = 0.12  # each action of a random battle is a point with this chance (so points spread over the battle)
MAX_ACTIONS = 400
VARIANTS = 3  # other battles tried at each point and for each seat, besides other dice (drawn from `variants`)
FIXTURES = Path(__file__).parent / "fixtures"
# The fog fixture, and bundled battles played under fog: scripts, timed and triggered events, morale, specials.
BATTLES = [str(FIXTURES / "fog_yard.yaml"), "wolves_of_ashby", "ashby_raid", "lantern_patrol", "grey_teeth_keep",
           "d100_thornmere_wardens", "greyhollow_heist"]


# --- what a seat can know ---------------------------------------------------------------------------------------


_SEEN: dict[tuple[int, Side], tuple[GameState, tuple]] = {}


def observation(state: GameState, side: Side) -> tuple:
    """Everything `side` may know of the battle now, worked out here from the state alone (not from the log)."""
    cached = _SEEN.get((id(state), side))
    if cached is not None and cached[0] is state:
        return cached[1]
    sight = visible_tiles(state, side)
    units = sorted(
        (u.id, u.name, u.side.value, u.pos, u.hp, u.on_field, u.escaped, tuple((s.name, s.left, s.amount) for s in u.statuses),
         tuple((item.name, getattr(item, "uses_left", None)) for item in u.inventory), u.weapon, u.accessory)
        for u in state.units if u.side is side or (u.on_field and u.pos in sight))
    ground = sorted((p, state.map.terrain_at(p).name, state.terrain_hp(p)) for p in sight)
    seen = (units, ground, sorted(c.at for c in state.chests if c.at in sight), state.morale.get(side), state.round,
            state.to_act, state.active is None, state.result)
    if len(_SEEN) > 256:
        _SEEN.clear()
    _SEEN[(id(state), side)] = (state, seen)  # the state is kept with it, so its id is not reused meanwhile
    return seen


def known_ids(state: GameState, side: Side) -> set[str]:
    sight = visible_tiles(state, side)
    return {u.id for u in state.units if u.side is side or (u.on_field and u.pos in sight)}


def hidden_enemies(state: GameState, side: Side) -> list[Unit]:
    sight = visible_tiles(state, side)
    return [u for u in state.units if u.side is not side and u.on_field and u.pos not in sight]


def rolled(state: GameState, action: Action, known: set[str], salt: str) -> Outcome:
    """The action with the table's own dice, each roll decided by what it is for (so a roll lands the same in both
    battles however many rolls came before it); a roll concerning a unit outside `known` also by `salt`."""
    rolls: list[int] = []
    asked: dict[tuple, int] = {}
    physical = roll_your_own(state)
    while True:
        try:
            return apply_with_rolls(physical, action, rolls)
        except RollNeeded as need:
            key = (need.why if set(need.about) <= known else salt, need.about, need.faces)
            asked[key] = asked.get(key, 0) + 1
            digest = hashlib.sha256(repr((key, asked[key])).encode()).digest()
            rolls.append(int.from_bytes(digest[:4], "big") % need.faces + 1)


class Tally:
    """How many pairs were compared (a sweep that compares nothing proves nothing)."""

    def __init__(self) -> None:
        self.compared = 0


def same_lines(seat: Side, first: tuple[GameState, GameState, list], second: tuple[GameState, GameState, list],
               why: str, tally: Tally) -> None:
    """Where the seat's observation matches before and after, its lines of the action must too."""
    (b1, a1, e1), (b2, a2, e2) = first, second
    if observation(b1, seat) != observation(b2, seat) or observation(a1, seat) != observation(a2, seat):
        return  # the seat saw a difference: its log may tell it
    tally.compared += 1
    assert log_lines(b1, a1, e1, seat) == log_lines(b2, a2, e2, seat), why
    assert told_lines(b1, a1, e1, seat) == told_lines(b2, a2, e2, seat), why


# --- two battles differing in what one seat cannot know ---------------------------------------------------------


def variants(state: GameState, seat: Side, rng: random.Random) -> list[tuple[str, GameState, str]]:
    """(what differs, the other battle, salt for its hidden rolls): each changes only what `seat` cannot see."""
    hidden = hidden_enemies(state, seat)
    if not hidden:
        return [("the dice for what it cannot see", state, "other dice")]
    target = rng.choice(hidden)
    sight = visible_tiles(state, seat)
    own = [u for u in state.units if u.side is seat]
    seen = [u for u in state.units if u.side is not seat and u.on_field and u.pos in sight]
    out: list[tuple[str, GameState, str]] = [("the dice for what it cannot see", state, "other dice")]

    def changed(what: str, **update) -> None:
        # A new list with one unit replaced: the rules copy a state before changing it, so the rest is shared.
        # The same dice as the first battle: one thing differs at a time.
        units = [u.model_copy(update=update) if u.id == target.id else u for u in state.units]
        out.append((f"{target.id}: {what}", state.model_copy(update={"units": units}), "dice"))

    if own:
        changed("named like one of the seat's own units", name=rng.choice(own).name)
    if seen:
        changed("named like an enemy in sight", name=rng.choice(seen).name)
    changed("a name wrapped in punctuation", name="(Ash)")
    changed("a name ending in punctuation", name="Ash!")
    if target.max_hp > 1:
        changed("other HP", hp=1 if target.hp != 1 else target.max_hp)
    if target.inventory:
        changed("no items", inventory=[], weapon=None, accessory=None)
    for _ in range(20):  # a tile out of sight it could stand on
        at = (rng.randrange(state.map.width), rng.randrange(state.map.height))
        if at not in sight and state.unit_at(at) is None and target.entry_cost(state.map.terrain_at(at)) is not None:
            changed("standing elsewhere", pos=at)
            break
    return out[:1] + rng.sample(out[1:], min(VARIANTS, len(out) - 1))


def check_point(state: GameState, chosen: Action, rng: random.Random, tally: Tally) -> None:
    """Every variant for both seats, with the action played and a few other legal ones; on an enemy turn of
    units out of the seat's sight, also the other things those hidden units could have done instead."""
    legal = legal_actions(state)
    actions = [chosen, rng.choice(legal)]
    for seat in (A, D):
        known = known_ids(state, seat)
        worlds = variants(state, seat, rng)
        for action in actions:
            try:
                base = rolled(state, action, known, "dice")
            except IllegalAction:
                continue
            for what, other, salt in worlds:
                try:
                    twin = rolled(other, action, known, salt)
                except IllegalAction:
                    continue  # the difference makes the action impossible there
                same_lines(seat, (state, base.state, base.events), (other, twin.state, twin.events),
                           f"{seat.value}'s log of {action} differs with {what}", tally)
        if state.to_act is not seat:
            hidden = {u.id for u in hidden_enemies(state, seat)}
            acting = state.active.unit if state.active is not None else None
            theirs = [a for a in legal if (acting or getattr(a, "unit", None)) in hidden]
            if len(theirs) > 1:
                first, *others = rng.sample(theirs, min(4, len(theirs)))
                one = rolled(state, first, known, "dice")
                for action in others:
                    two = rolled(state, action, known, "dice")
                    same_lines(seat, (state, one.state, one.events), (state, two.state, two.events),
                               f"{seat.value}'s log tells {first} from {action}, both out of its sight", tally)


def fogged(name: str, seed: int) -> GameState:
    loaded = load_scenario(find_scenario(name))
    loaded = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"fog": True}))
    return loaded.new_battle(seed=seed)


@pytest.mark.parametrize("name", BATTLES, ids=lambda n: Path(n).stem)
def test_a_seats_log_never_depends_on_what_it_cannot_see(name):
    rng = random.Random(f"seat log {Path(name).stem}")
    tally = Tally()
    points = 0
    while points < POINTS:  # battles played to their end, checked at points spread through them
        state = fogged(name, seed=rng.randrange(1000))
        assert state.fog
        policy = RandomPolicy(seed=rng.randrange(1000))
        for _ in range(MAX_ACTIONS):
            if state.is_over:
                break
            action = policy.choose(state)
            if points < POINTS and rng.random() < CHECK_CHANCE:
                check_point(state, action, rng, tally)
                points += 1
            state = apply_action(state, action).state
    assert tally.compared >= POINTS  # the observations matched often enough for the sweep to mean something


# --- directed battles: what random play rarely reaches -----------------------------------------------------------


def compare_hidden_actions(state: GameState, seat: Side, first: list[Action], second: list[Action]) -> None:
    """Two courses the enemy could take out of the seat's sight: the seat's lines of each step must match."""
    tally = Tally()
    one = two = state
    for a1, a2 in zip(first, second, strict=True):
        out1, out2 = apply_action(one, a1), apply_action(two, a2)
        same_lines(seat, (one, out1.state, out1.events), (two, out2.state, out2.events), f"{a1} against {a2}", tally)
        one, two = out1.state, out2.state
    assert tally.compared == len(first)


def compare_worlds(one: GameState, two: GameState, seat: Side, actions: list[Action]) -> None:
    """The same actions in two battles differing in what the seat cannot see: its lines must match."""
    tally = Tally()
    for action in actions:
        out1, out2 = apply_action(one, action), apply_action(two, action)
        same_lines(seat, (one, out1.state, out1.events), (two, out2.state, out2.events), str(action), tally)
        one, two = out1.state, out2.state
    assert tally.compared == len(actions)


def test_terrain_changed_out_of_sight_reaches_no_one_else():
    # d1 razes, breaks a wall and picks a door at the far end, out of the attacker's sight; or only waits.
    wall = weapon(might=40)
    saboteur = unit(id="d1", side=D, pos=(12, 1), tags=["Saboteur", "Pick"], weapon=wall)
    state = game(battle_map("..............", "..........#..+", ".............."),
                 [unit(id="a1", side=A, pos=(0, 1)), saboteur], to_act=D).model_copy(update={"fog": True, "raze_tiles": [(12, 1)]})
    razed = [Move(unit="d1", to=(12, 1)), Special(name="raze", source=None)]
    assert Special(name="raze", source=None) in legal_actions(apply_action(state, razed[0]).state)
    compare_hidden_actions(state, A, razed, [Move(unit="d1", to=(12, 1)), Wait()])
    struck = [Move(unit="d1", to=(11, 1)), Strike(at=(10, 1))]
    assert apply_action(apply_action(state, struck[0]).state, struck[1]).state.map.terrain_at((10, 1)).name == "Floor"
    compare_hidden_actions(state, A, struck, [Move(unit="d1", to=(11, 1)), Wait()])
    pick = next(a for a in legal_actions(apply_action(state, Move(unit="d1", to=(12, 1))).state)
                if isinstance(a, Special) and a.name == "pick")
    compare_hidden_actions(state, A, [Move(unit="d1", to=(12, 1)), pick], [Move(unit="d1", to=(12, 1)), Wait()])


def test_an_enemy_rout_out_of_sight_moves_no_morale_the_seat_can_read():
    # d1 carries a relic of a crest it lacks: its turn's end costs it 2 HP, which routs it at 2 HP and not at 20.
    relic = weapon(tags=["Relic(Seiros)"], name="Relic Blade")
    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(12, 0), weapon=relic, hp=2),
             unit(id="d2", side=D, pos=(13, 0))]  # so that the rout does not end the battle
    state = game(plains(14), units, to_act=D).model_copy(update={
        "fog": True, "morale_rules": MoraleRules(), "morale": {A: 10, D: 10}})  # the attacker's is full: no rise
    sturdy = state.model_copy(deep=True)
    sturdy.units[1].hp = 20
    moves = [Move(unit="d1", to=(11, 0)), Wait()]
    assert not apply_action(apply_action(state, moves[0]).state, moves[1]).state.unit("d1").on_field
    compare_worlds(state, sturdy, A, moves)


def test_a_triggered_note_set_off_out_of_sight_is_not_read():
    note = Arrival(round=0, trigger="defender enters [13, 1]", note="Horns sound from the far gate.")
    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(10, 0))]
    state = game(plains(14), units, to_act=D).model_copy(update={"fog": True, "arrivals": [note]})
    into = [Move(unit="d1", to=(12, 0))]
    assert any(e.text() == "Horns sound from the far gate." for e in apply_action(state, into[0]).events)
    compare_hidden_actions(state, A, into, [Move(unit="d1", to=(11, 0))])


def test_a_hidden_enemy_named_like_a_seen_unit_or_with_punctuation_is_not_read():
    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(12, 0)), unit(id="d2", side=D, pos=(2, 0))]
    state = game(plains(14), units, to_act=D).model_copy(update={"fog": True})
    moves = [Move(unit="d1", to=(11, 0)), Wait()]
    for name in ("A1", "D2", "(Ash)", "Ash!", "D1's"):
        renamed = state.model_copy(deep=True)
        renamed.units[1].name = name
        compare_worlds(state, renamed, A, moves)


# --- the wording, by identity -----------------------------------------------------------------------------------


def lines_for(state: GameState, action: Action, seat: Side) -> tuple[list[str], Outcome]:
    out = apply_action(state, action)
    return log_lines(state, out.state, out.events, seat), out


def test_an_enemy_named_like_your_own_unit_does_not_hide_your_units_lines():
    # The old log hid every line with a hidden enemy's name in it: here it hid the attacker's own unit's wait.
    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(12, 0))]
    state = game(plains(14), units).model_copy(update={"fog": True})
    state.units[1].name = "A1"
    moved = apply_action(state, Move(unit="a1", to=(1, 0))).state
    assert lines_for(moved, Wait(), A)[0] == ["A1 waits."]
    assert lines_for(moved, Wait(), D)[0] == []


def test_a_fight_with_one_party_out_of_sight_tells_only_what_befell_the_one_seen():
    # d1's bow reaches 5 tiles: it shoots a1 from beyond a1's 3 tiles of sight. A shot needs its target in sight
    # (rulings F30): d2, a spotter three tiles from a1, shows a1 to the defender.
    bow = weapon(type="bow", range=(5, 5), might=8, name="Siege Bow")
    units = [unit(id="a1", side=A, pos=(0, 0), hp=30), unit(id="d1", side=D, pos=(6, 0), weapon=bow, skl=30),
             unit(id="d2", side=D, pos=(2, 1), activated=True)]
    state = game(plains(14, 2), units, to_act=D).model_copy(update={"fog": True})
    state = apply_action(state, Move(unit="d1", to=(5, 0))).state
    for change in ({"name": "A1"}, {"name": "(Ash)"}, {"hp": 3}, {"inventory": [bow.model_copy(update={"name": "Other Bow"})]}):  # nothing the target sees of it
        other = state.model_copy(update={"units": [u.model_copy(update=change) if u.id == "d1" else u for u in state.units]})
        compare_worlds(state, other, A, [Attack(target="a1")])
    lines, out = lines_for(state, Attack(target="a1"), A)
    hp = out.state.unit("a1").hp
    assert lines[0].splitlines()[0] == "A1 is attacked from out of sight."
    assert f"→ A1 {hp} HP" in lines[0] and "D1" not in "\n".join(lines) and "d20" not in "\n".join(lines)
    # The shooter's side sees both parties (its spotter shows it the target): it reads the fight whole.
    theirs = lines_for(state, Attack(target="a1"), D)[0]
    assert theirs[0] == apply_action(state, Attack(target="a1")).events[0].text()
    clear = state.model_copy(update={"fog": False})
    assert lines_for(clear, Attack(target="a1"), A)[0][0] == apply_action(clear, Attack(target="a1")).events[0].text()


def test_a_move_by_an_enemy_in_sight_drops_the_script_it_followed_under_fog():
    from officers_chess.rules.battle.events import Moved

    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(3, 0))]
    state = game(plains(8), units, to_act=D).model_copy(update={"fog": True})
    out = apply_action(state, Move(unit="d1", to=(2, 0)))
    scripted = [dataclasses.replace(e, order="pursue A1", held=False) if isinstance(e, Moved) else e for e in out.events]
    assert log_lines(state, out.state, scripted, A) == ["D1 moves 4,1 → 3,1 (cost 1)."]
    assert log_lines(state, out.state, scripted, D)[0] == "D1 moves 4,1 → 3,1 (cost 1; its order: pursue A1)."
    assert log_lines(state, out.state.model_copy(update={"fog": False}), scripted, A)[0].endswith("its order: pursue A1).")


def test_an_event_that_does_not_say_what_it_concerns_is_told_to_nobody_under_fog():
    @dataclasses.dataclass(frozen=True)
    class Unlabelled:
        def text(self) -> str:
            return "Something happened."

    state = game(plains(8), [unit(id="a1", side=A), unit(id="d1", side=D, pos=(7, 0))]).model_copy(update={"fog": True})
    from officers_chess.rules.battle.events import Acted

    unlabelled: list = [Unlabelled(), Acted("A1 and D1 do something.")]
    assert log_lines(state, state, unlabelled, A) == []
    assert log_lines(state, state.model_copy(update={"fog": False}), unlabelled, A) == [
        "Something happened.", "A1 and D1 do something."]
    assert log_lines(state, state, [Acted("A1 does something.", ("a1",))], A) == ["A1 does something."]



def test_a_timed_note_is_read_by_both_unless_all_it_did_was_out_of_sight():
    riders = unit(id="d2", side=D, pos=(13, 0))
    events = [Arrival(round=2, note="Riders come over the hill.", units=[riders]),
              Arrival(round=2, note="A cold wind rises.")]
    units = [unit(id="a1", side=A, pos=(0, 0)), unit(id="d1", side=D, pos=(10, 0))]
    state = game(plains(14), units).model_copy(update={"fog": True, "arrivals": events})
    for action in (Move(unit="a1", to=(0, 0)), Wait(), Move(unit="d1", to=(10, 0))):
        state = apply_action(state, action).state
    out = apply_action(state, Wait())  # the round ends: the riders come in at 14,1, out of the attacker's sight
    assert out.state.round == 2
    assert log_lines(state, out.state, out.events, D)[-3:] == [
        "Riders come over the hill.", "D2 (Tester) arrives for the defender at 14,1.", "A cold wind rises."]
    assert [line for line in log_lines(state, out.state, out.events, A) if "—" not in line] == ["A cold wind rises."]
