"""The conformance checker's own paths that random play of a correct engine never fails: a
card named in a legal action's argument, an illegal action accepted, an illegal action that
changes the state (each broken on purpose here, so the checker must say so)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bragkit.cards import card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.games.commerce.state import CommerceState
from bragkit.rules import get_preset
from bragkit.testing import ConformanceError, check_conformance, check_state, view_cards


def test_every_card_of_every_argument_of_a_legal_action_counts() -> None:
    offer = LegalAction("exchange", args=("2c 5d|Ks", "Ks|9h", "nonsense"))
    want = {card_from_id(i).id for i in range(52)
            if str(card_from_id(i)) in ("2c", "5d", "Ks", "9h")}
    assert view_cards(offer) == want and len(want) == 4
    assert view_cards((offer, LegalAction("fold"))) == want


def test_4_10_a_stock_card_offered_as_an_argument_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    st = CommerceState.new(get_preset("commerce"), [9, 9, 9], dealer=0, rng=random.Random(5))
    check_state(st)
    real = CommerceState.view

    def leaky(self: CommerceState, seat: int) -> object:
        view = real(self, seat)
        stock = str(card_from_id(self.pack[-1]))
        bait = LegalAction("trade", args=("Qh|Qs", f"{stock}|Qd"))
        return dataclasses.replace(view, legal=(*view.legal, bait))

    monkeypatch.setattr(CommerceState, "view", leaky)
    with pytest.raises(ConformanceError, match="the stock"):
        check_state(st)


def test_an_illegal_action_the_engine_accepts_is_caught(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    real = CommerceState.apply_move

    def lax(self: CommerceState, seat: int, action: Action) -> CommerceState:
        return real(self, self.to_act, action)  # plays whoever is asked for the seat to act

    monkeypatch.setattr(CommerceState, "apply_move", lax)
    with pytest.raises(ConformanceError, match=r"illegal p\d .* was accepted"):
        check_conformance(get_preset("commerce"), hands=5, players=3, seed=1)


def test_an_illegal_action_that_changes_the_state_is_caught(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    real = CommerceState.apply_move

    def careless(self: CommerceState, seat: int, action: Action) -> CommerceState:
        if action.kind == "cover":  # never a Commerce action: moves the turn, then refuses
            object.__setattr__(self, "to_act", (self.to_act + 1) % self.n)
        return real(self, seat, action)

    monkeypatch.setattr(CommerceState, "apply_move", careless)
    with pytest.raises(ConformanceError, match="changed the state"):
        check_conformance(get_preset("commerce"), hands=5, players=3, seed=1)
