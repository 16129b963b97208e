"""Rule tests: set-up, each noble benefit, each privilege card, sources of new servants, the end."""

from __future__ import annotations

import random

import pytest

from engine.core import GameConfig
from engine.core.errors import IllegalMove
from engine.core.fastattrs import replace
from engine.games.palais_royal import GAME, Bring, Done, Draw, Keep, Mint, Move, Place, PlayCard, Recruit
from engine.games.palais_royal.catalog import (
    EHRENHOF,
    FAVOUR,
    HONOUR2,
    HONOUR4,
    KARDINAL,
    KOENIG,
    MADAME,
    MOVES,
    MUENZEREI,
    NOBLES,
    OPEN_GATES,
    PENSION,
    RECEPTION,
    RECRUIT,
    ROOMS_STEP,
    SEALS,
    STAIRS5,
    STAIRS9,
    SUPPLY,
    TOR,
    TREPPENHAUS,
    parse_space,
)
from engine.games.palais_royal.catalog import CARDS as CARDS_STEP
from engine.games.palais_royal.catalog import END as END_STEP
from engine.games.palais_royal.events import SUPPLY as FROM_SUPPLY
from engine.games.palais_royal.events import CardsDrawn, DeckReshuffled, GameEnded, TurnBegan
from engine.games.palais_royal.state import FREE, PLAYING, UNLIMITED
from engine.games.palais_royal.turn import draw_count, mint_gold

from .helpers import GREEN, RED, YELLOW, apply, at_step, find_noble, fresh, play, playing, room


# -- set-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_the_park_gold_and_servants(players):
    state = fresh(players, start=1)
    assert len(state.park) == 36 and len(state.box) == 6
    assert sorted(state.park + state.box) == list(range(42))
    assert [state.gold[(1 + i) % players] for i in range(players)] == list(range(players))
    assert state.bank == 57 - sum(range(players))
    assert all(state.rooms[TREPPENHAUS][s] == 3 and state.rooms[EHRENHOF][s] == 2 for s in range(players))
    assert state.supply == (13,) * players and state.reserve == (7,) * players
    assert state.layout[4] == TOR and len(state.deck) == 36


def test_random_layout_keeps_the_tor_in_the_centre_and_varies_the_rest():
    layouts = {fresh(2, seed=s, first_game=False).layout for s in range(10)}
    assert len(layouts) > 1 and all(layout[4] == TOR for layout in layouts)


def test_each_player_places_five_servants_in_turn_leaving_eight():
    state = fresh(3, start=2)
    order = []
    while state.phase != PLAYING:
        order.append(state.turn)
        state, _ = apply(state, Place(MUENZEREI))
    assert order == [2] * 5 + [0] * 5 + [1] * 5
    assert state.supply == (8, 8, 8) and state.rooms[MUENZEREI] == (5, 5, 5)
    assert state.turn == 2 and state.round == 1


def test_setup_placements_are_refused_once_playing():
    state = playing()
    with pytest.raises(IllegalMove, match="set-up is over"):
        GAME.decide(state, RED, Place(TOR), random.Random(0))


# -- new servants: from the supply, from a room once it is empty ----------------------------------


def test_new_servants_come_from_a_room_when_the_supply_is_empty():
    state = at_step(playing(rooms={"Eh": (2, 0, 0, 0), "Mu": (3, 0, 0, 0)}, supply=(0, 8, 8, 8)), SUPPLY)
    legal = set(GAME.legal_actions(state, RED))
    assert Bring(TOR, MUENZEREI) in legal and Bring(TOR, EHRENHOF) in legal
    assert Bring(TOR, FROM_SUPPLY) not in legal
    state = play(state, "+To<Mu")
    assert room(state, "Mu", RED) == 2 and room(state, "To", RED) == 1


# -- noble benefits ---------------------------------------------------------------------------


def with_noble(benefit: str, **kwargs):
    n = find_noble(benefit=benefit)
    state = playing(**kwargs)
    return replace(state, nobles=((n,),) + ((),) * (state.players - 1))


def test_benefit_gate2_two_more_servants_onto_the_tor():
    assert at_step(with_noble("gate2"), SUPPLY).gate_left == 2


