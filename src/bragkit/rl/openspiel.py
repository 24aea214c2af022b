"""bragkit's brag-style games as an OpenSpiel game: importing this module registers
``python_bragkit``.

>>> import pyspiel
>>> import bragkit.rl.openspiel
>>> game = pyspiel.load_game("python_bragkit(preset=modern,players=2)")
>>> s = game.new_initial_state()
>>> s.is_chance_node(), len(s.chance_outcomes())
(True, 52)
>>> while s.is_chance_node():
...     s.apply_action(s.chance_outcomes()[0][0])
>>> s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
(0, ['look', 'fold', 'bet@min', 'bet@x2', 'bet@max'])

Parameters (``pyspiel.load_game("python_bragkit(key=value,...)")``):

==========  ============  ====================================================================
key         default       meaning
==========  ============  ====================================================================
preset      modern        a brag-style preset (modern..., teen-patti...)
players     2             seats; OpenSpiel player ``i`` is engine seat ``i`` and the dealer is
                          the last seat, so player 0 acts first
stack       12            chips each seat brings, the ante included
deck        52            52, or 8, 12, 16, ...: a reduced deck of the top ``deck/4`` ranks in
                          four suits (the same cards as ``bragkit.solve``'s ``--deck``)
deal        cards         ``cards``: one chance node per card dealt (``ChanceDeal`` of the
                          engine contract, probability ``1/cards left``); ``hands``: one chance
                          node per seat, whose outcome is its whole hand (an index into the
                          sorted combinations of the cards left), 36 times fewer histories;
                          ``classes`` (two players): one chance node per seat whose outcome is
                          a suit-isomorphism class of hands (see below)
bets        min;x2;pot;m  the bet buckets (:mod:`bragkit.engine.discrete`), ``;``-separated;
                          ``min;dbl`` is the solver's stay-or-double
max_raises  -1            at most this many ``x2``/``dbl`` bets in a deal (-1: no cap)
rules       ""            rule keys, ``key:value`` pairs separated by ``;`` (after the preset's;
                          ``blind_winner_policy`` is ``wins`` unless given: a carried pot would
                          link deals)
==========  ============  ====================================================================

Returns are each seat's net chips of the deal (zero-sum).  The chance nodes deal only the
hands (``cards`` per seat times seats): exact for the games that read no card below them
(not for a face-up stub, whose cards then come in the pack's canonical order).

Information states: the string is the seat, then the seat's event log as it sees it (its
:class:`~bragkit.engine.contract.InfoKey`, which grows with every event: perfect recall; a
blind seat's never holds its cards).  The observation tensor is a one-hot of the player, then
the :mod:`bragkit.rl.observe` vector (which holds the 16 latest events); the
information-state tensor adds the seat's **whole** event log, oldest first, one row per event
(kind, relative seat, amount) up to :func:`event_bound` rows, a bound no deal can exceed (it
follows from the chips at the table, :func:`action_bound`; a longer log would raise, nothing
is cut): perfect recall for the tensor as for the string.  ``max_game_length`` is
:func:`chance_nodes` + :func:`action_bound`.  ``rebuy_anytime`` is refused (a rebuy every
turn makes a deal unbounded).

``deal=classes`` is the lossless reduction the solver uses (docs/solver.md): hands that differ
only by a permutation of the suits are strategically identical.  Chance deals the first seat's
class (probability: class size / hands), placed as the class's canonical hand ``R``, then the
second seat's class with probability (hands of the class disjoint from ``R``) / (hands left),
placed as its first such hand; by suit symmetry this is the exact joint law of the two classes.
A seat's information state holds its class (the canonical hand), not the cards placed, and the
tensors show the canonical hand.  The values of the game are those of ``deal=hands``
(tests/test_rl_openspiel.py checks it with ``sequence_form_lp`` on an 8-card deck).

HU-Brag-S12 of ``brag solve`` (docs/solver.md) is :func:`hu_brag_params`: two players,
``min_bet`` 2 open chips (a stake of 1 blind unit), ``bets=min;dbl``, ``max_raises=2``, the
cover rule and a blind fold-out winner taking the pot.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt
import pyspiel

from bragkit.cards import Card, card_from_id
from bragkit.engine import BragFamily, BragState, family_for
from bragkit.engine.actions import Action
from bragkit.engine.contract import ChanceDeal, GameState
from bragkit.engine.discrete import LAYOUTS, ActionSpace, KindSlots
from bragkit.engine.pack import fresh_pack
from bragkit.errors import RulesError
from bragkit.games import engine_of
from bragkit.rl.observe import Observer
from bragkit.rules import Rules, get_preset

__all__ = ["DEFAULTS", "GAME_TYPE", "BragSpielGame", "BragSpielState", "Config", "Context",
           "action_bound", "canonical", "chance_nodes", "event_bound", "hu_brag_params", "load"]

DEFAULTS: Final[dict[str, int | str]] = {
    "preset": "modern", "players": 2, "stack": 12, "deck": 52, "deal": "cards",
    "bets": "min;x2;pot;max", "max_raises": -1, "rules": "",
}
"""The game's parameters and their defaults."""
MAX_PLAYERS: Final = 6
CACHE_SIZE: Final = 200_000
"""The most public histories whose legal actions a game keeps."""

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_bragkit",
    long_name="bragkit Brag (Python)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)


