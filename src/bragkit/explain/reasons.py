"""The reason a pot went to its winner, for :mod:`bragkit.explain.results`.

Each game family settles its pots its own way; the award event's note says which pot
(``pot``, ``frozen pot``, ``showdown``, ``P3: nearest to thirty-one`` ...), and the hands
the reader has seen say why.  A reason never claims more than the reader's cards show: when
the hands seen do not settle it (a hidden discard, a hand not shown), it says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.explain.hands import strength_of, thirty_one_total
from bragkit.explain.reader import ReaderState as _Reader
from bragkit.games import engine_of
from bragkit.hands import Strength

__all__ = ["reason"]


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _strengths(r: _Reader, seats: Sequence[int]) -> dict[int, Strength]:
    out: dict[int, Strength] = {}
    for s in seats:
        hand = r.hand(s)
        found = strength_of(r.rules, hand) if hand else None
        if found is not None:
            out[s] = found
    return out


def _list(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _takes(r: _Reader, winners: Sequence[int], amount: int, what: str = "the pot") -> str:
    if len(winners) == 1:
        w = winners[0]
        return f"{r.who(w)} {r.verb(w, 'take')} {what} ({_chips(amount)})"
    return f"{_list([r.who(w) for w in winners])} split {what} ({_chips(amount)})"


def _named(r: _Reader, seat: int) -> str:
    hand = r.hand(seat)
    return f"{r.poss(seat)} {r.name(hand)}" if hand else f"{r.poss(seat)} hand"


def _compare(r: _Reader, winners: Sequence[int], others: Sequence[int], tie: str) -> str | None:
    """``"A beats B and C"`` from the hands the reader knows; ``None`` when they do not
    agree with the award (a side pot, a hidden discard)."""
    known = _strengths(r, [*winners, *others])
    if not winners or any(w not in known for w in winners):
        return None
    best = known[winners[0]]
    if any(known[w] != best for w in winners):
        return None
    beaten = [o for o in others if o in known and known[o] < best]
    tied = [o for o in others if o in known and known[o] == best]
    if any(o in known and known[o] > best for o in others):
        return None
    parts = []
    if len(winners) > 1:
        parts.append(f"{_list([r.who(w) for w in winners])} tie with "
                     f"{r.name(r.hand(winners[0]) or ())} and split")
    if beaten:
        lead = _named(r, winners[0]) if len(winners) == 1 else "that"
        parts.append(f"{lead} beats {_list([_named(r, o) for o in beaten])}")
    if tied:
        if r.rules.cards > 3 and engine_of(r.rules.game) == "brag":
            parts.append(f"{_list([_named(r, o) for o in tied])} is as good on the three kept "
                         "cards: the discards decide (not shown), then " + tie)
        else:
            parts.append(f"{_list([_named(r, o) for o in tied])} ties with "
                         f"{_named(r, winners[0])} and {tie}")
    return "; ".join(parts) if parts else None


def reason(r: _Reader, note: str | None, winners: list[int], amount: int) -> str:
    """Why ``winners`` took ``amount`` (the award events' ``note``)."""
    engine = engine_of(r.rules.game)
    if engine == "brag":
        return _brag_reason(r, note, winners, amount)
    if engine == "commerce":
        return _pool_reason(r, winners, amount)
    return _poker_reason(r, note or "", winners, amount)


def _live(r: _Reader) -> list[int]:
    return [s for s in r.dealt if s not in r.folded and s not in r.covered]


def _brag_reason(r: _Reader, note: str | None, winners: list[int], amount: int) -> str:
    takes = _takes(r, winners, amount, "the frozen pot" if note == "frozen pot" else "the pot")
    w = winners[0]
    if r.face_up_deal and not r.stayed and (note == "antes" or not _live(r)[1:]):
        what = "this deal's antes" if note == "antes" else "the pot"
        return (f"nobody stayed against the face-up hand, so {r.who(w)} {r.verb(w, 'collect')} "
                f"{what} ({_chips(amount)}; faceup_collects={r.rules.faceup_collects}) and "
                f"{r.verb(w, 'keep')} the blind hand for the next deal")
    if note == "frozen pot":
        coverer = next((s for s in reversed(r.public) if s in r.covered), -1)
        champion = [s for s in r.champion if s != coverer] or [s for s in winners
                                                               if s != coverer]
        if coverer < 0 or not champion:
            return takes
        if w == coverer:
            why = _compare(r, [coverer], champion, "")
            return f"{takes}: the covered hand was better" + (f" ({why})" if why else "")
        why = _compare(r, champion, [coverer], "ties go to the winner of the later pot")
        return f"{takes}: the covered hand of {r.who(coverer)} did not beat it" + \
            (f" ({why})" if why else "")
    if r.cover_sd is not None and note == "pot" and len(winners) == 1:
        short, other = r.cover_sd
        if w == short:
            why = _compare(r, [short], [other], "")
            return f"{takes}: the covered hand was better" + (f" ({why})" if why else "")
        if short in r.shown:
            why = _compare(r, [other], [short], "a tie goes to the hand shown first")
            return f"{takes}: the covered hand did not beat it" + (f" ({why})" if why else "")
        text = (f"{takes}: {r.poss(short)} covered hand did not beat {r.owner(other)} and is "
                "not shown")
        mine = r.hand(short)
        if short == r.reader and mine:
            text += f". Your hand was {r.name(mine)} ({_text(mine)})"
        return text
    if r.seer >= 0 and r.seen_seat >= 0 and len(winners) == 1:
        seer, seen = r.seer, r.seen_seat
        if w == seer:
            why = _compare(r, [seer], [seen], "")
            return (f"{r.who(seer)} saw {r.who(seen)} and {r.verb(seer, 'win')}"
                    + (f": {why}" if why else ""))
        seer_hand = r.hand(seer)
        if seer_hand is None:
            return (f"{r.who(seer)} paid to see {r.who(seen)} and did not beat "
                    f"{r.poss(seen)} hand, so {takes} (a losing seer need not show: "
                    f"loser_must_show={str(r.rules.loser_must_show).lower()})")
        why = _compare(r, [seen], [seer], "the seer loses ties")
        text = f"{r.who(seer)} saw {r.who(seen)} and lost: " + (why or takes)
        if seer == r.reader and seer not in r.shown:
            text += f". Your hand was {r.name(seer_hand)} ({_text(seer_hand)}), not shown"
        return text
    live = _live(r)
    shown = [s for s in dict.fromkeys(r.public) if s in live or s in winners]
    others = [s for s in shown if s not in winners]
    if others:
        tie = "the pot is split" if len(winners) > 1 else "ties go to the shown hand"
        why = _compare(r, winners, others, tie)
        return f"{takes}: showdown, the best hand wins" + (f"; {why}" if why else "")
    if len(live) == 1 or all(s in winners for s in live):
        text = f"{takes}: everybody else folded"
        if r.covered:
            text += " (the covered hands are settled next)"
        return text
    if winners and winners[0] in r.shown:
        return (f"{takes}: {r.poss(w)} hand was shown and nobody beat it (a hand that does "
                "not win need not be shown)")
    return takes


def _poker_reason(r: _Reader, note: str, winners: list[int], amount: int) -> str:
    w = winners[0]
    tie_rule = r.rules.p2_tie if note.startswith("P2") else r.rules.showdown_tie
    tie = "the tie goes to the eldest hand (first from the dealer's left)" \
        if tie_rule == "eldest" else "tied hands split"
    if note.startswith("P1"):
        card = r.face_up.get(w)
        return (f"pool 1: {r.poss(w)} face-up {card} is the best face-up card, so "
                f"{_takes(r, winners, amount, 'pool 1')}" if card else _takes(r, winners, amount))
    if note.startswith("P2: no bet"):
        return f"pool 2: nobody bet, so the dealer {_takes(r, winners, amount, 'it')}"
    if note.endswith("uncalled"):
        what = "pool 2" if note.startswith("P2") else "the pot"
        return f"{_takes(r, winners, amount, what)}: everybody else folded (the bet was not " \
               "called)"
    if note == "uncontested":
        return f"{_takes(r, winners, amount, 'a side pot')}: nobody else had a share in it"
    if note == "ante withdrawn":
        return f"nobody met the ante, so the dealer {r.verb(w, 'take')} it back " \
               f"({_chips(amount)})"
    if note.startswith("P3"):
        scores = {s: thirty_one_total(r.rules, r.shown[s]) for s in r.public if s in r.shown}
        rest = ", ".join(f"{r.who(s)} {t}" for s, t in scores.items() if s != w)
        best = scores.get(w)
        if best is None:
            return _takes(r, winners, amount, "pool 3")
        ties = [s for s, t in scores.items() if s != w and t == best]
        tail = "; equal totals go to the eldest hand" if ties else ""
        return (f"pool 3: {r.who(w)} {r.verb(w, 'is')} nearest to thirty-one with {best}"
                f" ({rest}){tail}, so {_takes(r, winners, amount, 'pool 3')}")
    shown = [s for s in dict.fromkeys(r.public) if s not in winners and s not in r.folded]
    why = _compare(r, winners, shown, tie)
    if note.startswith("P2"):
        return f"{_takes(r, winners, amount, 'pool 2')}: showdown" + (f", {why}" if why else "")
    return f"{_takes(r, winners, amount)}: showdown" + (f", {why}" if why else "")


def _pool_reason(r: _Reader, winners: list[int], amount: int) -> str:
    """Commerce's machine: the best hand takes the pool."""
    others = [s for s in dict.fromkeys(r.public) if s not in winners]
    tie = "ties go to the eldest hand" if r.rules.commerce_exact_tie == "eldest" \
        else f"ties: commerce_exact_tie={r.rules.commerce_exact_tie}"
    why = _compare(r, winners, others, tie)
    return f"{_takes(r, winners, amount, 'the pool')}: the best hand wins" + \
        (f"; {why}" if why else "")


def _text(cards: Sequence[object]) -> str:
    return " ".join(str(c) for c in cards)