def test_benefit_moves2_two_more_moves():
    assert at_step(with_noble("moves2", rooms={"Tr": (1, 2, 0, 0)}), MOVES).moves_left == 3


def test_benefit_diagonal_moves():
    plain = at_step(playing(rooms={"Tr": (1, 0, 0, 0)}), MOVES)
    diag = at_step(with_noble("diagonal", rooms={"Tr": (1, 0, 0, 0)}), MOVES)
    # First-game layout: Tr bottom left; To in the centre is diagonal to it.
    assert Move(TREPPENHAUS, TOR) not in set(GAME.legal_actions(plain, RED))
    assert Move(TREPPENHAUS, TOR) in set(GAME.legal_actions(diag, RED))


def test_benefit_gold2_two_more_gold():
    assert mint_gold(at_step(with_noble("gold2"), ROOMS_STEP), RED) == 2


@pytest.mark.parametrize("benefit,room_", [("king1", KOENIG), ("madame1", MADAME)])
def test_benefit_one_more_servant_to_the_king_or_madame_after_the_majorities(benefit, room_):
    code = "Ko" if room_ == KOENIG else "Ma"
    state = at_step(with_noble(benefit, rooms={code: (1, 1, 0, 0)}), ROOMS_STEP)
    left = state.king_left if room_ == KOENIG else state.madame_left
    assert left == 1  # the tie gives no bonus; the noble gives one


def test_benefit_cards3_three_more_cards_with_a_servant_at_the_back_door():
    assert draw_count(with_noble("cards3", rooms={"Hi": (1, 0, 0, 0)}), RED) == 4
    assert draw_count(with_noble("cards3"), RED) == 0


@pytest.mark.parametrize("benefit,called", [("servants1", 1), ("servants3", 3)])
def test_benefit_servants_from_the_general_supply_once_then_face_down(benefit, called):
    n = find_noble(benefit=benefit)
    state = playing(
        rooms={"Sc": (1, 0, 0, 0), "Ko": (3, 0, 0, 0), "Ma": (3, 0, 0, 0)},
        park={"c3": n},
        gold=(9, 0, 0, 0),
        reserve=(2, 7, 7, 7),
    )
    state = at_step(state, RECRUIT)
    supply = state.supply[RED]
    state, _ = apply(state, Recruit(parse_space("c3")))
    got = min(called, 2)
    assert state.reserve[RED] == 2 - got
    assert state.supply[RED] == supply + 1 + NOBLES[n].king + NOBLES[n].madame + got
    assert NOBLES[n].face_down
    view = GAME.view(state, YELLOW)
    assert view.players_[RED].face_down == 1 and view.players_[RED].nobles == ()
    assert [v.index for v in GAME.view(state, RED).my_face_down] == [n]


def test_border_noble_leaves_a_servant_on_its_space():
    n = find_noble(gold=5, king=0, madame=0, benefit="")
    state = playing(rooms={"Sc": (1, 0, 0, 0), "Mu": (2, 0, 0, 0)}, park={"a4": n}, gold=(9, 0, 0, 0))
    state = at_step(state, RECRUIT)
    legal = [a for a in GAME.legal_actions(state, RED) if isinstance(a, Recruit) and a.space == parse_space("a4")]
    assert {a.source for a in legal} == {FROM_SUPPLY, MUENZEREI}
    state, _ = apply(state, Recruit(parse_space("a4"), source=MUENZEREI))
    assert state.marks[parse_space("a4")] == RED and state.park[parse_space("a4")] == FREE
    assert room(state, "Mu", RED) == 1


# -- privilege cards --------------------------------------------------------------------------


def holding(card: int, step: int, gold: int = 5, **kwargs):
    state = playing(hands=((card,), (), (), ()), gold=(gold, 0, 0, 0), **kwargs)
    return at_step(state, step) if step else state


