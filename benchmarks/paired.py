"""Paired comparisons of two players on the same deals, shared by the Elementals benchmarks.

Two players dealt the same deals differ only on the deals one won and the other lost; `sign_p` is the exact,
two-sided sign test on those counts (the chance of a split at least this uneven if either player were as likely
to take each such deal).

Examples:
    >>> round(sign_p(30, 15), 3)
    0.036
    >>> sign_p(0, 0)
    1.0
"""

from __future__ import annotations

import math


def sign_p(a: int, b: int) -> float:
    """The two-sided exact sign test's p-value for ``a`` deals won by one player only against ``b`` by the other."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(a, b) + 1)) / 2**n
    return min(1.0, 2 * tail)
