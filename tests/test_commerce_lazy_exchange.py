"""The lazily spelled ``exchange`` legal action equals the eager one (as the widow game built
it, kind ``ActionKind.EXCHANGE``) in every observable way."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.discrete import ActionSpace
from bragkit.engine.kinds import ActionKind
from bragkit.games.commerce.cards import CARD_TEXT, exchange_args
from bragkit.games.commerce.lazy import LazyExchange, legal_exchange

SIZES = ((1,), (1, 2, 3))


@st.composite
def situations(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    cards = draw(st.permutations(range(52)))
    n_hand = draw(st.integers(3, 4))
    n_widow = draw(st.integers(3, 6))
    hand = tuple(cards[:n_hand])
    widow = tuple(cards[n_hand:n_hand + n_widow])
    return hand, widow, draw(st.sampled_from(SIZES))


class _OwnRandom(random.Random):
    """A generator with its own ``random`` (so ``choice`` does not draw by ``getrandbits``)."""

    def random(self) -> float:
        return super().random()


@settings(max_examples=60, deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_lazy_exchange_is_the_eager_legal_action(
        case: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], seed: int) -> None:
    hand, widow, sizes = case
    eager = LegalAction(ActionKind.EXCHANGE, args=exchange_args(hand, widow, sizes))
    lazy = legal_exchange(hand, widow, sizes)
    # the same random draws, made before the arguments are spelled out
    r1, r2 = random.Random(seed), random.Random(seed)
    assert [lazy.sample(r1) for _ in range(20)] == [eager.sample(r2) for _ in range(20)]
    assert r1.random() == r2.random()
    # a generator of its own kind draws its own way (choice by its random()), also alike
    o1, o2 = _OwnRandom(seed), _OwnRandom(seed)
    assert [lazy.sample(o1) for _ in range(5)] == [eager.sample(o2) for _ in range(5)]
    # every argument allowed, and near misses refused, as the eager action decides
    probes = list(eager.args)
    probes += [a[::-1] for a in eager.args[:5]] + [" " + eager.args[0], eager.args[0] + " ",
                                                    eager.args[0].replace(" ", "  "), "",
                                                    CARD_TEXT[hand[0]], "Xx Ac"]
    for arg in probes:
        action = Action("exchange", arg=arg) if arg else Action("exchange")
        assert lazy.allows(action) == eager.allows(action), arg
    assert not lazy.allows(Action("stand"))
    # equal, hashed, shown and serialised alike
    assert lazy == eager and eager == lazy and hash(lazy) == hash(eager)
    assert repr(lazy) == repr(eager) and str(lazy) == str(eager)
    assert lazy.args == eager.args and lazy.args is lazy.args
    back = pickle.loads(pickle.dumps(lazy))
    assert type(back) is LegalAction and back == eager
    assert copy.deepcopy(lazy) == eager
    assert lazy.examples() == eager.examples()


def test_lazy_exchange_differs_when_the_cards_differ() -> None:
    a = legal_exchange((0, 1, 2), (48, 49, 50), (1,))
    b = legal_exchange((0, 1, 3), (48, 49, 50), (1,))
    assert a != b and a != legal_exchange((0, 1, 2), (48, 49, 50), (1, 2, 3))
    assert a != LegalAction("exchange")


def test_lazy_exchange_is_immutable() -> None:
    la = legal_exchange((0, 1, 2), (48, 49, 50), (1,))
    assert isinstance(la, LazyExchange)
    with pytest.raises(AttributeError):
        setattr(la, "kind", "stand")  # noqa: B010 - the frozen field refuses it
    with pytest.raises(AttributeError):
        setattr(la, "_hand", None)  # noqa: B010
    assert la.kind == "exchange"


def test_lazy_exchange_in_the_discrete_action_space() -> None:
    """The RL action space reads the arguments by index, as from the eager tuple."""
    space = ActionSpace.for_engine("commerce")
    hand, widow = (5, 17, 30), (2, 44, 51)
    eager = (LegalAction(ActionKind.EXCHANGE, args=exchange_args(hand, widow, (1, 2, 3))),
             LegalAction("stand"))
    lazy = (legal_exchange(hand, widow, (1, 2, 3)), LegalAction("stand"))
    assert space.options(lazy) == space.options(eager)
    assert any(a.kind == "exchange" for a in space.options(lazy).values())
