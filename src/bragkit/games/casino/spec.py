"""Casino 3 Card Brag's declaration (:mod:`bragkit.games.spec`): a house game with its own
rules value (:class:`~bragkit.games.casino.rules.CasinoRules`), each seat against the dealer
(one seat: :class:`~bragkit.games.casino.session.CasinoSession`; several, at a card-room table:
:class:`~bragkit.games.casino.seats.CasinoSeatsSession`).

>>> from bragkit.games import spec_of
>>> s = spec_of("casino")
>>> s.own_rules, s.docs, list(s.presets)
(True, 'docs/rules/casino.md', ['casino', 'three-card-poker'])
>>> s.key_rows()[3][:3]
('casino_tie', 'text', '`push`')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bragkit.games.casino.rules import PRESETS, TIE_RULES, CasinoRules
from bragkit.games.spec import GameSpec
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.keys import key_docs

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["CASINO_KEYS", "GAMES"]

CASINO_KEYS: Final = ("ante_bonus_table", "pair_plus_table", "qualifier", "casino_tie",
                      "pair_plus_forfeit_on_fold")
"""The house rules of the casino game, in reference order."""

_PAYTABLE: Final = "`category=payout` pairs joined by commas, or `none`"
_ALLOWED: Final = {
    "ante_bonus_table": _PAYTABLE, "pair_plus_table": _PAYTABLE,
    "qualifier": "a hand class: `Q-high`, `Q-6-4`, `pair`, `none`, ...",
    "casino_tie": ", ".join(f"`{t}`" for t in TIE_RULES),
    "pair_plus_forfeit_on_fold": "`true`, `false`"}
_KINDS: Final = {"ante_bonus_table": "paytable", "pair_plus_table": "paytable",
                 "qualifier": "text", "casino_tie": "text",
                 "pair_plus_forfeit_on_fold": "true/false"}


def _shown(value: object) -> str:
    return f"`{str(value).lower()}`" if isinstance(value, bool) else f"`{value}`"


def _key_rows() -> tuple[tuple[str, str, str, str, str], ...]:
    """Each house rule's reference row (defaults of the ``casino`` preset)."""
    rules = CasinoRules.preset("casino")
    docs = key_docs(CasinoRules)
    return tuple((key, _KINDS[key], _shown(getattr(rules, key)), _ALLOWED[key], docs[key])
                 for key in CASINO_KEYS)


def _ranking(rules: Rules) -> Ranking:
    """The ranking of the default casino preset (a casino table's own is in its rules)."""
    return get_ranking(CasinoRules.preset("casino").ranking)


GAMES: Final = (GameSpec(
    name="casino", title="Casino 3 Card Brag", spec_section="4.9", engine="casino",
    hooks="bragkit.games.casino.state:CasinoState",
    table="bragkit.games.casino.seats:open_casino_table", keys=frozenset(CASINO_KEYS),
    history="bragkit.games.casino.seats_history:replay_history",
    history_loader="bragkit.games.casino.history:casino_from_dict",
    presets=PRESETS, ranking=_ranking,
    bots={"optimal": "bragkit.analysis.casino_bot:OptimalCasinoBot"},  # card-room seats
    docs="docs/rules/casino.md", order=8,
    own_rules=True, key_rows=_key_rows, house=True,
    seating="bragkit.games.casino.seats:check_seats",
    rules_factory="bragkit.games.casino.rules:CasinoRules.preset",
    action_layout="bragkit.games.casino.space:LAYOUT",
    terminal="casino play",
    unserved={"simulate": "played against the house: use 'brag casino simulate'"}),)
"""Casino's declaration: in the registry, not among the Rules games (``own_rules``)."""
