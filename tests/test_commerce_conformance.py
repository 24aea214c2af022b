"""Conformance of the Commerce games: random play of every preset and option, views, replay.

The shared checker (:func:`bragkit.testing.check_conformance`) asserts chip conservation,
no card twice, legal actions exactly when not over, illegal actions raise and change
nothing, views within :meth:`secret_cards`, and replay.  :func:`knowledge_check` adds an
independent model of what each seat may know (its own cards once seen, the widow, a barter's
two cards for its two players, every hand at the showdown), so that a wrongly public event
cannot hide a leak.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import cli
from bragkit.engine import open_table
from bragkit.games.commerce.state import CommerceState
from bragkit.history import dumps, history_of, loads, replay
from bragkit.rules import Rules, get_preset
from bragkit.testing import check_conformance
from tests.test_commerce_flows import cid, deal, play

TRADE_OPTIONS: list[tuple[str, dict[str, object]]] = [
    ("commerce", {}),
    ("commerce-32", {}),
    ("commerce-hoyle", {}),
    ("commerce", {"barter_direction": "right", "dealer_trades_free": False}),
    ("commerce", {"banker_penalty_all": True, "dealer_pays_winner": 2}),
    ("commerce", {"commerce_exact_tie": "split", "dealer_pays_double": False}),
    ("commerce", {"max_trade_rounds": 1, "trade_price": 0, "stake": 2}),
    ("commerce", {"dealer_is_eldest_for_point": True, "commerce_ranking": "hoyle18"}),
]
WIDOW_OPTIONS: list[tuple[str, dict[str, object]]] = [
    ("commerce-widow", {}),
    ("commerce-widow-stakes", {}),
    ("commerce-widow-hoyle", {}),
    ("commerce-widow-britannica", {}),
    ("commerce-pounce", {}),
    ("commerce-widow", {"worst_tie": "all", "horse_rule": "any_once", "widow_lives": 1}),
    ("commerce-widow", {"horse_rule": "none", "dealer_widow_privilege": False,
                        "win_from_pool": 3}),
    ("commerce-widow", {"commerce_exact_tie": "split", "short_pack": True, "pounce": True}),
    ("commerce-widow-hoyle", {"pounce": True, "max_trade_rounds": 2, "horse_price": 2}),
    ("commerce-widow-stakes", {"widow_rules": "britannica", "stake": 2}),
]


def _rules(name: str, keys: dict[str, object]) -> Rules:
    return get_preset(name).replace(**keys) if keys else get_preset(name)


@pytest.mark.parametrize(("name", "keys"), TRADE_OPTIONS + WIDOW_OPTIONS)
def test_conformance_random_play(name: str, keys: dict[str, object]) -> None:
    rules = _rules(name, keys)
    players = 7 if rules.short_pack else 4
    report = check_conformance(rules, hands=1000, players=players, seed=11, stack=40)
    assert report.hands >= 1000 and report.failures == []
    assert report.showdowns == report.hands            # every Commerce deal ends in a showdown
    assert report.illegal_probes > report.decisions


@pytest.mark.parametrize("players", [2, 3, 12])
def test_conformance_table_sizes(players: int) -> None:
    for name in ("commerce", "commerce-widow-britannica"):
        report = check_conformance(get_preset(name), hands=150, players=players, seed=3)
        assert report.failures == []


def _learn(st: CommerceState, allowed: list[set[int]]) -> None:
    for s in range(st.n):
        if st.looked[s]:
            allowed[s].update(st.hands[s])
        allowed[s].update(st.widow)
    if st.barter is not None:
        allowed[st.to_act].add(st.barter.card)
    if st.phase in ("horse", "over"):                  # after the showdown
        for s in range(st.n):
            for hand in st.hands:
                allowed[s].update(hand)


def knowledge_check(rules: Rules, players: int, hands: int, seed: int) -> int:
    """Random play; after every action each seat's view is within what the rules let it see."""
    rng = random.Random(seed)
    done = checked = 0
    while done < hands:
        table = open_table(rules, [30] * players, dealer=rng.randrange(players),
                        seed=rng.randrange(1 << 30))
        while not table.over and done < hands:
            st = table.state
            assert isinstance(st, CommerceState)
            allowed: list[set[int]] = [set() for _ in range(players)]
            while True:
                _learn(st, allowed)
                for s in range(players):
                    view = st.view(s)
                    known = {c.id for c in view.known_cards()}
                    assert known <= allowed[s], (s, known - allowed[s], st.action_strings())
                    if st.looked[s] and st.hands[s]:
                        assert view.own_cards is not None
                        assert [c.id for c in view.own_cards] == list(st.hands[s])
                    else:
                        assert view.own_cards is None
                    checked += 1
                if st.is_over:
                    break
                deal_no = table.deal_no
                table.apply(rng.choice(st.legal_actions()).sample(rng))
                nxt = table.state if table.deal_no == deal_no else table.records[-1].final
                assert isinstance(nxt, CommerceState)
                st = nxt
            done += 1
    return checked


