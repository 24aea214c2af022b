"""The conformance checker over every brag-style preset (random legal play + invariants)."""

from __future__ import annotations

import pytest

from bragkit.engine.brag.family import FAMILIES
from bragkit.rules import PRESETS, get_preset
from bragkit.testing import ConformanceError, check_conformance, check_state

BRAG_PRESETS = sorted(name for name, rules in PRESETS.items() if rules.game in FAMILIES)


@pytest.mark.parametrize("name", BRAG_PRESETS)
def test_conformance_every_preset(name: str) -> None:
    report = check_conformance(get_preset(name), hands=300, players=5, seed=17)
    assert report.hands == 300
    assert report.illegal_probes > report.decisions  # several probes per decision


def test_conformance_thousands_of_modern_hands_at_six_players() -> None:
    report = check_conformance(get_preset("modern"), hands=3000, players=6, seed=3,
                               probe_every=5)
    assert report.hands == 3000
    assert report.showdowns > 100 and report.carried > 100


def test_conformance_two_players_cover_and_lend() -> None:
    for name in ("modern-cover", "modern-lend", "modern-face-up"):
        report = check_conformance(get_preset(name), hands=300, players=2, seed=8, stack=30)
        assert report.hands == 300


def test_checker_detects_broken_invariants() -> None:
    import random

    from bragkit.engine import BragState, shuffled_pack

    rules = get_preset("modern")
    st = BragState.start(rules, (20, 20), 0, shuffled_pack(rules, random.Random(1)))
    check_state(st)
    broken = BragState.start(rules, (20, 20), 0, shuffled_pack(rules, random.Random(1))[:-1])
    with pytest.raises(ConformanceError, match="cards accounted for"):
        check_state(broken)
    object.__setattr__(st, "pot", st.pot + 1)  # simulate an engine bug
    with pytest.raises(ConformanceError, match="chips not conserved"):
        check_state(st)


COMBINATIONS = [
    {"preset": "teen-patti", "pot_limit_total": 30},
    {"preset": "modern", "raise_limit": 2, "pot_limit": True},
    {"preset": "modern-5card", "retained_variant": "face_up"},
    {"preset": "modern-4card-wild", "short_stack_policy": "cover"},
    {"preset": "modern", "blind_definition": "never_looked", "see_cost": "single"},
    {"preset": "modern-jokers", "loser_must_show": True, "stub_face_up": True},
    {"preset": "modern", "dealers_choice_every": 2, "short_stack_policy": "lend_or_show"},
    {"preset": "modern", "cut_when_unshuffled": True, "ante": 0},
]


@pytest.mark.parametrize("spec", COMBINATIONS, ids=lambda s: ",".join(f"{k}={v}"
                                                                      for k, v in s.items()))
def test_conformance_rule_combinations(spec: dict[str, object]) -> None:
    from bragkit.rules import resolve

    report = check_conformance(resolve(spec), hands=200, players=4, seed=23, stack=60)
    assert report.hands == 200


def test_secret_cards_cover_folded_and_losing_hands() -> None:
    import random

    from bragkit.engine import BragState

    rules = get_preset("modern").replace(ante=0)
    st = BragState.new(rules, [50, 50, 50], dealer=2, rng=random.Random(4))
    dealt = [st.hands[s] for s in range(3)]
    st = st.apply("look").apply("bet 2").apply("fold")  # p2 folds blind
    assert set(dealt[1]) <= st.secret_cards(0)
    assert set(dealt[0]) <= st.secret_cards(1) and not set(dealt[0]) & st.secret_cards(0)
    st = st.apply("look").apply("bet 2").apply("see")  # p1 sees p3
    assert not set(dealt[2]) & st.secret_cards(1)  # the seen hand is shown to all
    if st.winners == (2,):
        assert set(dealt[0]) <= st.secret_cards(1)  # the losing seer need not show
    else:
        assert not set(dealt[0]) & st.secret_cards(1)
    for seat in range(3):
        assert not {c.id for c in st.view(seat).known_cards()} & st.secret_cards(seat)


@pytest.mark.parametrize("name", sorted(n for n, r in PRESETS.items() if r.game not in FAMILIES))
def test_conformance_every_other_game_through_the_default_table(name: str) -> None:
    report = check_conformance(get_preset(name), hands=60, players=4, seed=5)
    assert report.hands == 60 and report.illegal_probes > 0


def test_no_possible_deal_stops_with_a_clear_error() -> None:
    from bragkit.errors import BragError
    from bragkit.rules import resolve
    from bragkit.testing import NoDealError

    with pytest.raises(NoDealError, match=r"the ante \(50\) is larger than the stacks \(20\)"):
        check_conformance(resolve({"preset": "modern", "ante": 50}), hands=1, players=2,
                          stack=20)
    with pytest.raises(BragError, match=r"no deal can start .*three stakes"):
        check_conformance(resolve({"preset": "three-stake", "stake": 10}), hands=1,
                          players=3, stack=20)
    with pytest.raises(NoDealError, match="commerce"):  # the table refuses to open
        check_conformance(resolve({"preset": "commerce", "stake": 50}), hands=1, players=3,
                          stack=20)


def test_command_line_checks_every_preset_by_default(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from bragkit.games.casino import PRESETS as CASINO
    from bragkit.testing import preset_names
    from bragkit.testing.__main__ import main

    assert set(preset_names()) == set(PRESETS) | set(CASINO)
    assert main(["--hands", "1", "--players", "4", "--seed", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == preset_names()
    assert all(line.endswith("ok") for line in lines)


@pytest.mark.parametrize("argv, message", [
    (["--set", "ante=50", "--players", "2", "--stack", "20", "modern"],
     "modern: no deal can start with 2 players of 20 chips under modern: the ante (50) is "
     "larger than the stacks (20)"),
    (["modren"], "unknown preset 'modren'"),
    (["--set", "ante", "modern"], "bad house rule"),
])
def test_command_line_user_errors_exit_2_with_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bragkit.testing.__main__ import main

    assert main(["--hands", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