def _value(text: str) -> object:
    if text.lstrip("-").isdigit():
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


@dataclass(frozen=True)
class Config:
    """The checked parameters of one ``python_bragkit`` game."""

    rules: Rules
    players: int
    stack: int
    deck: tuple[int, ...]
    deal: str
    bets: tuple[str, ...]
    max_raises: int

    @staticmethod
    def of(params: dict[str, object]) -> Config:
        """The configuration of ``params`` (the defaults for keys not given)."""
        p = {**DEFAULTS, **params}
        unknown = sorted(set(p) - set(DEFAULTS))
        if unknown:
            raise RulesError(f"python_bragkit has no parameter {', '.join(unknown)}")
        preset = str(p["preset"])
        base = get_preset(preset)
        if engine_of(base.game) != "brag":
            raise RulesError(f"python_bragkit plays the brag-style games, not {preset}")
        keys: dict[str, object] = {"blind_winner_policy": "wins"}
        for pair in filter(None, str(p["rules"]).split(";")):
            key, sep, value = pair.partition(":")
            if not sep:
                raise RulesError(f"rules: {pair!r} is not key:value")
            keys[key.strip()] = _value(value.strip())
        rules = base.replace(**keys)
        if rules.rebuy_anytime:
            raise RulesError("python_bragkit: rebuy_anytime lets a deal go on without end (a "
                             "rebuy every turn); OpenSpiel needs a finite game")
        players = int(str(p["players"]))
        if not 2 <= players <= min(MAX_PLAYERS, rules.max_players()):
            raise RulesError(f"players must be 2..{min(MAX_PLAYERS, rules.max_players())}, "
                             f"not {players}")
        deck = int(str(p["deck"]))
        full = fresh_pack(rules)
        if deck != 52 and (deck % 4 or not rules.cards * players <= deck < 52):
            raise RulesError(f"deck must be 52 or a multiple of 4 with at least "
                             f"{rules.cards * players} cards, not {deck}")
        cards = full if deck == 52 else tuple(c for c in full if 52 - deck <= c < 52)
        deal = str(p["deal"])
        if deal not in ("cards", "hands", "classes"):
            raise RulesError(f"deal must be cards, hands or classes, not {deal!r}")
        if deal == "classes" and players != 2:
            raise RulesError("deal=classes is exact for two players only")
        bets = tuple(str(p["bets"]).split(";"))
        if "min" not in bets:
            raise RulesError("bets must include min (the stay)")
        return Config(rules, players, int(str(p["stack"])), tuple(sorted(cards)), deal, bets,
                      int(str(p["max_raises"])))

    def space(self) -> ActionSpace:
        """The action space: the brag layout with this game's bet buckets."""
        return ActionSpace([KindSlots("bet", buckets=self.bets) if row.kind == "bet" else row
                            for row in LAYOUTS["brag"]])


