"""Shared pieces of the property-based fuzz tests (tests/test_fuzz_*.py).

The property every fuzz test checks: an input either works or raises one
:class:`~bragkit.errors.BragError` whose message is one short line, within
:data:`SECONDS` of CPU time and :data:`MEGABYTES` of new peak memory.  The CLI variants
check one line on stderr and exit status 2.

The budget is bounded (a few hundred examples per test, ``derandomize=True`` so CI is
deterministic): the whole fuzz set runs in well under a minute in ``make test``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bragkit.engine.actions import AMOUNT_KINDS, ARG_KINDS, PLAIN_KINDS
from bragkit.errors import BragError

SECONDS = 2.0
"""CPU seconds one input may take."""
MEGABYTES = 200
"""New peak memory (resident set) one input may add."""
MAX_MESSAGE = 2_000
"""The longest error message accepted (errors quote only excerpts of the input)."""

T = TypeVar("T")


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings of a fuzz test: ``examples`` inputs, deterministic, no deadline
    (:func:`bounded` checks the time itself, in CPU seconds, so a loaded machine does not
    make the suite flaky), no example database.

    ``BRAGKIT_FUZZ_SCALE=N`` (not in CI) runs N times as many inputs, random ones, for a
    longer hunt: ``BRAGKIT_FUZZ_SCALE=50 python -m pytest tests/test_fuzz_history.py``.
    """
    scale = max(1, int(os.environ.get("BRAGKIT_FUZZ_SCALE", "1") or "1"))
    return settings(max_examples=examples * scale, derandomize=scale == 1, deadline=None,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _peak_kb() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS, KiB on Linux


def bounded(call: Callable[[], T]) -> T | BragError:
    """Run ``call``: its result, or the :class:`BragError` it raised (one short line).

    Any other exception propagates (the test fails); so does a call that takes over
    :data:`SECONDS` of CPU time or raises the process's peak memory by over
    :data:`MEGABYTES`.
    """
    peak = _peak_kb()
    started = time.process_time()
    try:
        result: T | BragError = call()
    except BragError as error:
        message = str(error)
        assert message, "an empty error message"
        assert "\n" not in message and "\r" not in message, f"error of several lines: {message!r}"
        assert len(message) <= MAX_MESSAGE, f"error of {len(message)} characters"
        result = error
    spent = time.process_time() - started
    grown = (_peak_kb() - peak) / 1024
    assert spent <= SECONDS, f"took {spent:.2f} s of CPU"
    assert grown <= MEGABYTES, f"peak memory grew by {grown:.0f} MB"
    return result


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``brag ARGV`` in this process (``bragkit.cli.main``): exit status, stdout, stderr."""
    from bragkit.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(argv)
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def assert_cli_ok_or_one_line(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``brag ARGV`` exits 0, or 2 with exactly one ``brag: error:`` line on stderr; bounded
    in time and memory as :func:`bounded`."""
    result = bounded(lambda: run_cli(argv, stdin))
    assert not isinstance(result, BragError), result  # main() turns them into exit 2
    code, out, err = result
    assert "Traceback" not in err, err
    if code != 0:
        assert code == 2, (code, err[-2000:])
        lines = err.strip("\n").split("\n")
        assert len(lines) == 1 and lines[0].startswith("brag: error: "), err[-2000:]
        assert len(err) <= MAX_MESSAGE + 200, f"error line of {len(err)} characters"
    return code, out, err


# ---------------------------------------------------------------------------- strategies
HOSTILE_NUMBERS = (
    "²", "٣", "١٢", "𝟗", "½", "Ⅻ", "1_000", "0x10", "1e99999999", "1e-99999999", "-0", "+5",
    " 7 ", "07", "9" * 31, "9" * 5000, "1" + "0" * 4301, "-" + "9" * 40, "NaN", "Infinity",
    "-Infinity", "inf", "2.5", "1/2", "3:2", "5/0", "0:0", "", "-", "+", "1e5", "1E+2", "٠",
    "1.0000001", "99999999999999999999", "18446744073709551616", "-1",
)
"""Number texts that tripped (or could trip) a parser: Unicode digits, huge, exponents."""

UNICODE_DIGITS = ("²", "³", "¹", "⁰", "①", "٣", "١٢", "𝟗", "߂", "໓", "²5", "1²", "１２")
"""Digits ``str.isdigit`` accepts: some ``int`` refuses (``²``), some it reads (``٣``)."""

number_text = st.one_of(
    st.integers(-5, 300).map(str),
    st.sampled_from(HOSTILE_NUMBERS),
    st.sampled_from(UNICODE_DIGITS),
    st.text(alphabet="0123456789²³٣-+.e/:_ ", max_size=12),
)
"""Texts where a whole number is expected."""

hostile_int = st.one_of(
    st.integers(-3, 300),
    st.sampled_from([-1, 2**63, 2**64, -(2**64), 10**12, 10**12 + 1, 10**30, 10**31]),
    st.integers(min_value=-(10**40), max_value=10**40),
)
"""Whole numbers from tiny to far beyond every bound."""

_WORDS = ("old", "new", "As", "4h 7c", "Kd", "X", "X2", "cards=3 wild=none blind=yes",
          "cards=4", "yes", "none", "\n", "\t", "p1", "🃏", "A♠")
seat_text = st.one_of(
    st.integers(1, 7).map(lambda n: f"p{n}"),
    st.sampled_from(["P2", "p0", "p65", "p999", "p" + "9" * 5000, "", "x1", "p", "p-1", "p1.0"]),
    st.sampled_from(UNICODE_DIGITS).map(lambda d: f"p{d}"),
)
kind_text = st.sampled_from([*sorted(PLAIN_KINDS | AMOUNT_KINDS | ARG_KINDS), "pairbonus", "BET",
                             "Fold", "bogus", "", "b", "l", "s", "q"])
action_text = st.one_of(
    st.builds(lambda kind, number: f"{kind} {number}", st.sampled_from(sorted(AMOUNT_KINDS)),
              number_text),
    st.builds(lambda kind, rest: " ".join([kind, *rest]).strip(), kind_text,
              st.lists(st.one_of(number_text, st.sampled_from(_WORDS), st.text(max_size=6)),
                       max_size=3)),
)
"""An action string without the seat (``bet 4``, ``bet ²``, ``look old``...)."""
move_text = st.builds(lambda seat, action: f"{seat} {action}", seat_text, action_text)
"""An action string with its seat (``p2 bet 4``, ``p² fold``...)."""

json_leaf = st.one_of(
    st.none(), st.booleans(), hostile_int,
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10), number_text,
)
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)
"""Any JSON value (kept small), with hostile numbers and texts."""


