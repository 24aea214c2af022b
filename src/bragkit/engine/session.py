"""Table sessions: consecutive deals at one table (rules 2.2-2.4, 4.4.2, 4.4.11).

A :class:`Session` carries what passes from deal to deal: the stacks, the dealer (who
moves one seat left after every deal), a carried pot, a retained blind hand, the debt
ledger and, under ``brag_unshuffled``, the pack itself.  The pack is shuffled only for the
first deal and after a see (or agreed showdown) won by a prial; otherwise every hand goes
to the bottom as it leaves play and the next deal comes from the top.

>>> from bragkit.rules import get_preset
>>> t = Session(get_preset("modern"), stacks=[20, 20, 20], dealer=0, seed=7)
>>> t.state.to_act, t.state.pot
(1, 3)
>>> t.apply_text("p2 fold"); t.apply_text("p3 look"); t.apply_text("p3 bet 2")
>>> t.apply_text("p1 fold")
>>> t.deal_no, t.dealer, t.stacks, t.carried
(1, 1, (19, 19, 22), 0)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, Final

from bragkit.engine.actions import Action, LegalAction, format_move
from bragkit.engine.brag.core import BragFamily, StartTemplate
from bragkit.engine.brag.family import family_for, family_games
from bragkit.engine.brag.legal import legal_bet, legal_now
from bragkit.engine.brag.line import DealLine, fresh_line
from bragkit.engine.brag.start import deal_template, new_work, start_deal, start_work
from bragkit.engine.brag.state import BragState
from bragkit.engine.contract import SeatView
from bragkit.engine.kinds import Phase
from bragkit.engine.lines import Line, move_on
from bragkit.engine.pack import fresh_pack, shuffle_ids
from bragkit.engine.table import KEEP_RECORDS, DealRecord, OnRecord, Table, TableCore
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.rules import WILD_OPTIONS, Rules

__all__ = ["DealPlan", "DealRecord", "Session", "choice_options", "table_view"]

P_BET: Final = Phase.BET
P_OVER: Final = Phase.OVER

DealPlan = tuple[Rules, int, int, bool, "BragFamily | None", "list[StartTemplate | None]"]
"""What every deal under one rules value shares at a table (:meth:`Session._deal_plan`):
the rules, the chips a seat needs to be dealt in, the pack's size, whether every deal is
shuffled, the family whose machine plays each deal from a cached start template (None: the
deals start otherwise: another state class, a minimum stack above the ante) and those
templates, by dealer (filled as met), while the seats dealt in stay those of
``Session._dealt_in``."""

@functools.lru_cache(maxsize=256)
def choice_options(rules: Rules, retained: bool) -> tuple[str, ...]:
    """The variants a dealer may choose under ``dealers_choice_every`` (4.4.11).

    >>> len(choice_options(Rules(), False)), choice_options(Rules(), True)[:2]
    (36, ('cards=3 wild=none blind=yes', 'cards=3 wild=none blind=no'))
    """
    options = []
    for cards, wild, blind in itertools.product((3, 4, 5), (None, *WILD_OPTIONS), (True, False)):
        if retained and (cards != rules.cards or (wild == "jokers") != (rules.wild == "jokers")):
            continue
        options.append(f"cards={cards} wild={wild or 'none'} blind={'yes' if blind else 'no'}")
    return tuple(options)


@functools.lru_cache(maxsize=256)
def _apply_choice(base: Rules, text: str) -> Rules:
    """The rules of the variant ``text`` chosen under ``base`` (cached: the same few
    variants come back deal after deal, and each new Rules object is validated)."""
    parts = dict(item.split("=", 1) for item in text.split())
    wild = parts["wild"]
    return base.replace(cards=int(parts["cards"]), wild=None if wild == "none" else wild,
                        blind_allowed=parts["blind"] == "yes")




class Session(TableCore):
    """A table playing consecutive deals of one brag-style game (a :class:`Table`).

    Chance is explicit: the pack comes from ``pack`` (card ids, top first) for the first deal,
    and every shuffle (or cut, under ``cut_when_unshuffled``) draws from ``rng`` (or
    ``random.Random(seed)``, or with neither an unpredictable ``secrets.SystemRandom``);
    ``shuffles`` may give the packs of later shuffles and cuts explicitly instead, in order.
    :attr:`packs_used` records the packs so produced, those of the kept records and of the
    deal in progress (:attr:`packs_count` counts every one).
    Seats are 0-based in the API.  ``keep_states`` keeps every deal's final state in
    :attr:`records` (by default a record holds the deal's inputs and action log only), which
    keeps the ``keep_records`` most recent deals (1,000 by default, ``None`` all);
    ``on_record(record, final_state)`` sees every deal as it ends.
    Other engines' tables subclass it (poker-style) or follow the protocol (Commerce);
    :func:`~bragkit.engine.table.open_table` picks the right one.
    """

    state_class: Any = BragState
    """The deal state played (a subclass for another engine sets its own, e.g. poker-style)."""
    _start: Callable[..., Any]
    """Builds the first state of the deal in progress (what its record re-plays from)."""

    def min_stack(self, rules: Rules) -> int:
        """Chips a seat needs to be dealt in (subclasses for other engines override it)."""
        return max(rules.ante, 1)

    def __init__(self, rules: Rules, stacks: Sequence[int], dealer: int | None = None, *,
                 seed: int | None = None, rng: random.Random | None = None,
                 pack: Sequence[int] | None = None,
                 shuffles: Iterable[Sequence[int]] = (), keep_states: bool = False,
                 keep_records: int | None = KEEP_RECORDS, on_record: OnRecord | None = None
                 ) -> None:
        if type(self) is Session and rules.game not in family_games():
            raise RulesError(f"Session plays the brag-style games, not {rules.game!r}: use "
                             "bragkit.engine.open_table(rules, ...)")
        self._seat(rules, stacks, dealer, seed=seed, rng=rng, pack=pack, shuffles=shuffles,
                   keep_states=keep_states, keep_records=keep_records, on_record=on_record)
        self.retained: tuple[int, ...] = ()
        self.pack: tuple[int, ...] = ()
        self.shuffle_next = True
        self._line: Line | None = None  # DealLine here; a poker-style table's PokerLine
        self._state: Any = None
        self._choice: str | None = None
        self._shuffled = False
        self._viewing = False
        """Whether seat views are read (:meth:`view`): each new deal's line then logs."""
        self._plan: DealPlan | None = None
        """What the deals under the current rules share (built when the rules change)."""
        self._dealt_in: tuple[bool, ...] = ()
        """The seats dealt in of the templates the plan holds."""
        self._new_deal()

    @property
    def state(self) -> Any:
        """The state of the deal in progress (None between deals): immutable, built when
        read from the deal's machine (:class:`~bragkit.engine.brag.line.DealLine`)."""
        line = self._line
        return self._state if line is None else line.state()

    @state.setter
    def state(self, state: Any) -> None:
        self._line = None
        self._state = state

    # ------------------------------------------------------------------ dealing
    def _shuffle(self, rules: Rules) -> tuple[int, ...]:
        held = self.retained[1:]
        cards = list(fresh_pack(rules))
        if held:
            cards = [c for c in cards if c not in held]
        given = self._given_pack(cards)
        if given is not None:
            return given
        shuffle_ids(self.rng, cards)  # (rng.shuffle's order, faster)
        pack = tuple(cards)
        self.packs_used.append(pack)
        return pack

    def _deal_plan(self, rules: Rules) -> DealPlan:
        """What every deal under ``rules`` shares at this table (see :data:`DealPlan`)."""
        need = self.min_stack(rules)
        family = None
        if self.state_class is BragState and need == max(rules.ante, 1):
            family = family_for(rules)
        return (rules, need, rules.pack_size, rules.pack_policy == "shuffle_every_deal", family,
                [None] * self.n)

    def _new_deal(self) -> None:
        every = self.base_rules.dealers_choice_every
        if every and self.deal_no > 0 and self.deal_no % every == 0 and not self.choice_pending \
                and self._choice is None:
            self.choice_pending = True
            self.state = None
            return
        rules = self.rules
        plan = self._plan
        if plan is None or plan[0] is not rules:
            plan = self._plan = self._deal_plan(rules)
        _, need, size, every_deal, family, templates = plan
        stacks = self.stacks
        dealt_in = tuple(map(need.__le__, stacks))  # (stack >= need, no Python frame)
        if dealt_in.count(True) < 2:
            self.over = True
            self.state = None
            return
        retained = self.retained
        shuffle = self.shuffle_next or every_deal or len(self.pack) + len(retained[1:]) != size
        if shuffle:
            pack = self._shuffle(rules)
        else:
            pack = self.pack
            if rules.cut_when_unshuffled and len(pack) > 1:
                if self.shuffles:
                    given = self.shuffles.popleft()
                    if sorted(given) != sorted(pack):
                        raise BragError("a given cut pack does not hold the cards of the pack")
                    pack = given
                else:
                    k = self.rng.randrange(1, len(pack))
                    pack = pack[k:] + pack[:k]
                self.packs_used.append(pack)
        self._shuffled = shuffle
        carried, debts, dealer = self.carried, self.debts, self.dealer
        if family is not None and not (retained and rules.retained_variant == "face_up"):
            # played on a mutable machine from the cached template, states when read
            # (BragState.start's arguments as start_deal takes them: positional, cheaper)
            self._start = start = partial(start_deal, BragState, rules, stacks, dealer, pack,
                                          carried, retained, debts)
            if dealt_in != self._dealt_in:  # (seats in or out: the templates change)
                self._dealt_in = dealt_in
                templates[:] = [None] * self.n
            template = templates[dealer]
            if template is None:
                template = templates[dealer] = deal_template(family, self.n, dealer, dealt_in)
            self._state = None
            self._line = fresh_line(start, new_work(BragState, template, family, rules, stacks,
                                                    dealer, pack, carried, debts, retained),
                                    carried, retained, self._viewing)
            return
        if self.state_class is BragState:  # played on a mutable machine, states when read
            self._start = start = partial(start_deal, BragState, rules, stacks, dealer, pack,
                                          carried, retained, debts)
            work = start_work(BragState, rules, stacks, dealer, pack, carried, debts, retained)
            self._state = None
            self._line = DealLine(start=start, work=work, carried=carried, retained=retained,
                                  viewing=self._viewing) \
                if work is not None else DealLine(start())
            return
        self._start = partial(self.state_class.start, rules, stacks, dealer, pack,
                              carried=carried, retained=retained, debts=debts)
        self.state = self._start()

    def _finish_deal(self) -> None:
        line = self._line
        if line is not None:
            st: Any = line.work
            assert st.phase is P_OVER
            seats, acts = line.moves()
            if self.on_record is None and not self.keep_states:  # nobody reads it yet
                self._record_later(self._start, self._shuffled, self._choice, seats, acts,
                                   line.state)
            else:
                self._record(None, self._start, self._shuffled, self._choice, seats=seats,
                             acts=acts, later=line.state)
            self.stacks = tuple(st.stacks)
        else:
            st = self.state
            assert st is not None and st.is_over
            self._record(st, self._start, self._shuffled, self._choice)
            self.stacks = st.stacks
        self.carried = st.carried
        self.retained = st.retained
        self.debts = st.debts
        bought = st.bought
        if any(bought):
            for s in range(self.n):
                self.bought[s] += bought[s]
        self.pack = st.pack
        self.shuffle_next = st.shuffle_next
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.n
        self._choice = None
        self._new_deal()

    # ------------------------------------------------------------------ playing
    @property
    def to_act(self) -> int:
        """The seat to act (the dealer while a dealer's choice is pending), -1 when over."""
        line = self._line  # (None while a dealer's choice is pending)
        if line is not None:
            return line.work.to_act
        if self.choice_pending:
            return self.dealer
        return -1 if self._state is None else self._state.to_act

    def view(self, seat: int) -> SeatView | None:
        """``seat``'s view of the deal in progress (None between deals), equal to
        ``self.state.view(seat)``; a deal played on a line builds it from its machine without
        freezing a state (:meth:`DealLine.view`, :meth:`PokerLine.view`), once per step and
        seat, and from then on the table's machines log every event for the views.

        >>> from bragkit.rules import get_preset
        >>> t = Session(get_preset("modern"), stacks=[20, 20, 20], dealer=0, seed=7)
        >>> t.apply_text("p2 look")
        >>> t.view(1) == t.state.view(1), len(t.view(1).own_cards), t.view(2).own_cards
        (True, 3, None)
        """
        line = self._line
        if line is not None:
            if not self._viewing:
                self._viewing = True  # the next deals' machines log their events from the start
            return line.view(seat)
        st = self._state
        if st is None:
            return None
        view: SeatView = st.view(seat)
        return view

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do (a dealer's choice, or the current deal's actions)."""
        line = self._line  # (None while a dealer's choice is pending or the session is over)
        if type(line) is DealLine:  # (DealLine.legal_actions inline: one call per decision)
            legal = line._legal
            if legal is None:
                if line._snap is None:  # (no state built to share them: from the machine)
                    w = line.work
                    legal = line._legal = legal_bet(w) if w.phase is P_BET else legal_now(w)
                else:
                    legal = line.legal_actions()
            return legal
        if line is not None:
            return line.legal_actions()
        if self.choice_pending:
            return (LegalAction("choose", args=choice_options(self.rules,
                                                               bool(self.retained))),)
        if self._state is None:
            return ()
        found: tuple[LegalAction, ...] = self._state.legal_actions()
        return found

    def apply_move(self, seat: int, action: Action) -> None:
        """Apply ``action`` by ``seat``; starts the next deal when this one ends."""
        line = self._line
        if self.over or (line is None and self._state is None and not self.choice_pending):
            raise IllegalActionError(f"{format_move(seat, action)}: the session is over")
        if self.choice_pending:
            self._choose(seat, action)
            return
        if line is not None:
            move_on(line, seat, action)
            if line.is_over:
                self._finish_deal()
            return
        self._state = st = self._state.apply_move(seat, action)
        if st.phase == "over":
            self._finish_deal()

    def apply(self, action: Action) -> None:
        """Apply ``action`` by the seat to act."""
        line = self._line  # (None while a dealer's choice is pending or the session is over)
        if line is not None and not isinstance(action, str):
            line.apply(action)
            if line.work.phase is P_OVER:  # (a machine's phases are Phase members)
                self._finish_deal()
            return
        st = self._state
        if line is not None or st is None or self.choice_pending or st.phase == "over":
            self.apply_move(self.to_act, action)
            return
        self._state = st = st.apply(action)
        if st.phase == "over":
            self._finish_deal()

    def _choose(self, seat: int, action: Action) -> None:
        move = format_move(seat, action)
        if seat != self.dealer:
            raise IllegalActionError(f"{move}: only the dealer p{self.dealer + 1} chooses the "
                                     "variant (dealers_choice_every, rules 4.4.11)")
        options = self.legal_actions()[0]
        if not options.allows(action):
            raise IllegalActionError(f"{move}: the dealer must choose one of the variants "
                                     f"on offer, e.g. 'choose {options.args[0]}' (4.4.11)")
        assert action.arg is not None
        self.rules = _apply_choice(self.base_rules, action.arg)
        self.choice_pending = False
        self._choice = action.arg
        self._new_deal()

    # ------------------------------------------------------------------ queries
    @property
    def total(self) -> int:
        """Money brought to the table so far (starting stacks plus rebuys)."""
        line = self._line
        if line is not None:
            return sum(self.start_stacks) + sum(self.bought) + sum(line.work.bought)
        bought = sum(self.bought) + (sum(self._state.bought) if self._state else 0)
        return sum(self.start_stacks) + bought

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the deal in progress (a dealer's choice first)."""
        line = self._line
        if line is not None:
            moves = tuple([format_move(s, a) for s, a in zip(line.seats, line.acts,
                                                             strict=True)])
        elif self._state is None:
            return ()
        else:
            moves = tuple(self._state.action_strings())
        if self._choice is not None:
            return (f"p{self.dealer + 1} choose {self._choice}", *moves)
        return moves


def table_view(table: Table, seat: int) -> SeatView | None:
    """``seat``'s view of the deal in progress at ``table`` (None between deals), equal to
    ``table.state.view(seat)``: what a bot reads at every decision.  A brag-style or
    poker-style table builds it from the deal's machine without freezing a state
    (:meth:`Session.view`); other tables give their state's view.

    >>> from bragkit.engine.table import open_table
    >>> from bragkit.rules import get_preset
    >>> for preset in ("modern", "foster", "brag-poker", "commerce"):
    ...     t = open_table(get_preset(preset), [30, 30, 30], dealer=0, seed=5)
    ...     t.apply(t.legal_actions()[0].examples()[0])
    ...     print(preset, table_view(t, 1) == t.state.view(1))
    modern True
    foster True
    brag-poker True
    commerce True
    """
    if type(table) is Session:  # (Session.view without its call: a view per decision)
        line = table._line
        if line is not None and table._viewing:
            return line.view(seat)
        return table.view(seat)
    mro = type(table).__mro__  # (not isinstance: an ABC's check costs a call)
    if Session in mro:  # (a poker-style table: the same; getattr, as the mro test does not
        found: Line | None = getattr(table, "_line", None)  # narrow its type for mypy)
        if found is not None and getattr(table, "_viewing", False):
            return found.view(seat)
        return table.view(seat)
    if TableCore in mro:  # (Commerce: from the deal's machine)
        return table.view(seat)
    st = table.state
    if st is None:
        return None
    view: SeatView = st.view(seat)
    return view
