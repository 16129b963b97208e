"""Carcassonne: The Castle as a decider: the rules of seed 002 and rules.md."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from engine.core.bots import RandomBot
from engine.core.checks import Checks
from engine.core.errors import IllegalMove
from engine.core.fastattrs import replace
from engine.core.game import PRACTICE, GameConfig, Result, Rules
from engine.core.readings import Readings
from engine.core.search import thinking_levels

from . import notation
from .bots import GreedyBot
from .determinize import determinize, evaluate
from .board import Follower, Placement, follower_targets, road_label, role_of, segment_for
from .catalog import (
    CARD_COUNT,
    CASTLE,
    DIRS,
    HOUSE,
    KIND_OF_ROLE,
    ROAD,
    ROLE_NAMES,
    TILE_COPIES,
    TILE_KINDS,
    TOWER,
)
from .events import CODEC, CardDrawn, CardPlaced, CardRemoved, CastleSetUp, WallTileTaken
from .placing import SYMMETRIC, canonical, has_placement, legal_placements, problem
from .preview import Completion
from .preview import preview as preview_completions
from .scoring import DOUBLING_TILE, Folder, completions, doubled_target, final_scoring, score_completed
from .state import CastleState, PlaceCard, evolve
from .view import CastleView, make_view, score_lines

PLAYABLE_TILES = (1, 2, 3)  # the others act by themselves in the final scoring
# who owes a move (asked before every move)
NOBODY: frozenset[int] = frozenset()
SEATS = {0: frozenset({0}), 1: frozenset({1})}


class CarcassonneCastle(Rules):
    """The rules of Carcassonne: The Castle (Die Burg). Stateless: one instance serves every match."""

    id = "carcassonne-castle"
    title = "Carcassonne: The Castle"
    description = "Two players build a castle card by card: roads, towers, houses, courtyards and a palas."
    min_players, max_players = 2, 2
    rules_version = 1
    variants = (PRACTICE,)
    view_class = CastleView
    codec = CODEC
    bots = {"random": RandomBot, "greedy": GreedyBot, **thinking_levels(evaluate, rollout_depth=4)}

    # -- setting up ----------------------------------------------------------------------------
    def initial_state(self, config: GameConfig) -> CastleState:
        return CastleState(players=config.players)

    def setup(self, config: GameConfig, rng: random.Random) -> list[Any]:
        deck = list(range(CARD_COUNT))
        rng.shuffle(deck)
        tiles = [k for k in range(1, TILE_KINDS + 1) for _ in range(TILE_COPIES)]
        rng.shuffle(tiles)
        dealt = len(CASTLE.towers) - 1  # the 0/1 tower holds none; the rest go back unseen
        fold = Folder(self.initial_state(config))
        fold.add(CastleSetUp(tuple(deck), (0,) + tuple(tiles[:dealt])))
        _next_turn(fold, 0)
        return fold.decided()

    # -- deciding ------------------------------------------------------------------------------
    def to_act(self, state: CastleState) -> frozenset[int]:
        if state.finished or state.card < 0:
            return NOBODY
        return SEATS.get(state.to_move) or frozenset({state.to_move})

    def legal_actions(self, state: CastleState, seat: int) -> Iterator[PlaceCard]:
        if state.finished or state.card < 0 or seat != state.to_move:  # seat not in to_act(state)
            return
        usable = [t for t in PLAYABLE_TILES if t in state.tiles[seat]]
        occupied = state.board.occupied()
        for p in legal_placements(state.board.analysis, state.card):
            x, y, facing = p.x, p.y, DIRS[p.facing]
            for role, side, seg in _follower_options(state, seat, p, occupied):
                if not usable:
                    yield PlaceCard(x, y, facing, role, side, ())
                    continue
                for tiles in _tile_sets(state, seat, p, seg, usable):
                    yield PlaceCard(x, y, facing, role, side, tiles)

    def decide(self, state: CastleState, seat: int, action: Any, rng: random.Random) -> list[Any]:
        if state.finished:
            raise IllegalMove("the game is over")
        if state.card < 0 or seat != state.to_move:  # seat not in to_act(state)
            raise IllegalMove("it is not your turn")
        CHECKS.require(state, seat, action)
        fold = Folder(state)
        fold.add(_card_placed(state, seat, action))
        tiles = fold.events[0].tiles
        score_completed(fold, seat, tiles)
        _next_turn(fold, seat if 1 in tiles else 1 - seat)
        return fold.decided()  # the board analysed on the way comes along

    def evolve(self, state: CastleState, event: Any) -> CastleState:
        return evolve(state, event)

    def result(self, state: CastleState) -> Result:
        winners = state.winners if state.finished else ()
        return Result(state.scores, winners, state.finished)

    def view(self, state: CastleState, seat: int | None) -> CastleView:
        return make_view(state, seat)

    def score_lines(self, state: CastleState, names: Sequence[str]) -> list[str]:
        """The final scoring item by item, for transcripts (read from the spectator's view)."""
        return score_lines(make_view(state, None), names)

    def preview(self, view: CastleView, action: Any) -> tuple[Completion, ...]:
        """What laying the drawn card as ``action`` completes at once, and who it pays (undoubled)."""
        return preview_completions(view, action)

    def determinize(self, view: CastleView, rng: random.Random) -> CastleState:
        return determinize(view, rng)

    def resample_hidden(self, state: CastleState, seat: int | None, rng: random.Random) -> CastleState:
        """The draw pile reshuffled and the face-down tiles dealt afresh among the towers that hold one."""
        deck = list(state.deck)
        rng.shuffle(deck)
        live = [i for i, t in enumerate(state.towers) if t]
        tiles = [state.towers[i] for i in live]
        rng.shuffle(tiles)
        towers = list(state.towers)
        for i, t in zip(live, tiles):
            towers[i] = t
        return replace(state, deck=tuple(deck), towers=tuple(towers))

    # -- notation ------------------------------------------------------------------------------
    def format_action(self, state: CastleState, seat: int, action: PlaceCard) -> str:
        return notation.format_action(action)

    def parse_action(self, state: CastleState, seat: int, text: str) -> PlaceCard:
        if state.card < 0:
            return notation.parse_action(text)
        return _READINGS.read(text, text)

    def describe(self, before: CastleState, event: Any, names: Sequence[str] = ()) -> str | None:
        return notation.describe(before, event, names)

    def reveals(self, event: Any) -> bool:
        return isinstance(event, (CardDrawn, WallTileTaken))

    def boundary(self, event: Any) -> str | None:
        return "turn" if isinstance(event, CardDrawn) and not event.again else None


def _follower_options(state: CastleState, seat: int, p: Placement, occupied: set[int]) -> list[tuple[str, str, int]]:
    options = [("", "", -1)]
    if state.supply[seat] > 0:
        for seg in follower_targets(state.board, p, occupied):
            options.append(_follower_option(p.card, p.facing, seg))
    return options


@functools.cache
def _follower_option(card: int, facing: int, segment: int) -> tuple[str, str, int]:
    """(role, side, segment) of a follower on that segment of the card lying toward ``facing``."""
    role = role_of(card, segment)
    return role, DIRS[road_label(Placement(card, 0, 0, facing), segment)] if role == "H" else "", segment


def _tile_sets(state: CastleState, seat: int, p: Placement, seg: int, usable: list[int]):
    if not usable:
        yield ()
        return
    ok = [t for t in usable if t == 1 or _doubling_applies(state, seat, p, seg, t)]
    for n in range(len(ok) + 1):
        yield from combinations(ok, n)


def _doubling_applies(state: CastleState, seat: int, p: Placement, seg: int, tile: int) -> bool:
    role = role_of(p.card, seg) if seg >= 0 else ""
    follower = Follower(seat, role, p.card, seg) if role else None
    board = state.board.trial(p, follower)
    kind = TOWER if tile == 2 else HOUSE
    return doubled_target(completions(board), seat, kind) is not None


def _well_formed(action: PlaceCard) -> bool:
    """Fields of the types the notation produces, half a on a square of the castle's box."""
    return (
        type(action.x) is int
        and type(action.y) is int
        and 0 <= action.x < CASTLE.width
        and 0 <= action.y < CASTLE.height
        and isinstance(action.facing, str)
        and isinstance(action.role, str)
        and isinstance(action.side, str)
        and isinstance(action.tiles, tuple)
        and all(type(t) is int for t in action.tiles)
    )


def _parsed(text: str) -> PlaceCard:
    """A move read as the player wrote it: a card that reads the same turned round may be written
    either way (E5w or D5e), and the move list shows the form typed (the rules list one of them)."""
    action = notation.parse_action(text)
    if action.role and action.role != "H" and action.side:
        raise IllegalMove("only a herald names a side (the road it stands on)")
    return action


_READINGS = Readings(_parsed)  # see engine.core.readings: a reading depends on the text alone


def _why_not_place(state: CastleState, seat: int, action: PlaceCard) -> str | None:
    """Why the drawn card may not be laid so, in the player's terms; None for exactly the moves
    legal_actions lists (or their mirror image, for a card that reads the same turned round)."""
    if not _well_formed(action):
        return "lay the drawn castle card"
    if len(action.facing) != 1 or action.facing not in DIRS:
        return "the direction of half b must be n, e, s or w"
    p = _placement(state, action)
    why: str | None = problem(state.board.analysis, p.card, p.x, p.y, p.facing)
    if why:
        return f"{notation.format_action(action).split()[0]}: {why}"
    segment = -1
    if action.role:
        why = _why_not_follower(state, seat, p, action)
        if why:
            return why
        segment = segment_for(p, KIND_OF_ROLE[action.role], action.side)
    tiles = sorted(action.tiles)
    for t in tiles:
        if t not in PLAYABLE_TILES:
            return f"wall tile {t} acts by itself in the final scoring"
        if t not in state.tiles[seat]:
            return f"you have no wall tile {t}"
    if len(set(tiles)) != len(tiles):
        return "play each kind of wall tile at most once per turn"
    for kind, tile in DOUBLING_TILE.items():
        if tile in tiles and not _doubling_applies(state, seat, p, segment, tile):
            return (
                f"wall tile {tile} needs a {kind} you complete this turn with more followers in it than your opponent"
            )
    return None


def _why_not_follower(state: CastleState, seat: int, p: Placement, action: PlaceCard) -> str | None:
    kind = KIND_OF_ROLE.get(action.role)
    if kind is None:
        return "a follower is H (herald), K (knight), S (squire) or M (merchant)"
    if state.supply[seat] <= 0:
        return "you have no follower left in your supply"
    segment = segment_for(p, kind, action.side)
    name = ROLE_NAMES[action.role]
    if segment < 0:
        where = f" leaving the card to the {action.side or '?'}" if kind == ROAD else ""
        return f"this card has no {'courtyard' if kind == 'court' else kind}{where} for a {name}"
    if segment not in follower_targets(state.board, p):  # the rule legal_actions lists by
        return f"no {name} may go there: that {kind} already has a follower (yours counts too)"
    return None


def _placement(state: CastleState, action: PlaceCard) -> Placement:
    """Where the drawn card lies, in the form the rules list it (one of a symmetric card's two)."""
    p = Placement(state.card, action.x, action.y, DIRS.index(action.facing))
    return canonical(p) if SYMMETRIC[p.card] else p


def _card_placed(state: CastleState, seat: int, action: PlaceCard) -> CardPlaced:
    """The event of a legal move: the card where the player put it, in their own form of a card that
    reads the same turned round (evolve lays it in the listed form); the follower's segment counts
    on the listed form."""
    p = _placement(state, action)
    segment = segment_for(p, KIND_OF_ROLE[action.role], action.side) if action.role else -1
    tiles = tuple(sorted(action.tiles))
    return CardPlaced(seat, p.card, action.x, action.y, action.facing, action.role, segment, tiles)


CHECKS = Checks(
    "Carcassonne: The Castle",
    {PlaceCard: _why_not_place},
    otherwise=lambda state, seat, action: "lay the drawn castle card",
)


def _next_turn(fold: Folder, seat: int) -> None:
    """Draw for ``seat``; a card that fits nowhere leaves the game. No cards left: final scoring."""
    again = False
    while fold.state.deck:
        card = fold.state.deck[0]
        fold.add(CardDrawn(seat, card, again))
        if has_placement(fold.state.board.analysis, card):
            return
        fold.add(CardRemoved(seat, card))
        again = True
    final_scoring(fold)


GAME = CarcassonneCastle()
