"""What ``brag play`` tells the player on request: ``rules``, ``hint``, the session summary.

* :func:`rules_text`: the game's hand ranking (best first, with the best hand of each
  category) and every house rule the game reads, with its value and meaning;
* :func:`hint_text`: your chance against the opponents still in, from
  :func:`bragkit.analysis.equity.equity` (exact against one or two opponents with three-card
  hands, else a seeded estimate with its 95% interval), using only what your seat can see;
* :class:`SessionSummary`: hands played and won, net result and the biggest pot.

>>> from bragkit.rules import get_preset
>>> print(rules_text(get_preset("modern"), symbols=False).splitlines()[0])
Hand ranking (modern; best first):
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bragkit.cards import Card, card_from_id
from bragkit.cli.cardtext import cards_plain
from bragkit.errors import BragError
from bragkit.games import engine_of, hand_ranking
from bragkit.games.reference import game_pages, key_docs, keys_of, main_preset
from bragkit.hands import Ranking
from bragkit.rules import Rules, get_preset, preset_name
from bragkit.rules.game_keys import own_keys

__all__ = ["SessionSummary", "best_of_each_category", "hint_text", "partly_shown_equity",
           "rules_text"]


@lru_cache(maxsize=32)
def best_of_each_category(ranking: Ranking) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Each category of ``ranking``, best first, with the best three-card hand in it.

    >>> from bragkit.hands import get_ranking
    >>> [(c, " ".join(map(str, h))) for c, h in best_of_each_category(get_ranking("modern"))][:2]
    [('prial', '3c 3d 3h'), ('running_flush', 'Ac 2c 3c')]
    """
    best: dict[str, tuple[int, tuple[int, ...]]] = {}
    ids = sorted(c.id for c in ranking.pack)
    for hand in itertools.combinations(ids, 3):
        rank = ranking.rank3(*hand)
        if rank < 0:
            continue
        category = ranking.category_of_rank(rank)
        if category not in best or rank > best[category][0]:
            best[category] = (rank, hand)
    out = []
    for category in ranking.categories:
        if category in best:
            out.append((category, _high_first(tuple(card_from_id(i) for i in best[category][1]))))
    return tuple(out)


