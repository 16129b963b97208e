"""Scoring: completed roads, towers and houses during play, and the final scoring.

Every function returns events and folds them as it goes, so a later scoring sees the markers (and
corner towers) an earlier one left.
"""

from __future__ import annotations

from engine.core import fold

from .board import Board, Feature, Follower, Square
from .catalog import CASTLE, COURT, DX, DY, HOUSE, ROAD, TOWER, TRACK
from .events import (
    CourtyardScored,
    FeatureCompleted,
    GameEnded,
    PalasBuilt,
    PalasScored,
    WallCleared,
    WallTileScored,
    WallTileTaken,
)
from .state import CastleState, evolve

PER_CARD = {TOWER: 2, HOUSE: 1}
KIND_ORDER = {ROAD: 0, TOWER: 1, HOUSE: 2, COURT: 3}
DOUBLING_TILE = {TOWER: 2, HOUSE: 3}
UNFINISHED_TILE = {4: ROAD, 5: TOWER, 6: HOUSE}


def per_card(feat: Feature) -> int:
    """Road 1 per card (2 with any well on it), tower 2, house 1."""
    if feat.kind == ROAD:
        return 2 if feat.well else 1
    return PER_CARD[feat.kind]


def majority(followers: list[Follower], players: int = 2) -> int:
    """The seat with strictly more followers in a feature, or -1 (a tie scores nothing)."""
    counts = [0] * players
    for f in followers:
        counts[f.seat] += 1
    best = max(counts)
    return counts.index(best) if best and counts.count(best) == 1 else -1


class Folder(fold.Folder):
    evolve = staticmethod(evolve)


def completions(board: Board) -> list[tuple[int, Feature, list[Follower], int]]:
    """Features the last card completed: (id, feature, followers in it, majority seat)."""
    a = board.analysis
    out = []
    for fid in a.completed:
        fols = board.followers_in(fid)
        out.append((fid, a.features[fid], fols, majority(fols)))
    return out


def doubled_target(done: list, seat: int, kind: str) -> int | None:
    """The biggest completed feature of ``kind`` won by ``seat``: where a doubling tile goes."""
    mine = [(f.size, -fid, fid) for fid, f, _, w in done if w == seat and f.kind == kind]
    return max(mine)[2] if mine else None


def score_completed(fold: Folder, seat: int, tiles: tuple[int, ...]) -> None:
    """Score what the card just placed completed: the placing player's wins first."""
    if not fold.state.board.analysis.completed:
        return
    done = completions(fold.state.board)
    doubled = {doubled_target(done, seat, k) for k, t in DOUBLING_TILE.items() if t in tiles} - {None}
    done.sort(key=lambda it: (it[3] != seat, KIND_ORDER[it[1].kind], min(it[1].cards)))
    for fid, feat, fols, winner in done:
        points = feat.size * per_card(feat) * (2 if fid in doubled else 1) if winner >= 0 else 0
        fold.add(
            FeatureCompleted(
                feat.kind,
                tuple(sorted(feat.cards)),
                tuple(sorted(feat.start_fields)),
                winner,
                points,
                fid in doubled,
                tuple((f.seat, f.card, f.segment) for f in fols),
            )
        )
        take_tile(fold, winner, points)
        if feat.kind == HOUSE and winner >= 0:
            palas = fold.state.palas[winner]
            if palas is None or feat.size > palas.size:
                fold.add(PalasBuilt(winner, feat.size, tuple(sorted(feat.cards))))


def take_tile(fold: Folder, seat: int, points: int) -> None:
    """Landing exactly on a corner tower (either of its spaces) takes its tile; passing does not."""
    if seat < 0 or not points:
        return
    tower = CASTLE.tower_at(fold.state.scores[seat] % TRACK)
    if tower is not None and fold.state.towers[tower.index]:
        fold.add(WallTileTaken(seat, tower.index, fold.state.towers[tower.index]))


# -- final scoring ---------------------------------------------------------------------------


def final_scoring(fold: Folder) -> None:
    """In the rulebook's order: the wall is cleared, then palas, courtyards, wall tiles 4, 5, 6, 9."""
    s = fold.state
    fold.add(WallCleared(tuple(i for i, t in enumerate(s.towers) if t)))
    _score_palas(fold)
    _score_courtyards(fold)
    scored: set[int] = set()  # feature ids: a road and a tower may lie on exactly the same cards
    for tile in (4, 5, 6):
        for seat in range(s.players):
            for _ in range(fold.state.tiles[seat].count(tile)):
                _score_unfinished(fold, seat, tile, scored)
    for seat in range(s.players):
        for _ in range(fold.state.tiles[seat].count(9)):
            fold.add(WallTileScored(seat, 9, 5, ()))
    scores = fold.state.scores
    best = max(scores)
    fold.add(GameEnded(scores, tuple(i for i, v in enumerate(scores) if v == best)))


