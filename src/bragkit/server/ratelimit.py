"""A token bucket per connection: ``rate`` messages a second on average, bursts of up to
``burst``; a client that keeps sending past it is closed (docs/protocol.md, "Limits").

>>> clock = iter([0.0, 0.0, 0.0, 0.0, 0.0, 10.0]).__next__
>>> b = TokenBucket(rate=1.0, burst=3, clock=clock)
>>> [b.take() for _ in range(4)], b.take()
([True, True, True, False], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["TokenBucket"]


class TokenBucket:
    """``take()`` answers whether one more message is within the limit."""

    __slots__ = ("burst", "clock", "last", "rate", "tokens")

    def __init__(self, rate: float = 5.0, burst: int = 30,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def refund(self) -> None:
        """Give back one token (a message that turned out to be legitimate play)."""
        self.tokens = min(float(self.burst), self.tokens + 1.0)
