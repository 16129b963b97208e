"""The preview the bot and the screen rely on says what the rules then do."""

from __future__ import annotations

import random

from engine.core import GameConfig, Match, Seat
from engine.games.carcassonne_castle import GAME
from engine.games.carcassonne_castle.events import FeatureCompleted


def test_completions_predict_every_feature_the_rules_then_score():
    checked = 0
    for seed in range(6):
        match = Match.new(GAME, GameConfig(2), [Seat("A"), Seat("B")], seed)
        rng = random.Random(seed)
        while not match.finished:
            seat = min(match.to_act)
            view = match.view(seat)
            legal = match.legal_actions(seat)
            for action in rng.sample(legal, min(6, len(legal))):
                if action.tiles:
                    continue  # wall tiles 2 and 3 double; the preview is undoubled by design
                predicted = GAME.preview(view, action)
                events = GAME.decide(match.state, seat, action, match.rng())
                scored = [e for e in events if isinstance(e, FeatureCompleted)]
                # Only the completions of the card itself, not those of wall tile 1's extra turn.
                actual = sorted((e.kind, len(e.cards) + len(e.start_fields), e.winner, e.points) for e in scored)
                assert sorted((c.kind, c.size, c.winner, c.points) for c in predicted) == actual
                checked += bool(scored)
            match.submit(seat, legal[rng.randrange(len(legal))])
    assert checked > 20  # the check saw many real completions, not just empty lists
