"""Small widgets of playing together (issue 29), on the lobby's and tables' screens of an SSH
session: the notice line (a turn at another table, an invitation, …) and the lines saying who is
online and who is at a table, and a take-back request. Each shows what the engine's
``engine.together`` objects return and posts a message for the screen to act on; none reads the
store itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.message import Message

from engine.together.notices import Notice
from engine.together.presence import AtTable, Online, away_text
from engine.together.takeback import Takeback
from engine.together.text import inert

from .text_line import TextLine


#: Seconds a notice that leads nowhere (an invitation declined, a table closed) stays on the line.
TOLD_FOR = 12.0


class NoticeBar(TextLine):
    """The newest notice, with the key that goes there; hidden while there is none. A notice
    that only tells (its table gone or closed) offers no key and leaves by itself."""

    DEFAULT_CSS = """
    NoticeBar { height: 1; background: $warning 25%; padding: 0 1; }
    NoticeBar.-empty { display: none; }
    """

    class Jump(Message):
        """The player asked to go to the notice's table."""

        def __init__(self, table_id: str) -> None:
            super().__init__()
            self.table_id = table_id

    def __init__(self, key: str = "j", id: str = "notice") -> None:
        super().__init__(id=id, classes="-empty")
        self.key = key
        self.notice: Notice | None = None
        self.waiting: list[Notice] = []  # older notices not shown yet

    def show(self, notices: Sequence[Notice], bell: bool = False) -> None:
        """Show the newest of ``notices`` (the terminal bell too, if the player allows it)."""
        if not notices:
            return
        if self.notice is not None:
            self.waiting.append(self.notice)
        self.waiting += list(notices[:-1])
        self.notice = notices[-1]
        self._put_text()
        if bell:
            self.app.bell()

    @property
    def can_jump(self) -> bool:
        """Whether the notice shown leads to a table the player can go to."""
        return self.notice is not None and self.notice.leads_there

    def _put_text(self) -> None:
        notice = self.notice
        assert notice is not None
        more = f" (+{len(self.waiting)})" if self.waiting else ""
        go = f" · {self.key}: go there" if notice.leads_there else ""
        self.update(f"{inert(notice.text, 100)}{more}{go}")
        self.remove_class("-empty")
        if not notice.leads_there:
            self.set_timer(TOLD_FOR, lambda: self._told(notice))

    def _told(self, notice: Notice) -> None:
        if self.notice is notice:
            self.dismiss()
            self.screen.refresh_bindings()  # (the key comes back with a notice that leads there)

    def drop(self, table_id: str) -> None:
        """Forget every notice about ``table_id`` (the player is there now)."""
        self.waiting = [n for n in self.waiting if n.table_id != table_id]
        if self.notice is not None and self.notice.table_id == table_id:
            self.dismiss()
        elif self.notice is not None:
            self._put_text()  # (the count of the others may have changed)

    def jump(self) -> None:
        """Post Jump for the shown notice's table, then show the one before it (if any)."""
        if self.notice is None or not self.can_jump:
            return
        self.post_message(self.Jump(self.notice.table_id))
        self.dismiss()

    def dismiss(self) -> None:
        self.notice = None
        if self.waiting:
            self.show([self.waiting.pop()])
        else:
            self.update("")
            self.add_class("-empty")


def online_text(online: Sequence[Online]) -> str:
    """ "Online (3): alice, bob, carol" """
    if not online:
        return "Nobody else is online"
    return f"Online ({len(online)}): " + ", ".join(inert(o.name, 24) for o in online)


def at_table_text(seats: Sequence[AtTable]) -> str:
    """ "alice here · bob away 5 min (a bot for now) · carol invited · Random bot 3"; a player
    who has a seat but has not been at the started game (or the table waits) "has a seat"."""
    parts = []
    for seat in seats:
        if seat.invited:
            parts.append(f"{inert(seat.name, 24)} invited")
            continue
        if seat.player is None:
            parts.append(inert(seat.name, 24))
            continue
        if seat.here:
            where = "here"
        else:
            where = "has a seat" if seat.away_for is None else away_text(seat.away_for)
        parts.append(f"{inert(seat.name, 24)} {where}" + (" (a bot for now)" if seat.stand_in else ""))
    return " · ".join(parts)


class OnlineLine(TextLine):
    """Who is online now (the lobby's line under its table list)."""

    def show(self, online: Sequence[Online]) -> None:
        self.update(online_text(online))


class AtTableLine(TextLine):
    """Who is at the table under the cursor, and how long the others have been away."""

    def show(self, seats: Sequence[AtTable]) -> None:
        self.update(at_table_text(seats))


def takeback_text(request: Takeback | None, seat: int | None) -> str:
    """What a take-back request means to the player at ``seat`` (None: a spectator)."""
    if request is None:
        return ""
    asker = inert(request.asker, 24)
    if request.status == "asked":
        if seat is not None and seat in request.waiting:
            return f"{asker} asks to take back their last move · y: accept · n: refuse"
        waited = len(request.waiting)
        return f"{asker} asked to take back their last move; waiting for {waited} answer{'s' * (waited != 1)}"
    if request.status == "accepted":
        return f"{asker}'s last move was taken back"
    return f"{asker}'s request to take back a move: {request.status} ({inert(request.reason, 60)})"


class TakebackLine(TextLine):
    """A take-back request at the table, as this player should read it (hidden when none)."""

    DEFAULT_CSS = """
    TakebackLine { height: 1; background: $accent 20%; padding: 0 1; }
    TakebackLine.-empty { display: none; }
    """

    def __init__(self, id: str = "takeback") -> None:
        super().__init__(id=id, classes="-empty")

    def show(self, request: Takeback | None, seat: int | None) -> None:
        text = takeback_text(request, seat)
        self.update(text)
        self.set_class(not text, "-empty")
