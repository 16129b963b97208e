"""One player's session, as the front wires it: present in the online list, hearing the chat of
the room they are in and their notices, in one object (the front makes one per session, after
``lobby.watch()``, on the session's event loop).

    together = Together(lobby, "alice", on_chat=panel.add, on_notices=bar.show)
    together.go_to(table_id)          # at a table: its chat, no notices for it, "where" moves
    together.say("good luck")         # ChatError: one line for the panel
    together.back_at(table, seat)     # what a stand-in played for her while she was away
    together.go_to(None)              # back in the lobby
    together.close()                  # at logout
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Table
from engine.lobby import Lobby

from .chat import LOBBY, Chat, ChatLine
from .notices import Notice, Notices
from .presence import Presence
from .standins import played_for
from .takeback import Takebacks


class Together:
    def __init__(
        self,
        lobby: Lobby,
        name: str,
        *,
        on_chat: Callable[[list[ChatLine]], object],
        on_notices: Callable[[list[Notice]], object],
        on_online: Callable[[], object] | None = None,
        at: str | None = None,
    ) -> None:
        """``at``: the table the session starts at (None: the lobby), so a login is one write."""
        self.lobby, self.store, self.name = lobby, lobby.store, name
        self.room = at or LOBBY
        self.chat = Chat(self.store)
        self.presence = Presence(self.store)
        self.notices = Notices(self.store, name)
        self.takebacks = Takebacks(lobby)
        self.notices.here = at
        self.session = self.presence.enter(name, self.room)
        self._follower = self.chat.follow([self.room], name, on_chat)
        self._stops = [self.notices.follow(on_notices)]
        if on_online is not None:
            self._stops.append(self.presence.follow(on_online))

    def recent(self, limit: int = 50) -> list[ChatLine]:
        """The room's last lines (a panel shows them as it opens); the follower goes on after
        them, so none of them is heard again (one said just before the player came was)."""
        lines = self.chat.lines(self.room, self.name, limit=limit)
        if lines:
            self._follower.seen = max(self._follower.seen, lines[-1].id)
        return lines

    def go_to(self, table_id: str | None) -> None:
        """The player is now at ``table_id`` (None: the lobby)."""
        room = table_id or LOBBY
        moved, self.room = room != self.room, room
        self.notices.here = table_id
        self._follower.rooms_now([self.room])
        if moved:  # (no write when the session starts where it is)
            self.presence.move(self.session, self.room)

    def say(self, text: str) -> ChatLine:
        return self.chat.say(self.room, self.name, text)

    def back_at(self, table: Table, seat: int) -> list[str]:
        """The move-list lines a stand-in played for the player at this table, once."""
        return played_for(self.store, self.room, table.move_lines(), seat)

    def close(self) -> None:
        self._follower.stop()
        for stop in self._stops:
            stop()
        self.presence.leave(self.session)
