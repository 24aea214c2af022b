"""Foster's American Brag (rules 4.3, G-F3): eight braggers, lose-and-drop-out betting.

The ante, deal and betting are Foster's (:mod:`bragkit.games.foster`), under R-AMERICAN.
On top: the seat whose raise stands is the *bragger*.  A seat that calls the bragger's raise
exchanges hands with him privately (an ``exchange`` event only those two seats can see);
the worse hand retires and the better becomes (or stays) the bragger.  A call between the
last two contenders is public: both hands are shown and the better takes the pot.  An
uncalled bragger wins unseen; with no raise at all every hand is shown (AB2).  Ties in a
private exchange follow ``exchange_tie``.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> from bragkit.testing.fixtures import stacked_pack
>>> rules = get_preset("american")
>>> pack = stacked_pack(rules, 4, 3, {0: "2c 3c 4c", 1: "8s 8h Ks", 2: "7h 5s 2h"})
>>> s = PokerState.start(rules, (30,) * 4, 3, pack)
>>> for a in ("ante 2", "call", "raise 3", "call"):   # AB1: P3 sees P2's raise
...     s = s.apply(a)
>>> [e.kind for e in s.events[-3:]], s.events[-1].note
(['exchange', 'exchange', 'fold'], 'retires after a private exchange')
>>> s.view(0).shown, sorted(s.view(1).shown)                  # only P2 and P3 saw them
({}, [2])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from bragkit.engine.kinds import SeatStatus
from bragkit.games.foster import BraggerData, FosterGame
from bragkit.games.spec import GameSpec, shuffled
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.game_keys import AMERICAN_KEYS

if TYPE_CHECKING:
    from bragkit.engine.poker.core import PokerWork
    from bragkit.rules import Rules

__all__ = ["GAMES", "AmericanGame"]


class AmericanGame(FosterGame):
    """G-F3: Foster's ante and betting with private exchanges; ``data`` is a
    :class:`~bragkit.games.foster.BraggerData` (the bragger)."""

    name: ClassVar[str] = "american"
    spec_section: ClassVar[str] = "4.3"
    bet_hooks: ClassVar[bool] = True
    keys: ClassVar[frozenset[str]] = AMERICAN_KEYS

    @staticmethod
    def make_ranking(rules: Rules) -> Ranking:
        """R-AMERICAN."""
        return get_ranking("american", american_order=rules.american_order)

    def on_raise(self, w: PokerWork, seat: int) -> None:
        """The raiser becomes the bragger (no exchange)."""
        w.data = BraggerData(seat)

    def on_call(self, w: PokerWork, seat: int) -> None:
        """Seeing the bragger's raise: a private exchange, or the public final."""
        data = w.data
        assert isinstance(data, BraggerData)
        bragger = data.bragger
        if bragger < 0 or bragger == seat or w.status[bragger] not in ("in", "allin"):
            return
        live = w.live()
        if len(live) == 2:
            w.settle_pool(lambda s: self.key(w, s), self.rules.showdown_tie, 0, "final")
            w.end()
            return
        pair = frozenset({seat, bragger})
        w.emit("exchange", seat, cards=w.hands[seat], visible_to=pair, note=f"with p{bragger + 1}")
        w.emit("exchange", bragger, cards=w.hands[bragger], visible_to=pair,
               note=f"with p{seat + 1}")
        mine, theirs = self.key(w, seat), self.key(w, bragger)
        if mine > theirs:
            loser = bragger
        elif mine < theirs:
            loser = seat
        else:
            tie = self.rules.exchange_tie
            loser = seat if tie == "incumbent_survives" else bragger if tie == "seer_survives" \
                else -1
        if loser < 0:
            return
        w.status[loser] = SeatStatus.FOLDED
        w.emit("fold", loser, note="retires after a private exchange")
        if loser == bragger:
            w.data = BraggerData(seat)


def _ranking(rules: Rules) -> Ranking:
    return AmericanGame.make_ranking(rules)


_MEANINGS: Final[dict[str, str]] = {
    "call": "put in what it takes to match the bet and stay in; if the bragger is still "
            "in, you compare hands with him in private and the worse hand retires",
}
"""What the actions mean in this game (:mod:`bragkit.explain.actions`)."""

GAMES: Final = (GameSpec(
    name="american", title='American Brag', spec_section="4.3", engine="poker",
    hooks="bragkit.games.american:AmericanGame",
    table="bragkit.engine.poker.session:PokerSession",
    keys=AMERICAN_KEYS, ranking=_ranking, docs="docs/rules/american.md", order=6,
    action_meanings=_MEANINGS,
    bots={"heuristic": "bragkit.bots.poker_bot:PokerHeuristicBot"},
    model_checked=frozenset({"rebuy_anytime"}),
    presets=shuffled(
        ("american", {}),
        ("american-braggers-first", {"american_order": "braggers_first"}),
        ("american-seer-survives", {"exchange_tie": "seer_survives"}),
        ("american-both-survive", {"exchange_tie": "both_survive"}),
    )),)
"""The declaration of American Brag (:mod:`bragkit.games.spec`)."""
