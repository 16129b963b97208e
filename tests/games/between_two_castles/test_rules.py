"""The turn: secret pairs, the reveal, placing one room in each castle, bonuses and their chains,
passing, the rounds, the final scoring and the two-player game with Ludwig."""

from __future__ import annotations

import random

import attrs
import pytest

from engine.core.errors import IllegalMove
from engine.core.fastattrs import replace
from engine.core.game import GameConfig
from engine.games.between_two_castles import GAME, Assign, Attend, Choose, Keep, PickBonus, Place
from engine.games.between_two_castles.catalog import FOUNTAIN, FOYER, TOWER
from engine.games.between_two_castles.events import (
    BonusCardsDrawn,
    BonusEarned,
    HandsPassed,
    PairChosen,
    PairsRevealed,
    RoomsDrawn,
    RoundEnded,
    RoundStarted,
)
from engine.games.between_two_castles.flow import final_scores
from engine.games.between_two_castles.state import CHOOSING, PLACING, Tile

from .helpers import apply, castle, fresh, room


def test_setup_deals_nine_rooms_to_every_seat_and_a_throne_room_to_every_castle():
    state = fresh(5)
    assert [len(h) for h in state.hands] == [9] * 5
    assert len({c.throne for c in state.castles}) == 5
    assert len(state.bag) == 147 - 45 and len(state.deck) == 20
    assert GAME.to_act(state) == frozenset(range(5))
    assert state.phase == CHOOSING


def _choose_all(state, skip=()):
    for seat in range(state.players):
        if seat not in skip:
            hand = sorted(state.hands[seat])
            state, events = apply(state, seat, Choose((hand[0], hand[1])))
    return state, events


def test_a_chosen_pair_stays_secret_until_every_seat_has_chosen():
    state = fresh(3)
    pair = tuple(sorted(state.hands[0])[:2])
    state, events = apply(state, 0, Choose(pair))
    assert events == [PairChosen(0, pair)]
    assert GAME.view(state, 0).my_pair == pair
    other = GAME.view(state, 1)
    assert other.chosen == (True, False, False) and other.my_pair is None
    assert all(r not in other.my_hand for r in pair)
    assert GAME.to_act(state) == frozenset({1, 2})
    with pytest.raises(IllegalMove):
        GAME.decide(state, 0, Choose(pair), None)
    state, events = _choose_all(state, skip=(0,))
    assert isinstance(events[-1], PairsRevealed) and events[-1].pairs[0] == pair
    assert state.phase == PLACING and GAME.to_act(state) == frozenset({0, 1, 2})


def test_each_seat_places_one_room_in_each_of_its_castles_in_either_order():
    state, _ = _choose_all(fresh(3))
    a, b = state.to_place[0].room, state.to_place[1].room
    left, right = state.castles_of(0)
    legal = list(GAME.legal_actions(state, 0))
    assert {p.castle for p in legal} == {left, right} and {p.room for p in legal} == {a, b}
    # Seat 1 may place into castle 0 (shared with seat 0) before seat 0 does, or after.
    assert any(p.castle == 0 for p in GAME.legal_actions(state, 1))
    first = next(p for p in legal if p.room == a and p.castle == left)
    state, _ = apply(state, 0, first)
    assert {(p.room, p.castle) for p in GAME.legal_actions(state, 0)} == {(b, right)}


def test_a_room_above_floor_zero_needs_support_and_nothing_goes_above_an_outdoor_room():
    kings = room("King's Chambers")
    c = castle()
    assert c.problem(kings, 0, 2) == "a room above the throne-room floor needs a room right below it"
    assert c.problem(kings, 0, 1) is None
    # The rulebook's picture: Firewood Storage over the throne room, the Wine Room beside it; the
    # King's Chambers may not go next to the Firewood Storage while nothing lies under it.
    example = castle(rooms={(0, 1): "Firewood Storage", (2, 0): "Wine Room"})
    assert "needs a room right below" in example.problem(kings, -1, 1)
    assert (-1, 1) not in example.positions(kings) and (2, 1) in example.positions(kings)
    assert c.problem(room("Crypt"), 2, 0) == "a downstairs room goes below the throne-room floor"
    assert c.problem(room("Wine Room"), 0, -1) is not None
    assert c.problem(room("Great Hall"), 0, -1) is None and c.problem(room("Great Hall"), 2, 0) is None
    assert c.problem(room("Wine Room"), 5, 0) == "a room must share an edge with a room of the castle"
    over = castle(rooms={(0, 1): "Aviary", (1, 1): "tower"})
    assert "open to the sky" in over.problem(kings, 0, 2)
    assert "open to the sky" in over.problem(kings, 1, 2)
    assert (0, 2) not in over.positions(kings) and (2, 0) in over.positions(kings)


