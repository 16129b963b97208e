"""Fit the Palais Royal evaluation's weights (engine/games/palais_royal/evaluate.py, WEIGHTS).

Not a test: run it by hand after changing the greedy bot or the features,

    python3 tests/games/palais_royal/fit_outlook.py 1250

It plays that many games between greedy bots (seeds 0, 1, ...), takes every seat's model inputs
at the start of every turn, and fits the final score each seat reached by least squares (ridge 1;
numpy, which the engine does not need). Games with a seed divisible by 5 are held out to
print the error; the weights printed are fitted on all games.
"""

from __future__ import annotations

import random
import sys

from engine.core.game import GameConfig
from engine.games import get_game
from engine.games.palais_royal.evaluate import model_inputs
from engine.games.palais_royal.events import TurnBegan

PLAYERS = 3


def play(game, greedy, seed: int, epsilon: float = 0.0):
    """The positions at the start of each turn of one greedy game, and its final scores. With
    chance ``epsilon`` a move is a random one instead of greedy's."""
    rng = random.Random(seed)
    config = GameConfig(PLAYERS)
    state = game.initial_state(config)
    for event in game.setup(config, rng):
        state = game.evolve(state, event)
    starts = []
    while game.to_act(state):
        seat = min(game.to_act(state))
        legal = list(game.legal_actions(state, seat))
        if len(legal) == 1 or rng.random() < epsilon:
            action = legal[rng.randrange(len(legal))]
        else:
            action = greedy.choose(game.view(state, seat), legal, rng)
        events = game.decide(state, seat, action, rng)
        for event in events:
            state = game.evolve(state, event)
        if game.to_act(state) and any(isinstance(e, TurnBegan) for e in events):
            starts.append(state)
    return starts, state.final.totals


def main(games: int) -> None:
    import numpy as np

    game = get_game("palais-royal")
    greedy = game.bots["greedy"]()
    rows, scores, held = [], [], []
    for seed in range(games):
        starts, final = play(game, greedy, seed)
        for state in starts:
            for seat in range(PLAYERS):
                rows.append(model_inputs(state, seat))
                scores.append(final[seat])
                held.append(seed % 5 == 0)
    x, y, held = np.array(rows), np.array(scores, dtype=float), np.array(held)

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
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1250)
