"""The betting flows B1-B10 of rules 6.9."""

from __future__ import annotations

import pytest

from bragkit.engine import Action, BragState
from bragkit.errors import IllegalActionError
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

A, B, C, D, E = range(5)


def deal(rules: Rules, n: int, dealer: int, hands: dict[int, str] | None = None,
         stacks: int | list[int] = 100) -> BragState:
    pack = stacked_pack(rules, n, dealer, hands or {})
    chips = stacks if isinstance(stacks, list) else [stacks] * n
    return BragState.start(rules, chips, dealer, pack)


def play(st: BragState, *moves: str) -> BragState:
    for move in moves:
        seat, _, rest = move.partition(" ")
        st = st.apply_move(int(seat[1:]) - 1, rest)
    return st


def kinds(st: BragState) -> dict[str, object]:
    return {la.kind: la for la in st.legal_actions()}




NO_ANTE = get_preset("modern").replace(ante=0, max_bet=100)


def test_b1_everyone_must_match_the_last_bet_and_three_players_cannot_see() -> None:
    st = deal(NO_ANTE, 4, D)
    st = play(st, "p1 look", "p1 bet 2", "p2 fold", "p3 look", "p3 bet 2", "p4 look",
              "p4 bet 2")
    assert st.to_act == A
    legal = kinds(st)
    assert legal["bet"].lo == 2  # type: ignore[attr-defined]
    assert "see" not in legal
    with pytest.raises(IllegalActionError, match="exactly two players"):
        st.apply("see")
    with pytest.raises(IllegalActionError, match="at least 2 chips"):
        st.apply("bet 1")


def test_b2_see_costs_double_the_last_bet() -> None:
    st = deal(NO_ANTE, 4, D)
    st = play(st, "p1 look", "p1 bet 2", "p2 fold", "p3 look", "p3 bet 4", "p4 fold")
    legal = kinds(st)
    assert st.to_act == A
    assert legal["see"].cost == 8  # type: ignore[attr-defined]
    assert legal["bet"].lo == 4  # type: ignore[attr-defined]
    assert "fold" in legal
    st = play(st, "p1 bet 4")
    legal = kinds(st)
    assert st.to_act == C
    assert legal["see"].cost == 8 and legal["bet"].lo == 4  # type: ignore[attr-defined]
    folded = st.apply("fold")
    assert folded.is_over and folded.winners == (A,)


B3_ROUNDS = [
    "p1 bet 1", "p2 bet 1", "p3 bet 1", "p4 fold", "p5 bet 2",
    "p1 bet 2", "p2 bet 2", "p3 bet 2", "p5 bet 2",
    "p1 bet 2", "p2 bet 2", "p3 bet 2", "p5 bet 2",
    "p1 bet 2", "p2 bet 2", "p3 bet 2", "p5 bet 4",
    "p1 bet 4", "p2 fold", "p3 bet 4", "p5 bet 4",
    "p1 bet 4", "p3 bet 4", "p5 bet 6",
    "p1 bet 6", "p3 fold", "p5 bet 6",
    "p1 bet 8", "p5 bet 8",
    "p1 bet 8", "p5 bet 10",
]


def _b3(hands: dict[int, str]) -> BragState:
    st = deal(NO_ANTE.replace(max_bet=10), 5, E, hands)
    looks = ["p1 look", "p2 look", "p3 look", "p4 look", "p5 look"]
    first = [looks[0], B3_ROUNDS[0], looks[1], B3_ROUNDS[1], looks[2], B3_ROUNDS[2],
             looks[3], B3_ROUNDS[3], looks[4], B3_ROUNDS[4]]
    st = play(st, *first, *B3_ROUNDS[5:])
    assert st.to_act == A
    assert kinds(st)["see"].cost == 20  # type: ignore[attr-defined]
    return play(st, "p1 see")