def _placing(players, seat, name, rooms_in_castle, throne=0, seed=1):
    """A placing position where ``seat`` alone has ``name`` to place, its left castle holding the rooms."""
    state = fresh(players, seed)
    k = state.castles_of(seat)[0]
    castles = state.castles[:k] + (castle(throne, rooms_in_castle),) + state.castles[k + 1 :]
    return replace(state, phase=PLACING, castles=castles, to_place=(Tile(seat, seat, room(name), k),)), k


def test_king_s_chambers_without_support_is_refused():
    state, k = _placing(3, 0, "King's Chambers", {})
    with pytest.raises(IllegalMove, match="needs a room right below"):
        GAME.decide(state, 0, Place(room("King's Chambers"), k, 0, 2), None)
    with pytest.raises(IllegalMove):
        GAME.decide(state, 0, "12@L0,1", None)
    with pytest.raises(IllegalMove):
        GAME.decide(state, 0, Place([1], k, 0, 1), None)


def test_the_third_living_room_brings_an_attendant_before_anything_else():
    state, k = _placing(3, 1, "Salon", {(2, 0): "Study", (3, 0): "Library"})
    state, events = apply(state, 1, Place(room("Salon"), k, -1, 0))
    assert BonusEarned(1, k, "living") in events
    assert GAME.to_act(state) == frozenset({1})
    assert {a.attendant for a in GAME.legal_actions(state, 1)} == {"painter", "knight", "fire-eater", "cosmetician"}
    state, _ = apply(state, 1, Attend("knight"))
    assert state.castles[k].attendants == ("knight",)


def test_the_food_bonus_draws_five_places_one_and_can_chain_into_another_bonus():
    living = {(2, 0): "Study", (3, 0): "Library", (0, 1): "Wine Room", (1, 1): "Kitchen"}
    state, k = _placing(3, 0, "Bakery", living)
    state, events = apply(state, 0, Place(room("Bakery"), k, -1, 0))
    drawn = next(e for e in events if isinstance(e, RoomsDrawn))
    assert len(drawn.rooms) == 5 and state.bonuses[-1].kind == "food"
    # Put a living room among the five drawn, so that placing it is the third living room.
    salon = room("Salon")
    offer = (salon,) + tuple(r for r in drawn.rooms if r != salon)[:4]
    state = replace(state, bonuses=(attrs.evolve(state.bonuses[-1], offer=offer),))
    state, events = apply(state, 0, Place(salon, k, 4, 0))
    assert BonusEarned(0, k, "living") in events
    assert [b.kind for b in state.bonuses] == ["living"]
    assert len([r for _, r in state.room_discards]) == 4


def test_the_downstairs_bonus_may_bring_a_second_attendant():
    state, k = _placing(3, 0, "Crypt", {(0, -1): "Dungeon", (1, -1): "Spy Room"}, seed=2)
    state = replace(
        state, castles=state.castles[:k] + (state.castles[k].with_attendant("painter"),) + state.castles[k + 1 :]
    )
    state, events = apply(state, 0, Place(room("Crypt"), k, 2, -1))
    assert events[-1] == BonusEarned(0, k, "downstairs")
    assert {a.kind for a in GAME.legal_actions(state, 0)} == {
        "food",
        "living",
        "utility",
        "outdoor",
        "sleeping",
        "corridor",
    }
    state, _ = apply(state, 0, PickBonus("living"))
    state, _ = apply(state, 0, Attend("painter"))
    assert state.castles[k].attendants == ("painter", "painter")


def test_the_utility_bonus_shows_its_three_cards_to_the_castle_s_builders_only():
    state, k = _placing(5, 0, "Sauna", {(2, 0): "Tool Room", (3, 0): "Kennel"})
    state, events = apply(state, 0, Place(room("Sauna"), k, -1, 0))
    cards = next(e for e in events if isinstance(e, BonusCardsDrawn)).cards
    assert len(cards) == 3
    builders = state.builders(k)
    for seat in range(5):
        offer = GAME.view(state, seat).bonus.offer
        assert offer == (cards if seat in builders else ())
    state, _ = apply(state, 0, Keep(cards[1]))
    assert state.castles[k].cards == (cards[1],)
    assert sorted(c for _, c in state.card_discards) == sorted((cards[0], cards[2]))


