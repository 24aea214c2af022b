"""The bounds on every number bragkit reads, and the one place that parses them.

Every whole number that comes from a user -- typed at a prompt, given on the command line,
written in a hand history or a rules file -- is read by :func:`parse_int` (text) or checked
by :func:`check_int` (a decoded JSON value), and JSON text is decoded by :func:`load_json`.
They accept only ASCII digits (``"²"`` and ``"٣"`` are refused, though ``str.isdigit`` or
``int`` accept them), refuse a numeral longer than :data:`MAX_DIGITS` before converting it
(so the cost is bounded), and check the documented range.  Each error is one line, of the
:class:`~bragkit.errors.BragError` subclass the caller names.

The maxima (documented in docs/limits.md):

=====================  =====================  ==========================================
name                   value                  what it bounds
=====================  =====================  ==========================================
``MAX_CHIPS``          1,000,000,000,000      any chip amount: a stack, a bet, a rule key
``MAX_STACK``          1,000,000              a starting stack or bankroll on the command line
``MAX_SEED``           2**64 - 1              a random seed (seeds are 0..MAX_SEED)
``MAX_SEATS``          64                     seats named in text (p1..p64), bots in ``--bots``
``MAX_HANDS``          100,000,000            hands of a simulation, deals of a game
``MAX_SAMPLES``        100,000,000            Monte Carlo samples of ``brag equity``
``MAX_DIGITS``         30                     digits of any numeral, checked before ``int``
``MAX_JSON_DEPTH``     32                     nesting of a JSON history or rules file
=====================  =====================  ==========================================

>>> parse_int("42", "bet")
42
>>> parse_int("²", "bet")
Traceback (most recent call last):
...
bragkit.errors.BragError: bet: '²' is not a whole number (write digits 0-9)
>>> parse_int("9" * 5000, "ante")
Traceback (most recent call last):
...
bragkit.errors.BragError: ante: number too large ('999999999999'... (5000 characters); \
at most 1000000000000)
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from bragkit.errors import BragError, excerpt

__all__ = [
    "MAX_CHIPS",
    "MAX_DIGITS",
    "MAX_HANDS",
    "MAX_JSON_DEPTH",
    "MAX_SAMPLES",
    "MAX_SEATS",
    "MAX_SEED",
    "MAX_STACK",
    "check_int",
    "is_whole_number",
    "load_json",
    "parse_int",
]

MAX_CHIPS: Final = 1_000_000_000_000
"""The largest chip amount anywhere: a stack, an action's amount, a rule key such as ante."""
MAX_STACK: Final = 1_000_000
"""The largest starting stack (``brag play --stack``, ``brag simulate --stack``) or bankroll."""
MAX_SEED: Final = 2**64 - 1
"""The largest random seed; seeds are 0..MAX_SEED."""
MAX_SEATS: Final = 64
"""The most seats text may name (``p1``..``p64``) or ``--bots`` may ask for."""
MAX_HANDS: Final = 100_000_000
"""The most hands a simulation plays (``-n``) or deals a game is asked for (``--hands``)."""
MAX_SAMPLES: Final = 100_000_000
"""The most Monte Carlo samples of ``brag equity --samples``."""
MAX_DIGITS: Final = 30
"""The longest numeral read; a longer one is refused before it is converted."""
MAX_JSON_DEPTH: Final = 32
"""The deepest nesting of arrays and objects in a JSON history or rules file."""

_WHOLE: Final = re.compile(r"[+-]?[0-9]+")


def is_whole_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (an optional sign, no spaces).

    >>> is_whole_number("12"), is_whole_number("-3"), is_whole_number("²"), is_whole_number("")
    (True, True, False, False)
    """
    return _WHOLE.fullmatch(text) is not None


def parse_int(text: str, what: str, lo: int = 0, hi: int = MAX_CHIPS,
              error: type[BragError] = BragError) -> int:
    """The whole number ``text`` (ASCII digits) if it is in ``lo..hi``, else one ``error``.

    ``what`` names the value in the message (``"bet"``, ``"--seed"``, ``'"stacks"'``).

    >>> parse_int("-1", "--seed")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: --seed: -1 is below the minimum 0
    """
    raw = text.strip()
    if not is_whole_number(raw):
        raise error(f"{what}: {excerpt(raw)} is not a whole number (write digits 0-9)")
    if len(raw.lstrip("+-")) > MAX_DIGITS:
        raise error(f"{what}: number too large ({excerpt(raw, 20)}; at most {hi})")
    return check_int(int(raw), what, lo, hi, error)


def check_int(value: object, what: str, lo: int = 0, hi: int = MAX_CHIPS,
              error: type[BragError] = BragError) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) in ``lo..hi``, else one ``error``.

    >>> check_int(5, "ante")
    5
    >>> check_int(2.5, "bet")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: bet must be a whole number, not 2.5
    >>> check_int(10**13, "stack")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: stack: number too large (10000000000000; at most 1000000000000)
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{what} must be a whole number, not {excerpt(value)}")
    if value > hi:
        raise error(f"{what}: number too large ({_short(value)}; at most {hi})")
    if value < lo:
        raise error(f"{what}: {_short(value)} is below the minimum {lo}")
    return value


def _short(value: int) -> str:
    if -10**MAX_DIGITS < value < 10**MAX_DIGITS:
        return str(value)
    return f"a number of {len(str(abs(value)))} digits" if abs(value).bit_length() < 14_000 \
        else "a number of over 4,000 digits"


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLarge(text)
    return int(text)


def _json_constant(text: str) -> float:
    raise _NotANumber(text)


class _TooLarge(ValueError):
    pass


class _NotANumber(ValueError):
    pass


def load_json(text: str, what: str, error: type[BragError] = BragError) -> Any:
    """Decode JSON ``text`` with a bounded cost: numerals of at most :data:`MAX_DIGITS`
    digits, no ``NaN``/``Infinity``, nesting at most :data:`MAX_JSON_DEPTH` deep.

    >>> load_json('{"a": [1, 2]}', "rules")
    {'a': [1, 2]}
    >>> load_json("[" * 2000 + "]" * 2000, "history")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: history: JSON nested too deep (at most 32 levels)
    >>> load_json('{"seed": 1' + "0" * 40 + '}', "history")
    Traceback (most recent call last):
    ...
    bragkit.errors.BragError: history: number too large ('100000000000'... (41 characters); \
at most 30 digits)
    """
    try:
        data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
    except _TooLarge as big:
        raw = str(big)
        raise error(f"{what}: number too large ({excerpt(raw, 20)}; at most {MAX_DIGITS} "
                    "digits)") from None
    except _NotANumber as nan:
        raise error(f"{what}: {nan} is not a number JSON allows") from None
    except RecursionError:
        raise error(f"{what}: JSON nested too deep (at most {MAX_JSON_DEPTH} levels)") from None
    except json.JSONDecodeError as bad:
        raise error(f"{what}: not valid JSON ({bad.msg}: line {bad.lineno} column "
                    f"{bad.colno})") from None
    except ValueError as bad:  # e.g. a float literal too long for float()
        raise error(f"{what}: not valid JSON ({excerpt(str(bad))})") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise error(f"{what}: JSON nested too deep (at most {MAX_JSON_DEPTH} levels)")
    return data


def _depth(data: object) -> int:
    """The nesting depth of decoded JSON (iterative: no recursion limit)."""
    deepest = 0
    if not isinstance(data, dict | list):
        return 0
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(data, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_JSON_DEPTH:
            break
        children = item.values() if isinstance(item, dict) else item
        stack.extend((v, level + 1) for v in children if isinstance(v, dict | list))
    return deepest
