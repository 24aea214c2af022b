"""A conformance checker for every game on the engine: random legal play plus invariants.

It plays uniformly random legal actions over many hands (restarting a table whenever a
session ends) and asserts, after every action:

* chips are conserved exactly (stacks + live pot + frozen pots + carried pot = money in);
* no card appears twice and every card of the pack is accounted for;
* there are legal actions exactly when the hand is not over;
* every illegal action tried raises :class:`~bragkit.errors.IllegalActionError` and leaves
  the state unchanged (a wrong seat, an unoffered kind, amounts just outside the bounds);
* no seat's view contains a card it may not see, where what a seat may see is derived
  independently of the engine's visibility flags, from the rules and the public action
  sequence (:mod:`bragkit.testing.knowledge`), and every card anywhere in the view (own
  cards, shown hands, the stub, events, legal-action arguments) counts, undealt ones too;
* replaying a deal's action log from its first state reproduces its final state.

When no deal can start (every stack below the ante, say) it raises :class:`NoDealError`
at once instead of opening tables for ever.  ``rules`` may be any game's rules value
(:class:`GameRules`: a :class:`~bragkit.rules.Rules`, or a game's own, such as casino's, whose
registered table plays it at one seat); :func:`~bragkit.testing.run.check_preset` checks every
preset with it.  Casino's table also has a checker of its own,
:func:`bragkit.testing.casino_check.check_casino` (its history files saved, loaded and replayed).

It works for any game whose table and states follow two small protocols
(:class:`TableLike`, :class:`StateLike`); every table :func:`~bragkit.engine.table.open_table`
builds follows them (pass ``table_factory`` to use another engine).

>>> from bragkit.rules import get_preset
>>> report = check_conformance(get_preset("modern"), hands=30, players=4, seed=1)
>>> report.hands >= 30, report.failures
(True, [])
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import Action, LegalAction, interned
from bragkit.engine.events import Event
from bragkit.engine.pack import new_rng
from bragkit.engine.table import DealState, open_table, table_class
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.rules import Rules
from bragkit.rules.game_keys import own_keys
from bragkit.testing.knowledge import Knowledge

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "NoDealError",
    "StateLike",
    "TableLike",
    "check_conformance",
    "check_state",
    "view_cards",
]


StateLike = DealState
"""What the checker needs from one deal's state (the engine's :class:`DealState` protocol)."""


class TableLike(Protocol):
    """What the checker needs from a table playing consecutive deals."""

    @property
    def over(self) -> bool: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def carried(self) -> int: ...
    @property
    def stacks(self) -> Sequence[int]: ...
    @property
    def records(self) -> Sequence[Any]: ...
    @property
    def last_final(self) -> Any: ...
    @property
    def state(self) -> Any: ...
    @property
    def total(self) -> int: ...
    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def apply(self, action: Action) -> None: ...

_PROBE_KINDS = ("look", "fold", "see", "cover", "keep", "throw", "retain", "release", "stay",
                "showdown", "agree", "refuse", "borrow", "show", "accept", "decline")


class ConformanceError(AssertionError):
    """An invariant failed."""

    counted: bool = False
    """Whether the broken deal was already counted in the report (it had ended)."""


class NoDealError(RulesError):
    """The checker cannot play a single deal with these rules, players and stacks."""


@dataclass
class ConformanceReport:
    """What a conformance run did (``failures``: the broken invariants, one message each,
    recorded only with ``keep_going``; otherwise the first one raises)."""

    hands: int = 0
    decisions: int = 0
    sessions: int = 0
    illegal_probes: int = 0
    showdowns: int = 0
    carried: int = 0
    failures: list[str] = field(default_factory=list)


def _fail(message: str) -> None:
    raise ConformanceError(message)


def check_state(st: StateLike, knowledge: Knowledge | None = None, *,
                exported: bool = False) -> None:
    """Check the invariants of one state (chips, cards, legal actions, views).

    ``knowledge`` is what each seat may know at ``st`` (default: derived from the start of
    the deal with :meth:`Knowledge.of`; the checker passes one it keeps up to date).
    ``exported`` also reads every card named in each view's JSON form (``to_dict``), as
    exported to players (the checker does so for every finished deal).
    """
    if st.chips_in_play() != st.total:
        _fail(f"chips not conserved: {st.chips_in_play()} != {st.total}")
    cards = st.all_cards()
    if len(cards) != len(set(cards)):
        _fail("a card appears twice")
    if len(cards) != st.rules.pack_size:
        _fail(f"{len(cards)} cards accounted for, pack has {st.rules.pack_size}")
    legal = st.legal_actions()
    if bool(legal) == st.is_over:
        _fail(f"legal actions {legal!r} but is_over={st.is_over}")
    if not Knowledge.supports(st):  # another engine: trust its own secret_cards
        for seat in range(st.n):
            leaked = view_cards(st.view(seat), seat) & st.secret_cards(seat)
            if leaked:
                _fail(f"view of p{seat + 1} leaks {_where(st, leaked)}")
        return
    if knowledge is None:
        knowledge = Knowledge.of(st)
    for seat in range(st.n):
        _check_view(st, seat, knowledge, exported)


def _check_view(st: StateLike, seat: int, knowledge: Knowledge, exported: bool) -> None:
    view = st.view(seat)
    cards = view_cards(view, seat)
    to_dict = getattr(view, "to_dict", None)
    if exported and to_dict is not None:
        cards |= _text_cards(to_dict())
    allowed = knowledge.allowed(seat)
    leaked = cards - allowed
    if _JOKER in leaked:  # some joker named as text: one the seat may know will do
        leaked.discard(_JOKER)
        if not any(c >= 52 for c in allowed):
            leaked.add(_JOKER)
    if leaked:
        where = _where(st, leaked)
        _fail(f"view of p{seat + 1} leaks {where} (what p{seat + 1} may know follows from "
              f"the rules and the actions {' / '.join(st.action_strings()) or '(none)'})")


def _where(st: StateLike, cards: set[int]) -> str:
    """Name each leaked card and where it is (whose hand, the stock, ...)."""
    places: list[str] = []
    hands = getattr(st, "hands", ())
    pack = set(getattr(st, "pack", ()))
    for c in sorted(cards):
        if c == _JOKER:
            places.append("a joker (X, named as text)")
            continue
        owner = next((f"p{s + 1}'s hand" for s, h in enumerate(hands) if c in h), None)
        place = owner or ("the stock" if c in pack else "out of play")
        places.append(f"{card_from_id(c)} ({place})")
    return ", ".join(places)


_JOKER = -1
"""Stands for a joker named only as ``X`` (card texts do not say which of the jokers)."""
_CARD_OF_TEXT: dict[str, int] = {str(card_from_id(i)): i for i in range(52)}
_CARD_OF_TEXT.update({f"X{k + 1}": 52 + k for k in range(4)})  # pack_text's jokers
_CARD_OF_TEXT["X"] = _JOKER
_EVENT_CARDS: dict[tuple[int, str], tuple[tuple[Event, ...], frozenset[int]]] = {}


def view_cards(view: object, seat: int = -1) -> set[int]:
    """Every card id anywhere in ``view``: card fields, hands shown, events, legal actions.

    It walks the view's fields instead of trusting the view's own ``known_cards``, so a card
    put in any field counts.  ``seat`` keys a cache of the event log (a seat's next view of
    a deal reads only the new events).

    >>> import random
    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine import BragState
    >>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1)).apply("look")
    >>> view_cards(s.view(1)) == set(s.hands[1]), view_cards(s.view(0))
    (True, set())
    """
    found: set[int] = set()
    _collect(view, found, seat, "")
    return found


_SCALARS: frozenset[type] = frozenset({int, str, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


_PLAIN: dict[type, bool] = {}
"""Per type: a subclass of int, str or float that is no dataclass (the StrEnum phases,
statuses and action kinds of the views), which holds no cards."""


def _collect(value: object, found: set[int], seat: int, name: str) -> None:
    kind = type(value)
    if kind in _SCALARS:
        return
    plain = _PLAIN.get(kind)
    if plain is None:
        plain = _PLAIN[kind] = (issubclass(kind, (int, str, float))
                                and not dataclasses.is_dataclass(kind))
    if plain:
        return  # (an enum member would otherwise cost a dataclass probe through __getattr__)
    if isinstance(value, Card):
        found.add(value.id)
    elif isinstance(value, Event):
        if value.cards:
            found.update(value.cards)
    elif isinstance(value, LegalAction):
        if value.args:
            found.update(_args_cards(value.args))
    elif isinstance(value, (tuple, list, set, frozenset)):
        if isinstance(value, tuple) and value and isinstance(value[0], Event):
            found.update(_event_cards(value, seat, name))  # (before a pass over the log)
            return
        kinds = {type(item) for item in value}
        if not value or kinds <= _SCALARS or all(_PLAIN.get(k) for k in kinds):
            return  # stacks, statuses, flags: no cards
        if kinds == {Card}:
            found.update(card.id for card in value)
            return
        for item in value:
            _collect(item, found, seat, name)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect(key, found, seat, name)
            _collect(item, found, seat, name)
    elif dataclasses.is_dataclass(value):
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        scalars = _SCALARS
        for field_name in names:
            item = getattr(value, field_name)
            kind = type(item)
            if kind in scalars:
                continue
            if kind is tuple:
                if not item or (type(item[0]) in scalars
                                and {type(x) for x in item} <= scalars):
                    continue
                if type(item[0]) is Event:  # the event log, read from where it was left
                    found.update(_event_cards(item, seat, field_name))
                    continue
            elif _PLAIN.get(kind) or (kind is dict and not item):
                continue  # a phase, a status; no hand shown
            _collect(item, found, seat, field_name)


def _event_cards(events: tuple[Event, ...], seat: int, name: str) -> frozenset[int]:
    key = (seat, name)
    old = _EVENT_CARDS.get(key)
    start, cards = 0, frozenset[int]()
    if old is not None:
        prev, prev_cards = old
        m = len(prev)
        if m <= len(events) and events[:m] == prev:
            start, cards = m, prev_cards
    new: set[int] = set(cards)
    for e in events[start:]:
        if isinstance(e, Event) and e.cards:
            new.update(e.cards)
    result = frozenset(new)
    _EVENT_CARDS[key] = (events, result)
    return result


_TEXT_SPLIT = re.compile(r'[\s"\[\]{},:|()]+')


def _text_cards(value: object) -> set[int]:
    """The card ids named (as card texts) anywhere in a JSON-ready value."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return {_CARD_OF_TEXT[w] for w in _TEXT_SPLIT.split(text) if w in _CARD_OF_TEXT}


