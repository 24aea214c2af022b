"""bragkit.explain: results explained from the event log, for every game family."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bragkit.cards import card_from_id
from bragkit.engine import open_table
from bragkit.engine.actions import LegalAction
from bragkit.explain import explain_lines, meaning, name_hand, prices, stay_in_text
from bragkit.explain.actions import usage_and_meaning
from bragkit.explain.table import lives_text, own_cards_text, two_hands_text
from bragkit.rules import get_preset, preset_names, resolve
from bragkit.testing.fixtures import stacked_pack


def _table(preset: str | dict[str, Any], stacks: list[int], dealer: int,
           hands: dict[int, str], moves: list[str]) -> Any:
    rules = resolve(preset) if isinstance(preset, dict) else get_preset(preset)
    t = open_table(rules, stacks, dealer, pack=stacked_pack(rules, len(stacks), dealer, hands),
                   keep_states=True)
    for move in moves:
        t.apply_text(move)
    return t


def _notes(preset: str | dict[str, Any], stacks: list[int], dealer: int,
           hands: dict[int, str], moves: list[str], reader: int | None) -> list[str]:
    t = _table(preset, stacks, dealer, hands, moves)
    state = t.state if t.state is not None and t.state.actions else t.last_final
    return explain_lines(t.rules, state.events, reader)


SEE = ["p2 look", "p2 bet 2", "p1 look", "p1 see"]


def test_modern_see_won_names_both_hands_and_the_reason() -> None:
    notes = _notes("modern", [20, 20], 0, {0: "Ks Kh 2c", 1: "3s 4h 9d"}, SEE, 0)
    assert notes == ["p2 shows 3s 4h 9d: High card 9-4-3",
                     "you show Ks Kh 2c: Pair of kings, two kicker",
                     "you saw p2 and win: your Pair of kings, two kicker beats p2's High card "
                     "9-4-3"]


def test_modern_see_lost_on_a_tie_the_seer_loses_and_sees_his_own_hand() -> None:
    notes = _notes("modern", [20, 20], 0, {0: "Ks Kh 2c", 1: "Kd Kc 2d"}, SEE, 0)
    assert "the seer loses ties" in notes[-1]
    assert notes[-1].endswith("Your hand was Pair of kings, two kicker (Ks Kh 2c), not shown")


def test_a_losing_seers_hand_is_never_named_to_the_others() -> None:
    for reader in (1, None):
        notes = _notes("modern", [20, 20], 0, {0: "Ks Kh 2c", 1: "Kd Kc 2d"}, SEE, reader)
        text = " ".join(notes)
        assert "Ks" not in text and "Kh" not in text
        assert "did not beat" in notes[-1] and "loser_must_show=false" in notes[-1]


def test_4_4_9_cover_against_one_player_the_covered_hand_was_better() -> None:
    notes = _notes("modern-cover", [6, 100], 0, {0: "As Ah 2c", 1: "Kd Kc 2d"},
                   ["p2 look", "p2 bet 10", "p1 look", "p1 cover"], 1)
    assert notes[0].startswith("p1 covers (puts in their last 5 chips): you show first")
    assert notes[-1].startswith("p1 takes the pot (17 chips): the covered hand was better")


def test_4_4_9_cover_freezes_the_pot_and_the_frozen_pot_goes_to_the_better_hand() -> None:
    notes = _notes("modern-cover", [5, 100, 100], 2,
                   {0: "As Ah 2c", 1: "Kd Kc 2d", 2: "3c 5d 9h"},
                   ["p1 look", "p1 bet 2", "p2 look", "p2 bet 4", "p3 look", "p3 bet 4",
                    "p1 cover", "p2 bet 4", "p3 fold"], 2)
    assert "the pot so far is frozen for p1's hand" in notes[0]
    assert "p2 takes the pot (4 chips): everybody else folded" in notes[2]
    assert notes[-1].startswith("p1 takes the frozen pot (15 chips): the covered hand was "
                                "better (p1's Pair of aces")


def test_fold_out_of_a_blind_hand_carries_and_explains_retain_and_release() -> None:
    notes = _notes("modern", [20, 20], 0, {}, ["p2 bet 1", "p1 fold"], 1)
    assert notes[0].startswith("you are the last one in but played blind")
    assert "the 3 chips are carried to the next deal" in notes[0]
    assert "look old or look new" in notes[0] and "release" in notes[0]


def _retained_table() -> Any:
    return _table("modern", [20, 20], 0, {}, ["p2 bet 1", "p1 fold", "p2 retain", "p1 bet 1"])


def test_retained_blind_hand_look_new_shows_which_hand_is_which() -> None:
    t = _retained_table()
    legal = t.legal_actions()
    assert t.to_act == 1
    assert two_hands_text((), 1, legal) == ("two blind hands: old (retained from the last "
                                            "deal) and new, both face down")
    t.apply_text("p2 look new")
    view = t.state.view(1)
    text = own_cards_text(view, 1, view.legal)
    new = [e for e in t.state.events if e.kind == "look"][-1]
    cards = " ".join(str(card_from_id(c)) for c in new.cards or ())
    assert text == (f"new hand {cards} (looked at); old (retained) hand face down, not seen: "
                    "keep or throw")
    notes = explain_lines(t.rules, view.events, 1)
    assert notes[-1].startswith(f"you look at the new hand: {cards}")
    assert "throw gives it up and plays the old (retained) hand sight unseen" in notes[-1]
    t.apply_text("p2 throw")
    view = t.state.view(1)
    assert own_cards_text(view, 1, ()) == (f"playing the old (retained) hand, blind; the new "
                                           f"hand ({cards}) was thrown")
    assert explain_lines(t.rules, t.state.view(0).events, 0)[-1] == (
        "p2 throws the new hand away and plays the old (retained) hand, blind")


def test_replay_reports_the_retained_hand_actually_played() -> None:
    from bragkit.history import history_of, replay

    t = _retained_table()
    old = t.state.retained_hand[1]
    t.apply_text("p2 look new")
    t.apply_text("p2 throw")
    t.apply_text("p2 see")
    result = replay(history_of(t))
    deal = result.summary()["deals"][1]
    held = " ".join(str(card_from_id(c)) for c in old)
    assert deal["retained_hand"] == {"p2": held}
    assert deal["played"] == {"p2": held}
    assert f"  p2 played: {held}" in result.text()


def test_4_card_discards_are_named_only_to_their_owner() -> None:
    hands = {0: "3s 3h 3d 9c", 1: "Ks Kh 9d 8c"}
    moves = ["p2 look", "p2 discard 8c", "p2 bet 2", "p1 look", "p1 discard 9c", "p1 see"]
    notes = _notes("modern-4card", [20, 20], 0, hands, moves, 1)
    assert notes[:2] == ["you show Ks Kh 9d: Pair of kings, nine kicker",
                         "p1 shows 3s 3h 3d: Prial of threes"]
    assert "9c" not in " ".join(notes)
    assert name_hand(get_preset("modern-4card"), "3s 3h 3d 9c") == \
        "Prial of threes, 9c discarded"


def test_wild_cards_say_what_they_stand_for() -> None:
    notes = _notes("modern-wild-twos", [20, 20], 0, {0: "3s 3h 2d", 1: "Ks Kh 9c"}, SEE, 1)
    assert notes[1] == "p1 shows 3s 3h 2d: Prial of threes (1 wild card): 2d as a three"
    assert notes[2].startswith("p1 saw you and wins")


def test_4_7_teen_patti_side_show_is_explained_only_to_its_two_players() -> None:
    hands = {0: "As Ad 4c", 1: "Kc Kd 2h", 2: "Qs Qh 3d"}
    moves = ["p1 look", "p1 bet 2", "p2 look", "p2 sideshow 2", "p1 accept"]
    mine = _notes("teen-patti", [100] * 4, 3, hands, moves, 1)
    assert mine[-1] == ("you lose the side show: p1's Pair of aces, four kicker beats your "
                        "Pair of kings, two kicker")
    theirs = _notes("teen-patti", [100] * 4, 3, hands, moves, 2)
    assert theirs == ["p2 loses the side show with p1 and folds (only those two saw the "
                      "hands)"]


POKER_HANDS = {0: "9s 4s 5h", 1: "Ks Kh 2c", 2: "3c 3d 3h"}


def test_foster_showdown_names_every_hand() -> None:
    notes = _notes("foster", [50] * 3, 0, POKER_HANDS,
                   ["p1 ante 2", "p2 call", "p3 call", "p1 stand"], 0)
    assert notes[-1] == ("p3 takes the pot (6 chips): showdown, p3's Triplet of threes beats "
                         "p2's Pair of kings, two kicker and your High card 9-5-4")


def test_american_braggers_are_spelled_out() -> None:
    notes = _notes("american", [50] * 3, 0, {**POKER_HANDS, 2: "3c 3d 9h"},
                   ["p1 ante 2", "p2 call", "p3 call", "p1 stand"], 0)
    assert "p3 shows 3c 3d 9h: Triplet of threes with a bragger (9♥): 9h for a three" in notes


def test_three_stake_explains_all_three_pools() -> None:
    notes = _notes("three-stake", [50] * 3, 0, {**POKER_HANDS, 1: "Ks Kh Ac"},
                   ["p2 bet 2", "p3 call", "p1 pass"], 0)
    assert notes[0] == ("pool 1: p2's face-up Ac is the best face-up card, so p2 takes pool 1 "
                        "(3 chips)")
    assert notes[3].startswith("p3 takes pool 2 (7 chips): showdown, p3's Triplet of threes")
    assert notes[-1] == ("pool 3: p2 is nearest to thirty-one with 31 (p3 9, you 18), so p2 "
                         "takes pool 3 (3 chips)")


def test_commerce_best_hand_and_widow_lives() -> None:
    hands = {0: "9s 4s 5h", 1: "Ks Kh Kc", 2: "3c 3d 2h"}
    notes = _notes("commerce", [50] * 3, 0, hands, ["p2 stand"], 0)
    assert notes[-2].startswith("p2 takes the pool (4 chips): the best hand wins; p2's Tricon "
                                "of kings beats")
    assert notes[-1] == "the dealer did not win, so you pay p2 1 chip (dealer_pays_winner)"
    widow = _notes("commerce-widow", [50] * 3, 0, hands,
                   ["p1 keep", "p2 stand", "p3 pass", "p1 pass"], 0)
    assert widow[-1] == "you had the worst hand and lose a life (2 left)"


def test_commerce_widow_table_shows_lives_and_the_choosing_dealer() -> None:
    t = open_table(get_preset("commerce-widow"), [50] * 3, 0, seed=3)
    view = t.state.view(0)
    assert lives_text(view, 1) == ", 3 lives"
    assert str(own_cards_text(view, 0, view.legal)).startswith("face down: as dealer you choose")
    assert lives_text(open_table(get_preset("commerce"), [50] * 3, 0, seed=3).state.view(0),
                      0) == ""


def test_4_8_brag_poker_prices_are_true_for_a_blind_player() -> None:
    t = open_table(get_preset("brag-poker"), [100] * 3, 0, seed=1)
    found = prices(t.state, t.to_act, t.legal_actions())
    assert [str(p) for p in found] == ["look free", "fold free",
                                       "call costs 1 (half price while you are blind: "
                                       "counts as 2)", "raise 4 costs 6"]
    for move in ("p1 call", "p2 call", "p3 check", "p2 stand", "p3 stand", "p1 stand"):
        t.apply_text(move)
    found = prices(t.state, t.to_act, t.legal_actions())
    assert stay_in_text(found, "brag-poker") == "to stay in: free (check)"
    assert "counts double" not in " ".join(str(p) for p in found)


def test_modern_blind_bet_counts_double_and_is_priced() -> None:
    t = open_table(get_preset("modern"), [100] * 3, 0, seed=1)
    found = prices(t.state, t.to_act, t.legal_actions())
    assert stay_in_text(found) == "to stay in: 1 (bet; you are blind: a blind bet counts " \
                                  "double)"


def test_help_says_1_chip_and_the_game_specific_meanings() -> None:
    usage, text = usage_and_meaning(LegalAction("bet", lo=1, hi=1), get_preset("modern"))
    assert usage == "bet 1"
    assert "1 chip:" in text and "1 chips" not in text
    widow = get_preset("commerce-widow")
    assert "YOURS WIDOWS" in meaning("exchange", widow)
    assert meaning("pass", widow) != meaning("pass", get_preset("foster"))
    assert "pool 2" in meaning("bet", get_preset("three-stake"))
    assert "neighbour" in meaning("barter", get_preset("commerce"))
    assert meaning("look", get_preset("modern"), ("old", "new")).startswith("look old|new")
    assert "sight unseen" in meaning("throw", get_preset("modern"))


def _random_deals(preset: str, seed: int, deals: int = 3) -> Any:
    rules = get_preset(preset)
    t = open_table(rules, [30] * 3, 0, seed=seed, keep_states=True)
    rng = random.Random(seed)
    offered: set[tuple[str, tuple[str, ...]]] = set()
    steps = 0
    while len(t.records) < deals and not t.over and steps < 300:
        steps += 1
        legal = t.legal_actions()
        for la in legal:
            offered.add((la.kind, la.args if set(la.args) == {"old", "new"} else ()))
        keep = [la for la in legal if la.kind != "fold"] or list(legal)
        la = rng.choice(keep if rng.random() < 0.8 else list(legal))
        t.apply_move(t.to_act, rng.choice(la.examples()[:2]))
    return t, offered


GAMES = [p for p in preset_names() if p != "casino"]
_CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[cdhs](?![\w])")


@pytest.mark.parametrize("preset", GAMES)
def test_every_offered_action_has_a_meaning_and_no_note_names_a_hidden_card(
        preset: str) -> None:
    for seed in range(3):
        t, offered = _random_deals(preset, seed)
        for kind, args in offered:
            assert meaning(kind, t.rules, args), f"{preset}: no help for {kind}"
        for record in t.records:
            final = record.final
            for reader in range(final.n):
                visible = {str(card_from_id(c)) for e in final.events if e.cards
                           and e.visible(reader) for c in e.cards}
                for note in explain_lines(record.rules, final.events, reader):
                    for card in _CARD.findall(re.sub(r"(as|for) the \S+", "", note)):
                        assert card in visible, f"{preset}: {note!r} names {card}"


def test_4_4_7_face_up_retained_hand_nobody_stays_the_antes_are_collected() -> None:
    t = _table("modern-face-up", [20, 20, 20], 0, {},
               ["p2 bet 1", "p3 fold", "p1 fold", "p2 retain"])
    assert [str(la) for la in t.legal_actions()] == ["fold"]  # p3 cannot beat 4s 5h 6d
    t.apply_text("p3 fold")
    while t.deal_no == 1:
        t.apply_text(f"p{t.to_act + 1} fold")
    notes = explain_lines(t.rules, t.last_final.events, 0)
    assert notes[1] == ("p2 plays the retained hand blind, with a second hand face up: "
                        "4s 5h 6d, Run 6-5-4. Every other player must beat the face-up hand "
                        "to stay in")
    assert notes[2].startswith("nobody stayed against the face-up hand, so p2 collects this "
                               "deal's antes (3 chips; faceup_collects=antes)")


def test_replay_as_a_seat_explains_what_that_seat_saw() -> None:
    from bragkit.history import history_of
    from bragkit.history.seat import seat_text

    t = _table("modern", [20, 20], 0, {0: "Ks Kh 2c", 1: "3s 4h 9d"}, SEE)
    seen = seat_text(history_of(t), 1)
    assert "  why: p1 saw you and wins: p1's Pair of kings, two kicker beats your High card " \
           "9-4-3" in seen


def test_a_suited_wild_card_stands_for_a_named_card_not_a_card_text() -> None:
    assert name_hand(get_preset("modern-wild-twos"), "2c Ah Kh") == \
        "Running flush A-K-Q (1 wild card): 2c as the queen of hearts"


def test_every_action_kind_of_the_engine_has_a_help_meaning_in_every_game() -> None:
    from bragkit.engine.actions import AMOUNT_KINDS, ARG_KINDS, PLAIN_KINDS
    from bragkit.explain.actions import all_kinds

    kinds = PLAIN_KINDS | AMOUNT_KINDS | ARG_KINDS
    assert kinds <= all_kinds()
    for preset in GAMES:
        missing = [kind for kind in kinds if not meaning(kind, get_preset(preset))]
        assert not missing, (preset, missing)
