"""The back-off for wrong passwords, counted per client address.

Only a login that could have been a guess counts: a wrong password. A key
that is not on the list is not a failure (ssh offers every key it holds, one
after another, and a key cannot be guessed), and neither is a connection
that ends before it tries anything. A few failures are free (a typo); after
that each further wrong password from the address is answered twice as late
as the one before, up to a ceiling, and an address that keeps failing may
not use passwords for the rest of the window. Keys are never shut out, and a
success does not wipe the count: on an ``--open`` server anyone has a key
that succeeds. Memory stays bounded: old failures are forgotten and only the
most recent addresses are tracked.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from server.admission import origin

__all__ = ["AuthThrottle", "ThrottleRules", "origin"]


@dataclass(frozen=True)
class ThrottleRules:
    window: float = 600.0  # seconds a failure is remembered
    free: int = 3  # failures within the window before any delay
    base_delay: float = 1.0
    max_delay: float = 30.0
    lockout: int = 20  # failures within the window that shut the address out
    max_addresses: int = 10_000


class AuthThrottle:
    def __init__(
        self, rules: ThrottleRules | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rules = rules or ThrottleRules()
        self._clock = clock
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def failures(self, address: str) -> int:
        return len(self._recent(address))

    def delay(self, address: str) -> float:
        """How long the next login attempt from ``address`` waits before its answer."""
        count = self.failures(address)
        excess = count - self.rules.free
        if count == 0 or excess < 0:
            return 0.0
        return min(self.rules.base_delay * 2.0**excess, self.rules.max_delay)

    def locked(self, address: str) -> bool:
        return self.failures(address) >= self.rules.lockout

    def record_failure(self, address: str) -> None:
        times = self._recent(address)
        times.append(self._clock())
        # Never more than the lockout needs: a flood cannot grow the list.
        while len(times) > self.rules.lockout:
            times.popleft()
        self._failures[address] = times
        self._failures.move_to_end(address)
        while len(self._failures) > self.rules.max_addresses:
            self._failures.popitem(last=False)

    def _recent(self, address: str) -> deque[float]:
        times = self._failures.get(address)
        if times is None:
            return deque()
        horizon = self._clock() - self.rules.window
        while times and times[0] < horizon:
            times.popleft()
        if not times:
            del self._failures[address]
        return times