def _args_cards(args: tuple[str, ...]) -> set[int]:
    """The cards named by any of a legal action's arguments (words split at spaces and
    ``|``), read in one pass: a Commerce exchange offers hundreds of arguments.

    >>> sorted(_args_cards(("2c|5d", "Ks 2c", "nonsense"))) == sorted(
    ...     _CARD_OF_TEXT[t] for t in ("2c", "5d", "Ks"))
    True
    """
    words = set(" ".join(args).replace("|", " ").split())
    return {_CARD_OF_TEXT[w] for w in words if w in _CARD_OF_TEXT}


def _probes(st: StateLike, legal: tuple[LegalAction, ...]) -> list[tuple[int, Action]]:
    seat = st.to_act
    probes: list[tuple[int, Action]] = []
    offered = {la.kind for la in legal}
    for kind in _PROBE_KINDS:
        if kind not in offered:
            probes.append((seat, Action(kind)))
    if "bet" not in offered:
        probes.append((seat, Action("bet", 1)))
    for la in legal:
        if la.lo is not None:
            probes.append((seat, Action(la.kind, la.lo - 1)))
            probes.append((seat, Action(la.kind, (la.hi or la.lo) + 1)))
        if la.args:
            probes.append((seat, Action(la.kind, arg="nonsense")))
    if legal:
        probes.append(((seat + 1) % st.n, _first_example(legal[0])))
    return probes


