"""A table's bots, the :class:`engine.core.table.Table`'s part for them: the bot seats and the
stand-ins (a bot playing a human seat while its player is away), one decision at a time off the
event loop, the pause that lets people follow the bots (which a player may hurry and a covered
screen holds), and a decision dropped when the game moved on while it thought.
"""

from __future__ import annotations

import asyncio
import random
import time
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game
    from .log import Seat
    from .match import Match


def choose_move(bot: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Runs in the executor: a bot's decision from its view, its legal moves and its own luck."""
    return bot.choose(view, list(legal), rng)


class TableBots:
    if TYPE_CHECKING:  # what the Table this is a part of gives it
        _match: Match
        _executor: Executor | None
        bot_delay: float
        _bots: dict[int, Any]
        stand_ins: set[int]
        _bot_task: asyncio.Task | None
        _hurry: asyncio.Event | None
        _holds: set[Any]
        _released: asyncio.Event | None
        _last_change: float
        thinking: int | None
        stopped: str | None
        closed: bool

        @property
        def game(self) -> Game: ...
        @property
        def seats(self) -> tuple[Seat, ...]: ...
        @property
        def to_act(self) -> frozenset[int]: ...
        @property
        def finished(self) -> bool: ...
        def submit(self, seat: int, action: Any) -> None: ...
        def _tell_all(self, kind: str, seat: int | None = None, message: str = "") -> None: ...
        def _stop(self, message: str) -> None: ...

    # -- stand-ins: a bot plays a human seat while its player is away ------------------------
    def stand_in(self, seat: int, level: str) -> None:
        if seat not in self._bots:
            self._bots[seat] = self.game.make_bot(level)
            self.stand_ins.add(seat)
        self.drive_bots()

    def reclaim(self, seat: int) -> None:
        """The player is back: their stand-in stops at once (a decision under way is dropped)."""
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            del self._bots[seat]
            if self.thinking == seat:
                self._cancel_bot()
                self.drive_bots()

    def hurry(self) -> None:
        """Play the bot's move now instead of waiting for the pause to end."""
        if self._hurry is not None:
            self._hurry.set()

    def drive_bots(self) -> None:
        """Start the next bot's decision if a bot owes one (needs a running event loop)."""
        if self._bot_task is not None or self.stopped or self.closed or self.finished:
            return
        seat = next((s for s in sorted(self.to_act) if s in self._bots), None)
        if seat is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): whoever hosts the table calls drive_bots from one
        self._bot_task = loop.create_task(self._bot_turn(seat))

    async def settled(self) -> None:
        """Wait until the bots have nothing to do, or only wait for a screen to let go."""
        while self._bot_task is not None and self._released is None:
            await asyncio.sleep(0.002)

    async def _bot_turn(self, seat: int) -> None:
        match = self._match
        version = len(match.entries)
        view, legal = match.view(seat), tuple(match.legal_actions(seat))
        # A plain Random drawn from the match's keyed one: it pickles (a process pool can take it)
        # and holds nothing from which the match's secret could be read back.
        rng = random.Random(match.rng(f"bot{seat}").getrandbits(128))
        self.thinking = seat
        self._tell_all("thinking", seat)
        try:
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self._executor, choose_move, self._bots[seat], view, legal, rng)
            await self._pause()
        except asyncio.CancelledError:
            return
        except Exception as exc:  # a bot's bug stops the game, loudly, with the log intact
            self._stop(f"{self.seats[seat].name}'s bot failed: {exc!r}")
            return
        finally:
            if self._bot_task is asyncio.current_task():  # an undo may have started another
                self.thinking = None
                self._bot_task = None
        if version != len(match.entries) or self.stopped or self.closed:
            # The game moved on while it thought (another seat's simultaneous vote): its answer
            # is stale, and whoever owes a move now is started here, or nobody would start them.
            self.drive_bots()
            return
        try:
            self.submit(seat, action)
        except IllegalAction as exc:
            if not self.stopped:
                self._stop(f"{self.seats[seat].name}'s bot chose an illegal move: {exc}")

    async def _pause(self) -> None:
        """The pause that lets people follow the bots, and no bot move while a screen holds."""
        wait = self.bot_delay - (time.monotonic() - self._last_change)
        if wait > 0:
            self._hurry = asyncio.Event()
            try:
                await asyncio.wait_for(self._hurry.wait(), wait)
            except TimeoutError:
                pass
            finally:
                self._hurry = None
        while self._holds:
            self._released = asyncio.Event()
            await self._released.wait()
        self._released = None

    def _cancel_bot(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            self._bot_task = None
            self.thinking = None
