"""Measure the Carcassonne evaluation's shares (engine/games/carcassonne_castle/evaluate.py, SHARE).

Not a test: run it by hand after changing the bots or the evaluation,

    python3 -m tests.games.carcassonne_castle.measure_share 300 [seed]

It plays that many games of the thinking bot (every legal move judged once) against greedy,
seats alternating. Before every decision it notes each open road, tower and house that a seat
holds (kind, open sides, cards left to draw, its points now; not those open toward a hole,
which never close) and follows the holder's follower to the end: the points the feature paid
when it closed if the holder won it, else 0 (still open at the end, or taken by the other
seat). It prints, per kind and open sides, the points paid divided by the points shown, for
0-9, 10-19, ... 50+ cards left, in SHARE's layout; and for held courtyards (kind "court") the
points their holder's follower stood in at the end over their markets' points then.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

from engine.core.game import GameConfig, rng_for, secret_from
from engine.core.search import ThinkingBot
from engine.core.selfplay import game_seed
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.catalog import COURT
from engine.games.carcassonne_castle.evaluate import COURT_RATE, hopeless
from engine.games.carcassonne_castle.events import FeatureCompleted
from engine.games.carcassonne_castle.scoring import majority, per_card

BUCKETS = 6  # cards left: 0-9, 10-19, ..., 50 and more


def follow(seed: int, bots) -> list[tuple[str, int, int, int, float]]:
    """(kind, open sides, cards left, points shown, points paid) for one game."""
    config = GameConfig(2)
    rng = rng_for(secret_from(seed), 0)
    state = GAME.initial_state(config)
    for event in GAME.setup(config, rng):
        state = GAME.evolve(state, event)
    rows: list[list] = []
    waiting: dict[tuple[int, int, int], list[int]] = {}  # the holder's follower -> its rows
    bot_rngs = [random.Random(seed * 2 + s) for s in range(2)]
    courts: list[tuple[list, tuple[int, int, int]]] = []  # a held courtyard's row, its holder's follower
    while not state.finished:
        a = state.board.analysis
        held: dict[int, list] = {}
        for f in state.board.followers:
            held.setdefault(a.feature_of[(f.card, f.segment)], []).append(f)
        dead = hopeless(a)
        for fid, followers in held.items():
            feat, owner = a.features[fid], majority(followers)
            if feat.complete or fid in dead or owner < 0:
                continue
            f = next(f for f in followers if f.seat == owner)
            if feat.kind == COURT:
                court_row = [COURT, 1, len(state.deck), COURT_RATE * feat.markets, 0.0]
                courts.append((court_row, (f.seat, f.card, f.segment)))
                continue
            rows.append([feat.kind, min(feat.open, 4), len(state.deck), feat.size * per_card(feat), 0.0])
            waiting.setdefault((f.seat, f.card, f.segment), []).append(len(rows) - 1)
        seat = state.to_move
        legal = list(GAME.legal_actions(state, seat))
        action = bots[seat].choose(GAME.view(state, seat), legal, bot_rngs[seat])
        for event in GAME.decide(state, seat, action, rng):
            if isinstance(event, FeatureCompleted):
                for key in event.followers:
                    for i in waiting.pop(key, []):
                        rows[i][4] = float(event.points if event.winner == key[0] else 0)
            state = GAME.evolve(state, event)
    end = state.board.analysis
    for row, (seat, card, segment) in courts:
        if any((f.seat, f.card, f.segment) == (seat, card, segment) for f in state.board.followers):
            fid = end.feature_of[(card, segment)]
            if majority(state.board.followers_in(fid)) == seat:
                row[4] = float(COURT_RATE * end.features[fid].markets)
        rows.append(row)
    return [tuple(r) for r in rows]


def main(games: int, seed: int = 101) -> None:
    shown: dict[tuple[str, int, int], float] = defaultdict(float)
    paid: dict[tuple[str, int, int], float] = defaultdict(float)
    for i in range(games):
        thinking, greedy = ThinkingBot(GAME, "measure", iterations=100_000), GAME.make_bot("greedy")
        bots = [thinking, greedy] if i % 2 == 0 else [greedy, thinking]
        for kind, sides, left, points, got in follow(game_seed(seed, i), bots):
            key = (kind, sides, min(left // 10, BUCKETS - 1))
            shown[key] += points
            paid[key] += got
    for kind in sorted({k[0] for k in shown}):
        print(kind)
        for sides in sorted({k[1] for k in shown if k[0] == kind}):
            row = [
                paid[(kind, sides, b)] / shown[(kind, sides, b)] if shown[(kind, sides, b)] else 0.0
                for b in range(BUCKETS)
            ]
            print(f"    {sides}: ({', '.join(f'{v:.2f}' for v in row)}),")


if __name__ == "__main__":
    main(int(sys.argv[1]), *(int(a) for a in sys.argv[2:3]))
