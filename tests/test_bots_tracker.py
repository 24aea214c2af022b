"""The tracker bot's memory of the unshuffled pack (rules 2.4): forecasts must be true."""

from __future__ import annotations

import random

from bragkit.bots import get_bot
from bragkit.bots.tracker import PackModel, TrackerBot
from bragkit.engine import open_table
from bragkit.rules import get_preset


def _play(preset: str, names: list[str], deals: int, seed: int) -> tuple[int, int, int]:
    """Play ``deals`` deals; check every forecast of the tracker at seat 0 against the truth.

    Returns (known cards forecast, of which our own, deals with any forecast)."""
    rules = get_preset(preset)
    t = open_table(rules, [400] * len(names), dealer=0, seed=seed)
    bots = [get_bot(n, rules) for n in names]
    tracker = bots[0]
    assert isinstance(tracker, TrackerBot)
    rng = random.Random(seed)
    known = own = with_forecast = 0
    packs = 0
    while t.deal_no < deals and not t.over:
        st = t.state
        assert st is not None
        shuffled = len(t.packs_used) > packs
        packs = len(t.packs_used)
        for seat, bot in enumerate(bots):
            bot.begin_deal(st.view(seat), shuffled)
        any_known = False
        dealt = {e.seat: e.cards for e in st.events if e.kind == "deal"}
        for seat in range(len(names)):
            forecast = tracker.model.forecast.get(seat, [])
            truth = dealt.get(seat) or ()
            for k, card in enumerate(forecast):
                if card is not None:
                    assert card == truth[k], (t.deal_no, seat, forecast, truth)
                    known += 1
                    own += seat == 0
                    any_known = True
        assert tracker.model.dead <= set(st.pack)
        with_forecast += any_known
        deal_no = t.deal_no
        while t.deal_no == deal_no and not t.over:
            seat = t.to_act
            t.apply_move(seat, bots[seat].act(t.state.view(seat), t.legal_actions(), rng))
        final = t.records[-1].final
        for seat, bot in enumerate(bots):
            bot.end_deal(final.view(seat))
    return known, own, with_forecast


# Three sessions each: how much the tracker learns varies a lot between sessions (a retained
# blind hand, which it does not model, or a shuffle makes it forget), more so since the bots
# play blind at pub rates (docs/bots.md).
def test_2_4_tracker_forecasts_are_always_right_heads_up() -> None:
    runs = [_play("modern", ["tracker", "heuristic"], 150, seed=s) for s in (5, 6, 7)]
    own, deals = sum(r[1] for r in runs), sum(r[2] for r in runs)
    assert own > 150 and deals > 90  # it does learn a lot heads-up


def test_2_4_tracker_forecasts_are_always_right_four_handed() -> None:
    runs = [_play("modern", ["tracker", "random", "heuristic", "random"], 150, seed=s)
            for s in (8, 9, 10)]
    known, deals = sum(r[0] for r in runs), sum(r[2] for r in runs)
    assert known > 150 and deals > 40


def test_2_4_tracker_forecasts_with_retained_hands_and_face_up_variant() -> None:
    _play("modern", ["tracker", "heuristic", "random"], 120, seed=21)
    _play("modern-face-up", ["tracker", "random", "random"], 80, seed=3)


def test_tracker_knows_nothing_when_the_pack_is_shuffled_every_deal() -> None:
    known, _, _ = _play("modern-shuffled", ["tracker", "heuristic"], 60, seed=2)
    assert known == 0


def test_pack_model_forecasts_the_deal_order() -> None:
    m = PackModel(12)
    m.cards = [0, 1, 2, 3, 4, 5, None, 7, 8, 9, 10, 11]
    m.deal([2, 0], 3)  # seat 2 is left of the dealer: gets pack cards 0, 2, 4
    assert m.forecast == {2: [0, 2, 4], 0: [1, 3, 5]}
    assert m.known(2) == (0, 2, 4) and m.dead == {7, 8, 9, 10, 11}
    m.forget()
    assert m.cards is None and m.known(2) == ()