def table_presets() -> tuple[str, ...]:
    """Every preset played at a table (all but casino), read when a test runs (the preset
    registry may fill lazily)."""
    from bragkit.rules import preset_names

    return tuple(p for p in preset_names() if p != "casino")


table_preset = st.deferred(lambda: st.sampled_from(table_presets()))
"""A table preset's name."""
any_preset = st.deferred(lambda: st.sampled_from((*table_presets(), "casino")))
"""Any preset's name."""


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with a slice replaced by junk: hostile numbers, JSON brackets, any text."""
    if not text:
        return draw(st.text(max_size=20))
    i = draw(st.integers(0, len(text)))
    j = draw(st.integers(i, min(len(text), i + draw(st.integers(0, 12)))))
    junk = draw(st.one_of(st.sampled_from(HOSTILE_NUMBERS), st.text(max_size=8),
                          st.sampled_from(["[" * 3000, "{", "}", "]", '"', ",", ":", "\\",
                                           '"p² fold"', '"dealer": "p²"', "\x00", "\ud800"])))
    return text[:i] + junk + text[j:]


def deep_json(depth: int) -> str:
    """A JSON array nested ``depth`` deep."""
    return "[" * depth + "]" * depth


def dumps_any(data: Any) -> str:
    """JSON text of ``data`` (non-ASCII kept as is, as a user's editor would write it)."""
    return json.dumps(data, ensure_ascii=False)


def seeded(seed: int) -> random.Random:
    """A generator for one example's choices (never the global RNG)."""
    return random.Random(seed)