def hu_brag_params(stack: int = 12, deck: int = 52, deal: str = "cards") -> dict[str, object]:
    """The parameters of HU-Brag-S12 (``brag solve``'s game) with ``stack`` and ``deck``.

    >>> hu_brag_params(stack=3, deck=12)["bets"]
    'min;dbl'
    """
    return {"preset": "modern", "players": 2, "stack": stack, "deck": deck, "deal": deal,
            "bets": "min;dbl", "max_raises": 2,
            "rules": "ante:1;min_bet:2;short_stack_policy:cover;blind_winner_policy:wins;"
                     "see_cost:double"}


def action_bound(config: Config) -> int:
    """The most actions the seats can take in one deal of ``config`` (chance excluded).

    Every turn ends with a bet, a see (each moves at least one chip, and the table has
    ``players * stack``), a fold or a cover (at most one per seat), so a deal has at most
    ``T = players * stack + 2 * players + 1`` turns.  Within a turn a seat may first propose
    a showdown that the others answer (three or more seats, once per turn: ``players``
    actions), ask for a side show that is answered (Teen Patti: 2) or borrow and be lent to
    (``lend_or_show``: 2).  Once a deal each seat may look (two hands: twice) and discard,
    and the dealer may name the game.  The bound is ``T * (1 + those per turn) + players *
    (2 + discard) + 1``; long random deals of every preset stay within it
    (tests/test_rl_openspiel.py).

    >>> action_bound(Config.of(hu_brag_params()))
    34
    """
    r = config.rules
    n = config.players
    family = _family(config)
    per_turn = ((n if family.agreed_showdown and r.agreed_showdown and n >= 3 else 0)
                + (2 if family.has_extra and n >= 3 else 0)
                + (2 if r.short_stack_policy == "lend_or_show" else 0))
    turns = n * config.stack + 2 * n + 1
    return turns * (1 + per_turn) + n * (2 + (1 if r.cards > 3 else 0)) + 1


def chance_nodes(config: Config) -> int:
    """The chance nodes of one deal: one per card dealt (``deal=cards``) or per seat."""
    return config.rules.cards * config.players if config.deal == "cards" else config.players


def event_bound(config: Config) -> int:
    """The most events a seat's log (its :class:`~bragkit.engine.contract.InfoKey`) holds
    in one deal of ``config``: the deal's start (``2 * players + 2``: the start, the antes,
    the deals and a face-up stub), one event per action (:func:`action_bound`), one more per
    fold (a stub), three more per side show answered (the two hands compared and the fold),
    and the end of the deal (hands shown, discards revealed, awards: ``3 * players + 10``).
    The information-state tensor holds this many events.

    >>> event_bound(Config.of(hu_brag_params()))
    58
    """
    n = config.players
    turns = n * config.stack + 2 * n + 1
    sideshows = 3 * turns if _family(config).has_extra and n >= 3 else 0
    return 2 * n + 2 + action_bound(config) + n + sideshows + 3 * n + 10


def _family(config: Config) -> BragFamily:
    """The engine family of ``config``'s game (what its betting may offer)."""
    return family_for(config.rules)


class Context:
    """What every state of one game shares (immutable; a state's copies share it)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.space = config.space()
        self.observer = Observer(config.players)
        hand = config.rules.cards
        self.combos: tuple[tuple[int, ...], ...] = ()
        self.classes: tuple[tuple[tuple[int, ...], ...], ...] = ()
        if config.deal == "hands":
            self.combos = tuple(itertools.combinations(config.deck, hand))
        elif config.deal == "classes":
            groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
            for h in itertools.combinations(config.deck, hand):
                groups.setdefault(canonical(h), []).append(h)
            self.classes = tuple(tuple(groups[k]) for k in sorted(groups))
        self.canon = {h: k for k, members in enumerate(self.classes) for h in members}
        """Each hand's class (``deal=classes``)."""
        self.hands_left = comb(len(config.deck) - hand, hand)
        self.events = event_bound(config)
        """The information-state tensor's rows of events (:func:`event_bound`)."""
        self.legal_cache: dict[tuple[int, ...], dict[int, Action]] = {}
        self.cacheable = config.rules.game == "modern" and config.rules.cards == 3
        """The legal actions per public history (:meth:`BragSpielState._options`)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Context:
        return self

    def start(self, order: tuple[int, ...]) -> BragState:
        """The deal's first state from the dealt cards ``order`` (top first)."""
        c = self.config
        placed = set(order)
        pack = order + tuple(x for x in fresh_pack(c.rules) if x not in placed)
        return BragState.start(c.rules, (c.stack,) * c.players, c.players - 1, pack)


