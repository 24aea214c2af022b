"""The bots' jittered wait (``bot_jitter``, docs/server.md, "Tables" and "Performance")."""

from __future__ import annotations

import random

import pytest

from bragkit.errors import RulesError
from bragkit.server.options import Options


def test_bot_wait_without_jitter_is_the_delay() -> None:
    options = Options.from_json({"bot_delay": 0.8, "bot_jitter": 0}, humans=True)
    rng = random.Random(3)
    assert {options.bot_wait(rng) for _ in range(50)} == {0.8}


def test_bot_wait_is_spread_around_the_delay() -> None:
    options = Options.from_json({"bot_delay": 1.0}, humans=True)
    assert options.bot_jitter == 0.25   # the default
    rng = random.Random(4)
    waits = [options.bot_wait(rng) for _ in range(2000)]
    assert all(0.75 <= w <= 1.25 for w in waits)
    assert min(waits) < 0.8 and max(waits) > 1.2   # spread over the whole range
    assert abs(sum(waits) / len(waits) - 1.0) < 0.02   # the mean pace is the delay's


def test_bot_wait_jitter_is_capped_at_one() -> None:
    options = Options.from_json({"bot_delay": 0.5, "bot_jitter": 7}, humans=True)
    rng = random.Random(5)
    waits = [options.bot_wait(rng) for _ in range(500)]
    assert all(0.0 <= w <= 1.0 for w in waits)
    assert max(waits) > 0.9


def test_bot_wait_with_no_delay_is_zero() -> None:
    assert Options.from_json(None, humans=False).bot_wait(random.Random(6)) == 0.0


def test_bot_jitter_is_validated() -> None:
    with pytest.raises(RulesError, match="option bot_jitter must be a number"):
        Options.from_json({"bot_jitter": -1}, humans=True)

