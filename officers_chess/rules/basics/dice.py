"""The seeded dice kept inside the game state (d20s, and d100s in the later editions), so a saved battle rolls
the same dice again."""

from __future__ import annotations

import hashlib

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _splitmix64(value: int) -> int:
    """One SplitMix64 output for a 64-bit input (a well-mixed, portable hash)."""
    z = (value + _GOLDEN_GAMMA) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


Face = Annotated[int, Field(ge=1, le=100)]


class RollNeeded(Exception):
    """Physical dice: the rules need a d20 the players have not rolled yet. `why` says what it decides,
    in words for the prompt (e.g. "Hale's swing at Tilda: hits on 11 or less"); `about` the ids of the units
    it concerns (under fog a prompt about an enemy out of sight names nothing: session/fog_log.py `roll_words`)."""

    def __init__(self, why: str, faces: int = 20, about: tuple[str, ...] = ()) -> None:
        super().__init__(why)
        self.why = why
        self.faces = faces
        self.about = about


def seed_fingerprint(seed: int) -> str:
    """A short fingerprint of the dice seed, shown to both players before a battle and checked against the
    seed revealed after it: the rolls cannot have been changed mid-battle without it showing.

    >>> seed_fingerprint(7) == seed_fingerprint(7) != seed_fingerprint(8)
    True
    """
    digest = hashlib.sha256(f"officers-chess dice seed {seed}".encode()).hexdigest()
    return f"{digest[:4]}-{digest[4:8]}-{digest[8:12]}"


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
    physical: bool = False  # the players roll real d20s and type each result in
    given: tuple[Face, ...] = ()  # physical rolls typed in and not used yet

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

    def d20(self, why: str = "a d20", about: tuple[str, ...] = ()) -> tuple[int, Dice]:
        """Roll a d20 (see `die`)."""
        return self.die(20, why, about)

    def die(self, faces: int, why: str = "", about: tuple[str, ...] = ()) -> tuple[int, Dice]:
        """Roll a die of `faces` (20 or 100); with physical dice, take the next roll the players typed in
        (RollNeeded when there is none left: the caller asks for it and tries the whole action again)."""
        if not self.physical:
            return self.roll(faces)
        if not self.given:
            raise RollNeeded(why or f"a d{faces}", faces, about)
        if self.given[0] > faces:
            raise ValueError(f"a d{faces} shows 1 to {faces}, not {self.given[0]}")
        return self.given[0], Dice(seed=self.seed, draws=self.draws + 1, physical=True, given=self.given[1:])

    def with_rolls(self, rolls: list[int] | tuple[int, ...]) -> Dice:
        """Physical dice holding these typed-in rolls (each 1 to 100, or a ValueError saying so; a roll
        higher than the die it is used for is refused when it is used)."""
        for roll in rolls:
            if not (isinstance(roll, int) and 1 <= roll <= 100):
                raise ValueError(f"a die roll is 1 to 100 (a d20 1 to 20), not {roll!r}")
        return Dice(seed=self.seed, draws=self.draws, physical=True, given=tuple(rolls))
