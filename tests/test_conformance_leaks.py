"""The conformance checker catches leaks it did not make: views are compared with what each
seat may know by the rules and the public actions, never with the events' own flags."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bragkit.cards import card_from_id
from bragkit.engine import BragState
from bragkit.engine.brag import fast as brag_fast
from bragkit.engine.poker import core as poker_core
from bragkit.engine.poker.state import PokerState
from bragkit.games.commerce.state import CommerceState
from bragkit.rules import get_preset
from bragkit.testing import (
    ConformanceError,
    Knowledge,
    check_conformance,
    check_state,
    view_cards,
)


def _modern_after_look() -> BragState:
    rules = get_preset("modern")
    return BragState.new(rules, [20, 20, 20], dealer=0, rng=random.Random(3)).apply("look")


def test_2_5_a_stock_card_added_to_a_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    st = _modern_after_look()
    check_state(st)  # the real engine is clean
    real = BragState.view

    def leaky(self: BragState, seat: int) -> object:
        view = real(self, seat)
        return dataclasses.replace(view, stub_card=card_from_id(self.pack[0]))  # undealt

    monkeypatch.setattr(BragState, "view", leaky)
    with pytest.raises(ConformanceError, match=r"view of p1 leaks .*\(the stock\)"):
        check_state(st)
    with pytest.raises(ConformanceError, match="the stock"):
        check_conformance(get_preset("modern"), hands=5, players=3, seed=1)


def test_2_5_a_look_event_flagged_public_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = getattr(brag_fast, "_new_event")  # noqa: B009 - a private name, patched below

    def public_looks(cls: type, fields: tuple[object, ...]) -> object:
        if fields[0] == "look":  # flag a private look as public (visible_to None)
            fields = (*fields[:4], None, *fields[5:])
        return real(cls, fields)

    monkeypatch.setattr(brag_fast, "_new_event", public_looks)
    st = _modern_after_look()
    looker = st.actions[-1][0]
    other = (looker + 1) % st.n
    # the engine's own secret_cards reads the same flags, so it sees no leak ...
    assert not view_cards(st.view(other)) & st.secret_cards(other)
    # ... but the checker derives knowledge from the rules and catches it
    assert set(st.hands[looker]) <= view_cards(st.view(other))
    assert not set(st.hands[looker]) & Knowledge.of(st).allowed(other)
    with pytest.raises(ConformanceError, match=rf"view of p. leaks .*p{looker + 1}'s hand"):
        check_state(st)


def test_2_5_poker_deal_shown_to_everybody_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_preset("foster")
    st = PokerState.new(rules, [50, 50, 50], dealer=0, rng=random.Random(2)).apply("ante 2")
    check_state(st)
    monkeypatch.setattr(poker_core, "ONLY", (None,) * 64)  # every private deal made public
    st = PokerState.new(rules, [50, 50, 50], dealer=0, rng=random.Random(2)).apply("ante 2")
    with pytest.raises(ConformanceError, match=r"leaks .*'s hand"):
        check_state(st)


def test_4_10_commerce_stock_card_offered_to_a_view_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_preset("commerce")
    st = CommerceState.new(rules, [9, 9, 9], dealer=0, rng=random.Random(5))
    check_state(st)
    real = CommerceState.view

    def leaky(self: CommerceState, seat: int) -> object:
        return dataclasses.replace(real(self, seat), offered=card_from_id(self.pack[-1]))

    monkeypatch.setattr(CommerceState, "view", leaky)
    with pytest.raises(ConformanceError, match="the stock"):
        check_state(st)


def test_4_4_2_seen_hand_is_public_and_a_losing_seer_stays_hidden() -> None:
    rules = get_preset("modern").replace(ante=0)
    for seed in range(40):
        st = BragState.new(rules, [50, 50], dealer=1, rng=random.Random(seed))
        st = st.apply("look").apply("bet 2").apply("look").apply("see")
        seer, seen = 1, 0
        k = Knowledge.of(st)
        assert set(st.first().hands[seen]) <= k.public
        if st.winners == (seen,):
            assert not set(st.first().hands[seer]) & k.allowed(seen)
            check_state(st)
            return
    pytest.fail("no seed where the seer loses")


def test_4_7_side_show_is_private_to_the_two_players() -> None:
    rules = get_preset("teen-patti")
    for seed in range(200):
        st = BragState.new(rules, [60] * 4, dealer=0, rng=random.Random(seed))
        while not st.is_over:
            kinds = {la.kind: la for la in st.legal_actions()}
            if "sideshow" in kinds:
                requester = st.to_act
                st = st.apply(kinds["sideshow"].examples()[0])
                if st.phase != "sideshow":
                    break
                target = st.to_act
                first = st.first()
                st = st.apply("accept")
                k = Knowledge.of(st)
                assert set(first.hands[requester]) <= k.allowed(target)
                assert set(first.hands[target]) <= k.allowed(requester)
                outsider = next(s for s in range(4) if s not in (requester, target))
                assert not set(first.hands[target]) & k.allowed(outsider)
                check_state(st)
                return
            st = st.apply("look" if "look" in kinds else kinds["bet"].examples()[0])
    pytest.fail("no side show in 200 deals")


def test_4_4_11_face_up_stub_shows_folded_hands_only() -> None:
    rules = get_preset("modern-stub").replace(ante=0)
    st = BragState.new(rules, [50, 50, 50], dealer=2, rng=random.Random(4))
    bottom = st.pack[-1]
    folded = st.hands[1]
    st = st.apply("look").apply("bet 2").apply("fold")
    k = Knowledge.of(st)
    assert {bottom, folded[-1]} <= k.public and not set(folded[:-1]) & k.public
    st = st.apply("fold")  # p1 wins without showing: its hand goes to the stub face down
    assert not set(st.first().hands[0]) & Knowledge.of(st).allowed(1)
    check_state(st)


def test_2_5_a_card_named_only_in_the_exported_view_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bragkit.engine.views import SeatView

    real = SeatView.to_dict

    def leaky(self: SeatView) -> dict[str, object]:
        data = real(self)
        data["hint"] = "the stock starts with " + str(card_from_id(0))
        return data

    rules = get_preset("modern-shuffled")
    monkeypatch.setattr(SeatView, "to_dict", leaky)
    st = BragState.new(rules, [20, 20], dealer=0, rng=random.Random(1))
    check_state(st)  # the JSON form is read only when asked (every finished deal)
    with pytest.raises(ConformanceError, match="view of p1 leaks 2c"):  # nobody looked yet
        check_state(st, exported=True)
    with pytest.raises(ConformanceError, match=r"\(final state\): view of p. leaks 2c"):
        check_conformance(rules, hands=3, players=2, seed=2)


MADE_PUBLIC: list[tuple[str, set[str], dict[str, Any]]] = [  # (engine, event kinds whose
    # cards are flagged public, rules): each is a leak
    ("brag", {"reveal"}, {"preset": "teen-patti", "sideshow_min_active": 2}),  # side show
    ("brag", {"discard"}, {"preset": "modern-4card"}),
    ("brag", {"look"}, {"preset": "modern-face-up"}),
    ("poker", {"exchange"}, {"preset": "american"}),
    ("poker", {"look"}, {"preset": "brag-poker"}),
    ("poker", {"discard", "draw"}, {"preset": "brag-poker"}),
    ("poker", {"deal"}, {"preset": "three-stake"}),
    ("commerce", {"barter"}, {"preset": "commerce"}),
    ("commerce", {"accept"}, {"preset": "commerce"}),
    ("commerce", {"trade", "draw"}, {"preset": "commerce"}),
    ("commerce", {"deal"}, {"preset": "commerce-widow"}),
]


@pytest.mark.parametrize("engine, kinds, spec", MADE_PUBLIC,
                         ids=[f"{s['preset']}-{'+'.join(sorted(k))}" for _, k, s in MADE_PUBLIC])
def test_2_5_private_events_flagged_public_are_caught(
        engine: str, kinds: set[str], spec: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bragkit.engine.brag.core import Work
    from bragkit.engine.poker.core import PokerWork
    from bragkit.games.commerce.state import Draft
    from bragkit.rules import resolve

    cls: Any = {"brag": Work, "poker": PokerWork, "commerce": Draft}[engine]
    real = cls.emit

    def emit(self: Any, kind: str, seat: int | None = None, amount: int | None = None,
             cards: tuple[int, ...] | None = None, visible_to: frozenset[int] | None = None,
             note: str | None = None) -> None:
        if kind in kinds:
            visible_to = None  # the bug: a private event shown to the table
        real(self, kind, seat, amount, cards, visible_to, note)

    rules = resolve(spec)
    assert check_conformance(rules, hands=10, players=4, stack=40, seed=1).hands == 10
    monkeypatch.setattr(cls, "emit", emit)
    if engine != "brag":  # Commerce's deal and the poker-style machine's deal, look and
        # deal_start log their events without emit (their modules' _event)
        import bragkit.engine.poker.core as poker_core
        import bragkit.engine.poker.state as poker_state
        import bragkit.games.commerce.state as commerce_state

        def event(cls: type[Any], fields: tuple[Any, ...]) -> Any:
            if fields[0] in kinds:
                fields = (*fields[:4], None, *fields[5:])  # the same bug
            return tuple.__new__(cls, fields)

        for module in (commerce_state,) if engine == "commerce" else (poker_core, poker_state):
            monkeypatch.setattr(module, "_event", event)
    with pytest.raises(ConformanceError, match="leaks"):
        check_conformance(rules, hands=300, players=4, stack=40, seed=1, probe_every=0)


class _OtherEngine:
    """A state of an engine the knowledge rules cannot walk (no ``origin`` chain; otherwise
    it delegates to a BragState)."""

    def __init__(self, st: BragState, leak: bool = False) -> None:
        self.st, self.leak = st, leak

    def __getattr__(self, name: str) -> Any:
        if name == "origin":  # no chain of states to walk
            raise AttributeError(name)
        return getattr(self.st, name)

    def view(self, seat: int) -> Any:
        view = self.st.view(seat)
        if self.leak:
            other = self.st.hands[(seat + 1) % self.st.n]
            return dataclasses.replace(view, stub_card=card_from_id(other[0]))
        return view


def test_other_engines_fall_back_on_their_own_secret_cards() -> None:
    st = _modern_after_look()
    assert not Knowledge.supports(_OtherEngine(st))
    check_state(_OtherEngine(st))
    with pytest.raises(ConformanceError, match="leaks"):
        check_state(_OtherEngine(st, leak=True))


def test_keep_going_counts_each_broken_deal_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from bragkit.engine.views import SeatView

    real = SeatView.to_dict
    monkeypatch.setattr(SeatView, "to_dict",  # a leak seen only once each deal is over
                        lambda self: {**real(self), "x": str(card_from_id(0))})
    report = check_conformance(get_preset("modern-shuffled"), hands=30, players=2, seed=2,
                               keep_going=True)
    assert report.hands == 30 and 0 < len(report.failures) <= 30
    assert all("(final state): view of p" in f for f in report.failures)


def test_jokers_named_as_text_count_as_some_joker() -> None:
    rules = get_preset("modern-jokers")
    report = check_conformance(rules, hands=300, players=3, seed=3, probe_every=0)
    assert report.hands == 300  # 'X' in an exported view matches a joker the seat knows