def _first_example(la: LegalAction) -> Action:
    """``la.examples()[0]`` without building every example (a Commerce exchange offers
    hundreds of arguments): the low amount, no argument when one is optional, else the first.

    >>> from bragkit.engine.actions import LegalAction
    >>> offers = [LegalAction("bet", lo=2, hi=9), LegalAction("trade", args=("2c", "5d")),
    ...           LegalAction("pass", args=("2c",), optional_arg=True), LegalAction("fold")]
    >>> all(_first_example(la) == la.examples()[0] for la in offers)
    True
    """
    arg = la.args[0] if la.args and not la.optional_arg else None
    return interned(la.kind, la.lo, arg)


def _snapshot(st: StateLike) -> tuple[Any, ...]:
    return (st.to_act, st.chips_in_play(), tuple(st.all_cards()), st.legal_actions())


def _probe(st: StateLike, seat: int, action: Action, report: ConformanceReport,
           before: tuple[tuple[Any, ...], tuple[Any, ...]]) -> None:
    """Try an illegal ``action``: it must raise and leave ``st`` as ``before`` (its event log
    and :func:`_snapshot`, taken before the state's first probe: states are immutable, so
    one serves every probe)."""
    before_events, snapshot = before
    try:
        st.apply_move(seat, action)
    except IllegalActionError:
        pass
    else:
        normalize = getattr(st, "normalize", None)
        canonical = normalize(action) if normalize is not None else action
        if not any(la.allows(canonical) for la in st.legal_actions()) or seat != st.to_act:
            _fail(f"illegal p{seat + 1} {action} was accepted")
        return
    if st.events is not before_events or snapshot != _snapshot(st):
        _fail(f"illegal p{seat + 1} {action} changed the state")
    report.illegal_probes += 1


