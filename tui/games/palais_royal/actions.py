"""The legal moves as the board offers them: which room or space each belongs to, and a line
saying what each does (for the action list and the recruit chooser)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.games.palais_royal import (
    HINTEREINGANG,
    MUENZEREI,
    PRIVILEGES,
    SUPPLY,
    Bring,
    Done,
    Draw,
    Keep,
    Mint,
    Move,
    PalaisView,
    Place,
    PlayCard,
    Recruit,
)

from .look import step_name


def room_name(view: PalaisView, room: int) -> str:
    """``the Mint``, ``Madame de Pompadour``."""
    name = view.rooms[room].name
    return name if name.startswith("Madame") else f"the {name}"


def source_text(view: PalaisView, source: int | None) -> str:
    if source is None:
        return ""
    return "your supply" if source == SUPPLY else room_name(view, source)


def describe_action(view: PalaisView, action: Any) -> str:
    """What a move does, in words (the notation goes in front)."""
    match action:
        case Place(room=room):
            return f"a servant into {room_name(view, room)}"
        case Bring(room=room, source=source):
            return f"a servant from {source_text(view, source)} into {room_name(view, room)}"
        case Move(from_room=a, to_room=b):
            return f"a servant from {room_name(view, a)} to {room_name(view, b)}"
        case Mint():
            gold = view.turn.mint_gold if view.turn else 0
            return f"take {gold} gold from the Mint"
        case Recruit():
            return recruit_text(view, action)
        case Draw():
            count = view.turn.draw_count if view.turn else 0
            return f"draw {count} privilege card(s)"
        case Keep(card=card):
            p = PRIVILEGES[card]
            return f"{p.name}, {p.price} gold to play; {p.text}"
        case PlayCard(card=card):
            p = PRIVILEGES[card]
            return f"play {p.name} for {p.price} gold: {p.text}"
        case Done():
            step = view.turn.step if view.turn else 0
            return f"end this step ({step_name(step)})"
    return ""


def recruit_text(view: PalaisView, action: Recruit, short: bool = False) -> str:
    """``Duc d'Anjou for 3 gold, seals K1 M1, borrowed K, its space's servant from the Mint``;
    ``short`` leaves out the noble and its gold (the chooser's title says them)."""
    sp = view.park[action.space]
    noble = sp.noble
    parts = [] if short else [f"{noble.name} for {sp.cost} gold" if noble else "a noble"]
    if noble is not None:
        king, madame = noble.king - action.wild_king, noble.madame - action.wild_madame
        seals = " ".join(p for p in (f"K{king}" if king else "", f"M{madame}" if madame else "") if p)
        if seals:
            parts.append(f"seals {seals}")
    wild = "K" * action.wild_king + "M" * action.wild_madame
    if wild:
        parts.append(f"borrowed {wild}")
    if action.source is not None:
        where = source_text(view, action.source)
        parts.append(f"servant from {where}" if short else f"its space's servant from {where}")
    return ", ".join(parts) or "no seals"


def line_for(ctx: Any, action: Any, short: bool = False) -> str:
    text = (
        recruit_text(ctx.view, action, True)
        if short and isinstance(action, Recruit)
        else describe_action(ctx.view, action)
    )
    return f"{ctx.game.format_action(None, ctx.seat, action)}: {text}"


def room_targets(legal: Iterable[Any], picked: int | None, picking: str) -> set[int]:
    """Rooms where enter does something now (or, with a room picked, where it can go)."""
    out: set[int] = set()
    for a in legal:
        if picked is not None:
            if picking == "move" and isinstance(a, Move) and a.from_room == picked:
                out.add(a.to_room)
            elif picking == "bring" and isinstance(a, Bring) and a.room == picked and a.source != SUPPLY:
                out.add(a.source)
            continue
        match a:
            case Place(room=room) | Bring(room=room):
                out.add(room)
            case Move(from_room=room):
                out.add(room)
            case Mint():
                out.add(MUENZEREI)
            case Draw():
                out.add(HINTEREINGANG)
    if picked is not None:
        out.add(picked)  # enter on the picked room again puts it down
    return out


def room_choice(legal: tuple[Any, ...], room: int) -> tuple[Any | None, str | None]:
    """Enter on a room with nothing picked: an action to play, or what to pick ("move"/"bring")."""
    for action in (Place(room), Bring(room, SUPPLY)):
        if action in legal:
            return action, None
    if any(isinstance(a, Bring) and a.room == room for a in legal):
        return None, "bring"
    if any(isinstance(a, Move) and a.from_room == room for a in legal):
        return None, "move"
    if room == MUENZEREI and Mint() in legal:
        return Mint(), None
    if room == HINTEREINGANG and Draw() in legal:
        return Draw(), None
    return None, None


def recruits_on(legal: Iterable[Any], space: int) -> list[Recruit]:
    """The ways to recruit on ``space``: fewest borrowed seals first, the supply first."""
    found = [a for a in legal if isinstance(a, Recruit) and a.space == space]
    return sorted(
        found,
        key=lambda a: (
            a.wild_king + a.wild_madame,
            a.wild_king,
            -2 if a.source == SUPPLY else (a.source if a.source is not None else -3),
        ),
    )


def of_kind(legal: Iterable[Any], kind: type) -> list[Any]:
    return [a for a in legal if isinstance(a, kind)]
