"""The one contract (bragkit.engine.contract, docs/design/contract.md) on every table game:
whose turn it is, legal actions, one SeatView type, information-state keys, returns, chance."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from bragkit.engine import BragState
from bragkit.engine.actions import AMOUNT_KINDS, ARG_KINDS, PLAIN_KINDS
from bragkit.engine.contract import (
    CHANCE,
    OVER,
    ActionKind,
    ChanceDeal,
    GameState,
    GameTable,
    InfoKey,
    Phase,
    SeatStatus,
    SeatView,
    TurnFlags,
    slot_setter,
    turn_of,
)
from bragkit.engine.pack import fresh_pack, shuffled_pack
from bragkit.engine.poker.state import PokerState
from bragkit.engine.table import open_table
from bragkit.errors import IllegalActionError
from bragkit.rules import get_preset
from bragkit.rules.presets import PRESETS

TABLE_PRESETS = sorted(PRESETS)


def pots(state: GameState) -> int:
    """Chips on the table that are in no stack (every pot, carried pots included)."""
    return state.chips_in_play() - sum(state.stacks)


def check_state(state: GameState, seen: dict[str, set[str]]) -> None:
    assert isinstance(state, GameState)
    turn = state.whose_turn
    legal = state.legal_actions()
    seen["phase"].add(state.phase)
    seen["status"].update(state.status)
    if state.is_over:
        assert turn is OVER and legal == ()
    else:
        assert turn is not CHANCE, "no chance node inside a deal yet"
        assert turn == state.to_act and isinstance(turn, int) and legal
    assert state.chance_outcomes() == ()
    keys = set()
    for seat in range(state.n):
        view = state.view(seat)
        assert type(view) is SeatView
        assert view.whose_turn == turn
        assert view.legal == (legal if turn == seat else ())
        key = state.info_key(seat)
        assert key == view.info_key and isinstance(key, InfoKey)
        assert isinstance(hash(key), int)
        keys.add(key)
    assert len(keys) == state.n, "two seats never share an information state"


@pytest.mark.parametrize("preset", TABLE_PRESETS)
def test_every_state_of_every_preset_satisfies_the_contract(preset: str) -> None:
    rules = get_preset(preset)
    rng = random.Random(11)
    seen: dict[str, set[str]] = {"phase": set(), "status": set(), "kind": set()}
    finished = 0
    for t in range(3):
        n = min(rules.max_players(), 3 + t)
        table = open_table(rules, [40] * n, dealer=0, seed=t)
        assert isinstance(table, GameTable)
        decisions = 0
        while not table.over and decisions < 150:
            state = table.state
            legal = table.legal_actions()
            if state is not None and table.to_act == state.to_act:
                check_state(state, seen)
            if not legal:
                break
            choice = rng.choice(legal)
            seen["kind"].add(choice.kind)
            before = table.deal_no
            table.apply(choice.sample(rng))
            decisions += 1
            final = table.last_final
            if table.deal_no == before or final is None:
                continue
            finished += 1
            check_state(final, seen)
            first = final.first()
            # what the seats won is what was carried in minus what stays on the table
            assert sum(final.returns()) == pots(first) - pots(final) + sum(first.returns())
            if before == 0 and not any(e.kind == "rebuy" for e in final.events):
                assert final.returns() == tuple(s - 40 for s in final.stacks)
    assert finished, "no deal finished"
    assert seen["phase"] <= set(Phase), seen["phase"] - set(Phase)
    assert seen["status"] <= set(SeatStatus), seen["status"] - set(SeatStatus)
    assert seen["kind"] <= set(ActionKind), seen["kind"] - set(ActionKind)


def test_returns_are_the_brag_net() -> None:
    rules = get_preset("modern")
    s = BragState.new(rules, [20, 20, 20], rng=random.Random(4))
    for move in ("bet 2", "look", "bet 4"):
        s = s.apply(move)
        assert s.returns() == s.net
    s = s.apply("fold").apply("fold")
    assert s.is_over and s.returns() == s.net and sum(s.returns()) == 0


def test_a_blind_seats_key_never_holds_cards_it_has_not_seen() -> None:
    rules = get_preset("modern")
    a = BragState.start(rules, (30, 30, 30), 0, shuffled_pack(rules, random.Random(1)))
    b = BragState.start(rules, (30, 30, 30), 0, shuffled_pack(rules, random.Random(2)))
    assert a.hands != b.hands
    for move in ("bet 2", "bet 2"):
        a, b = a.apply(move), b.apply(move)
    assert all(a.info_key(s) == b.info_key(s) for s in range(3))
    a, b = a.apply("look"), b.apply("look")  # p1 (seat 0) looks
    assert a.info_key(0) != b.info_key(0)
    assert a.info_key(1) == b.info_key(1) and a.info_key(2) == b.info_key(2)
    assert a.info_key(1) != a.info_key(2)
    assert len(a.info_key(1).events) > len(a.first().info_key(1).events)  # perfect recall


def test_4_4_2_blind_key_differs_from_open_key_after_a_look() -> None:
    rules = get_preset("modern")
    s = BragState.start(rules, (30, 30), 0, shuffled_pack(rules, random.Random(5)))
    looked = s.apply("look")
    assert looked.info_key(1) != s.info_key(1)
    assert looked.view(1).own_cards is not None and s.view(1).own_cards is None


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "commerce",
                                    "three-stake"])
def test_chance_deal_reproduces_the_injected_pack(preset: str) -> None:
    rules = get_preset(preset)
    n = 3
    pack = shuffled_pack(rules, random.Random(9))
    starter = PokerState.start if preset in ("foster", "three-stake") else None
    if preset.startswith("commerce"):
        from bragkit.games.commerce.state import CommerceState

        direct: GameState = CommerceState.start(rules, (30,) * n, 0, pack)
        node = ChanceDeal.begin(CommerceState.start, rules, (30,) * n, 0)
    elif starter is not None:
        direct = starter(rules, (30,) * n, 0, pack)
        node = ChanceDeal.begin(starter, rules, (30,) * n, 0)
    else:
        direct = BragState.start(rules, (30,) * n, 0, pack)
        node = ChanceDeal.begin(BragState.start, rules, (30,) * n, 0)
    state: object = node
    steps = 0
    for card in pack:
        if not isinstance(state, ChanceDeal):
            break
        outcomes = state.chance_outcomes()
        assert state.whose_turn is CHANCE and state.legal_actions() == ()
        assert sum(p for _, p in outcomes) == 1
        assert {c for c, _ in outcomes} == set(pack) - set(pack[:steps])
        state = state.apply_chance(card)
        steps += 1
    assert steps == len(pack) - 1  # the last card is forced
    assert state == direct


def test_chance_deal_of_the_top_cards_only() -> None:
    rules = get_preset("modern")
    node = ChanceDeal.begin(BragState.start, rules, (9, 9), 1, cards=6)
    assert node.chance_outcomes()[0] == (0, Fraction(1, 52))
    state: object = node
    for card in (10, 20, 30, 40, 50, 3):
        assert isinstance(state, ChanceDeal)
        state = state.apply_chance(card)
    assert isinstance(state, BragState)
    rest = [c for c in fresh_pack(rules) if c not in (10, 20, 30, 40, 50, 3)]
    assert state == BragState.start(rules, (9, 9), 1, (10, 20, 30, 40, 50, 3, *rest))
    with pytest.raises(IllegalActionError, match="not left to deal"):
        node.apply_chance(0).apply_chance(0)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match=r"0\.\.52 cards"):
        ChanceDeal.begin(BragState.start, rules, (9, 9), 1, cards=53)


def test_a_deal_state_has_no_chance_node_inside() -> None:
    s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1))
    assert s.chance_outcomes() == ()
    with pytest.raises(IllegalActionError, match="no card is dealt by chance"):
        s.apply_chance(0)


def test_turn_values() -> None:
    assert turn_of("bet", 0) == 0 and turn_of("over", -1) is OVER
    assert turn_of("setup", -1) is CHANCE
    assert repr(CHANCE) == "CHANCE" and repr(OVER) == "OVER"
    assert CHANCE != OVER and CHANCE != -1 and OVER != -1


def test_str_enums_equal_todays_strings() -> None:
    assert Phase.BET == "bet" and SeatStatus.FOLDED == "folded" and ActionKind.SEE == "see"
    assert str(ActionKind.SIDESHOW) == "sideshow" and f"{Phase.OVER}" == "over"
    assert set(ActionKind) >= PLAIN_KINDS | AMOUNT_KINDS | ARG_KINDS
    assert {"ante", "pairbonus", "play", "fold"} <= set(ActionKind)  # casino's actions
    assert TurnFlags.PROPOSED | TurnFlags.REBOUGHT == 3 and TurnFlags.QUALIFYING == 4


def test_every_view_is_the_one_seat_view() -> None:
    from bragkit.games.commerce.state import CommerceState

    rules = get_preset("commerce-widow")
    s = CommerceState.new(rules, [20, 20, 20], rng=random.Random(2))
    v = s.view(s.to_act if s.to_act >= 0 else 0)
    assert type(v) is SeatView
    d = v.to_dict()
    assert d["lives"] == list(s.lives) and "contrib" not in d
    assert set(v.widow) <= set(v.known_cards())
    p = PokerState.new(get_preset("foster"), [20, 20, 20], rng=random.Random(2)).view(0)
    assert type(p) is SeatView and p.contrib == (0, 0, 0) and "contrib" in p.to_dict()


def test_slot_setter() -> None:
    new = object.__new__(InfoKey)
    for name, value in (("seat", 1), ("dealer", 0), ("stacks", (5,)), ("events", ())):
        slot_setter(InfoKey, name)(new, value)
    assert new == InfoKey(1, 0, (5,), ())
    with pytest.raises(TypeError, match="no slot 'nope'"):
        slot_setter(InfoKey, "nope")


def make_problems(cls: type, make: object) -> list[str]:
    """What is wrong with ``make`` as the typed keyword constructor of dataclass ``cls``
    (docs/design/contract.md, section 5): every field once, keyword-only, nothing else."""
    import dataclasses
    import inspect

    assert callable(make)
    params = inspect.signature(make).parameters.values()
    names = [p.name for p in params]
    fields = [f.name for f in dataclasses.fields(cls)]
    problems = [f"{p.name} is not keyword-only" for p in params
                if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    problems += [f"field {f} missing" for f in fields if f not in names]
    problems += [f"{n} is not a field" for n in names if n not in fields]
    return problems


def _makes() -> list[tuple[str, type, object]]:
    """Every module-level ``_make`` in the engines and games, with the class it builds."""
    import dataclasses
    import importlib
    import pkgutil

    import bragkit.engine
    import bragkit.games

    found = []
    for package in (bragkit.engine, bragkit.games):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, make in vars(module).items():
                if not (name == "_make" or name.startswith("_make_")) or not callable(make):
                    continue
                target = vars(module).get(str(make.__annotations__.get("return")))
                if isinstance(target, type) and dataclasses.is_dataclass(target):
                    found.append((f"{info.name}.{name}", target, make))
    return found


def test_make_problems_finds_a_misdeclared_constructor() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class P:
        x: int
        y: int

    def good(*, x: int, y: int) -> P:
        return P(x, y)

    def bad(x: int, *, z: int) -> P:
        return P(x, z)

    assert make_problems(P, good) == []
    assert make_problems(P, bad) == ["x is not keyword-only", "field y missing",
                                     "z is not a field"]


@pytest.mark.parametrize(("where", "cls", "make"), _makes(),  # ids without addresses (xdist)
                         ids=lambda v: str(getattr(v, "__qualname__", v))[:60])
def test_every_keyword_constructor_names_every_field_once(where: str, cls: type,
                                                          make: object) -> None:
    assert make_problems(cls, make) == [], where


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "brag-poker",
                                    "commerce", "commerce-widow"])
def test_an_info_key_holds_exactly_what_the_seat_knows(preset: str) -> None:
    """Deal the same cards to p1 and shuffle the other seats' cards among them: p1's first
    key is the same (it cannot tell), and over the deals played by one fixed policy, states
    with one key of p1 always show p1 one view (the key holds whatever the view shows)."""
    import dataclasses

    rules = get_preset(preset)
    start = {"foster": PokerState.start, "brag-poker": PokerState.start}.get(preset)
    if preset.startswith("commerce"):
        from bragkit.games.commerce.state import CommerceState

        start = CommerceState.start
    begin = start or BragState.start
    facts: dict[InfoKey, tuple[object, ...]] = {}
    shared = 0
    rng = random.Random(7)
    for seed in range(12):
        base = shuffled_pack(rules, random.Random(seed))
        hands: tuple[tuple[int, ...], ...] = begin(rules, (20, 20, 20), 1, base).hands
        others = [c for s in (1, 2) for c in hands[s]]
        first_keys = set()
        for _ in range(4):
            moved = dict(zip(others, rng.sample(others, len(others)), strict=True))
            pack = tuple(moved.get(c, c) for c in base)
            state: GameState = begin(rules, (20, 20, 20), 1, pack)
            first_keys.add(state.info_key(0))
            for _ in range(12):
                view = state.view(0)
                fact = tuple(getattr(view, f.name) for f in dataclasses.fields(view)
                             if f.name != "events")
                key = state.info_key(0)
                if key in facts:
                    shared += 1
                    assert facts[key] == fact, (seed, key)
                facts[key] = fact
                if state.is_over:
                    break
                legal = state.legal_actions()
                plain = [la for la in legal if not la.args] or list(legal)
                state = state.apply(plain[0].examples()[0])
        assert len(first_keys) == 1, "p1 cannot tell the other seats' cards apart"
    assert shared >= 12 * 3, shared  # the first states at least (Commerce ends at a stand)


@pytest.mark.parametrize("preset", ["casino", "three-card-poker"])
def test_4_9_every_casino_state_satisfies_the_contract(preset: str) -> None:
    from typing import cast

    from bragkit.cards import standard_pack
    from bragkit.games.casino import CasinoRules
    from bragkit.games.casino.state import CasinoState

    rules = CasinoRules.preset(preset)
    rng = random.Random(3)
    seen: dict[str, set[str]] = {"phase": set(), "status": set(), "kind": set()}
    for _ in range(200):
        state = CasinoState.start(rules, rng.randint(1, 60), rng.sample(standard_pack(), 6))
        while True:
            # every member but ``rules`` matches GameState (a CasinoRules is no Rules): cast
            check_state(cast("GameState", state), seen)
            if state.is_over:
                break
            choice = rng.choice(state.legal_actions())
            seen["kind"].add(choice.kind)
            nxt = state.apply(choice.sample(rng))
            assert nxt is not state and nxt.first() == state.first()
            state = nxt
        assert state.replay() == state
        assert sum(state.returns()) == state.stacks[0] - state.first().stacks[0]
    assert seen["phase"] == {"ante", "bet", "over"}
    assert seen["status"] == {"in", "folded", "done"}
    assert seen["kind"] == {"ante", "pairbonus", "play", "fold"}
