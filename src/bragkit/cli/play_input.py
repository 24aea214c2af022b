"""What the player types at the ``brag play`` prompt: shortcuts, help, parsing.

Shortcuts at the prompt: ``l`` look, ``f`` fold, ``s`` see, ``b`` the smallest bet,
``b N`` bet N, ``q`` quit; any action string (``bet 4``, ``look new``) works too.
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.explain.actions import Price, all_kinds, usage_and_meaning
from bragkit.games import engine_of
from bragkit.rules import Rules

__all__ = ["LISTED", "Help", "Quit", "help_text", "read_action"]

_SHORT: dict[str, tuple[str, ...]] = {
    # a shortcut means the first of its actions on offer (else the first, to be refused)
    "l": ("look",), "f": ("fold",), "s": ("see", "stand", "stay", "show"),
    "c": ("call", "check", "cover"), "k": ("keep", "check"), "t": ("throw", "trade"),
    "d": ("discard", "draw"), "r": ("raise",), "p": ("pass", "play"), "a": ("ante", "accept"),
    "x": ("check",), "q": ("quit",), "quit": ("quit",), "exit": ("quit",),
}
_HELP_WORDS = frozenset({"h", "help", "?"})
LISTED = 4  # an action with more choices than this lists them, numbered

_MEANING = all_kinds()
"""Every action kind some game offers (each has a meaning in :mod:`bragkit.explain`)."""


def help_text(legal: tuple[LegalAction, ...], blind: bool = False, rules: Rules | None = None,
              costs: Sequence[Price] | None = None) -> str:
    """What the player can type now: each action on offer with what it does under the
    game's rules and what it costs (``costs``: :func:`bragkit.explain.prices`), and the
    shortcuts.

    >>> print(help_text((LegalAction("fold"), LegalAction("see", cost=6))))
    you can:
      fold                  give up this deal (your chips in the pot stay there)
      see                   pay to see the other hand: both are shown, the better wins ...
    shortcuts: l look, f fold, s see/stand, c call/check/cover, b bet (b = the smallest), ...
    """
    lines = ["you can:"]
    by_kind = {p.action: p for p in costs or ()}
    brag_style = rules is None or engine_of(rules.game) == "brag"
    for la in legal:
        usage, meaning = usage_and_meaning(la, rules, by_kind.get(la), LISTED)
        if la.kind == "bet" and blind and brag_style and costs is None:
            meaning += " (you are blind: your bet counts double)"
        lines.append(f"  {usage:<21} {meaning}".rstrip())
    lines.append("shortcuts: l look, f fold, s see/stand, c call/check/cover, b bet (b = the "
                 "smallest), r raise, k keep, t throw/trade, d discard/draw, p pass; h this "
                 "help; q quit (every finished deal is already saved)")
    return "\n".join(lines)


class Quit(Exception):
    """The player asked to stop."""


class Help(Exception):
    """The player asked for help."""


def read_action(text: str, legal: tuple[LegalAction, ...]) -> Action:
    """Turn what the player typed into an action (shortcuts allowed); may raise BragError.

    >>> legal = (LegalAction("look"), LegalAction("fold"), LegalAction("bet", lo=2, hi=9))
    >>> read_action("b", legal), read_action("b 4", legal), read_action("l", legal)
    (Action(kind='bet', amount=2, arg=None), Action(kind='bet', amount=4, arg=None), \
Action(kind='look', amount=None, arg=None))
    >>> read_action("b", (LegalAction("fold"), LegalAction("see", cost=4)))
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: bet is not on offer now; you can: fold, see (costs 4)
    """
    words = text.strip().split()
    if not words:
        raise RulesError("type an action, e.g. " + ", ".join(_example(la) for la in legal)
                         + " (h for help)")
    head = words[0].lower()
    if head in _HELP_WORDS:
        raise Help
    kinds = [la.kind for la in legal]
    if head == "b":
        head = "bet"
    elif head in _SHORT:
        options = _SHORT[head]
        head = next((k for k in options if k in kinds), options[0])
    if head == "quit":
        raise Quit
    if len(words) == 1:
        for la in legal:
            if la.kind == head and la.lo is not None:
                return Action(head, la.lo)
    if len(words) == 2 and words[1].isascii() and words[1].isdecimal() \
            and len(words[1]) <= 6:  # "choose 3": the 3rd of a numbered list (ASCII digits)
        for la in legal:
            if la.kind == head and len(la.args) > LISTED:
                number = int(words[1])
                if not 1 <= number <= len(la.args):
                    raise IllegalActionError(f"{head} {number}: choose 1 to {len(la.args)}")
                return Action(head, arg=la.args[number - 1])
    try:
        return parse_action(" ".join([head, *words[1:]]))
    except BragError:
        if head in kinds or head not in _MEANING:
            raise
        offered = ", ".join(str(la) for la in legal)  # "b" when no bet is on offer
        raise IllegalActionError(f"{head} is not on offer now; you can: {offered}") from None


def _example(la: LegalAction) -> str:
    return str(la.examples()[0])
