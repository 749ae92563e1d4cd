"""The `easy` level: a careful beginner, who sees what `normal` sees but does not always find the best of it."""

from __future__ import annotations

from officers_chess.ai.judge import Candidate, Judge, Option
from officers_chess.ai.normal import NormalPolicy
from officers_chess.rules.battle.actions import Action, Move, Wait
from officers_chess.rules.battle.state import GameState
from officers_chess.rules.pieces.models import Unit

# How far below the best choice (in the judge's points, about one HP each) a beginner's choice may fall. A choice
# worse than that is never made: a careful beginner reads the forecast and the danger zone, so it does not walk a
# unit into a likely rout or make an attack it can see is bad, but among sound-looking moves it picks one as a
# person new to the game would, without weighing which is best. Measured in docs/rulings.md L11.
MARGIN = 6.0


class EasyPolicy(NormalPolicy):
    """Normal's judgement with a beginner's choice: of the activations (a unit and its tile) within `MARGIN` of the
    best, one at random; in its turn, of the actions within `MARGIN` of the best, one at random. It hires as
    `greedy` does (the dearest units it can afford, not measured against the enemy) and obeys the scenario's
    scripts, so a briefing is true at every level that plays tactics."""

    name = "easy"
    measures_hires = False

    def _activation(self, judge: Judge, state: GameState, actions: list[Action]) -> Action:
        fair = self.sound_picks(judge, actions)
        if not fair:
            return actions[0]
        pick = fair[self.rng.randrange(len(fair))]
        return Move(unit=pick.unit.id, to=pick.pos)

    def sound_picks(self, judge: Judge, actions: list[Action]) -> list[Candidate]:
        """The activations it picks among (a unit and its tile within `MARGIN` of the best), best first; the
        likely targets (`n`) tell how often it makes each attack from the same list."""
        ranked = self._candidates(judge, actions)
        return [c for c in ranked if c.gain >= ranked[0].gain - MARGIN] if ranked else []

    def _ranked(self, judge: Judge, unit: Unit) -> list[Option]:
        """Normal's ranking with one option within `MARGIN` of the best moved to the front, at random."""
        ranked = super()._ranked(judge, unit)
        if len(ranked) < 2:
            return ranked

        def total(option: Option) -> float:
            return option.value + judge.place_value(unit, unit.pos, option.hp_after, option.safe, option.foe,
                                                    option.foe_left)

        best = total(ranked[0])
        fair = [o for o in ranked if total(o) >= best - MARGIN]
        if not isinstance(ranked[0].first, Wait):
            # Something is worth more than ending the turn here (a sound attack, a heal): a beginner takes one of
            # those, never stands beside an enemy it could strike and waits (rulings L65).
            fair = [o for o in fair if not isinstance(o.first, Wait)]
        pick = fair[self.rng.randrange(len(fair))]
        return [pick, *(o for o in ranked if o is not pick)]
