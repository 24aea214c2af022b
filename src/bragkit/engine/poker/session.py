"""Tables of the poker-style games: the shared :class:`~bragkit.engine.session.Session`
playing :class:`~bragkit.engine.poker.state.PokerState` deals.

:func:`~bragkit.engine.table.open_table` builds a :class:`PokerSession` for the poker-style
games (it registers itself for them), so hand histories, ``brag replay`` and the conformance
checker drive them like every other game.  The dealer moves left after every deal; a pool
carried by Three-Stake Brag's ``all_bust="carry"`` (or Foster's ante under
``dealer_withdraws_ante=false``) passes to the next deal; every deal is shuffled.  When 3
Card Brag Poker's draw runs the stock short, the table shuffles the discards with its own
generator (or takes the next given pack) and records that order in :attr:`packs_used` (one
more in :attr:`packs_count`), so a history re-plays it exactly.

>>> from bragkit.engine.table import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("foster"), [20, 20, 20], dealer=2, seed=7)
>>> type(t).__name__, str(t.state.phase), t.to_act
('PokerSession', 'ante', 2)
>>> for move in ("p3 ante 2", "p1 fold", "p2 fold"):
...     t.apply_text(move)
>>> t.deal_no, t.dealer, t.stacks
(1, 0, (19, 19, 22))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Final

from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.pack import fresh_pack, shuffle_ids
from bragkit.engine.poker.core import PokerGame, PokerWork, legal_now
from bragkit.engine.poker.game import poker_game_for
from bragkit.engine.poker.line import PokerLine
from bragkit.engine.poker.state import PokerState, deal_in, start_state
from bragkit.engine.session import Session
from bragkit.errors import BragError, RulesError
from bragkit.rules import Rules

P_OVER: Final = Phase.OVER
S_IN: Final = SeatStatus.IN
S_OUT: Final = SeatStatus.OUT

__all__ = ["PokerSession"]


class PokerSession(Session):
    """A table of a poker-style game (Foster, Three-Stake, American, 3 Card Brag Poker)."""

    state_class: Any = PokerState

    def __init__(self, rules: Rules, stacks: Sequence[int], dealer: int | None = None,
                 **kwargs: Any) -> None:
        game = poker_game_for(rules)
        if len(stacks) < game.min_table:
            raise RulesError(f"{rules.game} needs at least {game.min_table} players "
                             f"(rules {game.spec_section}), not {len(stacks)}")
        self._poker_plan: tuple[Rules, PokerGame, int] | None = None
        """The rules of the latest deal, their game and the chips a seat needs to play."""
        super().__init__(rules, stacks, dealer, **kwargs)

    def min_stack(self, rules: Rules) -> int:
        """Chips a seat needs to be dealt in (Three-Stake Brag: three stakes)."""
        return poker_game_for(rules).min_stack()

    def _shuffle(self, rules: Rules) -> tuple[int, ...]:
        """The next deal's pack: the next given one, else the whole pack shuffled with the
        table's generator (poker-style games hold no cards over from a deal)."""
        cards = list(fresh_pack(rules))
        if self.given_pack is not None or not self.shuffles.exhausted:  # (none: no call)
            given = self._given_pack(cards)
            if given is not None:
                return given
        shuffle_ids(self.rng, cards)
        pack = tuple(cards)
        self.packs_used.append(pack)
        return pack

    def _new_deal(self) -> None:
        """Shuffle and deal the next hand, played on a line (:class:`PokerLine`: its states
        are built when read); a deal that needs no decision (Three-Stake Brag with every
        seat but one all-in after the stakes) is settled at once and the next one dealt."""
        rules = self.rules
        plan = self._poker_plan
        if plan is None or plan[0] is not rules:
            game = poker_game_for(rules)
            plan = self._poker_plan = (rules, game, game.min_stack())
        _, game, need = plan
        stacks = self.stacks
        status = [S_IN if s >= need else S_OUT for s in stacks]  # (start_work's, once)
        if status.count(S_IN) < 2:
            self.over = True
            self.state = None
            return
        pack = self._shuffle(rules)  # every deal
        self._shuffled = True
        carried, debts, dealer = self.carried, self.debts, self.dealer
        self._start = start = partial(start_state, rules, stacks, dealer, pack, carried, debts)
        viewing = self._viewing  # (bots read views: the machine logs the deal for them)
        work = deal_in(game, stacks, status, dealer, pack, carried, debts, (), not viewing)
        self._state = None
        self._line = PokerLine(start, work, viewing=viewing)
        if work.phase == P_OVER:
            self._finish_deal()

    def _finish_deal(self) -> None:
        """As :meth:`Session._finish_deal` does (a deal played on a line that nobody reads
        deal by deal, the common case, in full here: poker-style games retain no hand, buy
        nothing during a deal and shuffle every deal)."""
        line = self._line
        if type(line) is not PokerLine or self.on_record is not None or self.keep_states:
            super()._finish_deal()
            return
        w = line.work
        assert w.phase is P_OVER
        seats, acts = line.moves()
        self._record_later(self._start, self._shuffled, self._choice, seats, acts, line.state)
        self.stacks = tuple(w.stacks)
        self.carried = w.carried
        self.retained = ()
        self.debts = w.debts
        self.pack = w.pack
        self.shuffle_next = True
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.n
        self._choice = None
        self._new_deal()

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do (:meth:`Session.legal_actions`; a line's, inline)."""
        line = self._line
        if type(line) is PokerLine:
            legal = line._legal
            if legal is None:
                legal = line._legal = legal_now(line.work)  # (PokerLine.legal_actions)
            return legal
        return super().legal_actions()

    def _now(self) -> PokerWork | PokerState | None:
        """The deal as it stands (the line's machine, or the state), without building one."""
        line = self._line
        if isinstance(line, PokerLine):
            return line.work
        state = self._state
        return state if isinstance(state, PokerState) else None

    def apply_move(self, seat: int, action: Action) -> None:
        """Apply ``action`` by ``seat`` (shuffling the discards first if it needs them)."""
        self._shuffle_discards_for(seat, action)
        super().apply_move(seat, action)

    def apply(self, action: Action) -> None:
        """Apply ``action`` by the seat to act."""
        line = self._line
        if line is not None and not isinstance(action, str):
            w = line.work
            if w.phase != "draw":  # (a draw may need the discards shuffled first)
                line.apply(action)
                if w.phase == P_OVER:
                    self._finish_deal()
                return
        now = line.work if line is not None else self._now()
        if now is not None and now.phase == "draw":
            self._shuffle_discards_for(self.to_act, action)
        super().apply(action)

    def _shuffle_discards_for(self, seat: int, action: Action) -> None:
        """If ``action`` draws more cards than the stock holds, shuffle the discards with the
        table's generator (or take the next given pack), record the order, and restart the
        deal's state with it (the deal's inputs now include it, so its record re-plays)."""
        now = self._now()
        if now is None or now.phase != "draw" or self.choice_pending:
            return
        if isinstance(action, str):  # (a caller's text; the table's apply parses it too)
            try:
                action = parse_action(action)
            except BragError:
                return  # the table's own apply reports it
        # it needs at most the amount, or one card per character of the argument
        if max(action.amount or 0, len(action.arg or "")) <= len(now.pack):
            return  # the stock suffices (no trial move)
        st = self.state
        assert isinstance(st, PokerState)
        try:
            trial = st.apply_move(seat, action)
        except BragError:
            return  # the table's own apply reports it
        if _reshuffles(trial) == _reshuffles(st):
            return
        cards = list(st.muck)
        order = self._given_pack(cards)
        if order is None:
            self.rng.shuffle(cards)
            order = tuple(cards)
            self.packs_used.append(order)
        self._start = partial(self._start, reshuffles=(*st.reshuffles, order))
        state = self._start()
        for s, a in st.actions:
            state = state.apply_move(s, a)
        self.state = state


def _reshuffles(state: PokerState) -> int:
    return sum(1 for e in state.events if e.kind == "reshuffle")

