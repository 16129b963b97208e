"""Castle Builder (FryxGames): 2–4 players build castles tile by tile; barons race round for 7 coins."""

from .castle import Spot, pattern_problem
from .catalog import TILES
from .rules import GAME, CastleBuilder
from .state import Build, CastleBuilderState, Discard, Draw, Knock, Pass, Steal, TakeCoin, TakeTile
from .view import CastleBuilderView, CastleView

__all__ = [
    "GAME",
    "CastleBuilder",
    "CastleBuilderState",
    "CastleBuilderView",
    "CastleView",
    "Build",
    "Discard",
    "Draw",
    "Knock",
    "Pass",
    "Steal",
    "TakeCoin",
    "TakeTile",
    "Spot",
    "pattern_problem",
    "TILES",
]