def test_card_favour_before_action_1_every_bonus_where_you_have_a_servant():
    state = holding(FAVOUR, 0, rooms={"Eh": (1, 3, 0, 0), "Tr": (1, 2, 0, 0), "Mu": (1, 1, 0, 0)})
    state = play(state, "play Fav")
    assert state.favour and state.gold[RED] == 3
    assert at_step(state, SUPPLY).gate_left == 2
    assert at_step(state, MOVES).moves_left == 2
    assert mint_gold(at_step(state, ROOMS_STEP), RED) == 2
    assert not at_step(state, ROOMS_STEP).king_left  # no servant with the King: no bonus there


def test_card_favour_only_before_action_1():
    state = holding(FAVOUR, SUPPLY, rooms={"Eh": (1, 0, 0, 0)})
    assert PlayCard(FAVOUR) not in set(GAME.legal_actions(state, RED))


def test_card_open_gates_any_number_onto_the_tor():
    state = holding(OPEN_GATES, SUPPLY, rooms={"Eh": (1, 0, 0, 0)})
    state = play(state, "play Gat")
    assert state.gate_left == UNLIMITED
    state = play(state, *["+To"] * 8)
    assert room(state, "To", RED) == 8 and state.supply[RED] == 0


def test_card_reception_two_onto_the_tor_and_six_moves():
    state = holding(RECEPTION, SUPPLY, rooms={"Eh": (1, 0, 0, 0), "Tr": (1, 0, 0, 0)})
    state = play(state, "play Rec")
    assert state.gate_left == 1 + 1 + 2
    assert at_step(state, MOVES).moves_left == 1 + 1 + 6


@pytest.mark.parametrize("card,extra", [(STAIRS5, 5), (STAIRS9, 9)])
def test_cards_stairs_more_moves(card, extra):
    state = holding(card, MOVES, rooms={"Tr": (1, 1, 0, 0)})
    state, _ = apply(state, PlayCard(card))
    assert state.moves_left == 1 + extra


def test_card_seals_two_seals_of_either_colour():
    n = find_noble(gold=6, king=1, madame=1, benefit="")
    state = holding(SEALS, RECRUIT, gold=9, rooms={"Sc": (1, 0, 0, 0)}, park={"c3": n}, full_park=False)
    assert not any(isinstance(a, Recruit) for a in GAME.legal_actions(state, RED))
    state = play(state, "play Sea")
    assert {a for a in GAME.legal_actions(state, RED) if isinstance(a, Recruit)} == {Recruit(parse_space("c3"), 1, 1)}
    state = play(state, "c3*KM")
    assert state.nobles[RED] == (n,) and state.wild == 0 and state.gold[RED] == 9 - 2


def test_card_pension_four_gold_any_time_from_a_limited_bank():
    state = holding(PENSION, MOVES, rooms={"Tr": (1, 0, 0, 0)})
    state = play(state, "play Pen")
    assert state.gold[RED] == 5 - 1 + 4
    state = holding(PENSION, MOVES, rooms={"Tr": (1, 0, 0, 0)}, bank=2)
    state = play(state, "play Pen")
    assert state.gold[RED] == 5 - 1 + 3 and state.bank == 0


@pytest.mark.parametrize("card,points", [(HONOUR2, 2), (HONOUR4, 4)])
def test_honour_cards_score_at_the_end_and_stay_face_up(card, points):
    state = holding(card, END_STEP)
    state, _ = apply(state, PlayCard(card))
    assert state.honours[RED] == (card,)
    assert GAME.view(state, YELLOW).players_[RED].honours == (card,)


def test_unplayed_cards_score_one_each_at_most_six():
    from engine.games.palais_royal.scoring import final_scoring

    state = playing(hands=((0,) * 8, (0,) * 3, (), ()))
    assert final_scoring(state).hands[:2] == (6, 3)


def test_cards_are_played_only_on_your_turn_and_paid_for():
    state = holding(PENSION, MOVES, gold=0, rooms={"Tr": (1, 0, 0, 0)})
    with pytest.raises(IllegalMove, match="costs 1 gold"):
        GAME.decide(state, RED, PlayCard(PENSION), random.Random(0))


