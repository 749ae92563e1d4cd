"""Property tests for the exact forecast: it is a true distribution, and the real dice agree with it.

Hypothesis builds unit pairs with stats in realistic ranges, weapons with random Might,
Weight and range, and random sets of the combat tags that only change who hits, how often
and how hard (Brave, Lucky, Inaccurate, Effective(Armored) against Armored, Piercing,
Guarded, Complex, DistantCounter, Inverted). Tags that heal or hurt the striker (Drain,
Devil) are left out, because "HP never rises above where it started" is one of the checks.
Examples come from a fixed seed (derandomize), so CI sees the same ones on every run.
"""

from __future__ import annotations

import math
import sys
import zlib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from factories import A, D, RA, RD, accessory, plan, unit, weapon
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.combat.exchange import ExchangePlan, Forecast, forecast, resolve

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from benchmarks.stats import ALPHA, binomial_p_value  # noqa: E402  (the benchmarks' own honesty check uses it too)

MONTE_CARLO_SAMPLES = 2000
# Deterministic (derandomize) and nothing written to the working tree (database=None); no clock decides
# (no deadline, nor the health check that fails when drawing examples is slow on a busy machine: ruling L60).
CHEAP = settings(deadline=None, derandomize=True, database=None, max_examples=300,
                 suppress_health_check=[HealthCheck.too_slow])
SAMPLED = settings(deadline=None, derandomize=True, database=None, max_examples=120,
                   suppress_health_check=[HealthCheck.too_slow])

WEAPON_TYPES = ("sword", "lance", "axe", "bow", "reason", "faith", "dark")
TERRAINS = ("plains", "forest", "fort", "mountain")
numbered = st.integers(1, 3)
WEAPON_TAGS = st.lists(
    st.one_of(
        st.sampled_from(["Brave", "Effective(Armored)", "Piercing", "Complex", "DistantCounter", "Inverted"]),
        numbered.map(lambda n: f"Lucky({n})"),
        numbered.map(lambda n: f"Inaccurate({n})"),
    ),
    max_size=4,
)
# Class tags: what makes a unit a target for Effective(Armored), the Guarded crit rule, luck and Inverted.
CLASS_TAGS = st.lists(
    st.one_of(st.sampled_from(["Armored", "Guarded", "Inverted"]), st.integers(1, 2).map(lambda n: f"Lucky({n})")),
    max_size=3,
)


def distinct(tags: list[str]) -> list[str]:
    # Numbered tags stack (Lucky(1) twice is +2) but flags are meant to appear once per item.
    return list(dict.fromkeys(tags))


@st.composite
def weapons(draw, brave: bool = False, reaching: int | None = None):
    """A random weapon; with `reaching`, one whose range covers that distance."""
    low = draw(st.integers(1, reaching or 3))
    return weapon(
        type=draw(st.sampled_from(WEAPON_TYPES)),
        might=draw(st.integers(0, 10)),
        weight=draw(st.integers(0, 8)),
        range=(low, draw(st.integers(max(low, reaching or 1), 3))),
        tags=distinct(draw(WEAPON_TAGS) + (["Brave"] if brave else [])),
    )


@st.composite
def units(draw, id: str, side, armed: bool = True, brave: bool = False, reaching: int | None = None):
    carried = draw(weapons(brave, reaching)) if armed else None
    trinket = draw(st.none() | st.builds(accessory, defense=st.integers(0, 3), weight=st.integers(0, 3),
                                         tags=st.sampled_from([[], ["Guarded"]])))
    return unit(
        id=id,
        side=side,
        weapon=carried,
        accessory=trinket,
        tags=distinct(draw(CLASS_TAGS)),
        str=draw(st.integers(0, 12)),
        skl=draw(st.integers(0, 20)),
        spd=draw(st.integers(0, 14)),
        def_=draw(st.integers(0, 10)),
        res=draw(st.integers(0, 10)),
    )


@st.composite
def duels(draw):
    """(plan, attacker's current HP, defender's current HP) for a distance the attacker's weapon reaches."""
    # Brave against Brave is the longest exchange (up to six swings); make sure it comes up often.
    brave_duel = draw(st.integers(0, 5)) == 0
    attacker = draw(units("a1", A, brave=brave_duel))
    low, high = attacker.equipped_weapon.range
    distance = draw(st.integers(low, high))
    # Half the defenders can answer at this distance by their weapon's range; the rest only by luck or DistantCounter.
    reaching = distance if draw(st.booleans()) else None
    defender = draw(units("d1", D, armed=draw(st.integers(0, 9)) > 0, brave=brave_duel, reaching=reaching))
    exchange = plan(attacker, defender, distance, draw(st.sampled_from(TERRAINS)), draw(st.sampled_from(TERRAINS)))
    return exchange, draw(st.integers(1, 20)), draw(st.integers(1, 20))


