"""What happened during an action, told in the words the battle log shows."""

from __future__ import annotations

from dataclasses import dataclass

from officers_chess.rules.combat import Role, Swing
from officers_chess.rules.models import Pos, Side


def tile_name(pos: Pos) -> str:
    """A tile as players read it: column and row, counted from 1."""
    return f"{pos[0] + 1},{pos[1] + 1}"


@dataclass(frozen=True)
class Moved:
    unit: str
    start: Pos
    end: Pos
    cost: int

    def text(self) -> str:
        if self.start == self.end:
            return f"{self.unit} holds position at {tile_name(self.end)}."
        return f"{self.unit} moves {tile_name(self.start)} → {tile_name(self.end)} ({self.cost} movement)."


@dataclass(frozen=True)
class Attacked:
    attacker: str
    defender: str
    swings: tuple[Swing, ...]
    names: dict[Role, str]  # who held each role in this exchange

    def text(self) -> str:
        lines = [f"{self.attacker} attacks {self.defender}."]
        for s in self.swings:
            target = self.names[s.role.other]
            # The die against the number it needed, so anyone can check the roll.
            crit = f", crit ≤{s.crit_top}" if s.crit_top > 1 else ""
            verdict = {
                "miss": "miss",
                "hit": f"hit {s.damage} → {target} {s.target_hp} HP",
                "crit": f"CRITICAL {s.damage} → {target} {s.target_hp} HP",
            }[s.result]
            lines.append(f"  {self.names[s.role]}: d20 {s.roll} vs ≤{max(1, s.needed)}{crit}: {verdict}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Equipped:
    unit: str
    item: str

    def text(self) -> str:
        return f"{self.unit} equips {self.item}."


@dataclass(frozen=True)
class Waited:
    unit: str

    def text(self) -> str:
        return f"{self.unit} waits."


@dataclass(frozen=True)
class Healed:
    unit: str
    amount: int
    terrain: str

    def text(self) -> str:
        return f"{self.unit} recovers {self.amount} HP on the {self.terrain.lower()}."


@dataclass(frozen=True)
class Routed:
    unit: str

    def text(self) -> str:
        return f"{self.unit} is routed and leaves the field."


@dataclass(frozen=True)
class RoundBegan:
    number: int
    first: Side

    def text(self) -> str:
        return f"— Round {self.number}: the {self.first.value} activates first —"


@dataclass(frozen=True)
class BattleWon:
    winner: Side

    def text(self) -> str:
        return f"The {self.winner.value} has routed every enemy and wins."


Event = Moved | Attacked | Equipped | Waited | Healed | Routed | RoundBegan | BattleWon
