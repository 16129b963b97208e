"""Fit the Palais Royal evaluation's weights (engine/games/palais_royal/evaluate.py, WEIGHTS).

Not a test: run it by hand after changing the greedy bot or the features,

    python3 tests/games/palais_royal/fit_outlook.py 3000 [THINKING_GAMES]

It plays that many games at 2, 3 and 4 players (seed s: 2 + s % 3 players), takes every seat's
model inputs at the start of every turn, and fits the final score each seat reached by least
squares (ridge 1; numpy, which the engine does not need). Games with a seed divisible by 5 are
held out to print the error; the weights printed are fitted on all games.

Why not greedy games alone: each seat of a game plays greedy but, with a chance drawn per seat
(0, 5, 15 or 30 %), makes a random legal move instead, passing included. Fitted on greedy games
alone, the model learnt what goes with a good score *when greedy plays*, not what a move changes:
it valued servants kept on the Staircase at about 5 points each and a third servant in the
Writing Room at -6, so the thinking bots, which judge their moves by it, found passing their
moves better than using them (and in a practice game against someone who only passed, passed
theirs from the first round). Random moves by seats that then score less teach it what a move
is worth. ``THINKING_GAMES`` more games (default 0) put one casual-like thinking bot (400
judgements a decision, so the same on any machine) at a table of greedy bots, so the positions
its own moves lead to are in the fit too. The weights in evaluate.py: ``fit_outlook.py 1500 45``
(167,863 positions; 12.9 points of error on held-out games, where final scores spread 23.4),
its thinking bot judging by the weights of a first fit, ``fit_outlook.py 3000``.
"""

from __future__ import annotations

import random
import sys
from typing import cast

from engine.core.game import GameConfig
from engine.games import get_game
from engine.games.palais_royal.evaluate import _GREEDY, GreedyView, model_inputs
from engine.games.palais_royal.events import TurnBegan
from engine.games.palais_royal.view import PalaisView

PLAYERS = 3
EPSILONS = (0.0, 0.05, 0.15, 0.3)


def play(game, greedy, seed: int, epsilon: float = 0.0, players: int = PLAYERS, epsilons=None, thinking=None):
    """The positions at the start of each turn of one greedy game, and its final scores. With
    chance ``epsilon`` (or ``epsilons[seat]``) a move is a random one instead of greedy's;
    ``thinking`` maps seats to bots that choose instead of greedy."""
    rng = random.Random(seed)
    config = GameConfig(players)
    state = game.initial_state(config)
    for event in game.setup(config, rng):
        state = game.evolve(state, event)
    starts = []
    while game.to_act(state):
        seat = min(game.to_act(state))
        legal = list(game.legal_actions(state, seat))
        chance = epsilon if epsilons is None else epsilons[seat]
        if len(legal) == 1 or rng.random() < chance:
            action = legal[rng.randrange(len(legal))]
        elif thinking and seat in thinking:
            action = thinking[seat].choose(game.view(state, seat), legal, rng)
        else:
            action = greedy.choose(cast(PalaisView, GreedyView(state, seat)), legal, rng)
        events = game.decide(state, seat, action, rng)
        for event in events:
            state = game.evolve(state, event)
        if game.to_act(state) and any(isinstance(e, TurnBegan) for e in events):
            starts.append(state)
    return starts, state.final.totals


def positions(games: int, thinking_games: int) -> tuple[list, list, list]:
    """Model inputs, final scores and 'held out' flags of every seat at every turn start."""
    from engine.core.search import ThinkingBot

    game = get_game("palais-royal")
    rows, scores, held = [], [], []
    for seed in range(games + thinking_games):
        players = 2 + seed % 3
        pick = random.Random(seed)
        epsilons = [pick.choice(EPSILONS) for _ in range(players)]
        thinking = None
        if seed >= games:  # one thinking seat, the others greedy with their chance of a random move
            seat = pick.randrange(players)
            epsilons[seat] = 0.0
            thinking = {seat: ThinkingBot(game, "casual", iterations=400)}
        starts, final = play(game, _GREEDY, seed, players=players, epsilons=epsilons, thinking=thinking)
        for state in starts:
            for seat in range(players):
                rows.append(model_inputs(state, seat))
                scores.append(final[seat])
                held.append(seed % 5 == 0)
        if seed % 100 == 99:
            print(f"# {seed + 1} games", file=sys.stderr)
    return rows, scores, held


def main(games: int, thinking_games: int) -> None:
    import numpy as np

    rows, scores, flags = positions(games, thinking_games)
    x, y, held = np.array(rows), np.array(scores, dtype=float), np.array(flags)

    def fit(x, y):
        return np.linalg.solve(x.T @ x + np.eye(x.shape[1]), x.T @ y)

    error = y[held] - x[held] @ fit(x[~held], y[~held])
    print(
        f"# {len(y)} positions; held-out error {np.sqrt(np.mean(error**2)):.1f} points "
        f"(spread of final scores {y[held].std():.1f})",
        file=sys.stderr,
    )
    w = fit(x, y)
    print("WEIGHTS = (")
    for i in range(0, len(w), 10):
        print("    " + " ".join(f"{v:.3f}," for v in w[i : i + 10]))
    print(")")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
