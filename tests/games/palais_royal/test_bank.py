"""The gold bank (issue 26): 33 gold pieces, 12 worth 3 and 21 worth 1, hold 57 gold.

Rulebook, Spielmaterial: „33 Goldstücke (12x Wert 3, 21x Wert 1)" — "33 gold pieces (12 of
value 3, 21 of value 1)": 12 x 3 + 21 x 1 = 57 gold. Rules version 1 counted 33 gold; a file
saved under it keeps its bank of 33, so it loads move for move.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core import GameConfig, read_log
from engine.games import get_game
from engine.games.palais_royal import GAME, Mint, PlayCard
from engine.games.palais_royal.catalog import GOLD, PENSION, ROOMS_STEP
from engine.games.palais_royal.turn import mint_gold

from .helpers import RED, apply, at_step, fresh, playing

OLD_SAVE = Path(__file__).parent / "rules_v1" / "bank-of-33.jsonl"


def test_the_gold_is_57_coins_worth_of_pieces():
    assert GOLD == 12 * 3 + 21 * 1 == 57


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bank_starts_with_57_gold_less_what_the_start_player_hands_out(players):
    """„Er verteilt 1 Gold an seinen linken Nachbarn, 2 Gold an den übernächsten Spieler und 3 Gold
    an den 4. Spieler" — "he gives 1 gold to his left neighbour, 2 to the next, 3 to the 4th"."""
    assert fresh(players).bank == 57 - sum(range(players))  # 2 players: 56, not 32


def test_a_bank_of_more_than_33_pays_the_mint_in_full():
    """„Für jeden seiner Diener in der Münzerei erhält der Spieler sofort 1 Goldmünze aus dem
    allgemeinen Gold-Vorrat" — "for each servant in the Mint the player at once takes 1 gold coin
    from the general supply": with 40 gold out among the players, 17 are still in the bank."""
    state = at_step(playing(rooms={"Mu": (5, 0, 0, 0)}, gold=(10, 10, 10, 10), bank=17), ROOMS_STEP)
    assert mint_gold(state, RED) == 6  # 5 servants and the majority
    after, _ = apply(state, Mint())
    assert after.gold[RED] == 16 and after.bank == 11


def test_the_pension_pays_four_from_a_bank_that_holds_them():
    """„Der Spieler erhält sofort 4 Goldmünzen aus dem allgemeinen Gold-Vorrat." — "the player at
    once takes 4 gold coins from the general supply"."""
    state = playing(hands=((PENSION,), (), (), ()), gold=(9, 8, 8, 8), bank=24)
    after, _ = apply(state, PlayCard(PENSION))
    assert after.gold[RED] == 9 - 1 + 4 and after.bank == 24 + 1 - 4


def test_a_file_saved_under_rules_version_1_keeps_its_bank_of_33_and_loads_whole():
    loaded = read_log(OLD_SAVE, get_game)
    assert loaded.header.rules_version == 1 and loaded.warning is None
    game = get_game("palais-royal")
    assert game.result(loaded.state).finished
    state, lowest = game.initial_state(loaded.header.config), 99
    for entry in loaded.entries:
        state = game.evolve(state, entry.event)
        if state.gold:
            assert sum(state.gold) + state.bank == 33
            lowest = min(lowest, state.bank)
    assert lowest == 0, "the old file's bank ran dry: it tests the old rule"


def test_a_new_game_plays_by_the_bank_of_57():
    config = GameConfig(3, rules_version=GAME.rules_version)
    assert GAME.rules_version >= 2
    (ev,) = GAME.setup(config, random.Random(1))
    assert (
        sum(GAME.evolve(GAME.initial_state(config), ev).gold) + GAME.evolve(GAME.initial_state(config), ev).bank == 57
    )
