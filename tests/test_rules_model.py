"""Rules as data: validation, presets, dict/JSON forms (rules 7)."""

from __future__ import annotations

import json

import pytest

from bragkit.errors import RulesError
from bragkit.rules import PRESETS, Rules, get_preset, preset_name, resolve, to_spec

SECTION_7_KEYS = {
    # G-M
    "ante", "min_bet", "max_bet", "raise_limit", "pot_limit", "pack_policy",
    "cut_when_unshuffled", "blind_allowed", "see_cost", "blind_definition",
    "blind_winner_policy", "retained_variant", "faceup_collects", "short_stack_policy",
    "cover_blind_winner", "agreed_showdown", "stub_face_up", "dealers_choice_every",
    "loser_must_show",
    # all
    "first_dealer", "rebuy_anytime", "min_buy_in",
    # R-MODERN, wild, G-M4/5
    "threes_high", "a23_rank", "wild", "wild_count_mode", "wild_may_duplicate",
    "discard_compare",
    # G-TP
    "tp_a23", "sideshow", "sideshow_min_active",
}


def test_7_every_modern_family_key_exists_with_the_spec_default() -> None:
    r = Rules()
    assert set(r.to_dict()) >= SECTION_7_KEYS
    assert (r.ante, r.min_bet, r.max_bet, r.raise_limit, r.pot_limit) == (1, 1, 10, None, False)
    assert (r.pack_policy, r.cut_when_unshuffled) == ("brag_unshuffled", False)
    assert (r.blind_allowed, r.see_cost, r.blind_definition) == (True, "double", "has_bet_blind")
    assert (r.blind_winner_policy, r.retained_variant, r.faceup_collects) == (
        "carry", "two_hands", "antes")
    assert (r.short_stack_policy, r.cover_blind_winner) == ("fold_or_rebuy", "wins_and_shows")
    assert (r.agreed_showdown, r.stub_face_up, r.dealers_choice_every) == (True, False, None)
    assert r.loser_must_show is False
    assert (r.threes_high, r.a23_rank, r.wild) == (True, "top", None)
    assert (r.wild_count_mode, r.wild_may_duplicate, r.discard_compare) == (
        "physical", True, "lex_high")
    assert (r.tp_a23, r.sideshow, r.sideshow_min_active) == ("top", True, 3)


def test_rules_are_frozen_and_keyword_only() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.ante = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules(1)  # type: ignore[misc]


def test_an_impossible_combination_lists_every_problem_in_one_error() -> None:
    with pytest.raises(RulesError) as info:
        Rules(ante=-1, max_bet=0, see_cost="triple", cards=6, pot_limit=True)
    text = str(info.value)
    for fragment in ("ante must be >= 0", "see_cost must be one of", "cards must be one of"):
        assert fragment in text
    assert text.count(";") >= 2


def test_value_problems_are_all_reported() -> None:
    with pytest.raises(RulesError) as info:
        Rules(ante=0, pot_limit=True, min_bet=5, max_bet=2, game="teen-patti", cards=4)
    text = str(info.value)
    assert "pot_limit needs ante >= 1" in text
    assert "max_bet (2) must be >= min_bet (5)" in text
    assert "teen-patti deals 3 cards" in text


def test_presets_exist_and_validate() -> None:
    for name in ("modern", "modern-4card", "modern-5card", "teen-patti", "modern-single-see",
                 "modern-face-up", "modern-cover", "modern-lend", "modern-stub",
                 "modern-dealers-choice", "modern-wild-twos", "modern-jokers"):
        assert isinstance(get_preset(name), Rules)
    assert get_preset("modern-4card").cards == 4
    assert get_preset("modern-5card").cards == 5
    assert get_preset("teen-patti").game == "teen-patti"
    with pytest.raises(RulesError, match="unknown preset"):
        get_preset("nope")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_round_trip_through_dict_and_json(name: str) -> None:
    rules = get_preset(name)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert resolve(to_spec(rules)) == rules
    assert preset_name(rules) is not None


def test_preset_with_overrides_and_unknown_keys() -> None:
    r = resolve({"preset": "modern-4card", "ante": 2, "wild": "twos"})
    assert (r.cards, r.ante, r.wild) == (4, 2, "twos")
    assert to_spec(r) == {"preset": "modern-4card-wild", "ante": 2}
    with pytest.raises(RulesError) as info:
        resolve({"preset": "modern", "antes": 2, "cards": "4"})
    assert "unknown rule key 'antes'" in str(info.value)
    assert "cards must be an int" in str(info.value)
    assert json.loads(r.to_json(minimal=True)) == {"ante": 2, "cards": 4, "wild": "twos"}


def test_replace_validates_again() -> None:
    with pytest.raises(RulesError, match="see_cost"):
        Rules().replace(see_cost="free")
    with pytest.raises(RulesError, match="unknown rule key"):
        Rules().replace(colour="red")


def test_7_a_rules_object_with_unknown_keys_and_bad_values_lists_every_problem() -> None:
    with pytest.raises(RulesError) as info:
        resolve({"preset": "modern", "bogus": 1, "ante": -1, "max_bet": 0, "cards": "4"})
    text = str(info.value)
    for fragment in ("unknown rule key 'bogus'", "cards must be an int", "ante must be >= 0",
                     "max_bet (0) must be >= min_bet (1)"):
        assert fragment in text


def test_7_every_brag_style_key_and_preset_is_documented() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text("utf-8")
    keys = ["game", "cards", "ante", "min_bet", "max_bet", "raise_limit", "pot_limit",
            "pack_policy", "cut_when_unshuffled", "first_dealer", "blind_allowed", "see_cost",
            "blind_definition", "blind_winner_policy", "retained_variant", "faceup_collects",
            "short_stack_policy", "cover_blind_winner", "rebuy_anytime", "rebuy_max",
            "min_buy_in", "agreed_showdown", "stub_face_up", "dealers_choice_every",
            "loser_must_show", "threes_high", "a23_rank", "wild", "jokers", "wild_count_mode",
            "wild_may_duplicate", "discard_compare", "tp_a23", "sideshow",
            "sideshow_min_active", "pot_limit_total"]
    assert [k for k in keys if f"`{k}`" not in text] == []
    brag = [n for n, r in PRESETS.items() if r.game in ("modern", "teen-patti")]
    assert [n for n in brag if f"`{n}`" not in text] == []
    checked = 0
    for line in text.splitlines():  # the documented defaults are the real ones
        cells = [c.strip() for c in line.split("|")[1:-1]]
        if len(cells) == 3 and cells[0].count("`") == 2 and "," not in cells[1]:
            key = cells[0].strip("`")
            if key in keys:
                assert json.loads(cells[1].strip("`")) == getattr(Rules(), key), key
                checked += 1
    assert checked >= 20
