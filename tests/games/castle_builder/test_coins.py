"""The 11 coin effects of the rulebook's last page, their ties and choices, and the two variants."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalMove
from engine.games.castle_builder import GAME, Build, Knock, Steal, TakeCoin, TakeTile
from engine.games.castle_builder.castle import NEW_CASTLE
from engine.games.castle_builder.catalog import COINS, EFFECTS
from engine.games.castle_builder.events import (
    BaronMoved,
    CastleTileRemoved,
    CoinTaken,
    EffectResolved,
    GameEnded,
    MarketCleared,
    Task,
    TileDiscarded,
    TilesDrawn,
    TileStolen,
    TurnStarted,
)

from .helpers import Tiles, act, castle, coin_of, of_type, position


def offered(effect: str, players: int = 2, **kw):
    """``seat 0`` owes a coin; the market offers ``effect`` beside two others."""
    others = [e for e in ("windows", "mill", "monk") if e != effect][:2]
    coins = (coin_of(effect), coin_of(others[0]), coin_of(others[1]))
    return position(players=players, market_coins=coins, pending=(Task("coin", 0, 1),), **kw)


def test_the_coins_are_36_with_11_effects():
    assert len(COINS) == 36 and len(EFFECTS) == 11
    assert {e for e in EFFECTS if EFFECTS[e].red} == {"catapult", "thief", "lady"}


def test_taking_a_coin_refills_the_market_then_resolves_and_keeps_the_coin():
    state = offered("tower")
    top = state.coin_pile[0]
    events, after = act(state, TakeCoin("tower"))
    assert after.coins[0] == (coin_of("tower"),)
    assert top in after.market_coins and len(after.coin_pile) == len(state.coin_pile) - 1
    assert [type(e).__name__ for e in events[:3]] == ["CoinTaken", "CoinAdded", "EffectResolved"]


def test_ruby_moves_the_baron_one_more_step_with_its_bonuses():
    state = offered("ruby", barons=(12, 30))  # space 13; space 14 is a ruby space, 15 plain
    events, after = act(state, TakeCoin("ruby"))
    moved = of_type(events, BaronMoved)[0]
    assert (moved.steps, moved.to, moved.distance) == (1, 14, 2)  # onto the ruby space, one more
    state = offered("ruby", barons=(11, 30))  # space 12 -> 13, a tile space
    events, after = act(state, TakeCoin("ruby"))
    assert of_type(events, TilesDrawn)[0].reason == "space" and len(after.holders[0]) == 1


def test_ruby_passing_a_coin_space_takes_another_coin():
    state = offered("ruby", barons=(6, 30))  # space 7; space 8 is a coin space
    events, after = act(state, TakeCoin("ruby"))
    assert of_type(events, BaronMoved)[0].coins == 1
    assert after.pending and after.pending[0].kind == "coin"


def test_highest_tower_gives_2_tiles_to_each_tallest_castle():
    t = Tiles()
    tall = castle(g1=t("wall", "3"), h2=t("wall", "5"))
    state = offered("tower", players=3, castles=[NEW_CASTLE, tall, tall])
    events, after = act(state, TakeCoin("tower"))
    assert of_type(events, EffectResolved)[0].seats == (1, 2)
    assert [len(h) for h in after.holders] == [0, 2, 2]


def test_a_tie_at_the_bottom_still_counts_for_the_highest_tower():
    state = offered("tower", players=2)
    _, after = act(state, TakeCoin("tower"))
    assert [len(h) for h in after.holders] == [2, 2]  # both castles are 1 level (the gate)


@pytest.mark.parametrize(
    "effect, kind, label", [("persons", "guard", "4"), ("windows", "window", "2"), ("roofs", "roof", "2")]
)
def test_most_persons_windows_roofs_need_at_least_one(effect, kind, label):
    state = offered(effect, players=3)
    events, after = act(state, TakeCoin(effect))
    assert of_type(events, EffectResolved)[0].seats == () and [len(h) for h in after.holders] == [0, 0, 0]
    t = Tiles()
    one = castle(c1=t(kind, label))
    state = offered(effect, players=3, castles=[NEW_CASTLE, one, castle(c1=t(kind))])
    _, after = act(state, TakeCoin(effect))
    assert [len(h) for h in after.holders] == [0, 2, 2]


def test_every_kind_of_roof_counts():
    t = Tiles()
    roofs = castle(a1=t("roof"), c1=t("tower roof"), e1=t("spire"))
    state = offered("roofs", castles=[NEW_CASTLE, roofs], players=2)
    _, after = act(state, TakeCoin("roofs"))
    assert [len(h) for h in after.holders] == [0, 2]


def test_the_monk_favours_the_fewest_coins_not_counting_this_one():
    state = offered("monk", players=3, coins=[[], [coin_of("ruby")], []])
    events, after = act(state, TakeCoin("monk"))
    assert of_type(events, EffectResolved)[0].seats == (0, 2)
    assert [len(h) for h in after.holders] == [3, 0, 3]


def test_the_thief_robs_the_only_opponent_at_random():
    t = Tiles()
    loot = [t("wall", "1"), t("wall", "2")]
    state = offered("thief", holders=[[], loot])
    events, after = act(state, TakeCoin("thief"))
    stolen = of_type(events, TileStolen)[0]
    assert stolen.tile in loot and after.holders[0] == (stolen.tile,) and len(after.holders[1]) == 1


def test_the_thief_asks_which_opponent_when_there_are_several():
    t = Tiles()
    state = offered("thief", players=3, holders=[[], [t("wall", "1")], [t("wall", "2")]])
    _, waiting = act(state, TakeCoin("thief"))
    assert waiting.pending[0].kind == "thief" and GAME.to_act(waiting) == {0}
    assert set(GAME.legal_actions(waiting, 0)) == {Steal(1), Steal(2)}
    with pytest.raises(IllegalMove):
        act(waiting, Steal(0))
    _, after = act(waiting, Steal(2))
    assert len(after.holders[0]) == 1 and after.holders[2] == ()


def test_the_thief_finds_nothing_in_empty_holders():
    state = offered("thief", players=3)
    events, after = act(state, TakeCoin("thief"))
    assert not of_type(events, TileStolen) and of_type(events, TurnStarted)


def test_the_bitter_lady_discards_a_random_tile_from_every_opponent():
    t = Tiles()
    state = offered("lady", players=3, holders=[[t("wall", "1")], [t("wall", "2"), t("wall", "3")], []])
    events, after = act(state, TakeCoin("lady"))
    gone = of_type(events, TileDiscarded)
    assert [(d.seat, d.reason) for d in gone] == [(1, "lady")]
    assert len(after.holders[0]) == 1 and len(after.holders[1]) == 1 and after.discard == (gone[0].tile,)


def test_the_mill_discards_the_market_and_takes_one_of_the_new_tiles():
    state = position(
        market_coins=(coin_of("mill"), coin_of("ruby"), coin_of("monk")),
        market=(100, 101, 102),
        pending=(Task("coin", 0, 1),),
    )
    events, waiting = act(state, TakeCoin("mill"))
    assert of_type(events, MarketCleared)[0].tiles == (100, 101, 102)
    assert set(waiting.discard) == {100, 101, 102}
    new = waiting.market
    assert not set(new) & {100, 101, 102} and waiting.pending[0].kind == "mill"
    events, after = act(waiting, TakeTile(new[1]))
    assert after.holders[0] == (new[1],) and len([t for t in after.market if t >= 0]) == 3


def test_decay_discards_a_free_tile_of_your_own_castle_and_the_baron_stays():
    t = Tiles()
    three, five, four = t("wall", "3"), t("wall", "5"), t("wall", "4")
    mine = castle(g1=three, h2=five, k1=four)
    state = offered("decay", castles=[mine, NEW_CASTLE])
    _, waiting = act(state, TakeCoin("decay"))
    free = set(GAME.legal_actions(waiting, 0))
    assert free == {Knock(0, 2, 7), Knock(0, 1, 10)}  # the 3 under the 5 and the gate never
    events, after = act(waiting, Knock(0, 2, 7))
    assert of_type(events, CastleTileRemoved)[0].tile == five and five in after.discard
    assert after.barons == state.barons


def test_decay_with_a_single_free_tile_takes_it_and_with_none_does_nothing():
    t = Tiles()
    one = t("wall", "3")
    _, after = act(offered("decay", castles=[castle(g1=one), NEW_CASTLE]), TakeCoin("decay"))
    assert after.castles[0] == NEW_CASTLE
    events, after = act(offered("decay"), TakeCoin("decay"))
    assert not of_type(events, CastleTileRemoved) and after.castles[0] == NEW_CASTLE


def test_the_catapult_knocks_a_free_tile_from_an_opponents_castle():
    t = Tiles()
    theirs = castle(g1=t("wall", "3"), h2=t("wall", "5"), c1=t("wall", "9"))
    state = offered("catapult", players=3, castles=[castle(a1=t("wall", "1")), theirs, NEW_CASTLE])
    _, waiting = act(state, TakeCoin("catapult"))
    assert set(GAME.legal_actions(waiting, 0)) == {Knock(1, 2, 7), Knock(1, 1, 2)}
    _, after = act(waiting, Knock(1, 2, 7))
    assert (2, 7) not in {(lv, x) for lv, x, _ in after.castles[1]} and after.barons == state.barons


def test_peaceful_times_turn_the_red_coins_into_a_market_tile():
    for effect in ("thief", "lady", "catapult"):
        state = offered(effect, variants={"peaceful-times"}, market=(100, 101, 102))
        events, waiting = act(state, TakeCoin(effect))
        assert waiting.pending[0].kind == "market"
        assert not of_type(events, TileStolen) and not of_type(events, TileDiscarded)
        _, after = act(waiting, TakeTile(101))
        assert after.holders[0] == (101,) and 101 not in after.market


def test_a_gift_over_7_tiles_makes_its_owner_discard_at_once():
    t = Tiles()
    six, seven = [t("wall") for _ in range(6)], [t("window") for _ in range(7)]
    state = offered("tower", holders=[six, seven])
    _, waiting = act(state, TakeCoin("tower"))
    assert GAME.to_act(waiting) == {0}  # the taker first: 6 + 2
    _, waiting = act(waiting, next(iter(GAME.legal_actions(waiting, 0))))
    assert GAME.to_act(waiting) == {1} and waiting.pending[0].kind == "limit"
    for _ in range(2):
        _, waiting = act(waiting, next(iter(GAME.legal_actions(waiting, 1))), seat=1)
    assert [len(h) for h in waiting.holders] == [7, 7] and waiting.turn == 1 and not waiting.pending


def test_the_seventh_coin_ends_the_game_at_once():
    won = [coin_of("ruby", i) for i in range(4)] + [coin_of("tower", i) for i in range(2)]
    state = offered("windows", coins=[won, []])
    events, after = act(state, TakeCoin("windows"))
    assert after.finished and after.winners == (0,)
    assert isinstance(events[-1], GameEnded) and not of_type(events, EffectResolved)
    assert GAME.result(after).scores == (7, 0)


def test_reach_the_sky_plays_to_9_coins():
    won = [coin_of("ruby", i) for i in range(4)] + [coin_of("tower", i) for i in range(2)]
    state = offered("windows", coins=[won, []], variants={"reach-the-sky"})
    _, after = act(state, TakeCoin("windows"))
    assert not after.finished and len(after.coins[0]) == 7


def test_passing_a_coin_space_in_a_build_offers_the_market_coins():
    t = Tiles()
    five = t("wall", "5")
    state = position(castles=[castle(g1=t("wall", "3")), NEW_CASTLE], holders=[[five], []], barons=(5, 30))
    events, waiting = act(state, Build(five, 2, 7))  # space 6 is a ruby: 2 steps to 8 (a coin space)
    assert of_type(events, BaronMoved)[0].coins == 1
    assert waiting.pending[0].kind == "coin"
    assert {a.effect for a in GAME.legal_actions(waiting, 0)} == {"tower", "mill", "monk"}
    events, after = act(waiting, TakeCoin("monk"))
    assert of_type(events, CoinTaken)[0].chosen and len(after.coins[0]) == 1
