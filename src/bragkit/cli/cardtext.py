"""Cards on screen, the same in every command: suit symbols in red and black, or letters.

``brag play``, ``brag casino play``, ``brag compare`` and ``brag equity`` write a card as its
rank and suit symbol (``K♣``, ``10♥``), hearts and diamonds in red and clubs and spades in
black (as on a card face: on a white background), and fall back to the letters the parser
reads (``Kc``, ``Th``) when the terminal cannot show the symbols (its encoding is not UTF-8).
A joker is always written with its number, ``X1`` or ``X2``: the same text in a hand, in
the log and in the choices of a discard, and what you type to name it.

>>> from bragkit.cards import parse_cards
>>> hand = parse_cards("Kc Th X")
>>> cards_plain(hand, symbols=True), cards_plain(hand, symbols=False)
('K♣ 10♥ X1', 'Kc Th X1')
>>> cards_markup(parse_cards("Qh 2s"), symbols=True)
'[red on white]Q♥[/] [black on white]2♠[/]'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from rich.console import Console
from rich.markup import escape

from bragkit.cards import Card, Suit, parse_cards
from bragkit.errors import BragError

__all__ = ["SUIT_STYLES", "card_plain", "cards_markup", "cards_plain", "markup_text",
           "symbols_ok"]

SUIT_STYLES: Final[dict[Suit, str]] = {
    Suit.HEARTS: "red on white", Suit.DIAMONDS: "red on white",
    Suit.CLUBS: "black on white", Suit.SPADES: "black on white",
}
"""The rich style of each suit: red or black, on white so that black shows on a dark screen."""
_JOKER_STYLE: Final = "bold magenta on white"

_TOKEN: Final = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9TJQKA])[cdhs♣♦♥♠](?![\w♣♦♥♠])"
                           r"|(?<![\w])X[1-4](?![\w])")
"""A card written in running text: ``Kc``, ``10h``, ``K♣``, ``X2``."""


def symbols_ok(console: Console) -> bool:
    """Whether ``console`` can show suit symbols (its encoding is UTF-8).

    >>> import io
    >>> symbols_ok(Console(file=io.StringIO())), symbols_ok(Console(file=io.TextIOWrapper(
    ...     io.BytesIO(), encoding="ascii")))
    (True, False)
    """
    return console.encoding.lower().replace("-", "").startswith("utf")


def card_plain(card: Card, *, symbols: bool = True) -> str:
    """One card as text: ``K♣`` (``Kc`` with ``symbols=False``); a joker ``X1``..``X4``.

    >>> card_plain(Card.parse("Ts")), card_plain(Card.parse("Ts"), symbols=False)
    ('10♠', 'Ts')
    """
    if card.rank is None or card.suit is None:
        return f"X{card.id - 51}"
    return card.pretty if symbols else str(card)


def cards_plain(cards: Iterable[Card], *, symbols: bool = True, sep: str = " ") -> str:
    """Cards as plain text (see :func:`card_plain`).

    >>> cards_plain(parse_cards("As Ad"), symbols=False, sep="|")
    'As|Ad'
    """
    return sep.join(card_plain(c, symbols=symbols) for c in cards)


def _markup(card: Card, symbols: bool) -> str:
    text = card_plain(card, symbols=symbols)
    style = _JOKER_STYLE if card.suit is None else SUIT_STYLES[card.suit]
    return f"[{style}]{text}[/]"


def cards_markup(cards: Iterable[Card], *, symbols: bool = True, sep: str = " ") -> str:
    """Cards as rich markup, each in its suit's colour (see :data:`SUIT_STYLES`).

    >>> cards_markup(parse_cards("X2"), symbols=False)
    '[bold magenta on white]X2[/]'
    """
    return sep.join(_markup(c, symbols) for c in cards)


def markup_text(text: str, *, symbols: bool = True) -> str:
    """``text`` escaped for rich, with every card in it written as :func:`cards_markup` does.

    A capital ``As`` that starts a sentence is a word, not the ace of spades.

    >>> markup_text("p2 look 9d 10h X1 [x]", symbols=False)
    'p2 look [red on white]9d[/] [red on white]Th[/] [bold magenta on white]X1[/] \\\\[x]'
    >>> markup_text("As you see: As beats Kc")
    'As you see: [black on white]A♠[/] beats [black on white]K♣[/]'
    """
    out: list[str] = []
    last = 0
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        before = text[:m.start()].rstrip()
        if token == "As" and (not before or before[-1] in ".!?"):
            continue  # the word "As" opening a sentence
        try:
            card = parse_cards(token)[0]
        except BragError:
            continue
        out.append(escape(text[last:m.start()]))
        out.append(_markup(card, symbols))
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)
