"""Castle Builder on screen: the castles as brick walls, the holder and the market, the baron path
as a loop, and the coins' choices as small dialogs.

look.py draws a tile (four two-character cells: symbols over numbers, stone or air by its edges),
wall.py lays out the castle, holder and market on one grid, board.py is the board with its two-step
build (a tile, then a place, with the baron's move previewed), panels.py the path and the players,
dialogs.py the choices. Everything is drawn from the seat's view, its legal moves, the notation and
``GAME.preview``.
"""

from __future__ import annotations

from typing import Any

from engine.games.castle_builder import TILES, Build, Draw, Spot, pattern_problem

from ..base import GameUI, ViewContext, ViewPanel
from .board import BuilderBoard
from .dialogs import ChoiceScreen, CoinsScreen, prompt_for
from .panels import BuilderInfo, ring_positions
from .wall import CHECK_ONLY, NOTHING, NUMBERED, takes

PHASES = {
    "limit": "discard down to 7",
    "coin": "take a coin",
    "thief": "thief: rob an opponent",
    "catapult": "catapult: pick a tile",
    "decay": "decay: pick a tile",
    "mill": "mill: take a market tile",
    "market": "take a market tile",
}


class CastleBuilderUI(GameUI):
    game_id = "castle-builder"
    score_word = "coins"  # the score is the coins won

    def make_board(self) -> ViewPanel:
        return BuilderBoard()

    def make_info(self) -> ViewPanel:
        return BuilderInfo()

    def breakdown(self, ctx: ViewContext) -> Any:
        """The coins each player won (the race to the goal), once the game is over."""
        view = ctx.view
        if not view.finished:
            return None
        from rich.text import Text

        lines = [Text(f"Coins won ({view.goal} win the game)", style="bold")]
        for seat, won in enumerate(view.coins):
            titles = ", ".join(c.title for c in won) or "none"
            mark = "  (winner)" if seat in view.winners else ""
            lines.append(Text(f"{ctx.name(seat)}: {len(won)} · {titles}{mark}"))
        return Text("\n").join(lines)

    def phase_text(self, ctx: ViewContext) -> str:
        view = ctx.view
        if view.finished:
            return "game over"
        if view.choice is not None:
            what = PHASES.get(view.choice.kind, view.choice.kind)
            # Yours follows "Your turn:" on the status line ("Your turn: you: take a coin" before).
            return what if view.choice.seat == ctx.seat else f"{ctx.name(view.choice.seat)}: {what}"
        if any(isinstance(a, Build) for a in ctx.legal):
            return "pick a tile, enter, then a place (d: draw 2)"
        if Draw() in ctx.legal:
            return f"no tile fits{why_none_fits(ctx)}: d draws 2"
        if ctx.interactive:
            return "nothing to draw, nothing fits: p passes"
        return "building"


def why_none_fits(ctx: ViewContext) -> str:
    """`` (places need 3 · 10 · ✓; tiles: 5, 8, 11/1)``: the numbers the open places ask for (✓ where
    only a check-mark tile can stand) beside those of the tiles you may build (holder and market),
    and the first near miss, so a player sees why nothing fits."""
    view = ctx.view
    if ctx.seat is None or not view.castles:
        return ""
    castle = view.castles[ctx.seat]
    kinds = {(s.level, s.x): takes(castle, s.level, s.x) for s in castle.spots}
    needs = [str(n) for n in sorted({s.need for s in castle.spots if kinds[(s.level, s.x)] == NUMBERED} - {None})]
    needs += ["✓"] if CHECK_ONLY in kinds.values() else []
    tiles = ", ".join(t.label for t in (*view.holder, *view.market_tiles))
    if not needs:
        return f" (no open place takes a tile; tiles: {tiles})" if tiles else ""
    # The first near miss only: the line has two rows at 80 columns.
    misses = "".join(
        f"; {face.label} at {spot.spot}: {why}"
        for face, spot, why in near_misses(castle, (*view.holder, *view.market_tiles))[:1]
    )
    return f" (places need {' · '.join(needs)}; tiles: {tiles or 'none'}{misses})"


def near_misses(castle: Any, tiles: Any) -> list[tuple[Any, Any, str]]:
    """(tile, open place, why): a tile whose number an open place asks for (or a check mark), and
    the rule's own reason (pattern_problem) why it may not stand there all the same, said as
    ``14 at 3c: stone may not stand on air``; without it a player saw "places need 14; tiles: …,
    14" and could not tell why nothing fit."""
    below = {(p.level, p.x): p.tile.id for p in castle.tiles}
    out: list[tuple[Any, Any, str]] = []
    for open_spot in castle.spots:
        kind = takes(castle, open_spot.level, open_spot.x)
        if open_spot.need is None or kind == NOTHING:
            continue  # the places the line names as needed (the foundation takes any number)
        spot = Spot(
            open_spot.level,
            open_spot.x,
            open_spot.need,
            below.get((open_spot.level - 1, open_spot.x - 1)),
            below.get((open_spot.level - 1, open_spot.x + 1)),
        )
        for face in tiles:
            if not face.check and (face.lower != open_spot.need or kind == CHECK_ONLY):
                continue  # where only a ✓ stands (the place says "=✓"), its number asks for nothing
            why = pattern_problem(TILES[face.id], spot)
            if why and not any(f.label == face.label and p == open_spot for f, p, _ in out):
                out.append((face, open_spot, why))  # two tiles alike are one reason
    return out


UI = CastleBuilderUI()

__all__ = [
    "UI",
    "BuilderBoard",
    "BuilderInfo",
    "CastleBuilderUI",
    "ChoiceScreen",
    "CoinsScreen",
    "prompt_for",
    "ring_positions",
]
