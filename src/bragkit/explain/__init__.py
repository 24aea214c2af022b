"""Plain-English explanations derived from a deal's event log, for ``brag play``, the
browser table and ``brag replay``: shown hands named under the game's ranking, why each pot
went where it went, carried pots and retained hands, what every offered action costs and
means.  Only what the reader may see is used (events are redacted for the reader first).

It sits above the engine, games and hands and below the command line (it never imports
:mod:`bragkit.cli`).
"""

from bragkit.explain.actions import Price, meaning, price_line, prices, stay_in_text
from bragkit.explain.hands import name_hand, strength_of, strength_text
from bragkit.explain.results import Narration, Note, explain, explain_lines
from bragkit.explain.table import lives_text, own_cards_text, two_hands_text

__all__ = ["Narration", "Note", "Price", "explain", "explain_lines", "lives_text", "meaning",
           "name_hand", "own_cards_text", "price_line", "prices", "stay_in_text",
           "strength_of", "strength_text", "two_hands_text"]