@pytest.mark.parametrize(
    "kind,rooms,special",
    [
        ("outdoor", {(2, 0): "Aviary", (3, 0): "Sty"}, FOUNTAIN),
        ("sleeping", {(2, 0): "Nap Room", (3, 0): "Solar"}, TOWER),
        ("corridor", {(2, 0): "Great Hall", (3, 0): "Dead End"}, FOYER),
    ],
)
def test_the_third_outdoor_sleeping_or_corridor_room_brings_its_special_room(kind, rooms, special):
    name = {"outdoor": "Terrace", "sleeping": "Bunk Room", "corridor": "Promenade"}[kind]
    state, k = _placing(3, 0, name, rooms)
    state, _ = apply(state, 0, Place(room(name), k, -1, 0))
    legal = list(GAME.legal_actions(state, 0))
    assert {p.room for p in legal} == {special}
    state, _ = apply(state, 0, legal[0])
    assert state.castles[k].count({FOUNTAIN: "fountain", TOWER: "tower", FOYER: "foyer"}[special]) == 1


def test_the_fifth_room_of_a_type_brings_any_special_room_and_the_sixth_nothing():
    four = {(2, 0): "Study", (3, 0): "Library", (4, 0): "Parlor", (5, 0): "Salon"}
    state, k = _placing(3, 0, "Gallery", four)
    state, events = apply(state, 0, Place(room("Gallery"), k, -1, 0))
    assert events[-1] == BonusEarned(0, k, "special")
    assert {p.room for p in GAME.legal_actions(state, 0)} == {FOUNTAIN, TOWER, FOYER}
    five = {**four, (-1, 0): "Gallery"}
    state, k = _placing(3, 0, "Map Room", five)
    state, events = apply(state, 0, Place(room("Map Room"), k, -2, 0))
    assert not any(isinstance(e, BonusEarned) for e in events)


def _play_turn(state, pick=0):
    state, _ = _choose_all(state)
    events = []
    while state.phase == PLACING or state.bonuses:
        seat = min(GAME.to_act(state))
        state, evs = apply(state, seat, list(GAME.legal_actions(state, seat))[pick])
        events += evs
        if any(isinstance(e, (HandsPassed, RoundEnded)) for e in evs):
            break
    return state, events


def test_hands_pass_left_in_round_one_and_right_in_round_two_and_the_last_room_is_discarded():
    state = fresh(3)
    hands = state.hands
    state, events = _play_turn(state)
    assert HandsPassed(1) in events
    for p in range(3):  # what seat p kept now lies with its left neighbour
        assert set(state.hands[(p + 1) % 3]) <= set(hands[p])
    for _ in range(3):
        state, events = _play_turn(state)
    assert isinstance(events[-2], RoundEnded) and len(events[-2].discarded) == 3
    assert isinstance(events[-1], RoundStarted) and state.round == 2
    hands = state.hands
    state, events = _play_turn(state)
    assert HandsPassed(-1) in events
    for p in range(3):
        assert set(state.hands[(p - 1) % 3]) <= set(hands[p])


def test_a_player_scores_the_lower_castle_and_ties_go_to_the_higher_then_to_special_rooms():
    state = fresh(3)
    big = castle(rooms={(0, 1): "King's Chambers", (0, 2): "Wine Room", (0, 3): "Midnight Room"})  # 4 + 1 + 1
    plain = castle(rooms={(0, 1): "King's Chambers", (0, 2): "Wine Room"})  # 1 + 2
    special = castle(rooms={(0, 1): "King's Chambers", (0, 2): "fountain"})  # 1 + 5
    state = replace(state, castles=(big, plain, special))
    castle_scores, scores, winners = final_scores(state)
    assert castle_scores == (6, 3, 6)
    # Seat 0 builds castles 0 and 2 (6, 6); seat 1 castles 1 and 0 (3, 6); seat 2 castles 2 and 1.
    assert scores == (6, 3, 3) and winners == (0,)
    state = replace(state, castles=(plain, plain, plain))
    assert final_scores(state)[2] == (0, 1, 2)  # shared


def test_two_players_build_with_ludwig():
    state = fresh(2)
    assert state.positions == 3 and len(state.castles) == 3 and state.ludwig
    assert len(state.ludwig_draw) == 2 and len(state.hands[2]) == 7
    assert GAME.to_act(state) == frozenset({0})  # the seat on Ludwig's left gives his rooms first
    legal = list(GAME.legal_actions(state, 0))
    assert {type(a) for a in legal} == {Assign}
    drawn = state.ludwig_draw
    state, _ = apply(state, 0, Assign(drawn[1]))
    shared = next(k for k in state.castles_of(2) if 0 in state.builders(k))
    assert (drawn[1], shared) in state.ludwig_tiles
    state, _ = _choose_all(state)
    assert state.phase == PLACING
    placers = {t.placer for t in state.to_place if t.owner == 2}
    assert placers == {0, 1}
    assert sum(1 for t in state.to_place if t.placer == 0) == 3