def test_b3_five_players_totals_and_the_see_for_20() -> None:
    st = _b3({A: "Qs Qh 2c", E: "Js Jh 9d"})
    assert st.paid == (57, 7, 15, 0, 44)
    assert sum(st.paid) == 123
    reveals = [e for e in st.events if e.kind == "reveal"]
    assert reveals[0].seat == E  # the seen hand is exposed first
    assert st.winners == (A,)
    assert st.stacks[A] == 100 - 57 + 123


def test_b3_a_tie_loses_for_the_seer() -> None:
    st = _b3({A: "Qs Qh 2c", E: "Qd Qc 2d"})
    assert st.winners == (E,)
    assert [e.seat for e in st.events if e.kind == "reveal"] == [E]  # loser need not show


B4_MOVES = [
    "p1 look", "p1 bet 2", "p2 bet 1", "p3 look", "p3 bet 2", "p4 bet 1",
    "p1 bet 2", "p2 bet 1", "p3 bet 2", "p4 bet 1",
    "p1 bet 2", "p2 bet 1", "p3 bet 2", "p4 bet 1",
    "p1 bet 2", "p2 bet 1", "p3 bet 4", "p4 bet 2",
    "p1 fold", "p2 bet 2", "p3 bet 4", "p4 fold",
]


def test_b4_blind_player_sees_open_one_but_not_the_reverse() -> None:
    st = deal(NO_ANTE, 4, D, {B: "As Ad 4c", C: "Ks Kd 9c"})
    st = play(st, *B4_MOVES)
    for _ in range(2):  # rounds 6 and 7
        assert st.to_act == B
        assert kinds(st)["see"].cost == 4  # type: ignore[attr-defined]
        st = play(st, "p2 bet 2")
        assert st.to_act == C
        assert "see" not in kinds(st)
        with pytest.raises(IllegalActionError, match="cannot see a blind man"):
            st.apply("see")
        st = play(st, "p3 bet 4")
    st = play(st, "p2 see")
    assert st.paid == (8, 14, 22, 5)
    assert sum(st.paid) == 49
    assert next(e.seat for e in st.events if e.kind == "reveal") == C
    assert st.winners == (B,)


def test_b5_single_cost_see() -> None:
    st = deal(NO_ANTE.replace(see_cost="single"), 4, D)
    st = play(st, "p1 look", "p1 bet 2", "p2 fold", "p3 look", "p3 bet 4", "p4 fold")
    assert kinds(st)["see"].cost == 4  # type: ignore[attr-defined]


def test_b6_blind_fold_out_carries_and_two_hands_are_played() -> None:
    from bragkit.engine import Session

    rules = get_preset("modern")
    t = Session(rules, [50, 50, 50], dealer=C, seed=5)
    for move in ("p1 bet 1", "p2 fold", "p3 fold"):
        t.apply_text(move)
    st = t.state
    assert st is not None and st.phase == "retain" and st.carried == 4
    t.apply_text("p1 retain")
    assert t.carried == 4 and t.retained[0] == A
    st = t.state
    assert st is not None and st.pot == 7
    assert st.retained_hand[A] and st.hands[A]
    t.apply_text("p2 look")
    t.apply_text("p2 bet 2")
    t.apply_text("p3 look")
    t.apply_text("p3 bet 2")
    st = t.state
    assert st is not None and st.to_act == A
    assert any(la.kind == "look" and la.args == ("old", "new") for la in st.legal_actions())
    assert "see" not in kinds(st)
    t.apply_text("p1 look new")
    st = t.state
    assert st is not None and st.phase == "decide"
    with pytest.raises(IllegalActionError, match="keep or throw"):
        st.apply("look old")
    t.apply_text("p1 throw")
    st = t.state
    assert st is not None and not st.retained_hand[A] and not st.looked[A]
    t.apply_text("p1 bet 1")  # blind: stays for half of R = 2
    st = t.state
    assert st is not None and st.stake == 2 and st.blind_bet[A]


