"""The `hard` level: normal's closest choices looked at again, one enemy reply ahead, over each exchange's exact outcomes."""

from __future__ import annotations

import random

from officers_chess.ai.assess import ROUT_POINTS, exchange_score
from officers_chess.ai.judge import Judge, Option
from officers_chess.ai.muster_ai import outfit_army
from officers_chess.ai.normal import NormalPolicy
from officers_chess.ai.trial_hire import trial_hire
from officers_chess.rules.battle.actions import Action, Move, Wait
from officers_chess.rules.battle.game import legal_actions
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.battle.upkeep import as_activated
from officers_chess.rules.board.battle_map import BattleMap, Pos
from officers_chess.rules.muster.army import Army
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Side, Unit
from officers_chess.rules.scenario.setup import Scenario

ATTACKS = 24  # the attacks normal values highest, valued again over their exact outcomes (the close decisions)
SECOND_LOOK = 3  # the best choices looked at again after the enemy's reply, when they are close
CLOSE = 12.0  # how close (in points) the best two must be for that second look
RESIDUAL = 0.5  # the share of normal's danger still counted for the unit beyond the enemy's one best reply
REPLY_WEIGHT = 1.0  # the weight of the enemy's best reply, the next activation after ours
FOLLOW = 1.0  # the weight of what our own next activation gains after the enemy's answer (the second look's third ply)


class Lookahead:
    """An option's worth as the expectation, over the exact outcomes of its exchange, of the position each outcome
    leaves after the enemy's reply: the HP each side keeps and who is routed, then the best attack the enemy
    could answer with (on any of our units, ours with its HP in that outcome), then what the rest of the enemy's
    threat to the unit is still worth (`RESIDUAL` of normal's danger, the reply having taken its share)."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self._replies: dict[tuple, float] = {}
        self._others: dict[tuple[str, str | None], float] = {}

    def value(self, unit: Unit, pos: Pos, option: Option) -> float:
        judge = self.judge
        ex = option.exchange
        if ex is None or not ex.outcomes:
            return (option.value + judge.place_value(unit, pos, option.hp_after, danger=RESIDUAL)
                    - self.reply(unit, pos, unit.hp, None))
        fighter = judge.view.unit(option.fighter) if option.fighter else None
        v_unit = judge.values.get(unit.id, 1.0)
        v_fighter = judge.values.get(option.fighter, 1.0) if option.fighter else 1.0
        # What the option's score holds beyond the exchange itself (a pursue order's prey bonus) stays as it is.
        extra = option.value - exchange_score(ex, v_unit / judge.hurry, v_fighter)
        total = 0.0
        for a_hp, d_hp, chance in ex.outcomes:
            lost = unit.hp - a_hp + (ROUT_POINTS if a_hp == 0 else 0.0)
            dealt = (fighter.hp - d_hp if fighter else 0) + (ROUT_POINTS if d_hp == 0 else 0.0)
            leaf = v_fighter * dealt - v_unit * lost / judge.hurry
            gone = option.fighter if d_hp == 0 else None
            if a_hp > 0:
                hurt = unit if a_hp == unit.hp else unit.model_copy(update={"hp": a_hp})
                leaf += judge.place_value(hurt, pos, a_hp, 1.0, option.foe, 0.0 if d_hp == 0 else 1.0, danger=RESIDUAL)
            leaf -= self.reply(unit, pos, a_hp, gone)
            total += chance * leaf
        return extra + total

    def reply(self, unit: Unit, pos: Pos, hp: float, gone: str | None) -> float:
        """The enemy's best answer: of its units still standing (not `gone`), the attack it scores highest on any
        of ours, with `unit` on `pos` at `hp` (routed at 0): what that attack costs us, by the enemy's own score."""
        hp = round(hp)
        key = (unit.id, pos, hp, gone)
        if key not in self._replies:
            danger = self.judge.danger
            best = self._on_others(unit, gone)
            if hp > 0:
                moved = unit.model_copy(update={"hp": hp, "pos": pos})
                for threat in danger.threats_for(unit):
                    if threat.enemy.id != gone:
                        hit = danger.attack_on(threat, moved, pos)
                        if hit is not None and hit[0] > best:
                            best = hit[0]
            self._replies[key] = REPLY_WEIGHT * best
        return self._replies[key]

    def _on_others(self, unit: Unit, gone: str | None) -> float:
        """The enemy's best attack on any of our units but `unit`, where they stand (0 when none is worth it)."""
        key = (unit.id, gone)
        if key not in self._others:
            danger = self.judge.danger
            best = 0.0
            for threat in danger.threats_for(unit):
                if threat.enemy.id == gone:
                    continue
                for other in self.judge.allies:
                    if other.id != unit.id:
                        hit = danger.attack_on(threat, other, other.pos)
                        if hit is not None and hit[0] > best:
                            best = hit[0]
            self._others[key] = best
        return self._others[key]


