"""Which moves a stand-in bot made for an absent player: ranges of log positions per table
(``stand_in_moves`` rows), written in the bot's move's own transaction by whichever process's
table submits it, read by the screens (to mark them in the move list) and by the player's return
(to say what the bot played for them). An undo drops the ranges past the position it goes back
to."""

from __future__ import annotations


def mark(tx, table_id: str, first: int, last: int, seat: int) -> None:
    """Entries ``first < position <= last`` of the table were the stand-in's, for ``seat``:
    written in the move's own transaction (``tx``), so a move is never without its mark."""
    tx.execute(
        "INSERT INTO stand_in_moves (table_id, first_pos, last_pos, seat, told) VALUES (?, ?, ?, ?, 0) "
        "ON CONFLICT (table_id, first_pos) DO UPDATE SET last_pos = excluded.last_pos, seat = excluded.seat, "
        "told = 0",
        (table_id, first, last, seat),
    )


def forget_after(store, table_id: str, position: int) -> None:
    """An undo went back to ``position``: later marks name moves that are gone."""
    with store.transaction() as tx:
        tx.execute("DELETE FROM stand_in_moves WHERE table_id = ? AND last_pos > ?", (table_id, position))


def marks(store, table_id: str, seat: int | None = None, untold: bool = False) -> list[tuple[int, int, int]]:
    """(first, last, seat) of the table's stand-in ranges (of one seat; only those not yet told)."""
    sql = "SELECT first_pos, last_pos, seat FROM stand_in_moves WHERE table_id = ?"
    params: list = [table_id]
    if seat is not None:
        sql += " AND seat = ?"
        params.append(seat)
    if untold:
        sql += " AND told = 0"
    return [tuple(r) for r in store.db.query(sql + " ORDER BY first_pos", params)]


def told(store, table_id: str, seat: int) -> None:
    with store.transaction() as tx:
        tx.execute("UPDATE stand_in_moves SET told = 1 WHERE table_id = ? AND seat = ?", (table_id, seat))