class BragSpielGame(pyspiel.Game):
    """The ``python_bragkit`` game (see the module)."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        self.config = Config.of(dict(params or {}))
        c = self.config
        self.ctx = Context(c)
        self.space = self.ctx.space
        self.observer = self.ctx.observer
        n, hand = c.players, c.rules.cards
        outcomes = {"cards": len(c.deck), "hands": comb(len(c.deck), hand),
                    "classes": len(self.ctx.classes)}[c.deal]
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.n, max_chance_outcomes=outcomes, num_players=n,
            min_utility=-float(c.stack), max_utility=float(c.stack * (n - 1)),
            utility_sum=0.0, max_game_length=chance_nodes(c) + action_bound(c))
        super().__init__(GAME_TYPE, info, dict(DEFAULTS, **(params or {})))

    def new_initial_state(self) -> BragSpielState:
        """The chance node before the deal."""
        return BragSpielState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, object] | None = None) -> SpielObserver:
        """The observer of information states (perfect recall) or observations."""
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return SpielObserver(self.ctx, recall)


Node = GameState | ChanceDeal[BragState] | tuple[int, ...]
"""A state's node: the engine state, the card-by-card chance node, or the hands dealt."""


class _History:
    """A state's mutable part.  OpenSpiel clones a Python state by deep-copying its
    attributes: this copy shares the (immutable) engine state and the context."""

    __slots__ = ("ctx", "node", "path", "raises")

    def __init__(self, ctx: Context, node: Node, raises: int,
                 path: tuple[int, ...] = ()) -> None:
        self.ctx = ctx
        self.node = node
        self.raises = raises
        self.path = path
        """The seats' actions so far."""

    def __deepcopy__(self, memo: dict[int, object]) -> _History:
        return _History(self.ctx, self.node, self.raises, self.path)


