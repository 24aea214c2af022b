"""Game families: one thin module per family of games.

* :mod:`bragkit.games.modern`: modern Three Card Brag, Four/Five Card Brag, wild cards.
* :mod:`bragkit.games.teen_patti`: Teen Patti (boot, chaal, show, side show).
* :mod:`bragkit.games.foster`, :mod:`~bragkit.games.three_stake`,
  :mod:`~bragkit.games.american`, :mod:`~bragkit.games.brag_poker`: the poker-style games.
* :mod:`bragkit.games.commerce`, :mod:`~bragkit.games.commerce_widow`: Commerce.
* :mod:`bragkit.games.casino`: casino 3 Card Brag against the dealer.

Each module maps :class:`bragkit.rules.Rules` onto the shared engine's hooks; see the design
note in :mod:`bragkit.engine`.

>>> from bragkit.rules import get_preset
>>> hand_ranking(get_preset("modern-jokers")).spec
'modern(wild=jokers)'
>>> hand_ranking(get_preset("three-stake")).name   # the brag hand of the second pool
'foster'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bragkit.hands import Ranking
    from bragkit.rules import Rules

__all__ = ["hand_ranking"]


def hand_ranking(rules: Rules) -> Ranking:
    """The ranking that decides the showdown of ``rules``'s game (the brag pool's, for
    Three-Stake Brag), built from the rules' ranking keys."""
    from bragkit.hands import get_ranking

    game = rules.game
    if game in ("commerce", "commerce-widow"):
        return get_ranking("commerce", commerce_ranking=rules.commerce_ranking)
    if game == "brag-poker":
        return get_ranking("modern")
    if game in ("foster", "three-stake"):
        return get_ranking("foster", bragger_tiebreak=rules.bragger_tiebreak,
                           bragger_own_rank_natural=rules.bragger_own_rank_natural)
    if game == "american":
        return get_ranking("american", american_order=rules.american_order)
    from bragkit.engine.family import family_for

    ranking: Ranking = family_for(rules).ranking
    return ranking
