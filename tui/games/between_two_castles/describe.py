"""The lines under the board: the focused room with its scoring rule spelled out, what a
placement would score (``GAME.preview``), and the castles' titles."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.games.between_two_castles import BTCView

from ..base import ViewContext
from .look import look_for, room_card
from .moves import ASSIGN, BONUS_PICK, BONUS_PLACE, CHOOSE, PLACE, bonus_text

if TYPE_CHECKING:
    from .board import CastlesBoard


THRONE_SPOTS = {"N": "0,1", "NE": "1,1", "S": "0,-1", "SE": "1,-1", "W": "-1,0", "EE": "2,0"}


def throne_rule(text: str) -> str:
    """The throne room's targets as positions: ``a food room at NE`` -> ``a food room at 1,1``."""
    return re.sub(r"\bat (NE|SE|EE|N|S|W)\b", lambda m: f"at {THRONE_SPOTS[m.group(1)]}", text)


def who(ctx: ViewContext, position: int) -> str:
    return ctx.name(position) if position < ctx.view.players else "Ludwig"


def side_of(view: BTCView, k: int) -> str:
    if view.my_castles:
        return "L" if k == view.my_castles[0] else "R"
    return f"C{k + 1}"


def fit(parts: list[str], width: int) -> str:
    """As many of ``parts`` as fit in ``width`` (whole parts only)."""
    out = parts[0][:width]
    for part in parts[1:]:
        if len(out) + len(part) > width:
            break
        out += part
    return out


def castle_title(ctx: ViewContext, k: int, wide: bool, width: int) -> str:
    """``L Mespelbrunn 12 pts · with Adalbert`` over a castle ``width`` columns wide; over a compact
    castle the name is cut only where the column is too narrow for it."""
    view = ctx.view
    castle = view.castles[k]
    side = side_of(view, k)
    partners = [who(ctx, p) for p in castle.builders if p != ctx.seat]
    if wide:
        with_whom = f" · with {partners[0]}" if len(partners) == 1 else f" · {' & '.join(partners)}"
        return fit([f"{side} {castle.name} {castle.score}", " pt" if castle.score == 1 else " pts", with_whom], width)
    room = width - len(side) - len(str(castle.score)) - 2
    name = castle.name if len(castle.name) <= room else castle.name[: room - 1] + "…"
    return f"{side} {name} {castle.score}"


def describe_room(board: CastlesBoard, room: int | None) -> tuple[str, str, str]:
    ctx, view, now = board.ctx, board.view, board.now
    if view.finished:
        return final_line(ctx), "o: every castle at a glance", ""
    if now == BONUS_PICK and view.bonus is not None:
        b = view.bonus
        return (
            f"Bonus in {view.castles[b.castle].name}: {bonus_text(b.kind)}",
            "The third room of a type earns its bonus.",
            "enter or b: choose it",
        )
    card = room_card(view, room) if room is not None else None
    if card is None:
        return waiting_line(ctx), "", ""
    glyph = look_for(board.strip.glyphs).decor.get(card.decor or "", "")
    decor = f" · {glyph} {card.decor}" if card.decor else ""
    number = f" #{card.room}" if card.type not in ("fountain", "tower", "foyer") else ""
    prefix = {CHOOSE: "Hand", ASSIGN: "Ludwig's", PLACE: "Place", BONUS_PLACE: "Bonus"}.get(now, "Yours")
    if now == PLACE and any(t.room == room and t.owner >= view.players for t in view.to_place):
        prefix = "Place Ludwig's"
    head = f"{prefix}: {card.name}{number} · {card.type}{decor}"
    return head, card.rule_text, room_hint(board, room)


