"""Issue 31: a rules page speaks to players. Where a page states a choice the rulebook leaves
open, it says how this version plays it, never "our choice" or "Bergfried chose" (words for
the people who wrote it, "we use", "of ours"). Every game's page is checked, so such wording
cannot come back in any of them."""

from __future__ import annotations

import re

import pytest

from engine.games import GAMES, get_game

DEVELOPER_WORDS = re.compile(
    r"\bour (choice|placement|own|design)|\bours\b|design choice|choices we made"
    r"|\bwe (chose|made|use|apply|decided|picked)|\bBergfried (chose|makes its own|uses|decided)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_rules_page_speaks_to_players(game_id):
    page = get_game(game_id).rules_page()
    found = [m.group(0) for m in DEVELOPER_WORDS.finditer(page)]
    assert found == [], found
    assert "this version" in page, "the choices the rulebook leaves open are still stated"