def test_with_ludwig_both_players_choose_only_after_his_two_rooms_are_given():
    """„…Legt diese beiden Plättchen offen neben das ihnen zugewiesene Schloss. Anschließend wählen
    die menschlichen Spieler 2 Plättchen aus ihren jeweils eigenen Plättchenstapeln." — "…Lay these
    two tiles face up beside the castle each was given to. Then the human players choose 2 tiles
    from their own stacks." Until then the other player owes nothing and may not choose."""
    state = fresh(2)
    assert state.assigner() == 0 and not state.ludwig_assigned
    assert GAME.to_act(state) == frozenset({0})
    assert list(GAME.legal_actions(state, 1)) == []
    assert GAME.view(state, 1).to_act == frozenset({0})
    pair = tuple(sorted(state.hands[1])[:2])
    with pytest.raises(IllegalMove, match="Ludwig's two rooms are given to his castles first"):
        GAME.decide(state, 1, Choose(pair), None)
    with pytest.raises(IllegalMove, match="give one of Ludwig's two drawn rooms"):
        GAME.decide(state, 0, Choose(tuple(sorted(state.hands[0])[:2])), None)
    state, _ = apply(state, 0, Assign(state.ludwig_draw[0]))
    assert GAME.to_act(state) == frozenset({0, 1})
    state, events = apply(state, 1, Choose(pair))
    assert events == [PairChosen(1, pair)]


def test_a_game_saved_under_rules_version_1_keeps_its_early_choice_with_ludwig():
    """Files written before rules version 2 let the other player choose while Ludwig's rooms were
    still to be given; they replay so."""
    config = GameConfig(2, rules_version=1)
    state = GAME.initial_state(config)
    for ev in GAME.setup(config, random.Random(1)):
        state = GAME.evolve(state, ev)
    assert state.rules_version == 1 and GAME.to_act(state) == frozenset({0, 1})
    pair = tuple(sorted(state.hands[1])[:2])
    state, events = apply(state, 1, Choose(pair))
    assert events == [PairChosen(1, pair)] and GAME.to_act(state) == frozenset({0})
    assert GAME.view(state, 0).rules_version == 1


def test_ludwig_assigns_from_the_right_in_round_two_and_can_win():
    state = fresh(2)
    while state.round == 1:
        seat = min(GAME.to_act(state))
        state, _ = apply(state, seat, next(iter(GAME.legal_actions(state, seat))))
    assert state.assigner() == 1 and not state.ludwig_assigned
    assert all(type(a) is Assign for a in GAME.legal_actions(state, 1))
    state = replace(state, phase="over", scores=(10, 12, 20), winners=(2,))
    assert GAME.result(state).winners == () and GAME.result(state).scores == (10, 12)


def test_the_ludwig_variant_is_for_two_players_only():
    with pytest.raises(IllegalMove):
        GAME.initial_state(GameConfig(3, frozenset({"ludwig"})))
    assert fresh(2, variants=("ludwig",)).ludwig


def test_notation_reads_what_it_writes():
    state, _ = _choose_all(fresh(3))
    for action in GAME.legal_actions(state, 1):
        text = GAME.format_action(state, 1, action)
        assert GAME.parse_action(state, 1, text) == action
    assert GAME.parse_action(state, 0, "tower@L2,1") == Place(TOWER, 0, 2, 1)
    assert GAME.parse_action(state, 0, "pick 87+12") == Choose((12, 87))
    assert GAME.parse_action(state, 0, "attendant knight") == Attend("knight")
    assert GAME.parse_action(state, 0, "keep 3") == Keep(2)


def test_the_view_carries_what_a_screen_draws():
    state, _ = _choose_all(fresh(4))
    view = GAME.view(state, 1)
    cards = {c.room: c for c in view.room_cards}
    assert all(t.room in cards for t in view.to_place)
    assert view.my_castles == state.castles_of(1)
    throne = [c for c in view.castles[0].cells if c.room == -1]
    assert [(c.col, c.floor) for c in throne] == [(0, 0), (1, 0)] and throne[0].rule_text.startswith("2 each")
    assert len(view.castles[0].sheet.rows) == 13
    assert cards[view.to_place[0].room].rule_text
