"""The danger zone and threat inspector while deploying: drawn from the enemies in sight with any weapon they may
carry, so the battle's own zone (their real kit) always lies inside it, and the worst attack named is never milder
than the real one."""

from __future__ import annotations

import pytest

from officers_chess.ai.greedy import GreedyPolicy
from officers_chess.ai.threat_map import danger_zone, threat_forecasts
from officers_chess.content.loaders import find_scenario, load_scenario
from officers_chess.session.deploy_lookout import DeployLookout
from officers_chess.session.muster_session import MusterSession


@pytest.fixture(scope="module")
def mustered():
    """practice_muster with both armies hired and placed by the computer: the second deployer's lookout."""
    session = MusterSession(load_scenario(find_scenario("practice_muster")))
    first = session.scenario.first_deployer
    session.muster = session.computer_steps({first: GreedyPolicy(3), first.other: GreedyPolicy(4)})
    return session, first.other


def test_the_enemies_are_seen_bare_and_their_zone_holds_the_battles_zone(mustered):
    session, side = mustered
    lookout = DeployLookout(session, side)
    enemies = lookout.enemies()
    assert enemies and all(not u.inventory for u in enemies)  # nothing of their kit reaches the screen
    zone = lookout.danger()
    battle = session.new_battle(1)
    real = danger_zone(battle, battle.living(side.other))
    for unit in battle.living(side.other):
        real.pop(unit.pos, None)
    assert set(real) <= set(zone)  # whatever they really carry, the deployment zone warned of it
    assert all(1 <= n <= len(enemies) for n in zone.values()) and all(real[p] <= zone[p] for p in real)
    assert not lookout.marks().danger  # off until z
    lookout.danger_on = True
    assert lookout.marks().danger == {p: str(n) for p, n in zone.items()}


def test_the_inspector_names_each_enemy_that_could_strike_and_its_worst_attack_is_never_milder_than_the_real(mustered):
    session, side = mustered
    lookout = DeployLookout(session, side)
    battle = session.new_battle(1)
    name = session.army(side).units[0].name
    mine = next(u for u in battle.living(side) if u.name == name)
    checked = 0
    real_zone = danger_zone(battle, battle.living(side.other))
    for pos in sorted(real_zone)[::3][:8]:  # a spread of the tiles really in danger (each inspection is exact, so few)
        if battle.unit_at(pos) is not None or lookout.subject(name, pos) is None:
            continue  # taken, or ground it cannot stand on (the pane says so)
        threats = lookout.threats(name, pos)
        real = threat_forecasts(battle, mine, pos, battle.living(side.other))
        assert {t.enemy for t in threats} >= {a.enemy.name for a in real}
        for attack in real:
            worst = next(t.attack for t in threats if t.enemy == attack.enemy.name)
            assert worst.rout_chance >= attack.rout_chance
            assert (worst.rout_chance, worst.expected_damage) >= (attack.rout_chance, attack.expected_damage)
            checked += 1
    assert checked
    water = next(p for p in sorted(lookout.danger()) if lookout.subject(name, p) is None)  # this map has a lake
    assert lookout.threats(name, water) == []