class GameRules(Protocol):
    """Any game's rules value (a :class:`~bragkit.rules.Rules`, or a game's own, such as a
    house game's): the checker needs only its game, whose registered table plays it."""

    @property
    def game(self) -> str: ...


RulesT = TypeVar("RulesT", bound=GameRules)
"""The rules value a check and its table factory share."""


def _default_table(rules: GameRules, stacks: list[int], dealer: int, seed: int
                   ) -> TableLike:
    if isinstance(rules, Rules):
        return open_table(rules, stacks, dealer=dealer, seed=seed)
    return table_class(rules.game)(rules, stacks, dealer, seed=seed)  # a game's own rules


class _Tracker:
    """The :class:`Knowledge` of the deal being checked, advanced one state at a time."""

    def __init__(self) -> None:
        self.knowledge: Knowledge | None = None

    def at(self, st: Any) -> Knowledge | None:
        if not Knowledge.supports(st):
            return None
        k = self.knowledge
        if k is None or (st is not k.last and st.origin is not k.last):
            k = self.knowledge = Knowledge.of(st)
        elif st is not k.last:
            k.advance(st)
        return k


def _why_no_deal(rules: GameRules, players: int, stack: int, error: BragError | None
                 ) -> str:
    head = f"no deal can start with {players} players of {stack} chips under {rules.game}"
    if error is not None:
        return f"{head}: {error}"
    if not isinstance(rules, Rules):  # a game's own rules value: its table said nothing
        return f"{head}: the table ended before its first deal"
    needs = [("the ante", rules.ante)]
    keys = own_keys(rules)
    if "over31" in keys:  # Three-Stake: one stake per pool (rules 4.2)
        needs.append(("the three stakes", 3 * rules.stake))
    elif "stake" in keys:
        needs.append(("the stake", rules.stake))
    for what, amount in needs:
        if amount > stack:
            return f"{head}: {what} ({amount}) is larger than the stacks ({stack})"
    return f"{head}: the table ended before its first deal"


