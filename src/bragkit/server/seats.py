"""Who sits where: the seats of a card-room table, their occupants, and the secrets that
bind a connection to a seat (tokens are kept as SHA-256 digests only).

>>> t = new_token()
>>> len(t) >= 40, token_hash(t) == token_hash(t), same_hash(token_hash(t), t)
(True, True, True)
>>> s = SeatInfo(); s.kind
'empty'
>>> SeatInfo(bot="random").kind, SeatInfo(name="ann", token_hash="x").kind
('bot', 'human')
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from bragkit.server.store.base import JSON

__all__ = ["SeatInfo", "new_token", "same_hash", "seat_label", "token_hash"]


def new_token() -> str:
    """An unguessable secret (256 bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 hex digest under which a token is stored (never the token)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_hash(digest: str | None, token: str | None) -> bool:
    """Whether ``token`` hashes to ``digest`` (constant-time comparison)."""
    if not digest or not token:
        return False
    return hmac.compare_digest(digest, token_hash(token))


def seat_label(seat: int) -> str:
    """``p1`` for seat 0.

    >>> seat_label(2)
    'p3'
    """
    return f"p{seat + 1}"


@dataclass
class SeatInfo:
    """One seat: a bot, a human (name and token digest), or empty; and its presence."""

    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    sitting_out: bool = False
    connected: int = 0
    bank: float = 0.0
    """Seconds left in the seat's time bank."""
    timeouts: int = 0
    """Timers run out in a row (the seat sits out after ``sit_out_after`` of them)."""
    chips: int = 0
    """The seat's stack before the first deal (its buy-in; the engine holds it after)."""

    @property
    def kind(self) -> str:
        """``bot``, ``human`` or ``empty``."""
        if self.bot is not None:
            return "bot"
        if self.token_hash is not None:
            return "human"
        return "empty"

    def public(self, seat: int) -> dict[str, JSON]:
        """What everybody may know about the seat (never its tokens)."""
        return {"seat": seat_label(seat), "kind": self.kind, "name": self.name,
                "bot": self.bot, "sitting_out": self.sitting_out,
                "connected": self.connected > 0 or self.bot is not None,
                "time_bank": round(self.bank, 1)}
