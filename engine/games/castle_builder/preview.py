"""What a build would do, judged from the view alone: the screen shows it before the player commits
(how far the baron goes, where it stops, how many coins it wins)."""

from __future__ import annotations

from typing import Any

import attrs

from .baron import coins_won, walk
from .castle import steps_for
from .catalog import PATH, TILE, TILES
from .state import Build
from .view import CastleBuilderView


@attrs.frozen
class BuildPreview:
    steps: int  # the level (none on the ground) plus the rubies
    to: int  # path index where the baron would stop (space to + 1)
    distance: int  # with glides and ruby spaces
    coins: int  # coins it wins: 1 if it reaches or passes a coin space
    tile_space: bool  # it would stop on a tile space


def preview_build(view: CastleBuilderView, action: Any) -> BuildPreview | None:
    """The baron's move for a build by the viewing seat; None for anything else."""
    if not isinstance(action, Build) or view.seat is None or action.tile not in TILES:
        return None
    steps = steps_for(action.level, TILES[action.tile])
    if not steps:
        return BuildPreview(0, view.barons[view.seat], 0, 0, False)
    w = walk(view.barons, view.seat, steps)
    return BuildPreview(steps, w.to, w.distance, coins_won(w.coins), PATH[w.to] == TILE)