class HardPolicy(NormalPolicy):
    """Normal's judgement with a look ahead. Every option of every unit on every tile is valued as normal values
    it, less the enemy's best reply; the attacks among them that normal ranks highest are valued again by
    `Lookahead`, over their exact outcomes (a counter leaving the unit at 3 HP invites a rout the average hides;
    routing an enemy takes its reply away). When the best few choices are close and the clock does not favour it,
    `_second_look` plays the enemy's next activation as normal would choose it, then our best next one in what that
    leaves, and keeps the choice worth most two activations on. While the clock favours nobody its units keep their
    company (`company.apart_cost`). It hires by trial (`trial_hire`) and re-arms at Outfitting. How it fares
    against normal: docs/rulings.md P8, P24, P26, P27, P28, P29, P30 and P31."""

    name = "hard"
    keeps_together = True  # rulings P29

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._plan: tuple[int, str, Pos, Action] | None = None  # (round, unit, tile, first action) chosen two plies deep

    def hire(self, scenario: Scenario, catalogue: Catalogue, side: Side, rng: random.Random,
             battle_map: BattleMap | None = None) -> Army:
        """The typical army and its neighbours of one unit more and one fewer, tried in practice fights (`trial_hire`)."""
        return trial_hire(scenario, catalogue, side, rng, battle_map, self.matchups(scenario, catalogue, battle_map))

    def outfit(self, scenario: Scenario, catalogue: Catalogue, side: Side, army: Army, scouted: list[str],
               battle_map: BattleMap | None = None) -> Army | None:
        """Scouting showed the enemy's classes: each unit takes the kit that answers them best (`outfit_army`)."""
        kit = outfit_army(scenario, catalogue, side, army, scouted, self.matchups(scenario, catalogue, battle_map),
                          battle_map)
        return kit if kit != army else None

    def _activation(self, judge: Judge, state, actions: list[Action]) -> Action:
        tiles: dict[str, list[Pos]] = {}
        for action in actions:
            if isinstance(action, Move):
                tiles.setdefault(action.unit, []).append(action.to)
        look = Lookahead(judge)
        scored: list[tuple[float, Unit, Pos, Option]] = []
        idle: dict[str, float] = {}
        for unit_id, spots in tiles.items():
            unit = as_activated(judge.view.unit(unit_id))
            idle[unit_id] = look.value(unit, unit.pos, Option(0.0, Wait(), unit.hp))
            for pos in judge.spots(unit, spots):
                for option in judge.options(unit, pos):
                    scored.append((self._plain(judge, look, unit, pos, option), unit, pos, option))
        if not scored:
            return actions[0]
        attacks = sorted((s for s in scored if s[3].exchange is not None), key=lambda s: -s[0])[:ATTACKS]
        looked = {id(s[3]): look.value(s[1], s[2], s[3]) for s in attacks}
        ranked = sorted(((looked.get(id(s[3]), s[0]) - idle[s[1].id], s[1], s[2], s[3]) for s in scored),
                        key=lambda r: -r[0])
        best = self._second_look(judge, look, ranked)
        self._plan = (state.round, best[1].id, best[2], best[3].first)
        return Move(unit=best[1].id, to=best[2])

    def _second_look(self, judge: Judge, look: Lookahead, ranked: list) -> tuple:
        """Of the few best choices, when they are close and the clock does not favour us, the one whose position
        is best two activations on: the enemy's reply as the normal level would choose it (played on each outcome
        of ours), then the best our next unit could do in what that leaves."""
        top: list = []
        for choice in ranked:  # the best option of each of the best (unit, tile) pairs
            if all((choice[1].id, choice[2]) != (t[1].id, t[2]) for t in top):
                top.append(choice)
            if len(top) == SECOND_LOOK:
                break
        if len(top) < 2 or top[0][0] - top[1][0] > CLOSE or judge.winning is judge.side:
            # A side the clock favours does not look twice: the second look sums the next two activations' blows
            # at par, which draws a side that wins by lasting into trades it need not take (rulings P26).
            return top[0]
        deep = []
        for i, (worth, unit, pos, option) in enumerate(top):
            # The enemy's one best attack, already counted, gives way to the answer normal would really choose.
            guessed = look.reply(unit, pos, option.hp_after, None)
            deep.append((worth + guessed - self._two_plies(judge, unit, pos, option), -i))
        return top[-max(deep)[1]]

    def _two_plies(self, judge: Judge, unit: Unit, pos: Pos, option: Option) -> float:
        """What the next two activations are expected to cost us after this choice: the enemy's, as the normal level
        would choose it, less what our best next one gains then (`_follow_up`); over two outcomes of our exchange
        (the enemy we attack routed or not), each at its chance."""
        ex = option.exchange
        outcomes = [(1.0, option.hp_after, None)] if ex is None else [
            (1 - ex.kill, option.hp_after, None), (ex.kill, option.hp_after, option.fighter)]
        total = 0.0
        for chance, hp, gone in outcomes:
            if chance <= 0.01:
                continue
            total += chance * self._answers(judge, unit, pos, round(hp), gone, option)
        return total

    def _answers(self, judge: Judge, unit: Unit, pos: Pos, hp: int, gone: str | None, option: Option) -> float:
        """The enemy's answer to one outcome of our choice, played on our view with expected HP (its cost to us by
        the exchange score), less `FOLLOW` times what our best next activation gains after it."""
        view = judge.view
        after = view.model_copy(update={"units": [u.model_copy() for u in view.units], "active": None,
                                        "to_act": judge.side.other, "reactivate": None})
        mover = after.unit(unit.id)
        mover.pos, mover.hp, mover.activated = pos, max(0, hp), True
        if gone is not None:
            after.unit(gone).hp = 0
        elif option.exchange is not None and option.fighter is not None and option.exchange.kill < 1:
            foe, ex = after.unit(option.fighter), option.exchange
            # The HP it is expected to keep, given that it stands: what is dealt when it is not routed.
            foe.hp = max(1, round(foe.hp - (ex.dealt - ex.kill * foe.hp) / (1 - ex.kill)))
        loss = self._enemy_plays(judge, after) if after.waiting(judge.side.other) else 0.0  # (else ours acts next)
        return loss - FOLLOW * self._follow_up(judge, after)

    def _enemy_plays(self, judge: Judge, after: GameState) -> float:
        """The enemy's next activation as the normal level would choose it, played into `after` with the expected
        HP of its exchange: what it costs us by the exchange score (nothing when it does not attack)."""
        enemy_judge = Judge(after, judge.side.other, self.book, self.fields, self.rout_care)
        candidates = self._candidates(enemy_judge, legal_actions(after))
        if not candidates:
            return 0.0
        pick = candidates[0]
        _, answer = enemy_judge.best(pick.unit, pick.pos)
        mover = after.unit(pick.unit.id)
        mover.pos, mover.activated = pick.pos, True
        if answer.exchange is None or answer.fighter is None:
            return 0.0
        hit = answer.exchange
        target = after.unit(answer.fighter)
        target.hp = 0 if hit.kill >= 0.5 else max(1, round(target.hp - hit.dealt))
        mover.hp = 0 if hit.death >= 0.5 else max(1, round(mover.hp - hit.taken))
        ours = judge.values.get(answer.fighter, 1.0)
        theirs = judge.values.get(pick.unit.id, 1.0)
        return REPLY_WEIGHT * (ours * (hit.dealt + ROUT_POINTS * hit.kill) - theirs * (hit.taken + ROUT_POINTS * hit.death))

    def _follow_up(self, judge: Judge, after: GameState) -> float:
        """What our best next activation gains over idling, as normal ranks it, in the position `after` (the
        enemy's answer played): a blow that left an enemy for our next unit to rout counts for that choice."""
        ours = after.model_copy(update={"to_act": judge.side, "active": None, "reactivate": None})
        if not ours.waiting(judge.side):
            return 0.0
        our_judge = Judge(ours, judge.side, self.book, self.fields, self.rout_care)
        found = self._candidates(our_judge, legal_actions(ours))
        return max(0.0, found[0].gain) if found else 0.0

    def _ranked(self, judge: Judge, unit: Unit) -> list[Option]:
        look = Lookahead(judge)
        options = judge.options(unit, unit.pos)
        worth = {id(o): look.value(unit, unit.pos, o) if o.exchange is not None else self._plain(judge, look, unit, unit.pos, o)
                 for o in options}
        ranked = sorted(options, key=lambda o: -worth[id(o)])
        plan = self._plan
        if plan is not None and plan[:3] == (judge.view.round, unit.id, unit.pos):
            self._plan = None  # the option chosen two plies deep goes first, once
            ranked.sort(key=lambda o: o.first != plan[3])
        return ranked

    @staticmethod
    def _plain(judge: Judge, look: Lookahead, unit: Unit, pos: Pos, option: Option) -> float:
        """An option not looked at over its outcomes: its score and place at its expected HP, the enemy's reply."""
        return (option.value + judge.place_value(unit, pos, option.hp_after, option.safe, option.foe, option.foe_left,
                                                 danger=RESIDUAL)
                - look.reply(unit, pos, option.hp_after, None))
