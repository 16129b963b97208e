"""Who is here: the players logged in now, and for each table who is at it and how long each
of the others has been away.

    presence = Presence(store)
    session = presence.enter("alice")            # at login (and "move" as she goes to a table)
    presence.online()                            # [Online("alice", since, ("lobby",))]
    presence.at_table("t3a9c1f")                 # [AtTable(0, "alice", here=True, ...), ...]
    presence.leave(session)                      # at logout

A session is a row of the process that serves it: it counts while that process lives (SQLite,
one host: its pid; PostgreSQL: its heartbeat, which the lobby's watcher writes every 10 s),
so a killed process's players drop out of the list by themselves (at once with SQLite, within
30 s with PostgreSQL) and their rows are swept by the next reader. Logins and logouts bump a
counter of their own (so do seats opened and left at a table: engine.store.processes), so the
online list can follow them without the lobby reading its tables, and a server wakes for them
only the sessions that show it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from engine.store import Store
from engine.store.social_schema import PRESENCE
from engine.store.processes import ALIVE, _alive_here, _gone_here, bump_presence

LOBBY = "lobby"


@dataclass(frozen=True)
class Online:
    name: str
    since: float  # when their first session still open began
    places: tuple[str, ...]  # "lobby" and the ids of the tables they have open


@dataclass(frozen=True)
class AtTable:
    seat: int
    name: str  # as the lobby names the seat ("alice", "Greedy bot 3", "(open seat 2)")
    player: str | None  # the account, for a human seat
    here: bool  # some session has the seat open now (a bot is always here)
    away_for: float | None  # seconds since the player left, when known and not here
    stand_in: bool  # a bot plays for them while they are away
    invited: bool = False  # invited, not yet sitting there (never "away")


class Presence:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store, self.clock = store, clock

    # -- sessions ------------------------------------------------------------------------------
    def enter(self, name: str, place: str = LOBBY) -> str:
        """A session of ``name`` begins (in this process); returns its id."""
        session = secrets.token_hex(8)
        with self.store.transaction() as tx:
            tx.execute(
                "INSERT INTO sessions (id, process, player, since, place) VALUES (?, ?, ?, ?, ?)",
                (session, self.store.process_id(), name, self.clock(), place),
            )
            if self.store.beats:
                tx.execute(*self.store.beat_statement())  # alive from the first moment
            self._bump(tx)
        return session

    def move(self, session: str, place: str) -> None:
        """The session is now in the lobby or at a table (its id)."""
        with self.store.transaction() as tx:
            if tx.execute("UPDATE sessions SET place = ? WHERE id = ? AND place <> ?", (place, session, place)):
                self._bump(tx)

    def leave(self, session: str) -> None:
        with self.store.transaction() as tx:
            if tx.execute("DELETE FROM sessions WHERE id = ?", (session,)):
                self._bump(tx)

    def _bump(self, tx) -> None:
        bump_presence(tx)

    def changes(self) -> int:
        """A number that moves whenever someone logs in or out or changes place."""
        rows = self.store.db.query(f"SELECT n FROM counter WHERE id = {PRESENCE}")
        return int(rows[0][0]) if rows else 0

    # -- reading -------------------------------------------------------------------------------
    def online(self) -> list[Online]:
        """Every player with a living session, by name; dead processes' sessions are swept."""
        rows = self.store.db.query(
            "SELECT s.id, s.player, s.since, s.place, s.process, q.beat FROM sessions s "
            "LEFT JOIN processes q ON q.id = s.process"
        )
        alive: dict[str, tuple[float, set[str]]] = {}
        dead = []
        for session, player, since, place, process, beat in rows:
            if not self._alive(process, beat):
                dead.append(session)
                continue
            first, places = alive.get(player, (since, set()))
            places.add(place)
            alive[player] = (min(first, since), places)
        if dead:
            with self.store.transaction() as tx:
                tx.many("DELETE FROM sessions WHERE id = ?", [(s,) for s in dead])
        return [Online(name, since, tuple(sorted(places))) for name, (since, places) in sorted(alive.items())]

    def _alive(self, process: str, beat: float | None) -> bool:
        if self.store.kind == "sqlite":
            return _alive_here(process)
        # beats are written in real time; a process of this host whose pid is gone has gone,
        # whatever its last beat (a session killed as it started left a row that showed its
        # player online for 30 s)
        return beat is not None and beat > time.time() - ALIVE and not _gone_here(process)

    def at_table(self, table_id: str) -> list[AtTable]:
        """Each seat of the table: who sits there, whether they are at it, how long away."""
        from engine.lobby.records import TableRecord

        found = self.store.tables([table_id])
        if not found:
            return []
        record = TableRecord.from_json(found[0])
        here = self.store.present_seats(table_id)
        left = dict(self.store.db.query("SELECT seat, at FROM seat_left WHERE table_id = ?", (table_id,)))
        now, out = self.clock(), []
        for i, seat in enumerate(record.seats):
            human = not seat.is_bot and seat.joined
            present = not human or i in here
            since = left.get(i)
            if since is None and seat.away_since is not None:
                since = datetime.fromisoformat(seat.away_since).timestamp()
            away = None if present or since is None else max(0.0, now - since)
            invited = seat.kind == "human" and seat.player is not None and not seat.joined
            player = seat.player if human else None
            out.append(AtTable(i, record.seat_name(i), player, present, away, seat.stand_in, invited))
        return out

    def watching(self, table_id: str) -> list[str]:
        """Who watches the table now: logged-in players whose session is there without a seat."""
        seated = {
            r[0]
            for r in self.store.db.query(
                "SELECT player FROM seats WHERE table_id = ? AND joined <> 0 AND player IS NOT NULL", (table_id,)
            )
        }
        return [o.name for o in self.online() if table_id in o.places and o.name not in seated]

    def follow(self, listener: Callable[[], object]) -> Callable[[], None]:
        """Call ``listener`` whenever the online list may have changed (any process); returns
        the function that stops it."""
        seen = [self.changes()]

        def wake() -> None:
            now = self.changes()
            if now != seen[0]:
                seen[0] = now
                listener()

        wakers = self.store.online_wakers  # (woken only when who is where changed: see Store)
        wakers.append(wake)
        return lambda: wakers.remove(wake) if wake in wakers else None


def away_text(seconds: float | None) -> str:
    """How long someone has been away, as the lobby says it: "away 3 min", "away 2 h"."""
    if seconds is None:
        return "away"
    if seconds < 60:
        return "away <1 min"
    if seconds < 3600:
        return f"away {int(seconds // 60)} min"
    if seconds < 86400:
        return f"away {int(seconds // 3600)} h"
    return f"away {int(seconds // 86400)} d"