def possible_hps(start: int, exchange: ExchangePlan, striker) -> set[int]:
    """Every HP a unit can be left on: `start` less some hits and crits of the other side's swings, floored at 0."""
    swings = exchange.swings(striker)
    if not swings:
        return {start}
    profile = exchange.profile(striker)
    return {
        max(0, start - hits * profile.damage - crits * profile.crit_damage)
        for hits in range(swings + 1)
        for crits in range(swings + 1 - hits)
    }


@CHEAP
@given(duels())
def test_forecast_is_an_exact_distribution_over_possible_hps(duel):
    exchange, a_hp, d_hp = duel
    result: Forecast = forecast(exchange, a_hp, d_hp)

    assert all(isinstance(p, Fraction) and p > 0 for p in result.outcomes.values())
    assert sum(result.outcomes.values()) == 1
    assert (0, 0) not in result.outcomes, "a routed unit swings no more, so both cannot fall"
    for (attacker_after, defender_after) in result.outcomes:
        assert 0 <= attacker_after <= a_hp
        assert 0 <= defender_after <= d_hp
    assert set(result.hp_after(RA)) <= possible_hps(a_hp, exchange, RD)
    assert set(result.hp_after(RD)) <= possible_hps(d_hp, exchange, RA)
    if exchange.defender is None:
        assert result.hp_after(RA) == {a_hp: 1}


@CHEAP
@given(duels())
def test_hp_after_and_p_routed_agree_with_the_outcomes(duel):
    exchange, a_hp, d_hp = duel
    result = forecast(exchange, a_hp, d_hp)
    for role, index in ((RA, 0), (RD, 1)):
        hp_after = result.hp_after(role)
        assert sum(hp_after.values()) == 1
        for hp, p in hp_after.items():
            assert p == sum(q for hps, q in result.outcomes.items() if hps[index] == hp)
        assert result.p_routed(role) == hp_after.get(0, Fraction(0))
        assert 0 <= result.p_routed(role) <= 1


@pytest.mark.parametrize(
    "count, samples, p",
    [(9, 500, Fraction(19, 4000)), (3, 200, Fraction(1, 20)), (30, 200, Fraction(1, 10)), (12, 200, Fraction(1, 10)),
     (0, 50, Fraction(1, 100)), (200, 200, Fraction(399, 400)), (4, 300, Fraction(1, 8000))],
)
def test_the_sampling_check_is_an_exact_binomial_test(count, samples, p):
    pmf = [math.comb(samples, k) * p**k * (1 - p) ** (samples - k) for k in range(samples + 1)]
    expected = min(1, 2 * min(sum(pmf[count:]), sum(pmf[: count + 1])))
    assert binomial_p_value(count, samples, float(p)) == pytest.approx(float(expected), rel=1e-9)


def dice_seed(duel) -> int:
    # From the example itself rather than drawn: hypothesis must not shrink towards an unlucky seed.
    return zlib.crc32(repr(duel).encode())


@SAMPLED
@given(duels())
def test_forecast_agrees_with_a_seeded_monte_carlo_of_the_real_resolver(duel):
    """Roll the exchange MONTE_CARLO_SAMPLES times with resolve(); every outcome's count must fit its exact chance.

    Each outcome gets an exact two-sided binomial test at ALPHA (1e-6): the run's ~1,500
    comparisons would flag an honest forecast about once in a thousand code states (and,
    derandomized, the same way every time), while an outcome the forecast rules out fails
    on its first appearance. A normal-approximation bound (k standard errors) is too
    confident for rare outcomes and flagged honest forecasts here.
    """
    exchange, a_hp, d_hp = duel
    exact = forecast(exchange, a_hp, d_hp).outcomes
    # Shown by --hypothesis-show-statistics: the examples should cover long exchanges and routs.
    event(f"{len(exchange.order)} swings" + ("" if exchange.defender else ", no counter"))
    event("someone may be routed" if any(0 in hps for hps in exact) else "nobody can be routed")
    dice = Dice(seed=dice_seed(duel))
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(MONTE_CARLO_SAMPLES):
        swings, attacker_after, defender_after, dice = resolve(exchange, a_hp, d_hp, dice)
        assert len(swings) <= len(exchange.order)
        counts[(attacker_after, defender_after)] += 1

    impossible = {hps: n for hps, n in counts.items() if hps not in exact}
    assert not impossible, f"the dice produced outcomes the forecast rules out: {impossible}"
    for hps, p in exact.items():
        p_value = binomial_p_value(counts[hps], MONTE_CARLO_SAMPLES, float(p))
        assert p_value >= ALPHA, (
            f"HP {hps}: forecast {float(p):.4f}, rolled {counts[hps] / MONTE_CARLO_SAMPLES:.4f} "
            f"of {MONTE_CARLO_SAMPLES} (p-value {p_value:.1e})"
        )
