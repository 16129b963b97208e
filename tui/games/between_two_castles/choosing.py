"""Choosing on the castles board: enter on a strip room or a castle cell, the bonus dialogs.

Functions of the :class:`~.board.CastlesBoard`, kept apart from its drawing: what each choice sends
(a pair to draft, a room for Ludwig, a placement) and where the cursor goes to place a room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.between_two_castles import Assign, Choose, Place

from ...widgets.grid import Grid
from .dialogs import bonus_prompt
from .moves import ASSIGN, BONUS_PICK, BONUS_PLACE, CHOOSE, PLACE

if TYPE_CHECKING:
    from .board import CastlesBoard


def selected(board: CastlesBoard, event: Grid.Selected) -> None:
    event.stop()
    if board.ctx is None or not board.ctx.interactive:
        return
    key = event.cell.key
    if event.grid is board.strip:
        strip_chosen(board, key)
        return
    if key[0] != "free":
        name = event.cell.label.split(":")[0].split(" (")[0]
        board.post_message(board.Status(f"The {name} is there: choose a free cell."))
        return
    room = board.current_room()
    _, k, (col, floor) = key
    action = Place(room, k, col, floor)
    if action in board.ctx.legal:
        board.post_message(board.ActionChosen(action))
    elif board.now == CHOOSE:
        board.post_message(board.Status("First draft: mark two rooms on the strip below (down arrow)."))


def strip_chosen(board: CastlesBoard, key: tuple) -> None:
    if key[0] == "bonus":
        open_bonus(board)
        return
    room = key[1]
    if board.now == CHOOSE:
        if room in board.marked:
            board.marked.remove(room)
        else:
            board.marked.append(room)
        if len(board.marked) == 2:
            first, second = sorted(board.marked)
            board.marked = []
            board.post_message(board.ActionChosen(Choose((first, second))))
        board._draw_strip()
        board._describe()
    elif board.now == ASSIGN:
        board.post_message(board.ActionChosen(Assign(room)))
    elif board.now in (PLACE, BONUS_PLACE):
        go_place(board, room)


def go_place(board: CastlesBoard, room: int) -> None:
    """Into the castle where ``room`` does best, the cursor on that spot."""
    pos = board.strip.find(("hand", room))
    if pos is not None:
        board.strip.move_cursor(pos)
    board._draw_castles()
    choices = [
        (board.previews.best(room, k, sorted(spots))[0], -i, i)
        for i, k in enumerate(board.shown)
        for spots in [board.targets.get(room, {}).get(k)]
        if spots
    ]
    if choices:
        i = max(choices)[2]
        board.active = i
        # Until that castle is drawn with the focus (a frame later): its cursor goes to the best spot,
        # not back to where it was left.
        board._jump = True
        board.castle_grid(i).focus()
        board._draw_castles()


def maybe_prompt(board: CastlesBoard) -> None:
    """Open the bonus dialog once per bonus (escape leaves it; b opens it again)."""
    if board.ctx is None or not board.ctx.interactive or board.app.screen is not board.screen:
        return
    bonus = board.view.bonus
    if bonus is None or board.now not in (BONUS_PICK, BONUS_PLACE) or len(board.rooms) == 1:
        return
    key = (board.view.round, board.view.turn, bonus, len(board.view.castles[bonus.castle].cells))
    if key != board._prompted:
        board._prompted = key
        open_bonus(board)


def open_bonus(board: CastlesBoard) -> None:
    if board.ctx is None or board.view.bonus is None:
        return
    screen = bonus_prompt(board.ctx, board.rooms, board.previews)
    if screen is not None:
        board.app.push_screen(screen, lambda result: bonus_chosen(board, result))


def bonus_chosen(board: CastlesBoard, result: Any) -> None:
    if isinstance(result, int):
        go_place(board, result)
    elif result is not None:
        board.post_message(board.ActionChosen(result))
