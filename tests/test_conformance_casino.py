"""The casino conformance checker (rules 4.9): chips, cards, replay, illegal actions and
the player's view before the reveal."""

from __future__ import annotations

import pytest

from bragkit.engine.contract import SeatView
from bragkit.games.casino import PRESETS, CasinoHand, CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.testing import ConformanceError, NoDealError, check_casino, check_preset


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_4_9_casino_random_play_keeps_every_invariant(name: str) -> None:
    report = check_casino(CasinoRules.preset(name), hands=300, seed=4, bankroll=60)
    assert report.hands == 300 and report.sessions >= 1
    assert report.illegal_probes > 5 * report.hands and 0 < report.showdowns < report.hands


def test_4_9_dealer_cards_shown_before_the_reveal_are_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CasinoHand, "visible_dealer", property(lambda self: self.dealer))
    with pytest.raises(ConformanceError, match="before the reveal shows dealer cards"):
        check_casino(CasinoRules.preset("casino"), hands=5, seed=1)


def test_4_9_an_accepted_illegal_action_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = CasinoSession.apply_text

    def lax(self: CasinoSession, text: str) -> None:
        if text.startswith("p2 "):
            text = "p1 " + text[3:]  # a wrong seat taken for p1
        real(self, text)

    monkeypatch.setattr(CasinoSession, "apply_text", lax)
    with pytest.raises(ConformanceError, match="'p2 fold' was accepted"):
        check_casino(CasinoRules.preset("casino"), hands=5, seed=1)


def test_4_9_a_settlement_that_loses_chips_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import bragkit.games.casino.state as casino_state  # the table's chips are its state's

    real = casino_state.paid_chips
    monkeypatch.setattr(casino_state, "paid_chips", lambda s: real(s) + 1)  # the table pays 1
    with pytest.raises(ConformanceError, match="chips not conserved"):  # more than it settles
        check_casino(CasinoRules.preset("casino"), hands=5, seed=1)


def test_casino_checker_needs_a_bankroll() -> None:
    with pytest.raises(NoDealError, match="bankroll of 0"):
        check_casino(CasinoRules.preset("casino"), hands=1, bankroll=0)


def test_check_preset_dispatches_casino_names() -> None:
    assert check_preset("three-card-poker", hands=10, seed=2, stack=30).hands == 10


def test_4_9_a_seat_view_showing_dealer_cards_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from bragkit.games.casino.state import CasinoState

    real = CasinoState.view

    def leaky(self: CasinoState, seat: int) -> SeatView:
        view = real(self, seat)
        if self.hand is None:
            return view
        return dataclasses.replace(view, shown={-1: self.hand.dealer})

    monkeypatch.setattr(CasinoState, "view", leaky)
    with pytest.raises(ConformanceError, match="SeatView before the reveal shows dealer cards"):
        check_casino(CasinoRules.preset("casino"), hands=5, seed=1)