def _high_first(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Highest rank first, as players say a hand; A-2-3 reads ``A 2 3``."""
    ordered = sorted(cards, key=lambda c: (-c.rank_value, c.id))
    if {c.rank_value for c in cards} == {14, 2, 3}:
        ordered = sorted(cards, key=lambda c: (c.rank_value % 14, c.id))
    return tuple(ordered)


def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_text(rules: Rules, *, symbols: bool = True) -> str:
    """The hand ranking and every house rule ``rules.game`` reads, with values and meanings.

    >>> from bragkit.rules import get_preset
    >>> text = rules_text(get_preset("three-stake"), symbols=False)
    >>> "stake = 1" in text and "draw31 = false" in text and "see_cost" not in text
    True
    """
    lines: list[str] = []
    try:
        ranking = hand_ranking(rules)
    except BragError:
        ranking = None
    if ranking is not None:
        lines.append(f"Hand ranking ({ranking.name}; best first):")
        for place, (category, hand) in enumerate(best_of_each_category(ranking), 1):
            lines.append(f"  {place}. {category.replace('_', ' '):<15} best: "
                         f"{cards_plain(hand, symbols=symbols)}")
        if rules.cards > 3:
            discards = "discard_compare" in own_keys(rules)
            lines.append(f"  ({rules.cards} cards are dealt: "
                         + ("you discard down to the best three)" if discards
                            else "the best three count)"))
        if rules.wild is not None:
            lines.append(f"  wild cards: {rules.wild}")
    name = preset_name(rules)
    docs = key_docs(Rules)
    try:
        plain = get_preset(main_preset(rules.game))
    except (BragError, KeyError):
        plain = rules
    lines.append(f"House rules of this table ({rules.game}"
                 + (f", preset {name}" if name else "")
                 + "; * = not the game's usual value; change with --set KEY=VALUE):")
    keys = keys_of(rules.game)
    rows = [(f"{key} = {_value(getattr(rules, key))}"
             + (" *" if getattr(rules, key) != getattr(plain, key) else ""), key) for key in keys]
    width = max((len(text) for text, _ in rows), default=0)
    for text, key in rows:
        meaning = docs.get(key, "").replace("``", "")
        lines.append(f"  {text:<{width}}  {meaning}")
    page = game_pages().get(rules.game)
    if page:
        lines.append(f"The full rules: docs/rules/{page}")
    return "\n".join(lines)


def _live_opponents(view: Any, seat: int) -> list[int]:
    status = getattr(view, "status", ())
    return [s for s, st in enumerate(status) if s != seat and st == "in"]


def hint_text(rules: Rules, view: Any, seat: int, *, symbols: bool = True,
              seed: int | None = None) -> str:
    """Your chance of holding the best hand against the opponents still in.

    Only cards your seat can see are used: your own hand, and shown cards of seats no longer
    in (out of play, so no opponent can hold them).  The opponents' hands are every hand
    they could hold from the other cards, counted exactly against one or two opponents with
    three-card hands, else estimated from 20,000 seeded deals (with a 95% interval).
    """
    own = getattr(view, "own_cards", None)
    if not own:
        return "hint: look at your cards first (you are blind)" if own is None else \
            "hint: you hold no cards now"
    try:
        ranking = hand_ranking(rules)
    except BragError:
        return "hint: not available in this game"
    if not ranking.accepts(len(own)):
        return f"hint: not available for a hand of {len(own)} cards"
    opponents = _live_opponents(view, seat)
    if not opponents:
        return "hint: nobody else is in: the pot is yours"
    shown = getattr(view, "shown", {}) or {}
    if any(shown.get(s) for s in opponents):
        return _partly_shown_hint(rules, view, ranking, own, opponents, shown, symbols, seed)
    dead: set[Card] = set()
    if hasattr(view, "known_cards"):
        live_shown = {c for s in opponents for c in shown.get(s, ())}
        dead = {c for c in view.known_cards() if c not in own and c not in live_shown}
    dead &= set(ranking.pack)
    from bragkit.analysis.equity import equity

    try:
        result = equity(own, len(opponents), dead=tuple(sorted(dead)), ranking=ranking,
                        samples=20_000, seed=seed)
    except BragError as error:
        return f"hint: not available ({error})"
    who = f"{len(opponents)} opponent{'s' if len(opponents) > 1 else ''} still in"
    hand = cards_plain(own, symbols=symbols)
    if result.method == "exact":
        how = f"exact, over all {result.deals:,} ways their hands could be dealt"
    else:
        how = f"estimated from {result.deals:,} deals, ± 95% interval"
    parts = []
    for index, (name, value) in enumerate((("win", result.win), ("tie", result.tie),
                                           ("lose", result.lose))):
        text = f"{name} {float(value):.1%}"
        if result.ci95 is not None:
            text += f" ±{result.ci95[index]:.1%}"
        parts.append(text)
    out = f"hint: {hand} against {who}: {', '.join(parts)} ({how}"
    if dead:
        out += f"; {len(dead)} card{'s' if len(dead) > 1 else ''} you have seen out of play"
    out += ")"
    if result.tie and engine_of(rules.game) == "brag":
        out += "; in a see the seer loses a tie"
    return out


def partly_shown_equity(ranking: Ranking, own: tuple[Card, ...],
                        known: list[tuple[Card, ...]], dead: set[Card], *,
                        samples: int = 20_000, seed: int | None = None,
                        ) -> tuple[str, int, float, float, float, float | None]:
    """Three-card equity against opponents some of whose cards are face up.

    Each opponent's hidden cards come from the cards nobody has seen.  Against one opponent
    every completion is counted (exact); against more, ``samples`` deals are drawn from
    ``random.Random(seed)`` (``None``: unpredictable).
    Returns ``(method, deals, win, tie, lose, ci95 of win or None)``.

    >>> from bragkit.cards import parse_cards
    >>> from bragkit.hands import get_ranking
    >>> r = get_ranking("modern")
    >>> m, deals, win, tie, lose, ci = partly_shown_equity(
    ...     r, parse_cards("As Ah Ad"), [parse_cards("3s")], set())
    >>> m, deals, round(lose * deals)                 # only 3-3-3 beats A-A-A
    ('exact', 1128, 3)
    """
    rank = ranking.rank3
    hero = rank(*(c.id for c in own))
    used = {c.id for c in own} | {c.id for c in dead} | {c.id for hand in known for c in hand}
    pool = [c.id for c in ranking.pack if c.id not in used]
    needs = [3 - len(hand) for hand in known]
    fixed = [[c.id for c in hand] for hand in known]
    wins = ties = losses = 0

    def score(best: int) -> None:
        nonlocal wins, ties, losses
        if hero > best:
            wins += 1
        elif hero == best:
            ties += 1
        else:
            losses += 1

    if len(known) == 1:
        for extra in itertools.combinations(pool, needs[0]):
            score(rank(*fixed[0], *extra))
        total = wins + ties + losses
        return "exact", total, wins / total, ties / total, losses / total, None
    rng = random.Random(seed)
    for _ in range(samples):
        drawn = rng.sample(pool, sum(needs))
        best, at = -1, 0
        for hand, need in zip(fixed, needs, strict=True):
            best = max(best, rank(*hand, *drawn[at:at + need]))
            at += need
        score(best)
    p = wins / samples
    return ("monte-carlo", samples, p, ties / samples, losses / samples,
            1.96 * math.sqrt(p * (1 - p) / samples))


def _partly_shown_hint(rules: Rules, view: Any, ranking: Ranking, own: tuple[Card, ...],
                       opponents: list[int], shown: dict[int, tuple[Card, ...]], symbols: bool,
                       seed: int | None) -> str:
    if len(own) != 3 or any(len(shown.get(s, ())) > 3 for s in opponents):
        return ("hint: not available here: an opponent still in has shown cards, and this "
                "hand size is counted only against hidden hands")
    known = [tuple(shown.get(s, ())) for s in opponents]
    seen = set(view.known_cards()) if hasattr(view, "known_cards") else set()
    dead = {c for c in seen if c not in own and all(c not in k for k in known)}
    dead &= set(ranking.pack)
    method, deals, win, tie, lose, ci = partly_shown_equity(ranking, own, known, dead,
                                                            seed=seed)
    who = f"{len(opponents)} opponent{'s' if len(opponents) > 1 else ''} still in"
    face_up = sum(len(k) for k in known)
    how = (f"exact, over all {deals:,} ways to complete their hands" if method == "exact"
           else f"estimated from {deals:,} deals, ± 95% interval")
    ci_text = f" ±{ci:.1%}" if ci is not None else ""
    return (f"hint: {cards_plain(own, symbols=symbols)} against {who} "
            f"({face_up} of their cards face up): win {win:.1%}{ci_text}, tie {tie:.1%}, "
            f"lose {lose:.1%} ({how}; the brag hand, under {ranking.name})")


@dataclass
class SessionSummary:
    """What a session came to for one seat: deals played and won, net chips, biggest pot.

    >>> s = SessionSummary(start=100)
    >>> s.add_deal(won=True, pot=12)
    >>> s.add_deal(won=False, pot=30)
    >>> s.text(stack=95, bought=0)
    'session: 2 deals played, 1 won by you; net -5 chips (stack 95); biggest pot 30'
    >>> s.text(stack=101, bought=0)
    'session: 2 deals played, 1 won by you; net +1 chip (stack 101); biggest pot 30'
    """

    start: int
    played: int = 0
    won: int = 0
    biggest: int = 0

    def add_deal(self, *, won: bool, pot: int) -> None:
        """Count one finished deal."""
        self.played += 1
        self.won += won
        self.biggest = max(self.biggest, pot)

    def text(self, *, stack: int, bought: int) -> str:
        """One line: deals played and won, net (rebuys not counted as winnings), biggest pot."""
        net = stack - self.start - bought
        sign = "+" if net > 0 else ""
        plural = "s" if self.played != 1 else ""
        unit = "chip" if abs(net) == 1 else "chips"
        out = (f"session: {self.played} deal{plural} played, {self.won} won by you; "
               f"net {sign}{net} {unit} (stack {stack}")
        if bought:
            out += f", {bought} bought in"
        return out + (f"); biggest pot {self.biggest}" if self.biggest else "); no pot won yet")
