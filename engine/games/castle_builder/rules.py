"""Castle Builder as a decider: the rules of seed 003 and rules.md."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from engine.core.bots import RandomBot
from engine.core.errors import IllegalMove
from engine.core.game import PRACTICE, GameConfig, Result, Rules, Variant
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize, evaluate
from .castle import steps_for
from .catalog import COINS, TILE_COUNT, TILES
from .effects import knock, steal, take_market_tile
from .events import (
    CODEC,
    CoinAdded,
    GameEnded,
    GameSetUp,
    MarketRefilled,
    SupplyReshuffled,
    Task,
    TileBuilt,
    TileDiscarded,
    TilesDrawn,
    TileStolen,
    TurnPassed,
    TurnStarted,
)
from .hidden import resample
from .moves import CHECKS, anyone_can_build, legal_moves
from .state import (
    PEACEFUL,
    ROYAL,
    RULES,
    SKY,
    Build,
    CastleBuilderState,
    Discard,
    Draw,
    Knock,
    Pass,
    Steal,
    TakeCoin,
    TakeTile,
    evolve,
    to_act,
)
from .preview import preview_build
from .recap import recap_notes
from .stack import run
from .turn import Folder, draw_tiles, refill_market, standing, take_coin
from .view import CastleBuilderView, make_view, score_lines

VARIANTS = (
    Variant(SKY, "reach the sky: play until someone has 9 coins instead of 7"),
    Variant(
        ROYAL, "royal strategy: change a number by as many as you discard; each player gets a prince and a princess"
    ),
    Variant(PEACEFUL, "peaceful times: catapult, thief and bitter lady take a market tile instead"),
    PRACTICE,
)


class CastleBuilder(Rules):
    """The rules of Castle Builder (FryxGames). Stateless: one instance serves every match."""

    id = "castle-builder"
    title = "Castle Builder"
    description = "Build a castle tile by tile, numbers adding up; your baron races round for 7 coins."
    min_players, max_players = 2, 4
    rules_version = RULES  # 2: reshuffles without limit, no "exhausted" end, one coin a move, ±1 anywhere
    variants = VARIANTS
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels(evaluate)}
    view_class = CastleBuilderView
    codec = CODEC

    # -- setting up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> CastleBuilderState:
        rules = 1 if config.rules_before(RULES) else RULES
        return CastleBuilderState(players=config.players, variants=frozenset(config.variants), rules_version=rules)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        supply, coins = list(range(TILE_COUNT)), list(range(len(COINS)))
        rng.shuffle(supply)
        rng.shuffle(coins)
        start = rng.randrange(config.players)
        return [GameSetUp(start, tuple(supply), tuple(coins)), TurnStarted(start)]

    # -- deciding ------------------------------------------------------------------------------
    def to_act(self, state: CastleBuilderState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: CastleBuilderState, seat: int) -> Iterator[Any]:
        return legal_moves(state, seat)

    def decide(self, state: CastleBuilderState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if state.finished:
            raise IllegalMove("the game is over")
        if seat not in to_act(state):
            raise IllegalMove("it is not your turn")
        CHECKS.require(state, seat, action)
        fold = Folder(state)
        if state.pending:
            _answer(fold, seat, action, rng)
            return fold.decided()
        match action:
            case Draw():
                draw_tiles(fold, seat, 2, "draw", rng)
                if state.rules_version >= 2 and not anyone_can_build(fold.state):
                    fold.add(GameEnded(standing(fold.state), "deadlocked"))  # our choice: see rules.md
                else:
                    run(fold, [Task("limit", seat)], rng)
            case Build():
                _build(fold, seat, action, rng)
            case Pass():
                fold.add(TurnPassed(seat))
                if fold.state.passes >= state.players:
                    fold.add(GameEnded(standing(fold.state), "stalled"))
                else:
                    run(fold, [], rng)
        return fold.decided()

    def evolve(self, state: CastleBuilderState, event: Any) -> CastleBuilderState:
        return evolve(state, event)

    # -- reading -------------------------------------------------------------------------------
    def result(self, state: CastleBuilderState) -> Result:
        scores = tuple(len(c) for c in state.coins) or (0,) * state.players
        return Result(scores, state.winners, state.finished)

    def view(self, state: CastleBuilderState, seat: int | None) -> CastleBuilderView:
        return make_view(state, seat)

    def score_lines(self, state: CastleBuilderState, names: Sequence[str]) -> list[str]:
        """The coins each player won, for transcripts."""
        return score_lines(make_view(state, None), names)

    def format_action(self, state: CastleBuilderState, seat: int, action: Any) -> str:
        return notation.format_action(action)

    def parse_action(self, state: CastleBuilderState, seat: int, text: str) -> Any:
        return notation.parse_action(text)

    def describe(self, before: CastleBuilderState, event: Any, names: Sequence[str] = ()) -> str | None:
        return notation.describe(before, event, names)

    def reveals(self, event: Any) -> bool:
        """Tiles and coins drawn, a shuffle, and the random picks of the thief and the bitter lady;
        a tile discarded by choice reveals nothing."""
        if isinstance(event, TileDiscarded):
            return event.reason == "lady"
        return isinstance(event, (TilesDrawn, SupplyReshuffled, MarketRefilled, CoinAdded, TileStolen))

    def boundary(self, event: Any) -> str | None:
        return "turn" if isinstance(event, TurnStarted) else None

    def recap_notes(self, before: CastleBuilderView, after: CastleBuilderView) -> tuple[str, ...]:
        """What another's move changed in your holder and castle, from your own views (recap.py)."""
        return recap_notes(before, after)

    def preview(self, view: CastleBuilderView, action: Any) -> Any:
        """For a build: the baron's steps, where it stops and the coins it wins (see preview.py)."""
        return preview_build(view, action)

    def determinize(self, view: CastleBuilderView, rng: random.Random) -> CastleBuilderState:
        return determinize(view, rng)

    def resample_hidden(self, state: CastleBuilderState, seat: int | None, rng: random.Random) -> CastleBuilderState:
        """Redraw what ``seat`` cannot see: the supply's order and contents, the other holders, the coin pile."""
        return resample(state, seat, rng)


def _build(fold: Folder, seat: int, action: Build, rng: random.Random) -> None:
    from_market = action.tile in fold.state.market
    fold.add(TileBuilt(seat, action.tile, action.level, action.x, action.delta, action.discards))
    if from_market:
        refill_market(fold, rng)
    steps = steps_for(action.level, TILES[action.tile])
    run(fold, [Task("move", seat, steps)] if steps else [], rng)


def _answer(fold: Folder, seat: int, action: Any, rng: random.Random) -> None:
    """Answer the first task of the stack, then carry on with the rest."""
    task, rest = fold.state.pending[0], list(fold.state.pending[1:])
    new: list[Task] = []
    match action:
        case Discard(tile=tile):
            fold.add(TileDiscarded(seat, tile, "limit"))
            new = [Task("limit", seat)]
        case TakeCoin(effect=effect):
            new = take_coin(fold, seat, effect, chosen=True)
            if task.count > 1 and not fold.state.finished:
                new.append(Task("coin", seat, task.count - 1))
        case Steal(victim=victim):
            new = steal(fold, seat, victim, rng, chosen=True)
        case Knock(owner=owner, level=level, x=x):
            knock(fold, seat, owner, level, x, chosen=True)
        case TakeTile(tile=tile):
            new = take_market_tile(fold, seat, tile, rng, chosen=True)
    if not fold.state.finished:
        run(fold, new + rest, rng)


GAME = CastleBuilder()
