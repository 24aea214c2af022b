"""A Commerce table: consecutive deals (rules 2.2-2.4, 4.10, 4.11).

A :class:`CommerceSession` carries what passes from deal to deal: the stacks, the dealer
(one seat to the left after every deal, skipping seats that cannot deal), and for the
widow game with lives the pool, the lives, the horses and the first player out.  A lives
session ends with the final sweep; a trade or stakes session ends when fewer than two
seats can play.  Every deal is shuffled (``shuffle_every_deal``); the packs of the kept
deals are kept (``packs_used``; ``packs_count`` counts every one).

It follows the :class:`~bragkit.engine.table.Table` protocol and registers itself for both
forms of Commerce, so :func:`~bragkit.engine.table.open_table`, hand histories, ``brag
replay`` and the conformance checker drive it the same way as every other game.

>>> from bragkit.rules import get_preset
>>> t = CommerceSession(get_preset("commerce"), [10, 10, 10], dealer=2, seed=7)
>>> t.state.pot, t.to_act
(4, 0)
>>> t.apply_text("p1 stand")
>>> t.deal_no, t.dealer, sum(t.stacks)
(1, 0, 30)
>>> w = CommerceSession(get_preset("commerce-widow"), [10, 10, 10], dealer=0, seed=1)
>>> w.state.lives, w.state.pot
((3, 3, 3), 9)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import partial
from itertools import repeat, starmap
from operator import itemgetter

from bragkit.engine.actions import Action, LegalAction, allowed, format_move
from bragkit.engine.contract import SeatView
from bragkit.engine.kinds import Phase
from bragkit.engine.lines import move_on
from bragkit.engine.pack import fresh_pack
from bragkit.engine.table import KEEP_RECORDS, OnRecord, TableCore, register_table
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.commerce.core import Draft
from bragkit.games.commerce.line import CommerceLine, fresh_line
from bragkit.games.commerce.seating import full_table
from bragkit.games.commerce.state import CommerceState, deal_draft, eligible, start_state
from bragkit.rules import Rules

__all__ = ["CommerceSession"]

P_OVER = Phase.OVER


_FRESH: dict[tuple[bool, int], tuple[int, ...]] = {}
"""(short pack, pack size) -> the fresh pack (engine.pack.fresh_pack) in id order."""

class CommerceSession(TableCore):
    """A table playing consecutive deals of Commerce (either form).

    Chance is explicit: the pack of the first deal may be given (``pack``, card ids top
    first, after the cut), later packs too (``shuffles``); otherwise every shuffle draws from
    ``rng`` (or ``random.Random(seed)``, or with neither an unpredictable
    ``secrets.SystemRandom``): the cards sorted by one ``rng.random()`` key each,
    a uniform permutation.  Seats are 0-based in the API.  :attr:`records` keeps the
    ``keep_records`` most recent deals (``None``: all); ``on_record`` sees each as it ends.
    """

    def __init__(self, rules: Rules, stacks: Sequence[int], dealer: int | None = None, *,
                 seed: int | None = None, rng: random.Random | None = None,
                 pack: Sequence[int] | None = None,
                 shuffles: Iterable[Sequence[int]] = (), keep_states: bool = False,
                 keep_records: int | None = KEEP_RECORDS, on_record: OnRecord | None = None
                 ) -> None:
        if rules.game not in ("commerce", "commerce-widow"):
            raise RulesError(f"CommerceSession plays Commerce, not {rules.game!r}")
        self._seat(rules, stacks, dealer, seed=seed, rng=rng, pack=pack, shuffles=shuffles,
                   keep_states=keep_states, keep_records=keep_records, on_record=on_record)
        self.lives: tuple[int, ...] | None = None
        self.horses = (0,) * self.n
        self.first_out = -1
        self._line: CommerceLine | None = None
        self._state: CommerceState | None = None
        self._fresh: tuple[int, ...] = ()
        self._fresh_rules: Rules | None = None
        """The pack in id order (:meth:`_shuffle`) and the rules it is for."""
        self._full = (0, 0, False)
        self._full_rules: Rules | None = None
        """:func:`~.seating.full_table` of the rules (and the rules it is for)."""
        self._everyone = (True,) * self.n
        self._read = False
        """Whether a deal's state was read while it was played: the next deals then log
        their events from the start, so that the first read freezes the machine instead of
        dealing the deal a second time."""
        self._viewing = False
        """Whether a seat view was read (bots): the next deals' machines log every event, so
        that views are built from the machine (:meth:`CommerceLine.view`), no state frozen."""
        self._new_deal()
        if self.over:  # not even a first deal: a configuration error, not an empty session
            raise BragError(
                f"no deal is possible: fewer than two seats can pay what {rules.game} needs "
                f"(stake {rules.stake}; stacks {', '.join(map(str, stacks))}); see "
                "docs/commerce.md, 'Who plays'")

    @property
    def state(self) -> CommerceState | None:
        """The state of the deal in progress (None once the session is over): immutable,
        built when read from the deal's machine (:class:`CommerceLine`)."""
        line = self._line
        if line is None:
            return self._state
        self._read = True
        return line.state()

    @state.setter
    def state(self, state: CommerceState | None) -> None:
        self._line = None
        self._state = state

    # ------------------------------------------------------------------ dealing
    def _shuffle(self) -> tuple[int, ...]:
        rules = self.rules
        want = self._fresh
        if self._fresh_rules is not rules:  # the pack in id order, built once per kind of pack
            key = (rules.short_pack, rules.pack_size)
            found = _FRESH.get(key)
            if found is None:
                found = _FRESH[key] = fresh_pack(rules)
            self._fresh = want = found
            self._fresh_rules = rules
        if self.given_pack is not None or (not self.shuffles.exhausted and self.shuffles):
            given = self._given_pack(want)
            if given is not None:
                return given
        # a uniform shuffle: sort by independent uniform keys (C-speed draws), one key per
        # card in pack order; sorting the positions by key gives the same pack as sorting
        # (key, card) pairs, faster (the full pack in id order is its positions)
        n = len(want)
        keys = list(starmap(self.rng.random, repeat((), n)))
        order = sorted(range(n), key=keys.__getitem__)
        pack: tuple[int, ...] = tuple(order) if want[-1] == n - 1 else itemgetter(*order)(want)
        self.packs_used.append(pack)
        return pack

    def _seating(self) -> tuple[int, tuple[bool, ...]] | None:
        """The dealer and the seats dealt in for the next deal, or None when play ends."""
        rules = self.rules
        if self._full_rules is not rules:
            self._full = full_table(rules, self.n)
            self._full_rules = rules
        floor, dealer_floor, by_lives = self._full
        lives, stacks, dealer = self.lives, self.stacks, self.dealer
        # every seat has a life, or every stack is at the floor and the dealer's at his
        # (loops, not min(): a slow builtin call)
        if by_lives and lives is not None:
            full = True
            for left in lives:
                if left <= 0:
                    full = False
                    break
        else:
            full = stacks[dealer] >= dealer_floor
            for chips in stacks:
                if chips < floor:
                    full = False
                    break
        if full:
            return dealer, self._everyone  # (every seat, whoever deals: the common case)
        for k in range(self.n):
            dealer = (self.dealer + k) % self.n
            seated = eligible(rules, stacks, dealer, lives)
            if seated[dealer] and sum(seated) >= 2:
                return dealer, tuple(seated)
        return None

    def _new_deal(self) -> None:
        seating = self._seating()
        if seating is None:
            self.over = True
            self.state = None
            return
        self.dealer, seated = seating
        pack = self._shuffle()
        rules, stacks, dealer = self.rules, self.stacks, self.dealer
        pool, lives, horses, first_out = self.carried, self.lives, self.horses, self.first_out
        self._start = start = partial(start_state, rules, stacks, dealer, pack, seated, pool,
                                      lives, horses, first_out)  # (positional: no kwargs dict)
        work = deal_draft(rules, stacks, dealer, pack, seated, pool, lives, horses, first_out,
                          self._read or self._viewing)  # (unlogged: a read deals again)
        self._state = None
        self._line = fresh_line(start, work, self._viewing)  # states built when read

    def _finish_deal(self) -> None:
        line = self._line
        st: CommerceState | Draft
        if line is not None:
            st = line.work
            assert st.phase is P_OVER
            if self.on_record is None and not self.keep_states:  # nobody reads it yet
                self._record_later(self._start, True, None, tuple(line._seats),
                                   tuple(line._acts), line.state)
            else:
                self._record(None, self._start, True, None, seats=line.seats, acts=line.acts,
                             later=line.state)
            self.stacks = tuple(st.stacks)
        else:
            state = self._state
            assert state is not None and state.is_over
            self._record(state, self._start, True, None)
            st = state
            self.stacks = st.stacks
        self.carried = st.carried
        rules = self.rules
        if rules.game == "commerce-widow" and rules.widow_scoring == "lives":
            self.lives = st.lives
            self.horses = st.horses
            self.first_out = st.first_out
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.n
        if st.final:
            self.over = True
            self.state = None
            return
        self._new_deal()

    # ------------------------------------------------------------------ playing
    @property
    def to_act(self) -> int:
        """The seat to act, -1 when the session is over."""
        line = self._line
        if line is not None:
            return line.work.to_act
        return -1 if self._state is None else self._state.to_act

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do."""
        line = self._line
        if line is not None:  # (CommerceLine.legal_actions inline)
            legal = line._legal
            if legal is None:
                w = line.work
                legal = line._legal = () if w.phase is P_OVER else w.game.legal(w)
            return legal
        return () if self._state is None else self._state.legal_actions()

    def apply_move(self, seat: int, action: Action) -> None:
        """Apply ``action`` by ``seat``; starts the next deal when this one ends."""
        line = self._line
        if line is None and self._state is None:
            raise IllegalActionError(f"{format_move(seat, action)}: the session is over")
        if line is not None:
            move_on(line, seat, action)
            if line.work.phase is P_OVER:
                self._finish_deal()
            return
        assert self._state is not None
        self._state = st = self._state.apply_move(seat, action)
        if st.is_over:
            self._finish_deal()

    def apply(self, action: Action) -> None:
        """Apply ``action`` by the seat to act."""
        line = self._line
        if line is None or isinstance(action, str):
            self.apply_move(self.to_act, action)
            return
        # CommerceLine.apply inline (a table's every action): the legality test, the step
        legal = line._legal
        if legal is None:
            legal = line.legal_actions()
        if not allowed(legal, action):
            action = line._admit(action)
        w = line.work
        p = w.to_act
        snap = line._snap  # (the events count only if the next read freezes the machine)
        w.quiet = snap is None or line._done != len(line._acts) or w.base is not snap
        if line._book is None:
            w.game.act(w, p, action)
        else:  # (CommerceLine._step inline: views read every event but the deal's end)
            w.quiet_end, w.quiet = w.quiet, False
            line._views = None
            w.game.act(w, p, action)
            if w.quiet:
                line._book = None
            w.quiet_end = False
        line._seats.append(p)
        line._acts.append(action)
        line._legal = None
        if w.phase is P_OVER:
            self._finish_deal()

    # ------------------------------------------------------------------ queries
    def view(self, seat: int) -> SeatView | None:
        """``seat``'s view of the deal in progress (None once the session is over), equal to
        ``self.state.view(seat)``, built from the deal's machine without freezing a state
        (:meth:`CommerceLine.view`), once per step and seat.

        >>> from bragkit.rules import get_preset
        >>> t = CommerceSession(get_preset("commerce-widow"), [10, 10, 10], dealer=0, seed=3)
        >>> t.view(0) == t.state.view(0), t.view(0).own_cards is None, len(t.view(1).widow)
        (True, True, 3)
        """
        line = self._line
        if line is None:
            st = self._state
            return None if st is None else st.view(seat)
        self._viewing = True
        return line.view(seat)

    @property
    def total(self) -> int:
        """Money brought to the table (the starting stacks; Commerce has no rebuys)."""
        return sum(self.start_stacks)

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the deal in progress."""
        line = self._line
        if line is not None:
            return tuple(format_move(s, a) for s, a in zip(line.seats, line.acts, strict=True))
        if self._state is None:
            return ()
        return tuple(format_move(s, a) for s, a in self._state.actions)


register_table(("commerce", "commerce-widow"), CommerceSession)