def check_conformance(rules: RulesT, *, hands: int = 1000, players: int = 4,
                      seed: int | None = None,
                      stack: int = 200, probe_every: int = 1, max_decisions: int = 2000,
                      table_factory: Callable[[RulesT, list[int], int, int], TableLike]
                      | None = None, keep_going: bool = False) -> ConformanceReport:
    """Play ``hands`` deals of random legal play under ``rules`` and check every invariant.

    ``table_factory(rules, stacks, dealer, seed)`` builds a table (default:
    :func:`~bragkit.engine.table.open_table`; every table gets an explicit seed drawn from
    ``seed``, a fresh one when None: no default seed).  Raises :class:`ConformanceError` on
    the first failure (with the seed and
    deal), or with ``keep_going`` records it in :attr:`ConformanceReport.failures` and goes
    on with a new table; raises :class:`NoDealError` when a new table cannot play a deal.

    >>> from bragkit.rules import resolve
    >>> check_conformance(resolve({"preset": "modern", "ante": 50}), hands=1, players=2,
    ...                   stack=20)
    Traceback (most recent call last):
    ...
    bragkit.testing.conformance.NoDealError: no deal can start with 2 players of 20 chips \
under modern: the ante (50) is larger than the stacks (20)
    """
    factory = table_factory or _default_table
    if seed is None:
        seed = new_rng().randrange(2**63)
    rng = random.Random(seed)
    report = ConformanceReport()
    tracker = _Tracker()
    while report.hands < hands:
        try:
            table = factory(rules, [stack] * players, report.sessions % players,
                            rng.randrange(1 << 30))
        except BragError as error:
            raise NoDealError(_why_no_deal(rules, players, stack, error)) from None
        report.sessions += 1
        if table.over and table.deal_no == 0:
            raise NoDealError(_why_no_deal(rules, players, stack, None))
        hands_before = report.hands
        try:
            _play_session(table, rng, report, tracker, hands, probe_every, max_decisions)
        except ConformanceError as error:
            message = f"seed {seed}, session {report.sessions}, {error}"
            if not keep_going:
                raise ConformanceError(message) from None
            report.failures.append(message)
            report.hands += 0 if error.counted else 1
            tracker.knowledge = None
            continue
        if report.hands == hands_before and report.hands < hands:
            raise NoDealError(_why_no_deal(rules, players, stack, None))
    return report


def _play_session(table: TableLike, rng: random.Random, report: ConformanceReport,
                  tracker: _Tracker, hands: int, probe_every: int, max_decisions: int) -> None:
    """Play ``table`` until it is over (or ``hands`` deals are done), checking as it goes."""
    decisions_this_deal = 0
    while not table.over and report.hands < hands:
        st = table.state
        if st is None:  # a dealer's choice is pending
            choice = table.legal_actions()[0].sample(rng)
            table.apply(choice)
            continue
        try:
            check_state(st, tracker.at(st))
        except ConformanceError as error:
            _fail(f"deal {table.deal_no + 1}: {error}")
        legal = st.legal_actions()
        if probe_every and report.decisions % probe_every == 0:
            unprobed = (st.events, _snapshot(st))
            for seat, action in _probes(st, legal):
                _probe(st, seat, action, report, unprobed)
        action = rng.choice(legal).sample(rng)
        before = table.deal_no
        try:
            table.apply(action)
        except BragError as error:
            _fail(f"deal {table.deal_no + 1}: legal p{st.to_act + 1} {action} raised {error}")
        except Exception as error:  # an engine crash on a legal action is a broken invariant
            _fail(f"deal {table.deal_no + 1}: legal p{st.to_act + 1} {action} crashed: "
                  f"{type(error).__name__}: {error}")
        report.decisions += 1
        decisions_this_deal += 1
        if decisions_this_deal > max_decisions:
            _fail(f"deal {table.deal_no + 1} did not end after {max_decisions} decisions")
        if table.deal_no != before:
            decisions_this_deal = 0
            report.hands += 1
            try:
                _check_finished(table, tracker, report)
            except ConformanceError as error:
                error.counted = True
                raise


def _check_finished(table: TableLike, tracker: _Tracker, report: ConformanceReport) -> None:
    """The invariants of a deal that just ended: its final state, replay, the session."""
    record = table.records[-1]
    final = table.last_final
    try:
        check_state(final, tracker.at(final), exported=True)
    except ConformanceError as error:
        _fail(f"deal {record.number + 1} (final state): {error}")
    if final.replay() != final:
        _fail(f"deal {record.number + 1}: replaying the action log differs")
    if record.start() != final.first():
        _fail(f"deal {record.number + 1}: the record does not rebuild the first state")
    if any(e.kind == "reveal" for e in final.events):
        report.showdowns += 1
    if final.carried:
        report.carried += 1
    if sum(table.stacks) + table.carried != table.total:
        _fail("session chips not conserved between deals")
