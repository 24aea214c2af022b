"""What each seat may know, derived from the rules and the public action sequence only.

The conformance checker compares every seat view with the cards this module allows the
seat to know.  The derivation never reads an event's ``visible_to`` flag, nor its cards: it
walks the deal's states (first state, then one state per action) and applies the rules of
rules 2.5 and each game's section to the *actions* (who did what, which are public)
and to where the cards physically are (hands, the widow, the face-up stub):

* a seat knows its own cards once it has looked (modern brag, Brag Poker), or as soon as
  they are dealt (Foster's games, Commerce; the Commerce dealer only after his privilege);
* the seen hand of a see is public, the seer's only if it wins (or ``loser_must_show``);
  a cover or a show exposes the other hand, the short seat's only if it wins; frozen pots
  expose their coverers and the new pot's winner; an agreed (or pot-limit) showdown exposes
  every active hand; a fold-out winner shows nothing (unless pots are frozen);
* a Teen Patti side show and an American Brag private exchange show the two hands to the
  two players only; the final American see and Foster's showdowns are public;
* Three-Stake Brag's third card and drawn cards are public, and every hand is shown for P3;
* the face-up stub (4.4.11) shows the last card of each *folded* hand put on it (and the
  stub's bottom card after the deal); discards, unseen hands and hands that win without
  showing go to the bottom face down;
* Commerce: the widow is public; a barter shows the offered card to the two players and
  the card handed back to the giver; every hand is shown at the showdown.

Everything else (the stock, other hands, a blind seat's own hand, face-down discards) is
secret.  Allowed knowledge accumulates over the deal: a seat that saw a card may remember it.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine import BragState
>>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1))
>>> k = Knowledge.of(s.apply("look"))
>>> sorted(k.allowed(1)) == sorted(s.hands[1]), k.allowed(0)
(True, set())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bragkit.engine.actions import Action
from bragkit.engine.table import DealState
from bragkit.games import engine_of, has_blind_play
from bragkit.rules.game_keys import own_keys

__all__ = ["Knowledge", "deal_chain"]

"""The machines whose deals are known here (each game's GameSpec names its machine)."""


def deal_chain(st: DealState) -> list[Any]:
    """The states of ``st``'s deal from its first state to ``st`` (following ``origin``).

    >>> import random
    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine import BragState
    >>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1))
    >>> [len(x.actions) for x in deal_chain(s.apply("look").apply("bet 2"))]
    [0, 1, 2]
    """
    chain = []
    state: Any = st
    while state is not None:
        chain.append(state)
        state = state.origin
    chain.reverse()
    return chain


class Knowledge:
    """The cards each seat of one deal may know, updated one action at a time.

    Build it with :meth:`of` (any state of a deal) and extend it with :meth:`advance`.
    """

    __slots__ = ("_seen", "engine", "last", "public", "rules", "seats")

    def __init__(self, first: DealState) -> None:
        self.rules = first.rules
        game = first.rules.game
        self.engine = engine_of(game) or ""
        self.seats: list[set[int]] = [set() for _ in range(first.n)]
        self.public: set[int] = set()
        self._seen: list[bool] = [False] * first.n
        """Whether each seat has looked at (or been dealt open) its own hand."""
        self.last: Any = first
        self._opening(first)

    @staticmethod
    def supports(st: object) -> bool:
        """Whether the rules of ``st``'s game are known here (every brag-style, poker-style
        and Commerce game; the checker falls back on the state's own ``secret_cards`` for
        any other game or engine)."""
        rules = getattr(st, "rules", None)
        return engine_of(str(getattr(rules, "game", ""))) in ("brag", "poker", "commerce") \
            and hasattr(st, "origin") and hasattr(st, "hands")

    @staticmethod
    def of(st: DealState) -> Knowledge:
        """The knowledge of every seat at state ``st`` (walking its deal from the start)."""
        chain = deal_chain(st)
        k = Knowledge(chain[0])
        for state in chain[1:]:
            k.advance(state)
        return k

    def allowed(self, seat: int) -> set[int]:
        """The card ids ``seat`` may know now (its own knowledge and the public cards)."""
        return self.seats[seat] | self.public

    def advance(self, post: DealState) -> None:
        """Take the next state of the deal (``post.origin`` must be the last state taken)."""
        pre: Any = self.last
        seat, action = post.actions[-1]
        if self.engine == "brag":
            self._brag(pre, seat, action, post)
        elif self.engine == "poker":
            self._poker(pre, seat, action, post)
        elif self.engine == "commerce":
            self._trade_machine(pre, seat, action, post)
        self._every_state(post)
        self.last = post

    def _show(self, cards: Sequence[int]) -> None:
        self.public.update(cards)

    # ------------------------------------------------------------------ every state
    def _opening(self, st: Any) -> None:
        rules = self.rules
        if self.engine == "brag":
            self._show(st.faceup)  # the face-up retained variant's second hand (4.4.7)
            if rules.stub_face_up and st.pack:
                self._show(st.pack[-1:])  # the stub is turned face up after the deal
        elif self.engine == "poker":
            if not has_blind_play(rules.game):  # Foster's games are not played blind
                self._seen = [True] * st.n
        elif self.engine == "commerce":
            blind = "dealer_widow_privilege" in own_keys(rules) and rules.dealer_widow_privilege
            self._seen = [not (blind and s == st.dealer) for s in range(st.n)]
        self._every_state(st)

    def _every_state(self, st: Any) -> None:
        seats = self.seats
        for s in range(st.n):
            if self._seen[s]:
                seats[s].update(st.hands[s])
        if self.engine == "brag":
            # the face-up qualifying phase (4.4.7) makes the seat to act look at its hand,
            # and a seat discarding has looked (4.5)
            if st.phase in ("qualify", "discard") and st.to_act >= 0:
                seats[st.to_act].update(st.hands[st.to_act])
        elif self.engine == "poker":
            if _thirty_one_pool(self.rules):
                for s in range(st.n):
                    self._show(st.hands[s][2:])  # the third card and drawn cards face up
                if st.phase in ("draw", "over"):  # P3: every hand is shown (4.2 step 5)
                    for s in range(st.n):
                        self._show(st.hands[s])
        elif self.engine == "commerce":
            self._show(st.widow)
            if st.phase in ("over", "horse"):  # the showdown shows every hand
                for s in range(st.n):
                    self._show(st.hands[s])

    # ------------------------------------------------------------------ brag-style games
    def _brag(self, pre: Any, p: int, action: Action, post: Any) -> None:
        kind = action.kind
        seats = self.seats
        rules = self.rules
        if kind == "look":
            if action.arg == "old":
                seats[p].update(pre.retained_hand[p])
            else:
                seats[p].update(pre.hands[p])
                if action.arg is None:
                    self._seen[p] = True
            return
        if kind in ("keep", "discard"):  # the kept hand was looked at
            if kind == "keep":
                self._seen[p] = True
            return
        if kind == "fold" and rules.stub_face_up:
            folded = pre.retained_hand[p] + pre.hands[p]
            if folded:
                self._show(folded[-1:])  # a folded hand goes face up on the stub (4.4.11)
        if kind == "accept" and pre.phase == "sideshow":  # Teen Patti side show (4.7)
            requester = pre.pending[0]
            seats[p].update(_played(pre, post, requester))
            seats[requester].update(_played(pre, post, p))
        winners = set(post.winners)
        shown: list[int] = []
        if kind == "see":
            seen = next(s for s in pre.active if s != p)
            shown.append(seen)
            if p in winners or rules.loser_must_show:
                shown.append(p)
        elif kind in ("cover", "show", "name") and post.phase != "name":
            if kind == "name":
                cont, short, other = pre.pending
                pair = (short, other) if cont == 1 else (-1, p)
            elif kind == "show":
                pair = (pre.pending[0], p)
            else:
                rest = [s for s in pre.active if s != p]
                pair = (p, rest[0]) if len(rest) == 1 else (-1, -1)
            short, other = pair
            if other >= 0:
                shown.append(other)
            if short >= 0 and (short in winners or rules.loser_must_show):
                shown.append(short)
        elif kind in ("agree", "bet", "sideshow") and post.is_over:
            shown.extend(pre.active)  # agreed or pot-limit showdown: every hand (4.4.10)
        if pre.covered_pots and not post.covered_pots:  # covered pots resolved (4.4.9):
            shown.extend(c for _, c in pre.covered_pots)  # the coverers and the winner show
            if len(post.active) == 1:
                shown.extend(post.active)
        for s in shown:
            self._show(_played(pre, post, s, action.arg if s == p else None))

    # ------------------------------------------------------------------ poker-style games
    def _poker(self, pre: Any, p: int, action: Action, post: Any) -> None:
        if action.kind == "look":
            self._seen[p] = True
            return
        if "exchange_tie" in own_keys(self.rules) and action.kind == "call":  # American
            bragger = getattr(pre.data, "bragger", -1)  # the game's typed data record
            live = pre.live
            if 0 <= bragger != p and bragger in live and len(live) > 2:
                # a private exchange (4.3): each of the two sees the other's hand
                self.seats[p].update(pre.hands[bragger])
                self.seats[bragger].update(pre.hands[p])
        if post.is_over and not _thirty_one_pool(self.rules):  # (P3 shows every hand)
            contenders = [s for s in range(post.n) if post.status[s] in ("in", "allin")]
            if len(contenders) >= 2:  # a called showdown shows every live hand
                for s in contenders:
                    self._show(post.hands[s])

    # ------------------------------------------------------------------ Commerce
    def _trade_machine(self, pre: Any, p: int, action: Action, post: Any) -> None:
        self._seen[p] = True  # the dealer's privilege decision is his first look (4.11)
        if action.kind == "barter" and action.arg:
            self.seats[post.to_act].update(_ids(action.arg))
        elif action.kind == "accept" and action.arg:
            self.seats[pre.pending.offerer].update(_ids(action.arg))


def _played(pre: Any, post: Any, seat: int, named: str | None = None) -> tuple[int, ...]:
    """The three cards ``seat`` plays at a showdown: the named one of two blind hands, and
    an unlooked 4/5-card hand without the discards the engine makes for it (A-4.2)."""
    hand: tuple[int, ...] = pre.hands[seat]
    if pre.retained_hand[seat] and named == "old":
        hand = pre.retained_hand[seat]
    if len(hand) > 3:
        out = set(post.discards[seat])
        return tuple([c for c in hand if c not in out])
    return hand


def _ids(text: str) -> list[int]:
    from bragkit.cards import parse_cards

    return [c.id for c in parse_cards(text)]


def _thirty_one_pool(rules: Any) -> bool:
    """A game with Three-Stake's thirty-one pool (its spec reads ``over31``): the third card
    and the drawn cards are dealt face up, and the pool shows every hand (rules 4.2)."""
    return "over31" in own_keys(rules)