@pytest.mark.parametrize(("name", "keys"), [*TRADE_OPTIONS[:4], *WIDOW_OPTIONS[:6]])
def test_views_never_leak(name: str, keys: dict[str, object]) -> None:
    assert knowledge_check(_rules(name, keys), 4, 200, seed=5) > 1000


def test_bartered_cards_seen_only_by_the_two_players() -> None:
    st = deal("commerce", 4, 3, {0: "2c 5d 9h", 1: "Ks Qs 3h", 2: "Js 5c 8d"})
    st = play(st, "p1 trade 2c", "p1 pass", "p2 barter 3h")
    assert st.view(2).offered is not None and st.view(1).offered is not None
    assert st.view(0).offered is None and st.view(3).offered is None
    st = play(st, "p3 accept Js")
    three, jack = cid("3h"), cid("Js")
    for seat in (0, 3):
        known = {c.id for c in st.view(seat).known_cards()}
        assert three not in known and jack not in known
        assert all(e.cards is None for e in st.view(seat).events
                   if e.kind in ("barter", "accept"))
    for seat in (1, 2):
        known = {c.id for c in st.view(seat).known_cards()}
        assert {three, jack} <= known
    # the traded card is seen by the trader only
    two = cid("2c")
    assert two in {c.id for c in st.view(0).known_cards()}
    assert all(two not in {c.id for c in st.view(s).known_cards()} for s in (1, 2, 3))
    assert two in st.secret_cards(1)


def test_replay_reproduces_random_sessions() -> None:
    rng = random.Random(4)
    for name, keys in TRADE_OPTIONS[:3] + WIDOW_OPTIONS[:5]:
        rules = _rules(name, keys)
        table = open_table(rules, [20, 20, 20, 20], dealer=1, seed=rng.randrange(1000))
        for _ in range(60):
            if table.over:
                break
            table.apply(rng.choice(table.legal_actions()).sample(rng))
        history = loads(dumps(history_of(table)))
        again = replay(history)
        assert again.session.stacks == table.stacks
        assert again.session.deal_no == table.deal_no
        assert [r.final for r in again.session.records] == [r.final for r in table.records]


def test_brag_replay_cli_cf1(tmp_path: Path) -> None:
    from bragkit.engine.pack import pack_text
    from bragkit.testing.fixtures import stacked_pack

    rules = get_preset("commerce")
    pack = stacked_pack(rules, 4, 3, {0: "2c 5d 9h", 1: "Ks Qs 3h", 2: "Js 5c 8d",
                                      3: "6c 7h 9d"}, rest="Tc")
    data = {"rules": "commerce", "stacks": [10, 10, 10, 10], "dealer": "p4",
            "pack": pack_text(pack),
            "deals": [["p1 trade 2c", "p1 pass", "p2 barter 3h", "p3 accept Js", "p2 pass",
                       "p3 stand"]]}
    path = tmp_path / "cf1.json"
    path.write_text(json.dumps(data))
    from bragkit.cli import replay_cmd  # noqa: F401 - registers brag replay

    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["stacks"] == [8, 15, 9, 8]
    assert summary["deals"][0]["winners"] == ["p2"]
    data["deals"] = [["p1 trade 2c", "p1 pass", "p2 barter 3h", "p3 accept 3h"]]
    path.write_text(json.dumps(data))
    bad = CliRunner().invoke(cli, ["replay", str(path)])
    assert bad.exit_code == 2
    assert "deal 1, action 4 (p3 accept 3h)" in bad.output
    assert "BARTER" in bad.output


def test_brag_replay_widow_session() -> None:
    t = open_table(get_preset("commerce-widow"), [10, 10, 10], dealer=0, seed=9)
    rng = random.Random(2)
    while not t.over:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    result = replay(loads(dumps(history_of(t))))
    assert result.session.over and result.summary()["stacks"] == list(t.stacks)
    assert sum(t.stacks) == 30