def palas_sizes(state: CastleState) -> tuple[int, ...]:
    """Each palas's size for the final scoring; wall tile 8 adds 2 cards to an existing palas."""
    return tuple(0 if p is None else p.size + 2 * state.tiles[i].count(8) for i, p in enumerate(state.palas))


def _score_palas(fold: Folder) -> None:
    sizes = palas_sizes(fold.state)
    region, fit = largest_free_region(fold.state.board.free_squares())
    best = max(sizes)
    seat = sizes.index(best) if best and sizes.count(best) == 1 else -1
    fold.add(PalasScored(seat, fit if seat >= 0 else 0, sizes, tuple(sorted(region))))


def _score_courtyards(fold: Folder) -> None:
    board = fold.state.board
    a = board.analysis
    courts = []
    for fid, feat in a.features.items():
        if feat.kind == COURT and feat.markets and feat.cards:  # only markets score
            winner = majority(board.followers_in(fid))
            if winner >= 0:
                courts.append((min(feat.cards), winner, feat))
    courts.sort(key=lambda c: c[0])
    boosted: set[int] = set()
    for seat in range(fold.state.players):
        mine = sorted((c for c in courts if c[1] == seat), key=lambda c: (-c[2].markets, c[0]))
        boosted |= {c[0] for c in mine[: fold.state.tiles[seat].count(7)]}
    for key, winner, feat in courts:
        rate = 4 if key in boosted else 3
        fold.add(CourtyardScored(winner, feat.markets, rate * feat.markets, key in boosted, tuple(sorted(feat.cards))))


def _score_unfinished(fold: Folder, seat: int, tile: int, scored: set[int]) -> None:
    """Tiles 4–6 score the player's biggest unfinished road, tower or house (1, 2, 1 per card).

    ``scored`` holds the features earlier tiles scored (keyed by feature, not by cards: a road and a
    tower may lie on exactly the same cards); this one joins it."""
    board = fold.state.board
    a = board.analysis
    kind = UNFINISHED_TILE[tile]
    options = []
    for fid, feat in a.features.items():
        if feat.kind == kind and feat.cards and not feat.complete and fid not in scored:
            if majority(board.followers_in(fid)) == seat:
                options.append((feat.size, tuple(sorted(feat.cards)), fid))
    if options:
        size, cards, fid = max(options)
        scored.add(fid)
        fold.add(WallTileScored(seat, tile, size * (2 if kind == TOWER else 1), cards))


def largest_free_region(free: set[Square]) -> tuple[set[Square], int]:
    """The largest connected group of free squares and how many cards would still fit in it."""
    best: tuple[int, int, set[Square]] = (0, 0, set())
    seen: set[Square] = set()
    for start in sorted(free):
        if start in seen:
            continue
        region = _flood(start, free)
        seen |= region
        size = len(region)
        # (size, cards) must beat the best: a smaller region cannot, nor one of the same size when
        # the best already holds as many cards as any region of that size could
        if size < best[0] or (size == best[0] and best[1] == size // 2):
            continue
        key = (size, max_cards(region), region)
        if key[:2] > best[:2]:
            best = key
    return best[2], best[1]


def _flood(start: Square, free: set[Square]) -> set[Square]:
    """The free castle squares connected to ``start`` (one of them)."""
    region, todo = {start}, [start]
    while todo:
        for n in INSIDE_NEIGHBOURS[todo.pop()]:
            if n in free and n not in region:
                region.add(n)
                todo.append(n)
    return region


INSIDE_NEIGHBOURS = {
    (x, y): tuple((x + dx, y + dy) for dx, dy in zip(DX, DY) if (x + dx, y + dy) in CASTLE.interior)
    for x, y in CASTLE.interior
}


def max_cards(region: set[Square]) -> int:
    """Most dominoes that fit: a maximum matching between the two colours of a chessboard."""
    match: dict[Square, Square] = {}

    def augment(sq: Square, seen: set[Square]) -> bool:
        x, y = sq
        for dx, dy in zip(DX, DY):
            n = (x + dx, y + dy)
            if n in region and n not in seen:
                seen.add(n)
                if n not in match or augment(match[n], seen):
                    match[n] = sq
                    return True
        return False

    return sum(augment(sq, set()) for sq in sorted(region) if (sq[0] + sq[1]) % 2 == 0)