class BragSpielState(pyspiel.State):
    """One history of ``python_bragkit``: a chance node of the deal or an engine state."""

    def __init__(self, game: BragSpielGame) -> None:
        super().__init__(game)
        ctx = game.ctx
        c = ctx.config
        node: Node = (ChanceDeal(ctx.start, c.deck, c.rules.cards * c.players)
                      if c.deal == "cards" else ())
        self.h = _History(ctx, node, 0)

    @property
    def g(self) -> Context:
        """The game's shared context."""
        return self.h.ctx

    @property
    def node(self) -> Node:
        """The engine state, or the chance node of the deal."""
        return self.h.node

    @node.setter
    def node(self, value: Node) -> None:
        self.h.node = value

    @property
    def raises(self) -> int:
        """How many ``x2``/``dbl`` bets the deal has had."""
        return self.h.raises

    @raises.setter
    def raises(self, value: int) -> None:
        self.h.raises = value

    # ------------------------------------------------------------------ helpers
    def engine(self) -> GameState | None:
        """The engine state once the cards are dealt."""
        node = self.node
        if isinstance(node, tuple | ChanceDeal):
            return None
        return node

    def _hands_pack(self, hands: tuple[int, ...]) -> tuple[int, ...]:
        """The top of the pack that deals hand ``combos[hands[i]]`` to the ``i``-th seat
        served (the dealer's left first, one card each in turn)."""
        c = self.g.config
        n = c.players
        if self.g.classes:
            first = self.g.classes[hands[0]][0]
            second = next(h for h in self.g.classes[hands[1]] if set(first).isdisjoint(h))
            chosen = [first, second]
        else:
            chosen = [self.g.combos[h] for h in hands]
        return tuple(chosen[i][j] for j in range(c.rules.cards) for i in range(n))

    def _options(self) -> dict[int, Action]:
        """The legal indices with their engine actions.  In three-card modern Brag they are
        a function of the seats' actions so far (no card decides what a seat may do next;
        Four and Five Card Brag's discards and Teen Patti's side shows do), so there they are
        cached per action sequence, shared by every deal that reaches it."""
        state = self.engine()
        if state is None or state.is_over:
            return {}
        me = state.to_act
        cache = self.g.legal_cache
        key = self.h.path
        if self.g.cacheable:
            found = cache.get(key)
            if found is not None:
                return found
        legal = state.legal_actions()
        pot = state.view(me).pot
        c = self.g.config
        space = self.g.space
        out: dict[int, Action] = {}
        for i in space.legal_indices(legal, pot):
            if space.slots[i].bucket in ("x2", "dbl") and 0 <= c.max_raises <= self.raises:
                continue
            out[i] = space.action(i, legal, pot)
        if self.g.cacheable and len(cache) < CACHE_SIZE:
            cache[key] = out
        return out

    # ------------------------------------------------------------------ the OpenSpiel API
    def current_player(self) -> int:
        """The seat to act, or CHANCE / TERMINAL."""
        state = self.engine()
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._options())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards (or hands) that may be dealt next, with their probabilities."""
        node = self.node
        if isinstance(node, ChanceDeal):
            return [(card, float(p)) for card, p in node.chance_outcomes()]
        if isinstance(node, tuple) and self.g.classes:
            if not node:
                total = sum(len(m) for m in self.g.classes)
                return [(k, len(m) / total) for k, m in enumerate(self.g.classes)]
            first = set(self.g.classes[node[0]][0])
            counts = [sum(1 for h in m if first.isdisjoint(h)) for m in self.g.classes]
            return [(k, x / self.g.hands_left) for k, x in enumerate(counts) if x]
        if isinstance(node, tuple):
            used = {x for h in node for x in self.g.combos[h]}
            free = [k for k, combo in enumerate(self.g.combos) if used.isdisjoint(combo)]
            return [(k, 1.0 / len(free)) for k in free]
        return []

    def _apply_action(self, action: int) -> None:
        node = self.node
        if isinstance(node, ChanceDeal):
            self.node = node.apply_chance(int(action))
            return
        if isinstance(node, tuple):
            hands = (*node, int(action))
            self.node = (self.g.start(self._hands_pack(hands))
                         if len(hands) == self.g.config.players else hands)
            return
        move = self._options().get(int(action))
        if move is None:
            raise RulesError(f"python_bragkit: action {action} is not legal here")
        if self.g.space.slots[action].bucket in ("x2", "dbl"):
            self.raises += 1
        self.h.path = (*self.h.path, int(action))
        self.node = node.apply(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self.g.config.deal == "hands":
                return "deal " + " ".join(map(_card, self.g.combos[action]))
            if self.g.config.deal == "classes":
                return "deal class " + " ".join(map(_card, self.g.classes[action][0]))
            return f"deal {_card(action)}"
        return self.g.space.slots[action].name

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        state = self.engine()
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        """Each seat's net chips (0 before the end)."""
        state = self.engine()
        if state is None or not state.is_over:
            return [0.0] * self.g.config.players
        out = [float(x) for x in state.returns()]
        if sum(out) != 0:
            raise RulesError("python_bragkit: a deal's returns do not sum to 0 (a carried "
                             "pot?); keep blind_winner_policy=wins")
        return out

    def __str__(self) -> str:
        state = self.engine()
        if state is None:
            node = self.node
            dealt = node.dealt if isinstance(node, ChanceDeal) else node
            return f"dealing {dealt}"
        return " ".join(state.action_strings())


def _card(card_id: int) -> str:
    return str(card_from_id(card_id))