# -- the back door: reshuffle ------------------------------------------------------------------


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = playing(rooms={"Hi": (3, 0, 0, 0)}, deck=(PENSION,), discard=(HONOUR2, HONOUR4, SEALS))
    state = at_step(state, CARDS_STEP)
    state, events = apply(state, Draw())
    assert [type(e) for e in events[:3]] == [CardsDrawn, DeckReshuffled, CardsDrawn]
    assert len(state.drawn) == 3 and state.drawn[0] == PENSION and len(state.deck) == 1


def test_keep_no_more_cards_than_servants_at_the_back_door():
    state = playing(rooms={"Hi": (1, 0, 0, 0)}, deck=(PENSION, HONOUR4, SEALS, 0, 1))
    state = replace(state, nobles=((find_noble(benefit="cards3"),), (), (), ()))
    state = at_step(state, CARDS_STEP)
    state, _ = apply(state, Draw())
    assert len(state.drawn) == 4
    state, events = apply(state, Keep(HONOUR4))
    assert state.hands[RED] == (HONOUR4,) and room(state, "Hi", RED) == 0
    assert state.drawn == () and len(state.discard) == 3  # nothing left to keep: the rest is discarded


# -- the end ------------------------------------------------------------------------------------


def test_last_round_when_the_start_player_finds_twelve_nobles_or_fewer():
    state = playing(players=2, turn=1, rooms={"Ka": (0, 1), "Tr": (1, 1)})
    park = tuple(n if i < 12 else FREE for i, n in enumerate(state.park))
    state = replace(state, park=park, start_player=0, turn=1)
    state = at_step(state, END_STEP)
    state, events = apply(state, Done())
    began = [e for e in events if isinstance(e, TurnBegan)]
    assert began[0].seat == 0 and began[0].last_round
    # Seat 0 and seat 1 play once more, then the game ends.
    while state.turn == 0 and state.phase == PLAYING:
        state, events = apply(state, Done())
    assert state.phase == PLAYING and state.turn == 1
    while state.phase == PLAYING:
        state, events = apply(state, Done())
    assert isinstance(events[-1], GameEnded)


def test_a_tie_goes_to_the_kardinal_then_is_shared():
    from engine.games.palais_royal.scoring import winners

    assert winners((10, 10, 5), (1, 2, 3)) == (1,)
    assert winners((10, 10, 5), (2, 2, 3)) == (0, 1)


def test_every_action_object_not_listed_is_refused():
    state = at_step(playing(rooms={"Tr": (2, 0, 0, 0)}), MOVES)
    for bad in (
        Move(TREPPENHAUS, 42),
        Move(-1, 0),
        Recruit(99),
        PlayCard(17),
        Keep(3),
        Draw(),
        Mint(),
        Place(2),
        Bring(KARDINAL),
        None,
        5,
        "next",
        Move(TREPPENHAUS, KARDINAL),
        Recruit("a1"),
    ):
        with pytest.raises(IllegalMove):
            GAME.decide(state, RED, bad, random.Random(0))


def test_view_round_trips_through_json():
    from engine.core.views import view_from_json, view_to_json

    state = playing(hands=((PENSION,), (), (), ()))
    for seat in (None, RED, GREEN):
        view = GAME.view(state, seat)
        assert view_from_json(type(view), view_to_json(view)) == view
    assert GAME.view(state, GREEN).my_hand == () and GAME.view(state, GREEN).players_[RED].hand == 1


def test_config_players_other_than_two_to_four_still_build():
    assert GAME.initial_state(GameConfig(2)).players == 2
    assert YELLOW == 1 and GREEN == 2


def test_safeguard_ten_rounds_without_a_recruit_start_the_last_round():
    state = playing(players=2, turn=1, rooms={"Tr": (1, 1)}, start_player=0, round=12, recruit_round=2)
    state = at_step(state, END_STEP)
    _, events = apply(state, Done())
    began = [e for e in events if isinstance(e, TurnBegan)]
    assert began[0].seat == 0 and began[0].last_round


def test_safeguard_a_table_where_nobody_can_act_is_scored():
    state = playing(players=2, turn=0, rooms={"Ka": (2, 1)}, start_player=0)
    state = at_step(state, END_STEP)
    state, events = apply(state, Done())
    assert isinstance(events[-1], GameEnded) and events[-1].winners == (0,)
