"""The public game tree of the heads-up solved games (HU-Brag-S12, the Teen Patti anchor).

A node is a public history: who has looked, the stake, the chips each player put in.  A
blind player's turn starts with a *look* node (actions ``look`` and ``blind``); the betting
node after it is a blind or an open decision.  Nodes are numbered breadth first, so a
level is a contiguous range and the children of a node are contiguous.

**HU-Brag-S12** (``game="hu-brag-s12"``): two players, modern ranking, ante 1 each from
stacks of 12 (the ante included), p1 acts first; stake levels 1, 2, 4 blind units (a blind
player pays the stake, an open one twice it); each turn fold, stay or double (at most two
doublings); a see needs a bet first, costs twice the stay, is refused to an open player
against a blind one, and the seer loses ties.  A player who cannot afford the stay (or
the see he wants) *covers*: he puts in the rest and the hands are compared at once, ties to
the other player.  One who can pay exactly the stay (or a double) pays it and play goes on
-- rules 4.4.9 covers only when the money is *less* than the stay, and exactly affording is
affording (``last_chip="ends"`` makes a bet of the last chip a cover instead).  A blind
player left alone takes the pot (the full Brag rule, where the pot carries to the next
deal, is out of scope: it links deals into one unbounded game).

**Teen Patti anchor** (``game="teen-patti-hu"``): boot 1, stacks 50, stake 1, 2, 4,
chaal or double, at most 8 betting actions and 2 doublings, then a free forced show with
ties split; a show costs what staying costs, a seen player may not show against a blind
one, and the requester loses ties.

>>> t = build_tree(GameSpec.hu_brag_s12())      # the research prototype's tree
>>> t.size, t.terminal_count, t.decision_count
(6744, 4100, 2644)
>>> t.blind_decision_count, t.max_contribution
(1006, 12)
>>> build_tree(GameSpec.hu_brag_s12(last_chip="ends")).size   # a last-chip bet covers
4988
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError

__all__ = ["GAMES", "HU_BRAG_S12_VALUE", "GameSpec", "Tree", "build_tree"]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
B8 = npt.NDArray[np.bool_]

GAMES = ("hu-brag-s12", "teen-patti-hu")
"""The solved games by name."""

HU_BRAG_S12_VALUE = -0.0883
"""p1's value of HU-Brag-S12 (antes per hand), as the independent research prototype measured
it on the same 6,744-node tree (-0.0883 +- 0.0003): the solver's regression figure
(benchmarks/bench_solve.py pins it to +- 0.0005; a test keeps it inside the shipped
strategy's bracket [-BR2, BR1])."""

MAX_NODES = 400_000
"""The largest tree :func:`build_tree` builds (memory grows with nodes x 1,755)."""

# terminal kinds
FOLD, SHOW, COVER, FORCED = 1, 2, 3, 4


@dataclass(frozen=True)
class GameSpec:
    """The parameters of a solved heads-up game.

    >>> GameSpec.hu_brag_s12().stack
    12
    >>> GameSpec.teen_patti_hu().action_cap
    8
    """

    game: str = "hu-brag-s12"
    stack: int = 12
    """Chips each player brings, the ante included."""
    ante: int = 1
    stakes: tuple[int, ...] = (1, 2, 4)
    """Stake levels in blind units (an open player pays twice)."""
    max_raises: int = 2
    action_cap: int | None = None
    """Betting actions before a free forced show (Teen Patti), or None (Brag: stacks bound)."""
    deck: int = 52
    """Cards in the deck: 52, or a reduced deck of the top deck/4 ranks (for exact checks)."""
    last_chip: str = "plays-on"
    """A bet that puts in exactly a player's last chip: ``"plays-on"`` (the default, rules
    4.4.9: only a stay he cannot pay in full is a cover; the other player may still act --
    the research prototype's tree and the engine's ``short_stack_policy="cover"``), or
    ``"ends"``: it ends the betting like a cover (the hands compared at once, ties to the
    other player)."""

    @staticmethod
    def hu_brag_s12(stack: int = 12, stakes: tuple[int, ...] = (1, 2, 4), max_raises: int = 2,
                    deck: int = 52, last_chip: str = "plays-on", ante: int = 1) -> GameSpec:
        """HU-Brag-S12, optionally with other stacks, stakes, raise cap or deck."""
        return GameSpec("hu-brag-s12", stack, ante, tuple(stakes), max_raises, None, deck,
                        last_chip).checked()

    @staticmethod
    def teen_patti_hu(stack: int = 50, stakes: tuple[int, ...] = (1, 2, 4),
                      max_raises: int = 2, action_cap: int = 8, deck: int = 52,
                      ante: int = 1) -> GameSpec:
        """The heads-up Teen Patti anchor game."""
        return GameSpec("teen-patti-hu", stack, ante, tuple(stakes), max_raises, action_cap,
                        deck).checked()

    @property
    def ranking(self) -> str:
        """The ranking of the game's hands."""
        return "teen-patti" if self.game == "teen-patti-hu" else "modern"

    def checked(self) -> GameSpec:
        """This spec, or a :class:`RulesError` naming the bad parameter."""
        if self.game not in GAMES:
            raise RulesError(f"unknown solved game {self.game!r}; known: {', '.join(GAMES)}")
        if self.ante < 1 or self.stack <= self.ante:
            raise RulesError(f"stack ({self.stack}) must exceed the ante ({self.ante}) "
                             "and the ante must be at least 1")
        if not self.stakes or any(s < 1 for s in self.stakes) or \
                list(self.stakes) != sorted(set(self.stakes)):
            raise RulesError(f"stake levels must be increasing whole numbers >= 1, "
                             f"not {list(self.stakes)}")
        if not 0 <= self.max_raises <= len(self.stakes) - 1:
            raise RulesError(f"raise cap must be between 0 and {len(self.stakes) - 1} "
                             f"for {len(self.stakes)} stake levels, not {self.max_raises}")
        if self.action_cap is not None and self.action_cap < 1:
            raise RulesError(f"action cap must be at least 1, not {self.action_cap}")
        if self.deck % 4 or not 12 <= self.deck <= 52:
            raise RulesError(f"deck must be 12, 16, ... or 52 cards, not {self.deck}")
        if self.last_chip not in ("ends", "plays-on"):
            raise RulesError(f"last_chip must be ends or plays-on, not {self.last_chip!r}")
        if self.game == "teen-patti-hu" and self.action_cap is None:
            raise RulesError("teen-patti-hu needs an action cap")
        return self

    def to_dict(self) -> dict[str, object]:
        """The parameters as JSON-ready values."""
        d = asdict(self)
        d["stakes"] = list(self.stakes)
        return d

    @staticmethod
    def from_dict(d: dict[str, object]) -> GameSpec:
        """The inverse of :meth:`to_dict`.

        >>> s = GameSpec.hu_brag_s12(stack=10)
        >>> GameSpec.from_dict(s.to_dict()) == s
        True
        """
        try:
            raw_stakes = d["stakes"]
            if not isinstance(raw_stakes, list):
                raise TypeError
            cap = d.get("action_cap")
            spec = GameSpec(game=str(d["game"]), stack=int(str(d["stack"])),
                            ante=int(str(d["ante"])),
                            stakes=tuple(int(str(x)) for x in raw_stakes),
                            max_raises=int(str(d["max_raises"])),
                            action_cap=None if cap is None else int(str(cap)),
                            deck=int(str(d.get("deck", 52))),
                            last_chip=str(d.get("last_chip", "ends")))
        except (KeyError, TypeError, ValueError) as error:
            raise RulesError(f"bad game parameters in strategy metadata: {error}") from None
        return spec.checked()

    def digest(self) -> str:
        """A short hash of the parameters (part of a saved strategy's metadata)."""
        text = json.dumps(self.to_dict(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass
class _Node:
    kind: int                 # 0 decision, else a terminal kind
    actor: int = -1
    look: bool = False
    blind: tuple[bool, bool] = (True, True)
    put: tuple[int, int] = (0, 0)
    label: str = ""           # the action that led here
    loser: int = -1           # fold: the folder; show/cover: the player losing ties (-1 split)
    state: tuple[int, int, int, bool] = (0, 0, 0, False)  # stake idx, raises, bets, bet made
    children: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Tree:
    """The flat public tree (arrays indexed by node, breadth first).  See the module."""

    spec: GameSpec
    parent: I64
    first_child: I64
    n_children: I64
    depth: I64
    kind: I64
    actor: I64
    look: B8
    blind: B8          # (N, 2): whether each player is blind at the node
    put: I64           # (N, 2): chips each player has put in (ante included)
    loser: I64
    labels: tuple[str, ...]
    stake: I64         # stake index at the node
    level_start: I64   # node ranges of the depth levels (len = levels + 1)

    @property
    def size(self) -> int:
        """All nodes."""
        return len(self.kind)

    @property
    def terminal_count(self) -> int:
        """Terminal nodes."""
        return int((self.kind != 0).sum())

    @property
    def decision_count(self) -> int:
        """Decision nodes (look nodes included)."""
        return int((self.kind == 0).sum())

    @property
    def blind_decision_count(self) -> int:
        """Decision nodes whose actor is blind (look nodes and blind betting)."""
        dec = self.kind == 0
        b = self.blind[np.arange(self.size), np.maximum(self.actor, 0)]
        return int((dec & b).sum())

    @property
    def max_contribution(self) -> int:
        """The most chips a player can put in."""
        return int(self.put.max())

    def history(self, node: int) -> tuple[str, ...]:
        """The public actions from the root to ``node``.

        >>> t = build_tree(GameSpec.hu_brag_s12())
        >>> t.history(int(t.first_child[0]))
        ('look',)
        """
        out: list[str] = []
        while node > 0:
            out.append(self.labels[node])
            node = int(self.parent[node])
        return tuple(reversed(out))

    def children(self, node: int) -> range:
        """The children of ``node``."""
        f = int(self.first_child[node])
        return range(f, f + int(self.n_children[node]))

    def structure_digest(self) -> str:
        """A hash of the tree's shape (kinds, actors, labels)."""
        h = hashlib.sha256()
        for arr in (self.parent, self.kind, self.actor, self.put):
            h.update(np.ascontiguousarray(arr).tobytes())
        h.update("\n".join(self.labels).encode())
        return h.hexdigest()[:16]


class _Builder:
    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.nodes: list[_Node] = []
        self.brag = spec.game == "hu-brag-s12"

    def add(self, node: _Node) -> int:
        self.nodes.append(node)
        if len(self.nodes) > MAX_NODES:
            raise RulesError(f"the game tree has more than {MAX_NODES:,} nodes; "
                             "choose smaller stacks or fewer stake levels")
        return len(self.nodes) - 1

    def turn(self, p: int, blind: tuple[bool, bool], put: tuple[int, int],
             state: tuple[int, int, int, bool], label: str) -> int:
        """The start of p's turn: a look node if p is blind, else his betting node."""
        if blind[p]:
            i = self.add(_Node(0, p, True, blind, put, label, state=state))
            opened = (False, blind[1]) if p == 0 else (blind[0], False)
            self.nodes[i].children = [self.bet(p, opened, put, state, "look"),
                                      self.bet(p, blind, put, state, "blind")]
            return i
        return self.bet(p, blind, put, state, label)

    def bet(self, p: int, blind: tuple[bool, bool], put: tuple[int, int],
            state: tuple[int, int, int, bool], label: str) -> int:
        spec = self.spec
        idx, raises, bets, bet_made = state
        q = 1 - p
        mult = 1 if blind[p] else 2
        left = spec.stack - put[p]
        i = self.add(_Node(0, p, False, blind, put, label, state=state))
        kids = [self.add(_Node(FOLD, p, False, blind, put, "fold", loser=p))]

        def paid(x: int) -> tuple[int, int]:
            return (put[0] + x, put[1]) if p == 0 else (put[0], put[1] + x)

        stay = spec.stakes[idx] * mult
        see_ok = bet_made and (blind[p] or not blind[q])
        if self.brag:
            see = 2 * stay
            up = spec.stakes[idx + 1] * mult if (raises < spec.max_raises
                                                 and idx + 1 < len(spec.stakes)) else 0
            on = spec.last_chip == "plays-on"

            def go(x: int) -> bool:
                return x <= left if on else x < left

            if go(stay):
                kids.append(self.after_bet(p, blind, paid(stay), (idx, raises, bets + 1, True),
                                           "stay"))
            if up and go(up):
                kids.append(self.after_bet(p, blind, paid(up),
                                           (idx + 1, raises + 1, bets + 1, True), "double"))
            if see_ok and go(see):
                kids.append(self.add(_Node(SHOW, p, False, blind, paid(see), "see", loser=p)))
            if not go(stay) or (see_ok and not go(see)) or (not on and up == left):
                kids.append(self.add(_Node(COVER, p, False, blind, paid(left), "cover",
                                           loser=p)))
        else:
            if stay > left:
                raise RulesError("teen-patti-hu: the stacks bind; the anchor game assumes not")
            kids.append(self.after_bet(p, blind, paid(stay), (idx, raises, bets + 1, True),
                                       "chaal"))
            if raises < spec.max_raises and idx + 1 < len(spec.stakes):
                up = spec.stakes[idx + 1] * mult
                if up > left:
                    raise RulesError("teen-patti-hu: the stacks bind; the anchor game "
                                     "assumes not")
                kids.append(self.after_bet(p, blind, paid(up),
                                           (idx + 1, raises + 1, bets + 1, True), "double"))
            if see_ok:
                kids.append(self.add(_Node(SHOW, p, False, blind, paid(stay), "show", loser=p)))
        self.nodes[i].children = kids
        return i

    def after_bet(self, p: int, blind: tuple[bool, bool], put: tuple[int, int],
                  state: tuple[int, int, int, bool], label: str) -> int:
        cap = self.spec.action_cap
        if cap is not None and state[2] >= cap:
            return self.add(_Node(FORCED, p, False, blind, put, label, loser=-1))
        return self.turn(1 - p, blind, put, state, label)


def build_tree(spec: GameSpec) -> Tree:
    """The flat public tree of ``spec`` (see the module for the rules).

    >>> build_tree(GameSpec.teen_patti_hu()).size
    5928
    """
    b = _Builder(spec.checked())
    a = spec.ante
    root = b.turn(0, (True, True), (a, a), (0, 0, 0, False), "")
    # breadth-first renumbering
    order = [root]
    new_parent = [-1]
    depth = [0]
    head = 0
    while head < len(order):
        old = order[head]
        for ch in b.nodes[old].children:
            order.append(ch)
            new_parent.append(head)
            depth.append(depth[head] + 1)
        head += 1
    new_of = {old: new for new, old in enumerate(order)}
    n = len(order)
    first = np.zeros(n, dtype=np.int64)
    nch = np.zeros(n, dtype=np.int64)
    for new, old in enumerate(order):
        kids = b.nodes[old].children
        nch[new] = len(kids)
        if kids:
            first[new] = new_of[kids[0]]
            assert all(new_of[k] == first[new] + j for j, k in enumerate(kids))
    nodes = [b.nodes[o] for o in order]
    depth_arr = np.asarray(depth, dtype=np.int64)
    levels = int(depth_arr.max()) + 1
    level_start = np.searchsorted(depth_arr, np.arange(levels + 1)).astype(np.int64)
    return Tree(
        spec=spec,
        parent=np.asarray(new_parent, dtype=np.int64),
        first_child=first,
        n_children=nch,
        depth=depth_arr,
        kind=np.array([x.kind for x in nodes], dtype=np.int64),
        actor=np.array([x.actor for x in nodes], dtype=np.int64),
        look=np.array([x.look for x in nodes], dtype=bool),
        blind=np.array([x.blind for x in nodes], dtype=bool),
        put=np.array([x.put for x in nodes], dtype=np.int64),
        loser=np.array([x.loser for x in nodes], dtype=np.int64),
        labels=tuple(x.label for x in nodes),
        stake=np.array([x.state[0] for x in nodes], dtype=np.int64),
        level_start=level_start,
    )
