"""3 Card Brag Poker (rules 4.8, 6.15 G1, A-GA1 to A-GA4)."""

from __future__ import annotations

import pytest

from bragkit.engine.poker.state import PokerState
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

POKER = get_preset("brag-poker")


def deal(rules: Rules, hands: dict[int, str] | None = None, n: int = 4, dealer: int = 3,
         stack: int = 100, rest: str = "") -> PokerState:
    pack = stacked_pack(rules, n, dealer, hands or {}, rest=rest)
    return PokerState.start(rules, (stack,) * n, dealer, pack)


def play(st: PokerState, *moves: str) -> PokerState:
    for move in moves:
        st = st.apply(move)
        assert st.chips_in_play() == st.total
    return st


def legal(st: PokerState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def test_g1_blinds_bet_sizes_raise_cap_and_half_price_call() -> None:
    st = deal(POKER)
    assert [(e.seat, e.amount, e.note) for e in st.events if e.kind == "blind"] == [
        (0, 1, "small blind"), (1, 2, "big blind")]
    assert st.to_act == 2                                  # left of the big blind
    assert legal(st) == ["look", "fold", "call (costs 1)", "raise 4"]   # blind: half of 2
    st = play(st, "look")
    assert legal(st) == ["fold", "call (costs 2)", "raise 4"]
    st = play(st, "raise 4")                               # seat 3 raises to 6
    assert st.rnd is not None and st.rnd.target == 6
    assert legal(st)[2] == "call (costs 3)"                # blind seat 4 facing 6 pays 3
    st = play(st, "call")
    assert st.chips[3] == 3 and st.credit[3] == 6          # full rights to the pot
    st = play(st, "look", "raise 4", "look", "raise 4")    # SB to 10, BB to 14
    assert st.rnd is not None and st.rnd.target == 14 and st.rnd.raises == 3
    assert legal(st) == ["fold", "call (costs 8)"]         # no fourth raise, 4 in the pot
    with pytest.raises(IllegalActionError, match="raise cap"):
        st.apply("raise 4")


def test_g1_as_written_calls_then_three_raises_to_14() -> None:
    st = play(deal(POKER), "look", "call")                 # seat 3 acts first and calls 2
    assert st.chips[2] == 2
    assert legal(st) == ["look", "fold", "call (costs 1)", "raise 4"]
    st = play(st, "raise 4")                               # seat 4, blind, raises to 6
    assert st.chips[3] == 6 and not st.looked[3]           # A-GA2: raises cost full price
    assert st.rnd is not None and (st.rnd.target, st.rnd.raises) == (6, 1)
    assert legal(st)[2] == "call (costs 3)"                # blind SB owes 5, pays ceil(5/2)
    st = play(st, "look", "raise 4", "look", "raise 4")    # SB to 10, BB to 14
    assert st.rnd is not None and (st.rnd.target, st.rnd.raises) == (14, 3)   # 2 + 3 x 4
    assert legal(st) == ["fold", "call (costs 12)"]        # seat 3: no fourth raise
    st = play(st, "call")
    assert legal(st) == ["look", "fold", "call (costs 4)"]  # blind seat 4 owes 8, pays 4
    st = play(st, "call")
    assert st.to_act == 0 and legal(st) == ["fold", "call (costs 4)"]   # SB meets 14
    st = play(st, "call")
    assert st.phase == "draw" and st.chips == (14, 14, 14, 10) and st.credit == (14,) * 4
    assert st.pot == 52


def test_a_ga3_no_cap_heads_up() -> None:
    st = deal(POKER, n=2, dealer=1)
    st = play(st, "look", "raise 4", "look", "raise 4", "raise 4", "raise 4")
    assert "raise 4" in legal(st)


def test_heads_up_dealer_posts_the_small_blind_and_acts_first() -> None:
    st = deal(POKER, n=2, dealer=1)
    assert [(e.seat, e.note) for e in st.events if e.kind == "blind"] == [
        (1, "small blind"), (0, "big blind")]
    assert st.to_act == 1


def test_a_ga1_bet1_factor() -> None:
    st = play(deal(POKER.replace(bet1_factor=1)), "look")
    assert legal(st)[-1] == "raise 2"


def test_big_blind_has_the_option_and_round_two_doubles_the_size() -> None:
    st = play(deal(POKER), "fold", "fold", "call")
    assert st.to_act == 1 and legal(st) == ["look", "check", "raise 4"]
    st = play(st, "check")
    assert st.phase == "draw" and st.to_act == 0           # draw from the dealer's left
    st = play(st, "stand", "stand")
    assert st.phase == "bet" and st.stage == 1 and st.to_act == 0
    assert legal(st) == ["look", "check", "bet 8"]
    st = play(st, "bet 8")
    assert legal(st) == ["look", "fold", "call (costs 4)", "raise 8"]


def test_4_8_draw_open_seat_discards_and_draws_replacements() -> None:
    hands = {0: "2c 7d Kh", 1: "3c 8d Qh"}
    st = play(deal(POKER, hands, n=2, dealer=1, rest="As Ad Ah"), "look", "call", "look",
              "check")
    assert st.phase == "draw" and st.to_act == 0           # BB first after the dealer
    assert "2c 7d" in st.legal_actions()[1].args
    st = play(st, "discard 2c 7d")
    assert sorted(str(c) for c in st.view(0).own_cards or ()) == ["Ad", "As", "Kh"]
    drawn = [e for e in st.events if e.kind == "draw"]
    assert drawn[-1].visible_to == frozenset({0})
    assert not {"As", "Ad"} & {str(c) for c in st.view(1).known_cards()}


def test_a_ga4_blind_seat_draws_by_position_without_looking() -> None:
    hands = {0: "2c 7d Kh", 1: "3c 8d Qh"}
    st = play(deal(POKER, hands, n=2, dealer=1, rest="As Ad Ah"), "call", "check")
    assert legal(st) == ["look", "stand", "draw 1..3"]
    st = play(st, "draw 2")
    assert st.hands[0][0] == stacked_pack(POKER, 2, 1, hands)[4]      # Kh kept (third card)
    assert not st.looked[0] and st.view(0).own_cards is None
    assert all(e.visible_to == frozenset() for e in st.events
               if e.kind in ("draw", "discard") and e.seat == 0)
    assert not {"As", "Ad"} & {str(c) for c in st.view(0).known_cards()}


def test_blind_may_draw_false_allows_only_look_or_stand() -> None:
    st = play(deal(POKER.replace(blind_may_draw=False), n=2, dealer=1), "call", "check")
    assert legal(st) == ["look", "stand"]


def test_half_price_calls_off_means_full_price() -> None:
    st = deal(POKER.replace(half_price_calls=False))
    assert legal(st)[2] == "call (costs 2)"


def test_showdown_under_modern_ranking_with_a_split() -> None:
    hands = {0: "2c 3d 4h", 1: "2d 3h 4s", 2: "As Ad Ah", 3: "Ks Qd 9h"}
    st = play(deal(POKER, hands), "fold", "fold", "call", "check", "stand", "stand",
              "check", "check")
    assert st.is_over and st.stacks == (100, 100, 100, 100)   # 4 split 2 and 2
    hands2 = {0: "2c 3d 5h", 1: "2d 3h 4s", 2: "As Ad Ah", 3: "Ks Qd 9h"}
    st = play(deal(POKER, hands2), "fold", "fold", "call", "check", "stand", "stand",
              "check", "check")
    assert st.stacks == (98, 102, 100, 100)                      # the run beats 5-3-2


def test_uncalled_bet_wins_unseen() -> None:
    st = play(deal(POKER), "look", "raise 4", "fold", "fold", "fold")
    assert st.is_over and st.stacks == (99, 98, 103, 100)
    assert not any(e.kind == "reveal" for e in st.events)


def test_short_big_blind_posts_all_in_and_side_pot() -> None:
    hands = {0: "As Ad Ah", 1: "3s 3d 3h", 2: "2c 3c 5h"}
    st = PokerState.start(POKER, (50, 1, 50), 2, stacked_pack(POKER, 3, 2, hands))
    assert st.status[1] == "allin"
    st = play(st, "look", "call", "look", "raise 4", "call", "stand", "stand", "stand")
    st = play(st, "check", "check")
    assert st.is_over
    assert st.stacks == (53, 3, 45)           # main pot 1 + 1 + 1 to 3-3-3, the side pot to A-A-A


def test_blind_seat_sees_nothing_of_its_own_until_it_looks() -> None:
    st = deal(POKER)
    assert st.view(2).own_cards is None and st.view(2).known_cards() == ()
    st = st.apply("look")
    assert len(st.view(2).own_cards or ()) == 3 and st.view(3).known_cards() == ()


def test_replay() -> None:
    st = play(deal(POKER), "look", "raise 4", "call", "fold", "look", "call", "stand",
              "stand", "draw 3", "bet 8", "fold", "call")
    assert st.is_over and st.replay() == st


def test_4_8_blind_sizes_set_the_bet_sizes() -> None:
    rules = POKER.replace(small_blind=2, big_blind=5)
    st = play(deal(rules), "look")
    assert [e.amount for e in st.events if e.kind == "blind"] == [2, 5]
    assert legal(st) == ["fold", "call (costs 5)", "raise 10"]     # bet1 = 2 x 5
    st = play(st, "fold", "fold", "fold")                       # to the big blind
    assert st.is_over and st.stacks == (98, 102, 100, 100)


def test_view_shows_the_amount_to_meet_and_each_contribution() -> None:
    st = deal(POKER)
    v = st.view(2)
    assert (v.stake, v.contrib, v.committed) == (2, (1, 2, 0, 0), (1, 2, 0, 0))
    assert v.to_dict()["own_cards"] is None and v.to_dict()["legal"][0] == "look"


def test_4_8_illegal_discards_say_why() -> None:
    """A blind seat is told to draw by position; a looked seat is told which card it lacks."""
    from bragkit.cards import card_from_id
    from bragkit.engine import open_table, parse_action

    table = open_table(get_preset("brag-poker"), [100] * 3, 0, seed=3)
    for move in ("call", "call", "check"):
        table.apply_move(table.to_act, parse_action(move))
    st = table.state
    assert st is not None and st.phase == "draw"
    with pytest.raises(IllegalActionError, match=r"has not looked.*draw K"):
        st.apply(parse_action("discard 2c 3c"))
    looked = st.apply(parse_action("look"))
    held = {card_from_id(c) for c in looked.hands[looked.to_act]}
    absent = next(card_from_id(c) for c in range(52) if card_from_id(c) not in held)
    with pytest.raises(IllegalActionError, match=f"does not hold {absent}"):
        looked.apply(parse_action(f"discard {absent}"))
    with pytest.raises(IllegalActionError, match="bad card 'Zz'"):
        looked.apply(parse_action("discard Zz"))


def test_4_8_a_short_stock_shuffles_the_discards_into_a_new_stock() -> None:
    n = 12                                                  # 36 cards dealt, a stock of 16
    st = PokerState.start(POKER, (100,) * n, n - 1, stacked_pack(POKER, n, n - 1, {}))
    while st.phase != "draw":
        st = play(st, "call" if any(a.kind == "call" for a in st.legal_actions()) else "check")
    stock = set(st.pack)
    assert len(stock) == 16
    while st.phase == "draw":
        st = play(st, "draw 3")
    events = list(st.events)
    first = next(i for i, e in enumerate(events) if e.kind == "reshuffle")
    assert events[first - 1].kind == "discard" and events[first - 1].seat == 5
    before = [c for e in events[:first - 1] if e.kind == "discard" for c in e.cards or ()]
    assert events[first].amount == len(before) == 15        # the first five seats' discards
    refill = set(next(e for e in events[first:] if e.kind == "draw").cards or ())
    assert len(refill & stock) == 1 and len(refill & set(before)) == 2   # last card, then muck
    held = [c for hand in st.hands for c in hand]
    assert all(len(hand) == 3 for hand in st.hands) and len(set(held)) == 3 * n
    assert not set(held) & set(st.pack)
