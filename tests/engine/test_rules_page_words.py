"""Issue 31: a rules page speaks to players. Where a page states a choice the rulebook leaves
open, it says how this version plays it, never "our choice" or "Bergfried chose" (words for
the people who wrote it). Between Two Castles and Castle Builder are reworded with their rule
changes (issues of their own) and join this list then."""

from __future__ import annotations

import re

import pytest

from engine.games import get_game

DEVELOPER_WORDS = re.compile(
    r"\bour (choice|placement|own)|\bours\b|design choice|choices we made|\bwe (chose|made)"
    r"|Bergfried (chose|makes its own|uses)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("game_id", ["palais-royal", "carcassonne-castle", "king-up"])
def test_the_rules_page_speaks_to_players(game_id):
    page = get_game(game_id).rules_page()
    found = [m.group(0) for m in DEVELOPER_WORDS.finditer(page)]
    assert found == [], found
    assert "this version" in page, "the choices the rulebook leaves open are still stated"
