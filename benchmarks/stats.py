"""Whether a sampled count is consistent with an exact probability: an exact two-sided binomial test."""

from __future__ import annotations

import math

# Chance that one honest comparison is flagged. A run makes a few thousand comparisons,
# so a false alarm turns up about once in several hundred runs at most.
ALPHA = 1e-6


def binomial_p_value(count: int, samples: int, p: float) -> float:
    """Two-sided p-value of seeing `count` of `samples` when each succeeds with chance `p`.

    Twice the smaller tail, computed exactly: a normal approximation (k standard errors)
    is far too confident for rare outcomes, whose counts have long right tails.
    """
    if p <= 0:
        return 1.0 if count == 0 else 0.0
    if p >= 1:
        return 1.0 if count == samples else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)

    def pmf(k: int) -> float:
        return math.exp(math.lgamma(samples + 1) - math.lgamma(k + 1) - math.lgamma(samples - k + 1) + k * log_p + (samples - k) * log_q)

    # Walk away from the mean: the terms shrink, so stop once they no longer matter.
    step = 1 if count >= samples * p else -1
    ratio = p / (1 - p)
    tail, term, k = 0.0, pmf(count), count
    while term > 0 and 0 <= k <= samples:
        tail += term
        if term < tail * 1e-17:
            break
        term *= (samples - k) / (k + 1) * ratio if step == 1 else k / (samples - k + 1) / ratio
        k += step
    return min(1.0, 2 * tail)


def consistent(count: int, samples: int, p: float, alpha: float = ALPHA) -> bool:
    """False when `count` of `samples` is too unlikely for chance `p` to be sampling error."""
    return binomial_p_value(count, samples, p) >= alpha
