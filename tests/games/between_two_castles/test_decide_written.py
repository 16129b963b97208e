"""Between Two Castles' load shortcut (quick.decide_written) beyond the contract test: it takes
every move as written (placements, picks, bonus choices) but the assignment of Ludwig's rooms,
and near misses (another side, castle, seat or number) are decided as reading and deciding them
do."""
from __future__ import annotations

import random

import pytest

from engine.games.between_two_castles import GAME
from tests.engine.test_decide_written import check_text, positions


def _near_misses(text: str) -> list[str]:
    misses = [text.replace("@L", "@R"), text.replace("@R", "@L"), text.replace("@L", "@C1"),
              text.replace(",", ",9"), text.replace(",", ",-"), text.replace("pick ", "pick 1")]
    if text.startswith("pick "):
        misses.append("pick " + "+".join(reversed(text[5:].split("+"))))
    return misses


@pytest.mark.parametrize("players, variants", [(2, {"ludwig"}), (3, set()), (5, set()), (7, set())])
def test_every_written_move_but_ludwig_s_is_taken(players, variants):
    rng, legal = random.Random(players), 0
    for game in range(3):
        for state, seats in positions(GAME, players, seed=game, variants=variants):
            for seat in seats:
                texts = [GAME.format_action(state, seat, a) for a in GAME.legal_actions(state, seat)]
                written = [t for t in texts if not t.startswith("ludwig ")]  # Ludwig's rooms: the general path's
                legal += len(written)
                assert all(check_text(GAME, state, seat, t) for t in written)
                for text in rng.sample(texts, min(4, len(texts))):
                    for miss in _near_misses(text):
                        check_text(GAME, state, seat, miss)
    assert legal > 100 * players