def test_b7_face_up_retained_hand_qualifying() -> None:
    rules = get_preset("modern-face-up").replace(ante=1)
    old = "Kc Qd 3h"
    hands = {A: "9s 9h 4d", B: "9d 9c 3s", C: "5s 6h 7c"}
    pack = stacked_pack(rules, 3, C, hands)
    pack = tuple(c for c in pack if c not in {x for x in _ids(old)})
    st = BragState.start(rules, [50, 50, 50], C, pack, carried=4, retained=(A, *_ids(old)))
    assert st.faceup == _ids("9s 9h 4d") and st.phase == "qualify"
    assert st.to_act == B
    assert [la.kind for la in st.legal_actions()] == ["fold"]  # equal pair, lower kicker
    with pytest.raises(IllegalActionError, match="stay or fold"):
        st.apply("stay")
    st = st.apply("fold")
    assert st.to_act == C and {la.kind for la in st.legal_actions()} == {"stay", "fold"}
    stayed = st.apply("stay")
    assert stayed.phase == "bet" and stayed.faceup == ()
    assert stayed.to_act == A and stayed.hands[A] == _ids(old) and not stayed.looked[A]
    assert stayed.looked[C]
    # if Y had folded too, B collects this deal's antes and keeps the blind hand
    all_fold = st.apply("fold")
    assert all_fold.is_over and all_fold.stacks[A] == 49 + 3
    assert all_fold.carried == 4 and all_fold.retained == (A, *_ids(old))


def _ids(text: str) -> tuple[int, ...]:
    from bragkit.cards import parse_cards

    return tuple(c.id for c in parse_cards(text))


def _b8(a_hand: str) -> BragState:
    rules = get_preset("modern-cover").replace(ante=0)
    st = deal(rules, 3, C, {A: a_hand, B: "2c 3d 5h", C: "Qs Qh 4c"}, stacks=[16, 100, 100])
    st = play(st, "p1 look", "p1 bet 10", "p2 look", "p2 bet 10", "p3 look", "p3 bet 10")
    assert st.pot == 30 and st.stake == 10 and st.stacks[A] == 6
    legal = kinds(st)
    assert "bet" not in legal and legal["cover"].cost == 6  # type: ignore[attr-defined]
    st = play(st, "p1 cover")
    assert st.covered_pots == ((36, A),) and st.pot == 0
    st = play(st, "p2 bet 10", "p3 see")
    assert st.is_over
    return st


def test_b8_cover_three_players_coverer_wins_frozen_pot() -> None:
    st = _b8("Ks Kh 9d")  # beats C's queens
    awards = [(e.seat, e.amount, e.note) for e in st.events if e.kind == "award"]
    assert awards == [(C, 30, "pot"), (A, 36, "frozen pot")]
    assert st.stacks == (36, 80, 100 - 10 - 20 + 30)


def test_b8_cover_tie_goes_to_the_new_pot_winner() -> None:
    st = _b8("Qd Qc 4d")
    awards = [(e.seat, e.amount, e.note) for e in st.events if e.kind == "award"]
    assert awards == [(C, 30, "pot"), (C, 36, "frozen pot")]


def test_b9_cover_two_players() -> None:
    rules = get_preset("modern-cover").replace(ante=0)
    for a_hand, winner in (("As Ah 2c", A), ("Kd Kc 9c", B)):
        st = deal(rules, 2, B, {A: a_hand, B: "Ks Kh 9d"}, stacks=[13, 100])
        st = play(st, "p1 look", "p1 bet 10", "p2 look", "p2 bet 10")
        assert st.stacks[A] == 3
        st = play(st, "p1 cover")
        assert st.is_over and st.winners == (winner,)
        assert next(e.seat for e in st.events if e.kind == "reveal") == B
        assert st.paid[B] == 10  # B pays nothing more


def test_b10_pot_limit_first_bet() -> None:
    rules = get_preset("modern-pot-limit").replace(ante=1, max_bet=100)
    st = deal(rules, 5, E)
    assert st.pot == 5
    st = st.apply("look")
    assert kinds(st)["bet"].hi == 5  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="exceed the pot"):
        st.apply(Action("bet", 6))
