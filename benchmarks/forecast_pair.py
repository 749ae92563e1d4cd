"""The `forecast_pair` benchmark: exact forecasts over a fixed set of catalogue pairs, against Monte Carlo."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.catalogue import Catalogue
from officers_chess.rules.combat import Fighter, Forecast, forecast, plan_exchange, resolve
from officers_chess.rules.dice import Dice
from officers_chess.rules.models import Accessory, Side, Unit, Weapon
from officers_chess.rules.terrain import TERRAIN

MONTE_CARLO_SAMPLES = 10_000
PAIR_SEED = 6  # fixed, so every run times the same pairs
RANDOM_PAIRS = 24
STANDING_ON = ("plains", "plains", "plains", "forest", "fort")


@dataclass(frozen=True)
class Pair:
    """One attack to forecast: who strikes whom, from how far, at what HP."""

    label: str
    attacker: Fighter
    defender: Fighter
    distance: int
    attacker_hp: int
    defender_hp: int


def _unit(catalogue: Catalogue, uid: str, side: Side, class_name: str, weapon: str, accessory: str | None, hp: int) -> Unit:
    inventory: list[Weapon | Accessory] = [catalogue.items[weapon]]
    if accessory is not None:
        inventory.append(catalogue.items[accessory])
    return Unit(
        id=uid,
        name=uid,
        side=side,
        unit_class=catalogue.classes[class_name],
        inventory=inventory,
        weapon=0,
        accessory=1 if accessory is not None else None,
        hp=hp,
        pos=(0, 0),
    )


def _fighter(catalogue: Catalogue, uid: str, side: Side, spec: tuple[str, str, str | None, str], hp: int) -> Fighter:
    class_name, weapon, accessory, terrain = spec
    return Fighter(_unit(catalogue, uid, side, class_name, weapon, accessory, hp), TERRAIN[terrain])


def worst_case(catalogue: Catalogue) -> Pair:
    """Brave against Brave with a follow-up: six swings, the longest exchange the catalogue allows.

    The Myrmidon (Attack Speed 10 - 4 = 6, Lucky(1) so three results per swing) outpaces
    the Mercenary (7 - 4 = 3), so the order is attacker x2, defender x2, attacker x2.
    """
    attacker = _fighter(catalogue, "a", Side.ATTACKER, ("Myrmidon", "Brave Sword", None, "plains"), 20)
    defender = _fighter(catalogue, "d", Side.DEFENDER, ("Mercenary", "Brave Sword", None, "plains"), 20)
    return Pair("Myrmidon (Brave Sword) vs Mercenary (Brave Sword)", attacker, defender, 1, 20, 20)


def random_pair(catalogue: Catalogue, rng: random.Random) -> Pair:
    """A seeded pair: catalogue classes with weapons they wield, sometimes an accessory, various ground and HP."""
    weapons = catalogue.weapons()
    accessories = [a.name for a in catalogue.accessories()]
    specs, hps = [], []
    for _ in range(2):
        unit_class = rng.choice(sorted(catalogue.classes.values(), key=lambda c: c.name))
        weapon = rng.choice([w.name for w in weapons if w.type in unit_class.wields])
        accessory = rng.choice(accessories) if rng.random() < 0.3 else None
        specs.append((unit_class.name, weapon, accessory, rng.choice(STANDING_ON)))
        hps.append(20 if rng.random() < 0.6 else rng.randint(5, 19))
    low, high = catalogue.items[specs[0][1]].range
    distance = rng.randint(low, high)
    label = f"{specs[0][0]} ({specs[0][1]}) vs {specs[1][0]} ({specs[1][1]}) at {distance}"
    attacker = _fighter(catalogue, "a", Side.ATTACKER, specs[0], hps[0])
    defender = _fighter(catalogue, "d", Side.DEFENDER, specs[1], hps[1])
    return Pair(label, attacker, defender, distance, hps[0], hps[1])


def pairs(catalogue: Catalogue | None = None, count: int = RANDOM_PAIRS, seed: int = PAIR_SEED) -> list[Pair]:
    """The benchmark's pairs: the worst case first, then `count` seeded random pairs."""
    catalogue = catalogue or load_catalogue("v0.6")
    rng = random.Random(seed)
    return [worst_case(catalogue)] + [random_pair(catalogue, rng) for _ in range(count)]


def exact(pair: Pair) -> Forecast:
    """What the game does: plan the exchange and enumerate every roll."""
    plan = plan_exchange(pair.attacker, pair.defender, pair.distance)
    return forecast(plan, pair.attacker_hp, pair.defender_hp)


def monte_carlo(pair: Pair, samples: int = MONTE_CARLO_SAMPLES, seed: int = 0) -> Counter[tuple[int, int]]:
    """What a user might do instead: roll the exchange `samples` times with the real resolver and count."""
    plan = plan_exchange(pair.attacker, pair.defender, pair.distance)
    dice = Dice(seed=seed)
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(samples):
        _, attacker_hp, defender_hp, dice = resolve(plan, pair.attacker_hp, pair.defender_hp, dice)
        counts[(attacker_hp, defender_hp)] += 1
    return counts


def sampling_tolerance(p: Fraction | float, samples: int) -> float:
    """How far a sampled frequency may honestly stray from p: 4.5 standard errors plus one sample."""
    p = float(p)
    return 4.5 * math.sqrt(p * (1 - p) / samples) + 1 / samples


def disagreements(exact_forecast: Forecast, counts: Counter[tuple[int, int]]) -> list[str]:
    """Outcomes where the sampled frequencies and the exact forecast disagree beyond sampling error."""
    samples = sum(counts.values())
    problems = []
    for outcome in sorted(set(exact_forecast.outcomes) | set(counts)):
        p = exact_forecast.outcomes.get(outcome, Fraction(0))
        freq = counts.get(outcome, 0) / samples
        if p == 0 and freq > 0:
            problems.append(f"HP {outcome} was rolled {counts[outcome]} times but the forecast says it cannot happen")
        elif abs(freq - float(p)) > sampling_tolerance(p, samples):
            problems.append(f"HP {outcome}: forecast {float(p):.4f}, sampled {freq:.4f} over {samples}")
    return problems