def room_hint(board: CastlesBoard, room: int) -> str:
    view, now = board.view, board.now
    if now == ASSIGN:
        mine = next((k for k in view.my_castles if 2 in view.castles[k].builders), None)
        where = view.castles[mine].name if mine is not None else "your castle with Ludwig"
        return f"enter: this one to {where} ({side_of(view, mine)})" if mine is not None else "enter: this one"
    bests = []
    for k in board.shown:
        spots = board.targets.get(room, {}).get(k) if now in (PLACE, BONUS_PLACE) else None
        if now in (PLACE, BONUS_PLACE) and not spots:
            continue
        gain, spot, bonus = board.previews.best(room, k, sorted(spots) if spots else None)
        if spot is not None:
            star = "★" if bonus and not board.strip.glyphs.ascii else ("*" if bonus else "")
            bests.append(f"{side_of(view, k)} {gain:+d}{star}")
    best = ("best: " + ", ".join(bests)) if bests else ""
    if now not in (CHOOSE, PLACE, BONUS_PLACE) and (giver := ludwig_giver(board.ctx)):
        wait = f"wait: {giver} gives Ludwig's rooms first"
        return f"{best} · {wait}" if best else wait
    if now == CHOOSE:
        marked = f"{len(board.marked)}/2 marked" if board.marked else "enter: mark 2"
        return f"{best} · {marked}" if best else marked
    if now in (PLACE, BONUS_PLACE):
        return f"{best} · enter: where" if best else "enter: where"
    return best


def describe_spot(board: CastlesBoard, k: int, cell: Any) -> tuple[str, str, str]:
    view = board.view
    if cell is None or not isinstance(cell.key, tuple):
        return "", "", ""
    side = side_of(view, k)
    kind, _, (col, floor) = cell.key
    if kind == "room":
        c = next(c for c in view.castles[k].cells if (c.col, c.floor) == (col, floor))
        if c.type == "throne":
            return (
                f"{side} {col},{floor}: {c.name}",
                throne_rule(view.castles[k].throne_rule),
                f"attendants: {', '.join(view.castles[k].attendants) or 'none'}",
            )
        decor = f" · {c.decor}" if c.decor else ""
        return f"{side} {col},{floor}: {c.name} #{c.room} · {c.type}{decor}", c.rule_text, ""
    room = board.current_room()
    card = room_card(view, room) if room is not None else None
    if card is None:
        return f"{side} {col},{floor}: free", "", ""
    p = board.previews.of(room, k, (col, floor))
    if p is None:
        return f"{side} {col},{floor}: free", "", ""
    castle = view.castles[k]
    head = f"{card.name} → {side} {col},{floor}"
    rule = f"{castle.name} {p.before} → {p.after} ({p.after - p.before:+d}); the room itself scores {p.room_points}"
    if board.now not in (PLACE, BONUS_PLACE):
        hint = f"if you draft it{f', earns the {p.bonus} bonus' if p.bonus else ''}"
    elif p.bonus:
        hint = f"earns the {p.bonus} bonus: {bonus_text(p.bonus)} · enter"
    else:
        hint = "enter: place it here"
    return head, rule, hint


def ludwig_giver(ctx: ViewContext) -> str | None:
    """Who is giving Ludwig's two drawn rooms to his castles while the viewer waits (nobody chooses
    a pair before that), or None."""
    view = ctx.view
    if view.phase != "choosing" or not view.ludwig_draw or ctx.seat in view.to_act:
        return None
    return next((who(ctx, p) for p in sorted(view.to_act)), None)


def waiting_line(ctx: ViewContext) -> str:
    view = ctx.view
    if giver := ludwig_giver(ctx):
        return f"Waiting while {giver} gives Ludwig's two rooms to his castles"
    if view.phase == "choosing":
        return "Waiting while the others choose their pairs"
    return "Waiting for the others"


def final_line(ctx: ViewContext) -> str:
    view = ctx.view
    names = " and ".join(who(ctx, p) for p in view.winners) if view.winners else "nobody"
    return f"Game over: {names} {'wins' if len(view.winners) == 1 else 'win'}"
