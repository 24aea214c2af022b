"""Turns the server plays for a seat: a bot's action, and the timer's default when a
person's time runs out (docs/server.md, "Timers"), on a
:class:`~bragkit.server.runtime.TableRuntime`; each only if the table still waits for the
decision it was scheduled for (a chat line or a reconnect does not change it)."""

from __future__ import annotations

from bragkit.engine import table_view
from bragkit.server.handle import TableHandle
from bragkit.server.store.base import JSON, NewEntry

__all__ = ["bot_turn", "timeout"]


async def timeout(rt: TableHandle, seat: int, turn: tuple[int, int, int],
                  bank_used: float) -> None:
    """The seat's timer ran out on decision ``turn``: play its default (after
    ``sit_out_after`` timeouts in a row a person's seat sits out)."""
    async with rt.lock:
        if rt.turn() != turn or rt.to_act() != seat or rt.paused:
            return
        text = rt.default_action()
        if text is None:
            return
        info = rt.seats[seat]
        info.timeouts += 1
        payload: dict[str, JSON] = {"op": "timeout", "seat": seat,
                                    "bank_used": round(bank_used, 2)}
        entries = [NewEntry("seat", payload)]
        if info.kind == "human" and info.timeouts >= rt.options.sit_out_after \
                and not info.sitting_out:
            entries.append(NewEntry("seat", {"op": "sit_out", "seat": seat, "out": True}))
        await rt.change(entries)
        await rt.act_locked(seat, text, None, "timer")


async def bot_turn(rt: TableHandle, seat: int, turn: tuple[int, int, int]) -> None:
    """The bot at ``seat`` acts, if the table still waits for decision ``turn`` (an action
    the bot should not have chosen is replaced by the timer's default)."""
    async with rt.lock:
        if rt.turn() != turn or rt.to_act() != seat or rt.paused:
            return
        bot = rt.bot_for(seat)
        table = rt.table
        legal = rt.room_legal(seat, table.legal_actions())
        if bot is None or not legal:
            return
        view = table_view(table, seat)  # (from the deal's machine: no state is built)
        # between deals (a dealer's choice) there is no view: any offered variant
        action = legal[0].sample(rt.bot_rng) if view is None else bot.act(view, legal,
                                                                           rt.bot_rng)
        if not any(la.allows(action) for la in legal):
            text = rt.default_action() or str(legal[0].examples()[0])
        else:
            text = str(action)
        await rt.act_locked(seat, text, None, "bot")
