"""The seeded d20 source kept inside the game state, so a saved battle rolls the same dice again."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _splitmix64(value: int) -> int:
    """One SplitMix64 output for a 64-bit input (a well-mixed, portable hash)."""
    z = (value + _GOLDEN_GAMMA) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Dice(BaseModel):
    """A counter-based random source: the n-th draw depends only on the seed and n.

    Keeping just two integers makes the state tiny, exact in JSON and identical on
    every Python version (unlike `random.Random`'s internal state).

    >>> dice = Dice(seed=7)
    >>> first, dice = dice.d20()
    >>> 1 <= first <= 20 and dice.draws == 1
    True
    """

    model_config = ConfigDict(frozen=True)

    seed: int = 0
    draws: int = 0

    def _next64(self) -> tuple[int, Dice]:
        value = _splitmix64((self.seed * _GOLDEN_GAMMA + self.draws) & _MASK64)
        return value, Dice(seed=self.seed, draws=self.draws + 1)

    def roll(self, sides: int) -> tuple[int, Dice]:
        """Roll one die with `sides` faces; returns the result and the advanced dice."""
        # Rejection keeps every face exactly equally likely (no modulo bias).
        limit = (1 << 64) - ((1 << 64) % sides)
        dice = self
        while True:
            value, dice = dice._next64()
            if value < limit:
                return value % sides + 1, dice

    def d20(self) -> tuple[int, Dice]:
        """Roll a d20."""
        return self.roll(20)
