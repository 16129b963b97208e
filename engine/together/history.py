"""Finished games: each player's history (another player may look it up too), with results.

    games = history(store, "alice")      # newest first: FinishedGame(...)
    header, entries = finished_log(store, games[0].table_id)   # for the replay viewer

A finished game leaves the lobby's open list (Lobby.summaries) and is found here. Its result
is the game's own (``Game.result`` of its last position: one definition), read from its log the
first time anyone asks and kept in the ``results`` rows, so a history costs one query after that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Game
from engine.core.errors import LogError
from engine.games import get_game
from engine.store import Store
from engine.store.tables import load_match


@dataclass(frozen=True)
class FinishedGame:
    table_id: str
    game: str
    title: str
    created: str
    names: tuple[str, ...]  # a name per seat, as the game's log names them
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    seat: int  # the seat of the player whose history this is

    @property
    def won(self) -> bool:
        return self.seat in self.winners

    @property
    def line(self) -> str:
        """One line of a history list: "King Up! · won · alice 31, bob 24 (t3a9c1f)"."""
        scores = ", ".join(f"{n} {s}" for n, s in zip(self.names, self.scores))
        outcome = "won" if self.won else "lost"
        return f"{self.title} · {outcome} · {scores} ({self.table_id})"


def history(store: Store, name: str, lookup: Callable[[str], Game] = get_game) -> list[FinishedGame]:
    """``name``'s finished games, newest first (a damaged log is left out)."""
    player = store.player_named(name) or name
    rows = store.db.query(
        "SELECT t.id, t.game, t.created, s.seat FROM game_tables t JOIN seats s ON s.table_id = t.id "
        "WHERE t.status = 'finished' AND s.player = ? AND s.joined <> 0 ORDER BY t.created DESC, t.id",
        (player,),
    )
    out = []
    for table_id, game_id, created, seat in rows:
        result = _result(store, table_id, lookup)
        if result is None:
            continue
        names, scores, winners = result
        out.append(FinishedGame(table_id, game_id, lookup(game_id).title, created, names, scores, winners, seat))
    return out


def _result(store: Store, table_id: str, lookup) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]] | None:
    rows = store.db.query("SELECT seat, name, score, won FROM results WHERE table_id = ? ORDER BY seat", (table_id,))
    if not rows:
        try:
            match = load_match(store, table_id, lookup)
        except LogError:
            return None
        result = match.result
        if not result.finished:
            return None
        rows = [
            (i, seat.name, score, int(i in result.winners))
            for i, (seat, score) in enumerate(zip(match.seats, result.scores))
        ]
        players = {r[0]: r[1] for r in store.db.query("SELECT seat, player FROM seats WHERE table_id = ?", (table_id,))}
        with store.transaction() as tx:
            tx.many(
                "INSERT INTO results (table_id, seat, player, name, score, won) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (table_id, seat) DO NOTHING",
                [(table_id, i, players.get(i), n, s, w) for i, n, s, w in rows],
            )
    return (
        tuple(r[1] for r in rows),
        tuple(int(r[2]) for r in rows),
        tuple(r[0] for r in rows if r[3]),
    )


def finished_log(store: Store, table_id: str, lookup: Callable[[str], Game] = get_game) -> tuple[Any, tuple]:
    """The header and every entry of a finished game, for the replay viewer. Only once it is
    over: a log in progress holds every seat's secrets."""
    rows = store.db.query("SELECT status FROM game_tables WHERE id = ?", (table_id,))
    if not rows or rows[0][0] != "finished":
        raise LogError("only a finished game can be replayed; a game in progress stays at its table")
    match = load_match(store, table_id, lookup)
    return match.header, tuple(match.entries)
