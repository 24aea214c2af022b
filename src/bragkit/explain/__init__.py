"""Plain-English explanations derived from a deal's event log, for ``brag play``, the
browser table and ``brag replay``: shown hands named under the game's ranking, why each pot
went where it went, carried pots and retained hands, what every offered action costs and
means.  Only what the reader may see is used (events are redacted for the reader first).

It sits above the engine, games and hands and below the command line (it never imports
:mod:`bragkit.cli`).
"""

from bragkit.explain.hands import name_hand, strength_of, strength_text

__all__ = ["name_hand", "strength_of", "strength_text"]
