"""One casino hand against the dealer (rules 4.9) as an immutable value: :class:`CasinoHand`.

The player's decisions are the engine's action kinds (``ActionKind.PLAY``, ``ActionKind.FOLD``).

>>> from bragkit.games.casino.rules import CasinoRules
>>> rules = CasinoRules.preset("casino")
>>> hand = CasinoHand.deal(rules, ante=10, pack="Qs Qd 4c  Qh 7d 2s")
>>> hand.legal_actions()
(<ActionKind.PLAY: 'play'>, <ActionKind.FOLD: 'fold'>)
>>> done = hand.apply("play")
>>> s = done.settlement
>>> (s.outcome, s.ante, s.play, s.ante_bonus, s.total)   # rules 6.14 K2
('player_wins', 10, 10, 0, 20)
>>> hand.settlement is None       # the original state is untouched
True
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Final

from bragkit.cards import Card, CardsLike, format_cards, parse_cards, standard_pack
from bragkit.engine.kinds import ActionKind
from bragkit.errors import CardError, IllegalActionError, RulesError, excerpt
from bragkit.games.casino.rules import CasinoRules, Settlement, chips, settle_units
from bragkit.hands import Strength

__all__ = ["CasinoHand"]


# ---------------------------------------------------------------------------- the hand
_DECISIONS: Final = (ActionKind.PLAY, ActionKind.FOLD)


@dataclass(frozen=True, slots=True)
class CasinoHand:
    """One hand against the dealer: an immutable state (see the module documentation).

    Use :meth:`deal`; ``apply`` returns a new state.  Until the hand is
    settled, :attr:`dealer` is dealt but hidden (``visible_dealer`` is empty).

    >>> r = CasinoRules.preset("casino")
    >>> h = CasinoHand.deal(r, ante=10, pair_plus=5, rng=random.Random(7))
    >>> h.phase, len(h.player), h.visible_dealer
    ('decide', 3, ())
    >>> h.apply("raise")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: 'raise' is not a casino action; legal now: play, fold
    """

    rules: CasinoRules
    ante: int
    pair_plus: int
    player: tuple[Card, Card, Card]
    dealer: tuple[Card, Card, Card]
    actions: tuple[ActionKind, ...] = ()
    settlement: Settlement | None = None

    @staticmethod
    def deal(rules: CasinoRules, *, ante: int = 1, pair_plus: int = 0,
             rng: random.Random | None = None, pack: CardsLike | None = None) -> CasinoHand:
        """Take the bets and deal from a shuffled pack (``rng``) or an explicit ``pack``.

        With ``pack``, its first three cards go to the player, the next three
        to the dealer.  Stakes are whole chips: ``ante`` at least 1,
        ``pair_plus`` at least 0.
        """
        for name, value, least in (("ante", ante, 1), ("pair_plus", pair_plus, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise IllegalActionError(f"{name} must be a whole number of chips >= {least}, "
                                         f"not {excerpt(value)}")
        if pack is not None:
            cards = parse_cards(pack)
            if len(cards) < 6:
                raise CardError(f"a casino deal needs 6 cards, got {len(cards)} in "
                                f"{excerpt(format_cards(cards))}")
            if any(c.is_joker for c in cards[:6]):
                raise CardError("casino games use a pack without jokers")
        else:
            if rng is None:
                raise RulesError("deal needs an rng (random.Random) or an explicit pack")
            cards = tuple(rng.sample(standard_pack(), 6))
        return CasinoHand(rules, ante, pair_plus, (cards[0], cards[1], cards[2]),
                          (cards[3], cards[4], cards[5]))

    @property
    def phase(self) -> str:
        """``decide`` (waiting for play or fold) or ``settled``."""
        return "settled" if self.settlement is not None else "decide"

    @property
    def visible_dealer(self) -> tuple[Card, ...]:
        """The dealer's cards once revealed (after the hand is settled), else ``()``."""
        return self.dealer if self.settlement is not None else ()

    def player_strength(self) -> Strength:
        """The strength of the player's hand."""
        return self.rules.ranking_obj.evaluate(self.player)

    def dealer_strength(self) -> Strength:
        """The strength of the dealer's hand (known to the state even while hidden)."""
        return self.rules.ranking_obj.evaluate(self.dealer)

    def legal_actions(self) -> tuple[ActionKind, ...]:
        """The actions allowed now: play or fold while deciding, nothing once settled."""
        return _DECISIONS if self.settlement is None else ()

    def apply(self, action: ActionKind | str) -> CasinoHand:
        """The state after ``action``; raises :class:`IllegalActionError` if not allowed."""
        legal = self.legal_actions()
        try:
            chosen = ActionKind(str(action).strip().lower())
            if chosen not in _DECISIONS:
                raise ValueError(chosen)
        except ValueError:
            shown = ", ".join(a.value for a in legal) or "none (the hand is over)"
            raise IllegalActionError(f"{excerpt(str(action))} is not a casino action; "
                                     f"legal now: {shown}") from None
        if chosen not in legal:
            raise IllegalActionError(f"cannot {chosen.value}: the hand is already settled")
        ranking = self.rules.ranking_obj
        player = ranking.rank3(*(c.id for c in self.player))
        dealer = ranking.rank3(*(c.id for c in self.dealer))
        category = ranking.category_of_rank(player)
        played = chosen is ActionKind.PLAY
        ante, play, bonus, side = settle_units(self.rules, played, player, category, dealer)
        qualified = dealer >= self.rules.qualifier_rank
        if not played:
            outcome = "fold"
        elif not qualified:
            outcome = "dealer_not_qualified"
        elif player > dealer:
            outcome = "player_wins"
        elif player < dealer:
            outcome = "dealer_wins"
        else:
            outcome = "tie"
        settlement = Settlement(
            outcome, qualified, chips(ante * self.ante), chips(play * self.ante),
            chips(bonus * self.ante), chips(side * self.pair_plus) if self.pair_plus else 0)
        return dataclasses.replace(self, actions=(*self.actions, chosen), settlement=settlement)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the state (the dealer's cards only once revealed)."""
        return {
            "rules": self.rules.as_dict(),
            "ante": self.ante,
            "pair_plus": self.pair_plus,
            "player": format_cards(self.player),
            "dealer": format_cards(self.visible_dealer),
            "actions": [a.value for a in self.actions],
            "phase": self.phase,
            "settlement": None if self.settlement is None else self.settlement.as_dict(),
        }
