"""Set-up, the two kinds of turn, the holder's limit, the market, the supply, the variants, refusals."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalMove, UnreadableMove
from engine.core.fastattrs import replace
from engine.games.castle_builder import GAME, Build, Discard, Draw, Knock, Pass, TakeCoin
from engine.games.castle_builder.castle import NEW_CASTLE
from engine.games.castle_builder.catalog import TILE_COUNT, royal_ids
from engine.games.castle_builder.events import (
    CastleTileRemoved,
    GameEnded,
    MarketRefilled,
    SupplyReshuffled,
    Task,
    TilesDrawn,
    TileStolen,
    TurnStarted,
)
from engine.games.castle_builder.notation import describe, format_action, parse_action

from .helpers import Tiles, act, castle, coin_of, new_game, of_type, play, position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up_deals_3_tiles_each_fills_the_market_and_lines_the_barons_up(players):
    state = new_game(players, seed=players)
    assert all(len(h) == 3 for h in state.holders)
    assert len(state.market) == 3 and len(state.market_coins) == 3
    assert len(state.supply) == TILE_COUNT - 3 - 3 * players and len(state.coin_pile) == 33
    start = state.start
    assert state.turn == start and state.barons[start] == 0  # the start player on space 1: last
    assert sorted(state.barons) == list(range(players))
    assert all(state.barons[(start + i) % players] == i for i in range(players))
    assert all(c == NEW_CASTLE for c in state.castles)


def test_drawing_takes_2_from_the_supply_and_passes_the_turn():
    state = position(holders=[[1], []])
    top = state.supply[:2]
    events, after = act(state, Draw())
    assert of_type(events, TilesDrawn)[0].tiles == top
    assert after.holders[0] == tuple(sorted((1,) + top)) and after.turn == 1


def test_drawing_over_7_makes_the_player_discard_down_to_7_at_once():
    t = Tiles()
    state = position(holders=[[t("wall") for _ in range(7)], []])
    _, waiting = act(state, Draw())
    assert waiting.turn == 0 and waiting.pending[0].kind == "limit" and len(waiting.holders[0]) == 9
    assert list(GAME.legal_actions(waiting, 0)) == [Discard(t) for t in waiting.holders[0]]
    with pytest.raises(IllegalMove, match="discard"):
        act(waiting, Draw())
    _, waiting = act(waiting, Discard(waiting.holders[0][0]))
    _, after = act(waiting, Discard(waiting.holders[0][-1]))
    assert len(after.holders[0]) == 7 and after.turn == 1 and len(after.discard) == 2


def test_building_from_the_market_refills_it_from_the_supply():
    t = Tiles()
    roof = t("roof", "5")
    state = position(market=(roof, 100, 101))
    events, after = play(state, f"{roof}@1a")
    assert of_type(events, MarketRefilled)[0].tile == state.supply[0]
    assert after.market == (state.supply[0], 100, 101)


def test_the_market_pays_no_tile_for_a_change_only_the_holder_does():
    t = Tiles()
    hall = t("great hall", "11/1")
    state = position(castles=[castle(g1=t("wall", "10")), NEW_CASTLE], market=(hall, 100, 101))
    with pytest.raises(IllegalMove, match="other tiles from your holder"):
        act(state, Build(hall, 2, 7, 1, (100,)))


def test_an_empty_supply_takes_the_shuffled_discard_pile():
    state = position(holders=[[1], []])
    state = replace(state, discard=state.supply[1:], supply=state.supply[:1])
    events, after = act(state, Draw())
    assert [type(e) for e in events[:2]] == [SupplyReshuffled, TilesDrawn]  # under the last tile
    assert events[1].tiles == (state.supply[0], events[0].order[0])
    assert after.reshuffles == 1 and after.discard == () and len(after.holders[0]) == 3


def test_under_rules_version_1_the_third_time_the_supply_runs_dry_the_game_ends():
    """Files saved under rules version 1 keep their old end (the book has none: see the next test)."""
    state = position(holders=[[1], []], coins=[[coin_of("ruby")], []])
    state = replace(state, discard=state.supply[1:], supply=(), reshuffles=2, rules_version=1)
    events, after = act(state, Draw())
    assert after.finished and after.end_reason == "exhausted" and after.winners == (0,)
    assert isinstance(events[-1], GameEnded)


def test_the_discard_pile_becomes_the_supply_however_often_the_supply_runs_dry():
    """„Falls sich keine Plättchen mehr in der Plättchenauslage befinden, mischt ihr alle abgelegten
    Plättchen zu einer neuen Plättchenauslage." (When the supply is empty, shuffle all discarded tiles
    into a new supply): no limit, so a third reshuffle is a reshuffle, not the end."""
    state = position(holders=[[1], []], coins=[[coin_of("ruby")], []])
    state = replace(state, discard=state.supply[1:], supply=(), reshuffles=2)
    events, after = act(state, Draw())
    assert not after.finished and after.reshuffles == 3
    assert isinstance(events[0], SupplyReshuffled) and len(after.holders[0]) == 3


def test_a_player_who_can_neither_draw_nor_build_passes_and_all_passing_ends_the_game():
    t = Tiles()
    stuck = [t("side wall left")]  # a side wall fits nowhere on a bare foundation
    state = position(holders=[stuck, []], market=(), supply=())
    state = replace(state, supply=(), market=(-1, -1, -1))
    assert list(GAME.legal_actions(state, 0)) == [Pass()]
    _, state = act(state, Pass())
    assert state.turn == 1 and not state.finished
    _, state = act(state, Pass())
    assert state.finished and state.end_reason == "stalled" and state.winners == (0, 1)


def test_a_draw_between_two_passes_keeps_the_game_going():
    state = replace(position(holders=[[], []]), passes=1)
    _, after = act(state, Draw())
    assert after.passes == 0 and not after.finished


def test_pass_is_refused_while_a_move_exists():
    with pytest.raises(IllegalMove, match="pass"):
        act(position(), Pass())


def test_royal_strategy_gives_a_prince_and_a_princess_and_any_change():
    t = Tiles()
    state = new_game(2, variants={"royal-strategy"})
    assert state.royals == (royal_ids(0), royal_ids(1))
    prince = royal_ids(0)[0]
    pays = [t("wall", "1"), t("wall", "2")]
    seven = t("window", "7")
    state = position(
        castles=[castle(g1=t("wall", "3")), NEW_CASTLE],
        holders=[[seven] + pays, []],
        variants={"royal-strategy"},
        barons=(15, 30),
    )  # 2h needs 3 + 2 = 5
    _, after = act(state, Build(seven, 2, 7, -2, tuple(sorted(pays))))
    assert (2, 7, seven) in after.castles[0] and after.holders[0] == ()
    _, after = act(state, Build(prince, 2, 7))  # the prince is a check mark
    assert prince not in after.royals[0] and (2, 7, prince) in after.castles[0]
    over = replace(state, pending=(Task("limit", 0),), holders=(tuple(range(8)), ()))
    assert Discard(prince) not in set(GAME.legal_actions(over, 0))  # never discarded


def test_a_royal_knocked_out_of_a_castle_returns_beside_its_holder():
    prince = royal_ids(1)[0]
    theirs = castle(c1=prince)
    state = position(
        castles=[NEW_CASTLE, theirs],
        variants={"royal-strategy"},
        market_coins=(coin_of("catapult"), coin_of("mill"), coin_of("monk")),
        pending=(Task("coin", 0, 1),),
    )
    events, after = act(state, TakeCoin("catapult"))
    assert of_type(events, CastleTileRemoved)[0].tile == prince
    assert prince in after.royals[1] and prince not in after.discard


def test_only_the_seat_to_act_may_move_and_unlisted_objects_are_refused():
    state = position()
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.decide(state, 1, Draw(), random.Random(0))
    for bad in (
        None,
        "draw",
        3,
        TakeCoin("ruby"),
        Discard(5),
        Knock(1, 1, 0),
        Build(-7, 1, 0),
        Build(0, 99, 0),
        Build(state.supply[0], 1, 0),
        Build(True, 1, 0),
        Build(0, 1, 0, 0, [1]),
    ):
        with pytest.raises(IllegalMove):
            GAME.decide(state, 0, bad, random.Random(0))


def test_a_build_pays_exactly_as_many_tiles_as_it_changes():
    t = Tiles()
    hall, pay = t("great hall", "11/1"), t("wall", "1")
    state = position(castles=[castle(g1=t("wall", "10")), NEW_CASTLE], holders=[[hall, pay], []])
    with pytest.raises(IllegalMove, match="costs 1"):
        act(state, Build(hall, 2, 7, 1, ()))
    with pytest.raises(IllegalMove, match="other tiles"):
        act(state, Build(hall, 2, 7, 1, (hall,)))
    with pytest.raises(IllegalMove, match="nothing to change"):  # rules version 1 (see test_examples)
        act(replace(state, rules_version=1), Build(hall, 1, 0, 1, (pay,)))


def test_notation_reads_loose_forms_and_refuses_nonsense():
    assert parse_action(" #37 @ 3E  +1 x 12 ") == Build(37, 3, 4, 1, (12,))
    assert parse_action("37@3e-2x15x12") == Build(37, 3, 4, -2, (12, 15))
    assert parse_action("X 12") == Discard(12) and parse_action("D") == Draw()
    assert format_action(Knock(1, 2, 7)) == "knock P2 2h" and parse_action("knock p2 2h") == Knock(1, 2, 7)
    for text in ("", "build", "37@3z", "coin gold", "rob me", "37@3e+1"):
        with pytest.raises(UnreadableMove):
            parse_action(text)


def test_the_move_list_never_names_a_tile_that_went_into_a_hidden_holder():
    state = position()
    assert describe(state, TilesDrawn(0, (5, 6), "draw")) == "draw"
    assert "5" not in describe(state, TilesDrawn(1, (5,), "space"), ["Ann", "Bob"])
    line = describe(state, TileStolen(0, 1, 77), ["Ann", "Bob"])
    assert line == "Ann steals a tile from Bob" and "77" not in line


def test_turns_start_with_turn_started_and_draws_reveal():
    assert GAME.boundary(TurnStarted(1)) == "turn" and GAME.boundary(TilesDrawn(0, (1,), "draw")) is None
    assert GAME.reveals(TilesDrawn(0, (1,), "draw")) and GAME.reveals(TileStolen(0, 1, 3))
    assert not GAME.reveals(TurnStarted(0))


def test_the_rules_page_is_there():
    page = GAME.rules_page()
    assert "Castle Builder" in page and "the rulebook leaves some things open" in page.lower()