def canonical(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The least (sorted card ids) of ``hand`` under the 24 permutations of the suits: equal
    for two hands exactly when a suit permutation maps one onto the other.

    >>> canonical((51, 47, 43)) == canonical((48, 44, 40)), canonical((51, 47, 43))
    (True, (40, 44, 48))
    """
    best: tuple[int, ...] | None = None
    for perm in itertools.permutations(range(4)):
        image = tuple(sorted(4 * (c // 4) + perm[c % 4] for c in hand))
        if best is None or image < best:
            best = image
    return best if best is not None else hand


class SpielObserver:
    """The PyObserver of ``python_bragkit``: strings and tensors.  The observation tensor
    is a one-hot of the player, then the :mod:`bragkit.rl.observe` vector; the
    information-state tensor (``recall``) adds the seat's whole event log, oldest first,
    in :func:`event_bound` rows (:meth:`~bragkit.rl.observe.Observer.history`)."""

    def __init__(self, game: Context, recall: bool) -> None:
        self.game = game
        self.recall = recall
        n = game.config.players
        size = game.observer.size
        log = game.events * game.observer.event_width if recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(n + size + log, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            "player": self.tensor[:n], "observation": self.tensor[n:n + size]}
        if recall:
            self.dict["history"] = self.tensor[n + size:]

    def set_from(self, state: BragSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        self.tensor.fill(0)
        self.tensor[player] = 1.0
        engine = state.engine()
        if engine is not None:
            c = self.game.config
            view = engine.view(player)
            obs = self.dict["observation"]
            obs[:] = self.game.observer.vector(view, c.stack * c.players)
            if self.game.classes:     # the class's canonical hand, never the cards placed
                lo, hi = self.game.observer.offsets["own_cards"]
                obs[lo:hi] = 0.0
                own = self._class_hand(view.own_cards)
                if own is not None:
                    obs[[lo + x for x in own]] = 1.0
                for block in ("cards_seen", "shown"):
                    lo, hi = self.game.observer.offsets[block]
                    obs[lo:hi] = 0.0
            if self.recall:
                events = engine.info_key(player).events
                if len(events) > self.game.events:
                    raise RulesError(f"python_bragkit: {len(events)} events, more than the "
                                     f"bound {self.game.events} (event_bound)")
                self.dict["history"][:] = self.game.observer.history(
                    events, player, c.stack * c.players, self.game.events)

    def _class_hand(self, cards: tuple[Card, ...] | None) -> tuple[int, ...] | None:
        if cards is None:
            return None
        k = self.game.canon[tuple(sorted(c.id for c in cards))]
        return self.game.classes[k][0]

    def string_from(self, state: BragSpielState, player: int) -> str:
        """``player``'s information state (``recall``) or observation, as text."""
        engine = state.engine()
        if engine is None:
            return f"p{player + 1} dealing"
        view = engine.view(player)
        own = " ".join(str(c) for c in view.own_cards) if view.own_cards is not None else "blind"
        if self.game.classes:
            hand = self._class_hand(view.own_cards)
            own = "blind" if hand is None else "class " + " ".join(map(_card, hand))
            public = "|".join(str(e._replace(cards=None))
                              for e in engine.info_key(player).events)
            return f"p{player + 1} [{own}] {public}"
        if self.recall:
            return f"p{player + 1} [{own}] " + "|".join(
                str(e) for e in engine.info_key(player).events)
        recent = "|".join(str(e) for e in view.events[-4:])
        return (f"p{player + 1} [{own}] stacks {view.stacks} pot {view.pot} "
                f"to act p{view.to_act + 1} {recent}")


def load(params: dict[str, object] | None = None) -> pyspiel.Game:
    """``pyspiel.load_game("python_bragkit", params)``.

    >>> load(hu_brag_params(stack=3, deck=12, deal="hands")).num_distinct_actions()
    82
    """
    return pyspiel.load_game("python_bragkit", dict(params or {}))


pyspiel.register_game(GAME_TYPE, BragSpielGame)
