"""The `forecast_pair` benchmark: exact forecasts over a fixed set of catalogue pairs, against Monte Carlo."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from benchmarks.stats import consistent
from officers_chess.content.loaders import load_catalogue
from officers_chess.rules.basics.dice import Dice
from officers_chess.rules.board.terrain import TERRAIN
from officers_chess.rules.combat.exchange import Fighter, Forecast, forecast, plan_exchange, resolve
from officers_chess.rules.pieces.catalogue import Catalogue
from officers_chess.rules.pieces.models import Accessory, Side, Unit, UnitClass, Weapon

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


# Weapon types a unit cannot strike with in an ordinary exchange (staves heal; stones need a beast form).
NOT_FOR_STRIKING = {"staff", "stone"}


def fighting_weapons(catalogue: Catalogue, unit_class: UnitClass) -> list[Weapon]:
    """The catalogue weapons this class can strike with out of the box, in name order.

    Left out: staves and shifters' stones, weapons exclusive to another class, and
    relics (they need a crest the unit would not have).
    """
    usable = []
    for weapon in sorted(catalogue.weapons(), key=lambda w: w.name):
        exclusive = [t for t in weapon.tags if t.startswith("Exclusive(")]
        if weapon.type.value in NOT_FOR_STRIKING or weapon.type not in unit_class.wields:
            continue
        if exclusive and f"Exclusive({unit_class.name})" not in exclusive:
            continue
        if any(t.startswith("Relic(") for t in weapon.tags):
            continue
        usable.append(weapon)
    return usable


def _fighting_classes(catalogue: Catalogue) -> list[UnitClass]:
    return [c for c in sorted(catalogue.classes.values(), key=lambda c: c.name) if fighting_weapons(catalogue, c)]


def worst_case(catalogue: Catalogue) -> Pair:
    """The longest exchange the catalogue allows: Brave against Brave, with a follow-up when one is faster.

    Found by trying every pair of classes with every Brave weapon they wield, so it stays
    the worst case when the catalogue is retuned: most swings first, then most outcomes.
    """
    candidates = []
    for a_class in _fighting_classes(catalogue):
        for d_class in _fighting_classes(catalogue):
            for a_weapon in fighting_weapons(catalogue, a_class):
                for d_weapon in fighting_weapons(catalogue, d_class):
                    if "Brave" not in a_weapon.tags or "Brave" not in d_weapon.tags:
                        continue
                    distance = a_weapon.range[0]
                    if not d_weapon.reaches(distance):
                        continue
                    attacker = _fighter(catalogue, "a", Side.ATTACKER, (a_class.name, a_weapon.name, None, "plains"), 20)
                    defender = _fighter(catalogue, "d", Side.DEFENDER, (d_class.name, d_weapon.name, None, "plains"), 20)
                    label = f"{a_class.name} ({a_weapon.name}) vs {d_class.name} ({d_weapon.name})"
                    candidates.append(Pair(label, attacker, defender, distance, 20, 20))
    if not candidates:
        raise LookupError("the catalogue has no two classes that can fight each other with Brave weapons")

    def size(pair: Pair) -> tuple[int, int]:
        result = exact(pair)
        return len(result.plan.order), len(result.outcomes)

    return max(candidates, key=size)


def random_pair(catalogue: Catalogue, rng: random.Random) -> Pair:
    """A seeded pair: catalogue classes with weapons they wield, sometimes an accessory, various ground and HP."""
    classes = _fighting_classes(catalogue)
    accessories = sorted(a.name for a in catalogue.accessories())
    specs, hps = [], []
    for _ in range(2):
        unit_class = rng.choice(classes)
        weapon = rng.choice(fighting_weapons(catalogue, unit_class)).name
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


def disagreements(exact_forecast: Forecast, counts: Counter[tuple[int, int]]) -> list[str]:
    """Outcomes where the sampled counts and the exact forecast disagree beyond sampling error."""
    samples = sum(counts.values())
    problems = []
    for outcome in sorted(set(exact_forecast.outcomes) | set(counts)):
        p = exact_forecast.outcomes.get(outcome, Fraction(0))
        count = counts.get(outcome, 0)
        if p == 0 and count:
            problems.append(f"HP {outcome} was rolled {count} times but the forecast says it cannot happen")
        elif not consistent(count, samples, float(p)):
            problems.append(f"HP {outcome}: forecast {float(p):.4f}, sampled {count / samples:.4f} over {samples}")
    return problems
